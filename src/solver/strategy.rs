//! Winning strategies: extracted from a solver's proof, written one line
//! per position where the winner is to move (`<position string> <move>`,
//! RULES.md section 7), read back and checked with the crate's own rules.

use super::{Key, Solver, key_of};
use crate::certificate::{Certificate, Claim};
use crate::error::PlayError;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::collections::{HashMap, HashSet};
use std::io::{self, Write};

/// A winning strategy: the winner's move in every position he can reach
/// under it, against every legal reply of the loser.
#[derive(Clone, Debug)]
pub struct Strategy<R: Ruleset> {
    /// The player who wins.
    pub winner: Player,
    /// The position it starts from.
    pub root: Position<R>,
    /// `(position, move)` with the winner to move, in depth-first order
    /// from the root.
    pub lines: Vec<(Position<R>, Move)>,
    /// A principal line: the winner's moves, and for the loser the reply
    /// that holds out longest under the strategy (its length is the
    /// longest line of play).
    pub pv: Vec<Move>,
}

impl<R: Ruleset> Strategy<R> {
    /// Lines (positions where the winner is to move).
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there is no line (the loser is to move at the root and every
    /// reply ends the game at once, or the root is over).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Writes the strategy: comment lines starting with `#` (winner, root),
    /// then one line `<position string> <move>` per position.
    ///
    /// # Errors
    /// Any error of `out`.
    pub fn write(&self, mut out: impl Write) -> io::Result<()> {
        writeln!(out, "# sowing winning strategy: {} wins", self.winner)?;
        writeln!(out, "# root: {}", self.root)?;
        writeln!(
            out,
            "# {} lines, one per position with {} to move: <position string> <move>",
            self.lines.len(),
            self.winner
        )?;
        for (pos, mv) in &self.lines {
            writeln!(out, "{pos} {mv}")?;
        }
        Ok(())
    }
}

/// What is wrong with a strategy, or why one could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StrategyError {
    /// The solver holds no proof of a win (solve first).
    #[error("the solver has not proved a win from this position")]
    NotProved,
    /// The solver has an oracle ([`Solver::with_oracle`], the endgame
    /// databases): its proofs stop at the positions the oracle knows, so
    /// it writes no strategy.
    #[error(
        "the solver took results from an oracle (the endgame databases) without searching them, so it has no strategy to write: solve without one"
    )]
    Oracle,
    /// A line of the file is not `<position string> <move>`.
    #[error("line {line}: {reason}")]
    Malformed {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// Two lines for the same position with different moves.
    #[error("line {line}: a second, different move for {position}")]
    Conflict {
        /// 1-based line number.
        line: usize,
        /// The position string.
        position: String,
    },
    /// A position the winner reaches has no line.
    #[error("no line for {position}, which the winner can reach")]
    MissingLine {
        /// The position string.
        position: String,
    },
    /// A line's move is not legal (exact rule).
    #[error("the line for {position}: {error}")]
    IllegalMove {
        /// The position string.
        position: String,
        /// The move.
        mv: Move,
        /// Why.
        error: PlayError,
    },
    /// A line of play under the strategy ends in a game the winner does
    /// not win.
    #[error("the game ends in {position} without the winner's win: {outcome}")]
    NotWon {
        /// The final position.
        position: String,
        /// Its outcome.
        outcome: Outcome,
    },
    /// A line of play under the strategy reaches a position the oracle
    /// (the databases) knows, and its value does not meet the claim.
    #[error("the databases' value of {position} does not meet the claim")]
    LeafNotMet {
        /// The position string.
        position: String,
    },
    /// Play under the strategy can come back to a position on its own line.
    #[error("play under the strategy can return to {position}")]
    Loop {
        /// The repeated position.
        position: String,
    },
    /// Writing: a reply of the loser whose position the solver could not
    /// prove won (the budget ran out).
    #[error("could not prove {position} won for the winner within the budget")]
    Unproved {
        /// The position string.
        position: String,
    },
}

/// Counts from a strategy check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StrategyCheck {
    /// Positions with the winner to move that play under the strategy
    /// reaches (each has its line).
    pub winner_positions: usize,
    /// Positions with the loser to move that it reaches (every legal reply
    /// followed).
    pub loser_positions: usize,
    /// Finished games it reaches (all won by the winner).
    pub finished: usize,
    /// The longest line of play under the strategy, in plies (the loser
    /// holding out as long as he can).
    pub max_plies: usize,
    /// Lines of the file that play under the strategy never reaches.
    pub unused_lines: usize,
}

type Lines<S> = HashMap<Key<S>, Move>;

/// `(position, move)` with the prover to move, in depth-first order.
type ProverLines<R> = Vec<(Position<R>, Move)>;

/// Reads a strategy file for `rules`: blank lines and lines starting with
/// `#` are skipped; every other line is `<position string> <move>`.
///
/// # Errors
/// [`StrategyError::Malformed`] or [`StrategyError::Conflict`], naming the
/// line.
pub fn read_strategy<R: Ruleset>(
    rules: R,
    text: &str,
) -> Result<Vec<(Position<R>, Move)>, StrategyError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let malformed = |reason: String| StrategyError::Malformed {
            line: i + 1,
            reason,
        };
        out.push(crate::certificate::parse_line(rules, t).map_err(malformed)?);
    }
    Ok(out)
}

fn index<R: Ruleset>(lines: &[(Position<R>, Move)]) -> Result<Lines<R::State>, StrategyError> {
    let mut map = HashMap::with_capacity(lines.len());
    for (i, (pos, mv)) in lines.iter().enumerate() {
        if let Some(old) = map.insert(key_of(pos), *mv)
            && old != *mv
        {
            return Err(StrategyError::Conflict {
                line: i + 1,
                position: pos.to_string(),
            });
        }
    }
    Ok(map)
}

/// Checks that `lines` is a winning strategy for `winner` from `root`, with
/// the crate's own rules and the exact endless-sowing test: every position
/// the winner can reach (against every legal reply) has its line, every
/// line's move is legal, every line of play ends in a finished game the
/// winner wins, and no line of play returns to a position on it.
///
/// # Errors
/// The first fault found ([`StrategyError`]).
pub fn check_strategy<R: Ruleset>(
    root: &Position<R>,
    winner: Player,
    lines: &[(Position<R>, Move)],
) -> Result<StrategyCheck, StrategyError> {
    let map = index(lines)?;
    let won = |p: &Position<R>| p.is_over().then(|| p.outcome().winner() == Some(winner));
    let mut walk = Walk::new(winner, &map, &won);
    let root = root.with_lap_limit(None);
    walk.check.max_plies = walk.visit(&root)?;
    walk.check.unused_lines = map.len() - walk.used.len();
    Ok(walk.check)
}

/// Whether a line of play ends at a position and, if so, whether there
/// it meets the claim: a finished game, or (the solver's oracle) a
/// position whose value is known.
type Ends<'a, R> = &'a dyn Fn(&Position<R>) -> Option<bool>;

/// A depth-first walk of the positions reachable under a strategy.
struct Walk<'a, R: Ruleset> {
    winner: Player,
    map: &'a Lines<R::State>,
    ends: Ends<'a, R>,
    /// Positions whose whole subtree is checked, with the longest line of
    /// play from them to the end under the strategy, in plies.
    done: HashMap<Key<R::State>, usize>,
    path: Vec<Key<R::State>>,
    check: StrategyCheck,
    used: HashSet<Key<R::State>>,
    /// Winner positions in the order first reached.
    order: Vec<Key<R::State>>,
}

impl<'a, R: Ruleset> Walk<'a, R> {
    fn new(winner: Player, map: &'a Lines<R::State>, ends: Ends<'a, R>) -> Self {
        Walk {
            winner,
            map,
            ends,
            done: HashMap::new(),
            path: Vec::new(),
            check: StrategyCheck::default(),
            used: HashSet::new(),
            order: Vec::new(),
        }
    }

    /// Checks the subtree of `pos`; the longest line from it to the end.
    fn visit(&mut self, pos: &Position<R>) -> Result<usize, StrategyError> {
        if let Some(met) = (self.ends)(pos) {
            if !met {
                return Err(not_met(pos));
            }
            self.check.finished += 1;
            return Ok(0);
        }
        let key = key_of(pos);
        if self.path.contains(&key) {
            if repetition_won(pos, self.winner) {
                self.check.finished += 1;
                return Ok(0);
            }
            return Err(StrategyError::Loop {
                position: pos.to_string(),
            });
        }
        if let Some(&plies) = self.done.get(&key) {
            return Ok(plies);
        }
        self.path.push(key);
        let plies = if pos.side_to_move() == self.winner {
            let mv = *self
                .map
                .get(&key)
                .ok_or_else(|| StrategyError::MissingLine {
                    position: pos.to_string(),
                })?;
            let mut next = *pos;
            next.play(mv).map_err(|error| StrategyError::IllegalMove {
                position: pos.to_string(),
                mv,
                error,
            })?;
            self.used.insert(key);
            self.order.push(key);
            self.check.winner_positions += 1;
            1 + self.visit(&next)?
        } else {
            self.check.loser_positions += 1;
            let mut longest = 0;
            for (_, next) in pos.successors() {
                longest = longest.max(1 + self.visit(&next)?);
            }
            longest
        };
        self.path.pop();
        self.done.insert(key, plies);
        Ok(plies)
    }

    /// The strategy's moves for the winner and, for the loser, the reply
    /// that holds out longest under it.
    fn principal_line(&self, root: &Position<R>) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = *root;
        while (self.ends)(&pos).is_none() && pv.len() < 1000 {
            let key = key_of(&pos);
            let mv = if pos.side_to_move() == self.winner {
                match self.map.get(&key) {
                    Some(&mv) => mv,
                    None => break,
                }
            } else {
                let left = |c: &Position<R>| {
                    if (self.ends)(c).is_some() {
                        0
                    } else {
                        self.done.get(&key_of(c)).map_or(0, |&p| p + 1)
                    }
                };
                match pos
                    .successors()
                    .max_by_key(|(mv, c)| (left(c), std::cmp::Reverse(*mv)))
                {
                    Some((mv, _)) => mv,
                    None => break,
                }
            };
            pv.push(mv);
            pos.play_unchecked(mv);
        }
        pv
    }
}

impl<R: Ruleset> Solver<R> {
    /// The winning strategy from `root` after [`Solver::solve`] proved a win
    /// there (for either side), checked with the exact rule: see
    /// [`check_strategy`]. Where the table lost a proof, or the exact rule
    /// and the lap limit differ, the position is proved again.
    ///
    /// # Errors
    /// [`StrategyError::NotProved`] if the last search proved no win;
    /// [`StrategyError::Oracle`] for a solver with an oracle;
    /// [`StrategyError::Unproved`] if a position could not be proved again
    /// within the budget; a [`StrategyError`] of the final check.
    pub fn strategy(&mut self, root: &Position<R>) -> Result<Strategy<R>, StrategyError> {
        if !self.proved || !matches!(self.claim, Some(Claim::Wins(_))) {
            return Err(StrategyError::NotProved);
        }
        if self.has_oracle() {
            return Err(StrategyError::Oracle);
        }
        let root = root.with_lap_limit(None);
        let (lines, pv) = self.lines_from(&root)?;
        Ok(Strategy {
            winner: self.prover,
            root,
            lines,
            pv,
        })
    }

    /// The certificate of what the last search proved ([`Solver::solve`]'s
    /// win or [`Solver::prove`]'s claim) from `root`, with the databases'
    /// positions as its leaves where the solver has them
    /// ([`Solver::with_tablebase`]): the prover's move in every position
    /// he reaches, checked with the exact rule as it is built (as
    /// [`Solver::strategy`]). Check it apart with
    /// [`Certificate::check`](crate::certificate::Certificate::check).
    ///
    /// # Errors
    /// [`StrategyError::NotProved`] if the last search proved nothing;
    /// [`StrategyError::Oracle`] for an oracle that is not the databases
    /// ([`Solver::with_oracle`]: a checker could not look its leaves up);
    /// [`StrategyError::Unproved`] if a position could not be proved again
    /// within the budget; a [`StrategyError`] of the final check.
    pub fn certificate(&mut self, root: &Position<R>) -> Result<Certificate<R>, StrategyError> {
        let claim = match self.claim {
            Some(claim) if self.proved => claim,
            _ => return Err(StrategyError::NotProved),
        };
        let leaves = if self.has_oracle() {
            Some(self.oracle_seeds.ok_or(StrategyError::Oracle)?)
        } else {
            None
        };
        let root = root.with_lap_limit(None);
        let (lines, _) = self.lines_from(&root)?;
        Ok(Certificate {
            claim,
            root,
            leaves,
            lines,
        })
    }

    /// The prover's lines from `root` (exact rule) in depth-first order,
    /// and the principal line.
    fn lines_from(
        &mut self,
        root: &Position<R>,
    ) -> Result<(ProverLines<R>, Vec<Move>), StrategyError> {
        let mut lines: HashMap<Key<R::State>, (Position<R>, Move)> = HashMap::new();
        let mut done = HashSet::new();
        let mut path = Vec::new();
        self.extract(root, &mut lines, &mut done, &mut path)?;
        // Keep the lines play under the strategy reaches, in depth-first
        // order, and check them.
        let map: Lines<R::State> = lines.iter().map(|(k, (_, m))| (*k, *m)).collect();
        let ends = |p: &Position<R>| self.leaf_met(p);
        let mut walk = Walk::new(self.prover, &map, &ends);
        walk.visit(root)?;
        let ordered: Vec<(Position<R>, Move)> = walk.order.iter().map(|k| lines[k]).collect();
        let pv = walk.principal_line(root);
        Ok((ordered, pv))
    }

    /// The children of `pos` under the exact rule.
    fn exact_children(pos: &Position<R>) -> Vec<(Move, Position<R>)> {
        pos.legal_moves()
            .iter()
            .map(|mv| {
                let mut c = *pos;
                c.play_unchecked(mv);
                (mv, c)
            })
            .collect()
    }

    fn extract(
        &mut self,
        pos: &Position<R>,
        lines: &mut HashMap<Key<R::State>, (Position<R>, Move)>,
        done: &mut HashSet<Key<R::State>>,
        path: &mut Vec<Key<R::State>>,
    ) -> Result<(), StrategyError> {
        if let Some(met) = self.leaf_met(pos) {
            return if met { Ok(()) } else { Err(not_met(pos)) };
        }
        let key = key_of(pos);
        if path.contains(&key) {
            if repetition_won(pos, self.prover) {
                return Ok(());
            }
            return Err(StrategyError::Loop {
                position: pos.to_string(),
            });
        }
        if done.contains(&key) {
            return Ok(());
        }
        path.push(key);
        if pos.side_to_move() == self.prover {
            let children = Self::exact_children(pos);
            let mut proved: Vec<(u16, Move, Position<R>)> = children
                .iter()
                .filter_map(|&(mv, c)| self.is_proved(&c).map(|h| (h, mv, c)))
                .collect();
            if proved.is_empty() {
                for &(mv, c) in &children {
                    if self.reprove(&c) {
                        proved.push((self.is_proved(&c).unwrap_or(u16::MAX), mv, c));
                        break;
                    }
                }
            }
            proved.sort_by_key(|&(h, mv, _)| (h, mv));
            let mut result = Err(StrategyError::Unproved {
                position: pos.to_string(),
            });
            for (_, mv, c) in proved {
                lines.insert(key, (*pos, mv));
                match self.extract(&c, lines, done, path) {
                    Ok(()) => {
                        result = Ok(());
                        break;
                    }
                    Err(e @ StrategyError::Loop { .. }) => {
                        lines.remove(&key);
                        result = Err(e);
                    }
                    Err(e) => {
                        path.pop();
                        return Err(e);
                    }
                }
            }
            if result.is_err() {
                path.pop();
                return result;
            }
        } else {
            for (_, c) in Self::exact_children(pos) {
                if self.is_proved(&c).is_none() && !self.reprove(&c) {
                    path.pop();
                    return Err(StrategyError::Unproved {
                        position: c.to_string(),
                    });
                }
                if let Err(e) = self.extract(&c, lines, done, path) {
                    path.pop();
                    return Err(e);
                }
            }
        }
        path.pop();
        done.insert(key);
        Ok(())
    }
}

/// The error for a line of play that ends in `pos` without meeting the
/// claim: a finished game, or a position the oracle knows.
fn not_met<R: Ruleset>(pos: &Position<R>) -> StrategyError {
    if pos.is_over() {
        StrategyError::NotWon {
            position: pos.to_string(),
            outcome: pos.outcome(),
        }
    } else {
        StrategyError::LeafNotMet {
            position: pos.to_string(),
        }
    }
}

/// Whether a line that repeats `pos` ends the game as a win for `winner`
/// by the ruleset's repetition rule (Oware's; never for the crate's games,
/// whose repetition is a draw).
fn repetition_won<R: Ruleset>(pos: &Position<R>, winner: Player) -> bool {
    pos.rules().repetition().is_some() && pos.repetition_outcome().winner() == Some(winner)
}
