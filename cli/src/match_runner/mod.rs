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
//!
//! This file is the front: it reads the command line with the registry
//! (`crate::Games`, `parse_args`), picks the game's referee through
//! `rules.erased()`, schedules the games on threads and prints the
//! report, so it sits above games.rs. What games.rs's `Erased` calls,
//! written once over `R: Ruleset`, and every type its signatures name sit
//! in the child modules below it, which never name the front or the
//! registry: `referee` (the referee, its jobs and games played),
//! `args` (the command line and the limit a move), `openings`, `process`
//! (an engine's process), `times` (thinking times); `stats` holds the
//! SPRT and the Elo arithmetic.

mod args;
pub(crate) mod openings;
mod process;
pub(crate) mod referee;
mod stats;
mod times;

pub(crate) use args::{Args, Control};
// `accuracy` draws its sampled games' openings as `match` does.
use process::ready;
use referee::{Job, Referee};
pub use stats::{Sprt, elo_interval, elo_of, expected_score};
use times::Times;

use crate::Games;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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

/// `x` rounded to tenths, a negative zero made positive (`+ 0.0`), so
/// that a value printed with a sign never reads "-0.0".
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0 + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A signed figure never reads "-0.0".
    #[test]
    fn tenths_have_no_negative_zero() {
        assert_eq!(format!("{:+.1}", tenths(-0.0)), "+0.0");
        assert_eq!(format!("{:+.1}", tenths(-0.04)), "+0.0");
        assert_eq!(format!("{:+.1}", tenths(-0.06)), "-0.1");
    }
}
