//! `sowing`: the rules engine for the two-row mancala ("sowing") games of
//! Ethiopia and Eritrea recorded by Richard Pankhurst in 1971: Sadeqa V,
//! Sadeqa II, Sadeqa III (and game 91) and Andada.
//!
//! ```
//! use sowing::{Move, Player, Position, rulesets::SadeqaIII};
//!
//! // Sadeqa III from the start: South plays his pit 1 (RULES.md section 5).
//! let mut pos = Position::new(SadeqaIII::new());
//! let events = pos.play_traced(Move::Pit(1))?;
//! assert_eq!(events.len(), 6); // 5 laps, then the capture of North's pit 4
//! assert_eq!(pos.captured(Player::South), 8);
//! assert_eq!(
//!     pos.to_string(),
//!     "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0"
//! );
//! assert_eq!(pos.legal_moves().len(), 6); // North's six occupied pits
//! # Ok::<(), sowing::PlayError>(())
//! ```
//!
//! # The rule book
//!
//! Every rule is specified in `RULES.md` (the repository's `docs/RULES.md`,
//! shown here as the module [`rules`]), which the documentation cites by
//! section ("RULES.md section 3.3" is section 3.3 of [`rules`]); the decisions where the sources
//! are silent are listed in each ruleset's module documentation.
//!
//! # A game of your own
//!
//! A game is a type implementing [`Ruleset`]: its board (pits per row,
//! seeds per pit), how it is won ([`Scoring`]), which pits may be played
//! ([`Ruleset::candidates`]), what ends a move and what the last lap does
//! ([`Ruleset::relays`], [`Ruleset::lap_end`]), what happens when a player
//! cannot move ([`Ruleset::no_move`]) and the result
//! ([`Ruleset::outcome`]). The hooks read the position through a [`View`]
//! and change it only through a [`MoveContext`]. Everything else comes
//! with it: legality with the exact endless-sowing test, play, the
//! position string, [`Game`] with records and repetition, [`playout`], the
//! computer players and the solver. The repository holds a worked example
//! in a crate of its own, a West African game as OpenSpiel plays it,
//! checked against OpenSpiel (the README's "A game of your own").
//!
//! ```
//! use sowing::{Lap, Move, MoveSet, NoMove, Outcome, Position, Ruleset, Scoring, MoveContext, Turn, View};
//! use sowing::Observer;
//! use std::borrow::Cow;
//!
//! /// 2 x 3 pits of 2 seeds, one lap a move, no captures; whoever cannot
//! /// move loses.
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! struct Tiny;
//!
//! impl Ruleset for Tiny {
//!     type State = ();
//!     fn name(&self) -> Cow<'static, str> { Cow::Borrowed("tiny") }
//!     fn from_name(name: &str) -> Option<Self> { name.eq_ignore_ascii_case("tiny").then_some(Tiny) }
//!     fn pits_per_row(&self) -> usize { 3 }
//!     fn seeds_per_pit(&self) -> u8 { 2 }
//!     fn scoring(&self) -> Scoring { Scoring::LastMover }
//!     fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
//!         MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
//!     }
//!     fn relays(&self, _: &Lap<'_>, _: &()) -> bool { false }
//!     fn lap_end<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>, _: &Lap<'_>) -> Turn { Turn::Next }
//!     fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove { NoMove::End }
//!     fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
//!         Outcome::Win { winner: pos.side_to_move().other(), score: None }
//!     }
//! }
//!
//! let mut pos = Position::new(Tiny);
//! assert_eq!(pos.to_string(), "tiny 2,2,2/2,2,2 S 0-0");
//! pos.play(Move::Pit(3))?; // South's pit 3 sows North's pits 1 and 2
//! assert_eq!(pos.to_string(), "tiny 2,2,0/3,3,2 N 0-0");
//! assert_eq!("tiny 2,2,0/3,3,2 N 0-0".parse::<Position<Tiny>>()?, pos);
//!
//! // Last, the checks every game here passes: random games, and what the
//! // engine promises of each (feature `testing`).
//! # #[cfg(feature = "testing")]
//! sowing::testing::check_ruleset(Tiny, 20, 1).assert_ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! That last call, `sowing::testing::check_ruleset` (feature `testing`), is how
//! a game of one's own is tested, as the crate's own games and Oware are:
//! it plays seeded random games and checks seeds conserved, every legal
//! move playing, refused moves changing nothing, the position string's
//! round trip, games ending, no candidate being an empty pit, and more,
//! and reports each failure with the position, the move, what was expected
//! and what happened. Put it in a test of the ruleset's crate, with
//! `sowing` as a dev-dependency with `features = ["testing"]`.
//!
//! The computer players and the endgame databases need no more code: the
//! evaluation the players search with ([`Ruleset::evaluate`]) has a
//! default from how the game is won, and so does the numbering of the
//! states the databases hold ([`Ruleset::state_index`]). Every tool (the
//! terminal game, replay, analysis, the solver, the databases, self-play
//! and the web board) comes from the workspace's `sowing-cli` crate with
//! one line in the game's `main`: `sowing_cli::run([Tiny::default()])`
//! (docs/TOOLS.md, "A game of your own").
//!
//! ```
//! # use sowing::{Lap, MoveContext, MoveSet, NoMove, Outcome, Ruleset, Scoring, Turn, View};
//! # use sowing::Observer;
//! # use std::borrow::Cow;
//! # #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! # struct Tiny;
//! # impl Ruleset for Tiny {
//! #     type State = ();
//! #     fn name(&self) -> Cow<'static, str> { Cow::Borrowed("tiny") }
//! #     fn from_name(name: &str) -> Option<Self> { name.eq_ignore_ascii_case("tiny").then_some(Tiny) }
//! #     fn pits_per_row(&self) -> usize { 3 }
//! #     fn seeds_per_pit(&self) -> u8 { 2 }
//! #     fn scoring(&self) -> Scoring { Scoring::LastMover }
//! #     fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
//! #         MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
//! #     }
//! #     fn relays(&self, _: &Lap<'_>, _: &()) -> bool { false }
//! #     fn lap_end<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>, _: &Lap<'_>) -> Turn { Turn::Next }
//! #     fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove { NoMove::End }
//! #     fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
//! #         Outcome::Win { winner: pos.side_to_move().other(), score: None }
//! #     }
//! # }
//! # #[cfg(all(feature = "bots", feature = "tablebase"))] {
//! use sowing::Position;
//! use sowing::bots::{AlphaBeta, Bot, GreedyBot, Mcts, from_spec_for};
//! use sowing::tablebase::{Builder, Tablebase};
//!
//! let start = Position::new(Tiny);
//! let players: [Box<dyn Bot<Tiny>>; 4] = [
//!     Box::new(AlphaBeta::new(6)),
//!     Box::new(GreedyBot::new(1)),
//!     Box::new(Mcts::new(200, 1)),
//!     from_spec_for("alphabeta:4", 1)?,
//! ];
//! for mut player in players {
//!     assert!(start.is_legal(player.choose(&start).expect("a move")));
//! }
//!
//! let dir = std::env::temp_dir().join(format!("sowing-tiny-{}", std::process::id()));
//! Builder::new(Tiny, &dir).max_seeds(12).build(|_| {})?;
//! let tablebase = Tablebase::open(Tiny, &dir)?;
//! assert!(tablebase.probe(&start).is_some()); // all 12 seeds: the whole game
//! # std::fs::remove_dir_all(&dir).ok();
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Architecture
//!
//! The modules are the pipeline of a move:
//!
//! - [`Board`]: the pits in sowing order and the geometry (RULES.md
//!   section 1); a lap is a few word-wide additions from precomputed tables.
//! - the `sow` engine: relay sowing (section 2) lap after lap until the
//!   ruleset stops it, with the exact endless test, lap budgets, progress
//!   reports and cancelling ([`Control`]), and Andada's barrier.
//! - [`Ruleset`]: the hooks in which games differ ([`Ruleset::candidates`],
//!   [`Ruleset::relays`], [`Ruleset::lap_end`], [`Ruleset::no_move`], the
//!   outcome, points and notation), changing a position only through the
//!   narrow [`MoveContext`]. The games live in [`rulesets`].
//! - [`Position`]: a board and the game's state, with legality found once a
//!   turn ([`Position::legal_moves`], [`Position::legality`],
//!   [`Position::prove`]), play ([`Position::play`],
//!   [`Position::successors`]) and turns; built by [`Position::new`] or
//!   from a validated [`Setup`].
//! - [`Game`]: history, undo, repetition; [`Record`]: the game record.
//! - [`AnyRuleset`], [`AnyPosition`] and [`AnyGame`] choose a ruleset at run
//!   time by its name (`sadeqa-ii`, `game-91`, ...).
//! - [`bots`]: computer players (random, greedy, alpha-beta, MCTS),
//!   generic over the ruleset; [`solver`]: an exact proof-number solver
//!   with checked strategies; [`certificate`]: what the solver proves
//!   (a win, a bound on the margin) as a file checked apart, with the
//!   endgame databases at its leaves; [`perft`]: move-generation counts.
//!
//! Pits are named as the notation names them ([`Pit`]: owner and number
//! from the owner's left, RULES.md section 1); moves are [`Move`]s; the
//! position string and game record are RULES.md section 7.
//!
//! # Endless sowing
//!
//! A relay sowing can cycle forever. Such a move is not legal: it is left out
//! of [`Position::legal_moves`] and refused with [`PlayError::Endless`]. The
//! test is exact by default and uses constant memory; it can take minutes
//! for the rare move whose cycle runs to 10^10 laps. A program a person
//! waits on uses [`Position::legality`] (what is known at once: the moves
//! that end, the proven endless ones, the undecided ones) and
//! [`Position::prove`] (with progress and cancel); search and playouts use
//! [`Position::with_lap_limit`], which trades exactness for bounded time.

#![warn(missing_docs)]
// `unsafe` in a few calls only, each allowed where it is with its
// reasoning: memory-mapping a finished database file (`tablebase::file`),
// the processor's prefetch hint (`search`, `tablebase::edges`) and the
// huge-page advice for the search tables (`search`).
#![deny(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod any;
/// The rule book, `docs/RULES.md`, verbatim: every rule, the decisions
/// where the sources are silent, the named options for the other
/// readings, worked cases and the notation. "RULES.md section N" in these
/// docs is its section N.
///
/// (Left out of doctests: its diagrams are plain text.)
#[cfg(not(doctest))]
pub mod rules {
    #![doc = include_str!("../docs/RULES.md")]
}
/// The rule book's text, `docs/RULES.md` verbatim (Markdown): what module
/// [`rules`] shows, for a program that shows it in its own way (the web
/// board's "How to play" pages). Part of the crate, so that a dependent's
/// package needs no copy.
pub const RULE_BOOK: &str = include_str!("../docs/RULES.md");
mod board;
#[cfg(feature = "bots")]
pub mod bots;
pub mod certificate;
mod error;
mod event;
mod game;
mod moves;
mod notation;
pub mod options;
mod outcome;
mod perft;
mod player;
mod position;
mod ruleset;
pub mod rulesets;
mod search;
mod serde_str;
mod setup;
pub mod solver;
mod sow;
#[cfg(feature = "tablebase")]
#[cfg_attr(docsrs, doc(cfg(feature = "tablebase")))]
pub mod tablebase;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;
mod text;
mod variant;
mod view;

pub use any::{AnyGame, AnyPosition, AnyRuleset, Arm, BuiltIn, RulesetError, Visit, VisitRuleset};
pub use board::{Board, BoardError, MAX_PITS};
#[cfg(feature = "bots")]
pub use bots::BotOfEach;
pub use error::{
    ParseMoveError, ParsePositionError, PlayError, RecordError, Refusal, SetupError, StateError,
    Unreachable,
};
pub use event::{Event, Observer};
pub use game::Game;
pub use moves::{MAX_PITS_PER_ROW, Move, MoveSet, MoveSetIter};
pub use notation::Record;
pub use outcome::{DrawReason, Outcome, Score};
pub use perft::perft;
pub use player::{Pit, Player};
pub use position::{Legality, Position, Proof, SKIPPING_LAP_LIMIT, TURN_BUDGET};
#[cfg(feature = "bots")]
pub use position::{playout, playout_with};
/// The `rand` crate, version 0.10, whose generators [`playout`],
/// [`Position::play_random`] and the [`bots`] take (feature `bots`).
/// A dependent uses it through this re-export, so that his generator is
/// of the version the crate takes (a generator of another `rand` version
/// does not implement this version's `Rng`, and the compiler's error does
/// not say so):
///
/// ```
/// use sowing::rand::{SeedableRng, rngs::SmallRng};
/// use sowing::{Position, playout, rulesets::SadeqaIII};
///
/// let mut rng = SmallRng::seed_from_u64(3);
/// let mut pos = Position::new(SadeqaIII::new()).with_lap_limit(Some(10_000));
/// let plies = playout(&mut pos, &mut rng, 2_000);
/// assert!(plies > 0);
/// ```
#[cfg(feature = "bots")]
#[cfg_attr(docsrs, doc(cfg(feature = "bots")))]
pub use rand;
#[allow(deprecated)]
pub use ruleset::Sowing;
pub use ruleset::{Lap, MoveContext, NoMove, Ruleset, Scoring, Start, Turn};
pub use setup::Setup;
pub use sow::{Control, PROGRESS_LAPS};
pub use variant::{ANDADA_SIZES, UnknownVariant, Variant};
pub use view::View;

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of the players' guide, `docs/PLAYERS.md`, run as
/// doctests.
#[cfg(all(doctest, feature = "bots"))]
#[doc = include_str!("../docs/PLAYERS.md")]
pub struct PlayersGuideDoctests;

/// The Rust examples of the databases' guide, `docs/DATABASES.md`, run as
/// doctests.
#[cfg(all(doctest, feature = "tablebase"))]
#[doc = include_str!("../docs/DATABASES.md")]
pub struct DatabasesGuideDoctests;
