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
    // Mutation testing (docs/MUTANTS.md): `state * mark_sets` to
    // `state / mark_sets` survives, unreachable by the built-in rulesets:
    // the two agree when `state` is 0 or `mark_sets` is 1, and no built-in
    // game has both states and marks (Andada states, Sadeqa V marks).
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
            // `|` to `^` survives mutation testing, equivalent: the two
            // shifted halves of the masked word share no bit below `bits`.
            ((word >> s) | (word << (bits - s))) & mask
        };
        let prefix = prefix_sums(turned);
        // While every pit holds fewer than 16 seeds (all of a database
        // build's positions but those with 16 or more in one pit), no sum
        // of pits passes 240: the prefix sums' last byte is the seeds.
        // Mutation testing (docs/MUTANTS.md): `&` to `|` or `^` survives,
        // equivalent: the test is then never true (no pit holds 240
        // seeds), and the sum byte by byte below is always right. `==` to
        // `!=` survives, unreachable by the built-in games: it takes the
        // last byte when a pit holds 16 or more, which is still the sum
        // while the board holds fewer than 256 seeds (their most is 96).
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
    // The two halves share no bit: `|` and `^` agree (docs/MUTANTS.md).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
    use std::collections::HashSet;
    use std::fmt::Debug;
    use std::str::FromStr;

    /// The marks seen from the mover (RULES.md 3.4: a warana stays with
    /// its pit): bit `i` of a `pits`-bit mask goes to bit `i - shift`, mod
    /// `pits`, and no bit lands past the board; a shift of 0 changes
    /// nothing. Checked bit by bit against that rule, on the boards'
    /// sizes, a shift of half the board (North to move) and others.
    #[test]
    fn marks_turn_with_the_board() {
        for pits in [4usize, 12, 20, 48, 64] {
            let all = if pits == 64 {
                u64::MAX
            } else {
                (1 << pits) - 1
            };
            for mask in [
                0u64,
                1,
                0b1011,
                1 << (pits - 1),
                0x8000_0001_0f0f_0ff1 & all,
                all,
            ] {
                for shift in [0, 1, pits / 2, pits - 1] {
                    let mut expected = 0u64;
                    for i in (0..pits).filter(|&i| mask >> i & 1 == 1) {
                        expected |= 1 << ((i + pits - shift) % pits);
                    }
                    assert_eq!(
                        rotate(mask, shift, pits),
                        expected,
                        "{mask:#x} by {shift} of {pits}"
                    );
                }
            }
        }
        assert_eq!(rotate(1 << 12, 10, 20), 1 << 2);
        assert_eq!(rotate(1, 10, 20), 1 << 10);
    }

    /// Every placement of `seeds` seeds in `pits` pits.
    fn all_placements(pits: usize, seeds: u8) -> Vec<Vec<u8>> {
        if pits == 1 {
            return vec![vec![seeds]];
        }
        let mut out = Vec::new();
        for first in 0..=seeds {
            for mut rest in all_placements(pits - 1, seeds - first) {
                rest.insert(0, first);
                out.push(rest);
            }
        }
        out
    }

    /// The numbering (module docs, `Layout::split`): in the layer of
    /// `seeds`, the positions with South to move of each state and mark
    /// set take their placements' ranks, each rank once, `0` to the
    /// number of placements, and the index is made of the three; the
    /// key's layer is the seeds on the board. `decode` gives back the
    /// placement, marks and state it is given.
    fn check_numbering<R: Tabulate>(rules: R, seeds: u8, mark_sets: &[u64]) {
        let layout = Layout::of(&rules);
        let placed = all_placements(layout.pits, seeds);
        assert_eq!(placed.len() as u64, layout.placements(seeds as u32));
        for state in 0..R::STATES {
            for &marks in mark_sets {
                let mut ranks = HashSet::new();
                for p in &placed {
                    let pos = decode(rules, p, marks, state);
                    assert_eq!(pos.board().pits(), &p[..]);
                    assert_eq!(pos.marks(), marks);
                    assert_eq!(pos.side_to_move(), Player::South);
                    let key = encode(&layout, &pos).expect("a state the databases hold");
                    assert_eq!(key.seeds, seeds as u32, "{p:?}");
                    assert!(key.index < layout.size(seeds as u32), "{p:?}");
                    let (s, m, rank) = layout.split(seeds as u32, key.index);
                    assert_eq!((s, m), (state, marks), "{p:?}");
                    assert!(ranks.insert(rank), "rank {rank} twice: {p:?}");
                }
                assert_eq!(ranks.len(), placed.len());
                assert!(ranks.iter().all(|&r| r < placed.len() as u64));
            }
        }
    }

    #[test]
    fn a_layer_numbers_each_placement_state_and_mark_set_once() {
        // One word of 12 and of 16 pits; 24 pits (and two states) read pit
        // by pit; 20 pits with marked pits.
        check_numbering(SadeqaII::new(), 3, &[0]);
        check_numbering(SadeqaIII::new(), 2, &[0]);
        check_numbering(Andada::new(12).unwrap(), 2, &[0]);
        check_numbering(SadeqaV, 1, &[0, 1, 1 << 3 | 1 << 12, 1 << 19]);
        let layout = Layout::of(&SadeqaV);
        assert_eq!(layout.mark_sets, 1 << 20);
        assert_eq!(Layout::of(&SadeqaIII::new()).mark_sets, 1);
    }

    /// The module's rule: a position is seen from its mover, his row
    /// first, so North to move has the key of the mirror image (the rows
    /// swapped, each marked pit with its row) with South to move. Positions
    /// by hand (RULES.md 1, 7): the same rows, written in the other order.
    fn check_mirror<R: Tabulate>(south: &str, north: &str, seeds: u32)
    where
        Position<R>: FromStr,
        <Position<R> as FromStr>::Err: Debug,
    {
        let s: Position<R> = south.parse().unwrap();
        let n: Position<R> = north.parse().unwrap();
        assert_eq!(n.side_to_move(), Player::North);
        let layout = Layout::of(s.rules());
        let key = encode(&layout, &s).unwrap();
        assert_eq!(key.seeds, seeds);
        assert_eq!(encode(&layout, &n), Some(key), "{north}");
    }

    #[test]
    fn north_to_move_has_the_key_of_the_mirror_image() {
        check_mirror::<SadeqaII>(
            "sadeqa-ii 1,0,0,2,0,0/0,3,0,0,0,1 S 20-9",
            "sadeqa-ii 0,3,0,0,0,1/1,0,0,2,0,0 N 9-20",
            7,
        );
        check_mirror::<SadeqaIII>(
            "sadeqa-iii 1,2,0,0,0,0,0,3/0,0,4,0,0,0,0,5 S 40-41",
            "sadeqa-iii 0,0,4,0,0,0,0,5/1,2,0,0,0,0,0,3 N 41-40",
            15,
        );
        // North's warana N4 is South's (3.4); South's S7 is North's.
        check_mirror::<SadeqaV>(
            "sadeqa-v 2,0,0,0,0,0,0w,0,0,1/0,0,0,3w,0,0,0,0,0,0 S 37-37",
            "sadeqa-v 0,0,0,3w,0,0,0,0,0,0/2,0,0,0,0,0,0w,0,0,1 N 37-37",
            6,
        );
        check_mirror::<Andada>(
            "andada-12 1,0,0,0,0,0,0,0,0,0,0,2/0,0,3,0,0,0,0,0,0,0,0,0 S 21-21 play",
            "andada-12 0,0,3,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,2 N 21-21 play",
            6,
        );
    }
}
