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

#[path = "common/describe.rs"]
#[allow(dead_code)] // only its words for a pit outside the board and a position's variant
mod describe;
#[path = "common/pipe.rs"]
mod pipe;
#[path = "common/progress.rs"]
mod progress;
#[path = "common/rule_options.rs"]
mod rule_options;

use clap::{Parser, ValueEnum};
use progress::Progress;
use rule_options::RuleOptions;
use sowing::{AnyGame, AnyPosition, Move, ParseMoveError, Player, Record, RecordError};
use std::process::ExitCode;

/// Replay a game record (moves separated by `/`, e.g. `2/8/3/9`) and print
/// the position after each ply, the legal moves at the end and the result.
#[derive(Parser, Debug)]
#[command(version)]
// The start: --variant, --position or both (a clap error names both).
#[command(group(clap::ArgGroup::new("start").required(true).multiple(true).args(["variant", "position"])))]
struct Args {
    /// Variant to start from its initial position: sadeqa-v, sadeqa-ii,
    /// sadeqa-iii, game-91, andada (= andada-12), andada-15 .. andada-24.
    #[arg(long)]
    variant: Option<String>,

    /// Start from this position string instead (RULES.md section 7), e.g.
    /// "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0".
    #[arg(long)]
    position: Option<String>,

    /// The game record: moves separated by `/`. May be empty.
    #[arg(default_value = "")]
    record: String,

    /// Who moves first from the variant's initial position (not with
    /// --position, whose string names the side to move).
    #[arg(long, value_enum, ignore_case = true, default_value_t = Side::S,
          conflicts_with = "position")]
    first: Side,

    #[command(flatten)]
    rules: RuleOptions,

    /// Use a lap limit instead of the exact endless-sowing test: a sowing
    /// not finished within N laps counts as endless (an approximation).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
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

/// The start position from the arguments.
fn start_position(args: &Args) -> Result<AnyPosition, String> {
    let start = match (&args.position, &args.variant) {
        (Some(s), variant) => {
            let name = match variant {
                Some(v) => v.as_str(),
                None => {
                    describe::variant_of(s).map_err(|e| format!("bad --position {s:?}: {e}"))?
                }
            };
            let rules = args.rules.build(name)?;
            AnyPosition::from_str_with(rules, s)
                .map_err(|e| format!("bad --position {s:?}: {e}"))?
        }
        (None, Some(v)) => {
            let first = match args.first {
                Side::S => Player::South,
                Side::N => Player::North,
            };
            AnyPosition::new_with_first(args.rules.build(v)?, first)
        }
        (None, None) => return Err("give --variant or --position".into()),
    };
    Ok(start.with_lap_limit(args.lap_limit))
}

/// A run of digits (one too long to quote whole is cut by the library's
/// error, with a mark that is no digit).
fn is_number(s: &str) -> bool {
    let t = s.trim();
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// Why a record does not read, naming the ply and the entry; the record
/// itself can be tens of thousands of moves long and is not repeated.
fn record_error(e: RecordError, pits_per_row: usize) -> String {
    match e {
        // A number outside the notation's 1..=24 (0, 25, ...) is no pit of
        // this board either: refused in the words of a pit outside the board
        // (as `play` refuses it), not the notation's range.
        RecordError::Parse {
            ply,
            source: ParseMoveError::OutOfRange(s),
        } if is_number(&s) => format!(
            "ply {ply}: move {} is not legal: {}",
            s.trim(),
            describe::no_such_pit(&s, pits_per_row)
        ),
        e => format!("bad record: {e}"),
    }
}

fn run(args: &Args) -> Result<(), String> {
    let start = start_position(args)?;
    // A record that does not read is replayed up to its bad entry, as one
    // whose move is refused: the plies before it are shown, then the error.
    let (moves, bad) = match args.record.parse::<Record>() {
        Ok(record) => (record.moves().to_vec(), None),
        Err(e) => {
            let ply = match &e {
                RecordError::Parse { ply, .. } => *ply,
                _ => 1,
            };
            let before: Vec<Move> = args
                .record
                .split('/')
                .take(ply - 1)
                .map(|t| t.parse().expect("the entries before the bad one read"))
                .collect();
            (before, Some(record_error(e, start.pits_per_row())))
        }
    };
    let mut game = AnyGame::new(start);
    if args.no_repetition {
        game = game.with_repetition(None);
    }
    for (i, &mv) in moves.iter().enumerate() {
        let ply = i + 1;
        let outcome = game.outcome();
        if !outcome.is_ongoing() {
            return Err(RecordError::Over { ply, outcome }.to_string());
        }
        // A long endless-sowing proof on the way is reported on standard
        // error as it runs.
        let mover = game.position().side_to_move();
        let mut progress = Progress::at(format!("ply {ply}, {mover}: "));
        game.play_with(mv, &mut (), &mut progress)
            .map_err(|source| RecordError::Play { ply, source }.to_string())?;
        println!("{ply} {mv} {}", game.position());
    }
    if let Some(e) = bad {
        return Err(e);
    }
    let legal = if game.outcome().is_ongoing() {
        progress::legal_moves_reported(&game.position())
    } else {
        game.legal_moves()
    };
    if legal.is_empty() {
        println!("legal: none");
    } else {
        println!("legal: {legal}");
    }
    println!("result: {}", game.outcome());
    Ok(())
}

fn main() -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}
