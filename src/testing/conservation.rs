//! Seeds conserved ([`Check::Conservation`]): a move's captures, sweeps
//! and removals counted from its events against the counts it leaves, and
//! a position's seeds against the ruleset's total.

use super::report::{Check, Report};
use crate::event::Event;
use crate::moves::Move;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// Seeds are conserved by the move `mv` of `before`, counted from its
/// events.
pub(super) fn conservation<R: Ruleset>(
    before: &Position<R>,
    mv: Move,
    events: &[Event],
    after: &Position<R>,
    report: &mut Report,
) {
    let mut captured = Player::BOTH.map(|p| before.captured(p) as u32);
    let mut removed = before.removed();
    for e in events {
        match *e {
            Event::Capture { by, seeds, .. } | Event::WaranaCapture { by, seeds, .. } => {
                captured[by.index()] += seeds as u32;
            }
            Event::Sweep { to, seeds } => captured[to.index()] += seeds as u32,
            Event::Removed { seeds, .. } => removed += seeds as u32,
            _ => {}
        }
    }
    let found = Player::BOTH.map(|p| after.captured(p) as u32);
    if found != captured {
        report.fail(
            Check::Conservation,
            before,
            Some(mv),
            format!(
                "captured seeds {}-{} (South-North), as the move's capture and sweep events add up",
                captured[0], captured[1]
            ),
            format!(
                "{}-{} in {after} (a capture made without its event?)",
                found[0], found[1]
            ),
        );
    }
    let total = after.rules().total_seeds();
    let counted = after.seeds_on_board() + found[0] + found[1] + after.removed();
    if counted != total || after.removed() != removed {
        report.fail(
            Check::Conservation,
            before,
            Some(mv),
            format!("{total} seeds in all, {removed} of them removed from play by events"),
            format!(
                "{} on the board, {} captured, {} removed, in {after}",
                after.seeds_on_board(),
                found[0] + found[1],
                after.removed()
            ),
        );
    }
}

/// Seeds conserved in `p`, and captured and removed seeds never going down
/// from `prev`.
pub(super) fn totals<R: Ruleset>(p: &Position<R>, prev: Option<&Position<R>>, report: &mut Report) {
    let total = p.rules().total_seeds();
    let accounted =
        p.seeds_on_board() + p.captured(Player::South) as u32 + p.captured(Player::North) as u32;
    if accounted > total {
        report.fail(
            Check::Conservation,
            p,
            None,
            format!("at most the ruleset's {total} seeds on the board and captured"),
            format!("{accounted}"),
        );
    }
    if let Some(q) = prev {
        for player in Player::BOTH {
            if p.captured(player) < q.captured(player) {
                report.fail(
                    Check::Conservation,
                    q,
                    None,
                    format!("{player}'s captured seeds never go down"),
                    format!("they went down, to {p}"),
                );
            }
        }
        if p.removed() < q.removed() {
            report.fail(
                Check::Conservation,
                q,
                None,
                "the seeds removed from play never come back",
                format!("some did, in {p}"),
            );
        }
    }
}
