//! A game on the server, written once over `R: Ruleset`: [`GameState<R>`]
//! plays, undoes and redoes moves, asks the computer players and keeps the
//! current [`Turn`]'s legality; the store and the API see it as a
//! [`ServedGame`], whatever its ruleset. The games' registry
//! (`crate::games`) enters a game's type here, at
//! [`GameState::served`], from a [`NewGame`]; so this module, and every
//! type its signatures name, sits below the registry and never names it
//! (the choice of a game by its name is `super::setup`'s).

use crate::describe;
use crate::serve::databases::{Databases, MoveResult};
use crate::serve::error::{ApiError, short};
use crate::serve::players;
use crate::serve::saved::SavedGame;
use crate::serve::turn::{Proving, Turn, refusal};
use crate::serve::view::{EventView, GameView, headline, views};
use serde::Serialize;
use sowing::bots::Bot;
use sowing::{Game, Move, MoveSet, PlayError, Player, Position, Record, RecordError, Ruleset};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Where a new game starts, once its ruleset is chosen.
#[derive(Clone, Debug)]
pub enum Start {
    /// The initial position, this player moving first.
    Initial(Player),
    /// A position string (of the chosen ruleset's name).
    Position(String),
}

/// A new game with its ruleset chosen and its seats checked: what the
/// game's own type is built from ([`GameState::served`]).
#[derive(Clone, Debug)]
pub struct NewGame {
    pub start: Start,
    pub record: Option<String>,
    pub seats: [String; 2],
    pub seed: u64,
    /// The moves of undos not yet played again, as records, the next redo
    /// last (a game read back from the games file; empty for a new one).
    pub redo: Vec<String>,
    /// A game read back from the games file: its record was played before,
    /// so its proofs are not bounded in time as a new request's are.
    pub restoring: bool,
}

impl NewGame {
    /// The initial position, people in both seats: a game made to read
    /// its title and board (`super::catalogue`).
    pub(super) fn listing() -> NewGame {
        NewGame {
            start: Start::Initial(Player::South),
            record: None,
            seats: [players::HUMAN.to_string(), players::HUMAN.to_string()],
            seed: 0,
            redo: Vec::new(),
            restoring: false,
        }
    }
}

/// What the API does with a game, whatever its ruleset: the store keeps
/// games as `Box<dyn ServedGame>`. Implemented by [`GameState<R>`].
pub trait ServedGame: Send {
    /// The current turn, for the prover.
    fn turn(&self) -> Arc<dyn Proving>;
    /// Plays a move typed by a person (`3`, `S`).
    ///
    /// # Errors
    /// Not a move, not a person's turn, the game is over, the move is not
    /// legal or still being proven.
    fn play_person(&mut self, text: &str) -> Result<Played, ApiError>;
    /// The computer's move for the side to move.
    ///
    /// # Errors
    /// The side to move is a person; the game is over; no move is decided
    /// yet (the proofs are still running).
    fn play_computer(&mut self) -> Result<Played, ApiError>;
    /// Takes back the last move, and the computer's moves before it, back
    /// to a person's turn (or one move if no person plays). Returns the
    /// moves taken back, last first.
    ///
    /// # Errors
    /// Nothing to undo.
    fn undo(&mut self) -> Result<Vec<String>, ApiError>;
    /// Plays again the moves of the last undo.
    ///
    /// # Errors
    /// Nothing to redo.
    fn redo(&mut self) -> Result<Vec<String>, ApiError>;
    /// The strongest player's move for the side to move, among the moves
    /// proven to end; `None` if there is none yet.
    fn hint(&mut self) -> Option<String>;
    /// Each legal move's result under perfect play, best first, where the
    /// databases of the game's ruleset and options in `databases` hold the
    /// position (empty where they do not, or the game is over); and why
    /// those databases cannot be read, if they cannot.
    fn move_results(&self, databases: &Databases) -> (Vec<MoveResult>, Option<String>);
    /// The game as the page draws it, under the id `id`.
    fn view(&self, id: &str) -> GameView;
    /// The game's full name with its options (`describe::title`).
    fn title(&self) -> String;
    /// Pits per row.
    fn pits_per_row(&self) -> usize;
    /// The game as the games file keeps it (`super::setup::restore` reads
    /// it back).
    fn saved(&self) -> SavedGame;
}

/// A game on the server: the engine's game, who sits where, the moves an
/// undo took back (for redo), and the current turn's legality.
pub struct GameState<R: Ruleset> {
    pub(super) game: Game<R>,
    pub(super) seats: [String; 2],
    bots: [Option<Box<dyn Bot<R>>>; 2],
    pub(super) redo: Vec<Vec<Move>>,
    pub(super) turn: Arc<Turn<R>>,
    seed: u64,
    /// The start position's string.
    pub(super) start: String,
}

impl<R: Ruleset> Drop for GameState<R> {
    fn drop(&mut self) {
        // A dropped game's proofs are of no more use.
        self.turn.cancel.store(true, Ordering::Relaxed);
    }
}

/// What a move did: the move, its player, its traced events.
#[derive(Serialize)]
pub struct Played {
    #[serde(rename = "move")]
    pub mv: String,
    pub player: char,
    pub events: Vec<EventView>,
}

impl<R: Ruleset> GameState<R> {
    /// A new game of `rules` from `setup`: the registry's entry point
    /// `new_served_game`.
    ///
    /// # Errors
    /// A malformed position string or record; a record move that cannot
    /// be played; an unknown player.
    pub fn served(rules: R, setup: &NewGame) -> Result<Box<dyn ServedGame>, ApiError> {
        let start = match &setup.start {
            Start::Position(text) => Position::from_str_with(rules, text).map_err(|e| {
                ApiError::bad_request("bad_position", format!("bad position string: {e}"))
            })?,
            Start::Initial(first) => Position::new_with_first(rules, *first),
        };
        let start_string = start.to_string();
        let mut game = Game::new(start);
        if let Some(text) = &setup.record {
            // Read whole against this board before any of it is played, a
            // pit outside the board named with the board's range.
            let record: Record = describe::parse_record(text, game.position().pits_per_row())
                .map_err(|e| {
                    ApiError::bad_request("bad_record", format!("bad record: {}", short(&e)))
                })?;
            // A restored record was played before: its moves end.
            let limit = if setup.restoring {
                Duration::MAX
            } else {
                RECORD_PROOF_TIME
            };
            play_record_within(&mut game, &record, limit)?;
        }
        let mut redo = Vec::new();
        for text in &setup.redo {
            let moves = describe::parse_record(text, game.position().pits_per_row())
                .map_err(|e| ApiError::bad_request("bad_record", format!("bad redo: {e}")))?;
            redo.push(moves.0);
        }
        let mut bots: [Option<Box<dyn Bot<R>>>; 2] = [None, None];
        for (i, seat) in setup.seats.iter().enumerate() {
            if seat != players::HUMAN {
                let seed = setup.seed.wrapping_mul(2).wrapping_add(i as u64);
                bots[i] = Some(
                    players::computer(seat, seed)
                        .map_err(|e| ApiError::bad_request("unknown_player", e))?,
                );
            }
        }
        let turn = Turn::start(*game.position(), game.outcome().is_ongoing());
        Ok(Box::new(GameState {
            game,
            seats: setup.seats.clone(),
            bots,
            redo,
            turn,
            seed: setup.seed,
            start: start_string,
        }))
    }

    /// A new turn after the position changed; the old turn's proofs stop.
    fn new_turn(&mut self) {
        self.turn.cancel.store(true, Ordering::Relaxed);
        self.turn = Turn::start(*self.game.position(), self.game.outcome().is_ongoing());
    }

    fn seat_of_mover(&self) -> &str {
        &self.seats[self.game.position().side_to_move().index()]
    }

    fn ongoing(&self) -> Result<(), ApiError> {
        match describe::ending(&self.game) {
            None => Ok(()),
            Some(why) => Err(ApiError::conflict(
                "game_over",
                format!("the game is over: {why}"),
            )),
        }
    }

    fn play(&mut self, mv: Move) -> Result<Played, ApiError> {
        let legality = self.turn.legality();
        let pos = *self.game.position();
        if legality.undecided.contains(mv) {
            return Err(ApiError::conflict(
                "proving",
                format!(
                    "still proving whether move {mv}'s sowing ends; the other moves are playable"
                ),
            ));
        }
        // Endless, or not a candidate at all.
        if !legality.ends.contains(mv) {
            return Err(ApiError::unprocessable(
                "illegal_move",
                format!("move {mv} is not legal: {}", refusal(&pos, mv, &legality)),
            ));
        }
        let player = pos.side_to_move();
        let events = self
            .game
            .play_traced(mv)
            .map_err(|e| ApiError::unprocessable("illegal_move", e.to_string()))?;
        self.redo.clear();
        self.new_turn();
        Ok(Played {
            mv: mv.to_string(),
            player: player.letter(),
            events: views(&pos, &events),
        })
    }
}

impl<R: Ruleset> ServedGame for GameState<R> {
    fn turn(&self) -> Arc<dyn Proving> {
        self.turn.clone()
    }

    fn play_person(&mut self, text: &str) -> Result<Played, ApiError> {
        self.ongoing()?;
        let side = self.game.position().side_to_move();
        if self.seat_of_mover() != players::HUMAN {
            return Err(ApiError::conflict(
                "not_your_turn",
                format!(
                    "{side} is played by the computer ({})",
                    self.seat_of_mover()
                ),
            ));
        }
        let mv = describe::parse_move(text, self.game.position().pits_per_row())
            .map_err(|e| ApiError::bad_request("bad_move", e))?;
        self.play(mv)
    }

    fn play_computer(&mut self) -> Result<Played, ApiError> {
        self.ongoing()?;
        let pos = *self.game.position();
        let side = pos.side_to_move();
        let legality = self.turn.legality();
        let Some(bot) = self.bots[side.index()].as_mut() else {
            return Err(ApiError::conflict(
                "not_computer_turn",
                format!("{side} is played by a person"),
            ));
        };
        if legality.ends.is_empty() {
            return Err(ApiError::conflict(
                "proving",
                format!(
                    "{side} waits for the proof whether {} end",
                    list(legality.undecided)
                ),
            ));
        }
        // A computer player chooses among the moves proven to end.
        let mv = bot.choose_from(&pos, legality.ends).ok_or_else(|| {
            ApiError::conflict("no_move", format!("{side}'s player found no move"))
        })?;
        self.play(mv)
    }

    fn undo(&mut self) -> Result<Vec<String>, ApiError> {
        let has_person = self.seats.iter().any(|s| s == players::HUMAN);
        let mut undone = Vec::new();
        while let Some(mv) = self.game.undo() {
            undone.push(mv);
            if !has_person || self.seat_of_mover() == players::HUMAN {
                break;
            }
        }
        if undone.is_empty() {
            return Err(ApiError::conflict(
                "nothing_to_undo",
                "no move has been played",
            ));
        }
        let names = undone.iter().map(Move::to_string).collect();
        undone.reverse();
        self.redo.push(undone);
        self.new_turn();
        Ok(names)
    }

    fn redo(&mut self) -> Result<Vec<String>, ApiError> {
        let moves = self
            .redo
            .pop()
            .ok_or_else(|| ApiError::conflict("nothing_to_redo", "no move has been taken back"))?;
        for &mv in &moves {
            self.game
                .play(mv)
                .map_err(|e| ApiError::conflict("redo_failed", e.to_string()))?;
        }
        self.new_turn();
        Ok(moves.iter().map(Move::to_string).collect())
    }

    fn hint(&mut self) -> Option<String> {
        let legality = self.turn.legality();
        if describe::ending(&self.game).is_some() || legality.ends.is_empty() {
            return None;
        }
        let mut bot =
            players::computer::<R>(players::STRONGEST, self.seed ^ self.game.ply() as u64).ok()?;
        bot.choose_from(self.game.position(), legality.ends)
            .map(|m| m.to_string())
    }

    fn move_results(&self, databases: &Databases) -> (Vec<MoveResult>, Option<String>) {
        databases.move_results(&self.game)
    }

    fn title(&self) -> String {
        describe::title(self.game.position().rules())
    }

    fn pits_per_row(&self) -> usize {
        self.game.position().pits_per_row()
    }

    fn saved(&self) -> SavedGame {
        SavedGame {
            rules: sowing::options::with_options(self.game.position().rules()).to_string(),
            start: self.start.clone(),
            seats: self.seats.clone(),
            seed: self.seed,
            record: self.game.record().to_string(),
            redo: self
                .redo
                .iter()
                .map(|moves| Record(moves.clone()).to_string())
                .collect(),
            ply: self.game.ply(),
            over: !self.game.outcome().is_ongoing(),
            title: self.title(),
            headline: headline(self.game.outcome()),
        }
    }

    fn view(&self, id: &str) -> GameView {
        self.view_as(id)
    }
}

fn list(moves: MoveSet) -> String {
    let names: Vec<String> = moves.iter().map(|m| format!("move {m}")).collect();
    names.join(", ")
}

/// How long a new game's record may spend proving endless sowings before
/// the request is refused: a request is answered, not held for the minutes
/// such a proof can take (RULES.md section 2).
const RECORD_PROOF_TIME: Duration = Duration::from_secs(2);

/// Plays `record` on `game` ([`Game::play_record_with`]), stopping a
/// proof that runs past `limit` (in all) and refusing the record then.
///
/// # Errors
/// A move of the record that cannot be played, a move after the game's
/// end, or a proof that did not finish within `limit`.
fn play_record_within<R: Ruleset>(
    game: &mut Game<R>,
    record: &Record,
    limit: Duration,
) -> Result<(), ApiError> {
    // No deadline for a limit past the clock's range (a restored record).
    let deadline = Instant::now().checked_add(limit);
    // Called about every million laps (a few milliseconds).
    let mut control = |_: Move, _: u64| {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    match game.play_record_with(record, &mut control) {
        Ok(()) => Ok(()),
        Err(RecordError::Play {
            ply,
            source: PlayError::Cancelled { mv: proving, laps },
        }) => Err(ApiError::unprocessable(
            "record_proof_too_long",
            format!(
                "the record cannot be played within {} s: at ply {ply}, whether move \
                 {proving}'s sowing ever ends is still unproved after {laps} laps; start the \
                 game from the position before it, and the board proves it in the background",
                limit.as_secs(),
            ),
        )),
        Err(e) => Err(ApiError::unprocessable(
            "bad_record",
            format!("the record cannot be played: {}", short(&e.to_string())),
        )),
    }
}
