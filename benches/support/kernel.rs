//! The yardstick of issue 7: a hand-specialised kernel for the random
//! playouts of Sadeqa II, Sadeqa III and game 91, written for this one job
//! and nothing else (no hooks, no notation, no legality kept in a
//! position, no progress reports, no observer). It plays the games `benches/sowing.rs` plays (the same
//! random numbers, the same choice among the legal moves in notation
//! order), so the two are compared on the same plies in the same run:
//! `tests/kernel.rs` checks that they agree game by game.
//!
//! How it is fast, as the issue describes it: the board in one `u128`
//! (byte `i` is sowing-order pit `i`, South's pits 1..n then North's), a
//! lap one 128-bit add of a precomputed mask (what every pit gets, less the
//! seeds lifted from the origin), the landing pit's count read from the
//! board before the lap, each candidate sown once and its final board kept
//! for the move played, no allocation after the tables are built. Like the
//! crate under a lap limit, it stops a sowing at the limit, or when it is
//! back at its first state (it never ends): without that test an endless
//! candidate would cost it the whole limit, 10,000 laps.
//!
//! Rules (RULES.md sections 4 and 5): relay sowing counter-clockwise until
//! the last seed falls into an empty pit; a candidate whose sowing has not
//! ended after the lap limit is not legal; Sadeqa II captures opposite the
//! last pit on either side and forces each player's first move from his
//! pit 6; Sadeqa III captures opposite the last pit in the mover's own row;
//! the game is over when the player to move has no legal move.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A table row: by seeds, 0 to 127 (a pit holds at most 96, Sadeqa III's
/// total; a power of two keeps the index arithmetic to a shift and a mask).
const ROW: usize = 128;

/// Which game the kernel plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// 2 x 6, 3 seeds a pit, forced first moves, captures on either side.
    SadeqaII,
    /// 2 x 8, `seeds` a pit (6: Sadeqa III; 4: game 91), captures in the
    /// mover's own row.
    SadeqaIII { seeds: u8 },
}

/// A game's lap masks and landing pits.
pub struct Kernel {
    game: Game,
    /// Pits on the board, 12 or 16.
    pits: usize,
    /// By `origin * ROW + seeds`: what a lap adds to the board, wrapping
    /// (the origin's own byte loses the `seeds` lifted from it).
    add: Box<[u128; 16 * ROW]>,
    /// By `origin * ROW + seeds`: the landing pit.
    landing: Box<[u8; 16 * ROW]>,
    /// By seeds: what the landing pit gains from the lap (see `sow`).
    last_gets: [u8; ROW],
    lap_limit: u32,
}

/// What a random game came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub plies: usize,
    /// The last board, byte `i` the seeds of sowing-order pit `i`.
    pub board: u128,
    /// 0 for South, 1 for North: the player to move at the end.
    pub side: usize,
}

/// Byte `i` (0 to 15) of `word`, from one 64-bit half.
#[inline(always)]
fn byte(word: u128, i: usize) -> u8 {
    let half = if i < 8 {
        word as u64
    } else {
        (word >> 64) as u64
    };
    (half >> (8 * (i & 7))) as u8
}

/// Whether a sowing back at its origin is back at its first board: out of
/// line, so that the compiler keeps the word comparison off the laps that
/// do not end at the origin (inlined, it computes it on every lap).
#[inline(never)]
fn returned(word: u128, first: u128) -> bool {
    word == first
}

/// The index of `origin`'s entry for `seeds` in the tables.
#[inline(always)]
fn entry(origin: usize, seeds: usize) -> usize {
    (origin & 15) * ROW + (seeds & (ROW - 1))
}

impl Kernel {
    pub fn new(game: Game, lap_limit: u32) -> Kernel {
        let pits = match game {
            Game::SadeqaII => 12,
            Game::SadeqaIII { .. } => 16,
        };
        let mut add = Box::new([0u128; 16 * ROW]);
        let mut landing = Box::new([0u8; 16 * ROW]);
        let mut last_gets = [0u8; ROW];
        for (seeds, gets) in last_gets.iter_mut().enumerate() {
            // The last pit gets ceil(seeds / pits); when it is the origin
            // (a whole number of rounds) it also loses the seeds lifted.
            *gets = seeds.div_ceil(pits) as u8;
            if seeds % pits == 0 {
                *gets = gets.wrapping_sub(seeds as u8);
            }
        }
        for origin in 0..pits {
            for seeds in 0..ROW {
                let mut mask = 0u128.wrapping_sub((seeds as u128) << (8 * origin));
                for k in 1..=seeds {
                    mask = mask.wrapping_add(1 << (8 * ((origin + k) % pits)));
                }
                add[origin * ROW + seeds] = mask;
                landing[origin * ROW + seeds] = ((origin + seeds) % pits) as u8;
            }
        }
        Kernel {
            game,
            pits,
            add,
            landing,
            last_gets,
            lap_limit,
        }
    }

    /// Relay-sows the `seeds` of `origin` on `board` (a board of `PITS`
    /// pits): the board after the last lap and the last pit, or `None` if
    /// it has not ended within the lap limit or returns to its first state.
    #[inline(always)]
    fn sow<const PITS: usize>(
        &self,
        board: u128,
        origin: usize,
        seeds: u8,
    ) -> Option<(u128, usize)> {
        let (mut word, mut at, mut seeds) = (board, origin, seeds as usize);
        let mut laps = 0;
        loop {
            let i = entry(at, seeds);
            let last = if PITS == 16 {
                (at + seeds) & 15
            } else {
                self.landing[i] as usize
            };
            // Read before the add: the next lap need not wait for it.
            let count = byte(word, last).wrapping_add(self.last_gets[seeds & (ROW - 1)]);
            word = word.wrapping_add(self.add[i]);
            laps += 1;
            if count <= 1 {
                return Some((word, last));
            }
            (at, seeds) = (last, count as usize);
            if at == origin && returned(word, board) {
                return None;
            }
            if laps >= self.lap_limit {
                return None;
            }
        }
    }

    /// The start of a game: every pit full.
    fn start(&self) -> u128 {
        let seeds = match self.game {
            Game::SadeqaII => 3,
            Game::SadeqaIII { seeds } => seeds,
        };
        (0..self.pits).fold(0, |b, i| b | (seeds as u128) << (8 * i))
    }

    /// One random game from the start with the seed `seed`, at most
    /// `max_plies` plies, choosing as the bench does: the `k`th legal move
    /// in notation order (the mover's pits 1 to n), `k` uniform.
    pub fn playout(&self, seed: u64, max_plies: usize) -> Played {
        if self.pits == 16 {
            self.play::<16>(seed, max_plies)
        } else {
            self.play::<12>(seed, max_plies)
        }
    }

    /// [`Kernel::playout`] on a board of `PITS` pits.
    fn play<const PITS: usize>(&self, seed: u64, max_plies: usize) -> Played {
        let mut rng = SmallRng::seed_from_u64(seed);
        let row = PITS / 2;
        let mut board = self.start();
        let mut side = 0;
        let mut restricted = [self.game == Game::SadeqaII; 2];
        let mut plies = 0;
        // The legal moves' boards and last pits, kept for the one played.
        let mut kept = [(0u128, 0usize); 8];
        while plies < max_plies {
            let first = side * row;
            // 4.1: a first move from pit 6, while it holds seeds.
            let forced = restricted[side] && byte(board, first + 5) > 0;
            let mut legal = 0;
            for origin in first..first + row {
                let seeds = byte(board, origin);
                if seeds == 0 || forced && origin != first + 5 {
                    continue;
                }
                if let Some(result) = self.sow::<PITS>(board, origin, seeds) {
                    kept[legal] = result;
                    legal += 1;
                }
            }
            if legal == 0 {
                break;
            }
            let (mut after, last) = kept[rng.random_range(0..legal)];
            // 4.3 on either side; 5.3 in the mover's own row.
            if self.game == Game::SadeqaII || last / row == side {
                after &= !(0xff << (8 * (PITS - 1 - last)));
            }
            board = after;
            restricted[side] = false;
            side ^= 1;
            plies += 1;
        }
        Played { plies, board, side }
    }
}
