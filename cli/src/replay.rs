//! Replays a game record and prints every position on the way.
//!
//! ```text
//! cargo run --release --example replay -- --variant sadeqa-iii "1/3"
//! cargo run --release --example replay -- --position "sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38" "5"
//! ```
//!
//! Output: one line per ply, `<ply> <move> <position string after it>`; then
//! `legal: <legal moves of the last position>`; then `result: <outcome>`.
//! A record that cannot be read or played, or a bad position string or
//! option, is reported on standard error (naming the ply at fault) and the
//! exit status is 2. The whole record is read, against the board's pit
//! range, before any of it is played; a `/` after the last move ends it.
//!
//! Written once for any game: [`main_with`] chooses the ruleset among the
//! [`Games`] a program offers; the replay runs with its type.

use crate::{Games, describe, pipe, progress, rule_options};
use clap::{Parser, ValueEnum};
use progress::Progress;
use rule_options::RuleOptions;
use sowing::{Game, Player, Position, RecordError, Ruleset};
use std::ffi::OsString;
use std::process::ExitCode;

/// Replay a game record (moves separated by `/`, e.g. `2/8/3/9`) and print
/// the position after each ply, the legal moves at the end and the result.
#[derive(Parser, Debug)]
#[command(version)]
// The start: --variant, --position or both (a clap error names both).
#[command(group(clap::ArgGroup::new("start").required(true).multiple(true).args(["variant", "position"])))]
pub(crate) struct Args {
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
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u32>(s, 1, u32::MAX.into()))]
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

/// The start position from the arguments, of `rules` (which
/// [`describe::chosen_rules`] chose from them).
fn start_position<R: Ruleset>(rules: R, args: &Args) -> Result<Position<R>, String> {
    let start = match &args.position {
        Some(s) => describe::position_flag(rules, s)?,
        None => {
            let first = match args.first {
                Side::S => Player::South,
                Side::N => Player::North,
            };
            Position::new_with_first(rules, first)
        }
    };
    Ok(start.with_lap_limit(args.lap_limit))
}

/// The replay, with the ruleset's type: `rules` are those the arguments
/// chose.
pub(crate) fn run<R: Ruleset>(rules: R, args: &Args) -> Result<(), String> {
    let start = start_position(rules, args)?;
    // The whole record is read, against this board, before any of it is
    // played: an entry that is not a move of this board is refused with
    // nothing printed.
    let record = describe::parse_record(&args.record, start.pits_per_row())
        .map_err(|e| format!("bad record: {e}"))?;
    let mut game = Game::new(start);
    if args.no_repetition {
        game = game.with_repetition(None);
    }
    for (i, &mv) in record.moves().iter().enumerate() {
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
    let legal = if game.outcome().is_ongoing() {
        progress::legal_moves_reported(game.position())
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

/// Replays a record of one of the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// Replays a record of one of `games`, with the command line `args` (the
/// program's name first, as clap shows it in its usage). A bad flag exits
/// as clap does; a record, position or option that cannot be read or
/// played is printed (`replay: ...`) and gives exit status 2.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    // In a program of one game (`oware replay 3/3`), the start defaults to
    // its initial position.
    let args: Args = crate::games::parse_args(games, args, |command| match games.only() {
        Some(only) => command
            .mut_group("start", |g| g.required(false))
            .mut_arg("variant", |a| a.default_value(only)),
        None => command,
    });
    let replayed = describe::chosen_rules(
        games,
        args.variant.as_deref(),
        args.position.as_deref(),
        &args.rules,
    )
    .and_then(|rules| rules.erased().replay(&args));
    match replayed {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}
