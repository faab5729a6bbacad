//! The property harness of `sowing::testing` (the checks are written
//! there, once: seeds conserved, every legal move plays, `is_legal` agrees
//! with the list, refused moves change nothing, the position string and
//! serde round-trip, games end, perft), driven here by proptest on every
//! ruleset and every option: random games (the strategy is a seed and a
//! number of checked plies; the moves are uniform random legal moves), so
//! that `PROPTEST_CASES` and `PROPTEST_RNG_SEED` pick more or other games.
//!
//! On top of the shared checks, each ruleset's own invariants from the
//! rule book ([`Invariants`]): after every move ([`Invariants::check_move`])
//! and at the end of every game ([`Invariants::check_end`]).

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use sowing::rulesets::{Andada, Reading, Resizable, Resized, SadeqaII, SadeqaIII, SadeqaV};
use sowing::testing::{Checks, Report};
use sowing::{ANDADA_SIZES, Event, Move, Outcome, Player, Position, Ruleset, Score};

/// The harness's settings: its defaults (a lap limit of 20,000, which
/// refuses no move seen in random play; every game over within 5,000
/// plies), with the checked plies drawn by the strategy.
const CHECKS: Checks = Checks {
    lap_limit: 20_000,
    ply_bound: 5_000,
    checked_plies: CHECKED_PLIES,
    perft_depth: 2,
};

/// Plies checked per game at most (the strategy draws 0..=this).
const CHECKED_PLIES: usize = 300;

/// Random games per configuration of the Sadeqa games (`PROPTEST_CASES`
/// overrides).
const CASES: u32 = 100;

/// Random games per Andada configuration (60 of them: 5 sizes x 2
/// directions x 3 readings x 2 openers; `PROPTEST_CASES` overrides).
const ANDADA_CASES: u32 = 16;

// ---- the per-ruleset hook ----

/// A ruleset's own invariants, checked by the harness on every move and at
/// the end of every game. The defaults check nothing.
trait Invariants: Ruleset {
    /// `before` with `mv` played, which reported `events`, gave `after`.
    fn check_move(
        &self,
        before: &Position<Self>,
        mv: Move,
        events: &[Event],
        after: &Position<Self>,
    ) -> Result<(), TestCaseError> {
        let _ = (before, mv, events, after);
        Ok(())
    }

    /// The last position of a game (over by its rules, or drawn by
    /// repetition).
    fn check_end(&self, pos: &Position<Self>) -> Result<(), TestCaseError> {
        let _ = pos;
        Ok(())
    }
}

/// Sadeqa II (RULES.md section 4): over means the player to move has no
/// legal move, and the other player wins (4.4).
impl Invariants for SadeqaII {
    fn check_end(&self, p: &Position<Self>) -> Result<(), TestCaseError> {
        last_mover_wins(p)
    }
}

/// Over means the player to move has no legal move, and the other player
/// wins (Sadeqa II 4.4, Andada 6.6).
fn last_mover_wins<R: Ruleset>(p: &Position<R>) -> Result<(), TestCaseError> {
    if p.is_over() {
        prop_assert!(p.legal_moves().is_empty(), "over with a move: {}", p);
        prop_assert_eq!(p.outcome(), win(p.side_to_move().other()), "{}", p);
    }
    Ok(())
}

/// Sadeqa III and game 91 (RULES.md section 5): the board is swept at the
/// end (5.4), and the points are the captured seeds (5.5).
impl Invariants for SadeqaIII {
    fn check_move(
        &self,
        _: &Position<Self>,
        _: Move,
        _: &[Event],
        after: &Position<Self>,
    ) -> Result<(), TestCaseError> {
        for player in Player::BOTH {
            prop_assert_eq!(after.points(player), Some(after.captured(player)));
        }
        Ok(())
    }

    fn check_end(&self, p: &Position<Self>) -> Result<(), TestCaseError> {
        swept_and_scored(p)
    }
}

/// Sadeqa III's end on any board: the board is swept (5.4) and the score
/// is the captured seeds, all the seeds in play (5.5).
fn swept_and_scored<R: Ruleset>(p: &Position<R>) -> Result<(), TestCaseError> {
    if p.is_over() {
        prop_assert_eq!(p.seeds_on_board(), 0, "over, not swept: {}", p);
        let score = Score {
            south: p.captured(Player::South),
            north: p.captured(Player::North),
        };
        prop_assert_eq!(score.south + score.north, p.rules().total_seeds() as u16);
        prop_assert_eq!(p.outcome(), Outcome::by_score(score), "{}", p);
    }
    Ok(())
}

/// Sadeqa V (RULES.md section 3): waranas, captures, bonus moves, passes
/// and the score.
impl Invariants for SadeqaV {
    fn check_move(
        &self,
        before: &Position<Self>,
        mv: Move,
        events: &[Event],
        p: &Position<Self>,
    ) -> Result<(), TestCaseError> {
        let mover = before.side_to_move();
        // 3.4: waranas never disappear; the new ones are the WaranaMade
        // events.
        prop_assert_eq!(
            p.marks() & before.marks(),
            before.marks(),
            "{} -> {}: a warana disappeared",
            before,
            p
        );
        let mut made = 0u64;
        for e in events {
            match *e {
                Event::WaranaMade { owner, pit } => {
                    // 3.3.4: made by the mover, in the opponent's row,
                    // holding 4.
                    prop_assert_eq!(owner, mover);
                    prop_assert_eq!(pit.owner, mover.other(), "{} {}", before, mv);
                    prop_assert_eq!(p.seeds(pit), 4, "{} {} -> {}", before, mv, p);
                    made |= 1 << p.board().index(pit).expect("on the board");
                }
                Event::WaranaCapture { by, pit, seeds } => {
                    // 3.3.2: by the mover, in his own row (the opponent's
                    // warana), the dropped seed and one more at most.
                    prop_assert_eq!(by, mover);
                    prop_assert_eq!(pit.owner, mover);
                    prop_assert!(seeds == 1 || seeds == 2, "{} {}", before, mv);
                }
                _ => {}
            }
        }
        prop_assert_eq!(p.marks(), before.marks() | made, "{} {}", before, mv);
        let made_events = count(events, |e| matches!(e, Event::WaranaMade { .. }));
        prop_assert!(made_events <= 1, "{} {}", before, mv);
        // Captured seeds grow by exactly the warana captures.
        let taken: u16 = events
            .iter()
            .map(|e| match e {
                Event::WaranaCapture { seeds, .. } => *seeds as u16,
                _ => 0,
            })
            .sum();
        prop_assert_eq!(p.captured(mover), before.captured(mover) + taken);
        prop_assert_eq!(p.captured(mover.other()), before.captured(mover.other()));
        // Only the last lap may end in a warana: one capture at most.
        let captures = count(events, |e| matches!(e, Event::WaranaCapture { .. }));
        prop_assert!(captures <= 1, "{} {}", before, mv);
        // 3.3.2, 3.5: a capture gives a bonus move, a player with no move
        // passes; the turn follows.
        let passes: Vec<Player> = events
            .iter()
            .filter_map(|e| match e {
                Event::Pass { player } => Some(*player),
                _ => None,
            })
            .collect();
        prop_assert!(passes.len() <= 1);
        let over_events = count(events, |e| matches!(e, Event::GameOver));
        if !p.is_over() {
            let expected = match passes.first() {
                Some(&passer) => passer.other(),
                None if captures > 0 => mover,
                None => mover.other(),
            };
            prop_assert_eq!(p.side_to_move(), expected, "{} {} -> {}", before, mv, p);
            prop_assert!(!p.legal_moves().is_empty());
            prop_assert_eq!(over_events, 0);
        } else {
            prop_assert_eq!(over_events, 1);
        }
        // 3.7: points are captured plus the seeds in the waranas marked in
        // the opponent's row.
        for player in Player::BOTH {
            prop_assert_eq!(
                p.points(player),
                Some(p.captured(player) + marked_seeds_in_row(p, player.other())),
                "{}",
                p
            );
        }
        Ok(())
    }

    fn check_end(&self, p: &Position<Self>) -> Result<(), TestCaseError> {
        // 3.6: the game ends when all remaining seeds lie in waranas (or,
        // with the lap limit, every remaining candidate is refused); 3.7:
        // then every seed is someone's point.
        let non_warana: u32 = (0..p.board().len())
            .filter(|&i| p.marks() >> i & 1 == 0)
            .map(|i| p.board().seeds_at(i) as u32)
            .sum();
        if p.is_over() && non_warana == 0 {
            let score = Score {
                south: p.points(Player::South).unwrap(),
                north: p.points(Player::North).unwrap(),
            };
            prop_assert_eq!(score.south + score.north, 80, "{}", p);
            prop_assert_eq!(p.outcome(), Outcome::by_score(score), "{}", p);
        }
        Ok(())
    }
}

/// Andada (RULES.md section 6): removals only in the singleton ending,
/// which lasts (not under Ludii), no choice move under Ludii, the end as
/// each reading says.
impl Invariants for Andada {
    fn check_move(
        &self,
        before: &Position<Self>,
        mv: Move,
        events: &[Event],
        p: &Position<Self>,
    ) -> Result<(), TestCaseError> {
        let ludii = self.reading == Reading::Ludii;
        for e in events {
            match *e {
                Event::Capture { by, .. } => prop_assert_eq!(by, before.side_to_move()),
                Event::Removed { .. } if !ludii => prop_assert!(
                    before.state().name() == "singles" || before.board().all_at_most_one(),
                    "removal outside the singleton ending: {} then {}",
                    before,
                    mv
                ),
                Event::Choice { .. } => prop_assert!(!ludii, "{} then {}", before, mv),
                _ => {}
            }
        }
        if !ludii && before.state().name() == "singles" {
            prop_assert_eq!(p.state().name(), "singles", "{} then {}", before, mv);
        }
        if ludii {
            prop_assert!(p.legal_moves().iter().all(|m| m.pit().is_some()), "{}", p);
        }
        prop_assert_eq!(p.points(Player::South), None);
        Ok(())
    }

    fn check_end(&self, p: &Position<Self>) -> Result<(), TestCaseError> {
        if p.is_over() {
            let stuck = p.legal_moves().is_empty() && p.legality().undecided.is_empty();
            let some_row_empty = Player::BOTH.iter().any(|&o| p.board().row_is_empty(o));
            match self.reading {
                Reading::Pankhurst => {
                    prop_assert!(stuck, "over with a move: {}", p);
                    prop_assert_eq!(p.outcome(), win(p.side_to_move().other()), "{}", p);
                }
                _ => prop_assert!(stuck || some_row_empty, "over: {}", p),
            }
        }
        Ok(())
    }
}

/// The games on other boards (`Resized`): the end as each game's rules say
/// on any board.
impl Invariants for Resized<SadeqaII> {
    fn check_end(&self, p: &Position<Self>) -> Result<(), TestCaseError> {
        last_mover_wins(p)
    }
}

impl Invariants for Resized<SadeqaIII> {
    fn check_move(
        &self,
        _: &Position<Self>,
        _: Move,
        _: &[Event],
        after: &Position<Self>,
    ) -> Result<(), TestCaseError> {
        for player in Player::BOTH {
            prop_assert_eq!(after.points(player), Some(after.captured(player)));
        }
        Ok(())
    }

    fn check_end(&self, p: &Position<Self>) -> Result<(), TestCaseError> {
        swept_and_scored(p)
    }
}

impl Invariants for Resized<SadeqaV> {}

impl Invariants for Resized<Andada> {
    fn check_end(&self, p: &Position<Self>) -> Result<(), TestCaseError> {
        if self.rules().reading == Reading::Pankhurst {
            last_mover_wins(p)?;
        }
        Ok(())
    }
}

fn win(winner: Player) -> Outcome {
    Outcome::Win {
        winner,
        score: None,
    }
}

fn count<F: Fn(&Event) -> bool>(events: &[Event], f: F) -> usize {
    events.iter().filter(|e| f(e)).count()
}

/// Seeds in the waranas of `row`'s row, read from the position string's `w`
/// marks (not from the engine's state).
fn marked_seeds_in_row(p: &Position<SadeqaV>, row: Player) -> u16 {
    let text = p.to_string();
    let pits = text.split(' ').nth(1).unwrap();
    let (south, north) = pits.split_once('/').unwrap();
    let row_text = if row == Player::South { south } else { north };
    row_text
        .split(',')
        .filter_map(|c| c.strip_suffix('w'))
        .map(|d| d.parse::<u16>().unwrap())
        .sum()
}

// ---- the harness ----

/// One random game of `rules` from the start with `first` to move, through
/// `sowing::testing` ([`Checks::game`]): every move checked (conservation,
/// [`Invariants::check_move`]), the first `checked` plies' positions in
/// full; the game must end within the bound, and its end is checked
/// ([`Invariants::check_end`]).
fn random_game<R: Invariants>(
    rules: R,
    first: Player,
    seed: u64,
    checked: usize,
) -> Result<usize, TestCaseError> {
    let mut report = Report::new(&rules.name());
    let game = CHECKS.game(
        rules,
        first,
        seed,
        checked,
        &mut report,
        &mut |before, mv, events, after| {
            rules
                .check_move(before, mv, events, after)
                .map_err(|e| e.to_string())
        },
    );
    if !report.is_ok() {
        return Err(TestCaseError::fail(report.to_string()));
    }
    rules.check_end(game.position())?;
    Ok(game.ply())
}

/// The harness: `cases` random games of `rules` with `first` to move
/// (`PROPTEST_CASES` overrides), one line of report.
fn properties<R: Invariants>(rules: R, first: Player, cases: u32) {
    let mut config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    if let Ok(cases) = std::env::var("PROPTEST_CASES") {
        config.cases = cases.parse().expect("PROPTEST_CASES is a number");
    }
    // Fixed games by default, for a bounded, repeatable run;
    // PROPTEST_RNG_SEED picks others.
    if config.rng_seed == RngSeed::Random {
        config.rng_seed = RngSeed::Fixed(0x5eed_5eed);
    }
    let cases = config.cases;
    // The same proptest seeds for every configuration, so each
    // configuration's own salt makes its games its own.
    let salt = {
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        (rules, first).hash(&mut h);
        h.finish()
    };
    let mut runner = TestRunner::new(config);
    let started = std::time::Instant::now();
    let longest = std::cell::Cell::new(0);
    runner
        .run(&(any::<u64>(), 0..=CHECKED_PLIES), |(seed, checked)| {
            let plies = random_game(rules, first, seed ^ salt, checked)?;
            longest.set(longest.get().max(plies));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{rules:?}, {first} first: {e}"));
    eprintln!(
        "{} {:?}, {} first: {} games in {:?}, the longest {} plies",
        rules.name(),
        rules,
        first,
        cases,
        started.elapsed(),
        longest.get()
    );
}

#[test]
fn sadeqa_ii() {
    properties(SadeqaII::new(), Player::South, CASES);
}

#[test]
fn sadeqa_ii_starter_only() {
    properties(SadeqaII::starter_only(), Player::South, CASES);
}

#[test]
fn sadeqa_iii() {
    properties(SadeqaIII::new(), Player::South, CASES);
}

#[test]
fn game_91() {
    properties(SadeqaIII::game_91(), Player::South, CASES);
}

#[test]
fn sadeqa_v() {
    properties(SadeqaV, Player::South, CASES);
}

/// Every Andada configuration: `n` pits a row, both directions, the three
/// readings, either player opening.
fn andada(n: u8) {
    for clockwise in [false, true] {
        for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
            for first in Player::BOTH {
                let rules = Andada::new(n)
                    .unwrap()
                    .with_clockwise(clockwise)
                    .with_reading(reading);
                properties(rules, first, ANDADA_CASES);
            }
        }
    }
}

fn resized<R: Resizable>(rules: R, m: usize, n: u8) -> Resized<R> {
    Resized::new(rules, m, n).unwrap()
}

/// The games on a few small boards (`Resized`), where games are short and
/// rows empty soon.
#[test]
fn resized_small_boards() {
    for (m, n) in [(2, 1), (3, 2), (4, 2), (5, 3)] {
        let cases = CASES / 4;
        properties(resized(SadeqaII::new(), m, n), Player::South, cases);
        properties(
            resized(SadeqaII::starter_only(), m, n),
            Player::North,
            cases,
        );
        properties(resized(SadeqaIII::new(), m, n), Player::South, cases);
        properties(resized(SadeqaV, m, n), Player::South, cases);
    }
    for m in [3, 6] {
        for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
            let rules = Andada::default().with_reading(reading);
            properties(resized(rules, m, 2), Player::South, CASES / 4);
        }
    }
}

#[test]
fn andada_sizes_are_the_five() {
    assert_eq!(ANDADA_SIZES, [12, 15, 18, 21, 24]);
}

#[test]
fn andada_12() {
    andada(12);
}

#[test]
fn andada_15() {
    andada(15);
}

#[test]
fn andada_18() {
    andada(18);
}

#[test]
fn andada_21() {
    andada(21);
}

#[test]
fn andada_24() {
    andada(24);
}
