//! perft against counting children ([`Check::Perft`]): the count at a
//! depth is the sum of the children's, the count at depth 1 the number of
//! legal moves.

use super::report::{Check, Report};
use crate::moves::MoveSet;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// perft at `depth` is the sum over the children, and at depth 1 the
/// number of legal moves.
pub(super) fn perft_check<R: Ruleset>(p: &Position<R>, depth: u32, report: &mut Report) {
    let depth = depth.max(1);
    let legal: MoveSet = p.legal_moves();
    let one = crate::perft(p, 1);
    if one != legal.len() as u64 {
        report.fail(
            Check::Perft,
            p,
            None,
            format!("perft(1) = {} legal moves", legal.len()),
            format!("{one}"),
        );
    }
    let whole = crate::perft(p, depth);
    let sum: u64 = p
        .successors()
        .map(|(_, child)| crate::perft(&child, depth - 1))
        .sum();
    if whole != sum {
        report.fail(
            Check::Perft,
            p,
            None,
            format!(
                "perft({depth}) = {sum}, the children's perft({}) added up",
                depth - 1
            ),
            format!("{whole}"),
        );
    }
}
