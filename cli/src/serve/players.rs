//! Who can sit at the board: a person, or a computer player named by a
//! spec as `sowing::bots::from_spec_for` reads it (`random`, `greedy`,
//! `alphabeta:500ms`, `mcts:1s`). The one place that lists the players
//! offered: a new one is a line in `COMPUTERS`. Searches are bounded in
//! time, and every engine call runs off the request threads.

use sowing::Ruleset;
use sowing::bots::{Bot, from_spec_for};

/// The computer players offered, weakest first: (spec, description).
pub const COMPUTERS: &[(&str, &str)] = &[
    ("random", "random: any legal move"),
    ("greedy", "greedy: the best position after one move"),
    ("mcts:1s", "MCTS: evaluation and minimax, 1 s a move"),
    ("alphabeta:500ms", "alpha-beta: 0.5 s a move"),
    ("alphabeta:2s", "alpha-beta: 2 s a move (strongest)"),
];

/// The player that gives hints (and North's default): a strong one that
/// answers within half a second.
pub const STRONGEST: &str = "alphabeta:500ms";

/// The spec of a person at the board.
pub const HUMAN: &str = "human";

/// The computer player named by `spec`, seeded with `seed`, for a game of
/// `R`.
pub fn computer<R: Ruleset>(spec: &str, seed: u64) -> Result<Box<dyn Bot<R>>, String> {
    known(spec)?;
    from_spec_for::<R>(spec, seed).map_err(|e| e.to_string())
}

/// Whether `spec` names a person or a known computer player.
pub fn check(spec: &str) -> Result<(), String> {
    if spec == HUMAN { Ok(()) } else { known(spec) }
}

/// Whether `spec` is one of [`COMPUTERS`].
fn known(spec: &str) -> Result<(), String> {
    if COMPUTERS.iter().any(|(s, _)| *s == spec) {
        return Ok(());
    }
    let known: Vec<&str> = COMPUTERS.iter().map(|(s, _)| *s).collect();
    Err(format!(
        "unknown player {spec:?}: expected {HUMAN} or one of {}",
        known.join(", ")
    ))
}
