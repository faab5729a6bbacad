//! Every call into the `sowing` engine made by the server lives here (so
//! that porting to the 0.2 core API is one module's work): setting up a
//! game, the budgeted legality of a turn, playing, undo and redo, the
//! computer players' moves, and the JSON views of a game and of a move's
//! traced events.
//!
//! Legality of a turn: the core sows each candidate move at the start of the
//! turn under a small lap budget (`TURN_BUDGET`); a move that neither ends
//! nor is proven endless within it is *undecided*, and the
//! [`crate::serve::prover`] workers prove it exactly, off the request threads,
//! with progress and cancellation, while the decided moves stay playable.

use crate::describe;
use crate::narrate::Narration;
use crate::serve::error::ApiError;
use crate::serve::players::{self, Chooser};
use serde::Serialize;
use sowing::tablebase::AnyTablebase;
use sowing::{
    AnyGame, AnyPosition, AnyRuleset, Event, Move, MoveSet, Pit, PlayError, Player, Proof, Record,
    RecordError, TURN_BUDGET, Variant,
};
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

/// How a new game starts.
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

/// One turn: its position, what is known of its legal moves, and a flag
/// that cancels the proofs once the game has moved on.
pub struct Turn {
    pub pos: AnyPosition,
    pub legality: Mutex<Legality>,
    pub cancel: AtomicBool,
}

impl Turn {
    /// A turn of `pos`, with what the start of the turn found (no legal
    /// moves once the game is over, by any rule: `ongoing` false).
    fn start(pos: AnyPosition, ongoing: bool) -> Arc<Turn> {
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

    pub fn legality(&self) -> Legality {
        *self.lock()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Legality> {
        self.legality.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Proves whether the undecided `mv` ends, exactly, reporting progress
    /// every million laps or so; stops early once the turn is cancelled.
    pub fn prove(&self, mv: Move) {
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

/// The ruleset named by the API's choice.
pub fn ruleset(choice: &RuleChoice, name: &str) -> Result<AnyRuleset, ApiError> {
    let mut rules: AnyRuleset = name
        .trim()
        .to_ascii_lowercase()
        .parse::<sowing::Variant>()
        .ok()
        .and_then(AnyRuleset::from_variant)
        .ok_or_else(|| {
            let e = sowing::UnknownVariant(name.trim().to_ascii_lowercase());
            ApiError::bad_request("unknown_variant", e.to_string())
        })?;
    let variant = rules.variant();
    let flag = |on: Option<bool>| on.map(|b| if b { "true" } else { "false" });
    let given = [
        ("starter-only", flag(choice.starter_only), Some(true)),
        ("clockwise", flag(choice.clockwise), Some(true)),
        ("reading", choice.reading.as_deref(), None),
    ];
    for (option, value, refused_when) in given {
        let Some(value) = value else { continue };
        let has = rules.options().iter().any(|o| o.name == option);
        if !has {
            // A false flag asks for what the game plays anyway.
            if refused_when.is_none() || value == "true" {
                return Err(ApiError::bad_request(
                    "option_not_applicable",
                    format!(
                        "the option {} applies to {}, not {variant}",
                        option.replace('-', "_"),
                        games_with(option)
                    ),
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

/// The games that have `option`, for messages (`sadeqa-ii`, `Andada`).
fn games_with(option: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    for r in Variant::ALL
        .iter()
        .filter_map(|&v| AnyRuleset::from_variant(v))
    {
        if r.options().iter().any(|o| o.name == option) {
            let name = if r.name().starts_with("andada") {
                "Andada".to_string()
            } else {
                r.name().to_string()
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names.join(", ")
}

/// The variants the page offers: (name, title, pits per row).
pub fn variants() -> Vec<(String, String, usize)> {
    Variant::ALL
        .iter()
        .filter_map(|&v| AnyRuleset::from_variant(v))
        .map(|r| {
            (
                r.variant().name().to_string(),
                describe::title(r),
                r.variant().pits_per_row(),
            )
        })
        .collect()
}

/// A game on the server: the engine's game, who sits where, the moves an
/// undo took back (for redo), and the current turn's legality.
pub struct Session {
    game: AnyGame,
    seats: [String; 2],
    bots: [Option<Chooser>; 2],
    redo: Vec<Vec<Move>>,
    turn: Arc<Turn>,
    seed: u64,
    /// The start position's string.
    start: String,
}

impl Drop for Session {
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

impl Session {
    /// A new game from `setup`.
    ///
    /// # Errors
    /// An unknown variant, player or option; a malformed position string or
    /// record; a record move that cannot be played.
    pub fn new(setup: &GameSetup) -> Result<Session, ApiError> {
        for seat in &setup.seats {
            players::check(seat).map_err(|e| ApiError::bad_request("unknown_player", e))?;
        }
        let start = match &setup.position {
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
                let rules = ruleset(&setup.rules, name)?;
                if let Some(v) = &setup.rules.variant {
                    let chosen = ruleset(&RuleChoice::default(), v)?.variant();
                    if chosen != rules.variant() {
                        return Err(ApiError::bad_request(
                            "variant_mismatch",
                            format!(
                                "the position string is a {} position, but the variant chosen is {chosen}",
                                rules.variant()
                            ),
                        ));
                    }
                }
                AnyPosition::from_str_with(rules, text).map_err(|e| {
                    ApiError::bad_request("bad_position", format!("bad position string: {e}"))
                })?
            }
            None => {
                let name = setup.rules.variant.as_deref().ok_or_else(|| {
                    ApiError::bad_request("missing_variant", "give a variant or a position string")
                })?;
                let rules = ruleset(&setup.rules, name)?;
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
                AnyPosition::new_with_first(rules, first)
            }
        };
        let start_string = start.to_string();
        let mut game = AnyGame::new(start);
        if let Some(text) = &setup.record {
            // Read whole against this board before any of it is played, a
            // pit outside the board named with the board's range.
            let record: Record = describe::parse_record(text, game.position().pits_per_row())
                .map_err(|e| {
                    ApiError::bad_request("bad_record", format!("bad record: {}", short(&e)))
                })?;
            play_record_within(&mut game, &record, RECORD_PROOF_TIME)?;
        }
        let mut bots: [Option<Chooser>; 2] = [None, None];
        for (i, seat) in setup.seats.iter().enumerate() {
            if seat != players::HUMAN {
                let seed = setup.seed.wrapping_mul(2).wrapping_add(i as u64);
                bots[i] = Some(
                    players::computer(seat, seed)
                        .map_err(|e| ApiError::bad_request("unknown_player", e))?,
                );
            }
        }
        let turn = Turn::start(game.position(), game.outcome().is_ongoing());
        Ok(Session {
            game,
            seats: setup.seats.clone(),
            bots,
            redo: Vec::new(),
            turn,
            seed: setup.seed,
            start: start_string,
        })
    }

    /// The current turn (for the prover).
    pub fn turn(&self) -> Arc<Turn> {
        self.turn.clone()
    }

    /// A new turn after the position changed; the old turn's proofs stop.
    fn new_turn(&mut self) {
        self.turn.cancel.store(true, Ordering::Relaxed);
        self.turn = Turn::start(self.game.position(), self.game.outcome().is_ongoing());
    }

    fn seat_of_mover(&self) -> &str {
        &self.seats[self.game.position().side_to_move().index()]
    }

    /// Plays `mv`, typed by a person.
    ///
    /// # Errors
    /// Not a move, not a person's turn, the game is over, the move is not
    /// legal or still being proven.
    pub fn play_person(&mut self, text: &str) -> Result<Played, ApiError> {
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

    /// The computer's move for the side to move.
    ///
    /// # Errors
    /// The side to move is a person; the game is over; no move is decided
    /// yet (the proofs are still running).
    pub fn play_computer(&mut self) -> Result<Played, ApiError> {
        self.ongoing()?;
        let pos = self.game.position();
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
        let mv = bot(&pos, legality.ends).ok_or_else(|| {
            ApiError::conflict("no_move", format!("{side}'s player found no move"))
        })?;
        self.play(mv)
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
        let pos = self.game.position();
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

    /// Takes back the last move, and the computer's moves before it, back to
    /// a person's turn (or one move if no person plays). Returns the moves
    /// taken back, last first.
    ///
    /// # Errors
    /// Nothing to undo.
    pub fn undo(&mut self) -> Result<Vec<String>, ApiError> {
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

    /// Plays again the moves of the last undo.
    ///
    /// # Errors
    /// Nothing to redo.
    pub fn redo(&mut self) -> Result<Vec<String>, ApiError> {
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

    /// The strongest player's move for the side to move, among the moves
    /// proven to end; `None` if there is none yet.
    pub fn hint(&mut self) -> Option<String> {
        let legality = self.turn.legality();
        if describe::ending(&self.game).is_some() || legality.ends.is_empty() {
            return None;
        }
        let mut bot =
            players::computer(players::STRONGEST, self.seed ^ self.game.ply() as u64).ok()?;
        bot(&self.game.position(), legality.ends).map(|m| m.to_string())
    }

    /// The game's ruleset.
    pub fn rules(&self) -> sowing::AnyRuleset {
        self.game.position().rules()
    }

    /// Each legal move's result under perfect play, best first, where the
    /// databases `db` (of the game's ruleset and options) hold the
    /// position; empty where they do not, or the game is over.
    pub fn move_results(&self, db: &AnyTablebase) -> Vec<MoveResult> {
        let pos = self.game.position();
        if describe::ending(&self.game).is_some() {
            return Vec::new();
        }
        let me = pos.side_to_move();
        db.move_forecasts(&pos)
            .unwrap_or_default()
            .into_iter()
            .map(|(mv, f)| MoveResult {
                mv: mv.to_string(),
                verdict: match f.winner() {
                    Some(w) if w == me => "winning",
                    Some(_) => "losing",
                    None => "drawing",
                },
                result: f.to_string(),
            })
            .collect()
    }

    /// The game as the page draws it.
    pub fn view(&self, id: &str) -> GameView {
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
                .map(|mv| (mv.to_string(), refusal(&pos, mv, &legality)))
                .collect()
        } else {
            Vec::new()
        };
        let flag = |name| match rules.option_value(name) {
            Some(sowing::options::OptionValue::Flag(b)) => Some(b),
            _ => None,
        };
        let option_starter_only = flag("starter-only");
        let option_clockwise = flag("clockwise");
        let option_reading = match rules.option_value("reading") {
            Some(sowing::options::OptionValue::Choice(c)) => Some(c),
            _ => None,
        };
        let position = pos.to_string();
        let phase = position.split_whitespace().nth(4).map(str::to_string);
        GameView {
            id: id.to_string(),
            variant: pos.variant().name(),
            title: describe::title(rules),
            starter_only: option_starter_only,
            clockwise: option_clockwise,
            reading: option_reading,
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
            tally: tally(&pos),
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
fn refusal(pos: &AnyPosition, mv: Move, legality: &Legality) -> String {
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

/// Plays `record` on `game` ([`AnyGame::play_record_with`]), stopping a
/// proof that runs past `limit` (in all) and refusing the record then.
///
/// # Errors
/// A move of the record that cannot be played, a move after the game's
/// end, or a proof that did not finish within `limit`.
fn play_record_within(
    game: &mut AnyGame,
    record: &Record,
    limit: Duration,
) -> Result<(), ApiError> {
    let deadline = Instant::now() + limit;
    // Called about every million laps (a few milliseconds).
    let mut control = |_: Move, _: u64| {
        if Instant::now() >= deadline {
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
fn tally(pos: &AnyPosition) -> Tally {
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
    pub variant: &'static str,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starter_only: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clockwise: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<&'static str>,
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
fn views(before: &AnyPosition, events: &[Event]) -> Vec<EventView> {
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
    /// For the side to move: `winning`, `drawing` or `losing`.
    pub verdict: &'static str,
    /// `South wins by 4 seeds`, `North wins in 7 plies`, `draw (...)`.
    pub result: String,
}
