//! [`Mcts`]: Monte Carlo tree search, in two algorithms.
//!
//! **`mcts`** (the default, [`Mcts::new`], [`Mcts::with_budget`]) is built
//! for tactical games, where a capture or a sweep swings the score by many
//! seeds and random playouts see little of it:
//!
//! - *Evaluation at the leaves* instead of playouts: each iteration walks
//!   down the tree to a node not yet expanded, adds all its children and
//!   scores each by the [`Evaluation`] (default [`StandardEval`], the
//!   ruleset's own [`Ruleset::evaluate`]; the spec's default is
//!   [`AutoEval`](super::AutoEval), as `alphabeta`'s) mapped to a win
//!   probability by a logistic, `1 / (1 + exp(-v / scale))`, the scale
//!   the evaluation's own ([`Evaluation::logit_scale`]: by default
//!   [`DEFAULT_EVAL_SCALE`], about 5 seeds in quarters of a seed; 100
//!   for [`TunedEval`](super::TunedEval)'s hundredths of a logit).
//! - *Implicit minimax backups* (Lanctot, Winands, Pepels, Sturtevant,
//!   "Monte Carlo Tree Search with Heuristic Evaluations using Implicit
//!   Minimax Backups", 2014): each node keeps, beside its mean reward, the
//!   minimax of its children's values, and selection ranks a child by
//!   `(1 - a) * mean + a * minimax + c * sqrt(ln N / (n + 1))`
//!   ([`DEFAULT_MINIMAX_WEIGHT`], [`DEFAULT_EXPLORATION`]). A child not yet
//!   visited counts its own value as its mean, so the evaluation also
//!   orders the moves (progressive bias).
//! - *MCTS-Solver* (Winands, Björnsson, Saito 2008): finished games and
//!   positions the databases hold ([`Mcts::search_with_tablebase`]) are
//!   proven wins, draws or losses; a node with a proven-won child is won,
//!   one whose children are all proven takes the best of them; a proven
//!   loss is never chosen while another move is open. Once the root is
//!   proven the search stops, and a proven-won root move is played at
//!   once.
//!
//! The move returned is a proven win if there is one, else the most
//! visited root child that is not a proven loss.
//!
//! **`uct`** ([`Mcts::uct`]) is 0.3's `mcts`, plain UCT with uniformly
//! random playouts to the end of the game, kept to measure against (see
//! docs/STRENGTH.md).
//!
//! Both record the player who made each node's move and score the node for
//! him, so bonus moves and passes (the same player moving twice) need
//! nothing special. The budget is a number of iterations (`uct`'s playouts,
//! `mcts`'s leaf expansions) or a time; with an iteration budget and the
//! same seed, a search is exactly reproducible (the seed draws `uct`'s
//! playouts and breaks `mcts`'s ties between equal moves). Inside the tree
//! positions use the search lap limit
//! ([`SEARCH_LAP_LIMIT`](crate::search::SEARCH_LAP_LIMIT)); the root's moves
//! are the caller's exact legal moves. `mcts` stops early, as if its time
//! were up, once its tree holds [`MAX_NODES`] nodes.

mod uct;

use super::{Bot, Evaluation, Named, StandardEval};
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{Limits, Stop, child_for_search};
use rand::rngs::SmallRng;
use rand::{RngExt as _, SeedableRng};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The default logistic scale of `mcts` ([`Evaluation::logit_scale`]'s
/// default): an evaluation of `v` is a win probability of
/// `1 / (1 + exp(-v / scale))`, so about 5 seeds ahead (20 in
/// [`StandardEval`]'s units) is 73%.
pub const DEFAULT_EVAL_SCALE: f64 = 20.0;
/// The default weight `a` of the implicit minimax value in `mcts`'s
/// selection (0: the plain mean, 1: the minimax alone).
pub const DEFAULT_MINIMAX_WEIGHT: f64 = 0.8;
/// The default exploration constant `c` of `mcts` (rewards are win
/// probabilities, 0 to 1).
pub const DEFAULT_EXPLORATION: f64 = 0.1;
/// The most nodes an `mcts` tree holds (about 100 bytes each); the search
/// stops when it is full.
pub const MAX_NODES: usize = 1 << 22;

/// The most legal moves a position has: every pit of a row and the two
/// choice moves.
const MAX_MOVES: usize = crate::moves::MAX_PITS_PER_ROW + 2;

/// A playout stops as a draw after this many plies.
pub const PLAYOUT_PLIES: usize = 1_000;

/// How much an [`Mcts`] search (either algorithm) may do for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsBudget {
    /// This many iterations (playouts for `uct`, leaf evaluations for
    /// `mcts`), 1 or more.
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
    /// (one iteration a node of the tree), a time as the time.
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

/// A node's result once proven, for the player who made its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Proof {
    Loss,
    Draw,
    Win,
    /// Not proven (sorts last; never compared with the others).
    Open,
}

impl Proof {
    /// The same result for the other player.
    fn flip(self) -> Proof {
        match self {
            Proof::Loss => Proof::Win,
            Proof::Win => Proof::Loss,
            other => other,
        }
    }

    /// The reward of a proven result.
    fn reward(self) -> Option<f64> {
        match self {
            Proof::Win => Some(1.0),
            Proof::Draw => Some(0.5),
            Proof::Loss => Some(0.0),
            Proof::Open => None,
        }
    }
}

/// One node of the `mcts` tree; its children are `count` nodes from
/// `first`, made at once when it is expanded.
struct Node<R: Ruleset> {
    pos: Position<R>,
    mv: Move,
    /// The player who made `mv`: `reward`, `value` and `proof` are his.
    mover: Player,
    expanded: bool,
    count: u8,
    first: u32,
    visits: u32,
    /// The sum of the rewards backed up through the node.
    reward: f64,
    /// The implicit minimax value: the leaf's evaluation as a win
    /// probability, then the minimax of its children's values.
    value: f64,
    proof: Proof,
}

impl<R: Ruleset> Node<R> {
    fn new(pos: Position<R>, mv: Move, mover: Player) -> Self {
        Node {
            pos,
            mv,
            mover,
            expanded: false,
            count: 0,
            first: 0,
            visits: 0,
            reward: 0.0,
            value: 0.5,
            proof: Proof::Open,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first as usize..self.first as usize + self.count as usize
    }
}

/// Which search an [`Mcts`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Algorithm {
    /// Evaluation, implicit minimax and the solver (spec `mcts`).
    Guided,
    /// Plain UCT with random playouts (spec `uct`).
    Uct,
}

/// The Monte Carlo tree search player (see the [module
/// documentation](self)), for every ruleset, with the evaluation `E`
/// (default [`StandardEval`]).
///
/// ```
/// use sowing::bots::{Bot, Mcts};
/// use sowing::{Position, rulesets::SadeqaIII};
///
/// let pos = Position::new(SadeqaIII::new());
/// let a = Mcts::new(200, 7).choose(&pos);
/// let b = Mcts::new(200, 7).choose(&pos);
/// assert_eq!(a, b); // same seed, same iterations: the same move
/// assert!(pos.is_legal(a.expect("a legal move")));
/// let old = Mcts::uct(sowing::bots::MctsBudget::Playouts(200), 7).choose(&pos);
/// assert!(pos.is_legal(old.expect("a legal move")));
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<E = StandardEval> {
    algorithm: Algorithm,
    budget: MctsBudget,
    rng: SmallRng,
    exploration: f64,
    minimax_weight: f64,
    /// The logistic scale if set, else the evaluation's own.
    eval_scale: Option<f64>,
    eval: E,
    last_playouts: u32,
    /// What the last search proved, for the side to move at its root.
    last_proof: Proof,
    /// Set by another thread to end a search early ([`Mcts::stop_on`]).
    stop_flag: Option<Arc<AtomicBool>>,
}

/// Whether `flag` (if any) asks the search to end.
fn stop_asked(flag: &Option<Arc<AtomicBool>>) -> bool {
    flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
}

impl Mcts<StandardEval> {
    /// The `mcts` player making `playouts` iterations a move, seeded with
    /// `seed` (ties between equal moves are broken by `rand` 0.10's
    /// `SmallRng`, re-exported as [`sowing::rand`](crate::rand)), with the
    /// [`StandardEval`].
    pub fn new(playouts: u32, seed: u64) -> Self {
        Self::with_budget(MctsBudget::Playouts(playouts.max(1)), seed)
    }

    /// The `mcts` player with the given budget, seeded with `seed` (as
    /// [`Mcts::new`]).
    pub fn with_budget(budget: MctsBudget, seed: u64) -> Self {
        Self::with_eval(budget, seed, StandardEval)
    }

    /// The `uct` player: 0.3's `mcts`, plain UCT with random playouts
    /// (exploration `sqrt(2)`), seeded with `seed` (its playouts draw from
    /// `rand` 0.10's `SmallRng`).
    pub fn uct(budget: MctsBudget, seed: u64) -> Self {
        Mcts {
            algorithm: Algorithm::Uct,
            exploration: std::f64::consts::SQRT_2,
            ..Self::with_budget(budget, seed)
        }
    }
}

impl<E> Mcts<E> {
    /// The `mcts` player with the evaluation `eval`.
    pub fn with_eval(budget: MctsBudget, seed: u64, eval: E) -> Self {
        Mcts {
            exploration: DEFAULT_EXPLORATION,
            minimax_weight: DEFAULT_MINIMAX_WEIGHT,
            eval_scale: None,
            algorithm: Algorithm::Guided,
            budget: budget.in_use(),
            rng: SmallRng::seed_from_u64(seed),
            eval,
            last_playouts: 0,
            last_proof: Proof::Open,
            stop_flag: None,
        }
    }

    /// The same player, whose searches end early, as at the end of their
    /// budget (with the best move found so far), once `flag` is set (by
    /// another thread: an engine's `stop`). The flag is read when the
    /// budget is: every iteration under a playout budget, every 16 under a
    /// time budget.
    pub fn stop_on(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop_flag = Some(flag);
        self
    }

    /// The same player with the exploration constant `c` (defaults:
    /// [`DEFAULT_EXPLORATION`] for `mcts`, `sqrt(2)` for `uct`).
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }

    /// The same player with the weight `a` of the implicit minimax value
    /// in selection, clamped to 0..=1 (0: the plain mean; default
    /// [`DEFAULT_MINIMAX_WEIGHT`]). `uct` ignores it.
    pub fn with_minimax_weight(mut self, a: f64) -> Self {
        self.minimax_weight = if a.is_nan() { 0.0 } else { a.clamp(0.0, 1.0) };
        self
    }

    /// The same player with the logistic scale of the evaluation (in its
    /// units; at least 1e-9; NaN: the default, the evaluation's own
    /// [`Evaluation::logit_scale`]). `uct` ignores it.
    pub fn with_eval_scale(mut self, scale: f64) -> Self {
        self.eval_scale = (!scale.is_nan()).then(|| scale.max(1e-9));
        self
    }

    /// The iterations of the last search (`uct`'s playouts, `mcts`'s
    /// leaf expansions); fewer than the budget when `mcts` proved the root.
    pub fn last_playouts(&self) -> u32 {
        self.last_playouts
    }

    /// What the last `mcts` search proved under perfect play: `Some(winner)`
    /// (`Some(None)`: a draw), or `None` when it proved nothing (and after
    /// `uct`, which proves nothing).
    pub fn last_result(&self, root: Player) -> Option<Option<Player>> {
        match self.last_proof {
            Proof::Win => Some(Some(root)),
            Proof::Loss => Some(Some(root.other())),
            Proof::Draw => Some(None),
            Proof::Open => None,
        }
    }

    /// The search of `pos`, whose exact legal moves are `legal`.
    pub fn search<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move>
    where
        E: Evaluation<R>,
    {
        self.search_with(pos, legal, |_| None)
    }

    /// [`Mcts::search`] with the endgame databases at its leaves: a leaf
    /// they hold is scored by its result under perfect play (the winner,
    /// or a draw) instead of a random playout or the evaluation, and is
    /// proven for `mcts`'s solver.
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
    ) -> Option<Move>
    where
        E: Evaluation<R>,
    {
        self.search_with(pos, legal, |leaf| match tablebase.forecast(leaf)? {
            // A win/draw/loss database's sign from here on, the points held
            // now unequal: not who wins (`winner` says None, which here
            // would be a draw proven).
            crate::tablebase::Forecast::FromHere { .. } => None,
            f => Some(f.winner()),
        })
    }

    /// [`Mcts::search`] with results known at the leaves: `known(leaf)` is
    /// `Some(winner)` (`Some(None)`: a draw) where the result under perfect
    /// play is known, and the leaf is scored by it (and proven, for
    /// `mcts`) instead of a playout or the evaluation.
    pub fn search_with<R: Ruleset>(
        &mut self,
        pos: &Position<R>,
        legal: MoveSet,
        known: impl Fn(&Position<R>) -> Option<Option<Player>>,
    ) -> Option<Move>
    where
        E: Evaluation<R>,
    {
        self.last_proof = Proof::Open;
        if legal.len() <= 1 {
            self.last_playouts = 0;
            return legal.iter().next();
        }
        let (best, iterations) = match self.algorithm {
            Algorithm::Uct => uct::search(
                self.budget,
                self.exploration,
                &mut self.rng,
                pos,
                legal,
                known,
                &self.stop_flag,
            ),
            Algorithm::Guided => self.guided(pos, legal, &known),
        };
        self.last_playouts = iterations;
        best
    }

    /// The `mcts` search (see the module documentation): the move and the
    /// iterations made.
    fn guided<R: Ruleset>(
        &mut self,
        pos: &Position<R>,
        legal: MoveSet,
        known: &impl Fn(&Position<R>) -> Option<Option<Player>>,
    ) -> (Option<Move>, u32)
    where
        E: Evaluation<R>,
    {
        let stop = Stop::new(self.budget.limits(), Instant::now());
        let scale = self
            .eval_scale
            .unwrap_or_else(|| self.eval.logit_scale(pos.rules()));
        let mut nodes: Vec<Node<R>> = Vec::with_capacity(4096);
        nodes.push(Node::new(*pos, Move::Pit(0), pos.side_to_move().other()));
        self.expand(&mut nodes, 0, Some(legal), scale, known);
        back_up(&mut nodes, 0);
        let mut path: Vec<u32> = Vec::with_capacity(64);
        let mut iterations = 0u32;
        while nodes[0].proof == Proof::Open && nodes.len() < MAX_NODES {
            // The clock is read every 16 iterations.
            let due = match self.budget {
                MctsBudget::Playouts(_) => true,
                MctsBudget::Time(_) => iterations.is_multiple_of(16),
            };
            if due && (stop.reached(iterations as u64) || stop_asked(&self.stop_flag)) {
                break;
            }
            iterations += 1;
            self.iterate(&mut nodes, &mut path, scale, known);
        }
        let root = &nodes[0];
        self.last_proof = root.proof.flip();
        let children = &nodes[root.children()];
        let me = pos.side_to_move();
        let rank = |n: &Node<R>| {
            let proof = if n.mover == me {
                n.proof
            } else {
                n.proof.flip()
            };
            // A proven win first, a proven loss last, else the visits.
            let class = match proof {
                Proof::Win => 2,
                Proof::Loss => 0,
                _ => 1,
            };
            (class, n.visits, n.value.to_bits())
        };
        let best = children
            .iter()
            .max_by_key(|n| rank(n))
            .map(|n| n.mv)
            .or_else(|| legal.iter().next());
        (best, iterations)
    }

    /// One iteration: down the tree to a leaf, which is expanded, and its
    /// value backed up along the path.
    fn iterate<R: Ruleset>(
        &mut self,
        nodes: &mut Vec<Node<R>>,
        path: &mut Vec<u32>,
        scale: f64,
        known: &impl Fn(&Position<R>) -> Option<Option<Player>>,
    ) where
        E: Evaluation<R>,
    {
        path.clear();
        let mut cur = 0usize;
        path.push(0);
        // Selection.
        loop {
            let node = &nodes[cur];
            if node.proof != Proof::Open || !node.expanded || node.count == 0 {
                break;
            }
            let ln = ((node.visits + 1) as f64).ln();
            let mut best = (f64::NEG_INFINITY, node.first as usize);
            for id in node.children() {
                let n = &nodes[id];
                // A proven loss of the mover is never chosen; a proven win
                // would have proven this node.
                let score = if n.proof == Proof::Loss {
                    f64::NEG_INFINITY
                } else {
                    selection_score(n, self.minimax_weight, self.exploration, ln)
                };
                if score > best.0 {
                    best = (score, id);
                }
            }
            cur = best.1;
            path.push(cur as u32);
        }
        // Expansion: the leaf's children, each evaluated.
        if nodes[cur].proof == Proof::Open && !nodes[cur].expanded {
            self.expand(nodes, cur, None, scale, known);
        }
        // Backpropagation: the leaf's value (its proof, if proven), each
        // node's visits and mean, then its minimax value and proof.
        back_up(nodes, cur);
        let leaf = &nodes[cur];
        let reward = leaf.value;
        let leaf_mover = leaf.mover;
        for &id in path.iter().rev() {
            let id = id as usize;
            back_up(nodes, id);
            let node = &mut nodes[id];
            node.visits += 1;
            node.reward += if node.mover == leaf_mover {
                reward
            } else {
                1.0 - reward
            };
        }
    }

    /// Adds the children of `nodes[id]` (the moves `root_moves` with the
    /// search lap limit at the root, else the legal moves), each scored by
    /// its outcome, `known`, or the evaluation through the logistic of
    /// `scale`.
    fn expand<R: Ruleset>(
        &mut self,
        nodes: &mut Vec<Node<R>>,
        id: usize,
        root_moves: Option<MoveSet>,
        scale: f64,
        known: &impl Fn(&Position<R>) -> Option<Option<Player>>,
    ) where
        E: Evaluation<R>,
    {
        let from = nodes[id].pos;
        let mover = from.side_to_move();
        let first = nodes.len();
        // The children in notation order: at the root from its exact legal
        // moves; below, as `Position::children` makes them (each finds its
        // own legality only as far as its first move that ends: most are
        // leaves that are only evaluated, and one that is expanded finds
        // the rest then).
        let mut made: [Option<(Move, Position<R>)>; MAX_MOVES] = [None; MAX_MOVES];
        let mut n = 0;
        let mut keep = |pair: (Move, Position<R>)| {
            if n < MAX_MOVES {
                made[n] = Some(pair);
                n += 1;
            }
        };
        match root_moves {
            Some(moves) => moves
                .iter()
                .for_each(|mv| keep((mv, child_for_search(&from, mv)))),
            None => from.children().for_each(keep),
        }
        // The children start at a random move: ties between equal values
        // go to the seed.
        let shift = if n > 1 {
            self.rng.random_range(0..n)
        } else {
            0
        };
        for k in 0..n {
            let Some((mv, child)) = made[(k + shift) % n] else {
                continue;
            };
            let mut node = Node::new(child, mv, mover);
            let result = match child.outcome() {
                Outcome::Ongoing => known(&child),
                Outcome::Win { winner, .. } => Some(Some(winner)),
                Outcome::Draw { .. } => Some(None),
            };
            match result {
                Some(Some(w)) => node.proof = if w == mover { Proof::Win } else { Proof::Loss },
                Some(None) => node.proof = Proof::Draw,
                None => {
                    let v = f64::from(self.eval.evaluate(&child));
                    let v = if child.side_to_move() == mover { v } else { -v };
                    node.value = 1.0 / (1.0 + (-v / scale).exp());
                }
            }
            if let Some(r) = node.proof.reward() {
                node.value = r;
            }
            nodes.push(node);
        }
        let count = (nodes.len() - first) as u8;
        let node = &mut nodes[id];
        node.expanded = true;
        node.first = first as u32;
        node.count = count;
    }
}

/// How selection ranks the child `n` of a node visited `e^ln - 1` times:
/// `(1 - a) * mean + a * minimax + c * sqrt(ln / (n + 1))`, the mean of a
/// child not yet visited being its own value.
fn selection_score<R: Ruleset>(n: &Node<R>, a: f64, c: f64, ln: f64) -> f64 {
    let mean = if n.visits == 0 {
        n.value
    } else {
        n.reward / n.visits as f64
    };
    (1.0 - a) * mean + a * n.value + c * (ln / (n.visits + 1) as f64).sqrt()
}

/// The minimax of the children of `nodes[id]` (expanded, with children;
/// a proven child's value is its reward)
/// for the player who made its move: the value and the proof.
fn minimax_of<R: Ruleset>(nodes: &[Node<R>], id: usize) -> (f64, Proof) {
    let node = &nodes[id];
    let children = &nodes[node.children()];
    // The children's movers are the side to move here.
    let value = children
        .iter()
        .map(|c| c.value)
        .fold(f64::NEG_INFINITY, f64::max);
    let proof = if children.iter().any(|c| c.proof == Proof::Win) {
        Proof::Win
    } else if children.iter().all(|c| c.proof != Proof::Open) {
        children
            .iter()
            .map(|c| c.proof)
            .max()
            .unwrap_or(Proof::Open)
    } else {
        Proof::Open
    };
    if node.pos.side_to_move() == node.mover {
        (value, proof)
    } else {
        (1.0 - value, proof.flip())
    }
}

/// Sets the implicit minimax value and proof of `nodes[id]` from its
/// children (nothing for a leaf or a proven node).
fn back_up<R: Ruleset>(nodes: &mut [Node<R>], id: usize) {
    let node = &nodes[id];
    if !node.expanded || node.count == 0 || node.proof != Proof::Open {
        return;
    }
    let (value, proof) = minimax_of(nodes, id);
    let node = &mut nodes[id];
    node.value = proof.reward().unwrap_or(value);
    node.proof = proof;
}

impl<E> Named for Mcts<E> {
    fn name(&self) -> String {
        match self.algorithm {
            Algorithm::Guided => format!("mcts:{}", self.budget),
            Algorithm::Uct => format!("uct:{}", self.budget),
        }
    }
}

impl<R: Ruleset, E: Evaluation<R> + Send> Bot<R> for Mcts<E> {
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        self.search(pos, legal)
    }
}

#[cfg(test)]
mod tests;
