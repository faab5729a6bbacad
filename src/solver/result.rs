//! What a solve answers: the [`Verdict`] for the side to move, the
//! [`Solution`] with its cost, and the [`Progress`] told while it runs.

use crate::player::Player;
use std::fmt;
use std::time::Duration;

/// The result of a solve, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move can force a win.
    Win,
    /// The opponent can force a win.
    Loss,
    /// Neither can force a win (see the [module documentation](super)).
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

/// What [`Solver::on_progress`](super::Solver::on_progress) is told, about once a second.
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
