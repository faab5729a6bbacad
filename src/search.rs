//! Helpers shared by the searching players (module `bots`, with the `bots`
//! feature) and the solver: successors, the lap limit inside a search tree,
//! and position hashing.

use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::hash::{Hash, Hasher};

/// The lap limit used inside search trees and playouts (RULES.md section 2,
/// the lap-limit option): a sowing not finished within 10,000 laps counts
/// as endless there. Ordinary sowings end within a few thousand laps (the
/// longest seen in random play: 1,939 in Sadeqa III, 4,426 in game 91), so
/// in practice the limit only cuts endless sowings short; the moves a
/// player returns are always taken from the exact legal moves of the root.
pub const SEARCH_LAP_LIMIT: u32 = 10_000;

/// Every legal move of `pos` with the position it leads to, one sowing each
/// ([`Position::successors`]). Under a lap limit, a candidate cut off by
/// the limit is not legal.
#[inline]
pub fn successors<R: Ruleset>(pos: &Position<R>) -> impl Iterator<Item = (Move, Position<R>)> + '_ {
    pos.successors()
}

/// `pos` after the exact-legal move `mv`, with the search lap limit set
/// for the tree below it.
#[cfg(feature = "bots")]
pub fn child_for_search<R: Ruleset>(pos: &Position<R>, mv: Move) -> Position<R> {
    let mut next = *pos;
    next.play_unchecked(mv);
    next.with_lap_limit(Some(SEARCH_LAP_LIMIT))
}

/// The FxHash mix (rustc's hasher): fast, good enough for table indices;
/// every table that uses it checks the full key on a hit.
#[derive(Default)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // A final avalanche so that the low bits (table indices) mix well.
        let mut z = self.hash;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z ^ (z >> 33)
    }
}

/// The 64-bit hash of anything hashable (a position, a solver key).
#[inline]
pub fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = FxHasher::default();
    value.hash(&mut h);
    h.finish()
}
