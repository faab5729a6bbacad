//! The learning environments' view of a position: the numbering of moves
//! as actions (pit `k` is `k - 1`, Andada's choice moves `n` and `n + 1`)
//! and the observation vector.

use sowing::Variant;

use super::position::Pos;
use super::rules::Rules;
use super::{Mv, Side};

/// The number of actions of a variant: one per pit, and for Andada two
/// more, the choice moves `S` and `N`.
pub fn action_count(rules: Rules) -> usize {
    let n = rules.pits_per_row();
    if matches!(rules.0.variant(), Variant::Andada(_)) {
        n + 2
    } else {
        n
    }
}

/// The action of a move: pit `k` is `k - 1`, `S` is `n`, `N` is `n + 1`.
pub fn action_of(mv: Mv, pits_per_row: usize) -> usize {
    match mv {
        Mv::Pit(k) => (k - 1) as usize,
        Mv::Choice(s) => pits_per_row + s.index(),
    }
}

/// The move of an action (inverse of [`action_of`]).
pub fn move_of(action: usize, pits_per_row: usize) -> Mv {
    if action < pits_per_row {
        Mv::Pit(action as i64 + 1)
    } else if action == pits_per_row {
        Mv::Choice(Side::South)
    } else if action == pits_per_row + 1 {
        Mv::Choice(Side::North)
    } else {
        Mv::Pit(action as i64 + 1)
    }
}

/// The length of [`Pos::observe`]'s vector for a variant: `4n + 4`.
pub fn observation_len(rules: Rules) -> usize {
    4 * rules.pits_per_row() + 4
}

impl Pos {
    /// The position seen by `viewer`, appended to `out`: the viewer's row
    /// (from his pit 1), the opponent's row, then for the same `2n` pits
    /// the warana marks (+1 the viewer's, -1 the opponent's, 0 none), the
    /// viewer's and the opponent's captured seeds, 1 if the viewer is to
    /// move, 1 if Andada's choice move is due.
    pub fn observe(&self, viewer: Side, out: &mut Vec<f32>) {
        let n = self.pits_per_row();
        let sides = [viewer, viewer.other()];
        for s in sides {
            out.extend(self.row(s).into_iter().map(f32::from));
        }
        for s in sides {
            for k in 1..=n as u8 {
                out.push(match self.warana_owner(s, k) {
                    Some(o) if o == viewer => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                });
            }
        }
        for s in sides {
            out.push(f32::from(self.captured(s)));
        }
        out.push(if self.side_to_move() == viewer {
            1.0
        } else {
            0.0
        });
        out.push(if self.choice_due() { 1.0 } else { 0.0 });
    }
}
