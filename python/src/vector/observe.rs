//! What a game writes into its rows of the buffers, generic over the
//! ruleset for speed: the observation, the legal actions and their mask,
//! an action read as a move, and each environment's seed.

use crate::engine::Side;
use sowing::{BuiltIn, Move, Pit, Player, Position};

/// The seed of environment `i` of a batch seeded `seed` (SplitMix64).
pub(super) fn env_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(super) fn player(s: Side) -> Player {
    match s {
        Side::South => Player::South,
        Side::North => Player::North,
    }
}

/// The move of action `a` (pit `a + 1`; for Andada `n` is `S`, `n + 1` is
/// `N`), if there is one.
#[inline]
pub(super) fn move_of(a: i64, n: usize, actions: usize) -> Option<Move> {
    if a < 0 || a as usize >= actions {
        None
    } else if (a as usize) < n {
        Some(Move::Pit(a as u8 + 1))
    } else if a as usize == n {
        Some(Move::First(Player::South))
    } else {
        Some(Move::First(Player::North))
    }
}

/// Writes `pos` as `viewer` sees it (the layout of `Pos::observe`);
/// `choice`: whether the game has choice moves (Andada).
#[inline]
pub(super) fn observe<R: BuiltIn>(
    pos: &Position<R>,
    viewer: Player,
    choice: bool,
    out: &mut [i16],
) {
    let n = pos.pits_per_row();
    let board = pos.board();
    let pits = board.as_slice();
    let (own, theirs) = if viewer == Player::South {
        pits.split_at(n)
    } else {
        let (south, north) = pits.split_at(n);
        (north, south)
    };
    let (rows, out) = out.split_at_mut(2 * n);
    let (first, second) = rows.split_at_mut(n);
    // Each row from its owner's pit 1: the owner's pits in sowing order
    // (`Board::index_of`), backwards on a clockwise board.
    let clockwise = board.is_clockwise();
    widen(first, own, clockwise);
    widen(second, theirs, clockwise);
    let (marks, out) = out.split_at_mut(2 * n);
    if pos.marks() == 0 {
        for v in marks {
            *v = 0;
        }
    } else {
        for (s, row) in [viewer, viewer.other()]
            .into_iter()
            .zip(marks.chunks_exact_mut(n))
        {
            for (k, v) in (1..=n as u8).zip(row) {
                *v = match pos.warana_owner(Pit::new(s, k)) {
                    Some(o) if o == viewer => 1,
                    Some(_) => -1,
                    None => 0,
                };
            }
        }
    }
    out[0] = pos.captured(viewer) as i16;
    out[1] = pos.captured(viewer.other()) as i16;
    out[2] = i16::from(pos.side_to_move() == viewer);
    out[3] = if choice {
        let c = pos.candidate_moves();
        i16::from(c.pits() != c)
    } else {
        0
    };
}

/// A row's seeds into `out` (of the row's length), reversed if `backwards`.
#[inline(always)]
pub(super) fn widen(out: &mut [i16], row: &[u8], backwards: bool) {
    if backwards {
        for (v, &seeds) in out.iter_mut().zip(row.iter().rev()) {
            *v = seeds.into();
        }
    } else {
        for (v, &seeds) in out.iter_mut().zip(row) {
            *v = seeds.into();
        }
    }
}

/// The legal moves of `pos` as a bit an action (pit `k` bit `k - 1`,
/// Andada's `S`/`N` bits `n` and `n + 1`; none over the game's end).
#[inline]
pub(super) fn legal_actions<R: BuiltIn>(pos: &Position<R>, n: usize) -> u32 {
    let legal = pos.legal_moves();
    [Player::South, Player::North]
        .into_iter()
        .enumerate()
        .filter(|&(_, p)| legal.contains(Move::First(p)))
        .fold(legal.pit_mask(), |bits, (k, _)| bits | 1 << (n + k))
}

/// Writes the actions' bits `bits` as a 0/1 mask over the row `out`.
#[inline]
pub(super) fn mask(bits: u32, out: &mut [i8]) {
    let mut bits = u64::from(bits);
    for part in out.chunks_mut(8) {
        // The next eight bits, one a byte: the byte copied into all eight
        // bytes, byte k keeping bit k, then any byte not 0 made 1 (a
        // multiply and three word operations, not a loop of shifts).
        let spread = ((bits & 0xFF) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        let ones = ((spread + 0x7F7F_7F7F_7F7F_7F7F) >> 7) & 0x0101_0101_0101_0101;
        for (v, b) in part.iter_mut().zip(ones.to_le_bytes()) {
            *v = b as i8;
        }
        bits >>= 8;
    }
}
