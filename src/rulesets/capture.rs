//! The opposite-pit capture, shared by Sadeqa II, Sadeqa III and Andada.

use crate::event::Observer;
use crate::ruleset::{MoveContext, Ruleset};

/// The last seed fell into the empty pit `landing`: if the opposite pit is
/// occupied, the mover takes its seeds (counted as his captured seeds). The
/// capturing seed stays. Sadeqa II does this on either side of the board
/// (RULES.md section 4.3).
#[inline]
pub(crate) fn opposite<R: Ruleset, O: Observer>(ctx: &mut MoveContext<'_, R, O>, landing: usize) {
    let opposite = ctx.board().opposite(landing);
    let by = ctx.mover();
    // Reported by the context as `Event::Capture` when it takes seeds.
    ctx.capture(opposite, u8::MAX, by);
}

/// [`opposite`], only if `landing` is in the mover's own row: Sadeqa III
/// (RULES.md section 5.3) and Andada (section 6.4).
#[inline]
pub(crate) fn opposite_in_own_row<R: Ruleset, O: Observer>(
    ctx: &mut MoveContext<'_, R, O>,
    landing: usize,
) {
    if ctx.board().owner(landing) == ctx.mover() {
        opposite(ctx, landing);
    }
}
