//! The referee, written once over `R: Ruleset`: [`Referee`] is the one
//! dispatch to the game's type a match makes (games.rs's `Erased` calls
//! [`referee`] with the concrete type); [`Judge`] applies the engines'
//! moves with the library and decides each game with its outcome
//! ([`play_game`]). With the [`Job`] it plays and the [`Played`] it
//! returns, it sits below the registry: it names no tool's front.

use super::args::{Args, Control};
use super::openings;
use super::process::{EngineProcess, ready};
use super::times::Times;
use sowing::{Game, Move, Outcome, Player, Position, Record, Ruleset};
use std::time::{Duration, Instant};

/// One game to play: its number, its opening, whether the first engine
/// has North.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    pub(super) number: usize,
    pub(super) opening: Vec<Move>,
    pub(super) swapped: bool,
}

/// A game played: the first engine's result (1, ½, 0 as 2, 1, 0), the
/// record and what ended it.
#[derive(Clone, Debug)]
pub(crate) struct Played {
    pub(super) points: u8,
    pub(super) result: &'static str,
    pub(super) record: String,
    pub(super) reason: String,
    /// Each engine's thinking times (the first engine's, the second's).
    pub(super) times: [Times; 2],
}

/// The referee of a game's type (one dispatch per match).
pub(crate) trait Referee: Send + Sync {
    /// The game's name with its options, for `setoption name Variant`.
    fn variant(&self) -> String;
    /// The openings: each line of `file`'s text checked as a record, or
    /// `count` openings of `plies` random legal plies (not ending the game),
    /// within `balanced` of even if given ([`is_balanced`](super::openings::is_balanced)).
    fn openings(
        &self,
        file: Option<&str>,
        count: usize,
        plies: u32,
        seed: u64,
        balanced: Option<u32>,
    ) -> Result<Vec<Vec<Move>>, String>;
    /// Plays `job` between the engines `commands` (the first engine's, the second's).
    fn play(&self, job: &Job, commands: [&str; 2], control: Control, args: &Args) -> Played;
}

/// The referee of the game `R` plays: the rules, applied to the engines'
/// moves.
struct Judge<R>(R);

/// The referee of `rules`' game, its type erased: what games.rs's
/// `Erased::referee` returns.
pub(crate) fn referee<R: Ruleset>(rules: R) -> Box<dyn Referee> {
    Box::new(Judge(rules))
}

impl<R: Ruleset> Referee for Judge<R> {
    fn variant(&self) -> String {
        sowing::options::with_options(&self.0).to_string()
    }

    fn openings(
        &self,
        file: Option<&str>,
        count: usize,
        plies: u32,
        seed: u64,
        balanced: Option<u32>,
    ) -> Result<Vec<Vec<Move>>, String> {
        openings::openings(self.0, file, count, plies, seed, balanced)
    }

    fn play(&self, job: &Job, commands: [&str; 2], control: Control, args: &Args) -> Played {
        play_game(self.0, &self.variant(), job, commands, control, args)
    }
}

/// Plays one game; the engines are started for it and stopped after it.
fn play_game<R: Ruleset>(
    rules: R,
    variant: &str,
    job: &Job,
    commands: [&str; 2],
    control: Control,
    args: &Args,
) -> Played {
    let margin = Duration::from_millis(args.margin);
    let mut game = Game::new(Position::new(rules)).with_ply_limit(Some(args.max_plies));
    for &mv in &job.opening {
        let _ = game.play(mv);
    }
    // engines[0] plays South.
    let order = if job.swapped { [1, 0] } else { [0, 1] };
    let mut engines: Vec<Option<EngineProcess>> = Vec::new();
    let mut failure: Option<(usize, String)> = None;
    for &who in &order {
        match ready(commands[who], variant, margin) {
            Ok(e) => engines.push(Some(e)),
            Err(e) => {
                engines.push(None);
                failure.get_or_insert((who, e));
            }
        }
    }
    let mut clock = match control {
        Control::Clock(base, _) => [base as i64, base as i64],
        _ => [0, 0],
    };
    let mut times = [Times::default(); 2];
    let asked = match control {
        Control::MoveTime(ms) => Some(Duration::from_millis(ms)),
        _ => None,
    };
    while failure.is_none() && game.outcome().is_ongoing() {
        let side = game.position().side_to_move().index();
        let who = order[side];
        let engine = engines[side].as_mut().expect("started");
        let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        let (go, limit) = match control {
            Control::MoveTime(ms) => (format!("go movetime {ms}"), Duration::from_millis(ms)),
            Control::Depth(d) => (format!("go depth {d}"), Duration::from_secs(60)),
            Control::Clock(_, inc) => (
                format!(
                    "go wtime {} btime {} winc {inc} binc {inc}",
                    clock[0].max(1),
                    clock[1].max(1)
                ),
                Duration::from_millis(clock[side].max(0) as u64),
            ),
        };
        let started = Instant::now();
        let answer = engine
            .send(&position)
            .and_then(|()| engine.send(&go))
            .and_then(|()| engine.wait_for("bestmove", limit + margin));
        let took = started.elapsed();
        times[who].add(took, asked);
        let line = match answer {
            Ok(line) => line,
            Err(e) => {
                failure = Some((who, e));
                break;
            }
        };
        if let Control::Clock(_, inc) = control {
            clock[side] -= took.as_millis() as i64;
            if clock[side] < 0 {
                failure = Some((who, format!("lost on time ({} ms over)", -clock[side])));
                break;
            }
            clock[side] += inc as i64;
        }
        let text = line.split_whitespace().nth(1).unwrap_or("");
        match text.parse::<Move>() {
            Ok(mv) => {
                if let Err(e) = game.play(mv) {
                    failure = Some((who, format!("illegal move {text}: {e}")));
                }
            }
            Err(e) => failure = Some((who, format!("illegal move {text:?}: {e}"))),
        }
    }
    for e in engines.into_iter().flatten() {
        e.quit();
    }
    let record = Record(game.moves().to_vec()).to_string();
    if let Some((who, reason)) = failure {
        let name = ["first", "second"][who];
        return Played {
            points: if who == 0 { 0 } else { 2 },
            result: if (who == 0) != job.swapped {
                "0-1"
            } else {
                "1-0"
            },
            record,
            reason: format!("the {name} engine {reason}"),
            times,
        };
    }
    let outcome = game.outcome();
    let first_side = if job.swapped {
        Player::North
    } else {
        Player::South
    };
    let (points, result) = match outcome {
        Outcome::Win { winner, .. } => (
            if winner == first_side { 2 } else { 0 },
            if winner == Player::South {
                "1-0"
            } else {
                "0-1"
            },
        ),
        _ => (1, "1/2-1/2"),
    };
    Played {
        points,
        result,
        record,
        reason: outcome.to_string(),
        times,
    }
}
