//! The computer players, the analysis (every move's alpha-beta value) and
//! the solver (proof-number search), each stopped by a [`Check`](super::Check).

use sowing::bots::alphabeta::{self, Budget, Table};
use sowing::bots::{BotSpec, StandardEval};
use sowing::solver::{Limits, Solver, Verdict};
use sowing::{BuiltIn, Ruleset, Visit};
use std::time::Duration;

use super::position::Pos;
use super::{Check, Error, Mv, Result, Side, control, play_error};

/// Checks a player spec (`random`, `greedy`, `alphabeta:4`, `mcts:1s`).
pub fn check_spec(spec: &str) -> Result<()> {
    spec.parse::<BotSpec>()
        .map(|_| ())
        .map_err(|e| Error::Value(e.to_string()))
}

/// The move the player `spec` (seeded with `seed`) chooses; `None` if the
/// game is over. `pos`'s undecided moves are proved first, with `check`.
pub fn best_move(pos: &Pos, spec: &str, seed: u64, check: Check<'_>) -> Result<Option<Mv>> {
    let mut bot = spec
        .parse::<BotSpec>()
        .map_err(|e| Error::Value(e.to_string()))?
        .build(seed);
    let mut p = *pos;
    p.0.settle(&mut control(check)).map_err(play_error)?;
    let legal = p.0.legal_moves();
    Ok(bot.choose_any_from(&p.0, legal).map(Mv::of))
}

/// The budget of an analysis: a depth or a time.
#[derive(Clone, Copy, Debug)]
pub enum SearchBudget {
    /// Iterate to this depth (plies).
    Depth(u8),
    /// About this long.
    Time(Duration),
}

/// One move's value in an analysis.
#[derive(Clone, Debug)]
pub struct MoveValueInfo {
    /// The move.
    pub mv: Mv,
    /// The search score for the side to move (evaluation units, or a
    /// proven result's large value).
    pub score: i32,
    /// Whether the search proved a win / a loss.
    pub win: bool,
    /// Proven loss.
    pub loss: bool,
    /// For a proven result: plies to the end.
    pub plies_to_end: Option<u32>,
    /// The depth searched.
    pub depth: u8,
    /// The value in words: `win in 7 plies`, `+12`.
    pub text: String,
}

/// Every legal move of `pos` with its alpha-beta value, best first, and the
/// principal variation. `pos` must be settled (see [`Pos::legal_moves`]).
pub fn analyse(
    pos: &Pos,
    budget: SearchBudget,
    table_bits: u8,
) -> (Vec<MoveValueInfo>, Vec<Mv>, u64) {
    let budget = match budget {
        SearchBudget::Depth(d) => Budget::Depth(d),
        SearchBudget::Time(t) => Budget::Time(t),
    };
    fn run<R: Ruleset>(p: &sowing::Position<R>, budget: Budget, bits: u8) -> alphabeta::Analysis
    where
        StandardEval: sowing::bots::Evaluation<R>,
    {
        alphabeta::analyse(p, budget, &StandardEval, &mut Table::new(bits))
    }
    struct Run(Budget, u8);
    impl Visit for Run {
        type Output = alphabeta::Analysis;
        fn visit<R: BuiltIn>(self, p: sowing::Position<R>) -> Self::Output {
            run(&p, self.0, self.1)
        }
    }
    let a = pos.0.visit(Run(budget, table_bits));
    let moves = a
        .moves
        .iter()
        .map(|m| MoveValueInfo {
            mv: Mv::of(m.mv),
            score: m.value.0,
            win: m.value.is_win(),
            loss: m.value.is_loss(),
            plies_to_end: m.value.plies_to_end(),
            depth: m.depth,
            text: m.value.to_string(),
        })
        .collect();
    (moves, a.pv.iter().map(|&m| Mv::of(m)).collect(), a.nodes)
}

/// What the solver found.
#[derive(Clone, Debug)]
pub struct SolveInfo {
    /// `win`, `loss` (for the side to move), `draw` or `unknown`.
    pub verdict: &'static str,
    /// The proved winner.
    pub winner: Option<Side>,
    /// Nodes expanded.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Repetitions met on the searched lines.
    pub repetitions: u64,
}

/// Solves `pos` (settled) within `nodes` and `time`, in slices of
/// doubling size so that `check` is asked between them (the solver keeps
/// its table from slice to slice). `Err(Interrupted)` if `check` stops it.
pub fn solve(
    pos: &Pos,
    nodes: Option<u64>,
    time: Option<Duration>,
    table_bits: u8,
    check: Check<'_>,
) -> Result<SolveInfo> {
    fn run<R: Ruleset>(
        p: &sowing::Position<R>,
        nodes: Option<u64>,
        time: Option<Duration>,
        bits: u8,
        check: Check<'_>,
    ) -> Result<SolveInfo> {
        let started = std::time::Instant::now();
        let mut solver = Solver::<R>::new(bits);
        let mut slice: u64 = 1 << 16;
        let mut spent: u64 = 0;
        let mut repetitions = 0;
        loop {
            let left_nodes = nodes.map(|n| n.saturating_sub(spent));
            let left_time = time.map(|t| t.saturating_sub(started.elapsed()));
            let this = left_nodes.map_or(slice, |l| l.min(slice));
            let limits = Limits {
                nodes: Some(this.max(1)),
                time: left_time,
            };
            let s = solver.solve(p, limits);
            spent += s.nodes;
            repetitions += s.repetitions;
            let out_of_budget = left_nodes.is_some_and(|l| s.nodes >= l)
                || left_time.is_some_and(|t| s.time >= t)
                || time.is_some_and(|t| started.elapsed() >= t);
            if s.verdict != Verdict::Unknown || out_of_budget {
                return Ok(SolveInfo {
                    verdict: match s.verdict {
                        Verdict::Win => "win",
                        Verdict::Loss => "loss",
                        Verdict::Draw => "draw",
                        Verdict::Unknown => "unknown",
                    },
                    winner: s.winner.map(Side::of),
                    nodes: spent,
                    seconds: started.elapsed().as_secs_f64(),
                    repetitions,
                });
            }
            if check() {
                return Err(Error::Interrupted);
            }
            slice = slice.saturating_mul(2);
        }
    }
    struct Run<'a>(Option<u64>, Option<Duration>, u8, Check<'a>);
    impl Visit for Run<'_> {
        type Output = Result<SolveInfo>;
        fn visit<R: BuiltIn>(self, p: sowing::Position<R>) -> Self::Output {
            run(&p, self.0, self.1, self.2, self.3)
        }
    }
    pos.0.visit(Run(nodes, time, table_bits, check))
}
