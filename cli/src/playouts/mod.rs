//! Seeded random playouts per variant, for measuring the engine: plies per
//! second, and under `valgrind --tool=callgrind` an instruction count that
//! repeats exactly whatever else the machine is doing.
//!
//! ```text
//! cargo build --release --example playouts
//! target/release/examples/playouts [VARIANT] [GAMES]   # sadeqa-ii, sadeqa-iii, game-91, sadeqa-v, andada-12, andada-24, or all
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/playouts sadeqa-iii 100
//! ```
//!
//! The playouts are the benchmark's (`benches/sowing.rs`): uniform random
//! legal moves with a fixed seed per game, a lap limit of 10,000 (RULES.md
//! section 2's option), at most 1,000 plies, played by `sowing::playout`
//! (the lazy draw).

pub(crate) mod timing;

use crate::{Games, pipe};
use sowing::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use std::ffi::OsString;
use std::process::ExitCode;

/// The benchmark's variants (`benches/sowing.rs`), in the order they run.
pub fn benchmark() -> Games {
    Games::new()
        .with(SadeqaII::new())
        .with(SadeqaIII::new())
        .with(SadeqaIII::game_91())
        .with(SadeqaV)
        .with(Andada::new(12).expect("a board size"))
        .with(Andada::new(24).expect("a board size"))
}

/// `playouts` for the benchmark's variants.
pub fn main() -> ExitCode {
    main_with(&benchmark(), std::env::args_os())
}

/// `playouts` for `games` (each of its names; `all`: every one, in
/// order): `args` as on the command line, the program's name first.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let mut args = args
        .into_iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned());
    // No variant, or `all` (to give GAMES for every variant), runs them all.
    // Case-insensitive, as variant names are elsewhere.
    let which = args
        .next()
        .map_or_else(|| "all".to_string(), |w| w.to_ascii_lowercase());
    let names = games.names();
    if which != "all" && !names.iter().any(|n| n.eq_ignore_ascii_case(&which)) {
        let usage = format!(
            "usage: playouts [VARIANT] [GAMES]; VARIANT is one of {}, or all (the default)",
            names.join(", "),
        );
        if which == "--help" || which == "-h" {
            println!("Seeded random playouts per variant, for measuring the engine.\n{usage}");
            return ExitCode::SUCCESS;
        }
        eprintln!("playouts measures only the benchmark's variants, not {which:?}; {usage}");
        return ExitCode::from(2);
    }
    let count: u64 = match args.next().map(|s| s.parse()) {
        None => 1000,
        Some(Ok(0)) => {
            eprintln!("playouts: GAMES must be 1 at least, not 0");
            return ExitCode::from(2);
        }
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!(
                "playouts: GAMES must be a whole number, 1 at least; usage: playouts [VARIANT] [GAMES]"
            );
            return ExitCode::from(2);
        }
    };
    if let Some(extra) = args.next() {
        eprintln!("playouts: unexpected argument {extra:?}; usage: playouts [VARIANT] [GAMES]");
        return ExitCode::from(2);
    }
    for name in names {
        if which == "all" || name.eq_ignore_ascii_case(&which) {
            match games.rules(&name) {
                Ok(rules) => rules.erased().playouts(count),
                Err(e) => {
                    eprintln!("playouts: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    ExitCode::SUCCESS
}
