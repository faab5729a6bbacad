//! `accuracy`: how close a player comes to perfect play, measured with the
//! endgame databases (issue 29, docs/STRENGTH.md).
//!
//! ```text
//! cargo run --release --example tablebase -- build --variant game-91 --max-seeds 12 --dir tb
//! cargo run --release --example accuracy -- --variant game-91 --tablebase tb \
//!     --player alphabeta:10ms --player mcts:10ms --positions 1000
//! ```
//!
//! **Positions.** Games are played from the start: a few random plies
//! (`--random-plies`), then both sides by alpha-beta at a fixed depth
//! (`--sampler-depth`: strong, and the same positions on every machine);
//! once the seeds on the board fall to what the databases hold, up to
//! `--per-game` positions of the game are taken, three plies apart, each
//! with at least two legal moves and not seen before. All is seeded
//! (`--seed`): the same command samples the same positions.
//!
//! **Measures**, for each player, each position given to it fresh (no
//! history, as the databases value it):
//! - *kept*: the share of moves that keep the position's exact value: in
//!   the games won on points, the margin of the move played equals the
//!   best move's; in the games won by moving last, the result (win, draw
//!   or loss) stays the same (a slower win is not counted as a loss of
//!   value);
//! - *seeds given away* (games won on points): the best move's margin
//!   less the margin of the move played, averaged over the moves.
//!
//! **Whole games** (`--games N`, where the databases hold the start, as
//! on the small solved boards of docs/SOLVED.md): the player against a
//! perfect opponent (a best move by the databases, ties broken at
//! random), each colour in turn; a game is *held* when every move of the
//! player keeps the value (so the result is the start's value).

pub(crate) mod measure;

use crate::Games;
pub(crate) use measure::Args;
use std::ffi::OsString;
use std::process::ExitCode;

/// `accuracy` for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// `accuracy` for `games`: `args` as on the command line, the program's
/// name first.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args: Args = crate::games::parse_args(games, args, |c| c);
    let name = args.variant.clone().unwrap_or_else(|| games.default_name());
    match args
        .options
        .build(games, &name)
        .and_then(|rules| rules.erased().accuracy(&args))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("accuracy: {e}");
            ExitCode::from(2)
        }
    }
}
