//! [`Mcts`]: Monte Carlo tree search (UCT) with uniformly random playouts.
//!
//! Each iteration walks down the tree by the UCB1 rule (mean reward plus
//! `c * sqrt(ln N / n)`), adds one child, plays one random game from it and
//! adds the result to every node on the way: 1 for a win of the player
//! who made the node's move, 1/2 for a draw, 0 for a loss (a playout still
//! going after [`PLAYOUT_PLIES`] plies counts as a draw). The side that
//! made a move is recorded per node, so bonus moves and passes (the same
//! player moving twice) need nothing special. The move returned is the
//! root child with the most visits.
//!
//! The budget is a number of playouts or a time; with a playout budget and
//! the same seed, a search is exactly reproducible. Inside the tree and the
//! playouts positions use the search lap limit
//! ([`SEARCH_LAP_LIMIT`](crate::search::SEARCH_LAP_LIMIT)); the root's moves
//! are the caller's exact legal moves.

use super::{Bot, Named, pick};
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{Limits, Stop, child_for_search};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::fmt;
use std::time::{Duration, Instant};

/// A playout stops as a draw after this many plies.
pub const PLAYOUT_PLIES: usize = 1_000;

/// How much an [`Mcts`] search may do for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsBudget {
    /// This many playouts (iterations), 1 or more.
    Playouts(u32),
    /// About this much time.
    Time(Duration),
}

impl MctsBudget {
    /// The budget as the search uses it: 1 playout at least, a time from
    /// 1 ns to a day (a spec's range).
    fn in_use(self) -> MctsBudget {
        match self {
            MctsBudget::Playouts(n) => MctsBudget::Playouts(n.max(1)),
            MctsBudget::Time(t) => MctsBudget::Time(super::spec::time_in_use(t)),
        }
    }
}

impl MctsBudget {
    /// The budget as [`Limits`]: a number of playouts counts as the nodes
    /// (one playout a node of the tree), a time as the time.
    pub fn limits(self) -> Limits {
        match self {
            MctsBudget::Playouts(n) => Limits {
                nodes: Some(n as u64),
                time: None,
            },
            MctsBudget::Time(t) => Limits {
                nodes: None,
                time: Some(t),
            },
        }
    }
}

impl fmt::Display for MctsBudget {
    /// As the player spec writes it: `2000`, `1500ms`, `0.5ms`; no
    /// playouts or no time as the search uses it (1 playout, 1 ns), so
    /// that it reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.in_use() {
            MctsBudget::Playouts(n) => write!(f, "{n}"),
            MctsBudget::Time(t) => super::spec::write_time(f, t),
        }
    }
}

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

/// The UCT player (see the [module documentation](self)), for every
/// ruleset: it needs no evaluation.
///
/// ```
/// use sowing::bots::{Bot, Mcts};
/// use sowing::{Position, rulesets::SadeqaIII};
///
/// let pos = Position::new(SadeqaIII::new());
/// let a = Mcts::new(200, 7).choose(&pos);
/// let b = Mcts::new(200, 7).choose(&pos);
/// assert_eq!(a, b); // same seed, same playouts: the same move
/// assert!(pos.is_legal(a.expect("a legal move")));
/// ```
#[derive(Clone, Debug)]
pub struct Mcts {
    budget: MctsBudget,
    rng: SmallRng,
    exploration: f64,
    last_playouts: u32,
}

impl Mcts {
    /// A player making `playouts` playouts a move, seeded with `seed` (its
    /// playouts draw from `rand` 0.10's `SmallRng`, re-exported as
    /// [`sowing::rand`](crate::rand)).
    pub fn new(playouts: u32, seed: u64) -> Self {
        Self::with_budget(MctsBudget::Playouts(playouts.max(1)), seed)
    }

    /// A player with the given budget, seeded with `seed` (as
    /// [`Mcts::new`]: `rand` 0.10's `SmallRng`).
    pub fn with_budget(budget: MctsBudget, seed: u64) -> Self {
        Mcts {
            budget: budget.in_use(),
            rng: SmallRng::seed_from_u64(seed),
            exploration: std::f64::consts::SQRT_2,
            last_playouts: 0,
        }
    }

    /// The same player with the UCB1 exploration constant `c` (default
    /// `sqrt(2)`).
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }

    /// The playouts of the last search.
    pub fn last_playouts(&self) -> u32 {
        self.last_playouts
    }

    /// The UCT search of `pos`, whose exact legal moves are `legal`.
    pub fn search<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        self.search_with(pos, legal, |_| None)
    }

    /// [`Mcts::search`] with the endgame databases at its leaves: a leaf
    /// they hold is scored by its result under perfect play (the winner,
    /// or a draw) instead of a random playout.
    ///
    /// ```
    /// use sowing::bots::Mcts;
    /// use sowing::rulesets::SadeqaIII;
    /// use sowing::tablebase::{Builder, Tablebase};
    ///
    /// let dir = std::env::temp_dir().join(format!("sowing-mcts-doc-{}", std::process::id()));
    /// Builder::new(SadeqaIII::game_91(), &dir).max_seeds(5).build(|_| {})?;
    /// let tb = Tablebase::open(SadeqaIII::game_91(), &dir)?;
    /// let pos = "game-91 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 30-29".parse()?;
    /// let mv = Mcts::new(100, 7).search_with_tablebase(&pos, pos.legal_moves(), &tb);
    /// assert!(pos.is_legal(mv.expect("a move")));
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "tablebase")]
    #[cfg_attr(docsrs, doc(cfg(feature = "tablebase")))]
    pub fn search_with_tablebase<R: crate::tablebase::Tabulate>(
        &mut self,
        pos: &Position<R>,
        legal: MoveSet,
        tablebase: &crate::tablebase::Tablebase<R>,
    ) -> Option<Move> {
        self.search_with(pos, legal, |leaf| {
            tablebase.forecast(leaf).map(|f| f.winner())
        })
    }

    /// [`Mcts::search`] with results known at the leaves: `known(leaf)` is
    /// `Some(winner)` (`Some(None)`: a draw) where the result under perfect
    /// play is known, and the leaf is scored by it instead of a playout.
    pub fn search_with<R: Ruleset>(
        &mut self,
        pos: &Position<R>,
        legal: MoveSet,
        known: impl Fn(&Position<R>) -> Option<Option<Player>>,
    ) -> Option<Move> {
        if legal.len() <= 1 {
            self.last_playouts = 0;
            return legal.iter().next();
        }
        let stop = Stop::new(self.budget.limits(), Instant::now());
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
            let due = match self.budget {
                MctsBudget::Playouts(_) => true,
                MctsBudget::Time(_) => playouts > 0 && playouts.is_multiple_of(16),
            };
            if due && stop.reached(playouts as u64) {
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
                let c = self.exploration;
                let mut best = (f64::NEG_INFINITY, node.children[0]);
                for &ch in &node.children {
                    let n = &nodes[ch as usize];
                    let score = n.reward / n.visits as f64 + c * (ln / n.visits as f64).sqrt();
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
                let mv = pick(node.untried, &mut self.rng).expect("a move");
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
                None => self.playout(leaf),
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
        self.last_playouts = playouts;
        let root = &nodes[0];
        root.children
            .iter()
            .max_by_key(|&&ch| nodes[ch as usize].visits)
            .map(|&ch| nodes[ch as usize].mv)
            .or_else(|| legal.iter().next())
    }

    /// A random game from `pos`: the winner, or `None` for a draw.
    fn playout<R: Ruleset>(&mut self, mut pos: Position<R>) -> Option<Player> {
        // The lazy draw: about one sowing a ply (`crate::playout`).
        crate::playout(&mut pos, &mut self.rng, PLAYOUT_PLIES);
        match pos.outcome() {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

impl Named for Mcts {
    fn name(&self) -> String {
        format!("mcts:{}", self.budget)
    }
}

impl<R: Ruleset> Bot<R> for Mcts {
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        self.search(pos, legal)
    }
}
