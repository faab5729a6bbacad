//! The search: [`Budget`], negamax with principal-variation search and
//! iterative deepening ([`search`]), the value of every move
//! ([`analyse`]), and the principal variation from the table
//! ([`table_line`]).

use super::table::{Bound, Entry, Table};
use super::value::{INF, PROVEN, SearchValue, from_table, repetition, terminal, to_table};
use crate::bots::eval::Evaluation;
use crate::moves::{Move, MoveSet};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::{Limits, Stop, child_for_search, hash_of};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest iteration of a node or time budget.
pub const MAX_DEPTH: u8 = 64;

/// The depth of a table entry whose subtree was searched to the end of
/// every line (no evaluation at the horizon): its value holds at any
/// depth.
const COMPLETE: u8 = u8::MAX;

/// Whether an iteration's result `v` is final: a proven result, and, in a
/// game of points, one that does not rest on the depth (`horizon`: a line
/// cut by the depth might win by more, and the proof gives only a bound
/// on the margin then). In a game won by moving last a win is a win.
fn is_final<R: Ruleset>(pos: &Position<R>, v: i32, horizon: bool) -> bool {
    v.abs() >= PROVEN && (!horizon || pos.rules().scoring() != crate::Scoring::Points)
}

/// How much an [`AlphaBeta`](super::AlphaBeta) search may do for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Iterate to this depth in plies (1 or more).
    Depth(u8),
    /// Stop after about this many nodes; the best move of the last depth
    /// completed.
    Nodes(u64),
    /// Stop after about this time; the best move of the last depth
    /// completed.
    Time(Duration),
}

impl Budget {
    /// The budget as the search uses it: a depth in 1..=64, 1 node at
    /// least, a time from 1 ns to a day (a spec's range).
    pub(crate) fn in_use(self) -> Budget {
        match self {
            Budget::Depth(d) => Budget::Depth(d.clamp(1, MAX_DEPTH)),
            Budget::Nodes(n) => Budget::Nodes(n.max(1)),
            Budget::Time(t) => Budget::Time(crate::bots::spec::time_in_use(t)),
        }
    }

    /// The node or time limit of the budget, as the solver takes it
    /// ([`Limits`]); none for a depth (the depth bounds the search).
    pub fn limits(self) -> Limits {
        match self {
            Budget::Depth(_) => Limits::default(),
            Budget::Nodes(n) => Limits {
                nodes: Some(n),
                time: None,
            },
            Budget::Time(t) => Limits {
                nodes: None,
                time: Some(t),
            },
        }
    }

    /// The deepest iteration: the depth of a depth budget (1..=64), else
    /// [`MAX_DEPTH`].
    fn max_depth(self) -> u8 {
        match self {
            Budget::Depth(d) => d.clamp(1, MAX_DEPTH),
            _ => MAX_DEPTH,
        }
    }
}

impl fmt::Display for Budget {
    /// As the player spec writes it: `6`, `100000nodes`, `1500ms`, `0.5ms`;
    /// a budget the search raises or lowers (a depth of 0, no nodes, no
    /// time) as the search uses it, so that it reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.in_use() {
            Budget::Depth(d) => write!(f, "{d}"),
            Budget::Nodes(n) => write!(f, "{n}nodes"),
            Budget::Time(t) => crate::bots::spec::write_time(f, t),
        }
    }
}

/// What a search found, for reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The move chosen.
    pub best: Move,
    /// Its value for the side to move.
    pub value: SearchValue,
    /// The last depth completed.
    pub depth: u8,
    /// Nodes visited (positions entered by the search).
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// One move of an [`Analysis`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the side to move (exact, full window).
    pub value: SearchValue,
    /// The depth at which it was found (plies, the move included).
    pub depth: u8,
}

/// Every legal move of a position with its value, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The legal moves, best first.
    pub moves: Vec<MoveValue>,
    /// The principal variation (the best move first).
    pub pv: Vec<Move>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// The state of one search.
struct Searcher<'a, R: Ruleset, E> {
    table: &'a mut Table<R>,
    eval: &'a E,
    nodes: u64,
    limits: Stop,
    /// A flag another thread sets to stop the search (see [`search_until`]).
    cancel: Option<&'a AtomicBool>,
    stopped: bool,
    /// Whether a value of the current subtree rests on the depth: an
    /// evaluation at the horizon, or a table entry that may (see
    /// [`COMPLETE`]). A proven result is only a bound on the margin
    /// then (a line cut by the depth may win more), exact without.
    horizon: bool,
    /// The positions on the current line (root first), with their hashes.
    path: Vec<(u64, Position<R>)>,
    /// Move lists by ply (each move with its child), kept to avoid
    /// allocating in the tree.
    lists: Vec<Vec<(Move, Position<R>)>>,
}

impl<'a, R: Ruleset, E: Evaluation<R>> Searcher<'a, R, E> {
    fn new(table: &'a mut Table<R>, eval: &'a E, budget: Budget, start: Instant) -> Self {
        table.next_search();
        Searcher {
            table,
            eval,
            nodes: 0,
            limits: Stop::new(budget.limits(), start),
            cancel: None,
            stopped: false,
            horizon: false,
            path: Vec::with_capacity(128),
            lists: Vec::new(),
        }
    }

    fn check_limits(&mut self) {
        if self.limits.reached(self.nodes) || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
    }

    /// The value of `child` for the player to move at its parent, `mover`,
    /// within the mover's window `(alpha, beta)`.
    fn child_value(
        &mut self,
        mover: crate::player::Player,
        child: &Position<R>,
        depth: i32,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.side_to_move() == mover && !child.is_over() {
            self.negamax(child, depth, ply, alpha, beta)
        } else if child.is_over() {
            let v = terminal(child, ply);
            if child.side_to_move() == mover { v } else { -v }
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    /// [`Searcher::node`], with [`Searcher::horizon`] gathered over the
    /// subtree (the node stores its entry knowing whether its own subtree
    /// reached the horizon).
    #[inline(always)]
    fn negamax(&mut self, pos: &Position<R>, depth: i32, ply: i32, alpha: i32, beta: i32) -> i32 {
        let outer = std::mem::replace(&mut self.horizon, false);
        let v = self.node(pos, depth, ply, alpha, beta);
        self.horizon |= outer;
        v
    }

    /// Principal-variation search of the children: the first with the full
    /// window, the others with a null window first.
    fn node(&mut self, pos: &Position<R>, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stopped {
            return 0;
        }
        if pos.is_over() {
            return terminal(pos, ply);
        }
        if depth <= 0 {
            // A leaf: the line's few positions compared as they are (its
            // hash, a chain of a dozen multiplications, is for the table,
            // which a leaf does not use).
            if self.path.iter().any(|(_, p)| p == pos) {
                return repetition(pos, ply);
            }
            self.horizon = true;
            return self.eval.evaluate(pos);
        }
        let hash = hash_of(pos);
        if self.path.iter().any(|(h, p)| *h == hash && p == pos) {
            return repetition(pos, ply);
        }
        let alpha0 = alpha;
        let mut table_move = None;
        if let Some(e) = self.table.probe(hash, pos) {
            table_move = e.mv;
            if e.depth as i32 >= depth {
                let v = from_table(e.value, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    self.horizon |= e.depth != COMPLETE;
                    return v;
                }
            }
        }
        let mut list = self.take_list(ply);
        let me = pos.side_to_move();
        // Each child's turn starts only if it is searched (most after a
        // cut-off are not), and then finds its legality lazily: most are
        // leaves, only evaluated (`Position::children`). The table's move,
        // searched first, is made first and alone: the others are made
        // only if it does not cut off.
        let mut staged = false;
        if let Some(tm) = table_move {
            pos.deferred_children(&mut list, |mv| mv == tm);
            staged = !list.is_empty();
        }
        if !staged {
            pos.deferred_children(&mut list, |_| true);
        }
        if list.is_empty() {
            // Cannot happen for a position that is not over; score it.
            self.lists[ply as usize] = list;
            self.horizon = true;
            return self.eval.evaluate(pos);
        }
        self.path.push((hash, *pos));
        let mut best = -INF;
        let mut best_move = list[0].0;
        // The children best first (the table's move, then by the seeds the
        // move captures, then in move order), each picked when its turn
        // comes: a cut-off after the first few leaves the rest unsorted.
        let order = Order {
            table_move,
            me,
            before: pos.captured(me),
        };
        let mut left = u64::MAX >> (64 - list.len());
        let mut i = 0;
        while let Some(next) = order.pick(&list, left) {
            left &= !(1 << next);
            if depth > 1 {
                // The child will look itself up in the table (a leaf does
                // not): its entry is fetched while its turn starts (the
                // sowing of its first moves), not when it is looked up.
                // Starting the turn changes the position only after a
                // pass or at the end of the game, rarely.
                self.table.prefetch(hash_of(&list[next].1));
            }
            list[next].1.start_deferred_turn();
            let (mv, child) = (list[next].0, &list[next].1);
            let v = if i == 0 {
                self.child_value(me, child, depth - 1, ply + 1, alpha, beta)
            } else {
                let v = self.child_value(me, child, depth - 1, ply + 1, alpha, alpha + 1);
                if v > alpha && v < beta && !self.stopped {
                    self.child_value(me, child, depth - 1, ply + 1, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = mv;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
            i += 1;
            if staged {
                // The rest, after the table's move, in move order.
                staged = false;
                let made = list.len();
                pos.deferred_children(&mut list, |mv| Some(mv) != table_move);
                left |= (u64::MAX >> (64 - list.len())) & !(u64::MAX >> (64 - made));
            }
        }
        self.path.pop();
        self.lists[ply as usize] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let age = self.table.age();
        self.table.store(
            hash,
            Entry {
                pos: *pos,
                value: to_table(best, ply),
                // A subtree searched to its ends holds at any depth.
                depth: if self.horizon {
                    depth.clamp(0, MAX_DEPTH as i32) as u8
                } else {
                    COMPLETE
                },
                bound,
                mv: Some(best_move),
                age,
            },
        );
        best
    }

    fn take_list(&mut self, ply: i32) -> Vec<(Move, Position<R>)> {
        let ply = ply as usize;
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(32));
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        list
    }
}

/// The order in which a node's children are searched.
struct Order {
    /// The table's move for the node, searched first.
    table_move: Option<Move>,
    /// The player to move at the node.
    me: crate::player::Player,
    /// His captured seeds there.
    before: u16,
}

impl Order {
    /// How early the child `c` of the move `mv` is searched: the table's
    /// move first, then the seeds the move captures.
    #[inline(always)]
    fn key<R: Ruleset>(&self, mv: Move, c: &Position<R>) -> i32 {
        if Some(mv) == self.table_move {
            i32::MAX
        } else {
            c.captured(self.me) as i32 - self.before as i32
        }
    }

    /// The index of the child to search next among those of `left` (a bit
    /// per index of `list`): the highest key, the first of equals (as a
    /// stable sort by key would have them).
    #[inline]
    fn pick<R: Ruleset>(&self, list: &[(Move, Position<R>)], left: u64) -> Option<usize> {
        let mut rest = left;
        let mut best: Option<(usize, i32)> = None;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let key = self.key(list[i].0, &list[i].1);
            if best.is_none_or(|(_, b)| key > b) {
                best = Some((i, key));
            }
        }
        best.map(|(i, _)| i)
    }
}

/// The principal variation from `pos` starting with its legal move
/// `first`, read from `table` after a search (at most `max` moves, ending
/// where the table has no move or a position would repeat).
pub fn table_line<R: Ruleset>(
    table: &Table<R>,
    pos: &Position<R>,
    first: Move,
    max: usize,
) -> Vec<Move> {
    let mut child = *pos;
    if child.play(first).is_err() {
        return Vec::new();
    }
    let mut pv = vec![first];
    let mut seen = vec![*pos, child];
    let mut cur = child.with_lap_limit(Some(crate::search::SEARCH_LAP_LIMIT));
    while pv.len() < max && !cur.is_over() {
        let Some(mv) = table.probe(hash_of(&cur), &cur).and_then(|e| e.mv) else {
            break;
        };
        let Some((_, next)) = cur.successors().find(|(m, _)| *m == mv) else {
            break;
        };
        if seen.contains(&next) {
            break;
        }
        pv.push(mv);
        seen.push(next);
        cur = next;
    }
    pv
}

/// The root moves with their positions (exact legality at the root, the
/// search lap limit below); a move of `legal` that is not legal in `pos` is
/// left out.
fn root_children<R: Ruleset>(pos: &Position<R>, legal: MoveSet) -> Vec<(Move, Position<R>)> {
    legal
        .iter()
        .filter(|&mv| pos.is_legal(mv))
        .map(|mv| (mv, child_for_search(pos, mv)))
        .collect()
}

/// Searches the moves `legal` of `pos` (normally `pos.legal_moves()`; a
/// move that is not legal is left out) within `budget`; `None` if none of
/// them is legal.
pub fn search<R: Ruleset, E: Evaluation<R>>(
    pos: &Position<R>,
    legal: MoveSet,
    budget: Budget,
    eval: &E,
    table: &mut Table<R>,
) -> Option<SearchReport> {
    search_inner(pos, legal, budget, eval, table, None)
}

/// [`search`] that also stops, within about a thousand nodes, once
/// `cancel` is set (by another thread: an engine's `stop`); the report is
/// that of the last depth completed, as when the budget runs out.
pub fn search_until<R: Ruleset, E: Evaluation<R>>(
    pos: &Position<R>,
    legal: MoveSet,
    budget: Budget,
    eval: &E,
    table: &mut Table<R>,
    cancel: &AtomicBool,
) -> Option<SearchReport> {
    search_inner(pos, legal, budget, eval, table, Some(cancel))
}

fn search_inner<R: Ruleset, E: Evaluation<R>>(
    pos: &Position<R>,
    legal: MoveSet,
    budget: Budget,
    eval: &E,
    table: &mut Table<R>,
    cancel: Option<&AtomicBool>,
) -> Option<SearchReport> {
    let start = Instant::now();
    let mut children = root_children(pos, legal);
    if children.is_empty() {
        return None;
    }
    let max_depth = budget.max_depth();
    let mut s = Searcher::new(table, eval, budget, start);
    s.cancel = cancel;
    let me = pos.side_to_move();
    s.path.push((hash_of(pos), *pos));
    let mut done: Option<(usize, i32, u8)> = None;
    for depth in 1..=max_depth {
        s.horizon = false;
        let mut alpha = -INF;
        let mut best: Option<(usize, i32)> = None;
        for (i, (_, c)) in children.iter().enumerate() {
            let v = if i == 0 {
                s.child_value(me, c, depth as i32 - 1, 1, -INF, INF)
            } else {
                let v = s.child_value(me, c, depth as i32 - 1, 1, alpha, alpha + 1);
                if v > alpha && !s.stopped {
                    s.child_value(me, c, depth as i32 - 1, 1, alpha, INF)
                } else {
                    v
                }
            };
            if s.stopped {
                break;
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((i, v));
                alpha = alpha.max(v);
            }
        }
        if s.stopped {
            break;
        }
        let (i, v) = best.expect("at least one root move");
        // The best move first in the next iteration.
        children[..=i].rotate_right(1);
        done = Some((0, v, depth));
        // A forced move under a time budget is played at once (its value
        // at depth 1 for the report): the time is the clock's, better kept.
        if is_final(pos, v, s.horizon) || (children.len() == 1 && matches!(budget, Budget::Time(_)))
        {
            break;
        }
    }
    // Not even depth 1 within the budget: the first move, unvalued.
    let (i, v, depth) = done.unwrap_or((0, 0, 0));
    let (best, _) = children[i];
    let pv = table_line(s.table, pos, best, 24);
    Some(SearchReport {
        best,
        value: SearchValue(v),
        depth,
        nodes: s.nodes,
        time: start.elapsed(),
        pv,
    })
}

/// The value of every legal move of `pos`, each searched with the full
/// window, by iterative deepening within `budget`; best first, with the
/// principal variation. The legal moves are the exact ones
/// (`pos.legal_moves()`). An empty analysis if there is no legal move.
pub fn analyse<R: Ruleset, E: Evaluation<R>>(
    pos: &Position<R>,
    budget: Budget,
    eval: &E,
    table: &mut Table<R>,
) -> Analysis {
    let start = Instant::now();
    let children = root_children(pos, pos.legal_moves());
    let max_depth = budget.max_depth();
    let mut s = Searcher::new(table, eval, budget, start);
    let me = pos.side_to_move();
    s.path.push((hash_of(pos), *pos));
    let mut values: Vec<MoveValue> = Vec::new();
    for depth in 1..=max_depth {
        s.horizon = false;
        let mut this = Vec::with_capacity(children.len());
        for (mv, c) in &children {
            let v = s.child_value(me, c, depth as i32 - 1, 1, -INF, INF);
            if s.stopped {
                break;
            }
            this.push(MoveValue {
                mv: *mv,
                value: SearchValue(v),
                depth,
            });
        }
        if s.stopped {
            break;
        }
        values = this;
        if values.iter().all(|m| is_final(pos, m.value.0, s.horizon)) {
            break;
        }
    }
    if values.is_empty() {
        // Not even depth 1 within the budget.
        values = children
            .iter()
            .map(|(mv, _)| MoveValue {
                mv: *mv,
                value: SearchValue(0),
                depth: 0,
            })
            .collect();
    }
    values.sort_by_key(|m| std::cmp::Reverse(m.value));
    let pv = match values.first() {
        Some(best) => table_line(s.table, pos, best.mv, 24),
        None => Vec::new(),
    };
    Analysis {
        moves: values,
        pv,
        nodes: s.nodes,
        time: start.elapsed(),
    }
}
