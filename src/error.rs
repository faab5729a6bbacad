//! Typed errors. Every error says what is wrong; nothing is changed when one
//! is returned.
//!
//! The error enums are `#[non_exhaustive]`: a refusal added later does not
//! break a dependent, whose `match` needs a `_` arm (issue 24). Without
//! one, a match over every variant of today does not compile:
//!
//! ```compile_fail,E0004
//! use sowing::PlayError;
//! fn code(e: PlayError) -> u8 {
//!     match e {
//!         PlayError::GameOver => 0,
//!         PlayError::Illegal { .. } => 1,
//!         PlayError::Endless { .. } => 2,
//!         PlayError::LapLimit { .. } => 3,
//!         PlayError::Cancelled { .. } => 4,
//!         PlayError::EmptySowing { .. } => 5,
//!     }
//! }
//! ```
//!
//! ```compile_fail,E0004
//! use sowing::Refusal::*;
//! fn code(e: sowing::Refusal) -> u8 {
//!     match e {
//!         NoSuchPit { .. } | EmptyPit { .. } | Warana { .. } | ForcedFirstMove { .. } => 0,
//!         ChoiceExpected | PitExpected | NotACandidate => 1,
//!     }
//! }
//! ```
//!
//! ```compile_fail,E0004
//! use sowing::RecordError::*;
//! fn code(e: sowing::RecordError) -> u8 {
//!     match e {
//!         Parse { .. } | Play { .. } | Over { .. } => 0,
//!     }
//! }
//! ```
//!
//! ```compile_fail,E0004
//! use sowing::ParseMoveError::*;
//! fn code(e: sowing::ParseMoveError) -> u8 {
//!     match e {
//!         Malformed(_) | OutOfRange(_) => 0,
//!     }
//! }
//! ```
//!
//! ```compile_fail,E0004
//! use sowing::BoardError::*;
//! fn code(e: sowing::BoardError) -> u8 {
//!     match e {
//!         Rows { .. } | TooManySeeds { .. } => 0,
//!     }
//! }
//! ```
//!
//! A ruleset's state error is made by its constructor, not filled in field
//! by field, so the help text is no field to fill in:
//!
//! ```
//! use sowing::StateError;
//! let e = StateError::unexpected("my-game", "play");
//! assert_eq!(e.to_string(), "a my-game position has no state field, found \"play\"");
//! ```
//!
//! ```compile_fail,E0639
//! let e = sowing::StateError::Unexpected { variant: "x", hint: "", found: "y".into() };
//! ```

use crate::moves::Move;
// The move string's error is defined with the moves, and the quoting of
// input in `text`, both below this module (whose errors name moves);
// re-exported so that their old paths still work.
pub use crate::moves::ParseMoveError;
use crate::player::Player;
pub(crate) use crate::text::excerpt;
use std::borrow::Cow;
use thiserror::Error;

/// Why a move is not available in a position (the move is not in the
/// legal-move list for one of these reasons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The pit number is outside `1..=n`.
    #[error("there is no pit {pit}: pits are numbered 1 to {pits_per_row}")]
    NoSuchPit {
        /// The pit number given.
        pit: u8,
        /// Pits per row on this board.
        pits_per_row: u8,
    },
    /// The pit is empty.
    #[error("pit {pit} is empty")]
    EmptyPit {
        /// The pit number.
        pit: u8,
    },
    /// Sadeqa V: a warana may not be played (RULES.md section 3.1).
    #[error("pit {pit} is a warana and may not be played")]
    Warana {
        /// The pit number.
        pit: u8,
    },
    /// Sadeqa II: each player's very first move must be from his
    /// rightmost pit, pit 6 on the standard board (RULES.md section 4.1).
    #[error("the first move must be from pit {pit}")]
    ForcedFirstMove {
        /// The pit that must be played.
        pit: u8,
    },
    /// Andada: after the opening, the other player names who makes the first
    /// regular move (`S` or `N`), RULES.md section 6.2.
    #[error("the choice move is due: name who makes the first regular move, S or N")]
    ChoiceExpected,
    /// A choice move (`S`/`N`) where a pit must be played.
    #[error("a pit number is expected here, not a choice move")]
    PitExpected,
    /// The move is of the right kind but the ruleset does not offer it (a
    /// reason no ruleset names; kept for rulesets to come).
    #[error("the rules do not allow this move here")]
    NotACandidate,
}

/// Why [`Position::play`](crate::Position::play) refused a move. The position
/// is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over: no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The move is not available here.
    #[error("move {mv} is not legal: {reason}")]
    Illegal {
        /// The refused move.
        mv: Move,
        /// Why.
        reason: Refusal,
    },
    /// The move's relay sowing never ends (it returns to its own first state),
    /// so it cannot be completed and is not legal (RULES.md section 2).
    #[error("move {mv} is endless: its relay sowing repeats forever")]
    Endless {
        /// The refused move.
        mv: Move,
    },
    /// The move's sowing did not end within the caller's lap limit; under
    /// that option it counts as endless (RULES.md section 2).
    #[error(
        "move {mv} did not end within the lap limit of {limit} {} and counts as endless",
        if *limit == 1 { "lap" } else { "laps" }
    )]
    LapLimit {
        /// The refused move.
        mv: Move,
        /// The limit in force.
        limit: u32,
    },
    /// The caller's [`Control`](crate::Control) cancelled a long proof that
    /// the move needed (its own, or the next player's moves'); nothing was
    /// played.
    #[error("move {mv}: the proof of whether its sowing ends was cancelled after {laps} laps")]
    Cancelled {
        /// The move being proved.
        mv: Move,
        /// Laps sown when it was cancelled.
        laps: u64,
    },
    /// The ruleset offers `mv` as a candidate ([`Ruleset::candidates`](crate::Ruleset::candidates)),
    /// but its sowing has no seed to sow: the pit it starts from
    /// ([`Ruleset::start`](crate::Ruleset::start)) is empty or off the
    /// board. A mistake in the ruleset, not in the move: such a move is
    /// never legal; `sowing::testing::check_ruleset` reports it.
    #[error(
        "move {mv} sows no seed: the ruleset offers it as a candidate, but the pit its sowing \
         starts from is empty or off the board (a mistake in the ruleset's `candidates` or `start`)"
    )]
    EmptySowing {
        /// The candidate move.
        mv: Move,
    },
}

/// A position string that is malformed (RULES.md section 7), or whose
/// setup is impossible. Each variant names the field at fault; quoted input
/// is cut to 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The string is empty (or only blanks).
    #[error(
        "position string is empty: expected <variant> <south pits>/<north pits> <side to move> <captured> [<state>]"
    )]
    Empty,
    /// The string has fewer fields than a position needs.
    #[error("position string is missing the {0} field")]
    MissingField(&'static str),
    /// More fields than a position has.
    #[error("unexpected field {0:?} after the position")]
    ExtraField(String),
    /// The variant field names no known variant.
    #[error("variant field: unknown variant {0:?}")]
    UnknownVariant(String),
    /// The pits field is not `<south>/<north>`.
    #[error("pits field: expected <south pits>/<north pits>, found {0:?}")]
    Rows(String),
    /// A pit count is not a number (or has more than 9 digits).
    #[error("pits field: {row}'s pit {pit} is {text:?}, not a seed count")]
    PitValue {
        /// The row.
        row: Player,
        /// The pit number.
        pit: usize,
        /// What was written.
        text: String,
    },
    /// A row has more pits than any board (24).
    #[error("pits field: {row}'s row has more than 24 pits")]
    RowTooLong {
        /// The row.
        row: Player,
    },
    /// The side-to-move field is not `S` or `N`.
    #[error("side-to-move field: expected S or N, found {0:?}")]
    SideToMove(String),
    /// The captured field is not `<south>-<north>`.
    #[error("captured field: expected <south>-<north> decimal counts, found {0:?}")]
    Captured(String),
    /// The string is well formed, but not a position of the ruleset.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Why [`Position::from_setup`](crate::Position::from_setup) refused a
/// [`Setup`](crate::Setup): what it may not hold (RULES.md section 7).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The variant is valid but not one this ruleset plays.
    #[error("variant field: the setup is {found}, but the ruleset plays {expected}")]
    WrongVariant {
        /// The variant named in the setup.
        found: String,
        /// The ruleset's variant ([`Ruleset::name`](crate::Ruleset::name),
        /// `sadeqa-iii`).
        expected: Cow<'static, str>,
    },
    /// A row has the wrong number of pits.
    #[error(
        "pits field: {row}'s row has {found} {}, the variant has {expected}",
        if *.found == 1 { "pit" } else { "pits" }
    )]
    PitCount {
        /// The row.
        row: Player,
        /// Pits given.
        found: usize,
        /// Pits per row of the variant.
        expected: usize,
    },
    /// More seeds (on the board plus captured) than the variant has.
    #[error("pits and captured fields: {found} seeds, but {variant} has only {total}")]
    TooManySeeds {
        /// Seeds counted.
        found: u64,
        /// Seeds the variant starts with.
        total: u32,
        /// The variant.
        variant: Cow<'static, str>,
    },
    /// Fewer seeds (on the board plus captured) than the variant starts
    /// with, in a game that never takes seeds out of play
    /// ([`Ruleset::removes_seeds`](crate::Ruleset::removes_seeds) is
    /// `false`): no play reaches it.
    #[error(
        "pits and captured fields: {found} seeds, but {variant} always holds {total} \
         (on the board plus captured): every seed taken from the board is counted as captured"
    )]
    TooFewSeeds {
        /// Seeds counted.
        found: u64,
        /// Seeds the variant starts with, and every position it reaches
        /// holds.
        total: u32,
        /// The variant.
        variant: Cow<'static, str>,
    },
    /// A marked pit (`w`) in a variant without waranas.
    #[error("pits field: {pit} is marked as a warana, but {variant} has no waranas")]
    MarkNotAllowed {
        /// The pit.
        pit: crate::Pit,
        /// The variant.
        variant: Cow<'static, str>,
    },
    /// A marked pit that is not on the board (a hand-built [`Setup`](crate::Setup)).
    #[error("pits field: {pit} is marked, but the board has {pits_per_row} pits a row")]
    MarkOffBoard {
        /// The pit.
        pit: crate::Pit,
        /// Pits per row of the variant.
        pits_per_row: u8,
    },
    /// The state field is not valid for this variant.
    #[error("state field: {0}")]
    State(#[from] StateError),
    /// A position the rules cannot reach.
    #[error("impossible position: {0}")]
    Unreachable(#[from] Unreachable),
}

/// A state field (RULES.md section 7) the variant does not accept.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StateError {
    /// The variant needs a state field and there is none.
    #[error("missing: {variant} positions carry one of {expected}")]
    Missing {
        /// The variant.
        variant: Cow<'static, str>,
        /// The words it accepts.
        expected: &'static str,
    },
    /// The variant has no state field (here) and one was given. Made with
    /// [`StateError::unexpected`] (and, for help on where the information
    /// goes instead, [`StateError::with_hint`]).
    #[error(
        "a {variant} position has no state field{}, found {found:?}",
        hint_words(hint)
    )]
    #[non_exhaustive]
    Unexpected {
        /// The variant.
        variant: Cow<'static, str>,
        /// What the writer may have meant, or `""`
        /// (`" (a warana is marked in the pits field, as 3w)"`).
        hint: &'static str,
        /// What was written.
        found: String,
    },
    /// Not one of the variant's words.
    #[error("{variant} expects one of {expected}, found {found:?}")]
    Unknown {
        /// The variant.
        variant: Cow<'static, str>,
        /// The words it accepts.
        expected: &'static str,
        /// What was written.
        found: String,
    },
}

impl StateError {
    /// [`StateError::Unexpected`]: a `variant` position has no state field,
    /// and `found` was written (quoted cut to 40 characters); no hint.
    pub fn unexpected(variant: impl Into<Cow<'static, str>>, found: &str) -> StateError {
        StateError::Unexpected {
            variant: variant.into(),
            hint: "",
            found: excerpt(found),
        }
    }

    /// The same error with help on what the writer may have meant, shown
    /// in parentheses after "no state field" (Sadeqa V: `"a warana is
    /// marked in the pits field, as 3w"`). Only [`StateError::Unexpected`]
    /// carries a hint; any other error is returned as it is.
    pub fn with_hint(self, hint: &'static str) -> StateError {
        match self {
            StateError::Unexpected { variant, found, .. } => StateError::Unexpected {
                variant,
                hint,
                found,
            },
            other => other,
        }
    }
}

/// A hint as [`StateError::Unexpected`] shows it: `" (hint)"`, or nothing;
/// a hint already written in parentheses is not put in another pair.
fn hint_words(hint: &str) -> String {
    let h = hint.trim();
    let h = h
        .strip_prefix('(')
        .and_then(|h| h.strip_suffix(')'))
        .unwrap_or(h);
    if h.is_empty() {
        String::new()
    } else {
        format!(" ({h})")
    }
}

/// A setup the rules cannot reach from any start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Unreachable {
    /// The side to move cannot move while the other player can, in a game
    /// where passing is automatic (Sadeqa V, RULES.md section 3.5): the other
    /// player would be to move.
    #[error("{side} to move has no legal move while {other} has one; passing is automatic, so {other} would be to move", other = side.other())]
    PassNotAutomatic {
        /// The side to move written.
        side: Player,
    },
    /// Sadeqa II: only one player's first move is still restricted, and he
    /// is not to move. Turns alternate (no bonus moves, no passes), so the
    /// other player moved after him: his first move is made.
    #[error("{player}'s first move is still restricted, so he must be the side to move")]
    RestrictedNotToMove {
        /// The restricted player.
        player: Player,
    },
    /// Andada under Ludii's reading: there is no choice move (RULES.md
    /// section 6.7).
    #[error("Ludii's reading of andada has no choice move, so no position is in phase choice")]
    NoChoiceUnderLudii,
    /// Andada under Ludii's reading: the singleton test is made after every
    /// lap, so phase `singles` means every pit holds at most one seed now
    /// (RULES.md section 6.7).
    #[error("under Ludii's reading phase singles means every pit holds at most one seed")]
    LudiiSinglesNotSingle,
    /// Sadeqa II under the starter-only option: only one player's first
    /// move can be restricted.
    #[error(
        "under the starter-only option only one player's first move is restricted, not both (first:SN)"
    )]
    BothRestrictedStarterOnly,
    /// Andada: the opening is defined only from the initial board.
    #[error(
        "an andada position in phase opening must be the initial board (every pit 2, nothing captured)"
    )]
    OpeningNotInitial,
    /// Andada: the choice follows the opening at once.
    #[error(
        "an andada position in phase choice must be one of the opening's three results (0,3,3,... from some pit), nothing captured"
    )]
    ChoiceNotOpened,
    /// Andada: the singleton ending starts with at most one seed a pit, and
    /// seeds only leave the board after that.
    #[error(
        "an andada position in phase singles holds at most {pits} seeds in all, not {seeds}: the singleton ending starts with at most one seed a pit, and seeds only leave the board after that"
    )]
    TooManyForSingles {
        /// Seeds on the board.
        seeds: u32,
        /// Pits on the board.
        pits: u32,
    },
}

/// A game record that cannot be read or replayed (RULES.md section 7).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// An entry of the record is not a move.
    #[error("ply {ply}: {source}")]
    Parse {
        /// 1-based ply number.
        ply: usize,
        /// The parse error.
        source: ParseMoveError,
    },
    /// A move of the record was refused.
    #[error("ply {ply}: {source}")]
    Play {
        /// 1-based ply number.
        ply: usize,
        /// Why it was refused.
        source: PlayError,
    },
    /// The game ended (repetition or ply limit) before this ply.
    #[error("ply {ply}: the game is already over ({outcome})")]
    Over {
        /// 1-based ply number.
        ply: usize,
        /// The result that ended it.
        outcome: crate::Outcome,
    },
}
