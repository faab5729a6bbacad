//! Replays a game record and prints every position on the way.
//!
//! ```text
//! cargo run --release --example replay -- --variant sadeqa-iii "1/3"
//! cargo run --release --example replay -- --position "sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 0-0" "5"
//! ```
//!
//! Output: one line per ply, `<ply> <move> <position string after it>`; then
//! `legal: <legal moves of the last position>`; then `result: <outcome>`.
//! A record that cannot be read or played, or a bad position string or
//! option, is reported on standard error (naming the ply at fault) and the
//! exit status is 2.

use clap::{Parser, ValueEnum};
use sowing::rulesets::Reading;
use sowing::{AnyGame, AnyPosition, AnyRuleset, Player, Record, RecordError};
use std::process::ExitCode;

/// Replay a game record (moves separated by `/`, e.g. `2/8/3/9`) and print
/// the position after each ply, the legal moves at the end and the result.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Variant to start from its initial position: sadeqa-v, sadeqa-ii,
    /// sadeqa-iii, game-91, andada (= andada-12), andada-15 .. andada-24.
    #[arg(long, required_unless_present = "position")]
    variant: Option<String>,

    /// Start from this position string instead (RULES.md section 7), e.g.
    /// "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0".
    #[arg(long)]
    position: Option<String>,

    /// The game record: moves separated by `/`. May be empty.
    #[arg(default_value = "")]
    record: String,

    /// Who moves first from the variant's initial position (ignored with
    /// --position, whose string names the side to move).
    #[arg(long, value_enum, ignore_case = true, default_value_t = Side::S)]
    first: Side,

    /// Sadeqa II: restrict only the starting player's first move to pit 6.
    #[arg(long)]
    starter_only: bool,

    /// Andada: sow clockwise (the mirror image).
    #[arg(long)]
    clockwise: bool,

    /// Andada: which published reading of the rules.
    #[arg(long, value_enum)]
    reading: Option<ReadingArg>,

    /// Use a lap limit instead of the exact endless-sowing test: a sowing
    /// not finished within N laps counts as endless (an approximation).
    #[arg(long, value_name = "N")]
    lap_limit: Option<u32>,

    /// Do not end the game as a draw when a position occurs for the third
    /// time (the default repetition policy).
    #[arg(long)]
    no_repetition: bool,
}

/// A player, as the notation writes it.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Side {
    /// South.
    #[value(name = "S")]
    S,
    /// North.
    #[value(name = "N")]
    N,
}

/// Andada's readings (RULES.md section 6.7).
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ReadingArg {
    /// Pankhurst's text as RULES.md decides it (default).
    Pankhurst,
    /// Wikipedia: a player whose row is empty after any move loses.
    EmptyRow,
    /// Ludii's definition (id 346).
    Ludii,
}

impl From<ReadingArg> for Reading {
    fn from(r: ReadingArg) -> Reading {
        match r {
            ReadingArg::Pankhurst => Reading::Pankhurst,
            ReadingArg::EmptyRow => Reading::EmptyRowLoses,
            ReadingArg::Ludii => Reading::Ludii,
        }
    }
}

/// The ruleset named `variant` with the option flags applied; an option
/// that the variant does not have is an error.
fn build_rules(variant: &str, args: &Args) -> Result<AnyRuleset, String> {
    let mut rules: AnyRuleset = variant.parse().map_err(|e| format!("{e}"))?;
    match &mut rules {
        AnyRuleset::SadeqaII(r) => r.starter_only = args.starter_only,
        AnyRuleset::Andada(r) => {
            r.clockwise = args.clockwise;
            if let Some(reading) = args.reading {
                r.reading = reading.into();
            }
        }
        _ => {}
    }
    let is_andada = matches!(rules, AnyRuleset::Andada(_));
    if args.starter_only && !matches!(rules, AnyRuleset::SadeqaII(_)) {
        return Err(format!("--starter-only applies to sadeqa-ii, not {rules}"));
    }
    if args.clockwise && !is_andada {
        return Err(format!("--clockwise applies to Andada, not {rules}"));
    }
    if args.reading.is_some() && !is_andada {
        return Err(format!("--reading applies to Andada, not {rules}"));
    }
    Ok(rules)
}

/// The start position from the arguments.
fn start_position(args: &Args) -> Result<AnyPosition, String> {
    let start = match (&args.position, &args.variant) {
        (Some(s), variant) => {
            let name = match variant {
                Some(v) => v.as_str(),
                None => s.split_whitespace().next().unwrap_or(""),
            };
            let rules = build_rules(name, args)?;
            AnyPosition::from_str_with(rules, s)
                .map_err(|e| format!("bad --position {s:?}: {e}"))?
        }
        (None, Some(v)) => {
            let first = match args.first {
                Side::S => Player::South,
                Side::N => Player::North,
            };
            AnyPosition::new_with_first(build_rules(v, args)?, first)
        }
        (None, None) => return Err("give --variant or --position".into()),
    };
    Ok(start.with_lap_limit(args.lap_limit))
}

fn run(args: &Args) -> Result<(), String> {
    let start = start_position(args)?;
    let record: Record = args
        .record
        .parse()
        .map_err(|e: RecordError| format!("bad record {:?}: {e}", args.record))?;
    let mut game = AnyGame::new(start);
    if args.no_repetition {
        game = game.with_repetition(None);
    }
    for (i, &mv) in record.moves().iter().enumerate() {
        let ply = i + 1;
        let outcome = game.outcome();
        if !outcome.is_ongoing() {
            return Err(RecordError::Over { ply, outcome }.to_string());
        }
        game.play(mv)
            .map_err(|source| RecordError::Play { ply, source }.to_string())?;
        println!("{ply} {mv} {}", game.position());
    }
    println!("legal: {}", game.legal_moves());
    println!("result: {}", game.outcome());
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}
