//! The df-pn search: Nagai's MID with the 1 + 1/4 threshold trick, over
//! a node's children (the root's by the exact rule, the others' within the
//! lap limit), with repetitions on the searched line and the oracle's
//! known positions as leaves.

use super::table::{Entry, Key, key_of};
use super::{Limits, Progress, Solver};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{Ruleset, Scoring};
use crate::search::{Stop, hash_of};
use std::time::{Duration, Instant};

/// Proof and disproof numbers at or beyond this are infinite.
const INF: u32 = u32::MAX;

/// One child of a node being searched. Its turn may not have started yet
/// (`Position::deferred_children`): a child found in the table or on the
/// line needs nothing more, and only the others find their legal moves
/// (for the initial estimate, [`Solver::child_value`]).
#[derive(Clone, Copy)]
pub(super) struct Child<R: Ruleset> {
    pos: Position<R>,
    key: Key<R::State>,
    hash: u64,
}

impl<R: Ruleset> Child<R> {
    /// The child of a position, its turn started (the root's children).
    fn started(pos: Position<R>) -> Self {
        let key = key_of(&pos);
        Child {
            pos,
            key,
            hash: hash_of(&key),
        }
    }

    /// Starts the child's turn with every candidate tried; its key again
    /// if that changed the position (a pass, the end of the game): whether
    /// it did.
    fn start(&mut self) -> bool {
        let seen = |p: &Position<R>| {
            let captured = [Player::South, Player::North].map(|pl| p.captured(pl));
            (p.side_to_move(), captured)
        };
        let before = seen(&self.pos);
        self.pos.start_deferred_turn_fully();
        let changed = self.pos.is_over() || seen(&self.pos) != before;
        if changed {
            self.key = key_of(&self.pos);
            self.hash = hash_of(&self.key);
        }
        changed
    }
}

impl<R: Ruleset> Solver<R> {
    /// Resets the counters and the budget for a new solve.
    pub(super) fn begin(&mut self, limits: Limits) {
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
    pub(super) fn prove_win(
        &mut self,
        pos: &Position<R>,
        prover: Player,
        min_margin: i32,
    ) -> Option<bool> {
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
    pub(super) fn search_root(&mut self, pos: &Position<R>) -> (u32, u32) {
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
                let c = Child::started(c.with_lap_limit(self.lap_limit));
                self.table.prefetch(c.hash);
                c
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

    /// Whether a line of play ends at `pos` (a finished game, or a
    /// position the oracle knows) and, if so, whether it meets the claim.
    pub(super) fn leaf_met(&self, pos: &Position<R>) -> Option<bool> {
        self.leaf_value(pos).map(|v| v == (0, INF))
    }

    /// The current value of a child: finished game, repetition, table, or
    /// the initial estimate from its number of legal moves.
    ///
    /// A child whose turn has not started is looked up first as it is: the
    /// line and the table hold only positions whose turn started and whose
    /// game goes on, and a key says all the rest of the game depends on,
    /// so a child found there starts its turn unchanged and is not over.
    /// Only a child found in neither starts its turn (its sowings) and is
    /// then valued in the order above. The values are those of children
    /// made with their turns started; the sowings of a child found are
    /// saved (on a node's second and later expansions, its searched
    /// children). With an oracle, every child starts its turn first (an
    /// oracle's position is a leaf before any lookup).
    fn child_value(&mut self, c: &mut Child<R>, count_repetition: bool) -> (u32, u32, u16) {
        if c.pos.is_deferred() {
            let looked_up = self.oracle.is_none();
            if looked_up {
                if let Some(v) = self.repetition(c, count_repetition) {
                    return v;
                }
                if let Some(e) = self.table.get(c.hash, &c.key) {
                    return (e.pn, e.dn, e.height);
                }
            }
            if !c.start() && looked_up && !c.pos.is_over() {
                // Not on the line nor in the table, as it was.
                return self.estimate(c);
            }
        }
        if let Some((pn, dn)) = self.leaf_value(&c.pos) {
            return (pn, dn, 0);
        }
        if let Some(v) = self.repetition(c, count_repetition) {
            return v;
        }
        if let Some(e) = self.table.get(c.hash, &c.key) {
            return (e.pn, e.dn, e.height);
        }
        self.estimate(c)
    }

    /// The value of a child that repeats a position of the searched line.
    #[inline]
    fn repetition(&mut self, c: &Child<R>, count: bool) -> Option<(u32, u32, u16)> {
        if !self.path.contains(c.hash, &c.key) {
            return None;
        }
        if count {
            self.repetitions += 1;
        }
        let (pn, dn) = self.repetition_value(&c.pos);
        Some((pn, dn, 0))
    }

    /// The initial estimate of a child that is not over, on the line or in
    /// the table, from its number of legal moves (its turn started).
    #[inline]
    fn estimate(&self, c: &Child<R>) -> (u32, u32, u16) {
        let moves = c.pos.legality().ends.len().max(1) as u32;
        if c.pos.side_to_move() == self.prover {
            (1, moves, 0)
        } else {
            (moves, 1, 0)
        }
    }

    /// Counts an expanded node; every 4096, checks the budget and reports
    /// progress.
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
        // The node found in the table or on the line has not started its
        // turn (see `child_value`).
        let mut pos = *pos;
        pos.start_deferred_turn_fully();
        // Each child is looked up in the table as soon as the list is made;
        // most lookups miss the cache (the node's children are scattered
        // over the table), so the loads are started now, to overlap the
        // making of the other children.
        if let Some(budget) = pos.deferred_budget() {
            // The children with their turns deferred, made in their place.
            for mv in pos.deferred_moves() {
                list.push(Child {
                    pos,
                    key: *key,
                    hash,
                });
                let Some(c) = list.last_mut() else { break };
                if !c.pos.make_deferred(mv, budget) {
                    list.pop();
                    continue;
                }
                c.key = key_of(&c.pos);
                c.hash = hash_of(&c.key);
                self.table.prefetch(c.hash);
            }
        } else {
            for (_, c) in pos.successors() {
                let c = Child::started(c);
                self.table.prefetch(c.hash);
                list.push(c);
            }
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
        self.path.push(hash, *key);
        let mut first = true;
        let (pn, dn, height) = loop {
            // The node's numbers from its children.
            let (mut min, mut sum) = (INF, 0u32);
            let (mut best, mut second) = (usize::MAX, INF);
            let mut best_other = 0u32;
            let mut height = 0u16;
            let mut max_height = 0u16;
            for (i, c) in list.iter_mut().enumerate() {
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
        let work = (self.nodes - work_before).min(u16::MAX as u64) as u16;
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
    pub(super) fn is_proved(&self, pos: &Position<R>) -> Option<u16> {
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
    pub(super) fn reprove(&mut self, pos: &Position<R>) -> bool {
        if !self.proved {
            return false;
        }
        let saved = self.path.clone();
        let (pn, _) = self.search_root(pos);
        self.path = saved;
        pn == 0
    }
}
