//! Who can sit at the board: a person, or a computer player named by a
//! spec (`random`, `greedy`; later `alphabeta:6`, `mcts:2000`). The one
//! place that maps a name to a bot: a new player is a line in `COMPUTERS`
//! and an arm in `computer`.

use sowing::bots::{AnyBot, Bot};
use sowing::{AnyPosition, Move, MoveSet};

/// A computer player: picks a move from the given legal moves (`None` if
/// there are none).
pub type Chooser = Box<dyn FnMut(&AnyPosition, MoveSet) -> Option<Move> + Send>;

/// The computer players offered, weakest first: (spec, description).
pub const COMPUTERS: &[(&str, &str)] = &[
    ("random", "random: any legal move"),
    ("greedy", "greedy: the best position after one move"),
];

/// The strongest player available: the one that gives hints.
pub const STRONGEST: &str = "greedy";

/// The spec of a person at the board.
pub const HUMAN: &str = "human";

/// The computer player named by `spec`, seeded with `seed`.
pub fn computer(spec: &str, seed: u64) -> Result<Chooser, String> {
    let mut bot = match spec {
        "random" => AnyBot::random(seed),
        "greedy" => AnyBot::greedy(seed),
        _ => {
            let known: Vec<&str> = COMPUTERS.iter().map(|(s, _)| *s).collect();
            return Err(format!(
                "unknown player {spec:?}: expected {HUMAN} or one of {}",
                known.join(", ")
            ));
        }
    };
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
