//! A game in the terminal between any mix of people and computer players.
//!
//! ```text
//! cargo run --release --example play -- --variant sadeqa-v --north alphabeta
//! cargo run --release --example play -- --variant sadeqa-iii --north mcts:5000
//! cargo run --release --example play -- --variant andada-15 --south random --north alphabeta:2s
//! ```
//!
//! The board is drawn as RULES.md section 1 draws it: North's row on top,
//! shown right to left, South's row below, left to right, each with its pit
//! numbers. People type a pit number (or `S`/`N` for Andada's choice move),
//! `hint`, `undo`, `help` or `quit`; end of input ends the game cleanly.
//!
//! Modules: `session` (the game with the ruleset's type), `text` (lines
//! that fit 80 columns), `board` (the board, what is due, what a move
//! did), `input` (a person's moves and commands, the hint, a move proved
//! while the person may type on); from the crate, the words shared with
//! the other tools and the web board.
//!
//! Written once for any game: [`main_with`] chooses the ruleset among the
//! [`Games`] a program offers, and everything after runs with its type
//! (`session::run`, generic over `R: Ruleset`).

mod board;
mod input;
pub(crate) mod session;
mod text;

use crate::{Games, describe, pipe};
pub(crate) use session::Args;
use session::Kind;
use std::ffi::OsString;
use std::process::ExitCode;

/// The terminal game of the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// The terminal game of `games` (the first is the default `--variant`),
/// with the command line `args` (the program's name first, as clap shows
/// it in its usage). A bad flag exits as clap does; an error of the flags'
/// values is printed (`play: ...`) and gives exit status 2.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let args: Args = crate::games::parse_args(games, args, |c| c);
    let hint_time = args.hint_time.unwrap_or(2.0);
    if let Err(e) = describe::seconds("--hint-time", hint_time, false) {
        eprintln!("play: {e}");
        return ExitCode::from(2);
    }
    // Flags that would change nothing are refused, as in the other tools.
    let humans = [args.south, args.north]
        .iter()
        .filter(|&&k| k == Kind::Human)
        .count();
    if humans == 2 && args.seed.is_some() {
        eprintln!("play: --seed seeds the computer players, and both sides are human");
        return ExitCode::from(2);
    }
    if humans == 0 && args.hint_time.is_some() {
        eprintln!("play: --hint-time is for a person's hint command, and no side is human");
        return ExitCode::from(2);
    }
    if humans == 0 && args.tablebase.is_some() {
        eprintln!("play: --tablebase is for a person's hint command, and no side is human");
        return ExitCode::from(2);
    }
    match crate::choose::chosen_rules(
        games,
        args.variant.as_deref(),
        args.position.as_deref(),
        &args.rules,
    ) {
        Ok(rules) => rules.erased().play(&args),
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::from(2)
        }
    }
}
