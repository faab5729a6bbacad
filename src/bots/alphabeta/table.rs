//! The alpha-beta player's transposition table: the crate's bounded
//! [`HashTable`] (shared with the solver) with one slot a bucket, each
//! entry keyed by the whole position.

use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{HashTable, Slot};

/// Which side of the window a stored value is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One stored result (two cache lines of the table).
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<R: Ruleset> {
    pub(super) pos: Position<R>,
    /// The value, proven results relative to the node ([`super::value`]).
    pub(super) value: i32,
    pub(super) depth: u8,
    pub(super) bound: Bound,
    pub(super) mv: Option<Move>,
    /// The search it was stored by ([`Table::next_search`]).
    pub(super) age: u8,
}

impl<R: Ruleset> Slot for Entry<R> {
    type Key = Position<R>;

    fn key(&self) -> &Position<R> {
        &self.pos
    }

    fn worth(&self) -> u64 {
        self.depth as u64
    }

    /// Depth-preferred within one search, always replaced across searches.
    fn replaces(&self, old: &Self) -> bool {
        old.age != self.age || self.depth >= old.depth
    }
}

/// The largest alpha-beta table: 2^24 entries (see [`Table::new`]).
pub const MAX_TABLE_BITS: u8 = 24;

/// A transposition table for the positions of one ruleset: `2^bits`
/// entries, each holding the whole position it describes (a hash
/// collision is never taken for a hit). It keeps its contents from one
/// search to the next.
#[derive(Clone, Debug)]
pub struct Table<R: Ruleset> {
    slots: HashTable<Entry<R>, 1>,
    age: u8,
}

impl<R: Ruleset> Table<R> {
    /// A table of `2^bits` entries (`bits` is clamped to 4..=24). Each
    /// entry takes at most 128 bytes (the whole position, its value and
    /// move), so a table takes at most 2 GiB.
    pub fn new(bits: u8) -> Self {
        Table {
            slots: HashTable::new(bits, MAX_TABLE_BITS),
            age: 0,
        }
    }

    /// Empties the table, keeping its memory: a search after this one
    /// finds nothing from before it (and pays no page faults for a table
    /// the system has not given memory yet, as a new one does).
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// Starts a new search: entries of earlier ones give way to its own.
    pub(super) fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The current search's age, for its entries.
    pub(super) fn age(&self) -> u8 {
        self.age
    }

    /// The entry of `pos`, whose hash is `hash`.
    pub(super) fn probe(&self, hash: u64, pos: &Position<R>) -> Option<&Entry<R>> {
        self.slots.get(hash, pos)
    }

    /// Starts fetching the entry of the position whose hash is `hash` into
    /// the cache, for a [`Table::probe`] soon after (a hint).
    #[inline(always)]
    pub(super) fn prefetch(&self, hash: u64) {
        self.slots.prefetch(hash);
    }

    /// Stores `entry`, whose position's hash is `hash`.
    pub(super) fn store(&mut self, hash: u64, entry: Entry<R>) {
        self.slots.put(hash, entry);
    }
}

#[cfg(test)]
mod tests {
    use super::Table;
    use crate::bots::StandardEval;
    use crate::bots::alphabeta::{Budget, search};
    use crate::position::Position;
    use crate::rulesets::SadeqaIII;

    /// `clear` empties the table: a search stores entries, and none is
    /// left after it (the memory is kept).
    #[test]
    fn clear_empties_the_table() {
        let pos = Position::new(SadeqaIII::game_91());
        let mut table = Table::new(10);
        search(
            &pos,
            pos.legal_moves(),
            Budget::Depth(4),
            &StandardEval,
            &mut table,
        );
        assert!(table.slots.used() > 0);
        table.clear();
        assert_eq!(table.slots.used(), 0);
        assert!(table.probe(crate::search::hash_of(&pos), &pos).is_none());
    }
}
