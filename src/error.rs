//! Typed errors. Every error says what is wrong; nothing is changed when one
//! is returned.

use crate::moves::Move;
use crate::player::Player;
use thiserror::Error;

/// Why a move is not available in a position (the move is not in the
/// legal-move list for one of these reasons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
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
    /// Sadeqa II: each player's very first move must be from his pit 6
    /// (RULES.md section 4.1).
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
}

/// Why [`Position::play`](crate::Position::play) refused a move. The position
/// is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
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
    #[error("move {mv} did not end within the lap limit of {limit} laps and counts as endless")]
    LapLimit {
        /// The refused move.
        mv: Move,
        /// The limit in force.
        limit: u32,
    },
}

/// A move string that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Neither a pit number nor `S`/`N`.
    #[error("malformed move {0:?}: expected a pit number or S/N")]
    Malformed(String),
    /// A number outside 1..=24.
    #[error("move {0:?} is out of range: pit numbers run from 1 to 24 at most")]
    OutOfRange(String),
}

/// A position string that is malformed or describes an impossible position
/// (RULES.md section 7). Each variant names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// The string has fewer fields than a position needs.
    #[error("position string is missing the {0} field")]
    MissingField(&'static str),
    /// More fields than a position has.
    #[error("unexpected field {0:?} after the position")]
    ExtraField(String),
    /// The variant field names no known variant.
    #[error("variant field: unknown variant {0:?}")]
    UnknownVariant(String),
    /// The variant is valid but not one this ruleset type plays.
    #[error("variant field: {found:?} is not a {expected} variant")]
    WrongVariant {
        /// The variant named in the string.
        found: String,
        /// The ruleset expected.
        expected: &'static str,
    },
    /// The pits field is not `<south>/<north>`.
    #[error("pits field: expected <south pits>/<north pits>, found {0:?}")]
    Rows(String),
    /// A row has the wrong number of pits.
    #[error("pits field: {row}'s row has {found} pits, the variant has {expected}")]
    PitCount {
        /// The row.
        row: Player,
        /// Pits given.
        found: usize,
        /// Pits per row of the variant.
        expected: usize,
    },
    /// A pit count is not a number.
    #[error("pits field: {row}'s pit {pit} is {text:?}, not a seed count")]
    PitValue {
        /// The row.
        row: Player,
        /// The pit number.
        pit: usize,
        /// What was written.
        text: String,
    },
    /// A warana mark (`w`) in a variant without waranas.
    #[error("pits field: {row}'s pit {pit} is marked as a warana, but {variant} has no waranas")]
    WaranaNotAllowed {
        /// The row.
        row: Player,
        /// The pit number.
        pit: usize,
        /// The variant.
        variant: &'static str,
    },
    /// The side-to-move field is not `S` or `N`.
    #[error("side-to-move field: expected S or N, found {0:?}")]
    SideToMove(String),
    /// The captured field is not `<south>-<north>`.
    #[error("captured field: expected <south>-<north> decimal counts, found {0:?}")]
    Captured(String),
    /// The state field is not valid for this variant.
    #[error("state field: {0}")]
    State(String),
    /// More seeds (on the board plus captured) than the variant has.
    #[error("pits and captured fields: {found} seeds, but {variant} has only {total}")]
    TooManySeeds {
        /// Seeds counted.
        found: u32,
        /// Seeds the variant starts with.
        total: u32,
        /// The variant.
        variant: &'static str,
    },
    /// A position the rules cannot reach.
    #[error("impossible position: {0}")]
    Impossible(String),
}

/// A game record that cannot be read or replayed (RULES.md section 7).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
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
