//! One program with every tool as a subcommand, for the games a crate
//! registers: `oware play --north alphabeta`, `oware serve`, `oware
//! tablebase build --max-seeds 12`. Each subcommand is the tool the
//! built-in programs run (`cargo run --release --example play`), with the
//! same flags, help, progress and errors.

use crate::Games;
use clap::{Arg, ArgAction, Command, CommandFactory};
use std::ffi::OsString;
use std::process::ExitCode;

/// What `--version` prints after the program's name.
const VERSION: &str = concat!("(sowing-cli ", env!("CARGO_PKG_VERSION"), ")");

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
    // Only for a tool: `help help`, `help man` and unknown names are clap's.
    if rest.len() >= 2 && rest[0] == "help" && TOOLS.iter().any(|(name, _)| rest[1] == *name) {
        rest.remove(0);
        rest.push(OsString::from("--help"));
    }
    let command = Command::new(program.clone())
        .about(format!(
            "The sowing engine's tools for {}: give a tool, then its flags (`{program} <TOOL> --help`).",
            games.names().join(", ")
        ))
        .version(VERSION)
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
        }))
        .subcommands(own_commands());
    let matches = command.get_matches_from(std::iter::once(OsString::from(&program)).chain(rest));
    let Some((tool, sub)) = matches.subcommand() else {
        return ExitCode::from(2);
    };
    match tool {
        "completions" => {
            let shell = *sub
                .get_one::<clap_complete::Shell>("shell")
                .expect("clap requires a shell");
            let mut command = full_command(&games, &program);
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut command, program, &mut out);
            return write_out(&out);
        }
        "man" => {
            let command = full_command(&games, &program);
            let page = match sub.get_one::<String>("tool") {
                Some(tool) => command
                    .find_subcommand(tool)
                    .cloned()
                    .expect("clap accepts only the listed tools")
                    .name(format!("{program}-{tool}")),
                None => command,
            };
            let mut out = Vec::new();
            return match clap_mangen::Man::new(page).render(&mut out) {
                Ok(()) => write_out(&out),
                Err(e) => {
                    eprintln!("{program} man: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        _ => {}
    }
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

/// The program with every tool's own flags as its subcommands (the
/// dispatch above passes a tool's arguments through unread): what the
/// shell completions and the manual page describe.
fn full_command(games: &Games, program: &str) -> Command {
    let fit = |name: &str, command: Command| {
        let about = TOOLS
            .iter()
            .find(|(tool, _)| *tool == name)
            .map(|(_, about)| *about);
        let command = crate::games::fit_help(games, command).name(name.to_string());
        match about {
            Some(about) => command.about(about),
            None => command,
        }
    };
    let playouts = Command::new("playouts")
        .arg(Arg::new("variant").help("A game, or `all` (the default): every one"))
        .arg(Arg::new("games").help("Playouts a game (default 1000)"));
    Command::new(program.to_string())
        .version(VERSION)
        .about(format!(
            "The sowing engine's tools for {}",
            games.names().join(", ")
        ))
        .subcommand_required(true)
        // The pages `sowing man` writes are the tools' (and no `help` one).
        .disable_help_subcommand(true)
        .subcommands([
            fit("play", crate::play::Args::command()),
            fit("replay", crate::replay::Args::command()),
            fit("analyse", crate::analyse::Args::command()),
            fit("solve", crate::solve::Args::command()),
            fit("tablebase", crate::tablebase::Args::command()),
            fit("selfplay", crate::selfplay::Args::command()),
            fit("playouts", playouts),
            fit("serve", crate::serve::Args::command()),
            fit("engine", crate::engine::Args::command()),
            fit("match", crate::match_runner::Args::command()),
            fit("accuracy", crate::accuracy::Args::command()),
            fit("tune", crate::tune::Args::command()),
        ])
        .subcommands(own_commands())
}

/// The program's own subcommands, beside the tools: the shell completions
/// and the manual pages.
fn own_commands() -> [Command; 2] {
    [
        Command::new("completions")
            .about(
                "Shell completions for bash, zsh, fish, elvish or powershell, on standard output",
            )
            .arg(
                Arg::new("shell")
                    .required(true)
                    .value_parser(clap::value_parser!(clap_complete::Shell)),
            ),
        Command::new("man")
            .about("The manual page in roff (`sowing man > sowing.1`); with a tool, its own page")
            .arg(Arg::new("tool").value_parser(TOOLS.map(|(name, _)| name))),
    ]
}

/// `bytes` to standard output: status 141 (as by SIGPIPE) for a closed
/// pipe (`sowing man | head`), 1 with a message for another failure.
fn write_out(bytes: &[u8]) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            eprintln!("writing the output: {e}");
            ExitCode::FAILURE
        }
    }
}
