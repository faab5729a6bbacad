//! Oware's endgame databases against search (issue 28, section 3): the
//! values `sowing::tablebase` builds for Oware, a ruleset from outside the
//! crate, compared with the exact solver (`sowing::solver`, df-pn) and with
//! an exhaustive minimax under Oware's own rules, on sampled positions.
//! Not alpha-beta: its iterative deepening stops at the first proven value
//! at the root, so a proven win's margin is only a bound, and it never
//! proves a draw.
//!
//! What agrees, and what does not (found by these tests):
//!
//! - **Who wins** agrees with the solver wherever the solver's proof met no
//!   repetition: every sampled position and every move's child
//!   ([`results_agree_with_the_solver`]).
//! - **The margin** (South's final points minus North's: the points held
//!   now plus the margin the databases store) agrees with an exhaustive
//!   minimax under Oware's rules wherever that value rests on games ended
//!   by a player with no legal move alone: every such sampled position and
//!   move ([`margins_agree_with_the_exact_search`]).
//! - **Where Oware's repetition rule decides, the databases are wrong for
//!   Oware.** A database knows no history and counts play that repeats for
//!   ever as worth nothing more, the seeds left on the board counted for
//!   nobody (`tablebase` module docs, "Repetition"); Oware ends the game at
//!   the first repeat and gives each player the seeds in his row
//!   (`Ruleset::repetition_end`, OpenSpiel's `CollectAndTerminate`).
//! - **Where Oware's end by score decides, the margins are wrong for
//!   Oware.** The databases number a position by its pits alone and build
//!   it with nothing captured, so Oware's end by score (a score over 24,
//!   OpenSpiel's `IsTerminal`, then `CollectAndTerminate`) never happens
//!   inside them: their margin is that of play that goes on. `probe` of a
//!   finished child does count the end by score, so a position's value can
//!   even be below the value `move_forecasts` gives its best move. Who wins
//!   is not changed by it (a player over 24 stays ahead whatever follows).
//!
//! [`known_disagreements`] pins one position of each kind, with the value
//! the exhaustive minimax gives; [`values_are_oware_values`] (ignored: it
//! fails today) asks for the exact margins on every sampled position of up
//! to 3 seeds and lists those that differ.

use oware::Oware;
use sowing::rand::{RngExt, SeedableRng, rngs::SmallRng};
use sowing::solver::{Limits, Solver, Verdict};
use sowing::tablebase::{Builder, Forecast, Tablebase};
use sowing::{Outcome, Player, Position, Ruleset};
use std::path::PathBuf;

/// The databases are built up to this many seeds on the board (75,582
/// positions in the largest layer; about 0.2 s in release mode).
const MAX_SEEDS: u32 = 8;

/// The solver's budget a position: far more than a position without a
/// repetition needs (a few thousand nodes).
const SOLVER_NODES: u64 = 10_000;

/// Oware's databases in a directory of their own, removed when dropped.
struct Databases {
    dir: PathBuf,
    tb: Tablebase<Oware>,
}

impl Databases {
    /// Builds the layers up to `max_seeds` into a new directory named after
    /// the process and `test`.
    fn build(test: &str, max_seeds: u32) -> Databases {
        let dir =
            std::env::temp_dir().join(format!("oware-tablebase-{test}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        Builder::new(Oware, &dir)
            .max_seeds(max_seeds)
            .build(|_| {})
            .unwrap_or_else(|e| panic!("building Oware's databases: {e}"));
        let tb = Tablebase::open(Oware, &dir).unwrap_or_else(|e| panic!("opening them: {e}"));
        assert_eq!(tb.max_seeds(), max_seeds);
        Databases { dir, tb }
    }
}

impl Drop for Databases {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

fn pos(s: &str) -> Position<Oware> {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A random position with `1..=max_seeds` seeds on the board, each pit
/// drawn at random for each seed, the other seeds of the 48 captured,
/// split at random, and either side to move, written as a position string
/// and parsed; `None` for a finished game (a score over 24 already).
fn random_position(rng: &mut SmallRng, max_seeds: u32) -> Option<Position<Oware>> {
    let seeds = rng.random_range(1..=max_seeds);
    let mut pits = [0u8; 12];
    for _ in 0..seeds {
        pits[rng.random_range(0..12)] += 1;
    }
    let captured = oware::TOTAL - seeds as u16;
    let south = rng.random_range(0..=captured);
    let side = if rng.random_bool(0.5) { 'S' } else { 'N' };
    let row = |r: &[u8]| {
        r.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let s = format!(
        "oware {}/{} {side} {south}-{}",
        row(&pits[..6]),
        row(&pits[6..]),
        captured - south
    );
    let p = pos(&s);
    (!p.is_over()).then_some(p)
}

/// `n` distinct random positions of up to `max_seeds` seeds, from `seed`.
fn sample(n: usize, max_seeds: u32, seed: u64) -> Vec<Position<Oware>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out: Vec<Position<Oware>> = Vec::with_capacity(n);
    while out.len() < n {
        if let Some(p) = random_position(&mut rng, max_seeds)
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

/// What the solver says of a position.
#[derive(Debug, PartialEq, Eq)]
enum Solved {
    /// Answered without meeting a repetition: the winner (`None`: a draw).
    Winner(Option<Player>),
    /// Answered after meeting a repetition: the answer rests on Oware's
    /// repetition rule, which the databases do not apply.
    Repetition,
    /// No answer within [`SOLVER_NODES`] (or none at all: see
    /// [`the_solver_answers_small_positions`]).
    Unknown,
}

/// The solver on `p` (a finished game: its winner).
fn solve(solver: &mut Solver<Oware>, p: &Position<Oware>) -> Solved {
    if p.is_over() {
        return Solved::Winner(p.outcome().winner());
    }
    let s = solver.solve(
        p,
        Limits {
            nodes: Some(SOLVER_NODES),
            time: None,
        },
    );
    match s.verdict {
        Verdict::Unknown => Solved::Unknown,
        _ if s.repetitions > 0 => Solved::Repetition,
        Verdict::Draw => Solved::Winner(None),
        Verdict::Win | Verdict::Loss => Solved::Winner(s.winner),
    }
}

/// Who wins, from the databases and from the solver, for 300 sampled
/// positions of up to 8 seeds and every move of each (the databases'
/// `move_forecasts` against the solver on the child). A position or move
/// where the solver met a repetition, or ran out of budget, is skipped and
/// counted.
#[test]
fn results_agree_with_the_solver() {
    let db = Databases::build("results", MAX_SEEDS);
    let mut solver = Solver::<Oware>::new(18);
    let positions = sample(300, MAX_SEEDS, 28);
    let (mut compared, mut repetition, mut unknown) = (0, 0, 0);
    let (mut moves_compared, mut moves_skipped) = (0, 0);
    let mut wrong = Vec::new();
    for p in &positions {
        let forecast = db.tb.forecast(p).expect("held: at most 8 seeds");
        match solve(&mut solver, p) {
            Solved::Winner(w) => {
                compared += 1;
                if forecast.winner() != w {
                    wrong.push(format!("{p}: databases {forecast}, solver {w:?}"));
                }
            }
            Solved::Repetition => repetition += 1,
            Solved::Unknown => unknown += 1,
        }
        let moves = db.tb.move_forecasts(p).expect("held");
        assert_eq!(moves.len(), p.legal_moves().len(), "{p}");
        for (mv, f) in moves {
            let mut child = *p;
            child.play(mv).expect("a legal move");
            assert_eq!(db.tb.forecast(&child), Some(f), "{p} {mv}");
            match solve(&mut solver, &child) {
                Solved::Winner(w) => {
                    moves_compared += 1;
                    if f.winner() != w {
                        wrong.push(format!("{p} move {mv}: databases {f}, solver {w:?}"));
                    }
                }
                _ => moves_skipped += 1,
            }
        }
    }
    eprintln!(
        "{} positions: {compared} compared, {repetition} skipped (the solver met a \
         repetition), {unknown} skipped (no answer); moves: {moves_compared} compared, \
         {moves_skipped} skipped",
        positions.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Measured: 115 of 300 positions compared, 140 met a repetition, 45 no
    // answer (Oware's repetitions are common on so few seeds; the solver's
    // "no answer" comes within the budget too, see the report of issue 28).
    assert!(compared >= 80, "only {compared} positions compared");
    assert!(
        moves_compared >= 250,
        "only {moves_compared} moves compared"
    );
}

/// South's final points minus North's in a finished game.
fn final_margin(o: Outcome) -> i32 {
    let s = o.score().expect("Oware scores points");
    s.south as i32 - s.north as i32
}

/// What an [`exact`] search met at its leaves.
#[derive(Clone, Copy, Debug, Default)]
struct Leaves {
    /// Nodes left to visit.
    budget: u64,
    /// Lines ended by Oware's repetition rule.
    repetitions: u64,
    /// Lines ended by a score over 24 (or both 24).
    score_ends: u64,
}

impl Leaves {
    fn with_budget(budget: u64) -> Leaves {
        Leaves {
            budget,
            ..Leaves::default()
        }
    }

    /// Whether every leaf was a game ended by a player with no legal move:
    /// an end the databases play alike (see [`exact`]).
    fn plain(&self) -> bool {
        self.repetitions == 0 && self.score_ends == 0
    }
}

/// Whether `mv` from `p` ends the game by score (`IsTerminal`): the
/// captures of the move, before the seeds left are collected, take a
/// score over 24 or both to 24.
fn ends_by_score(p: &Position<Oware>, mv: sowing::Move) -> bool {
    let mut after = *p;
    let events = after.play_traced(mv).expect("a legal move");
    let mover = p.side_to_move();
    let taken: u16 = events
        .iter()
        .map(|e| match *e {
            sowing::Event::Capture { seeds, .. } => seeds as u16,
            _ => 0,
        })
        .sum();
    let mine = p.captured(mover) + taken;
    let (south, north) = match mover {
        Player::South => (mine, p.captured(Player::North)),
        Player::North => (p.captured(Player::South), mine),
    };
    after.is_over() && oware::score_terminal(south, north)
}

/// South's final margin from `p` under perfect play with Oware's rules
/// exactly (OpenSpiel's): the end by score and by no move as `Oware` plays
/// them, and the first repeat of a position on the line (the root counts;
/// no history before it) ends the game with the seeds collected
/// (`repetition_outcome`). Exhaustive minimax with alpha-beta cuts and no
/// table (a table would forget the line); `None` past the budget.
///
/// `leaves` counts the leaves met that end by repetition or by score. A
/// cut is sound whatever the pruned moves are worth, so the value rests on
/// the leaves visited alone: when all of them are games ended by a player
/// with no legal move ([`Leaves::plain`]), the databases, which play that
/// end alike (the seeds collected), must give the same value.
fn exact(
    p: &Position<Oware>,
    line: &mut Vec<Position<Oware>>,
    (mut alpha, mut beta): (i32, i32),
    leaves: &mut Leaves,
) -> Option<i32> {
    leaves.budget = leaves.budget.checked_sub(1)?;
    if p.is_over() {
        return Some(final_margin(p.outcome()));
    }
    if line.contains(p) {
        leaves.repetitions += 1;
        return Some(final_margin(p.rules().repetition_outcome(&p.view())));
    }
    line.push(*p);
    let south = p.side_to_move() == Player::South;
    let mut best = if south { i32::MIN } else { i32::MAX };
    for (mv, c) in p.successors() {
        if c.is_over() && ends_by_score(p, mv) {
            leaves.score_ends += 1;
        }
        let Some(v) = exact(&c, line, (alpha, beta), leaves) else {
            line.pop();
            return None;
        };
        if south {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    line.pop();
    Some(best)
}

/// The node budget of an [`exact`] search.
const EXACT_NODES: u64 = 2_000_000;

/// [`exact`] from the start of a line, with the full window, and what its
/// leaves were; `None` past `budget` nodes.
fn exact_search(p: &Position<Oware>, budget: u64) -> Option<(i32, Leaves)> {
    let mut leaves = Leaves::with_budget(budget);
    let v = exact(p, &mut Vec::new(), (-100, 100), &mut leaves)?;
    Some((v, leaves))
}

/// [`exact_search`]'s value.
fn exact_value(p: &Position<Oware>) -> Option<i32> {
    exact_search(p, EXACT_NODES).map(|(v, _)| v)
}

/// The databases' final margin for South (the points held now plus the
/// margin they store).
fn database_margin(tb: &Tablebase<Oware>, p: &Position<Oware>) -> i32 {
    tb.final_margin(p).expect("held")
}

/// The databases' final margin against the exact search (Oware's rules
/// exactly) on 200 sampled positions of up to 3 seeds and every move of
/// each, where the exact value rests on games ended by a player with no
/// legal move alone ([`Leaves::plain`]); the others, whose value Oware's
/// repetition rule or its end by score decides, are counted (and
/// [`values_are_oware_values`] shows that they differ).
#[test]
fn margins_agree_with_the_exact_search() {
    let db = Databases::build("margins", 3);
    let positions = sample(200, 3, 91);
    let (mut plain, mut decided_otherwise, mut over_budget) = (0, 0, 0);
    let (mut plain_moves, mut moves_otherwise) = (0, 0);
    let mut wrong = Vec::new();
    for p in &positions {
        let Some((v, leaves)) = exact_search(p, EXACT_NODES) else {
            over_budget += 1;
            continue;
        };
        if leaves.plain() {
            plain += 1;
            let d = database_margin(&db.tb, p);
            if d != v {
                wrong.push(format!("{p}: databases {d:+}, exact {v:+}"));
            }
        } else {
            decided_otherwise += 1;
        }
        for (mv, f) in db.tb.move_forecasts(p).expect("held") {
            let mut child = *p;
            child.play(mv).expect("legal");
            let Some((v, leaves)) = exact_search(&child, EXACT_NODES) else {
                moves_otherwise += 1;
                continue;
            };
            // A move that ends the game is a leaf: plain whatever the end.
            if !leaves.plain() {
                moves_otherwise += 1;
                continue;
            }
            plain_moves += 1;
            let end = match f {
                Forecast::Ahead {
                    winner: Player::South,
                    by,
                } => by as i32,
                Forecast::Ahead { by, .. } => -(by as i32),
                Forecast::Level => 0,
                other => panic!("{p} {mv}: a margin database forecasts {other}"),
            };
            if end != v {
                wrong.push(format!("{p} move {mv}: databases {end:+}, exact {v:+}"));
            }
        }
    }
    eprintln!(
        "{} positions: {plain} compared, {decided_otherwise} decided by repetition or the \
         end by score, {over_budget} over the exact search's budget; moves: {plain_moves} \
         compared, {moves_otherwise} not",
        positions.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Measured: 88 of 200 compared, none over the budget (4 seeds would
    // put a third of them over it).
    assert!(over_budget <= 10, "{over_budget} positions over the budget");
    assert!(plain >= 50, "only {plain} positions compared");
    assert!(plain_moves >= 50, "only {plain_moves} moves compared");
}

/// One position of each kind of disagreement, with its exact value (the
/// exhaustive minimax above, and the solver where it answers).
#[test]
fn known_disagreements() {
    let db = Databases::build("known", 4);
    let tb = &db.tb;

    // Repetition decides, and it changes who wins. South's one seed and
    // North's two chase each other with no capture; the first repeat ends
    // the game with each row to its owner: 24-24, a draw. The databases
    // count the seeds on the board for nobody: South ahead 23-22.
    let p = pos("oware 1,0,0,0,0,0/0,1,1,0,0,0 S 23-22");
    assert_eq!(exact_value(&p), Some(0), "{p}");
    assert_eq!(
        solve(&mut Solver::new(16), &p),
        Solved::Repetition,
        "the solver meets the repetition"
    );
    assert_eq!(
        Solver::<Oware>::new(16)
            .solve(&p, Limits::default())
            .verdict,
        Verdict::Draw
    );
    assert_eq!(
        database_margin(tb, &p),
        1,
        "the databases now apply Oware's repetition rule: move {p} to the agreeing tests"
    );

    // Repetition decides the margin: North wins 25-23 by the collection
    // after the repeat; the databases say by 1 (22-23 and the three seeds
    // on the board counted for nobody).
    let p = pos("oware 0,0,1,0,0,0/1,0,0,0,0,1 N 22-23");
    assert_eq!(exact_value(&p), Some(-2), "{p}");
    assert_eq!(
        Solver::<Oware>::new(16).solve_margin(&p, Limits::default()),
        Some(2),
        "North's margin, for the side to move"
    );
    assert_eq!(database_margin(tb, &p), -1);

    // The end by score decides the margin. South, holding 24, sows pit 5
    // into North's pit 1 and takes its 2: 26, over 24, so the game ends
    // (`IsTerminal`) and each row goes to its owner (South's pit 6, North's
    // pit 4): 27-21, +6. The databases play on after the capture (they
    // hold no captured seeds, so never end by score) and say +4 for the
    // position, yet +6 for its move 5 (`probe` counts a finished game as
    // it stands): a position worth less than its best move.
    let p = pos("oware 0,0,0,0,2,0/1,0,0,1,0,0 S 24-20");
    assert_eq!(exact_value(&p), Some(6), "{p}");
    let mut child = p;
    child.play(sowing::Move::Pit(5)).unwrap();
    assert_eq!(child.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 N 27-21");
    assert_eq!(
        tb.move_forecasts(&p).unwrap()[0],
        (
            sowing::Move::Pit(5),
            Forecast::Ahead {
                winner: Player::South,
                by: 6
            }
        )
    );
    assert_eq!(
        database_margin(tb, &p),
        4,
        "the databases now apply Oware's end by score: move {p} to the agreeing tests"
    );
}

/// The solver gives no answer, with no budget at all, on a small Oware
/// position whose lines repeat: df-pn's numbers around the repetitions
/// (scored by `repetition_outcome`, Oware's collection) never reach a
/// proof or disproof, and `solve` returns `Unknown` after a few hundred
/// nodes (1,856 here, 70 repetitions met; the exact value is a draw).
/// Ignored: it fails today. Found by [`results_agree_with_the_solver`]:
/// with a budget of 200,000 nodes, 45 of its 300 positions had no answer,
/// many of them after a few hundred or thousand nodes.
#[test]
#[ignore = "fails: Solver::solve returns Unknown with no budget on Oware positions with repetitions"]
fn the_solver_answers_small_positions() {
    let p = pos("oware 0,1,0,1,0,0/1,0,0,0,0,0 N 22-23");
    let south = exact_value(&p).expect("within the budget");
    let exact = if p.side_to_move() == Player::South {
        south
    } else {
        -south
    };
    let solution = Solver::<Oware>::new(20).solve(&p, Limits::default());
    let expected = match exact {
        0 => Verdict::Draw,
        m if m > 0 => Verdict::Win,
        _ => Verdict::Loss,
    };
    assert_eq!(
        solution.verdict, expected,
        "{p}: exact {exact:+}, {solution:?}"
    );
}

/// The databases' final margin of every sampled position of up to 3 seeds,
/// and of every move's child, against Oware's exact value ([`exact`]).
/// Ignored: it fails today on the positions where Oware's repetition rule
/// or its end by score decides (see the module documentation); it is the
/// test to run once the databases apply them.
#[test]
#[ignore = "fails: the databases do not apply Oware's repetition rule and end by score (module docs)"]
fn values_are_oware_values() {
    let db = Databases::build("exact", 3);
    let positions = sample(200, 3, 91);
    let (mut compared, mut skipped) = (0, 0);
    let mut wrong = Vec::new();
    for p in &positions {
        let Some(v) = exact_value(p) else {
            skipped += 1;
            continue;
        };
        compared += 1;
        let d = database_margin(&db.tb, p);
        if d != v {
            wrong.push(format!("{p}: databases {d:+}, exact {v:+}"));
        }
        for (mv, f) in db.tb.move_forecasts(p).expect("held") {
            let mut child = *p;
            child.play(mv).expect("legal");
            let d = database_margin(&db.tb, &child);
            assert_eq!(Forecast::of(&child, db.tb.probe(&child).unwrap()), f);
            if let Some(v) = exact_value(&child)
                && d != v
            {
                wrong.push(format!("{p} move {mv}: databases {d:+}, exact {v:+}"));
            }
        }
    }
    eprintln!("{compared} compared, {skipped} skipped (over the node budget)");
    assert!(
        wrong.is_empty(),
        "{} disagreements (South's final margin):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
