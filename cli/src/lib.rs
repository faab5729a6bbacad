//! The tools of the `sowing` engine, for any game: the terminal game
//! (`play`), `replay`, `analyse`, `solve`, `tablebase`, `selfplay`,
//! `playouts`, the web board (`serve`), the engine protocol (`engine`),
//! the match runner (`match`, module [`match_runner`]), `accuracy` and
//! `tune`, written once over the [`Ruleset`](sowing::Ruleset) trait. The
//! built-in programs (`cargo run --release --example play`) are thin users
//! of it.

mod choose;
mod games;
pub use games::{Games, Rules};

// The tools, each written once over `R: Ruleset`. Each has `main()` (the
// built-in games) and (all but `solve_boards`, which solves the built-in
// games on small boards) `main_with(&Games, args)`; `run` offers them as
// subcommands for the games a crate registers. Each tool's `mod.rs` is its
// front (it chooses the game), its code over `R: Ruleset` a child module
// (docs/ARCHITECTURE.md, "Inside the tools").
pub mod accuracy;
pub mod analyse;
pub mod engine;
pub mod match_runner;
pub mod play;
pub mod playouts;
pub mod replay;
pub mod selfplay;
pub mod serve;
pub mod solve;
pub mod solve_boards;
pub mod tablebase;
pub mod tune;

mod run;
pub use run::{run, run_from};

/// The game options every tool takes: `--option name=value` and the
/// older spellings (`--starter-only`, `--reading ludii`, `--clockwise`).
pub mod rule_options;

// The words and mechanics the tools share.
pub(crate) mod database;
pub(crate) mod describe;
pub(crate) mod narrate;
pub(crate) mod pipe;
pub(crate) mod progress;
pub(crate) mod sampling;
pub(crate) mod search_args;
pub(crate) mod seeds;
pub(crate) mod study;
pub(crate) mod tally;
pub(crate) mod tournament;
pub(crate) mod warana_strategy;
