//! Plain UCT with uniformly random playouts: 0.3's `mcts`, kept as the
//! `uct` player to measure the [`Mcts`](super::Mcts) search against.
//!
//! Each iteration walks down the tree by the UCB1 rule (mean reward plus
//! `c * sqrt(ln N / n)`), adds one child, plays one random game from it and
//! adds the result to every node on the way: 1 for a win of the player
//! who made the node's move, 1/2 for a draw, 0 for a loss (a playout still
//! going after [`PLAYOUT_PLIES`](super::PLAYOUT_PLIES) plies counts as a
//! draw). The move returned is the root child with the most visits.

use super::{MctsBudget, PLAYOUT_PLIES};
use crate::bots::pick;
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{Stop, child_for_search};
use rand::rngs::SmallRng;
use std::time::Instant;

/// One node of the tree.
struct Node<R: Ruleset> {
    pos: Position<R>,
    mv: Move,
    /// The player who made `mv` (the rewards are his).
    mover: Player,
    children: Vec<u32>,
    untried: MoveSet,
    visits: u32,
    reward: f64,
}

/// The UCT search of `pos` (exact legal moves `legal`, 2 or more), with
/// the results `known` scoring the leaves it knows: the move and the
/// playouts made.
pub(super) fn search<R: Ruleset>(
    budget: MctsBudget,
    exploration: f64,
    rng: &mut SmallRng,
    pos: &Position<R>,
    legal: MoveSet,
    known: impl Fn(&Position<R>) -> Option<Option<Player>>,
    stop_flag: &Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> (Option<Move>, u32) {
    let stop = Stop::new(budget.limits(), Instant::now());
    let mut nodes: Vec<Node<R>> = Vec::with_capacity(4096);
    nodes.push(Node {
        pos: *pos,
        mv: Move::Pit(0),
        mover: pos.side_to_move().other(),
        children: Vec::new(),
        untried: legal,
        visits: 0,
        reward: 0.0,
    });
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut playouts = 0u32;
    loop {
        // The clock is read every 16 playouts.
        let due = match budget {
            MctsBudget::Playouts(_) => true,
            MctsBudget::Time(_) => playouts > 0 && playouts.is_multiple_of(16),
        };
        if due && (stop.reached(playouts as u64) || super::stop_asked(stop_flag)) {
            break;
        }
        playouts += 1;
        path.clear();
        let mut cur = 0u32;
        path.push(cur);
        // Selection.
        loop {
            let node = &nodes[cur as usize];
            if !node.untried.is_empty() || node.children.is_empty() {
                break;
            }
            let ln = (node.visits.max(1) as f64).ln();
            let mut best = (f64::NEG_INFINITY, node.children[0]);
            for &ch in &node.children {
                let n = &nodes[ch as usize];
                let score =
                    n.reward / n.visits as f64 + exploration * (ln / n.visits as f64).sqrt();
                if score > best.0 {
                    best = (score, ch);
                }
            }
            cur = best.1;
            path.push(cur);
        }
        // Expansion.
        let at_root = cur == 0;
        while !nodes[cur as usize].untried.is_empty() {
            let node = &mut nodes[cur as usize];
            let mv = pick(node.untried, rng).expect("a move");
            node.untried.remove(mv);
            let from = node.pos;
            let child = if at_root {
                Some(child_for_search(&from, mv))
            } else {
                let mut c = from;
                c.play(mv).ok().map(|()| c)
            };
            if let Some(c) = child {
                let id = nodes.len() as u32;
                nodes.push(Node {
                    pos: c,
                    mv,
                    mover: from.side_to_move(),
                    children: Vec::new(),
                    untried: c.legal_moves(),
                    visits: 0,
                    reward: 0.0,
                });
                nodes[cur as usize].children.push(id);
                cur = id;
                path.push(cur);
                break;
            }
        }
        // Simulation: the known result, else a random game.
        let leaf = nodes[cur as usize].pos;
        let winner = match known(&leaf) {
            Some(result) => result,
            None => playout(leaf, rng),
        };
        // Backpropagation.
        for &id in &path {
            let node = &mut nodes[id as usize];
            node.visits += 1;
            node.reward += match winner {
                Some(w) if w == node.mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
    }
    let root = &nodes[0];
    let best = root
        .children
        .iter()
        .max_by_key(|&&ch| nodes[ch as usize].visits)
        .map(|&ch| nodes[ch as usize].mv)
        .or_else(|| legal.iter().next());
    (best, playouts)
}

/// A random game from `pos`: the winner, or `None` for a draw.
fn playout<R: Ruleset>(mut pos: Position<R>, rng: &mut SmallRng) -> Option<Player> {
    // The lazy draw: about one sowing a ply (`crate::playout`).
    crate::playout(&mut pos, rng, PLAYOUT_PLIES);
    match pos.outcome() {
        Outcome::Win { winner, .. } => Some(winner),
        _ => None,
    }
}
