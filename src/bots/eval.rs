//! Evaluation of positions for the searching players: one function per
//! game, from the view of the side to move, which a caller can replace.
//!
//! The values are plain integers, higher is better for the side to move,
//! in units of about one seed (a few hundred at most). Finished games are
//! never evaluated here: the search scores them from their outcome.

use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};

/// An evaluation of the positions of ruleset `R`.
///
/// `evaluate` is called only for positions that are not over, and returns
/// a value for the side to move (`pos.side_to_move()`): positive is good
/// for him. Keep it within ±10,000: larger values are taken for proven
/// results.
pub trait Evaluation<R: Ruleset> {
    /// The value of `pos` for the side to move.
    fn evaluate(&self, pos: &Position<R>) -> i32;
}

/// An evaluation of every ruleset of the crate: what a player that can play
/// any variant needs. Implemented for every type that evaluates all four.
pub trait Evaluator:
    Evaluation<SadeqaV>
    + Evaluation<SadeqaII>
    + Evaluation<SadeqaIII>
    + Evaluation<Andada>
    + Clone
    + Send
    + 'static
{
}

impl<T> Evaluator for T where
    T: Evaluation<SadeqaV>
        + Evaluation<SadeqaII>
        + Evaluation<SadeqaIII>
        + Evaluation<Andada>
        + Clone
        + Send
        + 'static
{
}

/// The crate's evaluations, by game:
///
/// - **Sadeqa V** (RULES.md 3.7): points difference, the points being
///   captured seeds plus the seeds in one's waranas ([`Position::points`]),
///   with a small bonus per warana owned (a warana goes on collecting).
/// - **Sadeqa III and game 91** (RULES.md 5.5): captured difference. The
///   final sweep of the seeds left to the last mover is scored exactly by
///   the search when the game ends.
/// - **Sadeqa II and Andada** (RULES.md 4.4, 6.6: the last player able to
///   move wins): being able to keep moving: occupied pits in one's row
///   (candidate moves: mobility), pits holding two seeds or more, and seeds
///   in one's row, against the opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StandardEval;

/// Seeds in `player`'s row, how many of its pits are occupied, and how
/// many hold two seeds or more.
fn row_counts<R: Ruleset>(pos: &Position<R>, player: Player) -> (i32, i32, i32) {
    pos.row(player)
        .fold((0, 0, 0), |(seeds, occupied, several), s| {
            (
                seeds + s as i32,
                occupied + (s > 0) as i32,
                several + (s > 1) as i32,
            )
        })
}

/// Mobility and seeds of the side to move against the opponent's: `4` per
/// occupied pit (a candidate move), `4` more per pit of two seeds or more
/// (a move that reaches past the next pit), `1` per seed.
fn keep_moving<R: Ruleset>(pos: &Position<R>) -> i32 {
    let me = pos.side_to_move();
    let (my_seeds, my_pits, my_several) = row_counts(pos, me);
    let (their_seeds, their_pits, their_several) = row_counts(pos, me.other());
    4 * (my_pits - their_pits) + 4 * (my_several - their_several) + (my_seeds - their_seeds)
}

impl Evaluation<SadeqaV> for StandardEval {
    fn evaluate(&self, pos: &Position<SadeqaV>) -> i32 {
        let me = pos.side_to_move();
        let points = |p: Player| pos.points(p).unwrap_or(0) as i32;
        let waranas = |p: Player| {
            (1..=pos.pits_per_row() as u8)
                .filter(|&i| pos.warana_owner(crate::Pit::new(p.other(), i)) == Some(p))
                .count() as i32
        };
        4 * (points(me) - points(me.other())) + 2 * (waranas(me) - waranas(me.other()))
    }
}

impl Evaluation<SadeqaIII> for StandardEval {
    fn evaluate(&self, pos: &Position<SadeqaIII>) -> i32 {
        let me = pos.side_to_move();
        4 * (pos.captured(me) as i32 - pos.captured(me.other()) as i32)
    }
}

impl Evaluation<SadeqaII> for StandardEval {
    fn evaluate(&self, pos: &Position<SadeqaII>) -> i32 {
        keep_moving(pos)
    }
}

impl Evaluation<Andada> for StandardEval {
    fn evaluate(&self, pos: &Position<Andada>) -> i32 {
        keep_moving(pos)
    }
}
