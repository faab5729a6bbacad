//! `match`: two engine commands against each other, as cutechess-cli and
//! fastchess run them: each engine a process speaking the protocol of
//! `engine` (docs/PROTOCOL.md); openings of N random plies (seeded) or
//! from a file of records, each played twice with the colours swapped;
//! fixed time, depth or a clock per move; games in parallel; a W-D-L
//! table, the Elo difference with its 95% interval, and an SPRT that stops
//! the match once decided. The referee applies the moves with the library
//! (one dispatch to the game's type) and decides each game with its
//! outcome. An engine that crashes, hangs past its time, or sends an
//! illegal move loses that game, with the reason; the match goes on. One
//! that cannot start or take the game before the first game ends the
//! match at once.

use crate::Games;
use clap::Parser;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::{Game, Move, Outcome, Player, Position, Record, Ruleset};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The command line of `match`.
#[derive(Parser, Debug, Clone)]
#[command(about = "Two engine commands against each other (docs/PROTOCOL.md), with Elo and SPRT")]
pub(crate) struct Args {
    /// An engine command (twice: the first engine, then the second), with
    /// its arguments separated by spaces: `--engine "sowing engine --player mcts"`.
    #[arg(long = "engine", required = true, num_args = 1)]
    engines: Vec<String>,
    /// The game (`setoption name Variant value ...`); default: the
    /// program's first.
    #[arg(long)]
    pub(crate) variant: Option<String>,
    /// The number of games (rounded up to an even number: each opening is
    /// played twice, colours swapped), at most 1,000,000; the most an SPRT
    /// plays.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(..=MAX_GAMES as u64))]
    games: u64,
    /// A fixed time per move, in ms (`go movetime`).
    #[arg(long, conflicts_with_all = ["tc", "depth"])]
    movetime: Option<u64>,
    /// A clock per game, `BASE+INC` in seconds (`10+0.1`; `go wtime btime winc binc`).
    #[arg(long, conflicts_with = "depth")]
    tc: Option<String>,
    /// A fixed depth per move (`go depth`).
    #[arg(long)]
    depth: Option<u8>,
    /// Openings of this many random plies from the start (seeded by `--seed`).
    #[arg(long, default_value_t = 0)]
    random_plies: u32,
    /// Openings from a file of records, one a line (`1/4/2`), in turn.
    #[arg(long, conflicts_with = "random_plies")]
    openings: Option<String>,
    /// Random openings only where a depth-8 alpha-beta (the default
    /// evaluation, `alphabeta`'s) values the position within this many of
    /// its units of even: quarters of a seed in the games won on points
    /// (`--balanced 40` is 10 seeds); in the games won by moving last the
    /// default evaluation's, the tuned one's hundredths of a logit of the
    /// chance to win (`--balanced 100` is one logit, 73%; on Sadeqa II
    /// rounded to multiples of 16); as an opening book of balanced
    /// positions; the others are drawn again.
    #[arg(long, requires = "random_plies")]
    balanced: Option<u32>,
    /// The seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// An SPRT: `elo0=0 elo1=10 alpha=0.05 beta=0.05`; the match stops
    /// once H0 or H1 is accepted.
    #[arg(long, num_args = 1..=4)]
    sprt: Option<Vec<String>>,
    /// The games' records, written to this file (`--pgn` too).
    #[arg(long, alias = "pgn")]
    records: Option<String>,
    /// A game reaching this many plies is a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// How long past its time an engine may take before it loses as hung, in ms.
    #[arg(long, default_value_t = 1000)]
    pub(crate) margin: u64,
}

/// `match` for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// `match` for `games`: `args` as on the command line, the program's name
/// first.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args: Args = crate::games::parse_args(games, args, |c| c);
    match run(games, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("match: {e}");
            ExitCode::from(2)
        }
    }
}

/// How each move is limited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Control {
    MoveTime(u64),
    Depth(u8),
    /// Base and increment, in ms.
    Clock(u64, u64),
}

impl Control {
    fn read(args: &Args) -> Result<Control, String> {
        if let Some(ms) = args.movetime {
            return Ok(Control::MoveTime(ms.max(1)));
        }
        if let Some(d) = args.depth {
            return Ok(Control::Depth(d.max(1)));
        }
        if let Some(tc) = &args.tc {
            let (base, inc) = tc.split_once('+').unwrap_or((tc, "0"));
            let secs = |t: &str| {
                t.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map(|s| (s * 1000.0).round() as u64)
                    .ok_or_else(|| format!("--tc {tc}: expected BASE+INC in seconds (10+0.1)"))
            };
            return Ok(Control::Clock(secs(base)?.max(1), secs(inc)?));
        }
        Ok(Control::MoveTime(100))
    }
}

/// The most games a match plays (`--games`): the openings are drawn
/// before the first game, and a "no limit" of 2^64 would not fit in memory.
const MAX_GAMES: usize = 1_000_000;

/// The SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

impl Sprt {
    /// Reads `elo0=0 elo1=10 alpha=0.05 beta=0.05` (each word optional;
    /// those are the defaults).
    ///
    /// # Errors
    /// A word that is not one of those with a number, or a bound out of range.
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for w in words.iter().flat_map(|w| w.split_whitespace()) {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("--sprt {w:?}: expected name=value"))?;
            let v: f64 = v
                .parse()
                .map_err(|_| format!("--sprt {w:?}: {v:?} is not a number"))?;
            match k {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                _ => return Err(format!("--sprt {w:?}: expected elo0, elo1, alpha or beta")),
            }
        }
        if !(s.alpha > 0.0 && s.alpha < 1.0 && s.beta > 0.0 && s.beta < 1.0) {
            return Err("--sprt: alpha and beta must lie between 0 and 1".into());
        }
        // Otherwise the bounds are not either side of 0 (the LLR before
        // any evidence), and the first game would decide.
        if s.alpha + s.beta >= 1.0 {
            return Err("--sprt: alpha + beta must be below 1".into());
        }
        if !(s.elo0.is_finite() && s.elo1.is_finite()) {
            return Err("--sprt: elo0 and elo1 must be finite numbers".into());
        }
        if s.elo1 <= s.elo0 {
            return Err("--sprt: elo1 must be above elo0".into());
        }
        Ok(s)
    }

    /// The bounds of the log-likelihood ratio: H0 is accepted at or below
    /// the first, H1 at or above the second (Wald: `ln(beta/(1-alpha))`,
    /// `ln((1-beta)/alpha)`).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `wdl` (wins, draws,
    /// losses of the first engine), by the trinomial GSPRT approximation
    /// of logistic Elo that fishtest and fastchess use (Van den Bergh):
    /// with `s0`, `s1` the expected scores of `elo0`, `elo1`
    /// (`1/(1+10^(-elo/400))`), `x` the mean score a game and `v` its
    /// variance a game, `LLR = N (s1-s0) (2x-s0-s1) / (2v)`. Zero while a
    /// side has no result or the variance is zero.
    pub fn llr(&self, [w, d, l]: [u32; 3]) -> f64 {
        let n = f64::from(w + d + l);
        if n == 0.0 || w + d == 0 || d + l == 0 {
            return 0.0;
        }
        let (w, d, l) = (f64::from(w), f64::from(d), f64::from(l));
        let x = (w + d / 2.0) / n;
        let v = (w * (1.0 - x).powi(2) + d * (0.5 - x).powi(2) + l * x.powi(2)) / n;
        if v <= 0.0 {
            return 0.0;
        }
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * v)
    }

    /// `Some(true)`: H1 accepted; `Some(false)`: H0; `None`: go on.
    pub fn decision(&self, wdl: [u32; 3]) -> Option<bool> {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(true)
        } else if llr <= lower {
            Some(false)
        } else {
            None
        }
    }
}

/// `x` rounded to tenths, a negative zero made positive (`+ 0.0`), so
/// that a value printed with a sign never reads "-0.0".
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0 + 0.0
}

/// The expected score of an Elo difference (logistic).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score in (0, 1).
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The Elo difference of `wdl` with its 95% interval (the normal
/// approximation of the mean score a game, as cutechess-cli gives it, each
/// end turned into Elo): `(elo, low, high)`; `None` before a game, or at a
/// score of 0 or 1.
pub fn elo_interval([w, d, l]: [u32; 3]) -> Option<(f64, f64, f64)> {
    let n = f64::from(w + d + l);
    let (wf, df, lf) = (f64::from(w), f64::from(d), f64::from(l));
    let x = (wf + df / 2.0) / n;
    if n == 0.0 || x <= 0.0 || x >= 1.0 {
        return None;
    }
    let v = (wf * (1.0 - x).powi(2) + df * (0.5 - x).powi(2) + lf * x.powi(2)) / n;
    let dev = 1.959_964 * (v / n).sqrt();
    // An end at a score of 0 or 1 or beyond is an infinite Elo difference.
    let lo = if x - dev <= 0.0 {
        f64::NEG_INFINITY
    } else {
        elo_of(x - dev)
    };
    let hi = if x + dev >= 1.0 {
        f64::INFINITY
    } else {
        elo_of(x + dev)
    };
    Some((elo_of(x), lo, hi))
}

/// One game to play: its number, its opening, whether the first engine
/// has North.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    number: usize,
    opening: Vec<Move>,
    swapped: bool,
}

/// A game played: the first engine's result (1, ½, 0 as 2, 1, 0), the
/// record and what ended it.
#[derive(Clone, Debug)]
pub(crate) struct Played {
    points: u8,
    result: &'static str,
    record: String,
    reason: String,
    /// Each engine's thinking times (the first engine's, the second's).
    times: [Times; 2],
}

/// How long an engine took over its moves, from `go` sent to `bestmove`
/// read (so the pipes' latency counts against it, as in cutechess-cli).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Times {
    moves: u32,
    total: Duration,
    longest: Duration,
    /// Moves that took more than 5% over a fixed time asked (`--movetime`).
    over: u32,
}

impl Times {
    fn add(&mut self, took: Duration, asked: Option<Duration>) {
        self.moves += 1;
        self.total += took;
        self.longest = self.longest.max(took);
        if asked.is_some_and(|a| took.as_secs_f64() > a.as_secs_f64() * 1.05) {
            self.over += 1;
        }
    }

    fn merge(&mut self, other: &Times) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
        self.over += other.over;
    }

    /// "mean 100.4 ms, longest 104.9 ms over 812 moves, 3 more than 5% over the time asked".
    fn describe(&self, fixed: bool) -> String {
        if self.moves == 0 {
            return "no move".to_string();
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mut text = format!(
            "mean {:.1} ms, longest {:.1} ms over {} move{}",
            ms(self.total) / f64::from(self.moves),
            ms(self.longest),
            self.moves,
            if self.moves == 1 { "" } else { "s" }
        );
        if fixed {
            text.push_str(&format!(", {} more than 5% over the time asked", self.over));
        }
        text
    }
}

/// The referee of a game's type (one dispatch per match).
pub(crate) trait Referee: Send + Sync {
    /// The game's name with its options, for `setoption name Variant`.
    fn variant(&self) -> String;
    /// The openings: each line of `file`'s text checked as a record, or
    /// `count` openings of `plies` random legal plies (not ending the game),
    /// within `balanced` of even if given ([`balanced`]).
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

struct Judge<R>(R);

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
        if let Some(text) = file {
            let mut out = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let record: Record = line
                    .parse()
                    .map_err(|e| format!("openings line {}: {e}", i + 1))?;
                let game = Game::from_record(Position::new(self.0), &record)
                    .map_err(|e| format!("openings line {}: {e}", i + 1))?;
                if !game.outcome().is_ongoing() {
                    return Err(format!("openings line {}: the game is over", i + 1));
                }
                out.push(record.moves().to_vec());
            }
            if out.is_empty() {
                return Err("the openings file has no record".into());
            }
            return Ok(out);
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::with_capacity(count);
        let mut table = balanced.map(|_| sowing::bots::Table::new(BALANCE_TABLE_BITS));
        for _ in 0..count {
            // A few tries for an opening that leaves the game going (and,
            // with `balanced`, is balanced).
            let mut chosen = Vec::new();
            // (No random ply: the start, judged once.)
            let tries = match (balanced, plies) {
                (Some(_), 0) => 1,
                (Some(_), _) => 10_000,
                (None, _) => 100,
            };
            let mut found = false;
            for _ in 0..tries {
                let mut game = Game::new(Position::new(self.0));
                chosen = random_plies(&mut game, plies, &mut rng);
                if !game.outcome().is_ongoing() {
                    continue;
                }
                found = match (balanced, table.as_mut()) {
                    (Some(limit), Some(table)) => is_balanced(game.position(), limit, table),
                    _ => true,
                };
                if found {
                    break;
                }
            }
            if !found && balanced.is_some() {
                return Err(format!(
                    "no opening of {plies} random plies within --balanced {} in {tries} tries",
                    balanced.unwrap_or(0)
                ));
            }
            out.push(chosen);
        }
        Ok(out)
    }

    fn play(&self, job: &Job, commands: [&str; 2], control: Control, args: &Args) -> Played {
        play_game(self.0, &self.variant(), job, commands, control, args)
    }
}

/// An engine process: its input, the lines it writes (read by a thread),
/// and the last line of its standard error once that ends (another thread:
/// an engine that refuses its command line says why there).
struct EngineProcess {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    last_error: Receiver<String>,
}

impl EngineProcess {
    fn start(command: &str) -> Result<EngineProcess, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input")?;
        let output = child.stdout.take().ok_or("no standard output")?;
        let errors = child.stderr.take().ok_or("no standard error")?;
        let (last_tx, last_error) = channel();
        std::thread::spawn(move || {
            // Read to the end (an engine must never block on a full pipe),
            // keeping the last line that says something.
            let mut last = None;
            for line in BufReader::new(errors).lines() {
                let Ok(line) = line else { break };
                if !line.trim().is_empty() {
                    last = Some(line);
                }
            }
            if let Some(line) = last {
                let _ = last_tx.send(line);
            }
        });
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            input,
            lines: rx,
            last_error,
        })
    }

    /// `why` the engine failed, with the last line of its standard error
    /// if it wrote one and ended it within a moment.
    fn explain(&mut self, why: String) -> String {
        match self.last_error.recv_timeout(Duration::from_millis(500)) {
            Ok(line) => {
                let line: String = line.chars().take(300).collect();
                format!("{why}; its last error line: {line}")
            }
            Err(_) => why,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|_| "crashed (its input is closed)".to_string())
    }

    /// Reads lines until one starting with `word`, within `limit`; that
    /// line. An error line before it (`info string error`) is an error.
    fn wait_for(&mut self, word: &str, limit: Duration) -> Result<String, String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.starts_with(word) {
                        return Ok(line);
                    }
                    if let Some(e) = line.strip_prefix("info string error:") {
                        return Err(format!("said error:{e}"));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("hung (no {word} within {} ms)", limit.as_millis()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("crashed (its output ended before {word})"));
                }
            }
        }
    }

    fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts an engine and sets its game; why not.
fn ready(command: &str, variant: &str, margin: Duration) -> Result<EngineProcess, String> {
    let mut e = EngineProcess::start(command)?;
    let limit = Duration::from_secs(5) + margin;
    let setup = |e: &mut EngineProcess| {
        e.send("uci")?;
        e.wait_for("uciok", limit)?;
        e.send(&format!("setoption name Variant value {variant}"))?;
        e.send("ucinewgame")?;
        e.send("isready")?;
        e.wait_for("readyok", limit).map(drop)
    };
    match setup(&mut e) {
        Ok(()) => Ok(e),
        Err(why) => {
            // Why, in its own words if it wrote any; and never left
            // running (a hung engine would outlive the match).
            let why = e.explain(why);
            e.quit();
            Err(why)
        }
    }
}

/// The depth of the search that judges an opening (`--balanced`).
const BALANCE_DEPTH: u8 = 8;
/// Its transposition table: 2^18 entries.
const BALANCE_TABLE_BITS: u8 = 18;

/// Whether a depth-[`BALANCE_DEPTH`] alpha-beta with `alphabeta`'s
/// default evaluation values `pos` within `limit` of even, from its
/// moves known to end (a proven result never is): `--balanced`.
pub(crate) fn is_balanced<R: Ruleset>(
    pos: &Position<R>,
    limit: u32,
    table: &mut sowing::bots::Table<R>,
) -> bool {
    use sowing::bots::{AutoEval, Budget, alphabeta::search};
    // The moves known to end: an undecided one's exact proof can take
    // minutes (RULES.md section 2), and the engines choose among these.
    let legal = pos.legality().ends;
    if legal.is_empty() {
        return false;
    }
    match search(pos, legal, Budget::Depth(BALANCE_DEPTH), &AutoEval, table) {
        Some(report) => {
            !report.value.is_win()
                && !report.value.is_loss()
                && report.value.0.unsigned_abs() <= limit
        }
        None => false,
    }
}

/// Plays one game; the engines are started for it and stopped after it.
/// Plays up to `plies` random legal moves in `game` (fewer if it ends);
/// the moves played. An opening for `match`, and for `accuracy`'s sampled
/// games.
pub(crate) fn random_plies<R: Ruleset>(
    game: &mut Game<R>,
    plies: u32,
    rng: &mut SmallRng,
) -> Vec<Move> {
    let mut moves = Vec::new();
    for _ in 0..plies {
        // Among the moves known to end (an undecided one's exact proof can
        // take minutes, RULES.md section 2), as the engines choose.
        let known = game.position().legality().ends;
        let all: Vec<Move> = if game.outcome().is_ongoing() && !known.is_empty() {
            known.iter().collect()
        } else {
            game.legal_moves().iter().collect()
        };
        if all.is_empty() {
            break;
        }
        let mv = all[rand::RngExt::random_range(rng, 0..all.len())];
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

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

/// The match.
fn run(games: &Games, args: &Args) -> Result<(), String> {
    if args.engines.len() != 2 {
        return Err(format!(
            "give --engine twice (the two engines), not {} time(s)",
            args.engines.len()
        ));
    }
    let name = args.variant.clone().unwrap_or_else(|| games.default_name());
    let rules = games.rules(&name).map_err(|e| format!("--variant: {e}"))?;
    let referee = rules.erased().referee();
    let control = Control::read(args)?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let variant = referee.variant();
    // Both engines must start and take the game before any game is
    // played. One that cannot (a wrong path, a refused option) would lose
    // every game, and a match of such games looks like one between two
    // equal players: every opening split one game each, an SPRT's H0.
    for (n, command) in args.engines.iter().enumerate() {
        let engine =
            ready(command, &variant, Duration::from_millis(args.margin)).map_err(|why| {
                let which = ["first", "second"][n];
                format!("the {which} engine ({command}) cannot play {variant}: {why}")
            })?;
        engine.quit();
    }
    let pairs = (args.games as usize).div_ceil(2).max(1);
    let file = match &args.openings {
        Some(path) => {
            Some(std::fs::read_to_string(path).map_err(|e| format!("--openings {path}: {e}"))?)
        }
        None => None,
    };
    let openings = referee.openings(
        file.as_deref(),
        pairs,
        args.random_plies,
        args.seed,
        args.balanced,
    )?;
    let jobs: Vec<Job> = (0..pairs * 2)
        .map(|i| Job {
            number: i + 1,
            opening: openings[(i / 2) % openings.len()].clone(),
            swapped: i % 2 == 1,
        })
        .collect();
    let mut records = match &args.records {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("--records {path}: {e}"))?)
        }
        None => None,
    };
    println!(
        "Match: {} vs {}, {variant}, {} games, {}",
        args.engines[0],
        args.engines[1],
        jobs.len(),
        match control {
            Control::MoveTime(ms) => format!("{ms} ms a move"),
            Control::Depth(d) => format!("depth {d}"),
            Control::Clock(b, i) => format!("{b} ms + {i} ms a game"),
        }
    );
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let wdl = Mutex::new([0u32; 3]);
    let times = Mutex::new([Times::default(); 2]);
    let records_out = Mutex::new(records.as_mut());
    // The first error writing the records: the match goes on (its games
    // are printed too), and ends with that error.
    let records_error: Mutex<Option<String>> = Mutex::new(None);
    let referee: Arc<dyn Referee> = Arc::from(referee);
    let commands = [args.engines[0].as_str(), args.engines[1].as_str()];
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    if decided.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let played = referee.play(job, commands, control, args);
                    let mut tally = wdl.lock().expect("the tally");
                    let (south, north) = if job.swapped {
                        ("second", "first")
                    } else {
                        ("first", "second")
                    };
                    // A game still being played when the SPRT decided is
                    // not counted (nor written): the test stops at the
                    // first crossing of a bound, and a game counted after
                    // it could take the verdict back.
                    if decided.load(Ordering::Relaxed) {
                        println!(
                            "Game {} ({south} engine South): {}, not counted: the SPRT decided while it was played",
                            job.number, played.result
                        );
                        break;
                    }
                    tally[2 - played.points as usize] += 1;
                    {
                        let mut all = times.lock().expect("the times");
                        all[0].merge(&played.times[0]);
                        all[1].merge(&played.times[1]);
                    }
                    println!(
                        "Game {} ({south} engine South): {} {} [{}] W-D-L {}-{}-{}",
                        job.number,
                        played.result,
                        played.record,
                        played.reason,
                        tally[0],
                        tally[1],
                        tally[2]
                    );
                    if let Some(file) = records_out.lock().expect("the records").as_mut()
                        && let Err(e) = writeln!(
                            file,
                            "[Game \"{}\"]\n[Variant \"{variant}\"]\n[South \"{}\"]\n[North \"{}\"]\n[Result \"{}\"]\n[Termination \"{}\"]\n{}\n",
                            job.number,
                            commands[usize::from(south == "second")],
                            commands[usize::from(north == "second")],
                            played.result,
                            played.reason,
                            played.record
                        )
                    {
                        records_error.lock().expect("the error").get_or_insert_with(|| {
                            format!(
                                "--records {}: {e} (the games are printed above)",
                                args.records.as_deref().unwrap_or_default()
                            )
                        });
                    }
                    if let Some(s) = sprt
                        && s.decision(*tally).is_some()
                    {
                        decided.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let tally = *wdl.lock().expect("the tally");
    report(tally, sprt);
    let times = *times.lock().expect("the times");
    let fixed = matches!(control, Control::MoveTime(_));
    for (name, t) in ["first", "second"].iter().zip(&times) {
        println!("Time a move, the {name} engine: {}", t.describe(fixed));
    }
    match records_error.into_inner().expect("the error") {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The result table.
fn report(wdl: [u32; 3], sprt: Option<Sprt>) {
    let [w, d, l] = wdl;
    let n = w + d + l;
    let score = if n == 0 {
        0.0
    } else {
        (f64::from(w) + f64::from(d) / 2.0) / f64::from(n)
    };
    println!(
        "Result of the first engine: W-D-L {w}-{d}-{l} ({n} games), score {:.1}%",
        score * 100.0
    );
    match elo_interval(wdl) {
        Some((elo, lo, hi)) => {
            let (elo, lo, hi) = (tenths(elo), tenths(lo), tenths(hi));
            println!("Elo difference: {elo:+.1}, 95% interval [{lo:+.1}, {hi:+.1}]")
        }
        None => println!("Elo difference: not finite (every game won, or every game lost)"),
    }
    if let Some(s) = sprt {
        let (lower, upper) = s.bounds();
        let verdict = match s.decision(wdl) {
            Some(true) => "H1 accepted",
            Some(false) => "H0 accepted",
            None => "not decided",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({lower:.2}, {upper:.2}), {verdict}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            (s.llr(wdl) * 100.0).round() / 100.0 + 0.0
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--balanced` keeps only openings the depth-8 search values within
    /// the limit, the same for the same seed; a won position is never
    /// balanced.
    #[test]
    fn balanced_openings_are_within_the_limit() {
        use sowing::rulesets::SadeqaIII;
        let judge = Judge(SadeqaIII::game_91());
        let openings = judge.openings(None, 3, 4, 7, Some(20)).unwrap();
        assert_eq!(openings, judge.openings(None, 3, 4, 7, Some(20)).unwrap());
        let mut table = sowing::bots::Table::new(16);
        for moves in &openings {
            assert_eq!(moves.len(), 4);
            let mut pos = Position::new(SadeqaIII::game_91());
            for &mv in moves {
                pos.play(mv).unwrap();
            }
            assert!(is_balanced(&pos, 20, &mut table), "{pos}");
        }
        // North to move wins by force (src/bots/mcts.rs's solver test).
        let won: Position<SadeqaIII> = "sadeqa-iii 0,0,0,1,0,1,0,0/4,0,0,0,0,0,3,1 N 46-40"
            .parse()
            .unwrap();
        // No random ply: the start alone, refused at once if it is not
        // within the limit.
        let start = Judge(SadeqaIII::new()).openings(None, 1, 0, 1, Some(0));
        assert!(start.is_err() || start == Ok(vec![vec![]]), "{start:?}");
        assert!(!is_balanced(
            &won,
            u32::MAX,
            &mut sowing::bots::Table::new(16)
        ));
    }

    #[test]
    fn thinking_times_are_summed_with_the_moves_over_the_time_asked() {
        let asked = Some(Duration::from_millis(100));
        let mut first = Times::default();
        first.add(Duration::from_millis(100), asked);
        first.add(Duration::from_millis(106), asked);
        let mut second = Times::default();
        second.add(Duration::from_millis(91), asked);
        first.merge(&second);
        assert_eq!(
            first.describe(true),
            "mean 99.0 ms, longest 106.0 ms over 3 moves, 1 more than 5% over the time asked"
        );
        assert_eq!(Times::default().describe(false), "no move");
    }

    #[test]
    fn the_sprt_of_known_numbers() {
        let s = Sprt::parse(&["elo0=0 elo1=10 alpha=0.05 beta=0.05".into()]).unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-6, "{lo}");
        assert!((hi - 2.944_438_979).abs() < 1e-6, "{hi}");
        // 60-20-20: mean 0.7, variance 0.16; s1 = 1/(1+10^(-1/40)).
        let s1 = 1.0 / (1.0 + 10f64.powf(-0.025));
        let want = 100.0 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32;
        assert!((s.llr([60, 20, 20]) - want).abs() < 1e-9);
        assert!((want - 1.733_65).abs() < 1e-3, "{want}");
        assert_eq!(s.decision([60, 20, 20]), None);
        assert_eq!(s.decision([600, 200, 200]), Some(true));
        assert_eq!(s.decision([200, 200, 600]), Some(false));
        assert_eq!(s.llr([5, 0, 0]), 0.0);
        assert!(Sprt::parse(&["elo0=5 elo1=0".into()]).is_err());
        assert!(Sprt::parse(&["gamma=1".into()]).is_err());
        // Error rates whose bounds are not either side of 0 would decide on
        // the first game; an Elo that is not a number never would.
        for words in [
            "alpha=0.5 beta=0.5",
            "alpha=0.9 beta=0.9",
            "elo0=NaN elo1=10",
            "elo0=0 elo1=inf",
        ] {
            let e = Sprt::parse(&[words.into()]).unwrap_err();
            assert!(e.starts_with("--sprt: "), "{words}: {e}");
        }
        let (lo, hi) = Sprt::parse(&["alpha=0.4 beta=0.4".into()])
            .unwrap()
            .bounds();
        assert!(lo < 0.0 && hi > 0.0);
    }

    /// A signed figure never reads "-0.0".
    #[test]
    fn tenths_have_no_negative_zero() {
        assert_eq!(format!("{:+.1}", tenths(-0.0)), "+0.0");
        assert_eq!(format!("{:+.1}", tenths(-0.04)), "+0.0");
        assert_eq!(format!("{:+.1}", tenths(-0.06)), "-0.1");
    }

    #[test]
    fn the_elo_of_known_scores() {
        assert!((elo_of(0.75) - 190.848).abs() < 1e-3);
        let (elo, lo, hi) = elo_interval([60, 20, 20]).unwrap();
        assert!((elo - elo_of(0.7)).abs() < 1e-9);
        // 1.96 * sqrt(0.16 / 100) = 0.0784 either side of 0.7.
        assert!((lo - elo_of(0.6216)).abs() < 0.1, "{lo}");
        assert!((hi - elo_of(0.7784)).abs() < 0.1, "{hi}");
        assert_eq!(elo_interval([3, 0, 0]), None);
        assert_eq!(elo_interval([3, 0, 1]).unwrap().2, f64::INFINITY);
    }
}
