//! The encoding of search values: evaluations are small numbers, proven
//! results huge ones that carry the margin and the distance to the end.

use crate::outcome::Outcome;
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::fmt;

/// The value of a won game before the margin and distance are added.
pub const WIN: i32 = 1_000_000;
/// Value of one point of final margin in a won game.
pub(crate) const MARGIN: i32 = 1_000;
/// Values at least this big (in absolute value) are proven results.
pub(crate) const PROVEN: i32 = WIN - 10_000;
/// Beyond every value.
pub(crate) const INF: i32 = i32::MAX / 2;
/// A search value, from the view of the side to move: positive is good
/// for him. Evaluations are small numbers (about 4 per seed); a proven
/// win is `WIN + 1000 * margin - plies` and a proven loss its negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SearchValue(pub i32);

impl SearchValue {
    /// Whether the search proved a win (every line within the depth ends
    /// in a win; the lap limit inside the tree is the only approximation).
    pub fn is_win(self) -> bool {
        self.0 >= PROVEN
    }

    /// Whether the search proved a loss.
    pub fn is_loss(self) -> bool {
        self.0 <= -PROVEN
    }

    /// For a proven result: the plies to the end of the game.
    pub fn plies_to_end(self) -> Option<u32> {
        let v = self.0.saturating_abs();
        (v >= PROVEN).then(|| ((MARGIN - (v - WIN).rem_euclid(MARGIN)) % MARGIN) as u32)
    }

    /// For a proven result of a scoring game: the final margin in points.
    pub fn margin(self) -> Option<i32> {
        let v = self.0.saturating_abs();
        (v >= PROVEN).then(|| {
            let m = (v - WIN + MARGIN - 1).div_euclid(MARGIN);
            if self.0 > 0 { m } else { -m }
        })
    }
}

impl fmt::Display for SearchValue {
    /// `win in 7 plies`, `loss in 4 plies (by 6 points)`, or the evaluation
    /// with a sign: `+12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.plies_to_end(), self.margin()) {
            (Some(p), Some(m)) => {
                let word = if self.0 > 0 { "win" } else { "loss" };
                write!(f, "{word} in {p} plies")?;
                if m != 0 {
                    write!(f, " (by {} points)", m.abs())?;
                }
                Ok(())
            }
            _ => write!(f, "{:+}", self.0),
        }
    }
}

/// A value for the table: proven results relative to the node.
pub(super) fn to_table(v: i32, ply: i32) -> i32 {
    if v >= PROVEN {
        v + ply
    } else if v <= -PROVEN {
        v - ply
    } else {
        v
    }
}

pub(super) fn from_table(v: i32, ply: i32) -> i32 {
    if v >= PROVEN {
        v - ply
    } else if v <= -PROVEN {
        v + ply
    } else {
        v
    }
}

/// The value of a finished game for its side to move, `ply` plies below
/// the root.
pub(crate) fn terminal<R: Ruleset>(pos: &Position<R>, ply: i32) -> i32 {
    outcome_value(pos.outcome(), pos.side_to_move(), ply)
}

/// The value of a game ended by the repetition rule in `pos` (RULES.md
/// section 2's policy, or the ruleset's own: [`Ruleset::repetition_outcome`]
/// after [`Ruleset::repetition_end`]) for its side to move, `ply` plies
/// below the root; 0 for a ruleset without a repetition rule (a line that
/// repeats is then taken as a draw).
pub(crate) fn repetition<R: Ruleset>(pos: &Position<R>, ply: i32) -> i32 {
    if pos.rules().repetition().is_none() {
        return 0;
    }
    outcome_value(pos.repetition_outcome(), pos.side_to_move(), ply)
}

/// The value of `outcome` for `me`, `ply` plies below the root.
fn outcome_value(outcome: Outcome, me: crate::player::Player, ply: i32) -> i32 {
    match outcome {
        Outcome::Win { winner, score } => {
            let margin = score.map_or(0, |s| s.of(winner) as i32 - s.of(winner.other()) as i32);
            let v = WIN + MARGIN * margin - ply;
            if winner == me { v } else { -v }
        }
        Outcome::Draw { .. } | Outcome::Ongoing => 0,
    }
}
