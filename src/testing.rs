//! A property harness any ruleset can run (feature `testing`):
//! [`check_ruleset`] plays seeded random games of a [`Ruleset`] and checks,
//! at every position on the way, what the engine promises of every game.
//! A game of one's own calls it from a test, as the crate's own games and
//! Oware do (OpenSpiel's `RandomSimTest` and board-game's
//! `board_test_main` are the models):
//!
//! ```
//! use sowing::rulesets::SadeqaIII;
//! use sowing::testing::check_ruleset;
//!
//! // In a test: 4 random games, seed 1. `assert_ok` panics with the
//! // report (what went wrong, where, with which move) if a check failed.
//! let report = check_ruleset(SadeqaIII::new(), 4, 1);
//! report.assert_ok();
//! assert!(report.is_ok());
//! println!("{report}"); // "sadeqa-iii: 4 games, ... all checks passed"
//! ```
//!
//! # The checks
//!
//! Each is a [`Check`]; a failure is a [`Finding`] with the position
//! string, the move, what was expected and what happened.
//!
//! - [`Check::Conservation`]: seeds are conserved. After every move the
//!   captured counts grow by exactly the captures and sweeps the move's
//!   events report, the seeds removed from play by exactly its removals,
//!   and board + captured + removed is the ruleset's
//!   [`total_seeds`](Ruleset::total_seeds); captured and removed seeds
//!   never go down.
//! - [`Check::EmptySowing`]: every candidate has a seed to sow. A candidate
//!   that is an empty pit (or whose [`Ruleset::start`] names one, or an
//!   index off the board) is a mistake of the ruleset's: the engine leaves
//!   it out of the legal moves and refuses it with
//!   [`PlayError::EmptySowing`]; the harness names it.
//! - [`Check::LegalMoves`]: the legal moves are candidates; a game is over
//!   exactly when there is none; [`Position::legality`] splits the
//!   candidates into three disjoint sets.
//! - [`Check::LegalPlays`]: every legal move plays, and
//!   [`Position::play_unchecked`], [`Position::successors`] and
//!   [`Position::children`] give the position [`Position::play`] gives.
//! - [`Check::IsLegal`]: [`Position::is_legal`] agrees with
//!   [`Position::legal_moves`] for every pit number 0 to 25 and both choice
//!   moves.
//! - [`Check::Refusal`]: a move that is not legal is refused with the right
//!   kind of error ([`PlayError::GameOver`], [`PlayError::Illegal`] for a
//!   non-candidate, [`PlayError::Endless`] or [`PlayError::LapLimit`] for a
//!   candidate), the same as [`Position::check`] says, and changes nothing,
//!   by `play` nor by `play_unchecked`.
//! - [`Check::Notation`]: the position string reads back as the same
//!   position (so the ruleset's [`name`](Ruleset::name),
//!   [`from_name`](Ruleset::from_name) and state field agree), and, with the
//!   `serde` feature, serde (JSON) round-trips it.
//! - [`Check::GameEnds`]: every game ends (by the ruleset's rules or by
//!   [`Game`]'s repetition rule) within [`Checks::ply_bound`] plies, under a
//!   lap limit of [`Checks::lap_limit`] laps, and a game that goes on has a
//!   legal move.
//! - [`Check::Playout`]: the lazy random play ([`playout_with`],
//!   [`Position::play_random`]) plays legal moves, and replaying its moves
//!   with [`Position::play`] gives the same position.
//! - [`Check::Perft`]: [`perft`](crate::perft) at [`Checks::perft_depth`]
//!   is the sum of its children's counts (every position's count at depth
//!   1 is its number of legal moves).
//!
//! Random games use a lap limit ([`Position::with_lap_limit`]): the exact
//! endless-sowing test can take minutes on a rare move (RULES.md section
//! 2), and these checks are about bookkeeping. Odd-numbered games start
//! with North to move, even ones with South.
//!
//! The harness allocates (reports, games, lists of children): it is for
//! tests, not for the hot path.

use crate::error::PlayError;
use crate::event::Event;
use crate::game::Game;
use crate::moves::{Move, MoveSet};
use crate::player::Player;
use crate::position::{Position, playout_with};
use crate::ruleset::Ruleset;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::fmt;
use std::panic::AssertUnwindSafe;

/// Runs every check ([module docs](self)) on `games` random games of
/// `rules`, seeded by `seed`, with the default [`Checks`]. The same
/// arguments play the same games.
///
/// ```
/// use sowing::rulesets::{Andada, SadeqaV};
/// use sowing::testing::check_ruleset;
///
/// assert!(check_ruleset(SadeqaV, 2, 7).is_ok());
/// let clockwise = Andada::new(15).unwrap().with_clockwise(true);
/// assert!(check_ruleset(clockwise, 2, 7).is_ok());
/// ```
pub fn check_ruleset<R: Ruleset>(rules: R, games: usize, seed: u64) -> Report {
    Checks::default().run(rules, games, seed)
}

/// One of the harness's checks (the [module docs](self) say what each
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
    /// A check of the caller's own ([`Checks::game`]).
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

/// A game's moves for a finding: the first and last 10 of a long one, with
/// the number of plies between.
fn short_record(record: &crate::notation::Record) -> String {
    const KEEP: usize = 10;
    let moves = record.moves();
    if moves.len() <= 3 * KEEP {
        return record.to_string();
    }
    let join = |ms: &[Move]| ms.iter().map(Move::to_string).collect::<Vec<_>>().join("/");
    format!(
        "{} ... ({} plies) ... {}",
        join(&moves[..KEEP]),
        moves.len(),
        join(&moves[moves.len() - KEEP..])
    )
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with no message".to_string()
    }
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

/// What [`check_ruleset`] found: the counts of what was checked and every
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

    fn fail<R: Ruleset>(
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

/// The harness's settings; [`Checks::default`] is what [`check_ruleset`]
/// uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    /// The lap limit of the random games ([`Position::with_lap_limit`]):
    /// 20,000, which refuses no move seen in random play of the crate's
    /// games (RULES.md section 2).
    pub lap_limit: u32,
    /// Every game must be over (by its rules or by repetition) within this
    /// many plies: 5,000.
    pub ply_bound: usize,
    /// The positions of each game's first this many plies are checked in
    /// full (every legal move played, every move refused, the round
    /// trips); every move of the game is checked for conservation: 100.
    pub checked_plies: usize,
    /// The depth of the perft check (at the start and every 25th checked
    /// ply): 2.
    pub perft_depth: u32,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            lap_limit: 20_000,
            ply_bound: 5_000,
            checked_plies: 100,
            perft_depth: 2,
        }
    }
}

/// A caller's own check of every move ([`Checks::game`]): the position
/// before, the move, its events, the position after; `Err` says what is
/// wrong.
pub type MoveCheck<'a, R> =
    dyn FnMut(&Position<R>, Move, &[Event], &Position<R>) -> Result<(), String> + 'a;

impl Checks {
    /// Runs every check on `games` random games of `rules`, seeded by
    /// `seed` (game `i` by `seed + i`; odd games with North first), and
    /// on the lazy playout of each.
    pub fn run<R: Ruleset>(&self, rules: R, games: usize, seed: u64) -> Report {
        let mut report = Report::new(&rules.name());
        if let Some(finding) = board_size(rules) {
            report.push(finding);
            return report;
        }
        for i in 0..games {
            let first = if i % 2 == 0 {
                Player::South
            } else {
                Player::North
            };
            let game_seed = seed.wrapping_add(i as u64);
            // The position being checked when a hook panics, if known.
            let mut at: Option<Position<R>> = None;
            let caught = std::panic::catch_unwind(AssertUnwindSafe(|| {
                self.game_at(
                    rules,
                    first,
                    game_seed,
                    self.checked_plies,
                    &mut report,
                    &mut |_, _, _, _| Ok(()),
                    &mut at,
                );
                at = None;
                self.playout(rules, first, game_seed, &mut report);
            }));
            if let Err(payload) = caught {
                report.push(Finding {
                    check: Check::NoPanic,
                    position: at.map_or_else(
                        || format!("(game {i}, seed {game_seed}, its playout)"),
                        |p| {
                            std::panic::catch_unwind(AssertUnwindSafe(|| p.to_string()))
                                .unwrap_or_else(|_| format!("(game {i}, seed {game_seed})"))
                        },
                    ),
                    mv: None,
                    expected: "the ruleset's code to run without panicking".to_string(),
                    found: format!("a panic: {}", panic_message(&*payload)),
                });
            }
        }
        report
    }

    /// One random game of `rules` from the start with `first` to move, its
    /// moves uniform among the legal moves (drawn from `seed`): every move
    /// checked for conservation and by `each_move`, the positions of the
    /// first `checked` plies in full ([`Checks::position`]), the game's end
    /// within [`Checks::ply_bound`]. Adds to `report` and returns the game
    /// (its last position is where it ended).
    pub fn game<R: Ruleset>(
        &self,
        rules: R,
        first: Player,
        seed: u64,
        checked: usize,
        report: &mut Report,
        each_move: &mut MoveCheck<'_, R>,
    ) -> Game<R> {
        self.game_at(rules, first, seed, checked, report, each_move, &mut None)
    }

    /// [`Checks::game`], keeping in `at` the position being checked.
    #[allow(clippy::too_many_arguments)]
    fn game_at<R: Ruleset>(
        &self,
        rules: R,
        first: Player,
        seed: u64,
        checked: usize,
        report: &mut Report,
        each_move: &mut MoveCheck<'_, R>,
        at: &mut Option<Position<R>>,
    ) -> Game<R> {
        let mut rng = SmallRng::seed_from_u64(seed);
        *at = None;
        let start = Position::new_with_first(rules, first).with_lap_limit(Some(self.lap_limit));
        *at = Some(start);
        let mut game = Game::new(start);
        self.position(&start, None, report);
        report.games += 1;
        while game.outcome().is_ongoing() {
            let pos = *game.position();
            *at = Some(pos);
            if game.ply() >= self.ply_bound {
                report.fail(
                    Check::GameEnds,
                    &pos,
                    None,
                    format!("the game over within {} plies", self.ply_bound),
                    format!(
                        "still going after the moves {}",
                        short_record(&game.record())
                    ),
                );
                break;
            }
            let legal = game.legal_moves();
            if legal.is_empty() {
                report.fail(
                    Check::GameEnds,
                    &pos,
                    None,
                    "a legal move in a game that goes on",
                    "none (the ruleset's no-move rule should have passed or ended the game)",
                );
                break;
            }
            let mv = legal
                .nth(rng.random_range(0..legal.len()))
                .expect("an index below the set's length");
            let events = match game.play_traced(mv) {
                Ok(events) => events,
                Err(e) => {
                    report.fail(
                        Check::LegalPlays,
                        &pos,
                        Some(mv),
                        "the legal move plays in the game",
                        format!("refused: {e}"),
                    );
                    break;
                }
            };
            let after = *game.position();
            *at = Some(after);
            // A repetition end's events (Oware's collection) are among
            // the ply's: the seeds it moves are counted as the move's.
            conservation(&pos, mv, &events, &after, report);
            if let Err(found) = each_move(&pos, mv, &events, &after) {
                report.fail(
                    Check::Custom,
                    &pos,
                    Some(mv),
                    "the ruleset's own check of the move passes",
                    found,
                );
            }
            if game.ply() <= checked {
                self.position(&after, Some(&pos), report);
            }
        }
        report.plies += game.ply();
        report.longest = report.longest.max(game.ply());
        game
    }

    /// Every check of one position ([module docs](self)): `prev` is the
    /// position before it in the game, if any.
    pub fn position<R: Ruleset>(
        &self,
        p: &Position<R>,
        prev: Option<&Position<R>>,
        report: &mut Report,
    ) {
        report.positions += 1;
        totals(p, prev, report);
        let cut_off = legality(p, report);
        plays(p, report);
        moves(p, report);
        notation(p, cut_off, report);
        if report.positions % 25 == 1 {
            perft_check(p, self.perft_depth, report);
        }
    }

    /// The lazy playout of one game: [`Position::play_random`] and
    /// [`playout_with`] play legal moves, and their moves replayed with
    /// [`Position::play`] give the same position.
    pub fn playout<R: Ruleset>(&self, rules: R, first: Player, seed: u64, report: &mut Report) {
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        let start = Position::new_with_first(rules, first).with_lap_limit(Some(self.lap_limit));
        // One lazy draw.
        let mut one = start;
        if let Some(mv) = one.play_random(&mut rng) {
            let mut eager = start;
            match eager.play(mv) {
                Ok(()) if eager == one && eager.is_over() == one.is_over() => {}
                Ok(()) => report.fail(
                    Check::Playout,
                    &start,
                    Some(mv),
                    format!("play_random's position {one}"),
                    format!("play gives {eager}"),
                ),
                Err(e) => report.fail(
                    Check::Playout,
                    &start,
                    Some(mv),
                    "play_random draws a legal move",
                    format!("play refuses it: {e}"),
                ),
            }
        }
        // A whole lazy game, replayed eagerly move by move.
        let mut lazy = start;
        let mut moves = Vec::new();
        playout_with(&mut lazy, &mut rng, self.ply_bound, |mv| moves.push(mv));
        let mut eager = start;
        for &mv in &moves {
            let before = eager;
            if let Err(e) = eager.play(mv) {
                report.fail(
                    Check::Playout,
                    &before,
                    Some(mv),
                    "the playout's move is legal",
                    format!("play refuses it: {e}"),
                );
                return;
            }
        }
        if eager != lazy || eager.is_over() != lazy.is_over() {
            report.fail(
                Check::Playout,
                &start,
                None,
                format!(
                    "the playout's last position {lazy} (over: {})",
                    lazy.is_over()
                ),
                format!(
                    "its {} moves replayed with play give {eager} (over: {})",
                    moves.len(),
                    eager.is_over()
                ),
            );
        }
    }
}

/// A finding if `rules`' board is not one the engine can hold (2 to 24
/// pits a row, at most 96 seeds in play), which
/// [`Position::new_with_first`] refuses with a panic.
fn board_size<R: Ruleset>(rules: R) -> Option<Finding> {
    let n = rules.pits_per_row();
    let seeds = rules.total_seeds();
    if (2..=crate::MAX_PITS_PER_ROW).contains(&n) && seeds <= crate::board::MAX_SEEDS {
        return None;
    }
    Some(Finding {
        check: Check::BoardSize,
        position: format!("(the start of {})", rules.name()),
        mv: None,
        expected: format!(
            "a board of 2 to {} pits a row and at most {} seeds in play",
            crate::MAX_PITS_PER_ROW,
            crate::board::MAX_SEEDS
        ),
        found: format!("{n} pits a row and {seeds} seeds (no game played)"),
    })
}

/// Every move the notation can write, and some it cannot: pits 0..=25 and
/// both choice moves.
fn all_moves() -> impl Iterator<Item = Move> {
    (0..=25).map(Move::Pit).chain(Player::BOTH.map(Move::First))
}

/// Seeds are conserved by the move `mv` of `before`, counted from its
/// events.
fn conservation<R: Ruleset>(
    before: &Position<R>,
    mv: Move,
    events: &[Event],
    after: &Position<R>,
    report: &mut Report,
) {
    let mut captured = Player::BOTH.map(|p| before.captured(p) as u32);
    let mut removed = before.removed();
    for e in events {
        match *e {
            Event::Capture { by, seeds, .. } | Event::WaranaCapture { by, seeds, .. } => {
                captured[by.index()] += seeds as u32;
            }
            Event::Sweep { to, seeds } => captured[to.index()] += seeds as u32,
            Event::Removed { seeds, .. } => removed += seeds as u32,
            _ => {}
        }
    }
    let found = Player::BOTH.map(|p| after.captured(p) as u32);
    if found != captured {
        report.fail(
            Check::Conservation,
            before,
            Some(mv),
            format!(
                "captured seeds {}-{} (South-North), as the move's capture and sweep events add up",
                captured[0], captured[1]
            ),
            format!(
                "{}-{} in {after} (a capture made without its event?)",
                found[0], found[1]
            ),
        );
    }
    let total = after.rules().total_seeds();
    let counted = after.seeds_on_board() + found[0] + found[1] + after.removed();
    if counted != total || after.removed() != removed {
        report.fail(
            Check::Conservation,
            before,
            Some(mv),
            format!("{total} seeds in all, {removed} of them removed from play by events"),
            format!(
                "{} on the board, {} captured, {} removed, in {after}",
                after.seeds_on_board(),
                found[0] + found[1],
                after.removed()
            ),
        );
    }
}

/// Seeds conserved in `p`, and captured and removed seeds never going down
/// from `prev`.
fn totals<R: Ruleset>(p: &Position<R>, prev: Option<&Position<R>>, report: &mut Report) {
    let total = p.rules().total_seeds();
    let accounted =
        p.seeds_on_board() + p.captured(Player::South) as u32 + p.captured(Player::North) as u32;
    if accounted > total {
        report.fail(
            Check::Conservation,
            p,
            None,
            format!("at most the ruleset's {total} seeds on the board and captured"),
            format!("{accounted}"),
        );
    }
    if let Some(q) = prev {
        for player in Player::BOTH {
            if p.captured(player) < q.captured(player) {
                report.fail(
                    Check::Conservation,
                    q,
                    None,
                    format!("{player}'s captured seeds never go down"),
                    format!("they went down, to {p}"),
                );
            }
        }
        if p.removed() < q.removed() {
            report.fail(
                Check::Conservation,
                q,
                None,
                "the seeds removed from play never come back",
                format!("some did, in {p}"),
            );
        }
    }
}

/// The legal moves against the candidates and the legality sets, and the
/// candidates that sow no seed; whether a candidate was cut off by the lap
/// limit.
fn legality<R: Ruleset>(p: &Position<R>, report: &mut Report) -> bool {
    let legal = p.legal_moves();
    let candidates = p.candidate_moves();
    let mut cut_off = false;
    if p.is_over() {
        // The game is over and has no candidates; but a ruleset that
        // offers empty pits ends games it should not (a start with no
        // seeds): name its mistake rather than the legal moves it leaves.
        let side = p.side_to_move();
        let n = p.pits_per_row() as u8;
        for m in p.rules().candidates(&p.view()) {
            if let Move::Pit(pit @ 1..) = m
                && pit <= n
                && p.seeds(crate::Pit::new(side, pit)) == 0
            {
                report.fail(
                    Check::EmptySowing,
                    p,
                    Some(m),
                    "every candidate (Ruleset::candidates) to have a seed to sow",
                    format!(
                        "the candidate {m} sows no seed: its pit is empty; leave it out of the \
                         candidates (the game ended for want of a legal move)"
                    ),
                );
            }
        }
    }
    for m in candidates {
        match p.check(m) {
            Err(PlayError::EmptySowing { .. }) => report.fail(
                Check::EmptySowing,
                p,
                Some(m),
                "every candidate (Ruleset::candidates) to have a seed to sow",
                format!(
                    "the candidate {m} sows no seed: its pit is empty (or Ruleset::start names \
                     an empty pit or one off the board); leave it out of the candidates"
                ),
            ),
            Err(PlayError::LapLimit { .. }) => cut_off = true,
            _ => {}
        }
    }
    if !legal.difference(candidates).is_empty() {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            format!("the legal moves among the candidates {candidates:?}"),
            format!("legal moves {legal:?}"),
        );
    }
    if legal.is_empty() != p.is_over() {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            "the game over exactly when the player to move has no legal move",
            format!("over: {}, legal moves {legal:?}", p.is_over()),
        );
    }
    let l = p.legality();
    let all = l.ends.union(l.endless).union(l.undecided);
    let disjoint = l.ends.len() + l.endless.len() + l.undecided.len() == all.len();
    // A finished position keeps its endless candidates in `endless` (why
    // the player to move had no legal move), while `candidate_moves()` is
    // empty: then only `ends` and `undecided` must be empty.
    let split = if p.is_over() {
        l.ends.is_empty() && l.undecided.is_empty()
    } else {
        all == candidates
    };
    if !disjoint || !split {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            format!("legality() to split the candidates {candidates:?} into three disjoint sets"),
            format!("{l:?}"),
        );
    }
    if l.undecided.is_empty() && l.ends != legal {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            format!("legality().ends to be the legal moves {legal:?}"),
            format!("{:?}", l.ends),
        );
    }
    cut_off
}

/// Every legal move plays: `play`, `play_unchecked`, `successors` and
/// `children` agree.
fn plays<R: Ruleset>(p: &Position<R>, report: &mut Report) {
    let legal = p.legal_moves();
    let successors: Vec<(Move, Position<R>)> = p.successors().collect();
    let listed: Vec<Move> = successors.iter().map(|(m, _)| *m).collect();
    if listed != legal.iter().collect::<Vec<_>>() {
        report.fail(
            Check::LegalPlays,
            p,
            None,
            format!("successors() to give the legal moves {legal:?} in order"),
            format!("{listed:?}"),
        );
    }
    for (m, child) in &successors {
        let mut played = *p;
        if let Err(e) = played.play(*m) {
            report.fail(
                Check::LegalPlays,
                p,
                Some(*m),
                "the legal move plays",
                format!("refused: {e}"),
            );
            continue;
        }
        let mut fast = *p;
        fast.play_unchecked(*m);
        for (how, other) in [("successors()", child), ("play_unchecked", &fast)] {
            if *other != played
                || other.is_over() != played.is_over()
                || other.legal_moves() != played.legal_moves()
            {
                report.fail(
                    Check::LegalPlays,
                    p,
                    Some(*m),
                    format!("{how} to give play's {played}"),
                    format!("{other}"),
                );
            }
        }
    }
    let children: Vec<(Move, Position<R>)> = p.children().collect();
    let same = children.len() == successors.len()
        && children.iter().zip(&successors).all(|((m, a), (n, b))| {
            m == n
                && a == b
                && a.is_over() == b.is_over()
                && a.legality() == b.legality()
                && a.legal_moves() == b.legal_moves()
        });
    if !same {
        report.fail(
            Check::LegalPlays,
            p,
            None,
            "children() (lazy legality) to give what successors() gives",
            "other moves or positions",
        );
        return;
    }
    // A lazy child answers every query as the eager one does.
    for ((m, lazy), (_, eager)) in children.iter().zip(&successors) {
        for mv in eager.candidate_moves() {
            let (mut a, mut b) = (*lazy, *eager);
            a.play_unchecked(mv);
            b.play_unchecked(mv);
            if lazy.is_legal(mv) != eager.is_legal(mv)
                || lazy.check(mv) != eager.check(mv)
                || a != b
                || a.legality() != b.legality()
            {
                report.fail(
                    Check::LegalPlays,
                    p,
                    Some(*m),
                    format!("the lazy child to answer for {mv} as the eager child {eager} does"),
                    format!("is_legal {}, check {:?}", lazy.is_legal(mv), lazy.check(mv)),
                );
            }
        }
        if lazy.children().collect::<Vec<_>>() != eager.successors().collect::<Vec<_>>() {
            report.fail(
                Check::LegalPlays,
                p,
                Some(*m),
                "the lazy child's children to be the eager child's successors",
                "others",
            );
        }
    }
}

/// `is_legal` against the list, and refused moves: the right error,
/// nothing changed.
fn moves<R: Ruleset>(p: &Position<R>, report: &mut Report) {
    let legal = p.legal_moves();
    let candidates = p.candidate_moves();
    for m in all_moves() {
        let listed = legal.contains(m);
        if p.is_legal(m) != listed {
            report.fail(
                Check::IsLegal,
                p,
                Some(m),
                format!("is_legal to say {listed}, as legal_moves() does"),
                format!("{}", !listed),
            );
        }
        if listed {
            continue;
        }
        let mut after = *p;
        let Err(err) = after.play(m) else {
            report.fail(
                Check::Refusal,
                p,
                Some(m),
                "the move, not a legal one, refused",
                format!("played, giving {after}"),
            );
            continue;
        };
        if p.check(m) != Err(err) {
            report.fail(
                Check::Refusal,
                p,
                Some(m),
                format!("check() to give play's error: {err}"),
                format!("{:?}", p.check(m)),
            );
        }
        let kind_ok = if p.is_over() {
            err == PlayError::GameOver
        } else if candidates.contains(m) {
            matches!(
                err,
                PlayError::Endless { .. }
                    | PlayError::LapLimit { .. }
                    | PlayError::EmptySowing { .. }
            )
        } else {
            matches!(err, PlayError::Illegal { mv, .. } if mv == m)
        };
        if !kind_ok {
            report.fail(
                Check::Refusal,
                p,
                Some(m),
                if p.is_over() {
                    "\"the game is over\""
                } else if candidates.contains(m) {
                    "an endless sowing or the lap limit, for a candidate"
                } else {
                    "\"not legal\" with its reason, for a move that is not a candidate"
                },
                format!("{err}"),
            );
        }
        let mut fast = *p;
        fast.play_unchecked(m);
        for (how, other) in [("play", &after), ("play_unchecked", &fast)] {
            if *other != *p || other.is_over() != p.is_over() || other.legal_moves() != legal {
                report.fail(
                    Check::Refusal,
                    p,
                    Some(m),
                    format!("{how} of a refused move to change nothing"),
                    format!("{other}"),
                );
            }
        }
    }
}

/// The position string and serde round trips. A position where the lap
/// limit cut a candidate off and no move is legal is not parsed back:
/// parsing uses the exact test, whose proof can take minutes.
fn notation<R: Ruleset>(p: &Position<R>, cut_off: bool, report: &mut Report) {
    if cut_off && p.legal_moves().is_empty() {
        return;
    }
    let s = p.to_string();
    match Position::from_str_with(*p.rules(), &s) {
        Ok(back) if back == *p && back.to_string() == s => {}
        Ok(back) => report.fail(
            Check::Notation,
            p,
            None,
            "the position string to read back as the same position",
            format!(
                "{back} (Ruleset::format_state and parse_state must agree on the state, {:?})",
                p.state()
            ),
        ),
        Err(e) => report.fail(
            Check::Notation,
            p,
            None,
            "the position string to read back",
            format!("{e} (Ruleset::name, from_name, format_state and parse_state must agree)"),
        ),
    }
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(p);
        let back = json
            .as_ref()
            .map_err(|e| e.to_string())
            .and_then(|j| serde_json::from_str::<Position<R>>(j).map_err(|e| e.to_string()));
        match back {
            // Read back with the options of the ruleset's name (serde
            // knows no other), so compared as position strings.
            Ok(back) if back.to_string() == s => {}
            Ok(back) => report.fail(
                Check::Notation,
                p,
                None,
                "serde (JSON) to read back the same position string",
                format!("{back}"),
            ),
            Err(e) => report.fail(
                Check::Notation,
                p,
                None,
                "serde (JSON) to round-trip the position",
                e,
            ),
        }
    }
}

/// perft at `depth` is the sum over the children, and at depth 1 the
/// number of legal moves.
fn perft_check<R: Ruleset>(p: &Position<R>, depth: u32, report: &mut Report) {
    let depth = depth.max(1);
    let legal: MoveSet = p.legal_moves();
    let one = crate::perft(p, 1);
    if one != legal.len() as u64 {
        report.fail(
            Check::Perft,
            p,
            None,
            format!("perft(1) = {} legal moves", legal.len()),
            format!("{one}"),
        );
    }
    let whole = crate::perft(p, depth);
    let sum: u64 = p
        .successors()
        .map(|(_, child)| crate::perft(&child, depth - 1))
        .sum();
    if whole != sum {
        report.fail(
            Check::Perft,
            p,
            None,
            format!(
                "perft({depth}) = {sum}, the children's perft({}) added up",
                depth - 1
            ),
            format!("{whole}"),
        );
    }
}
