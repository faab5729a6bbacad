//! Bulk random playouts over threads, seeded per game so that a run gives
//! the same games whatever the number of threads.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::{AnyPosition, BuiltIn, Outcome, Player, Visit};

use super::position::Pos;
use super::{PLAYOUT_LAP_LIMIT, PLAYOUT_MAX_PLIES};

/// One random playout's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Plies played.
    pub plies: u32,
    /// 0: South won, 1: North won, 2: a draw, 3: unfinished (the ply cap).
    pub result: u8,
    /// Final points (the scoring games; else captured seeds), South, North.
    pub south: u16,
    /// North's.
    pub north: u16,
}

/// The seed of game `i` of a run seeded `seed` (SplitMix64), so that a run
/// gives the same games whatever the number of threads (also the seed of
/// the search of position `i` of a `best_moves` batch).
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One uniformly random playout from `start` (lap-limited), at most
/// [`PLAYOUT_MAX_PLIES`] plies, by the core's lazy random play.
pub(super) fn playout(start: AnyPosition, seed: u64) -> PlayoutResult {
    // The engine's lazy random play: a uniform legal move a ply.
    struct Playout(u64);
    impl Visit for Playout {
        type Output = (u32, AnyPosition);
        fn visit<R: BuiltIn>(self, mut pos: sowing::Position<R>) -> Self::Output {
            let mut rng = SmallRng::seed_from_u64(self.0);
            let plies = sowing::playout(&mut pos, &mut rng, PLAYOUT_MAX_PLIES as usize) as u32;
            (plies, pos.into())
        }
    }
    let (plies, pos) = start.visit(Playout(seed));
    let o = pos.outcome();
    let points = |p: Player| pos.points(p).unwrap_or_else(|| pos.captured(p));
    PlayoutResult {
        plies,
        result: match o {
            Outcome::Win {
                winner: Player::South,
                ..
            } => 0,
            Outcome::Win { .. } => 1,
            Outcome::Draw { .. } => 2,
            Outcome::Ongoing => 3,
        },
        south: points(Player::South),
        north: points(Player::North),
    }
}

/// The most threads [`playouts`] starts.
pub const MAX_THREADS: usize = 256;

/// `n` random playouts from `start` (given the bulk lap limit) on
/// `threads` threads (at most [`MAX_THREADS`] and `n`); game `i` is seeded
/// from `seed` and `i`.
pub fn playouts(start: &Pos, n: usize, seed: u64, threads: usize) -> Vec<PlayoutResult> {
    let start = start.0.with_lap_limit(Some(PLAYOUT_LAP_LIMIT));
    let mut out = vec![PlayoutResult::default(); n];
    let threads = threads.clamp(1, n.clamp(1, MAX_THREADS));
    let chunk = n.div_ceil(threads).max(1);
    if threads == 1 {
        for (i, r) in out.iter_mut().enumerate() {
            *r = playout(start, game_seed(seed, i as u64));
        }
        return out;
    }
    std::thread::scope(|scope| {
        for (c, part) in out.chunks_mut(chunk).enumerate() {
            scope.spawn(move || {
                for (j, r) in part.iter_mut().enumerate() {
                    *r = playout(start, game_seed(seed, (c * chunk + j) as u64));
                }
            });
        }
    });
    out
}
