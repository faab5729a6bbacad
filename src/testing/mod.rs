//! A property harness any ruleset can run (feature `testing`):
//! [`check_ruleset`] plays seeded random games of a [`Ruleset`] and checks,
//! at every position on the way, what the engine promises of every game.
//! A game of one's own calls it from a test, as the crate's own games and
//! Oware do (OpenSpiel's `RandomSimTest` and board-game's
//! `board_test_main` are the models):
//!
//! ```
//! use sowing::rulesets::SadeqaIII;
//! use sowing::testing::check_ruleset;
//!
//! // In a test: 4 random games, seed 1. `assert_ok` panics with the
//! // report (what went wrong, where, with which move) if a check failed.
//! let report = check_ruleset(SadeqaIII::new(), 4, 1);
//! report.assert_ok();
//! assert!(report.is_ok());
//! println!("{report}"); // "sadeqa-iii: 4 games, ... all checks passed"
//! ```
//!
//! # The checks
//!
//! Each is a [`Check`]; a failure is a [`Finding`] with the position
//! string, the move, what was expected and what happened.
//!
//! - [`Check::Conservation`]: seeds are conserved. After every move the
//!   captured counts grow by exactly the captures and sweeps the move's
//!   events report, the seeds removed from play by exactly its removals,
//!   and board + captured + removed is the ruleset's
//!   [`total_seeds`](Ruleset::total_seeds); captured and removed seeds
//!   never go down.
//! - [`Check::EmptySowing`]: every candidate has a seed to sow. A candidate
//!   that is an empty pit (or whose [`Ruleset::start`] names one, or an
//!   index off the board) is a mistake of the ruleset's: the engine leaves
//!   it out of the legal moves and refuses it with
//!   [`PlayError::EmptySowing`]; the harness names it.
//! - [`Check::LegalMoves`]: the legal moves are candidates; a game is over
//!   exactly when there is none; [`Position::legality`] splits the
//!   candidates into three disjoint sets.
//! - [`Check::LegalPlays`]: every legal move plays, and
//!   [`Position::play_unchecked`], [`Position::successors`] and
//!   [`Position::children`] give the position [`Position::play`] gives.
//! - [`Check::IsLegal`]: [`Position::is_legal`] agrees with
//!   [`Position::legal_moves`] for every pit number 0 to 25 and both choice
//!   moves.
//! - [`Check::Refusal`]: a move that is not legal is refused with the right
//!   kind of error ([`PlayError::GameOver`], [`PlayError::Illegal`] for a
//!   non-candidate, [`PlayError::Endless`] or [`PlayError::LapLimit`] for a
//!   candidate), the same as [`Position::check`] says, and changes nothing,
//!   by `play` nor by `play_unchecked`.
//! - [`Check::Notation`]: the position string reads back as the same
//!   position (so the ruleset's [`name`](Ruleset::name),
//!   [`from_name`](Ruleset::from_name) and state field agree), and, with the
//!   `serde` feature, serde (JSON) round-trips it.
//! - [`Check::GameEnds`]: every game ends (by the ruleset's rules or by
//!   [`Game`]'s repetition rule) within [`Checks::ply_bound`] plies, under a
//!   lap limit of [`Checks::lap_limit`] laps, and a game that goes on has a
//!   legal move.
//! - [`Check::Playout`]: the lazy random play ([`playout_with`],
//!   [`Position::play_random`]) plays legal moves, and replaying its moves
//!   with [`Position::play`] gives the same position.
//! - [`Check::Perft`]: [`perft`](crate::perft) at [`Checks::perft_depth`]
//!   is the sum of its children's counts (every position's count at depth
//!   1 is its number of legal moves).
//!
//! Random games use a lap limit ([`Position::with_lap_limit`]): the exact
//! endless-sowing test can take minutes on a rare move (RULES.md section
//! 2), and these checks are about bookkeeping. Odd-numbered games start
//! with North to move, even ones with South.
//!
//! The harness allocates (reports, games, lists of children): it is for
//! tests, not for the hot path.
//!
//! The parts: [`Report`] and its [`Finding`]s (`report`); [`Checks`], the
//! settings and the runs of random games and playouts (`checks`); and the
//! checks of one position or move by kind: seeds conserved
//! (`conservation`), the legal moves, their plays and the refusals of the
//! others (`legality`), the position string's round trips (`notation`),
//! perft (`perft`).

mod checks;
mod conservation;
mod legality;
mod notation;
mod perft;
mod report;

pub use checks::{Checks, MoveCheck};
pub use report::{Check, Finding, Report};

use crate::ruleset::Ruleset;
// Named by the module docs' links only.
#[cfg(doc)]
use crate::{
    error::PlayError,
    game::Game,
    position::{Position, playout_with},
};

/// Runs every check ([module docs](self)) on `games` random games of
/// `rules`, seeded by `seed`, with the default [`Checks`]. The same
/// arguments play the same games.
///
/// ```
/// use sowing::rulesets::{Andada, SadeqaV};
/// use sowing::testing::check_ruleset;
///
/// assert!(check_ruleset(SadeqaV, 2, 7).is_ok());
/// let clockwise = Andada::new(15).unwrap().with_clockwise(true);
/// assert!(check_ruleset(clockwise, 2, 7).is_ok());
/// ```
pub fn check_ruleset<R: Ruleset>(rules: R, games: usize, seed: u64) -> Report {
    Checks::default().run(rules, games, seed)
}
