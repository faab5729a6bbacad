//! [`perft`]: the number of move sequences of a given length, the test of
//! move generation shakmaty and other engines ship.

use crate::position::Position;
use crate::ruleset::Ruleset;

/// The number of positions reached from `pos` after exactly `depth` plies
/// (leaf nodes of the game tree cut at `depth`, counted with
/// multiplicity): `perft(pos, 0) == 1`, and `perft(pos, d)` is the sum of
/// `perft(child, d - 1)` over every legal move of `pos` (the exact legal
/// moves, [`Position::legal_moves`], so a position without a lap limit
/// runs the exact endless-sowing test).
///
/// A ply is one legal move: a bonus move (Sadeqa V), Andada's opening and
/// his choice move are plies; an automatic pass is not (the position after
/// a move is the one with the pass made). A finished game has no legal
/// move, so it is a leaf only at the depth where it is reached: a game that
/// ends before `depth` counts nothing (as checkmate does in chess perft).
/// Repetition is a policy of [`Game`](crate::Game), not of the position:
/// it is ignored. These are the counts of the crate's
/// `tests/data/perft.txt`.
///
/// The count grows about as the branching factor (up to the pits per row)
/// to the power `depth`; the time is that many moves.
///
/// ```
/// use sowing::{Position, perft, rulesets::SadeqaIII};
///
/// let start = Position::new(SadeqaIII::new());
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 1), start.legal_moves().len() as u64);
/// ```
pub fn perft<R: Ruleset>(pos: &Position<R>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = pos.legal_moves();
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
