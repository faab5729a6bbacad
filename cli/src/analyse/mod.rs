//! Every legal move of a position with its value, best first: a result
//! proved by the solver where it finds one within its budget, else the
//! alpha-beta search's score and depth; then the principal variation.
//!
//! ```text
//! cargo run --release --example analyse -- --position "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:SN"
//! cargo run --release --example analyse -- --position "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0" --depth 8
//! cargo run --release --example analyse -- --position "..." --time 10 --solve-time 0
//! cargo run --release --example analyse -- --position "game-91 ..." --tablebase tb
//! cargo run --release --example analyse -- --variant sadeqa-ii --depth 12
//! ```
//!
//! Without `--position` the start of `--variant`'s game is analysed (of
//! Sadeqa V by default, or of the program's first game).
//!
//! With `--tablebase DIR` (databases built by `sowing tablebase build`) a
//! position the databases hold is answered from them (`database: South
//! wins by 4 seeds`, and each move's result), without a search; elsewhere
//! the alpha-beta search reads them at its leaves.

pub(crate) mod analysis;

use crate::{Games, describe, pipe};
pub(crate) use analysis::Args;
use std::ffi::OsString;
use std::process::ExitCode;

/// The game `analyse` starts from without `--position` or `--variant`
/// (where the program has it).
const DEFAULT_GAME: &str = "sadeqa-v";

/// `analyse` for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// `analyse` for `games`: `args` as on the command line, the program's
/// name first. Exit status 2 and a line on standard error for bad flags.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let args: Args = crate::games::parse_args(games, args, |c| c);
    match start(games, &args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("analyse: {e}");
            ExitCode::from(2)
        }
    }
}

/// Checks the times (before anything is printed), chooses the rules and
/// runs the analysis with their type.
fn start(games: &Games, args: &Args) -> Result<ExitCode, String> {
    describe::seconds("--solve-time", args.solve_time, true)?;
    args.search.time()?;
    let rules = args.search.rules(games, DEFAULT_GAME)?;
    rules.erased().analyse(args)
}
