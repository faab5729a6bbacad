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
// The comparison below is the derived one, written out: equal keys hash
// alike.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Copy, Debug, Eq, Hash)]
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

impl<S: PartialEq> PartialEq for Key<S> {
    /// The derived comparison, but the pits compared sixteen at a time in
    /// registers instead of by a call to `memcmp` (a table lookup compares
    /// a key with each entry of its bucket), the side and difference first.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        fn wide(pits: &[u8; 2 * crate::MAX_PITS_PER_ROW]) -> [u128; 3] {
            let mut w = [0u128; 3];
            for (w, c) in w.iter_mut().zip(pits.chunks_exact(16)) {
                *w = u128::from_le_bytes(c.try_into().expect("16 bytes"));
            }
            w
        }
        self.side_diff == other.side_diff
            && self.state == other.state
            && wide(&self.pits) == wide(&other.pits)
    }
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

/// The positions of the searched line (the root first), each with its
/// hash, and a count of them by ten bits of their hashes: a child is
/// looked for on the line at every round of its parent, and the count
/// tells at once that most are not there (a line is some tens of
/// positions; the scan that did it took a twentieth of a proof).
#[derive(Clone, Debug)]
pub(crate) struct Line<S> {
    positions: Vec<(u64, Key<S>)>,
    counts: Box<[u16; 1024]>,
}

impl<S: Copy + PartialEq> Line<S> {
    pub(crate) fn new() -> Self {
        Line {
            positions: Vec::new(),
            counts: Box::new([0; 1024]),
        }
    }

    fn slot(hash: u64) -> usize {
        // The top bits: the table's index uses the low ones.
        (hash >> 54) as usize
    }

    pub(crate) fn len(&self) -> usize {
        self.positions.len()
    }

    pub(crate) fn clear(&mut self) {
        self.positions.clear();
        self.counts.fill(0);
    }

    pub(crate) fn push(&mut self, hash: u64, key: Key<S>) {
        self.positions.push((hash, key));
        self.counts[Self::slot(hash)] += 1;
    }

    pub(crate) fn pop(&mut self) {
        if let Some((hash, _)) = self.positions.pop() {
            self.counts[Self::slot(hash)] -= 1;
        }
    }

    /// Whether the position of `key` (whose hash is `hash`) is on the line.
    #[inline]
    pub(crate) fn contains(&self, hash: u64, key: &Key<S>) -> bool {
        self.counts[Self::slot(hash)] != 0
            && self.positions.iter().any(|(h, k)| *h == hash && k == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{Andada, SadeqaII, SadeqaV};

    /// The line finds a position while it is on it, and not after it is
    /// taken off, also when two positions share the count's slot.
    #[test]
    fn the_line_knows_its_positions() {
        let start = Position::new(SadeqaII::new());
        let (a, b) = (key_of(&start), {
            let mut next = start;
            next.play(crate::Move::Pit(6)).expect("legal");
            key_of(&next)
        });
        // Two hashes of one slot (the same top bits).
        let (ha, hb) = (0xabc0_0000_0000_0001, 0xabc0_0000_0000_0002);
        let mut line = Line::new();
        line.push(ha, a);
        line.push(hb, b);
        assert!(line.contains(ha, &a) && line.contains(hb, &b));
        assert!(!line.contains(ha, &b) && !line.contains(0x1234, &a));
        line.pop();
        assert!(line.contains(ha, &a) && !line.contains(hb, &b));
        line.clear();
        assert!(!line.contains(ha, &a));
        assert_eq!(line.len(), 0);
    }

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
