//! Plays many games between two computer players for each ruleset and
//! prints a table of results, game lengths, moves refused as endless and
//! speed.
//!
//! ```text
//! cargo run --release --example selfplay
//! cargo run --release --example selfplay -- --variant sadeqa-ii,andada-24 --games 200 --north greedy
//! cargo run --release --example selfplay -- --study sadeqa-v --threads 2
//! ```
//!
//! Every game gets its own seeds, derived from `--seed`, the variant name and
//! the game's number, so a run is reproducible whatever `--threads` and
//! whichever other variants are selected.
//!
//! `--tournament` plays every pair of `--players` from both seats and prints
//! cross tables. `--study sadeqa-v` tests the strategy claim of the Sadeqa V
//! source (RULES.md section 3; docs/SOLVED.md): each of `--players` plays
//! itself, the first `--random-opening` plies at random, and the tables say
//! where the waranas were made (the pit number in the opponent's row, per
//! maker), the seeds they held at the end, how the makers of a warana in the
//! opponent's pit 1 fared, and how many games ended by repetition or the ply
//! limit. A player `strategy+PLAYER` follows the source's strategy and lets
//! `PLAYER` choose among the moves it keeps.
//!
//! Written once for any ruleset: each variant chosen is dispatched once
//! (through [`Rules`]) to its `Arena`, generic code that plays its games;
//! the tallies come back as plain numbers, so one queue of games and one
//! table serve every variant.

pub(crate) mod arena;

use crate::narrate::count;
// The seeds' mixing (cli/src/seeds.rs), kept at its public path.
pub use crate::seeds::{mix, name_hash};
use crate::{Games, Rules, pipe, rule_options, study, tournament};
pub(crate) use arena::Args;
use arena::{Arena, DEFAULT_VARIANTS, play_all};
use sowing::bots::BotSpec;
use std::ffi::OsString;
use std::process::ExitCode;
use std::time::Instant;
use study::Contender;

/// A command line refused: `why` goes to standard error, after
/// `selfplay: `, and the program ends with status 2.
struct Refused(String);

fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(why.into()))
}

/// The rule options of the run, as the header names them; an option of no
/// variant played is refused.
fn options_header(
    games: &Games,
    args: &Args,
    variants: &[(String, Rules)],
) -> Result<Vec<String>, Refused> {
    let mut options = Vec::new();
    for (flag, name, _) in args.rules.given() {
        let played = variants
            .iter()
            .find(|(_, r)| r.options().iter().any(|o| o.is_named(name)));
        let Some((game, _)) = played else {
            let with = games.having_option(name);
            if with.is_empty() {
                // No game of the program has it (one's own games).
                let played: Vec<&str> = variants.iter().map(|(n, _)| n.as_str()).collect();
                return refuse(format!(
                    "{flag}: {} no option {name}",
                    match played[..] {
                        [one] => format!("{one} has"),
                        _ => format!("none of {} has", played.join(", ")),
                    }
                ));
            }
            return refuse(format!(
                "{flag} applies to {}, which is not played",
                with.join(", ")
            ));
        };
        options.push(format!("{} {flag}", rule_options::family(game)));
    }
    Ok(options)
}

/// The players of `--tournament` (two at least, none following the Sadeqa
/// V strategy) or `--study`: none twice (the table's rows could not be
/// told apart).
fn check_players(players: &[Contender], tournament: bool) -> Result<(), Refused> {
    if tournament && players.len() < 2 {
        let given: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        return refuse(format!(
            "--players: a tournament needs 2 players at least, not {} ({})",
            players.len(),
            given.join(",")
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if tournament && p.strategy {
            return refuse(format!(
                "--players: {p} plays in --study sadeqa-v only, not in a tournament"
            ));
        }
        if players[..i].iter().any(|q| q.to_string() == p.to_string()) {
            return refuse(format!("--players: {p} is given twice"));
        }
    }
    Ok(())
}

/// The program for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// The program for the games of `games`, with the command line `args`
/// (the program's name first): the variants, the options and the players
/// checked before anything is printed, then the table (or the
/// tournament's, the study's). A command line refused ends with status 2.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let args: Args = crate::games::parse_args(games, args, |c| c);
    match run(games, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Refused(why)) => {
            eprintln!("selfplay: {why}");
            ExitCode::from(2)
        }
    }
}

/// The variants `args` name (or the default ones), with the rule options
/// applied where they have them; each once.
fn variants(games: &Games, args: &Args) -> Result<Vec<(String, Rules)>, Refused> {
    let names: Vec<String> = if args.study.is_some() {
        // The study is of the game named sadeqa-v (study::run: any game
        // that marks pits).
        if games.rules("sadeqa-v").is_err() {
            return refuse(format!(
                "--study sadeqa-v: this program does not offer sadeqa-v (its games: {})",
                games.names().join(", ")
            ));
        }
        vec!["sadeqa-v".to_string()]
    } else if args.variant.is_empty() {
        let offered: Vec<String> = DEFAULT_VARIANTS
            .iter()
            .filter(|n| games.rules(n).is_ok())
            .map(|s| s.to_string())
            .collect();
        if offered.is_empty() {
            games.names()
        } else {
            offered
        }
    } else {
        args.variant.clone()
    };
    let mut variants: Vec<(String, Rules)> = Vec::new();
    for name in names.iter().map(|n| n.trim()) {
        if name.is_empty() {
            return refuse(
                "--variant: an empty name in the list (two commas in a row, or one at an end?)",
            );
        }
        let rules = args.rules.apply(games, name).map_err(Refused)?;
        let name = rules.name();
        // `andada` and `andada-12` are one variant: named the same. Two
        // readings of one game are two (`sadeqa-ii(starter-only),sadeqa-ii`).
        if variants
            .iter()
            .any(|(_, r)| r.to_string() == rules.to_string())
        {
            return refuse(format!("--variant: {rules} is given twice"));
        }
        variants.push((name, rules));
    }
    Ok(variants)
}

/// Plays what `args` ask for with the games of `games`.
fn run(games: &Games, args: &Args) -> Result<(), Refused> {
    let variants = variants(games, args)?;
    // Every variant's options are checked before anything is printed.
    let options = options_header(games, args, &variants)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let endless = match args.laps() {
        Some(n) => format!("lap limit {n}"),
        None => "exact".to_string(),
    };
    // The table names each variant with its options (the games' seeds
    // come from the name alone: two readings of a game play from the
    // same seeds).
    let labels: Vec<String> = variants.iter().map(|(_, r)| r.to_string()).collect();
    // Each variant dispatched once, to the code written for its ruleset.
    let arenas: Vec<(String, Box<dyn Arena>)> = variants
        .into_iter()
        .map(|(name, rules)| (name, rules.erased().selfplay_arena(args.laps())))
        .collect();
    if args.study.is_some() {
        let players = args.players();
        check_players(&players, false)?;
        let config = study::Config {
            players: &players,
            games: args.games(),
            seed: args.seed,
            ply_limit: args.ply_limit(),
            random_opening: args.random_opening,
            threads,
            endless,
        };
        return arenas[0].1.study(&config).map_err(Refused);
    }
    if args.tournament {
        let players = args.players();
        check_players(&players, true)?;
        let players: Vec<BotSpec> = players.iter().map(|p| p.spec).collect();
        let config = tournament::Config {
            players: &players,
            games: args.games(),
            seed: args.seed,
            ply_limit: args.ply_limit(),
            threads,
            options: &options,
        };
        tournament::run(&arenas, &config);
        return Ok(());
    }
    let variants = arenas;
    // No more threads than games: the rest would only start and stop.
    let threads = threads.min(args.games() * variants.len()).max(1);
    println!(
        "selfplay: South {} vs North {}, {} per variant, seed {}, \
         repetition draw on the 3rd occurrence, ply limit {}, endless test {endless}, {}",
        args.south,
        args.north,
        count(args.games(), "game", "games"),
        args.seed,
        args.ply_limit(),
        count(threads, "thread", "threads"),
    );
    if !options.is_empty() {
        println!("options: {}", options.join(", "));
    }
    if args.exact {
        eprintln!(
            "selfplay: the exact endless-sowing test can take minutes for a single move; \
             the table comes at the end"
        );
    }
    println!();
    println!(
        "| variant    | games | South wins | North wins | draws | (repetition) | (ply limit) | mean plies | max plies | refused as endless |   plies/s |"
    );
    println!(
        "|------------|------:|-----------:|-----------:|------:|-------------:|------------:|-----------:|----------:|-------------------:|----------:|"
    );
    let clock = Instant::now();
    let results = play_all(&variants, args, threads);
    for (name, s) in labels.iter().zip(&results) {
        let mean = if s.games > 0 {
            s.plies as f64 / s.games as f64
        } else {
            0.0
        };
        let rate = s.plies as f64 / s.time.as_secs_f64().max(1e-9);
        println!(
            "| {name:<10} | {:>5} | {:>10} | {:>10} | {:>5} | {:>12} | {:>11} | {mean:>10.1} | {:>9} | {:>18} | {rate:>9.0} |",
            s.games, s.south, s.north, s.draws, s.repetition, s.ply_limit, s.max_plies, s.refused,
        );
    }
    println!();
    println!(
        "plies/s: plies per second of one thread (the games' own times). Total time {:.1} s.",
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}
