//! An exact solver: depth-first proof-number search (df-pn) with a bounded
//! transposition table, which proves who wins from a position, writes the
//! winning strategy to a file and checks such a file with the crate's own
//! rules.
//!
//! # What the answer means
//!
//! [`Solver::solve`] answers for the side to move:
//!
//! - [`Verdict::Win`] / [`Verdict::Loss`]: proved. A proof is a tree of
//!   lines that all end in a finished game won by the prover; it relies on
//!   a repetition only where the ruleset's
//!   [`Ruleset::repetition_outcome`] makes a repetition a win (Oware's
//!   rule: the seeds are collected and counted), never for the crate's own
//!   games, whose repetition is a draw.
//! - [`Verdict::Draw`]: neither side can force a win. In Sadeqa III, game
//!   91 and Sadeqa V that includes a forced draw by equal score; in every
//!   game it includes play that repeats for ever, which `Game` ends as a
//!   draw by repetition (RULES.md section 2's policy).
//! - [`Verdict::Unknown`]: the node or time budget ran out first.
//!
//! # Repetition
//!
//! A position that already occurs on the line being searched ends the line
//! as [`Game`](crate::Game) ends a game by repetition: it is scored by the
//! ruleset's [`Ruleset::repetition_outcome`] after its
//! [`Ruleset::repetition_end`]. For the crate's games that is a draw, so
//! it counts as **not a win** for the side trying to prove one (the
//! conservative treatment of df-pn's graph-history interaction), and a
//! forced win, which never needs to repeat a position, is proved exactly.
//! Where a repetition can be a win (Oware), a proof through one holds on
//! the line it was found on: the game's repetition count is taken as 2
//! (Oware's), and [`Solution::repetitions`] says whether one was met. A
//! *disproof* (no forced win) reached through a repetition may depend on
//! the line it was found on, so a [`Verdict::Draw`] is certain when the
//! search met no repetition at all ([`Solution::repetitions`] is 0) and is
//! otherwise "no win was found for either side with repetitions counted as
//! no win".
//!
//! # Endless sowing and the lap limit
//!
//! The legal moves of the root are the exact ones (RULES.md section 2).
//! Inside the tree the solver uses a lap limit ([`Solver::with_lap_limit`],
//! by default [`SEARCH_LAP_LIMIT`], 10,000 laps) for bounded time. A lap
//! limit can refuse a move whose sowing would end after more laps than
//! the limit: such a move of the loser would be missing from the proof,
//! and such a move of the winner (or a position where it is the only one)
//! could make the search see a no-move ending that the exact rule does not
//! have. The strategy is therefore written with the exact rule
//! ([`Solver::strategy`] enumerates the loser's replies and checks the
//! winner's moves exactly, proving again where the two differ) and
//! [`check_strategy`] re-checks a written file with the exact rule only;
//! `with_lap_limit(None)` searches exactly throughout.
//!
//! # Memory
//!
//! The table holds `2^bits` entries of the position's pits, side to move,
//! state and proof and disproof numbers: 68 bytes each for Sadeqa II and
//! Andada, 72 for Sadeqa V ([`Solver::new`] takes `bits`; 2^22 entries are
//! 285 MB). When a bucket is full, the entry with the least work below it
//! is replaced (proofs and disproofs are kept longer); a replaced proof is
//! found again when the strategy is written.
//!
//! # Keys
//!
//! Positions are keyed by pits, side to move, the ruleset's state and, for
//! the scoring games, the difference of the captured seeds (all that the
//! rest of the game depends on). In Sadeqa II and Andada the captured
//! seeds decide nothing and are not part of the key: so a strategy line
//! matches a position whatever its captured field.

mod strategy;

pub use strategy::{Strategy, StrategyCheck, StrategyError, check_strategy, read_strategy};

use crate::moves::Move;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{Ruleset, Scoring};
use crate::search::{HashTable, Slot, Stop, hash_of, successors};
pub use crate::search::{Limits, SEARCH_LAP_LIMIT};
use std::fmt;
use std::time::{Duration, Instant};

/// Proof and disproof numbers at or beyond this are infinite.
const INF: u32 = u32::MAX;

/// The result of a solve, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move can force a win.
    Win,
    /// The opponent can force a win.
    Loss,
    /// Neither can force a win (see the [module documentation](self)).
    Draw,
    /// The budget ran out before an answer.
    Unknown,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
            Verdict::Unknown => "unknown",
        })
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The answer for the side to move.
    pub verdict: Verdict,
    /// The winner, if proved.
    pub winner: Option<Player>,
    /// Nodes expanded (positions whose moves were generated), over all
    /// searches of this solve.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// How often a repetition on the searched line was met (see the module
    /// documentation on what this says about a draw).
    pub repetitions: u64,
}

/// What [`Solver::on_progress`] is told, about once a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes expanded so far.
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// The root's proof and disproof numbers for the current search.
    pub root: (u32, u32),
    /// Entries of the table in use.
    pub table_used: usize,
    /// Who the current search tries to prove a win for.
    pub prover: Player,
}

/// The key of a position in the table: everything the rest of the game
/// depends on (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key<S> {
    pits: [u8; 2 * crate::MAX_PITS_PER_ROW],
    side: Player,
    diff: i16,
    state: S,
}

/// The largest table: 2^26 entries (see [`Solver::new`]).
pub const MAX_TABLE_BITS: u8 = 26;

/// Whether the captured seeds decide the game (the scoring games).
fn scoring<R: Ruleset>(rules: &R) -> bool {
    rules.scoring() == crate::Scoring::Points
}

pub(crate) fn key_of<R: Ruleset>(pos: &Position<R>) -> Key<R::State> {
    let mut pits = [0u8; 2 * crate::MAX_PITS_PER_ROW];
    let n = pos.pits_per_row();
    for (i, s) in pos
        .row(Player::South)
        .chain(pos.row(Player::North))
        .enumerate()
    {
        if i < 2 * n {
            pits[i] = s;
        }
    }
    let diff = if scoring(pos.rules()) {
        pos.captured(Player::South) as i16 - pos.captured(Player::North) as i16
    } else {
        0
    };
    Key {
        pits,
        side: pos.side_to_move(),
        diff,
        state: *pos.state(),
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry<S> {
    key: Key<S>,
    pn: u32,
    dn: u32,
    /// Nodes expanded below this entry (for replacement).
    work: u32,
    /// For a proof: the plies to the end under it (for choosing the
    /// strategy's move).
    height: u16,
}

/// The table: two-way buckets, the entry with the least work replaced
/// (proofs and disproofs count as a million nodes more).
type Table<S> = HashTable<Entry<S>, 2>;

impl<S: Copy + Eq> Slot for Entry<S> {
    type Key = Key<S>;

    fn key(&self) -> &Key<S> {
        &self.key
    }

    fn worth(&self) -> u64 {
        self.work as u64
            + if self.pn == 0 || self.dn == 0 {
                1 << 20
            } else {
                0
            }
    }
}

/// One child of a node being searched.
#[derive(Clone, Copy)]
struct Child<R: Ruleset> {
    pos: Position<R>,
    key: Key<R::State>,
    hash: u64,
}

/// A progress callback.
type ProgressFn = Box<dyn FnMut(&Progress)>;

/// The df-pn solver for positions of one ruleset (see the [module
/// documentation](self)).
///
/// ```
/// use sowing::solver::{Limits, Solver, Verdict};
/// use sowing::{Position, rulesets::SadeqaII};
///
/// // A small Sadeqa II endgame, North to move.
/// let pos: Position<SadeqaII> = "sadeqa-ii 1,0,0,0,0,0/0,0,0,0,0,1 N 17-17".parse()?;
/// let mut solver = Solver::new(16);
/// let solution = solver.solve(&pos, Limits::default());
/// assert_ne!(solution.verdict, Verdict::Unknown);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver<R: Ruleset> {
    table: Table<R::State>,
    lap_limit: Option<u32>,
    /// The player the current search proves a win for, and the margin he
    /// needs (scoring games).
    prover: Player,
    min_margin: i32,
    nodes: u64,
    repetitions: u64,
    limits: Stop,
    stopped: bool,
    start: Instant,
    /// When the progress was last reported (or the search started).
    reported: Instant,
    root: (u32, u32),
    path: Vec<(u64, Key<R::State>)>,
    lists: Vec<Vec<Child<R>>>,
    progress: Option<ProgressFn>,
    /// The prover and margin the table's entries are for.
    table_for: Option<(Player, i32)>,
    /// Whether the last search proved a win (the table holds the proof).
    proved: bool,
    /// Results known without search (the endgame databases): South's
    /// final margin under perfect play (the last-mover games: `1` South
    /// wins, `-1` North wins, `0` neither).
    oracle: Option<Oracle<R>>,
}

/// A source of results known without search: see [`Solver::with_oracle`].
type Oracle<R> = Box<dyn Fn(&Position<R>) -> Option<i32> + Send + Sync>;

impl<R: Ruleset> Solver<R> {
    /// A solver with a table of `2^bits` entries (`bits` clamped to
    /// 4..=26: at most 2^26 entries of at most 72 bytes, 4.5 GiB), the
    /// search lap limit inside the tree.
    pub fn new(bits: u8) -> Self {
        Solver {
            table: Table::new(bits, MAX_TABLE_BITS),
            lap_limit: Some(SEARCH_LAP_LIMIT),
            prover: Player::South,
            min_margin: 1,
            nodes: 0,
            repetitions: 0,
            limits: Stop::default(),
            stopped: false,
            start: Instant::now(),
            reported: Instant::now(),
            root: (1, 1),
            path: Vec::new(),
            lists: Vec::new(),
            progress: None,
            table_for: None,
            proved: false,
            oracle: None,
        }
    }

    /// Results known without search: `oracle(pos)` is South's final
    /// margin under perfect play from `pos` (for the last-mover games `1`
    /// if South moves last, `-1` if North does, `0` if neither can force
    /// the end), or `None` where it does not know. The search takes a
    /// known position as a leaf, so a strategy it then writes
    /// ([`Solver::strategy`]) stops there and holds only with the oracle.
    pub fn with_oracle(
        mut self,
        oracle: impl Fn(&Position<R>) -> Option<i32> + Send + Sync + 'static,
    ) -> Self {
        self.oracle = Some(Box::new(oracle));
        self
    }

    /// Whether the solver has an oracle.
    pub fn has_oracle(&self) -> bool {
        self.oracle.is_some()
    }

    /// [`Solver::with_oracle`] from the endgame databases: every position
    /// they hold is a leaf of the search.
    #[cfg(feature = "tablebase")]
    #[cfg_attr(docsrs, doc(cfg(feature = "tablebase")))]
    pub fn with_tablebase(self, tablebase: std::sync::Arc<crate::tablebase::Tablebase<R>>) -> Self
    where
        R: crate::tablebase::Tabulate + 'static,
    {
        use crate::tablebase::Forecast;
        self.with_oracle(move |pos| {
            Some(match tablebase.forecast(pos)? {
                Forecast::Ahead { winner, by } => {
                    if winner == Player::South {
                        by as i32
                    } else {
                        -(by as i32)
                    }
                }
                Forecast::Wins { winner, .. } => {
                    if winner == Player::South {
                        1
                    } else {
                        -1
                    }
                }
                Forecast::Level | Forecast::Endless => 0,
            })
        })
    }

    /// The lap limit inside the tree (`None`: the exact test throughout).
    pub fn with_lap_limit(mut self, limit: Option<u32>) -> Self {
        self.lap_limit = limit;
        self
    }

    /// Calls `f` about once a second while a search runs (time is read
    /// every 4096 expanded nodes, so at least that many apart).
    pub fn on_progress(&mut self, f: impl FnMut(&Progress) + 'static) {
        self.progress = Some(Box::new(f));
    }

    /// Entries of the table in use.
    pub fn table_used(&self) -> usize {
        self.table.used()
    }

    /// Who wins from `pos` with best play: a win or loss for the side to
    /// move, a draw, or unknown if `limits` ran out (see the [module
    /// documentation](self) for what each means).
    ///
    /// The first search tries to prove a win for the side to move; if that
    /// is disproved, a second one tries the opponent. After a proved win
    /// the table holds the proof, for [`Solver::strategy`].
    pub fn solve(&mut self, pos: &Position<R>, limits: Limits) -> Solution {
        let start = Instant::now();
        self.begin(limits);
        let me = pos.side_to_move();
        let margin = 1;
        let mut verdict = Verdict::Unknown;
        let mut winner = None;
        match self.prove_win(pos, me, margin) {
            Some(true) => {
                verdict = Verdict::Win;
                winner = Some(me);
            }
            Some(false) => match self.prove_win(pos, me.other(), margin) {
                Some(true) => {
                    verdict = Verdict::Loss;
                    winner = Some(me.other());
                }
                Some(false) => verdict = Verdict::Draw,
                None => {}
            },
            None => {}
        }
        Solution {
            verdict,
            winner,
            nodes: self.nodes,
            time: start.elapsed(),
            repetitions: self.repetitions,
        }
    }

    /// For the scoring games (Sadeqa V, Sadeqa III, game 91): the final
    /// margin, in points, of the side to move with best play on both sides
    /// (his points minus the opponent's at the end), found by proving
    /// "at least `m`" for a few thresholds `m`. `None` if `limits` ran out,
    /// for a game without a score, or if some threshold is neither proved
    /// nor disproved for either side (play that repeats for ever). It leaves
    /// no proof for [`Solver::strategy`]: call [`Solver::solve`] for one.
    pub fn solve_margin(&mut self, pos: &Position<R>, limits: Limits) -> Option<i32> {
        if !scoring(pos.rules()) {
            return None;
        }
        self.begin(limits);
        let me = pos.side_to_move();
        let total = pos.rules().total_seeds() as i32;
        // The largest m with "me gets at least m" proved: lo proved, hi not.
        let (mut lo, mut hi) = (-total - 1, total + 1);
        let mut answered = true;
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            match self.prove_win(pos, me, mid) {
                Some(true) => lo = mid,
                Some(false) => hi = mid,
                None => {
                    answered = false;
                    break;
                }
            }
        }
        // The table holds the last threshold's proof, not a proof of the
        // game's result: no strategy from it (solve again for one).
        self.proved = false;
        (answered && lo >= -total).then_some(lo)
    }

    fn begin(&mut self, limits: Limits) {
        self.start = Instant::now();
        self.reported = self.start;
        self.nodes = 0;
        self.repetitions = 0;
        self.stopped = false;
        self.limits = Stop::new(limits, self.start);
    }

    /// One df-pn search: whether `prover` can force a finished game with a
    /// margin of at least `min_margin` (scoring games) or a win. `None` if
    /// the budget ran out.
    fn prove_win(&mut self, pos: &Position<R>, prover: Player, min_margin: i32) -> Option<bool> {
        if self.table_for != Some((prover, min_margin)) {
            self.table.clear();
            self.table_for = Some((prover, min_margin));
        }
        self.prover = prover;
        self.min_margin = min_margin;
        self.proved = false;
        let (pn, dn) = self.search_root(pos);
        if pn == 0 {
            self.proved = true;
            Some(true)
        } else if dn == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// df-pn from `pos` with infinite thresholds: its proof and disproof
    /// numbers when the search ends.
    fn search_root(&mut self, pos: &Position<R>) -> (u32, u32) {
        if let Some(v) = self.leaf_value(pos) {
            return v;
        }
        // The root's moves are the exact legal moves; below, the lap limit.
        let root = *pos;
        let legal = root.legal_moves();
        let mut list: Vec<Child<R>> = legal
            .iter()
            .map(|mv| {
                let mut c = root;
                c.play_unchecked(mv);
                let c = c.with_lap_limit(self.lap_limit);
                let key = key_of(&c);
                Child {
                    pos: c,
                    key,
                    hash: hash_of(&key),
                }
            })
            .collect();
        let key = key_of(pos);
        let hash = hash_of(&key);
        self.path.clear();
        let v = self.mid_children(&key, hash, pos.side_to_move(), &mut list, INF, INF);
        self.root = v;
        v
    }

    /// The value of a finished game for the prover.
    fn outcome_value(&self, outcome: Outcome) -> (u32, u32) {
        let won = match outcome {
            Outcome::Win { winner, score } => match score {
                Some(s) => {
                    s.of(self.prover) as i32 - s.of(self.prover.other()) as i32 >= self.min_margin
                }
                None => winner == self.prover,
            },
            Outcome::Draw { score: Some(_), .. } => self.min_margin <= 0,
            Outcome::Draw { .. } | Outcome::Ongoing => false,
        };
        if won { (0, INF) } else { (INF, 0) }
    }

    /// The value of a line that repeats `pos` (module docs, "Repetition"):
    /// the game ends there as [`Game`](crate::Game) ends it, scored by the
    /// ruleset's [`Ruleset::repetition_outcome`] after its
    /// [`Ruleset::repetition_end`]; not a win for a ruleset without a
    /// repetition rule.
    fn repetition_value(&self, pos: &Position<R>) -> (u32, u32) {
        if pos.rules().repetition().is_none() {
            return (INF, 0);
        }
        self.outcome_value(pos.repetition_outcome())
    }

    /// The value of a finished game, or of one the oracle knows; `None`
    /// otherwise.
    fn leaf_value(&self, pos: &Position<R>) -> Option<(u32, u32)> {
        if pos.is_over() {
            return Some(self.outcome_value(pos.outcome()));
        }
        let south = self.oracle.as_ref()?(pos)?;
        let mine = if self.prover == Player::South {
            south
        } else {
            -south
        };
        let won = match pos.rules().scoring() {
            Scoring::Points => mine >= self.min_margin,
            Scoring::LastMover => mine > 0,
        };
        Some(if won { (0, INF) } else { (INF, 0) })
    }

    /// The current value of a child: finished game, repetition, table, or
    /// the initial estimate from its number of candidate moves.
    fn child_value(&mut self, c: &Child<R>, count_repetition: bool) -> (u32, u32, u16) {
        if let Some((pn, dn)) = self.leaf_value(&c.pos) {
            return (pn, dn, 0);
        }
        if self.path.iter().any(|(h, k)| *h == c.hash && *k == c.key) {
            if count_repetition {
                self.repetitions += 1;
            }
            let (pn, dn) = self.repetition_value(&c.pos);
            return (pn, dn, 0);
        }
        if let Some(e) = self.table.get(c.hash, &c.key) {
            return (e.pn, e.dn, e.height);
        }
        let moves = c.pos.legality().ends.len().max(1) as u32;
        if c.pos.side_to_move() == self.prover {
            (1, moves, 0)
        } else {
            (moves, 1, 0)
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            if self.limits.reached(self.nodes) {
                self.stopped = true;
            }
            if let Some(f) = self.progress.as_mut()
                && self.reported.elapsed() >= Duration::from_secs(1)
            {
                self.reported = Instant::now();
                f(&Progress {
                    nodes: self.nodes,
                    time: self.start.elapsed(),
                    root: self.root,
                    table_used: self.table.used(),
                    prover: self.prover,
                });
            }
        }
    }

    /// Nagai's MID on a node that is not over: expands it and searches
    /// its children until its numbers reach the thresholds.
    fn mid(&mut self, pos: &Position<R>, key: &Key<R::State>, hash: u64, th_pn: u32, th_dn: u32) {
        let depth = self.path.len();
        while self.lists.len() <= depth {
            self.lists.push(Vec::with_capacity(32));
        }
        let mut list = std::mem::take(&mut self.lists[depth]);
        list.clear();
        for (_, c) in successors(pos) {
            let key = key_of(&c);
            list.push(Child {
                pos: c,
                key,
                hash: hash_of(&key),
            });
        }
        self.mid_children(key, hash, pos.side_to_move(), &mut list, th_pn, th_dn);
        self.lists[depth] = list;
    }

    /// The loop of MID over a node's children; stores and returns the
    /// node's numbers.
    fn mid_children(
        &mut self,
        key: &Key<R::State>,
        hash: u64,
        side: Player,
        list: &mut [Child<R>],
        th_pn: u32,
        th_dn: u32,
    ) -> (u32, u32) {
        self.tick();
        let or = side == self.prover;
        let work_before = self.nodes;
        self.path.push((hash, *key));
        let mut first = true;
        let (pn, dn, height) = loop {
            // The node's numbers from its children.
            let (mut min, mut sum) = (INF, 0u32);
            let (mut best, mut second) = (usize::MAX, INF);
            let mut best_other = 0u32;
            let mut height = 0u16;
            let mut max_height = 0u16;
            for (i, c) in list.iter().enumerate() {
                let (cpn, cdn, h) = self.child_value(c, first);
                // "Own" is the number the node minimises: pn at an OR
                // node, dn at an AND node.
                let (own, other) = if or { (cpn, cdn) } else { (cdn, cpn) };
                if own < min {
                    second = min;
                    min = own;
                    best = i;
                    best_other = other;
                    height = h;
                } else if own < second {
                    second = own;
                }
                if own == 0 && h < height {
                    height = h;
                }
                max_height = max_height.max(h);
                sum = sum.saturating_add(other);
            }
            first = false;
            let (pn, dn) = if or { (min, sum) } else { (sum, min) };
            if self.path.len() == 1 {
                // The root: for the progress report.
                self.root = (pn, dn);
            }
            let height = if or { height } else { max_height }.saturating_add(1);
            if list.is_empty() {
                // Cannot happen for a node that is not over.
                break (INF, 0, 0);
            }
            if pn >= th_pn || dn >= th_dn || self.stopped {
                break (pn, dn, height);
            }
            // Thresholds for the chosen child (with the 1 + 1/4 trick).
            let (th_own, th_sum) = if or { (th_pn, th_dn) } else { (th_dn, th_pn) };
            let child_own = th_own.min(second.saturating_add(second / 4).saturating_add(1));
            let child_other = if th_sum == INF {
                INF
            } else {
                // th_sum > sum >= best_other.
                th_sum - (sum - best_other)
            };
            let (c_pn, c_dn) = if or {
                (child_own, child_other)
            } else {
                (child_other, child_own)
            };
            let c = list[best];
            self.mid(&c.pos, &c.key, c.hash, c_pn, c_dn);
        };
        self.path.pop();
        let work = (self.nodes - work_before).min(u32::MAX as u64) as u32;
        if !self.stopped || pn == 0 || dn == 0 {
            self.table.put(
                hash,
                Entry {
                    key: *key,
                    pn,
                    dn,
                    work,
                    height,
                },
            );
        }
        (pn, dn)
    }

    /// Whether the table holds a proof of `pos` for the last proved win.
    fn is_proved(&self, pos: &Position<R>) -> Option<u16> {
        if let Some(v) = self.leaf_value(pos) {
            return (v == (0, INF)).then_some(0);
        }
        let key = key_of(pos);
        self.table
            .get(hash_of(&key), &key)
            .filter(|e| e.pn == 0)
            .map(|e| e.height)
    }

    /// Proves `pos` again (after its proof was replaced in the table, or
    /// where the exact rule and the lap limit differ); whether it is a win
    /// for the last prover.
    fn reprove(&mut self, pos: &Position<R>) -> bool {
        if !self.proved {
            return false;
        }
        let saved = self.path.clone();
        let (pn, _) = self.search_root(pos);
        self.path = saved;
        pn == 0
    }
}

/// The proved result of every legal move of `pos` (exact rule), for the
/// side to move at `pos`, each move solved within `limits`
/// ([`Verdict::Unknown`] where they ran out). A move after which the same
/// player moves again keeps its verdict; otherwise the child's verdict is
/// turned round.
///
/// ```
/// use sowing::solver::{Limits, Verdict, solve_moves};
/// use sowing::{Move, Position, rulesets::SadeqaII};
///
/// // South's 1 captures North's last seed... or not: each move's result.
/// let pos: Position<SadeqaII> = "sadeqa-ii 1,1,0,0,0,0/0,0,0,0,1,0 S 17-16".parse()?;
/// let results = solve_moves(&pos, Limits::default(), 16);
/// assert_eq!(results.len(), 2);
/// assert!(results.iter().all(|(_, v)| *v != Verdict::Unknown));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_moves<R: Ruleset>(
    pos: &Position<R>,
    limits: Limits,
    table_bits: u8,
) -> Vec<(Move, Verdict)> {
    let mut solver = Solver::new(table_bits);
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            let v = if child.is_over() {
                match child.outcome().winner() {
                    Some(w) if w == pos.side_to_move() => Verdict::Win,
                    Some(_) => Verdict::Loss,
                    None => Verdict::Draw,
                }
            } else {
                let v = solver.solve(&child, limits).verdict;
                if child.side_to_move() == pos.side_to_move() {
                    v
                } else {
                    match v {
                        Verdict::Win => Verdict::Loss,
                        Verdict::Loss => Verdict::Win,
                        other => other,
                    }
                }
            };
            (mv, v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{Andada, SadeqaII, SadeqaV};

    /// The table's memory per entry, as the documentation states it.
    #[test]
    fn entries_are_small() {
        let ii = std::mem::size_of::<Option<Entry<<SadeqaII as Ruleset>::State>>>();
        let v = std::mem::size_of::<Option<Entry<<SadeqaV as Ruleset>::State>>>();
        let a = std::mem::size_of::<Option<Entry<<Andada as Ruleset>::State>>>();
        eprintln!("entry bytes: sadeqa-ii {ii}, sadeqa-v {v}, andada {a}");
        assert!(ii <= 72 && v <= 72 && a <= 72, "{ii} {v} {a}");
    }
}
