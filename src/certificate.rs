//! Certificates: a claim about a position (who wins, or a bound on the
//! final margin) with the moves that make it good, checked by nothing but
//! the rules ([`Position::play`], the legal moves) and, at its leaves, the
//! endgame databases' reader. The checker shares no code with the solver
//! that writes certificates ([`Solver::certificate`]), so a certificate
//! that passes holds whatever mistakes the solver has.
//!
//! # What a certificate says
//!
//! A [`Claim`] is made for one player, the *prover*: that he wins (he
//! moves last, or ends with more points), or, in the games with a score,
//! that his final points minus his opponent's are at least some margin
//! (negative: he loses by at most that much). Two claims make an exact
//! margin: "South at least +2" and "North at least -2".
//!
//! The certificate gives the prover's move in every position he can
//! reach, against every legal reply of his opponent (exact endless-sowing
//! rule, RULES.md section 2), until the game ends or, with databases, a
//! position they hold is reached (a *leaf*). It holds when every line of
//! play ends in a finished game that meets the claim, or in a leaf whose
//! database value meets it, and no line comes back to a position on it
//! (the crate's games end a repetition as a draw, RULES.md section 2's
//! policy, which meets no claim; Oware's repetition rule is applied where
//! a ruleset has one).
//!
//! A leaf's value is the databases' ([`Tablebase`](crate::tablebase::Tablebase),
//! DATABASES.md): the points with perfect play to the end, play that goes
//! on for ever gaining nothing more. Checking a certificate with leaves
//! therefore trusts the databases; they are checked apart (their own
//! tests, `tablebase verify`).
//!
//! # The file
//!
//! ```text
//! # sowing certificate
//! # claim: South at least +2
//! # root: sadeqa-iii:4x2 2,2,2,2/2,2,2,2 S 0-0
//! # leaves: the endgame databases up to 8 seeds
//! # 25 lines, one per position with South to move: <position string> <move>
//! sadeqa-iii:4x2 2,2,2,2/2,2,2,2 S 0-0 3
//! ...
//! ```
//!
//! A file may hold several certificates, each from its `# sowing
//! certificate` line. A winning strategy file (`# sowing winning strategy:
//! South wins`, [`crate::solver::Strategy`]) reads as a certificate of
//! that win without leaves; its root is then the one given to
//! [`Certificate::parse`].
//!
//! [`Solver::certificate`]: crate::solver::Solver::certificate

use crate::error::{ParseMoveError, ParsePositionError, PlayError};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{Ruleset, Scoring};
use crate::setup::Setup;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{self, Write};

/// What a certificate proves, for its prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The player wins: he moves last (the last-mover games) or ends with
    /// more points.
    Wins(Player),
    /// The games with a score: the player's final points minus his
    /// opponent's are at least `margin` (0: at least a draw; negative: he
    /// loses by at most `-margin`).
    AtLeast {
        /// The prover.
        player: Player,
        /// The least final margin, in points.
        margin: i32,
    },
}

impl Claim {
    /// The player the claim is made for.
    pub fn player(self) -> Player {
        match self {
            Claim::Wins(p) | Claim::AtLeast { player: p, .. } => p,
        }
    }

    /// Whether a finished game's outcome meets the claim.
    pub fn met_by(self, outcome: Outcome) -> bool {
        let margin = |score: crate::outcome::Score, p: Player| {
            score.of(p) as i32 - score.of(p.other()) as i32
        };
        match (self, outcome) {
            (Claim::Wins(p), o) => o.winner() == Some(p),
            (Claim::AtLeast { player, margin: m }, Outcome::Win { score: Some(s), .. })
            | (Claim::AtLeast { player, margin: m }, Outcome::Draw { score: Some(s), .. }) => {
                margin(s, player) >= m
            }
            (Claim::AtLeast { .. }, _) => false,
        }
    }

    /// Whether a leaf's value meets the claim.
    pub fn met_by_leaf(self, leaf: Leaf) -> bool {
        match (self, leaf) {
            (Claim::Wins(p), Leaf::LastMover(w)) => w == Some(p),
            (Claim::Wins(p), Leaf::Margin(south)) => signed(p, south) >= 1,
            (Claim::AtLeast { player, margin }, Leaf::Margin(south)) => {
                signed(player, south) >= margin
            }
            (Claim::AtLeast { .. }, Leaf::LastMover(_)) => false,
        }
    }
}

/// South's margin seen by `p`.
fn signed(p: Player, south: i32) -> i32 {
    if p == Player::South { south } else { -south }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Claim::Wins(p) => write!(f, "{p} wins"),
            Claim::AtLeast { player, margin } => write!(f, "{player} at least {margin:+}"),
        }
    }
}

impl std::str::FromStr for Claim {
    type Err = String;

    /// `South wins`, `North at least -2` (also `S`/`N`).
    fn from_str(s: &str) -> Result<Claim, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let player = |w: &str| match w {
            "South" | "S" => Ok(Player::South),
            "North" | "N" => Ok(Player::North),
            _ => Err(format!("expected South or North, found {w:?}")),
        };
        match words.as_slice() {
            [p, "wins"] => Ok(Claim::Wins(player(p)?)),
            [p, "at", "least", m] => Ok(Claim::AtLeast {
                player: player(p)?,
                margin: m
                    .parse()
                    .map_err(|_| format!("expected a margin in points, found {m:?}"))?,
            }),
            _ => Err(format!(
                "expected \"<South|North> wins\" or \"<South|North> at least <margin>\", found {s:?}"
            )),
        }
    }
}

/// What the databases say of a position: see [`Leaves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The games with a score: South's final points minus North's with
    /// perfect play (the points held now included).
    Margin(i32),
    /// The last-mover games: who moves last with perfect play (`None`:
    /// neither can force the end).
    LastMover(Option<Player>),
}

/// Where a certificate's lines may stop: positions whose value is known
/// (the endgame databases).
pub trait Leaves<R: Ruleset> {
    /// The value of `pos`, or `None` where it is not known.
    fn leaf(&self, pos: &Position<R>) -> Option<Leaf>;

    /// The most seeds on the board of a position known (0: none).
    fn max_seeds(&self) -> u32;
}

/// No leaves: every line must end in a finished game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLeaves;

impl<R: Ruleset> Leaves<R> for NoLeaves {
    fn leaf(&self, _: &Position<R>) -> Option<Leaf> {
        None
    }

    fn max_seeds(&self) -> u32 {
        0
    }
}

#[cfg(feature = "tablebase")]
impl<R: crate::tablebase::Tabulate> Leaves<R> for crate::tablebase::Tablebase<R> {
    fn leaf(&self, pos: &Position<R>) -> Option<Leaf> {
        use crate::tablebase::{Value, Wdl};
        Some(match self.probe(pos)? {
            Value::Margin(_) => Leaf::Margin(self.final_margin(pos)?),
            Value::Win { .. } => Leaf::LastMover(Some(pos.side_to_move())),
            Value::Loss { .. } => Leaf::LastMover(Some(pos.side_to_move().other())),
            Value::Draw => Leaf::LastMover(None),
            // A win/draw/loss database's draw is as many seeds for each
            // from here on: the final margin is the points held now.
            Value::Wdl(Wdl::Draw) => Leaf::Margin(self.final_margin(pos)?),
            // A win or a loss from here on does not say by how much: no
            // final margin, which a claim is about; no leaf.
            Value::Wdl(_) => return None,
        })
    }

    fn max_seeds(&self) -> u32 {
        crate::tablebase::Tablebase::max_seeds(self)
    }
}

/// A claim, the position it is made from, the prover's moves, and the
/// databases its lines may stop at (see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct Certificate<R: Ruleset> {
    /// What it proves.
    pub claim: Claim,
    /// The position it proves it from.
    pub root: Position<R>,
    /// The most seeds on the board of the database positions its lines
    /// stop at; `None`: no leaves, every line ends in a finished game.
    pub leaves: Option<u32>,
    /// `(position, move)` with the prover to move.
    pub lines: Vec<(Position<R>, Move)>,
}

/// What is wrong with a certificate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CertificateError {
    /// A line of the file is not `<position string> <move>` or a header
    /// line is wrong.
    #[error("line {line}: {reason}")]
    Malformed {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file holds no certificate.
    #[error("no certificate: the file has no `# sowing certificate` section nor strategy lines")]
    Empty,
    /// A header line is missing.
    #[error("the certificate at line {line} has no `# {what}:` line")]
    MissingHeader {
        /// 1-based line number of its first line.
        line: usize,
        /// `claim` or `root`.
        what: &'static str,
    },
    /// The claim does not apply to the game.
    #[error("the claim \"{claim}\" does not apply to {game}: {why}")]
    ClaimKind {
        /// The claim.
        claim: Claim,
        /// The ruleset's name.
        game: String,
        /// Why.
        why: &'static str,
    },
    /// The certificate stops at database positions and the databases
    /// given do not hold them all.
    #[error(
        "the certificate stops at positions with up to {needed} seeds, which only endgame databases up to {needed} seeds decide (given: {given})"
    )]
    NeedsDatabases {
        /// The seeds its leaves need.
        needed: u32,
        /// What was given.
        given: String,
    },
    /// Two lines for the same position with different moves.
    #[error("line {line}: a second, different move for {position}")]
    Conflict {
        /// 1-based line number.
        line: usize,
        /// The position string.
        position: String,
    },
    /// A position the prover reaches has no line.
    #[error("no line for {position}, which the prover can reach")]
    MissingLine {
        /// The position string.
        position: String,
    },
    /// A line's move is not legal (exact rule).
    #[error("the line for {position}: move {mv}: {error}")]
    IllegalMove {
        /// The position string.
        position: String,
        /// The move.
        mv: Move,
        /// Why.
        error: PlayError,
    },
    /// A line of play ends in a game that does not meet the claim.
    #[error("the game ends in {position} with {outcome}, which does not meet \"{claim}\"")]
    NotMet {
        /// The final position.
        position: String,
        /// Its outcome.
        outcome: Outcome,
        /// The claim.
        claim: Claim,
    },
    /// A line of play reaches a database position whose value does not
    /// meet the claim.
    #[error("the databases give {position} {leaf:?}, which does not meet \"{claim}\"")]
    LeafNotMet {
        /// The position.
        position: String,
        /// What the databases say.
        leaf: Leaf,
        /// The claim.
        claim: Claim,
    },
    /// Play under the certificate can come back to a position on its line.
    #[error("play under the certificate can return to {position}")]
    Loop {
        /// The repeated position.
        position: String,
    },
}

/// Counts from a certificate's check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CertificateCheck {
    /// Positions with the prover to move that play reaches.
    pub prover_positions: usize,
    /// Positions with his opponent to move (every legal reply followed).
    pub opponent_positions: usize,
    /// Finished games reached (each meeting the claim).
    pub finished: usize,
    /// Database positions reached (each meeting the claim).
    pub leaves: usize,
    /// The longest line of play, in plies, to a finished game or a leaf.
    pub max_plies: usize,
    /// Lines of the certificate play never reaches.
    pub unused_lines: usize,
}

impl<R: Ruleset> Certificate<R> {
    /// Writes the certificate (the [module documentation](self)'s format).
    ///
    /// # Errors
    /// Any error of `out`.
    pub fn write(&self, mut out: impl Write) -> io::Result<()> {
        writeln!(out, "# sowing certificate")?;
        writeln!(out, "# claim: {}", self.claim)?;
        writeln!(out, "# root: {}", self.root)?;
        match self.leaves {
            Some(k) => writeln!(out, "# leaves: the endgame databases up to {k} seeds")?,
            None => writeln!(out, "# leaves: none")?,
        }
        writeln!(
            out,
            "# {} lines, one per position with {} to move: <position string> <move>",
            self.lines.len(),
            self.claim.player()
        )?;
        for (pos, mv) in &self.lines {
            writeln!(out, "{pos} {mv}")?;
        }
        Ok(())
    }

    /// Reads the certificates of a file for `rules`. A winning strategy
    /// file reads as one certificate of its win from `default_root`.
    ///
    /// # Errors
    /// [`CertificateError::Malformed`], [`CertificateError::MissingHeader`]
    /// or [`CertificateError::Empty`].
    pub fn parse(
        rules: R,
        text: &str,
        default_root: Option<&Position<R>>,
    ) -> Result<Vec<Certificate<R>>, CertificateError> {
        struct Draft<R: Ruleset> {
            first: usize,
            claim: Option<Claim>,
            root: Option<Position<R>>,
            leaves: Option<u32>,
            root_given: bool,
            leaves_given: bool,
            lines: Vec<(Position<R>, Move)>,
        }
        let mut drafts: Vec<Draft<R>> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let t = raw.trim();
            let malformed = |reason: String| CertificateError::Malformed { line: n, reason };
            if t.is_empty() {
                continue;
            }
            if let Some(comment) = t.strip_prefix('#') {
                let c = comment.trim();
                if c == "sowing certificate" {
                    drafts.push(Draft {
                        first: n,
                        claim: None,
                        root: None,
                        leaves: None,
                        root_given: false,
                        leaves_given: false,
                        lines: Vec::new(),
                    });
                } else if let Some(w) = c.strip_prefix("sowing winning strategy:") {
                    let claim = w.trim().parse().map_err(malformed)?;
                    drafts.push(Draft {
                        first: n,
                        claim: Some(claim),
                        root: default_root.copied(),
                        leaves: None,
                        root_given: false,
                        leaves_given: false,
                        lines: Vec::new(),
                    });
                } else if let Some(d) = drafts.last_mut() {
                    let twice = |what: &str| malformed(format!("a second `# {what}:` line"));
                    if let Some(claim) = c.strip_prefix("claim:") {
                        if d.claim.is_some() {
                            return Err(twice("claim"));
                        }
                        d.claim = Some(claim.trim().parse().map_err(malformed)?);
                    } else if let Some(root) = c.strip_prefix("root:") {
                        if d.root_given {
                            return Err(twice("root"));
                        }
                        d.root_given = true;
                        d.root = Some(Position::from_str_with(rules, root.trim()).map_err(
                            |e: ParsePositionError| {
                                malformed(format!("bad root position string: {e}"))
                            },
                        )?);
                    } else if let Some(leaves) = c.strip_prefix("leaves:") {
                        if d.leaves_given {
                            return Err(twice("leaves"));
                        }
                        d.leaves = parse_leaves(leaves.trim()).map_err(malformed)?;
                        d.leaves_given = true;
                    }
                }
                continue;
            }
            let Some(d) = drafts.last_mut() else {
                return Err(malformed(
                    "a line before the first `# sowing certificate` line".into(),
                ));
            };
            d.lines.push(parse_line(rules, t).map_err(malformed)?);
        }
        if drafts.is_empty() {
            return Err(CertificateError::Empty);
        }
        drafts
            .into_iter()
            .map(|d| {
                Ok(Certificate {
                    claim: d.claim.ok_or(CertificateError::MissingHeader {
                        line: d.first,
                        what: "claim",
                    })?,
                    root: d.root.ok_or(CertificateError::MissingHeader {
                        line: d.first,
                        what: "root",
                    })?,
                    leaves: d.leaves,
                    lines: d.lines,
                })
            })
            .collect()
    }

    /// Checks the certificate with the rules and, at its leaves, `leaves`
    /// (the databases; [`NoLeaves`] for none): every position the prover
    /// reaches has a line with a legal move, every reply of his opponent
    /// is followed, and every line of play ends in a finished game or a
    /// database position that meets the claim, never coming back to a
    /// position on it.
    ///
    /// # Errors
    /// The first fault found: [`CertificateError::ClaimKind`],
    /// [`CertificateError::NeedsDatabases`], [`CertificateError::Conflict`],
    /// [`CertificateError::MissingLine`], [`CertificateError::IllegalMove`],
    /// [`CertificateError::NotMet`], [`CertificateError::LeafNotMet`] or
    /// [`CertificateError::Loop`].
    pub fn check(&self, leaves: &dyn Leaves<R>) -> Result<CertificateCheck, CertificateError> {
        let rules = self.root.rules();
        if let Claim::AtLeast { .. } = self.claim
            && rules.scoring() != Scoring::Points
        {
            return Err(CertificateError::ClaimKind {
                claim: self.claim,
                game: rules.name().to_string(),
                why: "a margin applies only to the games with a score",
            });
        }
        if let Some(needed) = self.leaves
            && leaves.max_seeds() < needed
        {
            let given = match leaves.max_seeds() {
                0 => "none".to_string(),
                k => format!("up to {k} seeds"),
            };
            return Err(CertificateError::NeedsDatabases { needed, given });
        }
        let mut moves = HashMap::with_capacity(self.lines.len());
        for (i, (pos, mv)) in self.lines.iter().enumerate() {
            if let Some(old) = moves.insert(line_key(pos), *mv)
                && old != *mv
            {
                return Err(CertificateError::Conflict {
                    line: i + 1,
                    position: pos.to_string(),
                });
            }
        }
        let mut walk = Walk {
            claim: self.claim,
            moves: &moves,
            leaves,
            leaf_seeds: self.leaves,
            repetitions: 0,
            done: HashMap::new(),
            path: HashSet::new(),
            used: HashSet::new(),
            check: CertificateCheck::default(),
        };
        walk.check.max_plies = walk.visit(&self.root.with_lap_limit(None))?;
        walk.check.unused_lines = moves.len() - walk.used.len();
        Ok(walk.check)
    }
}

/// What a line is looked up by: the position's fields, except in the
/// games won by moving last, where the seeds each side captured decide
/// nothing (the last player able to move wins, RULES.md 4 and 6), so a
/// line holds for its board whatever its captured field (the solver
/// writes one line for all of them).
fn line_key<R: Ruleset>(pos: &Position<R>) -> Setup {
    let mut setup = pos.to_setup();
    if pos.rules().scoring() == Scoring::LastMover {
        setup.captured = [0, 0];
    }
    setup
}

/// A line `<position string> <move>` of a certificate or strategy file;
/// the error says what is wrong with it.
pub(crate) fn parse_line<R: Ruleset>(rules: R, line: &str) -> Result<(Position<R>, Move), String> {
    let (p, m) = line
        .rsplit_once(' ')
        .ok_or("expected <position string> <move>")?;
    let pos = Position::from_str_with(rules, p)
        .map_err(|e: ParsePositionError| format!("bad position string: {e}"))?;
    let mv: Move = m
        .parse()
        .map_err(|e: ParseMoveError| format!("bad move: {e}"))?;
    Ok((pos, mv))
}

/// `the endgame databases up to K seeds` or `none`.
fn parse_leaves(s: &str) -> Result<Option<u32>, String> {
    if s == "none" {
        return Ok(None);
    }
    s.strip_prefix("the endgame databases up to ")
        .and_then(|r| r.strip_suffix(" seeds"))
        .and_then(|k| k.parse().ok())
        .map(Some)
        .ok_or_else(|| {
            format!("expected \"none\" or \"the endgame databases up to <K> seeds\", found {s:?}")
        })
}

/// The depth-first walk of the positions play under a certificate
/// reaches.
struct Walk<'a, R: Ruleset> {
    claim: Claim,
    moves: &'a HashMap<Setup, Move>,
    leaves: &'a dyn Leaves<R>,
    /// The certificate's own bound on its leaves: a position with more
    /// seeds on the board is no leaf, whatever the databases given hold
    /// (`None`: no leaves at all).
    leaf_seeds: Option<u32>,
    /// Repetitions that ended a line meeting the claim so far (a ruleset
    /// with its own repetition rule, Oware's): a subtree that met one is
    /// not remembered, since another line into it repeats another
    /// position first.
    repetitions: usize,
    /// Checked positions, with the longest line from them to the end.
    done: HashMap<Setup, usize>,
    /// The positions of the line being followed.
    path: HashSet<Setup>,
    used: HashSet<Setup>,
    check: CertificateCheck,
}

impl<R: Ruleset> Walk<'_, R> {
    /// Checks everything below `pos`; the longest line from it, in plies.
    fn visit(&mut self, pos: &Position<R>) -> Result<usize, CertificateError> {
        if pos.is_over() {
            let outcome = pos.outcome();
            if !self.claim.met_by(outcome) {
                return Err(CertificateError::NotMet {
                    position: pos.to_string(),
                    outcome,
                    claim: self.claim,
                });
            }
            self.check.finished += 1;
            return Ok(0);
        }
        let may_be_leaf = self.leaf_seeds.is_some_and(|k| pos.seeds_on_board() <= k);
        if let Some(leaf) = may_be_leaf.then(|| self.leaves.leaf(pos)).flatten() {
            if !self.claim.met_by_leaf(leaf) {
                return Err(CertificateError::LeafNotMet {
                    position: pos.to_string(),
                    leaf,
                    claim: self.claim,
                });
            }
            self.check.leaves += 1;
            return Ok(0);
        }
        let key = line_key(pos);
        if self.path.contains(&key) {
            // A repetition ends the game (RULES.md 2): by the ruleset's
            // repetition rule where it has one (Oware), else as a draw.
            if pos.rules().repetition().is_some() && self.claim.met_by(pos.repetition_outcome()) {
                self.check.finished += 1;
                self.repetitions += 1;
                return Ok(0);
            }
            return Err(CertificateError::Loop {
                position: pos.to_string(),
            });
        }
        if let Some(&plies) = self.done.get(&key) {
            return Ok(plies);
        }
        self.path.insert(key.clone());
        let repetitions = self.repetitions;
        let plies = if pos.side_to_move() == self.claim.player() {
            let mv = *self
                .moves
                .get(&key)
                .ok_or_else(|| CertificateError::MissingLine {
                    position: pos.to_string(),
                })?;
            let mut next = *pos;
            next.play(mv)
                .map_err(|error| CertificateError::IllegalMove {
                    position: pos.to_string(),
                    mv,
                    error,
                })?;
            self.used.insert(key.clone());
            self.check.prover_positions += 1;
            1 + self.visit(&next)?
        } else {
            self.check.opponent_positions += 1;
            let mut longest = 0;
            for mv in pos.legal_moves().iter() {
                let mut next = *pos;
                next.play(mv)
                    .map_err(|error| CertificateError::IllegalMove {
                        position: pos.to_string(),
                        mv,
                        error,
                    })?;
                longest = longest.max(1 + self.visit(&next)?);
            }
            longest
        };
        self.path.remove(&key);
        if self.repetitions == repetitions {
            self.done.insert(key, plies);
        }
        Ok(plies)
    }
}
