//! Proves who wins a position with best play (proof-number search), writes
//! the winning strategy and prints the principal line.
//!
//! ```text
//! cargo run --release --example solve -- --variant sadeqa-ii --strategy sadeqa-ii.strategy
//! cargo run --release --example solve -- --variant sadeqa-ii --starter-only --time 600
//! cargo run --release --example solve -- --position "sadeqa-iii 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 41-50" --margin
//! cargo run --release --example solve -- --variant sadeqa-ii --check sadeqa-ii.strategy
//! cargo run --release --example solve -- --position "game-91 ..." --margin --tablebase tb
//! ```
//!
//! With `--tablebase DIR` (databases built by `sowing tablebase build`) it
//! prints what they say of the position (`database: South wins by 4
//! seeds`) and the search takes every position they hold as a leaf.

pub(crate) mod proof;

use crate::{Games, pipe};
pub(crate) use proof::Args;
use sowing::Scoring;
use std::ffi::OsString;
use std::process::ExitCode;

/// The game `solve` starts from without `--position` or `--variant`
/// (where the program has it).
const DEFAULT_GAME: &str = "sadeqa-ii";

/// `solve` for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// `solve` for `games`: `args` as on the command line, the program's name
/// first. Exit status 2 and a line on standard error for bad flags or
/// files, 1 for a strategy that fails its check.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let args: Args = crate::games::parse_args(games, args, |c| c);
    let started = args
        .search
        .time()
        .and_then(|_| args.search.rules(games, DEFAULT_GAME))
        .and_then(|rules| {
            // Only the games won by points have a margin.
            if args.margin && rules.erased().scoring() != Scoring::Points {
                return Err(format!(
                    "--margin applies to the games with a score ({}), not {}",
                    with_score(games),
                    rules.name()
                ));
            }
            rules.erased().solve(&args)
        });
    match started {
        Ok(code) => code,
        Err(e) => {
            eprintln!("solve: {e}");
            ExitCode::from(2)
        }
    }
}

/// The games of `games` won on points, by name: those `--margin` applies
/// to.
fn with_score(games: &Games) -> String {
    let names = games.names().into_iter();
    names
        .filter(|n| {
            games
                .rules(n)
                .is_ok_and(|r| r.erased().scoring() == Scoring::Points)
        })
        .collect::<Vec<_>>()
        .join(", ")
}
