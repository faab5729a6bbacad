//! A game ([`GameState`]): history, undo, the repetition rule and a ply
//! limit, over the core's `AnyGame`.

use sowing::{AnyGame, PlayError, Record};

use super::position::{OutcomeInfo, Pos, outcome_info};
use super::{Check, Error, Mv, Result, control, play_error};

/// A game: history, undo, the repetition rule and a ply limit.
#[derive(Clone, Debug)]
pub struct GameState(pub(super) AnyGame);

impl GameState {
    /// A game from `start`; `repetition`: the occurrence that draws (`None`
    /// switches it off); `ply_limit`: a draw after so many plies.
    pub fn new(start: Pos, repetition: Option<u32>, ply_limit: Option<usize>) -> GameState {
        GameState(
            AnyGame::new(start.0)
                .with_repetition(repetition)
                .with_ply_limit(ply_limit),
        )
    }

    /// Plays the moves of a record (`2/8/3/9`), checking `check` during
    /// long proofs.
    pub fn play_record(&mut self, record: &str, check: Check<'_>) -> Result<()> {
        let rec: Record = record
            .parse()
            .map_err(|e| Error::Value(format!("bad record {record:?}: {e}")))?;
        let mut ctl = control(check);
        self.0.play_record_with(&rec, &mut ctl).map_err(|e| {
            if matches!(
                e,
                sowing::RecordError::Play {
                    source: PlayError::Cancelled { .. },
                    ..
                }
            ) {
                Error::Interrupted
            } else {
                Error::Illegal(e.to_string())
            }
        })
    }

    /// The current position.
    pub fn position(&self) -> Pos {
        Pos(self.0.position())
    }

    /// The start position.
    pub fn start(&self) -> Pos {
        Pos(self.0.start())
    }

    /// Whether the game is over (the repetition rule and ply limit
    /// included).
    pub fn is_over(&self) -> bool {
        !self.0.outcome().is_ongoing()
    }

    /// The outcome, the repetition rule and ply limit included.
    pub fn outcome(&self) -> OutcomeInfo {
        outcome_info(self.0.outcome())
    }

    /// Plays `mv`.
    pub fn play(&mut self, mv: Mv, check: Check<'_>) -> Result<()> {
        let m = mv.to_move(self.position().pits_per_row())?;
        let mut ctl = control(check);
        self.0.play_with(m, &mut (), &mut ctl).map_err(play_error)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Mv> {
        self.0.undo().map(Mv::of)
    }

    /// The moves played.
    pub fn moves(&self) -> Vec<Mv> {
        self.0.moves().iter().map(|&m| Mv::of(m)).collect()
    }

    /// The game record.
    pub fn record(&self) -> String {
        self.0.record().to_string()
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.0.ply()
    }

    /// How often the current position has occurred.
    pub fn occurrences(&self) -> u32 {
        self.0.occurrences()
    }
}
