//! [`Game`]: a position with its history: undo, the repetition policy, an
//! optional ply limit and the game record.

use crate::error::{PlayError, RecordError};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::notation::Record;
use crate::outcome::{DrawReason, Outcome};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::sow::Control;
use std::collections::HashMap;

/// A game in progress: the start position, the moves played and the
/// positions they led to.
///
/// **Repetition** (engine policy, not a traditional rule; RULES.md section 2):
/// by default a position that occurs for the third time with the same player
/// to move ends the game as a draw. A ruleset can set its own count
/// ([`Ruleset::repetition`]), what the end does to the position
/// ([`Ruleset::repetition_end`]: Oware collects the seeds left, and
/// [`Game::position`] shows them collected) and the result
/// ([`Ruleset::repetition_outcome`]). [`Game::with_repetition`] changes the
/// count or switches it off. A **ply limit** ([`Game::with_ply_limit`]) ends
/// the game as a draw after that many plies.
///
/// ```
/// use sowing::{Game, Move, Position, Record, rulesets::SadeqaIII};
///
/// let mut game = Game::new(Position::new(SadeqaIII::new()));
/// game.play_record(&"1/3".parse::<Record>()?)?;
/// assert_eq!(game.record().to_string(), "1/3");
/// assert_eq!(game.undo(), Some(Move::Pit(3)));
/// assert_eq!(game.undo(), Some(Move::Pit(1)));
/// assert_eq!(game.position(), game.start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<R: Ruleset> {
    positions: Vec<Position<R>>,
    moves: Vec<Move>,
    seen: HashMap<Position<R>, u32>,
    repetition: Option<u32>,
    ply_limit: Option<usize>,
    /// When the last ply ended the game by repetition: the position that
    /// occurred once too often, as it was before the ruleset's
    /// [`Ruleset::repetition_end`] changed the game's last position.
    repeated: Option<Position<R>>,
}

impl<R: Ruleset> Game<R> {
    /// A game from `start`, with the ruleset's repetition rule
    /// ([`Ruleset::repetition`]: by default a draw on the third
    /// occurrence) and no ply limit.
    pub fn new(start: Position<R>) -> Self {
        let mut seen = HashMap::new();
        seen.insert(start, 1);
        Game {
            positions: vec![start],
            moves: Vec::new(),
            seen,
            repetition: start.rules().repetition().map(|c| c.max(2)),
            ply_limit: None,
            repeated: None,
        }
    }

    /// A game from `start` with the moves of `record` played.
    ///
    /// # Errors
    /// [`RecordError`] naming the first ply that cannot be played.
    pub fn from_record(start: Position<R>, record: &Record) -> Result<Self, RecordError> {
        let mut game = Game::new(start);
        game.play_record(record)?;
        Ok(game)
    }

    /// Plays the moves of `record` in order.
    ///
    /// # Errors
    /// [`RecordError`] naming the first ply that cannot be played; the moves
    /// before it stay played.
    pub fn play_record(&mut self, record: &Record) -> Result<(), RecordError> {
        self.play_record_with(record, &mut ())
    }

    /// [`Game::play_record`] with any long proof on the way reported to
    /// `control` ([`Game::play_with`]), which may cancel it: a program
    /// that must answer in time (a web server) bounds a record so.
    ///
    /// # Errors
    /// As [`Game::play_record`]; a cancelled proof is
    /// [`RecordError::Play`] with [`PlayError::Cancelled`], the ply of the
    /// move being played.
    pub fn play_record_with<C: Control>(
        &mut self,
        record: &Record,
        control: &mut C,
    ) -> Result<(), RecordError> {
        for &mv in record.moves() {
            let ply = self.ply() + 1;
            let outcome = self.outcome();
            if !outcome.is_ongoing() {
                return Err(RecordError::Over { ply, outcome });
            }
            self.play_with(mv, &mut (), control)
                .map_err(|source| RecordError::Play { ply, source })?;
        }
        Ok(())
    }

    /// End the game when a position occurs for the `count`-th time
    /// (`None`: never), with the ruleset's repetition end and result
    /// ([`Ruleset::repetition_end`], [`Ruleset::repetition_outcome`]: by
    /// default a draw). Counts below 2 are treated as 2. Set it before
    /// play: a game already ended by repetition stays ended.
    pub fn with_repetition(mut self, count: Option<u32>) -> Self {
        self.repetition = count.map(|c| c.max(2));
        self
    }

    /// Draw once `plies` plies have been played (`None`: no limit).
    pub fn with_ply_limit(mut self, plies: Option<usize>) -> Self {
        self.ply_limit = plies;
        self
    }

    /// The current position.
    pub fn position(&self) -> &Position<R> {
        self.positions
            .last()
            .expect("a game always holds its start position")
    }

    /// The start position.
    pub fn start(&self) -> &Position<R> {
        &self.positions[0]
    }

    /// The position after each ply, start first (`ply() + 1` entries).
    pub fn positions(&self) -> &[Position<R>] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The game record.
    pub fn record(&self) -> Record {
        Record(self.moves.clone())
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// How often the current position has occurred (with the same player to
    /// move), counting this time. After a repetition end, the count of the
    /// position that occurred once too often ([`Game::repeated`]).
    pub fn occurrences(&self) -> u32 {
        let pos = self.repeated.as_ref().unwrap_or(self.position());
        self.seen.get(pos).copied().unwrap_or(0)
    }

    /// When the last ply ended the game by repetition: the position that
    /// occurred once too often, as it was before the ruleset's repetition
    /// end ([`Ruleset::repetition_end`]) made [`Game::position`] of it
    /// (Oware collects the seeds left; by default the two are the same).
    /// `None` otherwise.
    pub fn repeated(&self) -> Option<&Position<R>> {
        self.repeated.as_ref()
    }

    /// The result of a game ended by repetition
    /// ([`Ruleset::repetition_outcome`]); else the position's outcome; else
    /// a draw by ply limit; else ongoing.
    pub fn outcome(&self) -> Outcome {
        if self.repeated.is_some() {
            return self
                .position()
                .rules()
                .repetition_outcome(&self.position().view());
        }
        let outcome = self.position().outcome();
        if !outcome.is_ongoing() {
            return outcome;
        }
        if let Some(limit) = self.ply_limit
            && self.ply() >= limit
        {
            return Outcome::Draw {
                reason: DrawReason::PlyLimit,
                score: None,
            };
        }
        Outcome::Ongoing
    }

    /// The legal moves; empty once the game is over by any rule.
    pub fn legal_moves(&self) -> MoveSet {
        if self.outcome().is_ongoing() {
            self.position().legal_moves()
        } else {
            MoveSet::EMPTY
        }
    }

    /// Plays `mv` ([`Position::play`]).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game is over (by the rules, repetition
    /// or the ply limit), or why the position refused the move. The game is
    /// then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_with(mv, &mut (), &mut ())
    }

    /// Plays `mv` and returns its events ([`Position::play_traced`]).
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play_traced(&mut self, mv: Move) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        self.play_with(mv, &mut events, &mut ())?;
        Ok(events)
    }

    /// Plays `mv` with its events to `obs` and any long proof on the way
    /// reported to `control` ([`Position::play_with`]).
    ///
    /// # Errors
    /// As [`Game::play`], and [`PlayError::Cancelled`].
    pub fn play_with<O: Observer, C: Control>(
        &mut self,
        mv: Move,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        if !self.outcome().is_ongoing() {
            return Err(PlayError::GameOver);
        }
        let mut next = *self.position();
        next.play_with(mv, obs, control)?;
        self.push(mv, next, obs);
        Ok(())
    }

    /// Appends the ply; a position that now occurs for the repetition
    /// count's time (and whose game is not over by its rules) ends the
    /// game: the ruleset's repetition end is applied to it, its events
    /// to `obs`.
    fn push<O: Observer>(&mut self, mv: Move, mut next: Position<R>, obs: &mut O) {
        let seen = self.seen.entry(next).or_insert(0);
        *seen += 1;
        if let Some(count) = self.repetition
            && *seen >= count
            && !next.is_over()
        {
            self.repeated = Some(next);
            next.end_by_repetition(obs);
        }
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let last = self.positions.pop()?;
        let pos = self.repeated.take().unwrap_or(last);
        if let Some(c) = self.seen.get_mut(&pos) {
            *c -= 1;
            if *c == 0 {
                self.seen.remove(&pos);
            }
        }
        Some(mv)
    }
}
