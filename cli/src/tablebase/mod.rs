//! Endgame databases: builds them, and probes a position.
//!
//! ```text
//! cargo run --release --example tablebase -- build --variant game-91 --max-seeds 16 --dir tb
//! cargo run --release --example tablebase -- probe --dir tb "game-91 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 30-29"
//! ```
//!
//! `build --win-draw-loss` writes two bits a position (module
//! `sowing::tablebase`'s `Builder::win_draw_loss`); `compare` checks such a
//! build against margin databases of the same game.
//!
//! `build` writes one file a layer (`<variant>.<seeds>.tb`) into the
//! directory, with a progress bar (positions done, rate, time left) for
//! each sweep of each layer, and a table of the time and size of every
//! layer; layers already built are read, not built again. `probe` prints
//! who wins from the position under perfect play, by how many seeds (the
//! scoring games) or in how many plies (the last-mover games), and each
//! legal move's value.

pub(crate) mod commands;

use crate::Games;
pub(crate) use commands::{Args, Command};
use std::ffi::OsString;
use std::process::ExitCode;

/// `tablebase` for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// `tablebase` for `games`: `args` as on the command line, the program's
/// name first. Exit status 1 and a line on standard error for what fails.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    // In a program of one game (`oware tablebase build`), --variant
    // defaults to it.
    let args: Args = crate::games::parse_args(games, args, |command| match games.only() {
        Some(only) => command.mut_subcommand("build", |build| {
            build.mut_arg("variant", |a| a.required(false).default_value(only))
        }),
        None => command,
    });
    let rules = match &args.command {
        Command::Build {
            variant, options, ..
        }
        | Command::Compare {
            variant, options, ..
        } => options.build(games, variant),
        // The position string's variant field names the game.
        Command::Probe {
            position, options, ..
        } => options.build(games, position.split_whitespace().next().unwrap_or("")),
    };
    match rules.and_then(|rules| rules.erased().tablebase(&args.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tablebase: {e}");
            ExitCode::FAILURE
        }
    }
}
