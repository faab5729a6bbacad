//! Who can sit at the board: a person, or a computer player named by a
//! spec as `sowing::bots::from_spec` reads it (`random`, `greedy`,
//! `alphabeta:500ms`, `mcts:1s`). The one place that lists the players
//! offered: a new one is a line in `COMPUTERS`. Searches are bounded in
//! time, and every engine call runs off the request threads.

use sowing::bots::from_spec;
use sowing::{AnyPosition, Move, MoveSet};

/// A computer player: picks a move from the given legal moves (`None` if
/// there are none).
pub type Chooser = Box<dyn FnMut(&AnyPosition, MoveSet) -> Option<Move> + Send>;

/// The computer players offered, weakest first: (spec, description).
pub const COMPUTERS: &[(&str, &str)] = &[
    ("random", "random: any legal move"),
    ("greedy", "greedy: the best position after one move"),
    ("mcts:1s", "MCTS: random playouts, 1 s a move"),
    ("alphabeta:500ms", "alpha-beta: 0.5 s a move"),
    ("alphabeta:2s", "alpha-beta: 2 s a move (strongest)"),
];

/// The player that gives hints (and North's default): a strong one that
/// answers within half a second.
pub const STRONGEST: &str = "alphabeta:500ms";

/// The spec of a person at the board.
pub const HUMAN: &str = "human";

/// The computer player named by `spec`, seeded with `seed`.
pub fn computer(spec: &str, seed: u64) -> Result<Chooser, String> {
    if !COMPUTERS.iter().any(|(s, _)| *s == spec) {
        let known: Vec<&str> = COMPUTERS.iter().map(|(s, _)| *s).collect();
        return Err(format!(
            "unknown player {spec:?}: expected {HUMAN} or one of {}",
            known.join(", ")
        ));
    }
    let mut bot = from_spec(spec, seed).map_err(|e| e.to_string())?;
    Ok(Box::new(move |pos, legal| bot.choose_any_from(pos, legal)))
}

/// Whether `spec` names a person or a known computer player.
pub fn check(spec: &str) -> Result<(), String> {
    if spec == HUMAN {
        Ok(())
    } else {
        computer(spec, 0).map(|_| ())
    }
}
