//! One property harness, generic over [`Ruleset`], run on every ruleset and
//! every option: random games (the strategy is a seed and a number of
//! checked plies; the moves are uniform random legal moves).
//!
//! After every move of every game:
//!
//! - seeds are conserved, counted from the events: the captured counts grow
//!   by exactly the mover's captures (and Sadeqa III's final sweep), the
//!   removed count by exactly the seeds the events remove, and board +
//!   captured + removed == the variant's total;
//! - the ruleset's own invariants ([`Invariants::check_move`]).
//!
//! At every checked position (the first plies of each game):
//!
//! - seeds are conserved, without underflow, and the captured and removed
//!   counts never go down;
//! - every listed legal move plays without error (and `play_unchecked`
//!   agrees with `play`);
//! - `is_legal(m)` agrees with `legal_moves().contains(m)` for every pit
//!   move 0..=25 and both choice moves;
//! - a refused move returns the right kind of error and leaves the position
//!   unchanged, and so does `play_unchecked` of it;
//! - `legal_moves` is a subset of the ruleset's candidate moves;
//! - `successors()` yields the legal moves in order, each with the position
//!   `play` gives; `children()` yields the same, and its lazily found
//!   legality answers every query as the eager one does;
//! - `legality()`: its three sets are disjoint, their union is the
//!   candidates, and `ends` is `legal_moves()` when nothing is undecided;
//! - the position string and serde_json round-trip;
//!
//! and every game ends (the position's own end, or the game's repetition
//! draw) within a bound, where the ruleset's end conditions are checked
//! ([`Invariants::check_end`]).

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::rulesets::{Andada, Reading, Resizable, Resized, SadeqaII, SadeqaIII, SadeqaV};
use sowing::{
    ANDADA_SIZES, Event, Game, Move, MoveSet, Outcome, PlayError, Player, Position, Ruleset, Score,
};

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
/// plies. Random games seen take up to a few hundred plies.
const GAME_BOUND: usize = 5_000;

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

/// Every move the notation can write, and some it cannot: pits 0..=25 and
/// both choice moves.
fn all_moves() -> impl Iterator<Item = Move> {
    (0..=25).map(Move::Pit).chain(Player::BOTH.map(Move::First))
}

/// Seeds are conserved by a move, counted from its events (every ruleset).
fn check_conservation<R: Ruleset>(
    before: &Position<R>,
    mv: Move,
    events: &[Event],
    after: &Position<R>,
) -> Result<(), TestCaseError> {
    let mut captured = [Player::South, Player::North].map(|p| before.captured(p) as u32);
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
    prop_assert_eq!(
        [Player::South, Player::North].map(|p| after.captured(p) as u32),
        captured,
        "{} then {}: captured counts",
        before,
        mv
    );
    prop_assert_eq!(
        after.seeds_on_board() + captured[0] + captured[1] + removed,
        after.rules().total_seeds(),
        "{} then {} -> {}",
        before,
        mv,
        after
    );
    prop_assert_eq!(after.removed(), removed, "{} then {}", before, mv);
    Ok(())
}

/// The properties of one position; `prev` is the position before it in the
/// game.
fn check_position<R: Ruleset>(
    p: &Position<R>,
    prev: Option<&Position<R>>,
) -> Result<(), TestCaseError> {
    let total = p.rules().total_seeds();
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

    // legality(): a partition of the candidates; `ends` is the legal set
    // when nothing is left undecided.
    let legality = p.legality();
    let (ends, endless, undecided) = (legality.ends, legality.endless, legality.undecided);
    for (a, b) in [(ends, endless), (ends, undecided), (endless, undecided)] {
        prop_assert!(
            a.iter().all(|m| !b.contains(m)),
            "{p}: legality sets overlap: {legality:?}"
        );
    }
    prop_assert_eq!(
        ends.union(endless).union(undecided),
        candidates,
        "{}: legality {:?}",
        p,
        legality
    );
    if undecided.is_empty() {
        prop_assert_eq!(ends, legal, "{}", p);
    }

    // successors(): the legal moves in order, each with `play`'s position.
    let successors: Vec<(Move, Position<R>)> = p.successors().collect();
    prop_assert_eq!(
        successors.iter().map(|(m, _)| *m).collect::<Vec<_>>(),
        legal.iter().collect::<Vec<_>>(),
        "{}: successors' moves",
        p
    );
    for (m, child) in &successors {
        let mut played = *p;
        played
            .play(*m)
            .map_err(|e| TestCaseError::fail(format!("{p}: {m}: {e}")))?;
        prop_assert_eq!(*child, played, "{}: successor of {}", p, m);
        prop_assert_eq!(child.is_over(), played.is_over());
        prop_assert_eq!(child.legal_moves(), played.legal_moves());
    }

    // children(): the same moves and positions, each child's legality found
    // lazily but the same when asked, and its moves playing the same.
    let children: Vec<(Move, Position<R>)> = p.children().collect();
    prop_assert_eq!(children.len(), successors.len(), "{}: children", p);
    for ((m, lazy), (n, eager)) in children.iter().zip(&successors) {
        prop_assert_eq!(m, n, "{}: children's moves", p);
        prop_assert_eq!(lazy, eager, "{}: child of {}", p, m);
        prop_assert_eq!(lazy.is_over(), eager.is_over(), "{}: child of {}", p, m);
        prop_assert_eq!(lazy.side_to_move(), eager.side_to_move());
        prop_assert_eq!(lazy.legality(), eager.legality(), "{}: child of {}", p, m);
        prop_assert_eq!(lazy.legal_moves(), eager.legal_moves());
        for mv in eager.candidate_moves() {
            prop_assert_eq!(lazy.is_legal(mv), eager.is_legal(mv));
            prop_assert_eq!(lazy.check(mv), eager.check(mv));
            let (mut a, mut b) = (*lazy, *eager);
            a.play_unchecked(mv);
            b.play_unchecked(mv);
            prop_assert_eq!(a, b, "{}: child of {} then {}", p, m, mv);
            prop_assert_eq!(a.legality(), b.legality());
        }
        let grand: Vec<_> = lazy.children().collect();
        let eager_grand: Vec<_> = eager.successors().collect();
        prop_assert_eq!(grand, eager_grand, "{}: grandchildren via {}", p, m);
    }

    let mut cut_off = false;
    for m in all_moves() {
        let listed = legal.contains(m);
        prop_assert_eq!(p.is_legal(m), listed, "{}: is_legal({})", p, m);
        let mut after = *p;
        let result = after.play(m);
        let mut fast = *p;
        fast.play_unchecked(m);
        if listed {
            // Every listed legal move plays, and the fast path agrees.
            prop_assert!(result.is_ok(), "{p}: legal {m} refused: {result:?}");
            prop_assert_eq!(fast, after, "{}: play_unchecked({}) differs", p, m);
            prop_assert_eq!(fast.is_over(), after.is_over());
        } else {
            // A refused move: the right error, nothing changed, by `play`
            // nor by `play_unchecked`.
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
            prop_assert_eq!(fast, *p, "{}: play_unchecked({}) changed it", p, m);
            prop_assert_eq!(fast.is_over(), p.is_over());
            prop_assert_eq!(fast.legal_moves(), legal);
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

/// One random game of `rules` from the start with `first` to move: every
/// move is checked ([`check_conservation`], [`Invariants::check_move`]), the
/// first `checked` plies' positions fully ([`check_position`]); the game must
/// end within [`GAME_BOUND`] plies, and its end is checked
/// ([`Invariants::check_end`]).
fn random_game<R: Invariants>(
    rules: R,
    first: Player,
    seed: u64,
    checked: usize,
) -> Result<usize, TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = Position::new_with_first(rules, first).with_lap_limit(Some(LAP_LIMIT));
    let mut game = Game::new(start);
    check_position(game.position(), None)?;
    while game.outcome().is_ongoing() {
        prop_assert!(
            game.ply() < GAME_BOUND,
            "game not over after {GAME_BOUND} plies: {}",
            game.record()
        );
        let legal = game.legal_moves();
        prop_assert!(
            !legal.is_empty(),
            "{}: ongoing without a legal move",
            game.position()
        );
        let mv = legal.nth(rng.random_range(0..legal.len())).unwrap();
        let prev = *game.position();
        let events = game
            .play_traced(mv)
            .map_err(|e| TestCaseError::fail(format!("{prev}: {mv}: {e}")))?;
        let after = *game.position();
        check_conservation(&prev, mv, &events, &after)?;
        rules.check_move(&prev, mv, &events, &after)?;
        if game.ply() <= checked {
            check_position(&after, Some(&prev))?;
        }
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
