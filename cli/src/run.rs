//! One program with every tool as a subcommand, for the games a crate
//! registers: `oware play --north alphabeta`, `oware serve`, `oware
//! tablebase build --max-seeds 12`. Each subcommand is the tool the
//! built-in programs run (`cargo run --release --example play`), with the
//! same flags, help, progress and errors.

use crate::Games;
use clap::{Arg, ArgAction, Command};
use std::ffi::OsString;
use std::process::ExitCode;

/// The tools, with the line the program's help gives each.
const TOOLS: [(&str, &str); 12] = [
    (
        "play",
        "Play a game in the terminal, against people or computer players",
    ),
    ("replay", "Replay a game record move by move, or check it"),
    (
        "analyse",
        "Every legal move of a position with its value, best first",
    ),
    (
        "solve",
        "Solve a position exactly: its value and a best line",
    ),
    ("tablebase", "Build and probe endgame databases"),
    (
        "selfplay",
        "Computer players against each other, with statistics",
    ),
    (
        "playouts",
        "Seeded random playouts, for measuring the engine's speed",
    ),
    ("serve", "A web board on 127.0.0.1"),
    (
        "engine",
        "A player behind a UCI-like line protocol (docs/PROTOCOL.md)",
    ),
    (
        "match",
        "Two engine commands against each other, with Elo and SPRT",
    ),
    (
        "accuracy",
        "How close players come to perfect play, by the endgame databases",
    ),
    (
        "tune",
        "Fits the evaluation's weights to labelled positions (Texel's method)",
    ),
];

/// Runs the tool the command line names, for `games` (the first is each
/// tool's default game), and returns its exit code.
///
/// ```no_run
/// # use sowing::rulesets::SadeqaII as MyGame;
/// fn main() -> std::process::ExitCode {
///     sowing_cli::run([MyGame::default()])
/// }
/// ```
pub fn run(games: impl Into<Games>) -> ExitCode {
    run_from(games, std::env::args_os())
}

/// [`run`] with the command line given: the program's name, the tool's,
/// then the tool's arguments.
pub fn run_from(
    games: impl Into<Games>,
    args: impl IntoIterator<Item = impl Into<OsString>>,
) -> ExitCode {
    let games = games.into();
    let mut args = args.into_iter().map(Into::into);
    let program = args
        .next()
        .map(|p| {
            std::path::Path::new(&p).file_stem().map_or_else(
                || p.to_string_lossy().into_owned(),
                |s| s.to_string_lossy().into_owned(),
            )
        })
        .unwrap_or_else(|| "sowing".to_string());
    let mut rest: Vec<OsString> = args.collect();
    // `oware help play` (and `help tablebase build`) is the tool's own
    // help, `oware play --help`, not a description of the subcommand.
    if rest.len() >= 2 && rest[0] == "help" {
        rest.remove(0);
        rest.push(OsString::from("--help"));
    }
    let command = Command::new(program.clone())
        .about(format!(
            "The sowing engine's tools for {}: give a tool, then its flags (`{program} <TOOL> --help`).",
            games.names().join(", ")
        ))
        .version(concat!("(sowing-cli ", env!("CARGO_PKG_VERSION"), ")"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommands(TOOLS.iter().map(|&(name, about)| {
            Command::new(name).about(about).disable_help_flag(true).arg(
                Arg::new("args")
                    .num_args(0..)
                    .trailing_var_arg(true)
                    .allow_hyphen_values(true)
                    .action(ArgAction::Append)
                    .value_parser(clap::value_parser!(OsString)),
            )
        }));
    let matches = command.get_matches_from(std::iter::once(OsString::from(&program)).chain(rest));
    let Some((tool, sub)) = matches.subcommand() else {
        return ExitCode::from(2);
    };
    let tool_args: Vec<OsString> = std::iter::once(OsString::from(format!("{program} {tool}")))
        .chain(
            sub.get_many::<OsString>("args")
                .into_iter()
                .flatten()
                .cloned(),
        )
        .collect();
    match tool {
        "play" => crate::play::main_with(&games, tool_args),
        "replay" => crate::replay::main_with(&games, tool_args),
        "analyse" => crate::analyse::main_with(&games, tool_args),
        "solve" => crate::solve::main_with(&games, tool_args),
        "tablebase" => crate::tablebase::main_with(&games, tool_args),
        "selfplay" => crate::selfplay::main_with(&games, tool_args),
        "playouts" => crate::playouts::main_with(&games, tool_args),
        "serve" => crate::serve::main_with(&games, tool_args),
        "engine" => crate::engine::main_with(&games, tool_args),
        "match" => crate::match_runner::main_with(&games, tool_args),
        "accuracy" => crate::accuracy::main_with(&games, tool_args),
        "tune" => crate::tune::main_with(&games, tool_args),
        _ => unreachable!("clap accepts only the listed tools"),
    }
}
