//! Players and pits (RULES.md section 1).

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. South owns the lower row and moves first unless the
/// caller chooses otherwise (RULES.md section 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Player {
    /// Owner of the lower row; written `S`.
    South,
    /// Owner of the upper row; written `N`.
    North,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North: the index used by per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter: `S` or `N` (RULES.md section 7).
    pub const fn letter(self) -> char {
        match self {
            Player::South => 'S',
            Player::North => 'N',
        }
    }

    /// Parses the notation letter `S` or `N`, in either case (`s`, `n`):
    /// the one rule for a side's letter, wherever one is read (moves,
    /// records, position strings; RULES.md section 7). It is written
    /// uppercase ([`Player::letter`]).
    ///
    /// ```
    /// use sowing::Player;
    /// assert_eq!(Player::from_letter('n'), Some(Player::North));
    /// assert_eq!(Player::from_letter('S'), Some(Player::South));
    /// assert_eq!(Player::from_letter('x'), None);
    /// assert_eq!(Player::North.letter(), 'N');
    /// ```
    pub fn from_letter(c: char) -> Option<Player> {
        match c {
            'S' | 's' => Some(Player::South),
            'N' | 'n' => Some(Player::North),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "South",
            Player::North => "North",
        })
    }
}

/// A pit named as the notation names it: its owner and its number `1..=n`
/// counted from the owner's left (RULES.md section 1). Displayed as `S3`, `N10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Pit {
    /// The player whose row holds the pit.
    pub owner: Player,
    /// The pit number, `1..=n`, from the owner's own left.
    pub number: u8,
}

impl Pit {
    /// A pit of `owner` numbered `number` (1-based).
    pub const fn new(owner: Player, number: u8) -> Pit {
        Pit { owner, number }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.owner.letter(), self.number)
    }
}
