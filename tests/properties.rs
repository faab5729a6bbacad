//! One property harness, generic over [`Ruleset`], run on every ruleset:
//! random games (the strategy is a seed and a number of checked plies; the
//! moves are uniform random legal moves), with at every checked position:
//!
//! - seeds are conserved: on the board + captured by South + captured by
//!   North + removed == the variant's total, without underflow, and the
//!   captured and removed counts never go down;
//! - every listed legal move plays without error (and `play_unchecked`
//!   agrees with `play`);
//! - `is_legal(m)` agrees with `legal_moves().contains(m)` for every pit
//!   move 0..=25 and both choice moves;
//! - a refused move returns the right kind of error and leaves the position
//!   unchanged;
//! - `legal_moves` is a subset of the ruleset's candidate moves;
//! - the position string and serde_json round-trip;
//!
//! and every game ends (the position's own end, or the game's repetition
//! draw) within a bound.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use sowing::{ANDADA_SIZES, Game, Move, MoveSet, PlayError, Player, Position, Ruleset};

/// The lap limit for random games. The exact endless-sowing test is the
/// default, but an endless sowing's cycle can run to 10^9..10^10 laps
/// (RULES.md section 2) and random games do meet such moves now and then:
/// one would cost seconds to minutes. These properties are about
/// bookkeeping, not about exactness (which tests/core.rs checks on known
/// cycles), and ordinary sowings end within a few thousand laps, so a limit
/// of 20,000 bounds the time while refusing no move seen in random play.
const LAP_LIMIT: u32 = 20_000;

/// Plies checked per game at most (the strategy draws 0..=this).
const CHECKED_PLIES: usize = 300;

/// Every game must be over (by its rules or by repetition) within this many
/// plies.
const GAME_BOUND: usize = 2_000;

/// Random games per ruleset (`PROPTEST_CASES` overrides).
const CASES: u32 = 100;

/// Every move the notation can write, and some it cannot: pits 0..=25 and
/// both choice moves.
fn all_moves() -> impl Iterator<Item = Move> {
    (0..=25).map(Move::Pit).chain(Player::BOTH.map(Move::First))
}

/// The properties of one position; `prev` is the position before it in the
/// game.
fn check_position<R: Ruleset>(
    p: &Position<R>,
    prev: Option<&Position<R>>,
) -> Result<(), TestCaseError> {
    let total = p.variant().total_seeds();
    let captured = [p.captured(Player::South), p.captured(Player::North)];

    // Seeds conserved, and removed() (total minus the rest) does not
    // underflow.
    let accounted = p.seeds_on_board() + captured[0] as u32 + captured[1] as u32;
    prop_assert!(
        accounted <= total,
        "{p}: {accounted} seeds on the board and captured, the variant has {total}"
    );
    prop_assert_eq!(accounted + p.removed(), total, "{}", p);
    if let Some(q) = prev {
        for player in Player::BOTH {
            prop_assert!(
                p.captured(player) >= q.captured(player),
                "{q} -> {p}: {player}'s captured seeds went down"
            );
        }
        prop_assert!(p.removed() >= q.removed(), "{q} -> {p}: removed went down");
    }

    // legal_moves ⊆ candidate moves.
    let legal = p.legal_moves();
    let candidates: MoveSet = p.candidate_moves();
    for m in legal {
        prop_assert!(candidates.contains(m), "{p}: legal {m} is not a candidate");
    }
    prop_assert_eq!(legal.is_empty(), p.is_over(), "{}", p);

    let mut cut_off = false;
    for m in all_moves() {
        let listed = legal.contains(m);
        prop_assert_eq!(p.is_legal(m), listed, "{}: is_legal({})", p, m);
        let mut after = *p;
        let result = after.play(m);
        if listed {
            // Every listed legal move plays, and the fast path agrees.
            prop_assert!(result.is_ok(), "{p}: legal {m} refused: {result:?}");
            let mut fast = *p;
            fast.play_unchecked(m);
            prop_assert_eq!(fast, after, "{}: play_unchecked({}) differs", p, m);
            prop_assert_eq!(fast.is_over(), after.is_over());
        } else {
            // A refused move: the right error, nothing changed.
            let err = match result {
                Ok(()) => return Err(TestCaseError::fail(format!("{p}: unlisted {m} played"))),
                Err(e) => e,
            };
            prop_assert_eq!(Err(err), p.check(m));
            cut_off |= matches!(err, PlayError::LapLimit { .. });
            let kind_ok = if p.is_over() {
                err == PlayError::GameOver
            } else if candidates.contains(m) {
                matches!(err, PlayError::Endless { .. } | PlayError::LapLimit { .. })
            } else {
                matches!(err, PlayError::Illegal { mv, .. } if mv == m)
            };
            prop_assert!(kind_ok, "{p}: {m} refused with {err:?}");
            prop_assert_eq!(after, *p, "{}: refused {} changed the position", p, m);
            prop_assert_eq!(after.is_over(), p.is_over());
            prop_assert_eq!(after.to_string(), p.to_string());
        }
    }

    // Position string and serde round trips.
    let s = p.to_string();
    let json = serde_json::to_string(p).unwrap();
    prop_assert_eq!(&json, &format!("{s:?}"));
    // Parsing decides whether the side to move can move with the exact
    // endless test (a parsed position has no lap limit). When no candidate
    // ends within the lap limit and one was cut off by it, that means
    // proving the cut-off candidate endless, and its cycle may run to 10^8
    // laps and more (seen here: 325,063,952 laps, seconds). Such positions
    // are not parsed back, to keep the run bounded.
    if !(cut_off && legal.is_empty()) {
        let back = Position::from_str_with(*p.rules(), &s)
            .map_err(|e| TestCaseError::fail(format!("{s:?} does not parse back: {e}")))?;
        prop_assert_eq!(back, *p, "{}", s);
        prop_assert_eq!(back.to_string(), s.clone());
        let de: Position<R> = serde_json::from_str(&json)
            .map_err(|e| TestCaseError::fail(format!("{json} does not deserialize: {e}")))?;
        prop_assert_eq!(de.to_string(), s);
    }
    Ok(())
}

/// One random game of `rules` from the start: the first `checked` plies'
/// positions are checked, then the game is played on to its end, which must
/// come within [`GAME_BOUND`] plies.
fn random_game<R: Ruleset>(rules: R, seed: u64, checked: usize) -> Result<usize, TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = Position::new(rules).with_lap_limit(Some(LAP_LIMIT));
    let mut game = Game::new(start);
    check_position(game.position(), None)?;
    while game.outcome().is_ongoing() {
        prop_assert!(
            game.ply() < GAME_BOUND,
            "game not over after {GAME_BOUND} plies: {}",
            game.record()
        );
        let legal = game.legal_moves();
        let mv = legal.nth(rng.random_range(0..legal.len())).unwrap();
        let prev = *game.position();
        game.play(mv)
            .map_err(|e| TestCaseError::fail(format!("{prev}: {mv}: {e}")))?;
        if game.ply() <= checked {
            check_position(game.position(), Some(&prev))?;
        }
    }
    Ok(game.ply())
}

/// The harness: `CASES` random games of `rules`.
fn properties<R: Ruleset>(rules: R) {
    let mut config = Config {
        cases: CASES,
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
    let mut runner = TestRunner::new(config);
    let started = std::time::Instant::now();
    let longest = std::cell::Cell::new(0);
    runner
        .run(&(any::<u64>(), 0..=CHECKED_PLIES), |(seed, checked)| {
            let plies = random_game(rules, seed, checked)?;
            longest.set(longest.get().max(plies));
            Ok(())
        })
        .unwrap();
    eprintln!(
        "{}: {} games in {:?}, the longest {} plies",
        rules.variant(),
        cases,
        started.elapsed(),
        longest.get()
    );
}

#[test]
fn sadeqa_ii() {
    properties(SadeqaII::new());
}

#[test]
fn sadeqa_ii_starter_only() {
    properties(SadeqaII::starter_only());
}

#[test]
fn sadeqa_iii() {
    properties(SadeqaIII::new());
}

#[test]
fn game_91() {
    properties(SadeqaIII::game_91());
}

#[test]
fn sadeqa_v() {
    properties(SadeqaV);
}

#[test]
fn andada() {
    for n in ANDADA_SIZES {
        properties(Andada::new(n).unwrap());
    }
}
