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

pub(crate) mod record;

use crate::{Games, pipe};
pub(crate) use record::Args;
use std::ffi::OsString;
use std::process::ExitCode;

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
    let replayed = crate::choose::chosen_rules(
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
