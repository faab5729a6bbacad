//! What the harness found: the kinds of [`Check`], a failed check's
//! [`Finding`] (its texts cut to a readable length) and the [`Report`] of
//! a run, which counts what was checked and keeps the findings.

use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::fmt;

/// One of the harness's checks (the [module docs](super) say what each
/// means).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Check {
    /// Seeds are conserved.
    Conservation,
    /// Every candidate has a seed to sow.
    EmptySowing,
    /// The legal moves, the end of the game and the legality sets agree.
    LegalMoves,
    /// Every legal move plays, and every way of playing it agrees.
    LegalPlays,
    /// `is_legal` agrees with the list of legal moves.
    IsLegal,
    /// A refused move gets the right error and changes nothing.
    Refusal,
    /// The position string and serde round-trip.
    Notation,
    /// Random games end.
    GameEnds,
    /// The lazy random play replays with `play`.
    Playout,
    /// perft agrees with counting children.
    Perft,
    /// A check of the caller's own ([`Checks::game`](super::Checks::game)).
    Custom,
    /// The board is one the engine can hold: 2 to 24 pits a row
    /// ([`MAX_PITS_PER_ROW`](crate::MAX_PITS_PER_ROW)) and at most 96 seeds
    /// in play. Checked first: no game is played on another board.
    BoardSize,
    /// The ruleset's code runs without panicking: a game whose hooks
    /// panic is reported (with the panic's message) and the next game
    /// played.
    NoPanic,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Check::Conservation => "seeds conserved",
            Check::EmptySowing => "every candidate sows",
            Check::LegalMoves => "legal moves",
            Check::LegalPlays => "legal moves play",
            Check::IsLegal => "is_legal agrees with legal_moves",
            Check::Refusal => "a refused move changes nothing",
            Check::Notation => "position string round trip",
            Check::GameEnds => "games end",
            Check::Playout => "lazy playout replays",
            Check::Perft => "perft counts children",
            Check::Custom => "the ruleset's own check",
            Check::BoardSize => "board size",
            Check::NoPanic => "no panic",
        })
    }
}

/// One failed check: where, with which move, what was expected and what
/// happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The check that failed.
    pub check: Check,
    /// The position string where it failed (for the end of a game, the
    /// last position; for a move, the position before it).
    pub position: String,
    /// The move concerned, if any.
    pub mv: Option<Move>,
    /// What the engine promises.
    pub expected: String,
    /// What happened.
    pub found: String,
}

impl Finding {
    /// The longest text a finding keeps in its fields (in characters):
    /// longer ones keep their start and end with the count of characters
    /// cut between.
    pub const MAX_TEXT: usize = 400;
}

/// Cuts `text` to its first and last characters when longer than
/// [`Finding::MAX_TEXT`], saying how many were cut.
fn shorten(text: &mut String) {
    let len = text.chars().count();
    if len <= Finding::MAX_TEXT {
        return;
    }
    let head: String = text.chars().take(240).collect();
    let tail: String = text.chars().skip(len - 120).collect();
    *text = format!("{head} ... ({} characters) ... {tail}", len - 360);
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] in \"{}\"", self.check, self.position)?;
        if let Some(mv) = self.mv {
            write!(f, ", move {mv}")?;
        }
        write!(f, ": expected {}; found {}", self.expected, self.found)
    }
}

/// What [`check_ruleset`](super::check_ruleset) found: the counts of what was checked and every
/// failed check (the first [`Report::MAX_FINDINGS`]; the rest are counted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The ruleset's name ([`Ruleset::name`]).
    pub ruleset: String,
    /// Random games played.
    pub games: usize,
    /// Plies played in them.
    pub plies: usize,
    /// Positions checked in full.
    pub positions: usize,
    /// The longest game, in plies.
    pub longest: usize,
    findings: Vec<Finding>,
    /// Findings beyond [`Report::MAX_FINDINGS`], counted only.
    more: usize,
}

impl Report {
    /// Findings kept in full; a report counts the others.
    pub const MAX_FINDINGS: usize = 20;

    /// An empty report for the ruleset named `ruleset`.
    pub fn new(ruleset: &str) -> Self {
        Report {
            ruleset: ruleset.to_string(),
            ..Report::default()
        }
    }

    /// Whether every check passed.
    pub fn is_ok(&self) -> bool {
        self.findings.is_empty()
    }

    /// The failed checks, in the order found.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Whether some check `check` failed.
    pub fn failed(&self, check: Check) -> bool {
        self.findings.iter().any(|f| f.check == check)
    }

    /// Panics with the report if a check failed: the one line a test needs.
    ///
    /// # Panics
    /// If [`Report::is_ok`] is `false`; the message is the report.
    #[track_caller]
    pub fn assert_ok(&self) {
        assert!(self.is_ok(), "{self}");
    }

    /// Adds a finding, its texts cut to their start and end when longer
    /// than [`Finding::MAX_TEXT`] characters.
    pub fn push(&mut self, mut finding: Finding) {
        for text in [
            &mut finding.position,
            &mut finding.expected,
            &mut finding.found,
        ] {
            shorten(text);
        }
        if self.findings.len() < Self::MAX_FINDINGS {
            self.findings.push(finding);
        } else {
            self.more += 1;
        }
    }

    /// Adds the findings of `other` (checked on the same ruleset) and its
    /// counts.
    pub fn merge(&mut self, other: Report) {
        self.games += other.games;
        self.plies += other.plies;
        self.positions += other.positions;
        self.longest = self.longest.max(other.longest);
        self.more += other.more;
        for f in other.findings {
            self.push(f);
        }
    }

    /// Adds a finding of `check` at `pos`.
    pub(super) fn fail<R: Ruleset>(
        &mut self,
        check: Check,
        pos: &Position<R>,
        mv: Option<Move>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) {
        self.push(Finding {
            check,
            position: pos.to_string(),
            mv,
            expected: expected.into(),
            found: found.into(),
        });
    }
}

impl fmt::Display for Report {
    /// One line of counts, then each finding on its own line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} games, {} plies (the longest {}), {} positions checked: ",
            self.ruleset, self.games, self.plies, self.longest, self.positions
        )?;
        if self.is_ok() {
            return f.write_str("all checks passed");
        }
        let total = self.findings.len() + self.more;
        write!(f, "{total} failed")?;
        for (i, finding) in self.findings.iter().enumerate() {
            write!(f, "\n{}. {finding}", i + 1)?;
        }
        if self.more > 0 {
            write!(f, "\n... and {} more", self.more)?;
        }
        Ok(())
    }
}
