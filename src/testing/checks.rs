//! The harness's settings ([`Checks`]) and its runs: random games, each
//! move checked for conservation and by the caller's own check, the
//! positions of the first plies in full, the game's end; the lazy
//! playouts replayed; a panic in a ruleset's code caught and reported.

use super::conservation::{conservation, totals};
use super::legality::{legality, moves, plays};
use super::notation::notation;
use super::perft::perft_check;
use super::report::{Check, Finding, Report};
use crate::event::Event;
use crate::game::Game;
use crate::moves::Move;
use crate::player::Player;
use crate::position::{Position, playout_with};
use crate::ruleset::Ruleset;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::panic::AssertUnwindSafe;

/// The harness's settings; [`Checks::default`] is what
/// [`check_ruleset`](super::check_ruleset) uses.
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

    /// Every check of one position ([module docs](super)): `prev` is the
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
