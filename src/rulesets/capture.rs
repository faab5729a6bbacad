//! The opposite-pit capture, shared by Sadeqa II, Sadeqa III and Andada.

use crate::event::{Event, Observer};
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// The last seed fell into the empty pit `landing`: if the opposite pit is
/// occupied, the mover takes its seeds (counted as his captured seeds). The
/// capturing seed stays. Sadeqa II does this on either side of the board
/// (RULES.md section 4.3).
pub(crate) fn opposite<R: Ruleset, O: Observer>(
    pos: &mut Position<R>,
    landing: usize,
    mover: Player,
    obs: &mut O,
) {
    let opposite = pos.opposite(landing);
    let seeds = pos.take(opposite);
    if seeds > 0 {
        pos.add_captured(mover, seeds as u16);
        obs.event(Event::Capture {
            by: mover,
            pit: pos.pit_at(opposite),
            seeds,
        });
    }
}

/// [`opposite`], only if `landing` is in the mover's own row: Sadeqa III
/// (RULES.md section 5.3) and Andada (section 6.4).
pub(crate) fn opposite_in_own_row<R: Ruleset, O: Observer>(
    pos: &mut Position<R>,
    landing: usize,
    mover: Player,
    obs: &mut O,
) {
    if pos.owner(landing) == mover {
        opposite(pos, landing, mover, obs);
    }
}
