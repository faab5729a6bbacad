//! [`AlphaBeta`]: negamax with alpha-beta pruning, principal-variation
//! search, iterative deepening and a transposition table; and
//! [`analyse`], the value of every legal move of a position.
//!
//! # The search
//!
//! - **Negamax** over the values of [`SearchValue`], always from the view of
//!   the side to move. A move after which the same player moves again
//!   (Sadeqa V's bonus move, or a pass of the opponent, RULES.md 3.3.2 and
//!   3.5) keeps the sign: only a change of the side to move negates.
//! - **Finished games** are scored from their outcome: a win is worth
//!   `WIN + 1000 * margin - plies` (the margin in points for the scoring
//!   games, RULES.md 3.7 and 5.5, so the search prefers bigger and then
//!   quicker wins), a draw 0. Unfinished leaves get the caller's
//!   [`Evaluation`].
//! - **Repetition:** a position that already occurs on the line being
//!   searched is scored 0, a draw (RULES.md section 2's repetition policy).
//! - **Transposition table:** a fixed number of entries (a power of two),
//!   indexed by a 64-bit hash; each entry keeps the whole position, and a
//!   hit counts only when the position is equal (collisions are checked).
//!   It keeps its contents from one move to the next.
//! - **Move ordering:** the table's move first, then captures (moves that
//!   add to the mover's captured seeds, biggest first), then the rest in
//!   pit order.
//! - **Budget:** a depth in plies, a number of nodes or a time
//!   ([`Budget`]); iterative deepening returns the best move of the last
//!   depth completed.
//! - **Endless sowing:** inside the tree, positions use a lap limit of
//!   [`SEARCH_LAP_LIMIT`](crate::search::SEARCH_LAP_LIMIT) laps (RULES.md
//!   section 2's option, for bounded time); the moves searched at the root
//!   are the caller's exact legal moves, so the move returned is legal
//!   under the exact rule.

use super::Bot;
use super::eval::{Evaluation, Evaluator, StandardEval};
use crate::any::AnyPosition;
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use crate::search::{child_for_search, hash_of, successors};
use std::fmt;
use std::time::{Duration, Instant};

/// The value of a won game before the margin and distance are added.
pub const WIN: i32 = 1_000_000;
/// Value of one point of final margin in a won game.
const MARGIN: i32 = 1_000;
/// Values at least this big (in absolute value) are proven results.
const PROVEN: i32 = WIN - 10_000;
/// Beyond every value.
const INF: i32 = i32::MAX / 2;
/// The deepest iteration of a node or time budget.
pub const MAX_DEPTH: u8 = 64;

/// How much an [`AlphaBeta`] search may do for one move.
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
    fn in_use(self) -> Budget {
        match self {
            Budget::Depth(d) => Budget::Depth(d.clamp(1, MAX_DEPTH)),
            Budget::Nodes(n) => Budget::Nodes(n.max(1)),
            Budget::Time(t) => Budget::Time(super::spec::time_in_use(t)),
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
            Budget::Time(t) => super::spec::write_time(f, t),
        }
    }
}

/// A search value, from the view of the side to move: positive is good
/// for him. Evaluations are small numbers (about 4 per seed); a proven
/// win is `WIN + 1000 * margin - plies` and a proven loss its negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SearchValue(pub i32);

impl SearchValue {
    /// Whether the search proved a win (every line within the depth ends
    /// in a win; the lap limit inside the tree is the only approximation).
    pub fn is_win(self) -> bool {
        self.0 >= PROVEN
    }

    /// Whether the search proved a loss.
    pub fn is_loss(self) -> bool {
        self.0 <= -PROVEN
    }

    /// For a proven result: the plies to the end of the game.
    pub fn plies_to_end(self) -> Option<u32> {
        let v = self.0.saturating_abs();
        (v >= PROVEN).then(|| ((MARGIN - (v - WIN).rem_euclid(MARGIN)) % MARGIN) as u32)
    }

    /// For a proven result of a scoring game: the final margin in points.
    pub fn margin(self) -> Option<i32> {
        let v = self.0.saturating_abs();
        (v >= PROVEN).then(|| {
            let m = (v - WIN + MARGIN - 1).div_euclid(MARGIN);
            if self.0 > 0 { m } else { -m }
        })
    }
}

impl fmt::Display for SearchValue {
    /// `win in 7 plies`, `loss in 4 plies (by 6 points)`, or the evaluation
    /// with a sign: `+12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.plies_to_end(), self.margin()) {
            (Some(p), Some(m)) => {
                let word = if self.0 > 0 { "win" } else { "loss" };
                write!(f, "{word} in {p} plies")?;
                if m != 0 {
                    write!(f, " (by {} points)", m.abs())?;
                }
                Ok(())
            }
            _ => write!(f, "{:+}", self.0),
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

// ---- transposition table ----

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<R: Ruleset> {
    pos: Position<R>,
    value: i32,
    depth: u8,
    bound: Bound,
    mv: Option<Move>,
    age: u8,
}

/// A transposition table for the positions of one ruleset: `2^bits`
/// entries, each holding the whole position it describes.
#[derive(Clone, Debug)]
pub struct Table<R: Ruleset> {
    entries: Vec<Option<Entry<R>>>,
    mask: usize,
    age: u8,
}

impl<R: Ruleset> Table<R> {
    /// A table of `2^bits` entries (`bits` is clamped to 4..=24). Each
    /// entry takes at most 128 bytes (the whole position, its value and
    /// move), so a table takes at most 2 GiB.
    pub fn new(bits: u8) -> Self {
        let bits = bits.clamp(4, 24);
        Table {
            entries: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
            age: 0,
        }
    }

    fn probe(&self, hash: u64, pos: &Position<R>) -> Option<&Entry<R>> {
        self.entries[hash as usize & self.mask]
            .as_ref()
            .filter(|e| e.pos == *pos)
    }

    fn store(&mut self, hash: u64, entry: Entry<R>) {
        let slot = &mut self.entries[hash as usize & self.mask];
        // Depth-preferred within one search, always replaced across searches.
        let replace = match slot {
            Some(old) => old.age != entry.age || entry.depth >= old.depth || old.pos == entry.pos,
            None => true,
        };
        if replace {
            *slot = Some(entry);
        }
    }
}

/// A value for the table: proven results relative to the node.
fn to_table(v: i32, ply: i32) -> i32 {
    if v >= PROVEN {
        v + ply
    } else if v <= -PROVEN {
        v - ply
    } else {
        v
    }
}

fn from_table(v: i32, ply: i32) -> i32 {
    if v >= PROVEN {
        v - ply
    } else if v <= -PROVEN {
        v + ply
    } else {
        v
    }
}

/// The value of a finished game for its side to move, `ply` plies below
/// the root.
fn terminal<R: Ruleset>(pos: &Position<R>, ply: i32) -> i32 {
    let me = pos.side_to_move();
    match pos.outcome() {
        Outcome::Win { winner, score } => {
            let margin = score.map_or(0, |s| s.of(winner) as i32 - s.of(winner.other()) as i32);
            let v = WIN + MARGIN * margin - ply;
            if winner == me { v } else { -v }
        }
        Outcome::Draw { .. } | Outcome::Ongoing => 0,
    }
}

/// One child in the move list of a node.
#[derive(Clone, Copy)]
struct Child<R: Ruleset> {
    mv: Move,
    pos: Position<R>,
    order: i32,
}

/// The state of one search.
struct Searcher<'a, R: Ruleset, E> {
    table: &'a mut Table<R>,
    eval: &'a E,
    nodes: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    stopped: bool,
    /// The positions on the current line (root first), with their hashes.
    path: Vec<(u64, Position<R>)>,
    /// Move lists by ply, kept to avoid allocating in the tree.
    lists: Vec<Vec<Child<R>>>,
}

impl<'a, R: Ruleset, E: Evaluation<R>> Searcher<'a, R, E> {
    fn new(table: &'a mut Table<R>, eval: &'a E, budget: Budget, start: Instant) -> Self {
        table.age = table.age.wrapping_add(1);
        let (node_limit, deadline) = match budget {
            Budget::Depth(_) => (None, None),
            Budget::Nodes(n) => (Some(n), None),
            // A time too long to add to now is no limit.
            Budget::Time(t) => (None, start.checked_add(t)),
        };
        Searcher {
            table,
            eval,
            nodes: 0,
            node_limit,
            deadline,
            stopped: false,
            path: Vec::with_capacity(128),
            lists: Vec::new(),
        }
    }

    fn check_limits(&mut self) {
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
    }

    /// The value of `child` for the player to move at its parent, `mover`,
    /// within the mover's window `(alpha, beta)`.
    fn child_value(
        &mut self,
        mover: crate::Player,
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

    /// Principal-variation search of the children: the first with the full
    /// window, the others with a null window first.
    fn negamax(
        &mut self,
        pos: &Position<R>,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
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
        let hash = hash_of(pos);
        if self.path.iter().any(|(h, p)| *h == hash && p == pos) {
            return 0;
        }
        if depth <= 0 {
            return self.eval.evaluate(pos);
        }
        let alpha0 = alpha;
        let mut table_move = None;
        if let Some(e) = self.table.probe(hash, pos) {
            table_move = e.mv;
            if e.depth as i32 >= depth {
                let v = from_table(e.value, ply);
                match e.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        let mut list = self.take_list(ply);
        let me = pos.side_to_move();
        let before = pos.captured(me);
        // Children find their own legality lazily: most are leaves, only
        // evaluated (`Position::children`).
        list.extend(pos.children().map(|(mv, c)| Child {
            mv,
            pos: c,
            order: if Some(mv) == table_move {
                i32::MAX
            } else {
                c.captured(me) as i32 - before as i32
            },
        }));
        if list.is_empty() {
            // Cannot happen for a position that is not over; score it.
            self.lists[ply as usize] = list;
            return self.eval.evaluate(pos);
        }
        list.sort_by_key(|c| std::cmp::Reverse(c.order));
        self.path.push((hash, *pos));
        let mut best = -INF;
        let mut best_move = list[0].mv;
        for (i, c) in list.iter().enumerate() {
            let v = if i == 0 {
                self.child_value(me, &c.pos, depth - 1, ply + 1, alpha, beta)
            } else {
                let v = self.child_value(me, &c.pos, depth - 1, ply + 1, alpha, alpha + 1);
                if v > alpha && v < beta && !self.stopped {
                    self.child_value(me, &c.pos, depth - 1, ply + 1, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = c.mv;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
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
        let age = self.table.age;
        self.table.store(
            hash,
            Entry {
                pos: *pos,
                value: to_table(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
                mv: Some(best_move),
                age,
            },
        );
        best
    }

    fn take_list(&mut self, ply: i32) -> Vec<Child<R>> {
        let ply = ply as usize;
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(32));
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        list
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
        let Some((_, next)) = successors(&cur).find(|(m, _)| *m == mv) else {
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
    let start = Instant::now();
    let mut children = root_children(pos, legal);
    if children.is_empty() {
        return None;
    }
    let max_depth = match budget {
        Budget::Depth(d) => d.clamp(1, MAX_DEPTH),
        _ => MAX_DEPTH,
    };
    let mut s = Searcher::new(table, eval, budget, start);
    let me = pos.side_to_move();
    s.path.push((hash_of(pos), *pos));
    let mut done: Option<(usize, i32, u8)> = None;
    for depth in 1..=max_depth {
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
        if v.abs() >= PROVEN {
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
    let max_depth = match budget {
        Budget::Depth(d) => d.clamp(1, MAX_DEPTH),
        _ => MAX_DEPTH,
    };
    let mut s = Searcher::new(table, eval, budget, start);
    let me = pos.side_to_move();
    s.path.push((hash_of(pos), *pos));
    let mut values: Vec<MoveValue> = Vec::new();
    for depth in 1..=max_depth {
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
        if values.iter().all(|m| m.value.0.abs() >= PROVEN) {
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

/// The tables of an [`AlphaBeta`] player, one per ruleset, made on first use.
#[derive(Clone, Debug, Default)]
struct Tables {
    sadeqa_v: Option<Box<Table<SadeqaV>>>,
    sadeqa_ii: Option<Box<Table<SadeqaII>>>,
    sadeqa_iii: Option<Box<Table<SadeqaIII>>>,
    andada: Option<Box<Table<Andada>>>,
}

/// The alpha-beta player (see the [module documentation](self)).
///
/// ```
/// use sowing::bots::{AlphaBeta, Bot};
/// use sowing::{Move, Position, rulesets::SadeqaII};
///
/// // South to move wins with his pit 5 (and only with it), in 5 plies.
/// let pos: Position<SadeqaII> = "sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 0-0".parse()?;
/// let mut bot = AlphaBeta::new(6);
/// assert_eq!(bot.choose(&pos), Some(Move::Pit(5)));
/// let report = bot.last_report().expect("a search");
/// assert!(report.value.is_win());
/// assert_eq!(report.value.to_string(), "win in 5 plies");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E = StandardEval> {
    budget: Budget,
    eval: E,
    table_bits: u8,
    tables: Tables,
    last: Option<SearchReport>,
}

/// Default transposition table size: 2^18 entries of 128 bytes (32 MiB),
/// made per ruleset on first use.
pub const DEFAULT_TABLE_BITS: u8 = 18;

impl AlphaBeta<StandardEval> {
    /// A player searching to `depth` plies with the [`StandardEval`].
    pub fn new(depth: u8) -> Self {
        Self::with_budget(Budget::Depth(depth.max(1)))
    }

    /// A player with the given budget and the [`StandardEval`].
    pub fn with_budget(budget: Budget) -> Self {
        Self::with_eval(budget, StandardEval)
    }
}

impl<E: Evaluator> AlphaBeta<E> {
    /// A player with the given budget and evaluation.
    pub fn with_eval(budget: Budget, eval: E) -> Self {
        AlphaBeta {
            budget: budget.in_use(),
            eval,
            table_bits: DEFAULT_TABLE_BITS,
            tables: Tables::default(),
            last: None,
        }
    }

    /// The same player with a table of `2^bits` entries per ruleset.
    pub fn with_table_bits(mut self, bits: u8) -> Self {
        self.table_bits = bits;
        self.tables = Tables::default();
        self
    }

    /// The budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// What the last search found.
    pub fn last_report(&self) -> Option<&SearchReport> {
        self.last.as_ref()
    }

    /// Searches `pos` within the budget and returns the report (`None`
    /// without a legal move). `legal` must be `pos.legal_moves()`.
    pub fn search_any(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<SearchReport> {
        let bits = self.table_bits;
        let budget = self.budget;
        let eval = &self.eval;
        fn table<R: Ruleset>(slot: &mut Option<Box<Table<R>>>, bits: u8) -> &mut Table<R> {
            slot.get_or_insert_with(|| Box::new(Table::new(bits)))
        }
        let report = match pos {
            AnyPosition::SadeqaV(p) => search(
                p,
                legal,
                budget,
                eval,
                table(&mut self.tables.sadeqa_v, bits),
            ),
            AnyPosition::SadeqaII(p) => search(
                p,
                legal,
                budget,
                eval,
                table(&mut self.tables.sadeqa_ii, bits),
            ),
            AnyPosition::SadeqaIII(p) => search(
                p,
                legal,
                budget,
                eval,
                table(&mut self.tables.sadeqa_iii, bits),
            ),
            AnyPosition::Andada(p) => {
                search(p, legal, budget, eval, table(&mut self.tables.andada, bits))
            }
        };
        self.last = report.clone();
        report
    }
}

impl<E: Evaluator> Bot for AlphaBeta<E> {
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move> {
        self.search_any(pos, legal).map(|r| r.best)
    }

    fn name(&self) -> String {
        format!("alphabeta:{}", self.budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's memory per entry, as [`DEFAULT_TABLE_BITS`] states it.
    #[test]
    fn entries_fit_the_documented_size() {
        let sizes = [
            std::mem::size_of::<Option<Entry<SadeqaV>>>(),
            std::mem::size_of::<Option<Entry<SadeqaII>>>(),
            std::mem::size_of::<Option<Entry<SadeqaIII>>>(),
            std::mem::size_of::<Option<Entry<Andada>>>(),
        ];
        eprintln!("alpha-beta entry bytes: {sizes:?}");
        assert!(sizes.iter().all(|&s| s <= 128), "{sizes:?}");
    }
}
