//! `tune`: fits an evaluation's weights to labelled positions, Texel's
//! method (issue 29, section 3).
//!
//! ```text
//! cargo run --release --example tune -- --variant game-91 --tablebase /work/tb/game-91
//! ```
//!
//! **Positions.** Seeded games from the start: a few random plies
//! (`--random-plies`), then both sides by alpha-beta at a fixed depth
//! (`--sampler-depth`); a position every `--every` plies.
//!
//! **Labels**, for the side to move: where the databases hold the position
//! (`--tablebase`), its exact value (the final margin under perfect play
//! in the games won on points, win or loss in the games won by moving
//! last); elsewhere the result of the sampled game (its final margin, or
//! 1 for a win, 0 for a loss, ½ for a draw).
//!
//! **Features** ([`features`](sowing::bots::tuned::features)), each the
//! side to move's less the opponent's: points, seeds in the row, occupied
//! pits, pits of two seeds or more, singletons, waranas owned (Sadeqa V),
//! the best capture of the next move, legal moves; and 1 (having the
//! move).
//!
//! **Fit**: least squares on the margins (games won on points), logistic
//! regression on the results (games won by moving last), by plain
//! gradient descent on standardized features. *Before* is the same fit
//! with [`StandardEval`](sowing::bots::StandardEval) as the only feature
//! (its best scale), *after* with all the features. The weights are
//! printed as Rust constants: sixteenths of a seed a unit of the feature
//! (games won on points), hundredths of a logit (games won by moving
//! last).

pub(crate) mod fit;

use crate::Games;
pub(crate) use fit::Args;
use std::ffi::OsString;
use std::process::ExitCode;

/// `tune` for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// `tune` for `games`: `args` as on the command line, the program's name
/// first.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args: Args = crate::games::parse_args(games, args, |c| c);
    let name = args.variant.clone().unwrap_or_else(|| games.default_name());
    match args
        .options
        .build(games, &name)
        .and_then(|rules| rules.erased().tune(&args))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tune: {e}");
            ExitCode::from(2)
        }
    }
}
