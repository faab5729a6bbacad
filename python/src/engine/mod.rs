//! Every call into the `sowing` crate lives here, behind the bindings' own
//! small types ([`Pos`], [`GameState`], [`Mv`], [`Side`], [`Error`]), so
//! that a change of the crate's API is met in this one module. The rest of
//! the bindings (beside `vector`'s stepping) knows nothing of `sowing`'s
//! types, and reaches everything here by its path `engine::X`.
//!
//! Here: the errors, sides, moves and the check of long work; in the
//! submodules, by concept: [`rules`], [`position`], [`actions`] (the
//! learning environments' numbering and observation), [`game`],
//! [`players`] (players, analysis, solver), [`bulk`] (random playouts) and
//! [`tablebase`].
//!
//! What is used, for whoever changes the core:
//!
//! - `AnyRuleset`: `FromStr` (a variant name, options allowed), `name()`,
//!   `variant()`, `set_option` and `option_value` (the options
//!   `starter-only`, `clockwise`, `reading`; `options::{OptionError,
//!   OptionValue}`), `RulesetError`'s message; `Variant::ALL`,
//!   `Variant::name`, `Variant::pits_per_row`.
//! - `AnyPosition`: `new_with_first`, `FromStr`, `from_str_with`,
//!   `with_lap_limit`, `rules`, `variant`, `pits_per_row`, `lap_limit`,
//!   `side_to_move`, `captured`, `points`, `row`, `warana_owner`,
//!   `is_over`, `outcome`, `legality` (`ends`, `undecided`), `settle`,
//!   `legal_moves`, `candidate_moves`, `play_with` (observers `()` and
//!   `Vec<Event>`), `play_unchecked`, `Display`, `Copy`/`Eq`/`Hash`; `visit`
//!   (a `Visit` of any `BuiltIn`), to reach `Position<R>` for the solver
//!   and the analysis.
//! - `MoveSet` (`into_iter`, `nth`, `len`, `pits`), `Move::{Pit, First}`
//!   and `FromStr`, `Player`, `Pit::new` / `owner` / `number`, every
//!   `Event` variant, `Outcome` (`is_ongoing`, `winner`, `score`, its
//!   variants, `Display`), `PlayError` (`Cancelled`, `Display`), a closure
//!   `FnMut(Move, u64) -> ControlFlow<()>` as the `Control`.
//! - `AnyGame`: `new`, `with_repetition`, `with_ply_limit`,
//!   `play_record_with`, `position`, `start`, `outcome`, `play_with`,
//!   `undo`, `moves`, `record`, `ply`, `occurrences`, `Clone`; `Record`
//!   (`FromStr`, `Display`), `RecordError::Play` and its `Display`.
//! - `bots::BotSpec` (`FromStr`, `build(seed)`), `Bot::choose_any_from`,
//!   `SpecError`'s message; `bots::alphabeta::{analyse, Table, Budget,
//!   Analysis, MoveValue, SearchValue}`, `bots::StandardEval` and the bound
//!   `StandardEval: Evaluation<R>`.
//! - `solver::{Solver::new, Solver::solve, Limits, Solution, Verdict}`;
//!   `Ruleset` and `Position<R>` as generic bounds.
//!
//! The bulk playouts ([`bulk`]) are the core's lazy random play
//! (`sowing::playout`, through `AnyPosition::visit`) on a lap-limited `AnyPosition`.

mod actions;
mod bulk;
mod game;
mod players;
mod position;
mod rules;
mod tablebase;

pub use actions::{action_count, action_of, move_of, observation_len};
pub use bulk::{game_seed, playouts};
pub use game::GameState;
pub use players::{SearchBudget, analyse, best_move, check_spec, solve};
pub use position::{Field, OutcomeInfo, Pos};
pub use rules::{Options, Rules, variant_names};
pub use tablebase::{BuildProgress, Db, DbValue, LayerInfo};

use sowing::{Move, PlayError, Player};
use std::ops::ControlFlow;

/// The lap limit of the bulk playouts (the benchmarks' limit, RULES.md
/// section 2's option).
pub const PLAYOUT_LAP_LIMIT: u32 = 10_000;
/// The longest bulk playout, in plies (as the benchmarks).
pub const PLAYOUT_MAX_PLIES: u32 = 1_000;

/// What went wrong, in words for the user.
#[derive(Debug)]
pub enum Error {
    /// Bad input: a malformed string, an unknown variant, an option the
    /// variant does not have.
    Value(String),
    /// A move that cannot be played here, with the engine's reason.
    Illegal(String),
    /// The caller's check (Ctrl-C in Python) stopped a long computation.
    Interrupted,
}

/// The result type of this module.
pub type Result<T> = std::result::Result<T, Error>;

fn play_error(e: PlayError) -> Error {
    match e {
        PlayError::Cancelled { .. } => Error::Interrupted,
        e => Error::Illegal(e.to_string()),
    }
}

/// A player: South or North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// South, who moves first by default.
    South,
    /// North.
    North,
}

impl Side {
    fn player(self) -> Player {
        match self {
            Side::South => Player::South,
            Side::North => Player::North,
        }
    }

    fn of(p: Player) -> Side {
        match p {
            Player::South => Side::South,
            Player::North => Side::North,
        }
    }

    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// `"south"` or `"north"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Index 0 (South) or 1 (North).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Reads `south`/`north`/`S`/`N` in any case.
    pub fn parse(s: &str) -> Result<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(Error::Value(format!(
                "unknown player {s:?} (expected \"south\" or \"north\")"
            ))),
        }
    }
}

/// A move: a pit number of the mover's row, or Andada's choice move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mv {
    /// The mover's pit `1..=n`, counted from his own left (any number is
    /// held; the engine refuses those outside the board).
    Pit(i64),
    /// Andada's choice: who makes the first regular move.
    Choice(Side),
}

impl Mv {
    /// Reads a move as the notation writes it (`3`, `S`, `N`).
    pub fn parse(s: &str) -> Result<Mv> {
        let t = s.trim();
        if let Ok(n) = t.parse::<i64>() {
            return Ok(Mv::Pit(n));
        }
        match t.parse::<Move>() {
            Ok(m) => Ok(Mv::of(m)),
            // The core's message names the move ("malformed move \"x\": ...").
            Err(e) => Err(Error::Value(e.to_string())),
        }
    }

    fn of(m: Move) -> Mv {
        match m {
            Move::Pit(n) => Mv::Pit(n.into()),
            Move::First(p) => Mv::Choice(Side::of(p)),
        }
    }

    /// The engine's move, or the refusal of a pit number outside the board
    /// (as the engine words it).
    fn to_move(self, pits_per_row: usize) -> Result<Move> {
        match self {
            Mv::Choice(s) => Ok(Move::First(s.player())),
            Mv::Pit(n) if (1..=pits_per_row as i64).contains(&n) => Ok(Move::Pit(n as u8)),
            Mv::Pit(n) => Err(Error::Illegal(format!(
                "move {n} is not legal: there is no pit {n}: pits are numbered 1 to {pits_per_row}"
            ))),
        }
    }
}

/// A check called during long computations: `true` stops them.
pub type Check<'a> = &'a mut dyn FnMut() -> bool;

/// The engine's [`sowing::Control`] for a check.
fn control<'a>(check: Check<'a>) -> impl FnMut(Move, u64) -> ControlFlow<()> + 'a {
    move |_, _| {
        if check() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
