//! Which positions a database holds, and where: a position is seen from
//! its mover (his row first, in sowing order), so one entry serves South to
//! move and North to move alike, and is numbered by its seeds on the board
//! (the *layer*), its ruleset state, its marked pits and the rank of its
//! placement (`index`).

use super::index::{placements, prefix_sums, rank_of, rank_prefix_sums};
use crate::board::Board;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// A ruleset whose positions can be tabulated: every ruleset. The
/// numbering of its states is the ruleset's own ([`Ruleset::STATES`],
/// [`Ruleset::state_index`], [`Ruleset::state_at`], with defaults for a
/// game with no state), so a game from another crate gets databases with
/// no code. The databases see a position from its mover: they take the
/// rules to treat both players alike (a position with North to move is
/// worth, to North, what its mirror image with South to move is worth to
/// South), as the two-row games do.
///
/// Kept as a bound for code written against 0.3: `R: Ruleset` is the same.
pub trait Tabulate: Ruleset {}

impl<R: Ruleset> Tabulate for R {}

/// Where a position is: its layer (seeds on the board) and its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// Seeds on the board.
    pub seeds: u32,
    /// Index within the layer.
    pub index: u64,
}

/// The shape of a ruleset's layers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// Pits on the board, `2n`.
    pub pits: usize,
    /// Mark sets told apart: `2^(2n)` for a game that marks pits, else 1.
    pub mark_sets: u64,
    /// Ruleset states told apart.
    pub states: u64,
}

impl Layout {
    pub(crate) fn of<R: Tabulate>(rules: &R) -> Layout {
        let pits = 2 * rules.pits_per_row();
        Layout {
            pits,
            mark_sets: if R::MARKS_PITS { 1u64 << pits } else { 1 },
            states: R::STATES,
        }
    }

    /// Placements of `seeds` seeds.
    #[inline]
    pub(crate) fn placements(&self, seeds: u32) -> u64 {
        placements(self.pits, seeds)
    }

    /// Positions in the layer of `seeds` seeds (saturated at `u64::MAX`).
    pub(crate) fn size(&self, seeds: u32) -> u64 {
        self.placements(seeds)
            .saturating_mul(self.mark_sets)
            .saturating_mul(self.states)
    }

    /// The state, mark set and rank of `index` in the layer of `seeds`.
    pub(crate) fn split(&self, seeds: u32, index: u64) -> (u64, u64, u64) {
        let p = self.placements(seeds);
        let rank = index % p;
        let rest = index / p;
        (rest / self.mark_sets, rest % self.mark_sets, rank)
    }
}

/// The key of `pos` (any side to move), or `None` if the databases do not
/// hold its state.
#[inline]
pub(crate) fn encode<R: Tabulate>(layout: &Layout, pos: &Position<R>) -> Option<Key> {
    let state = pos.rules().state_index(pos.state())?;
    let board = pos.board();
    let n = layout.pits / 2;
    let shift = if pos.side_to_move() == Player::South {
        0
    } else {
        n
    };
    let marks = if R::MARKS_PITS {
        rotate(pos.marks(), shift, layout.pits)
    } else {
        0
    };
    let block = state * layout.mark_sets + marks;
    if layout.pits <= 16 {
        // One word: turned by a rotation, its prefix sums made by a
        // multiplication.
        let bits = 8 * layout.pits as u32;
        let mask = if bits == 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        };
        let word = board.word(0) & mask;
        let turned = if shift == 0 {
            word
        } else {
            let s = 8 * shift as u32;
            ((word >> s) | (word << (bits - s))) & mask
        };
        let prefix = prefix_sums(turned);
        // While every pit holds fewer than 16 seeds (all of a database
        // build's positions but those with 16 or more in one pit), no sum
        // of pits passes 240: the prefix sums' last byte is the seeds.
        const HIGH: u128 = u128::from_le_bytes([0xf0; 16]);
        let seeds = if turned & HIGH == 0 {
            (prefix >> 120) as u32
        } else {
            turned.to_le_bytes().iter().map(|&b| b as u32).sum::<u32>()
        };
        return Some(Key {
            seeds,
            index: block * layout.placements(seeds) + rank_prefix_sums(prefix, layout.pits),
        });
    }
    // The mover's row first: the board turned by `shift` pits.
    let pits = board.pits();
    let (first, second) = pits.split_at(shift);
    let turned = second.iter().chain(first).copied();
    let seeds = pits.iter().map(|&s| s as u32).sum::<u32>();
    Some(Key {
        seeds,
        index: block * layout.placements(seeds) + rank_of(turned.take(layout.pits - 1)),
    })
}

/// The `pits`-bit mask `mask` with bit `i` moved to bit `i - shift` (mod
/// `pits`): the marks seen from the player whose row starts at `shift`.
fn rotate(mask: u64, shift: usize, pits: usize) -> u64 {
    if shift == 0 {
        return mask;
    }
    let all = if pits == 64 {
        u64::MAX
    } else {
        (1u64 << pits) - 1
    };
    ((mask >> shift) | (mask << (pits - shift))) & all
}

/// The position with South to move whose pits (in sowing order) are
/// `placement`, with the mark set `marks` and the state numbered `state`,
/// nothing captured, and its turn not started (no legality found: see
/// [`Position::quick_children`] and [`Position::start_turn`]).
pub(crate) fn decode<R: Tabulate>(
    rules: R,
    placement: &[u8],
    marks: u64,
    state: u64,
) -> Position<R> {
    let n = placement.len() / 2;
    let mut board = Board::empty(n, rules.clockwise()).expect("2 to 24 pits a row");
    for (i, &s) in placement.iter().enumerate() {
        board.set(i, s);
    }
    Position::raw(
        rules,
        board,
        marks,
        Player::South,
        [0; 2],
        rules.state_at(state),
    )
}
