//! The result of a game.

use crate::player::Player;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// Final points, where the game scores points (Sadeqa III, game 91, Sadeqa V).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Score {
    /// South's points.
    pub south: u16,
    /// North's points.
    pub north: u16,
}

impl Score {
    /// The points of `p`.
    pub const fn of(self, p: Player) -> u16 {
        match p {
            Player::South => self.south,
            Player::North => self.north,
        }
    }
}

impl fmt::Display for Score {
    /// `S-N`: South's points first, as the position string's captured
    /// field (RULES.md section 7). A finished game's [`Outcome`] writes the
    /// winner's first instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.south, self.north)
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum DrawReason {
    /// Equal points at the end (Sadeqa III, game 91, Sadeqa V).
    EqualScore,
    /// A position occurred for the third time (by default; the count is the
    /// [`Game`](crate::Game)'s setting) with the same player to move (engine
    /// policy, RULES.md section 2).
    Repetition,
    /// The game reached the caller's ply limit.
    PlyLimit,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::EqualScore => "equal score",
            DrawReason::Repetition => "repetition",
            DrawReason::PlyLimit => "ply limit",
        })
    }
}

/// Ongoing, won or drawn; with the final points where the game scores points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `winner` won.
    Win {
        /// The winner.
        winner: Player,
        /// Final points, for games that score points.
        score: Option<Score>,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
        /// Final points, for games that score points (equal score only).
        score: Option<Score>,
    },
}

impl Outcome {
    /// Whether the game goes on.
    pub const fn is_ongoing(self) -> bool {
        matches!(self, Outcome::Ongoing)
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The final points, if the game is over and scores points.
    pub const fn score(self) -> Option<Score> {
        match self {
            Outcome::Win { score, .. } | Outcome::Draw { score, .. } => score,
            Outcome::Ongoing => None,
        }
    }

    /// A win for whoever has more points, a draw on equal points.
    pub fn by_score(score: Score) -> Outcome {
        use std::cmp::Ordering::*;
        match score.south.cmp(&score.north) {
            Greater => Outcome::Win {
                winner: Player::South,
                score: Some(score),
            },
            Less => Outcome::Win {
                winner: Player::North,
                score: Some(score),
            },
            Equal => Outcome::Draw {
                reason: DrawReason::EqualScore,
                score: Some(score),
            },
        }
    }
}

impl fmt::Display for Outcome {
    /// `ongoing`, `South wins`, `North wins` or `draw (reason)`, followed,
    /// where the game scores points, by the final points with the winner's
    /// first, as a result is said: `North wins 44-36` (South 36, North 44);
    /// a draw's are equal, `draw (equal score) 40-40`. The `result:` line
    /// of `replay`. The players are named as everywhere else (`Player`'s
    /// `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing")?,
            Outcome::Win { winner, .. } => write!(f, "{winner} wins")?,
            Outcome::Draw { reason, .. } => write!(f, "draw ({reason})")?,
        }
        if let Some(s) = self.score() {
            let first = self.winner().unwrap_or(Player::South);
            write!(f, " {}-{}", s.of(first), s.of(first.other()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A result is said with the winner's score first, whichever side won;
    /// a score on its own keeps South's first (the position string's order).
    #[test]
    fn the_winners_score_comes_first() {
        let score = Score {
            south: 36,
            north: 44,
        };
        assert_eq!(Outcome::by_score(score).to_string(), "North wins 44-36");
        assert_eq!(score.to_string(), "36-44");
        let score = Score {
            south: 44,
            north: 36,
        };
        assert_eq!(Outcome::by_score(score).to_string(), "South wins 44-36");
        let level = Score {
            south: 40,
            north: 40,
        };
        assert_eq!(
            Outcome::by_score(level).to_string(),
            "draw (equal score) 40-40"
        );
        let won = Outcome::Win {
            winner: Player::North,
            score: None,
        };
        assert_eq!(won.to_string(), "North wins");
    }
}
