//! A layer's moves, found by its first sweep and kept for the next ones.
//!
//! A sweep's cost is in sowing each move and ranking where it leads; the
//! values it reads change, the moves do not. So the first sweep of a margin
//! layer writes, chunk by chunk, what it found: for each position the best
//! value of its moves that leave the layer (captures, the end of the game:
//! final values), and the indices of the positions its other moves lead
//! to. Later sweeps read that back instead of sowing again. A block is
//! two bytes a position, then 4 bytes a move within the layer: about 13
//! bytes a position, 4 GB for game 91's layer of 16 seeds (docs/SOLVED.md
//! "Database builds"). The blocks are kept in memory when they fit in half
//! the memory the system has available ([`EdgeStore::new`]): a sweep then
//! reads them where they lie. Otherwise they go to one temporary file a
//! worker thread, read back with positioned reads, so that the memory a
//! build holds stays the values' (the operating system keeps the files in
//! its cache when it has room); each write and read of a block is then a
//! copy through the system, measured at about a seventh of a build's time
//! when the files fit in the cache.
//!
//! The parts: [`block`] lays a chunk's moves out as bytes and reads them
//! back (the first sweep's [`BlockWriter`], a later sweep's decoding with
//! its [`Wanted`] pick and its prefetching); [`store`] keeps the blocks
//! in memory or in files ([`EdgeStore`]). This module holds what both
//! speak of: a position's moves ([`Moves`]) and a move that stays in the
//! layer ([`Edge`]).

mod block;
mod store;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) use block::Every;
pub(crate) use block::{BlockWriter, Targets, Wanted, prefetch};
pub(crate) use store::{EdgeStore, Keep};

/// A move that stays in the layer: where it leads, the points it gains
/// for the mover (Sadeqa V's warana seeds; 0 in most games), and whether
/// the mover moves again there (a bonus move; a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    pub index: u64,
    pub gain: i8,
    pub same_mover: bool,
}

/// The most moves a position has that stay in its layer: one a pit of a
/// row (24), or a pass.
pub(crate) const MAX_EDGES: usize = 25;

/// What a position's moves are, for its value: the best value of the moves
/// that leave the layer (`None` if none does) and the moves that stay. A
/// plain value: no allocation on a sweep's path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Moves {
    pub exit: Option<i32>,
    edges: [Edge; MAX_EDGES],
    len: u8,
}

impl Default for Moves {
    fn default() -> Self {
        Moves {
            exit: None,
            edges: [Edge {
                index: 0,
                gain: 0,
                same_mover: false,
            }; MAX_EDGES],
            len: 0,
        }
    }
}

impl Moves {
    /// No move yet (as [`Moves::default`], without writing the edges).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.exit = None;
        self.len = 0;
    }

    /// A move leaving the layer, worth `value` to the mover.
    #[inline]
    pub(crate) fn exit(&mut self, value: i32) {
        self.exit = Some(self.exit.map_or(value, |e| e.max(value)));
    }

    /// A move staying in the layer.
    #[inline]
    pub(crate) fn edge(&mut self, edge: Edge) {
        self.edges[self.len as usize] = edge;
        self.len += 1;
    }

    /// The moves staying in the layer.
    #[inline]
    pub(crate) fn edges(&self) -> &[Edge] {
        &self.edges[..self.len as usize]
    }
}
