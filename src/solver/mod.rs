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
//!
//! # Parts
//!
//! Here, the [`Solver`] and the entry points ([`Solver::solve`],
//! [`Solver::solve_margin`], [`solve_moves`]); in submodules, the df-pn
//! search (`dfpn`), the keys and the proof table (`table`), the result
//! types ([`Verdict`], [`Solution`], [`Progress`]), and the strategy
//! files ([`Strategy`], [`check_strategy`]).

mod dfpn;
mod result;
mod strategy;
mod table;

pub use result::{Progress, Solution, Verdict};
pub use strategy::{Strategy, StrategyCheck, StrategyError, check_strategy, read_strategy};
pub use table::MAX_TABLE_BITS;

use crate::certificate::Claim;
use crate::moves::Move;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::search::Stop;
pub use crate::search::{Limits, SEARCH_LAP_LIMIT};
use dfpn::Child;
use std::time::Instant;
use table::{Key, Line, Table, key_of, scoring};

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
    path: Line<R::State>,
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
    /// The most seeds of the oracle's positions, where the oracle is the
    /// databases (what a certificate's leaves need).
    oracle_seeds: Option<u32>,
    /// What the last search proved, if it proved something.
    claim: Option<Claim>,
}

/// A source of results known without search: see [`Solver::with_oracle`].
type Oracle<R> = Box<dyn Fn(&Position<R>) -> Option<i32> + Send + Sync>;

impl<R: Ruleset> Solver<R> {
    /// A solver with a table of `2^bits` entries (`bits` clamped to
    /// 4..=26: at most 2^26 entries of 64 bytes, 4 GiB), the
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
            path: Line::new(),
            lists: Vec::new(),
            progress: None,
            table_for: None,
            proved: false,
            oracle: None,
            oracle_seeds: None,
            claim: None,
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
        self.oracle_seeds = None;
        self
    }

    /// Whether the last search was stopped by its budget (nodes, time or
    /// a cancel). A [`Verdict::Unknown`] that was not stopped is a search
    /// that could not decide: cycles whose repetitions it counts as no win
    /// for either side (see the module docs) left both proofs open.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes expanded by the last call of [`Solver::solve`],
    /// [`Solver::solve_margin`] (all its thresholds) or [`Solver::prove`].
    pub fn nodes(&self) -> u64 {
        self.nodes
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
        let seeds = tablebase.max_seeds();
        let mut solver = self.with_oracle(move |pos| {
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
                // A win or a loss from a win/draw/loss database: by how
                // much is not known, so no leaf.
                Forecast::FromHere { .. } => return None,
            })
        });
        solver.oracle_seeds = Some(seeds);
        solver
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
        self.claim = None;
        match self.prove_win(pos, me, margin) {
            Some(true) => {
                verdict = Verdict::Win;
                winner = Some(me);
                self.claim = Some(Claim::Wins(me));
            }
            Some(false) => match self.prove_win(pos, me.other(), margin) {
                Some(true) => {
                    verdict = Verdict::Loss;
                    winner = Some(me.other());
                    self.claim = Some(Claim::Wins(me.other()));
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
        // game's result: no strategy from it (solve or prove again for one).
        self.proved = false;
        self.claim = None;
        (answered && lo >= -total).then_some(lo)
    }
}

impl<R: Ruleset> Solver<R> {
    /// Proves or disproves `claim` from `pos`: `Some(true)` proved (the
    /// table then holds the proof, for [`Solver::certificate`]),
    /// `Some(false)` disproved (the claim's player cannot force it), `None`
    /// if `limits` ran out or the search ended undecided (play that repeats
    /// for ever, see the module docs).
    ///
    /// A margin ([`Claim::AtLeast`]) of a game without a score is refused
    /// (`None`). [`Claim::Wins`] in a game with a score is "at least +1".
    ///
    /// ```
    /// use sowing::certificate::{Claim, NoLeaves};
    /// use sowing::solver::{Limits, Solver};
    /// use sowing::{Player, Position, rulesets::SadeqaIII};
    ///
    /// // Game 91's rules: South to move, 2 seeds left on the board.
    /// let pos: Position<SadeqaIII> = "game-91 0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0 S 30-32".parse()?;
    /// let mut solver = Solver::new(16);
    /// let claim = Claim::AtLeast { player: Player::North, margin: 0 };
    /// assert_eq!(solver.prove(&pos, claim, Limits::default()), Some(true));
    /// let certificate = solver.certificate(&pos)?;
    /// assert!(certificate.check(&NoLeaves).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prove(&mut self, pos: &Position<R>, claim: Claim, limits: Limits) -> Option<bool> {
        let (player, margin) = match claim {
            Claim::Wins(p) => (p, 1),
            Claim::AtLeast { player, margin } => {
                if !scoring(pos.rules()) {
                    return None;
                }
                (player, margin)
            }
        };
        self.begin(limits);
        self.claim = None;
        let proved = self.prove_win(pos, player, margin);
        if proved == Some(true) {
            self.claim = Some(claim);
        }
        proved
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
