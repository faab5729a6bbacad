//! The proof table: a position's key (everything the rest of the game
//! depends on, see the module documentation's "Keys"), and the bounded
//! transposition table of proof and disproof numbers (two-way buckets,
//! see "Memory").

use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{HashTable, Slot};
use std::num::NonZeroI16;

/// The key of a position in the table: everything the rest of the game
/// depends on (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key<S> {
    pits: [u8; 2 * crate::MAX_PITS_PER_ROW],
    /// The side to move (the low bit, 1 for North) and the captured seeds'
    /// difference (the rest), with the top bit flipped: one field, never
    /// zero (the difference is at most 48 x 96 seeds, far inside 15 bits),
    /// so that an entry, its `Option` included, fits in a cache line (see
    /// `entries_fit_a_cache_line`).
    side_diff: NonZeroI16,
    state: S,
}

/// The largest table: 2^26 entries (see [`Solver::new`](super::Solver::new)).
pub const MAX_TABLE_BITS: u8 = 26;

/// Whether the captured seeds decide the game (the scoring games).
pub(super) fn scoring<R: Ruleset>(rules: &R) -> bool {
    rules.scoring() == crate::Scoring::Points
}

/// The table key of `pos`.
pub(crate) fn key_of<R: Ruleset>(pos: &Position<R>) -> Key<R::State> {
    // Each row from its owner's pit 1 (South's, then North's): the board's
    // sowing order, each row reversed on a clockwise board. Copied from the
    // board's bytes (a pit at a time through `Position::row` took a
    // twentieth of a proof).
    let mut pits = [0u8; 2 * crate::MAX_PITS_PER_ROW];
    let board = pos.board();
    let n = board.pits_per_row();
    let sown = board.pits();
    pits[..2 * n].copy_from_slice(sown);
    if board.is_clockwise() {
        pits[..n].reverse();
        pits[n..2 * n].reverse();
    }
    let diff = if scoring(pos.rules()) {
        pos.captured(Player::South) as i16 - pos.captured(Player::North) as i16
    } else {
        0
    };
    let side = i16::from(pos.side_to_move() == Player::North);
    Key {
        pits,
        side_diff: NonZeroI16::new((diff * 2 + side) ^ i16::MIN).unwrap_or(NonZeroI16::MIN),
        state: *pos.state(),
    }
}

/// A table entry: a position's key and its proof and disproof numbers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<S> {
    pub(super) key: Key<S>,
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// Nodes expanded below this entry (for replacement), at most 65,535
    /// (two bytes: an entry fits in a cache line).
    pub(super) work: u16,
    /// For a proof: the plies to the end under it (for choosing the
    /// strategy's move).
    pub(super) height: u16,
}

/// The table: two-way buckets, the entry with the least work replaced
/// (proofs and disproofs count as a million nodes more).
pub(super) type Table<S> = HashTable<Entry<S>, 2>;

impl<S: Copy + Eq> Slot for Entry<S> {
    type Key = Key<S>;

    fn key(&self) -> &Key<S> {
        &self.key
    }

    fn worth(&self) -> u64 {
        self.work as u64
            + if self.pn == 0 || self.dn == 0 {
                1 << 20
            } else {
                0
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{Andada, SadeqaII, SadeqaV};

    /// The table's memory per entry, as the documentation states it: one
    /// cache line, so that a lookup fetches one line per slot.
    #[test]
    fn entries_fit_a_cache_line() {
        let ii = std::mem::size_of::<Option<Entry<<SadeqaII as Ruleset>::State>>>();
        let v = std::mem::size_of::<Option<Entry<<SadeqaV as Ruleset>::State>>>();
        let a = std::mem::size_of::<Option<Entry<<Andada as Ruleset>::State>>>();
        eprintln!("entry bytes: sadeqa-ii {ii}, sadeqa-v {v}, andada {a}");
        assert!(ii <= 64 && v <= 64 && a <= 64, "{ii} {v} {a}");
    }
}
