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
//! Every rule is specified in `RULES.md` (the repository's `docs/RULES.md`),
//! which the documentation cites by section; the decisions where the sources
//! are silent are listed in each ruleset's module documentation.
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
//!   narrow [`Sowing`] context. The games live in [`rulesets`].
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
//!   with checked strategies; [`perft`]: move-generation counts.
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
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod any;
mod board;
#[cfg(feature = "bots")]
pub mod bots;
mod error;
mod event;
mod game;
mod moves;
mod notation;
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
mod variant;
mod view;

pub use any::{AnyGame, AnyPosition, AnyRuleset};
pub use board::{Board, BoardError, MAX_PITS};
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
pub use position::{Legality, Position, Proof, TURN_BUDGET};
pub use ruleset::{Lap, NoMove, Ruleset, Scoring, Sowing, Start, Turn};
pub use setup::Setup;
pub use sow::{Control, PROGRESS_LAPS};
pub use variant::{ANDADA_SIZES, BuiltIn, UnknownVariant, Variant};
pub use view::View;

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
