//! Moves and allocation-free move sets (notation: RULES.md section 7).

use crate::player::Player;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A move string that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Neither a pit number nor `S`/`N`.
    #[error("malformed move {0:?}: expected a pit number or S/N")]
    Malformed(String),
    /// A number outside 1..=24.
    #[error("move {0:?} is out of range: pit numbers run from 1 to 24 at most")]
    OutOfRange(String),
}

/// The largest number of pits in one row of any ruleset (Andada 2 x 24).
pub const MAX_PITS_PER_ROW: usize = 24;

/// A move, as the notation writes it (RULES.md section 7): a pit number,
/// or a side's letter for Andada's choice, read in either case and written
/// uppercase (the one rule for a side's letter, as in a [`Record`](crate::Record)
/// and a position string's side to move).
///
/// Serialised as its notation string (`"3"`, `"S"`); a pit number outside
/// `1..=24`, which has no notation, is refused by the serialiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Sow from the mover's own pit with this number, `1..=n`, counted from
    /// the mover's own left. Andada's opening move is also written this way.
    Pit(u8),
    /// Andada's choice move: the named player makes the first regular move.
    /// Written `S` or `N`; read in either case (`s`, `n`).
    First(Player),
}

impl Move {
    /// The pit number of a [`Move::Pit`], or `None`.
    pub const fn pit(self) -> Option<u8> {
        match self {
            Move::Pit(p) => Some(p),
            Move::First(_) => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pit(p) => write!(f, "{p}"),
            Move::First(p) => write!(f, "{}", p.letter()),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `1`..`24` or `S`/`N`, the side's letter in either case
    /// (`n` reads as `N`; the move is written uppercase). Blanks around the
    /// move are ignored. The range for a particular board is checked when
    /// the move is played.
    ///
    /// ```
    /// use sowing::{Move, Player};
    /// assert_eq!("n".parse::<Move>()?, Move::First(Player::North));
    /// assert_eq!("S".parse::<Move>()?, Move::First(Player::South));
    /// assert_eq!(Move::First(Player::North).to_string(), "N");
    /// assert_eq!(" 12 ".parse::<Move>()?, Move::Pit(12));
    /// # Ok::<(), sowing::ParseMoveError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParseMoveError::Malformed`] for neither a number nor a side's
    /// letter; [`ParseMoveError::OutOfRange`] for a number outside
    /// `1..=24`.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        if t.len() == 1
            && let Some(p) = Player::from_letter(t.chars().next().unwrap_or(' '))
        {
            return Ok(Move::First(p));
        }
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseMoveError::Malformed(crate::text::excerpt(s)));
        }
        match t.parse::<u8>() {
            Ok(p) if (1..=MAX_PITS_PER_ROW as u8).contains(&p) => Ok(Move::Pit(p)),
            _ => Err(ParseMoveError::OutOfRange(crate::text::excerpt(s))),
        }
    }
}

impl Move {
    /// `Ok` if the move has a notation (a pit `1..=24`, or a choice);
    /// otherwise what is wrong. Serde refuses to write one that has none.
    #[cfg(feature = "serde")]
    pub(crate) fn check_notation(&self) -> Result<(), String> {
        match self {
            Move::Pit(p) if !(1..=MAX_PITS_PER_ROW as u8).contains(p) => Err(format!(
                "pit {p} is not a move: pits are numbered 1 to {MAX_PITS_PER_ROW}"
            )),
            _ => Ok(()),
        }
    }
}

crate::serde_str::string_serde!(Move, check = Move::check_notation);

/// A set of moves held in one machine word: no allocation, `Copy`.
///
/// Bits `0..24` are the pit moves `1..=24`; two more bits hold the choice moves.
/// Iterates in notation order: pits ascending, then `S`, then `N`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveSet(u32);

const FIRST_SOUTH: u32 = 1 << 30;
const FIRST_NORTH: u32 = 1 << 31;

impl MoveSet {
    /// The empty set.
    pub const EMPTY: MoveSet = MoveSet(0);

    /// The empty set (as [`MoveSet::EMPTY`] and `MoveSet::default()`).
    ///
    /// ```
    /// use sowing::{Move, MoveSet};
    /// let mut set = MoveSet::new();
    /// assert!(set.is_empty());
    /// set.insert(Move::Pit(3));
    /// assert_eq!(set.to_string(), "3");
    /// assert_eq!(MoveSet::new(), MoveSet::default());
    /// ```
    pub const fn new() -> MoveSet {
        MoveSet::EMPTY
    }

    const fn bit(m: Move) -> u32 {
        match m {
            Move::Pit(p) if p >= 1 && (p as usize) <= MAX_PITS_PER_ROW => 1 << (p - 1),
            Move::Pit(_) => 0,
            Move::First(Player::South) => FIRST_SOUTH,
            Move::First(Player::North) => FIRST_NORTH,
        }
    }

    /// The set of pit moves whose bits are set in `mask` (bit 0 = pit 1).
    pub const fn from_pit_mask(mask: u32) -> MoveSet {
        MoveSet(mask & ((1 << MAX_PITS_PER_ROW) - 1))
    }

    /// The pit moves as a mask (bit 0 = pit 1), the inverse of
    /// [`MoveSet::from_pit_mask`]; the choice moves are left out.
    ///
    /// ```
    /// use sowing::{Move, MoveSet};
    /// let set: MoveSet = [Move::Pit(1), Move::Pit(3), Move::First(sowing::Player::North)].into_iter().collect();
    /// assert_eq!(set.pit_mask(), 0b101);
    /// ```
    #[inline]
    pub const fn pit_mask(self) -> u32 {
        self.0 & ((1 << MAX_PITS_PER_ROW) - 1)
    }

    /// Adds a move. Returns `false`, and leaves the set as it was, for a
    /// pit move outside `1..=24`, which no board has and no set can hold.
    #[inline]
    pub fn insert(&mut self, m: Move) -> bool {
        let bit = Self::bit(m);
        self.0 |= bit;
        bit != 0
    }

    /// Removes a move.
    #[inline]
    pub fn remove(&mut self, m: Move) {
        self.0 &= !Self::bit(m);
    }

    /// Whether the set holds `m`.
    #[inline]
    pub const fn contains(self, m: Move) -> bool {
        let b = Self::bit(m);
        b != 0 && self.0 & b != 0
    }

    /// Number of moves.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The moves, in notation order (the same as `into_iter`).
    pub fn iter(self) -> MoveSetIter {
        self.into_iter()
    }

    /// The moves in either set.
    #[inline]
    pub const fn union(self, other: MoveSet) -> MoveSet {
        MoveSet(self.0 | other.0)
    }

    /// The moves of `self` that are not in `other`.
    #[inline]
    pub const fn difference(self, other: MoveSet) -> MoveSet {
        MoveSet(self.0 & !other.0)
    }

    /// The pit moves of the set (without the choice moves).
    #[inline]
    pub const fn pits(self) -> MoveSet {
        MoveSet(self.0 & ((1 << MAX_PITS_PER_ROW) - 1))
    }

    /// The `i`-th move in iteration order, if any (for uniform random choice).
    pub fn nth(self, i: usize) -> Option<Move> {
        self.into_iter().nth(i)
    }
}

impl IntoIterator for MoveSet {
    type Item = Move;
    type IntoIter = MoveSetIter;
    fn into_iter(self) -> MoveSetIter {
        MoveSetIter(self.0)
    }
}

impl FromIterator<Move> for MoveSet {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Self {
        let mut s = MoveSet::EMPTY;
        for m in iter {
            s.insert(m);
        }
        s
    }
}

impl fmt::Display for MoveSet {
    /// Space-separated notation, as `replay` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Iterator over a [`MoveSet`].
#[derive(Clone, Debug)]
pub struct MoveSetIter(u32);

impl MoveSetIter {
    /// The next move with the set of it alone (for a hot loop that sorts
    /// moves into sets: no conversion back from the move).
    #[inline(always)]
    pub(crate) fn next_with_set(&mut self) -> Option<(Move, MoveSet)> {
        let bits = self.0;
        let mv = self.next()?;
        Some((mv, MoveSet(bits & bits.wrapping_neg())))
    }
}

impl Iterator for MoveSetIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(match b {
            30 => Move::First(Player::South),
            31 => Move::First(Player::North),
            _ => Move::Pit(b as u8 + 1),
        })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveSetIter {}
