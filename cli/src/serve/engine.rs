//! Every call into the `sowing` engine made by the server lives here: setting
//! up a game, the budgeted legality of a turn, playing, undo and redo, the
//! computer players' moves, the endgame databases, and the JSON views of a
//! game and of a move's traced events.
//!
//! The server hosts games of several rulesets at once: a game is a
//! [`GameState<R>`], written once for any `R: Ruleset`, and the store and
//! the API see it as a [`ServedGame`]. A request names its game by a name
//! of the program's [`Games`]; [`new_game`] reads the request's choices
//! and enters the game's type through the one entry point
//! `new_served_game` of the games' registry.
//!
//! Legality of a turn: the core sows each candidate move at the start of the
//! turn under a small lap budget (`TURN_BUDGET`); a move that neither ends
//! nor is proven endless within it is *undecided*, and the
//! [`crate::serve::prover`] workers prove it exactly, off the request threads,
//! with progress and cancellation, while the decided moves stay playable.

use crate::describe;
use crate::narrate::Narration;
use crate::serve::error::ApiError;
use crate::serve::players;
use crate::serve::saved::SavedGame;
use crate::{Games, Rules};
use serde::Serialize;
use sowing::bots::Bot;
use sowing::options::OptionValue;
use sowing::tablebase::{Forecast, Tablebase, TablebaseError};
use sowing::{
    Event, Game, Move, MoveSet, Pit, PlayError, Player, Position, Proof, Record, RecordError,
    Ruleset, TURN_BUDGET,
};
use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The rules a new game is played under, as the API names them.
#[derive(Clone, Debug, Default)]
pub struct RuleChoice {
    pub variant: Option<String>,
    pub starter_only: Option<bool>,
    pub clockwise: Option<bool>,
    pub reading: Option<String>,
}

/// How a new game starts, as the request gives it.
#[derive(Clone, Debug, Default)]
pub struct GameSetup {
    pub rules: RuleChoice,
    /// `S` or `N`: who moves first from the initial position.
    pub first: Option<String>,
    /// A position string to start from instead of the initial position.
    pub position: Option<String>,
    /// A game record to play from the start position.
    pub record: Option<String>,
    /// Who plays South and North: `human` or a computer player.
    pub seats: [String; 2],
    pub seed: u64,
}

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
    /// its title and board ([`catalogue`]).
    fn listing() -> NewGame {
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
    /// The game's full name with its options ([`describe::title`]).
    fn title(&self) -> String;
    /// Pits per row.
    fn pits_per_row(&self) -> usize;
    /// The game as the games file keeps it ([`restore`] reads it back).
    fn saved(&self) -> SavedGame;
}

/// The legal moves of one turn as far as they are known: what the core's
/// turn-start budget found ([`sowing::Legality`]), updated as the prover's
/// proofs come in.
#[derive(Clone, Copy, Debug, Default)]
pub struct Legality {
    /// Moves whose sowing ends: playable.
    pub ends: MoveSet,
    /// Moves proven endless: not legal.
    pub endless: MoveSet,
    /// Candidate moves still being proven.
    pub undecided: MoveSet,
    /// Laps sown so far in each undecided move's proof (by [`slot`]).
    laps: [u64; 26],
}

impl Legality {
    /// Laps sown so far in `mv`'s proof.
    pub fn laps(&self, mv: Move) -> u64 {
        self.laps[slot(mv)]
    }
}

/// A move's index in [`Legality::laps`]: pits 1..=24, then `S` and `N`.
fn slot(mv: Move) -> usize {
    match mv {
        Move::Pit(p) => (p as usize).clamp(1, 24) - 1,
        Move::First(Player::South) => 24,
        Move::First(Player::North) => 25,
    }
}

/// A turn whose undecided moves the prover's workers prove, whatever the
/// game's ruleset. Implemented by [`Turn<R>`].
pub trait Proving: Send + Sync {
    /// What is known of the turn's legal moves.
    fn legality(&self) -> Legality;
    /// Whether the game has moved on (the proofs are of no more use).
    fn cancelled(&self) -> bool;
    /// Proves whether the undecided `mv` ends, exactly, reporting progress
    /// every million laps or so; stops early once the turn is cancelled.
    fn prove(&self, mv: Move);
}

/// One turn: its position, what is known of its legal moves, and a flag
/// that cancels the proofs once the game has moved on.
pub struct Turn<R: Ruleset> {
    pub pos: Position<R>,
    pub legality: Mutex<Legality>,
    pub cancel: AtomicBool,
}

impl<R: Ruleset> Turn<R> {
    /// A turn of `pos`, with what the start of the turn found (no legal
    /// moves once the game is over, by any rule: `ongoing` false).
    fn start(pos: Position<R>, ongoing: bool) -> Arc<Turn<R>> {
        let mut legality = Legality::default();
        if ongoing {
            let found = pos.legality();
            legality.ends = found.ends;
            legality.endless = found.endless;
            legality.undecided = found.undecided;
            for mv in found.undecided {
                legality.laps[slot(mv)] = TURN_BUDGET;
            }
        }
        Arc::new(Turn {
            pos,
            legality: Mutex::new(legality),
            cancel: AtomicBool::new(false),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Legality> {
        self.legality.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<R: Ruleset> Proving for Turn<R> {
    fn legality(&self) -> Legality {
        *self.lock()
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    fn prove(&self, mv: Move) {
        if !self.legality().undecided.contains(mv) {
            return;
        }
        let mut control = |m: Move, laps: u64| {
            if self.cancel.load(Ordering::Relaxed) {
                return ControlFlow::Break(());
            }
            self.lock().laps[slot(m)] = laps;
            ControlFlow::Continue(())
        };
        let proof = self.pos.prove(mv, &mut control);
        let mut legality = self.lock();
        match proof {
            Ok(Proof::Ends { .. }) => {
                legality.ends.insert(mv);
            }
            Ok(Proof::Cancelled { .. }) => return,
            // Endless, over a lap limit (the server sets none), or not a
            // candidate (cannot happen for an undecided move).
            _ => {
                legality.endless.insert(mv);
            }
        }
        legality.undecided.remove(mv);
    }
}

/// A new game from the request's `setup`, of one of `games`: the seats,
/// the ruleset (a variant name, with options, or a position string's) and
/// where it starts are read here, then the game's own type is entered
/// once, through the registry's `new_served_game`.
///
/// # Errors
/// An unknown variant, player or option; a malformed position string or
/// record; a record move that cannot be played.
pub fn new_game(games: &Games, setup: &GameSetup) -> Result<Box<dyn ServedGame>, ApiError> {
    for seat in &setup.seats {
        players::check(seat).map_err(|e| ApiError::bad_request("unknown_player", e))?;
    }
    let (rules, start) = match &setup.position {
        // The position string names the side to move.
        Some(_) if setup.first.is_some() => {
            return Err(ApiError::bad_request(
                "first_with_position",
                "\"first\" applies to the initial position only: a position string \
                 names the side to move itself",
            ));
        }
        Some(text) => {
            let name = text.split_whitespace().next().unwrap_or("");
            let rules = ruleset(games, &setup.rules, name)?;
            if let Some(v) = &setup.rules.variant {
                let chosen = ruleset(games, &RuleChoice::default(), v)?.name();
                if chosen != rules.name() {
                    return Err(ApiError::bad_request(
                        "variant_mismatch",
                        format!(
                            "the position string is a {} position, but the variant chosen is {chosen}",
                            rules.name()
                        ),
                    ));
                }
            }
            (rules, Start::Position(text.clone()))
        }
        None => {
            let name = setup.rules.variant.as_deref().ok_or_else(|| {
                ApiError::bad_request("missing_variant", "give a variant or a position string")
            })?;
            let rules = ruleset(games, &setup.rules, name)?;
            let first = match setup.first.as_deref().map(str::trim) {
                None | Some("S") | Some("s") => Player::South,
                Some("N") | Some("n") => Player::North,
                Some(other) => {
                    return Err(ApiError::bad_request(
                        "bad_first",
                        format!("who starts: expected S or N, found {other:?}"),
                    ));
                }
            };
            (rules, Start::Initial(first))
        }
    };
    rules.erased().new_served_game(&NewGame {
        start,
        record: setup.record.clone(),
        seats: setup.seats.clone(),
        seed: setup.seed,
        redo: Vec::new(),
        restoring: false,
    })
}

/// A game read back from the games file, of one of `games`: its ruleset
/// (with its options) entered through the registry, its record replayed
/// from its start, its undos kept for redo.
///
/// # Errors
/// The program offers no such game, or the saved start or moves cannot
/// be played (a file written by another program's rules).
pub fn restore(games: &Games, saved: &SavedGame) -> Result<Box<dyn ServedGame>, ApiError> {
    let unreadable = |why: String| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "unreadable_game",
            format!("the saved game cannot be read back: {}", short(&why)),
        )
    };
    let rules = games.rules(&saved.rules).map_err(unreadable)?;
    rules
        .erased()
        .new_served_game(&NewGame {
            start: Start::Position(saved.start.clone()),
            record: Some(saved.record.clone()).filter(|r| !r.is_empty()),
            seats: saved.seats.clone(),
            seed: saved.seed,
            redo: saved.redo.clone(),
            restoring: true,
        })
        .map_err(|e| unreadable(e.message))
}

/// The ruleset named by the API's choice: `name` (any case; a game's
/// options may follow in brackets, `oware(seeds=3)`) among `games`, with
/// the choice's options set.
pub fn ruleset(games: &Games, choice: &RuleChoice, name: &str) -> Result<Rules, ApiError> {
    let name = name.trim().to_ascii_lowercase();
    let mut rules = games.rules(&name).map_err(|e| {
        // A known name with options in brackets that cannot be set.
        let bare = name.split('(').next().unwrap_or_default().trim();
        let code = if bare != name && games.rules(bare).is_ok() {
            "bad_option"
        } else {
            "unknown_variant"
        };
        ApiError::bad_request(code, e)
    })?;
    let flag = |on: Option<bool>| on.map(|b| if b { "true" } else { "false" });
    let given = [
        ("starter-only", flag(choice.starter_only), Some(true)),
        ("clockwise", flag(choice.clockwise), Some(true)),
        ("reading", choice.reading.as_deref(), None),
    ];
    // The options written in the variant's brackets.
    let bracketed: Vec<String> = sowing::options::split_options(&name)
        .map(|(_, pairs)| {
            pairs
                .iter()
                .map(|(o, _)| sowing::options::option_key(o))
                .collect()
        })
        .unwrap_or_default();
    for (option, value, refused_when) in given {
        let Some(value) = value else { continue };
        if bracketed.contains(&sowing::options::option_key(option)) {
            // As the tools refuse `--option` for an option in the name.
            let field = option.replace('-', "_");
            return Err(ApiError::bad_request(
                "bad_option",
                format!(
                    "option {option} given twice: in the variant {name:?} and as the field \
                     {field}; give it once"
                ),
            ));
        }
        let has = rules.options().iter().any(|o| o.name == option);
        if !has {
            // A false flag asks for what the game plays anyway.
            if refused_when.is_none() || value == "true" {
                let with = games.having_option(option).join(", ");
                let field = option.replace('-', "_");
                return Err(ApiError::bad_request(
                    "option_not_applicable",
                    if with.is_empty() {
                        format!("the option {field} applies to no game here")
                    } else {
                        format!("the option {field} applies to {with}, not {}", rules.name())
                    },
                ));
            }
            continue;
        }
        rules.set_option(option, Some(value)).map_err(|e| {
            let code = if option == "reading" {
                "unknown_reading"
            } else {
                "bad_option"
            };
            ApiError::bad_request(code, e.to_string())
        })?;
    }
    Ok(rules)
}

/// Game `game` as it stood after its first `ply` plies (a replay): a game
/// of its own, people at both seats, its record cut there.
///
/// # Errors
/// `ply` is past the game's plies (`bad_ply`, 422).
pub fn at_ply(
    games: &Games,
    game: &dyn ServedGame,
    ply: usize,
) -> Result<Box<dyn ServedGame>, ApiError> {
    let mut saved = game.saved();
    if ply > saved.ply {
        return Err(ApiError::unprocessable(
            "bad_ply",
            format!("the game has {} plies, not {ply}", saved.ply),
        ));
    }
    saved.record = saved
        .record
        .split('/')
        .take(ply)
        .collect::<Vec<_>>()
        .join("/");
    saved.redo.clear();
    saved.seats = [players::HUMAN.to_string(), players::HUMAN.to_string()];
    restore(games, &saved)
}

/// A game the page offers: its name, its full name, its pits per row.
#[derive(Clone, Debug, Serialize)]
pub struct VariantInfo {
    pub name: String,
    pub title: String,
    pub pits_per_row: usize,
}

/// The variants the page offers, each of `games` with its default options.
pub fn catalogue(games: &Games) -> Vec<VariantInfo> {
    games
        .names()
        .iter()
        .filter_map(|name| games.rules(name).ok())
        .filter_map(|rules| {
            let game = rules.erased().new_served_game(&NewGame::listing()).ok()?;
            Some(VariantInfo {
                name: rules.name(),
                title: game.title(),
                pits_per_row: game.pits_per_row(),
            })
        })
        .collect()
}

/// The endgame databases' directory and what was found there, ruleset by
/// ruleset (opened once, when a hint first asks: opening reads every byte
/// to check it).
pub struct Databases {
    dir: std::path::PathBuf,
    opened: Mutex<HashMap<(TypeId, String), Opened>>,
}

/// The databases of one ruleset (a `Tablebase<R>`, its type erased): there,
/// not there, or why they cannot be read.
type Opened = Result<Option<Arc<dyn Any + Send + Sync>>, String>;

impl Databases {
    /// The databases in `dir`, none opened yet.
    pub fn new(dir: std::path::PathBuf) -> Databases {
        Databases {
            dir,
            opened: Mutex::new(HashMap::new()),
        }
    }

    /// The databases of `rules`: `None` if the directory has none, an
    /// error (the message) if its files are damaged or of other options.
    fn of<R: Ruleset>(&self, rules: R) -> Result<Option<Arc<Tablebase<R>>>, String> {
        let key = (TypeId::of::<R>(), format!("{rules:?}"));
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        let found = opened
            .entry(key)
            .or_insert_with(|| match Tablebase::open(rules, &self.dir) {
                Ok(db) => Ok(Some(Arc::new(db) as Arc<dyn Any + Send + Sync>)),
                Err(TablebaseError::Missing { .. }) => Ok(None),
                Err(e) => Err(e.to_string()),
            })
            .clone()?;
        Ok(found.and_then(|db| db.downcast::<Tablebase<R>>().ok()))
    }
}

/// A game on the server: the engine's game, who sits where, the moves an
/// undo took back (for redo), and the current turn's legality.
pub struct GameState<R: Ruleset> {
    game: Game<R>,
    seats: [String; 2],
    bots: [Option<Box<dyn Bot<R>>>; 2],
    redo: Vec<Vec<Move>>,
    turn: Arc<Turn<R>>,
    seed: u64,
    /// The start position's string.
    start: String,
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
        let pos = self.game.position();
        let db = match databases.of(*pos.rules()) {
            Ok(Some(db)) => db,
            Ok(None) => return (Vec::new(), None),
            Err(e) => return (Vec::new(), Some(e)),
        };
        if describe::ending(&self.game).is_some() {
            return (Vec::new(), None);
        }
        let me = pos.side_to_move();
        let results = db
            .move_forecasts(pos)
            .unwrap_or_default()
            .into_iter()
            .map(|(mv, f)| MoveResult {
                mv: mv.to_string(),
                verdict: match (f, f.winner()) {
                    // Win/draw/loss databases: the sign from here on, the
                    // points held now unequal, says not who wins.
                    (Forecast::FromHere { .. }, _) => "undecided",
                    (_, Some(w)) if w == me => "winning",
                    (_, Some(_)) => "losing",
                    (_, None) => "drawing",
                },
                result: f.to_string(),
            })
            .collect();
        (results, None)
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
        let pos = self.game.position();
        let rules = pos.rules();
        let n = pos.pits_per_row();
        let legality = self.turn.legality();
        let ongoing = self.game.outcome().is_ongoing();
        let side = pos.side_to_move();
        let row = |owner: Player| -> Vec<PitView> {
            (1..=n as u8)
                .map(|number| {
                    let pit = Pit::new(owner, number);
                    PitView {
                        seeds: pos.seeds(pit),
                        warana: pos.warana_owner(pit).map(|p| p.letter()),
                    }
                })
                .collect()
        };
        let refusals = if ongoing {
            let candidates = pos.candidate_moves();
            let choice = candidates.iter().any(|m| m.pit().is_none());
            let mut moves: Vec<Move> = (1..=n as u8).map(Move::Pit).collect();
            if choice {
                moves.extend([Move::First(Player::South), Move::First(Player::North)]);
            }
            moves
                .into_iter()
                .filter(|&mv| !legality.ends.contains(mv))
                .map(|mv| (mv.to_string(), refusal(pos, mv, &legality)))
                .collect()
        } else {
            Vec::new()
        };
        let flag = |name| match rules.option_value(name) {
            Some(OptionValue::Flag(b)) => Some(b),
            _ => None,
        };
        let option_reading = match rules.option_value("reading") {
            Some(OptionValue::Choice(c)) => Some(c),
            _ => None,
        };
        // Any other option of the game, by its name.
        let options = rules
            .options()
            .iter()
            .filter(|o| !NAMED_OPTIONS.contains(&o.name))
            .filter_map(|o| Some((o.name, rules.option_value(o.name)?.to_string())))
            .collect();
        let position = pos.to_string();
        let phase = position.split_whitespace().nth(4).map(str::to_string);
        GameView {
            id: id.to_string(),
            variant: rules.name().into_owned(),
            title: describe::title(rules),
            starter_only: flag("starter-only"),
            clockwise: flag("clockwise"),
            reading: option_reading,
            options,
            pits_per_row: n,
            seats: Seats {
                south: self.seats[0].clone(),
                north: self.seats[1].clone(),
            },
            start: self.start.clone(),
            position,
            record: self.game.record().to_string(),
            ply: self.game.ply(),
            can_undo: self.game.ply() > 0,
            can_redo: !self.redo.is_empty(),
            phase,
            to_move: side.letter(),
            to_move_seat: self.seats[side.index()].clone(),
            board: Board {
                south: row(Player::South),
                north: row(Player::North),
            },
            tally: tally(pos),
            legal: legality.ends.iter().map(|m| m.to_string()).collect(),
            endless: legality.endless.iter().map(|m| m.to_string()).collect(),
            undecided: legality
                .undecided
                .iter()
                .map(|m| Undecided {
                    mv: m.to_string(),
                    laps: legality.laps(m),
                })
                .collect(),
            refusals,
            over: !ongoing,
            result: describe::ending(&self.game),
            winner: self.game.outcome().winner().map(|p| p.letter()),
            headline: headline(self.game.outcome()),
        }
    }
}

/// The options the view gives fields of their own (`starter_only`,
/// `clockwise`, `reading`); a game's other options are in `options`.
const NAMED_OPTIONS: [&str; 3] = ["starter-only", "clockwise", "reading"];

/// The result in a few words, the winner's score first ("North wins
/// 44-36"); `None` while the game goes on.
fn headline(outcome: sowing::Outcome) -> Option<String> {
    if outcome == sowing::Outcome::Ongoing {
        return None;
    }
    let score = outcome.score();
    Some(match (outcome.winner(), score) {
        (Some(w), Some(s)) => {
            let (mine, theirs) = if w == Player::South {
                (s.south, s.north)
            } else {
                (s.north, s.south)
            };
            format!("{w} wins {mine}-{theirs}")
        }
        (Some(w), None) => format!("{w} wins"),
        (None, Some(s)) => format!("A draw, {}-{}", s.south, s.north),
        (None, None) => "A draw".to_string(),
    })
}

/// Why `mv` may not be played now, in words.
fn refusal<R: Ruleset>(pos: &Position<R>, mv: Move, legality: &Legality) -> String {
    if legality.undecided.contains(mv) {
        return format!(
            "proving whether this sowing ends ({} laps so far); the other moves are playable",
            legality.laps(mv)
        );
    }
    if legality.endless.contains(mv) {
        return "its relay sowing never ends (it comes back to where it started), so it may not be played".to_string();
    }
    match pos.check(mv) {
        Err(PlayError::Illegal { reason, .. }) => reason.to_string(),
        Err(e) => e.to_string(),
        Ok(()) => "it is legal".to_string(),
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

/// An error message cut to a readable length (a record's own text is never
/// repeated in full).
fn short(s: &str) -> String {
    if s.len() <= 300 {
        s.to_string()
    } else {
        let mut end = 300;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}...", &s[..end])
    }
}

/// What each side has, and what it means in this game, with the words
/// the terminal game uses ([`crate::tally::Tally`]).
fn tally<R: Ruleset>(pos: &Position<R>) -> Tally {
    let t = crate::tally::Tally::of(pos);
    Tally {
        kind: match t.kind {
            crate::tally::Kind::Points => "points",
            crate::tally::Kind::Removed => "removed",
        },
        south: t.value[0],
        north: t.value[1],
        captured: (t.kind == crate::tally::Kind::Points).then_some(t.captured),
        in_waranas: t.in_waranas,
        removed: t.removed,
        text: Seats {
            south: t.words(Player::South),
            north: t.words(Player::North),
        },
    }
}

/// A game as the page draws it (`GET /api/games/{id}`).
#[derive(Serialize)]
pub struct GameView {
    pub id: String,
    pub variant: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starter_only: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clockwise: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<&'static str>,
    /// The game's other options (none of the built-in games has one), by
    /// name, each value as the notation writes it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<&'static str, String>,
    pub pits_per_row: usize,
    pub seats: Seats,
    pub start: String,
    pub position: String,
    pub record: String,
    pub ply: usize,
    pub can_undo: bool,
    pub can_redo: bool,
    pub phase: Option<String>,
    pub to_move: char,
    pub to_move_seat: String,
    pub board: Board,
    pub tally: Tally,
    pub legal: Vec<String>,
    pub endless: Vec<String>,
    pub undecided: Vec<Undecided>,
    pub refusals: Vec<(String, String)>,
    pub over: bool,
    pub result: Option<String>,
    pub winner: Option<char>,
    /// The result in a few words, the winner's score first: `North wins
    /// 44-36`, `South wins` (a game without points), `A draw, 40-40`;
    /// `None` while the game goes on.
    pub headline: Option<String>,
}

#[derive(Serialize)]
pub struct Seats {
    pub south: String,
    pub north: String,
}

#[derive(Serialize)]
pub struct Board {
    /// South's pits from his pit 1.
    pub south: Vec<PitView>,
    /// North's pits from his pit 1.
    pub north: Vec<PitView>,
}

#[derive(Serialize)]
pub struct PitView {
    pub seeds: u8,
    /// The owner of the warana this pit is (Sadeqa V).
    pub warana: Option<char>,
}

#[derive(Serialize)]
pub struct Tally {
    /// `points` (a score) or `removed` (seeds removed by one's captures,
    /// which are no score).
    pub kind: &'static str,
    pub south: u16,
    pub north: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured: Option<[u16; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_waranas: Option<[u16; 2]>,
    /// Andada: seeds removed by the singleton ending.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed: Option<u32>,
    /// Each side's tally in words, as the terminal game says it.
    pub text: Seats,
}

#[derive(Serialize)]
pub struct Undecided {
    #[serde(rename = "move")]
    pub mv: String,
    /// Laps the proof has tried so far.
    pub laps: u64,
}

/// One traced event, with the words the page shows for it.
#[derive(Serialize)]
pub struct EventView {
    #[serde(flatten)]
    pub kind: EventKind,
    pub text: String,
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    Lap {
        origin: String,
        seeds: u8,
        landing: String,
        /// The lap passes its emptied origin by (`Ruleset::SKIPS_ORIGIN`:
        /// Oware's lap of 12 seeds or more); absent when it does not.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        skips_origin: bool,
    },
    Capture {
        by: char,
        pit: String,
        seeds: u8,
        removed_from_play: bool,
    },
    WaranaCapture {
        by: char,
        pit: String,
        seeds: u8,
    },
    WaranaMade {
        owner: char,
        pit: String,
    },
    BonusMove {
        player: char,
    },
    Pass {
        player: char,
    },
    Removed {
        from: String,
        seeds: u8,
    },
    Sweep {
        to: char,
        seeds: u16,
    },
    Choice {
        first: char,
    },
    GameOver,
}

/// The events of a move played from `before`, as the page animates them,
/// in the words of the terminal game ([`Narration`]). A bonus move that
/// the end of the game cancels is left out.
fn views<R: Ruleset>(before: &Position<R>, events: &[Event]) -> Vec<EventView> {
    let words = Narration::of(before, events);
    let removing = before.rules().scoring() == sowing::Scoring::LastMover;
    events
        .iter()
        .filter_map(|&e| {
            let text = match e {
                Event::Lap {
                    origin,
                    seeds,
                    landing,
                } => words.lap(origin, seeds, landing),
                e => words.event(e)?,
            };
            let kind = match e {
                Event::Lap {
                    origin,
                    seeds,
                    landing,
                } => EventKind::Lap {
                    origin: origin.to_string(),
                    seeds,
                    landing: landing.to_string(),
                    skips_origin: R::SKIPS_ORIGIN
                        && usize::from(seeds) >= 2 * before.pits_per_row(),
                },
                Event::Capture { by, pit, seeds } => EventKind::Capture {
                    by: by.letter(),
                    pit: pit.to_string(),
                    seeds,
                    removed_from_play: removing,
                },
                Event::WaranaCapture { by, pit, seeds } => EventKind::WaranaCapture {
                    by: by.letter(),
                    pit: pit.to_string(),
                    seeds,
                },
                Event::WaranaMade { owner, pit } => EventKind::WaranaMade {
                    owner: owner.letter(),
                    pit: pit.to_string(),
                },
                Event::BonusMove { player } => EventKind::BonusMove {
                    player: player.letter(),
                },
                Event::Pass { player } => EventKind::Pass {
                    player: player.letter(),
                },
                Event::Removed { from, seeds } => EventKind::Removed {
                    from: from.to_string(),
                    seeds,
                },
                Event::Sweep { to, seeds } => EventKind::Sweep {
                    to: to.letter(),
                    seeds,
                },
                Event::Choice { first } => EventKind::Choice {
                    first: first.letter(),
                },
                Event::GameOver => EventKind::GameOver,
            };
            Some(EventView { kind, text })
        })
        .collect()
}

/// A move and its result under perfect play, from the endgame databases.
#[derive(Clone, Debug, Serialize)]
pub struct MoveResult {
    #[serde(rename = "move")]
    pub mv: String,
    /// For the side to move: `winning`, `drawing` or `losing`
    /// (`undecided` from win/draw/loss databases, the points now unequal).
    pub verdict: &'static str,
    /// `South wins by 4 seeds`, `North wins in 7 plies`, `draw (...)`.
    pub result: String,
}
