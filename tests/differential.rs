//! The differential test: random games of every variant and option, played
//! through the reference model (`tests/model`, RULES.md written a second
//! time, seed by seed) and through the engine, talking to the engine only
//! through position strings, `legal_moves`, `play`, `is_over`, `outcome`,
//! `AnyGame` and `Record`. At every ply both must show the same position
//! string, the same legal moves (in notation order), the same `is_over`,
//! position outcome and game outcome (repetition included); a random move
//! outside the legal set must be refused by both and change nothing; the
//! model must read the engine's string back to its own position; and at the
//! end the engine's record must be the model's, and replaying it (parsed
//! from its text) must reach the same final position.
//!
//! The Ludii reading is RULES.md 6.7's (reworded, issue 8): a last seed that
//! lands, while every pit holds at most one seed, in an empty pit whose next
//! pit is the opponent's is removed (every pit of the opponent's row but his
//! last, and the mover's own last pit).

mod model;

use model::{Model, ModelGame, Mv, NORTH, Reading, Result_, Rules, SOUTH, Side, engine_rules};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::{AnyGame, AnyPosition, DrawReason, Move, Outcome, Player, Record};
use std::sync::atomic::{AtomicU64, Ordering};

/// The lap limit for random games, in the model and in the engine alike. The
/// exact test is the default (RULES.md section 2), but an endless sowing's
/// cycle can run to 10^9..10^10 laps and random games meet such candidate
/// moves now and then: the engine would spend seconds on one, the model
/// (seed by seed) hours. Ordinary sowings end within a few thousand laps
/// (the longest seen: 4,426), so 20,000 refuses no move that ends in random
/// play, and with the same limit in both, the model and the engine must
/// still agree exactly (a sowing counts as endless when it is not finished
/// within 20,000 laps). The exact test itself is compared by the perft
/// counts (tests/perft.rs) and checked on known cycles in tests/core.rs.
const LAP_LIMIT: u32 = 20_000;

/// Positions met whose candidate moves include one refused as endless (or
/// cut off by the lap limit).
static ENDLESS_SEEN: AtomicU64 = AtomicU64::new(0);

/// The model's guard in the exact comparison: a sowing not decided within
/// this many laps (seed by seed) leaves that game uncompared.
const GUARD_LAPS: u64 = 1_000_000;

/// Every game must be over, by its rules or by repetition, within this many
/// plies.
const GAME_BOUND: usize = 5_000;

fn player(side: Side) -> Player {
    if side == SOUTH {
        Player::South
    } else {
        Player::North
    }
}

fn side(p: Player) -> Side {
    match p {
        Player::South => SOUTH,
        Player::North => NORTH,
    }
}

/// The engine's outcome in the model's terms.
fn engine_outcome(o: Outcome) -> Result_ {
    let points = |s: Option<sowing::Score>| s.map(|s| (s.south as u32, s.north as u32));
    match o {
        Outcome::Ongoing => Result_::Ongoing,
        Outcome::Win { winner, score } => Result_::Win(side(winner), points(score)),
        Outcome::Draw {
            reason: DrawReason::EqualScore,
            score: Some(s),
        } => Result_::DrawEqual(s.south as u32, s.north as u32),
        Outcome::Draw {
            reason: DrawReason::Repetition,
            score: None,
        } => Result_::DrawRepetition,
        other => panic!("an outcome the model does not know: {other:?}"),
    }
}

fn engine_moves(p: &AnyPosition) -> Vec<String> {
    p.legal_moves().iter().map(|m| m.to_string()).collect()
}

fn model_moves(moves: &[Mv]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Everything observable at one ply, compared.
fn compare(
    mg: &ModelGame,
    eg: &AnyGame,
    rules: Rules,
    record: &str,
    exact: bool,
) -> Result<(), String> {
    let m = mg.position();
    let e = eg.position();
    let ms = m.to_string();
    let es = e.to_string();
    let at = || format!("{} after {record:?}", rules.describe());
    if ms != es {
        return Err(format!("{}: position\n model  {ms}\n engine {es}", at()));
    }
    let (ml, el) = (model_moves(&m.legal_moves()), engine_moves(&e));
    if ml != el {
        return Err(format!(
            "{}: {ms}: legal moves model {ml:?}, engine {el:?}",
            at()
        ));
    }
    if m.over != e.is_over() {
        return Err(format!(
            "{}: {ms}: is_over model {}, engine {}",
            at(),
            m.over,
            e.is_over()
        ));
    }
    let (mo, eo) = (m.outcome(), engine_outcome(e.outcome()));
    if mo != eo {
        return Err(format!(
            "{}: {ms}: outcome model {mo:?}, engine {eo:?}",
            at()
        ));
    }
    let (mo, eo) = (mg.outcome(), engine_outcome(eg.outcome()));
    if mo != eo {
        return Err(format!(
            "{}: {ms}: game outcome model {mo:?}, engine {eo:?}",
            at()
        ));
    }
    if model_moves(&mg.legal_moves())
        != eg
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
    {
        return Err(format!("{}: {ms}: the games' legal moves differ", at()));
    }
    // The model reads the engine's string back to its own position.
    let back = Model::parse_with_limit(rules, &es, m.lap_limit)
        .map_err(|err| format!("{}: the model cannot read {es:?}: {err}", at()))?;
    // (With the exact test the engine's string is also read back by the
    // engine: a parsed position has the exact test.)
    if exact {
        let again = AnyPosition::from_str_with(e.rules(), &es)
            .map_err(|err| format!("{}: the engine cannot read {es:?}: {err}", at()))?;
        if again != e {
            return Err(format!("{}: {es:?} read back by the engine differs", at()));
        }
    }
    if back != *m {
        return Err(format!(
            "{}: {es:?} read back by the model differs: {back:?}",
            at()
        ));
    }
    Ok(())
}

/// A move that is not legal here, drawn from pits 0..=25 and both choice
/// moves (if every one is legal, none).
fn illegal_move(rng: &mut SmallRng, legal: &[Mv]) -> Option<Mv> {
    for _ in 0..8 {
        let k = rng.random_range(0..28usize);
        let mv = match k {
            26 => Mv::Choose(SOUTH),
            27 => Mv::Choose(NORTH),
            p => Mv::Pit(p),
        };
        if !legal.contains(&mv) {
            return Some(mv);
        }
    }
    None
}

fn engine_move(mv: Mv) -> Move {
    match mv {
        Mv::Pit(p) => Move::Pit(p as u8),
        Mv::Choose(s) => Move::First(player(s)),
    }
}

/// One random game of `rules` from the start with `first` to move, compared
/// ply by ply. Returns the plies played.
fn compare_game(rules: Rules, first: Side, seed: u64) -> Result<usize, String> {
    compare_game_with(rules, first, seed, Some(LAP_LIMIT)).map(|p| p.expect("no guard"))
}

/// [`compare_game`] with the engine's lap limit `limit`; `None` for the
/// exact test, with the model guarded at [`GUARD_LAPS`] laps: `Ok(None)`
/// if the guard cut a sowing off (the game was not compared exactly).
fn compare_game_with(
    rules: Rules,
    first: Side,
    seed: u64,
    limit: Option<u32>,
) -> Result<Option<usize>, String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let exact = limit.is_none();
    let model_limit = limit.map_or(GUARD_LAPS, u64::from);
    let hits = model::limit_hits();
    let mut mg = ModelGame::new(Model::new(rules, first).with_lap_limit(Some(model_limit)));
    let engine_start =
        AnyPosition::new_with_first(engine_rules(rules), player(first)).with_lap_limit(limit);
    let mut eg = AnyGame::new(engine_start);
    loop {
        let record = mg.record();
        if exact && model::limit_hits() != hits {
            return Ok(None);
        }
        compare(&mg, &eg, rules, &record, exact)?;
        if mg.position().candidates().len() > mg.legal_moves().len() {
            ENDLESS_SEEN.fetch_add(1, Ordering::Relaxed);
        }
        let legal = mg.legal_moves();
        if legal.is_empty() {
            break;
        }
        if mg.moves.len() >= GAME_BOUND {
            return Err(format!(
                "{}: not over after {GAME_BOUND} plies: {record}",
                rules.describe()
            ));
        }
        // A move outside the legal set: both refuse it, nothing changes.
        if let Some(bad) = illegal_move(&mut rng, &legal) {
            let before = eg.position().to_string();
            if eg.play(engine_move(bad)).is_ok() {
                return Err(format!(
                    "{before}: the engine played {bad}, not legal in the model"
                ));
            }
            if eg.position().to_string() != before || eg.ply() != mg.moves.len() {
                return Err(format!("{before}: refused {bad} changed the engine's game"));
            }
            let mut m = mg.position().clone();
            if m.play(bad).is_ok() || m != *mg.position() {
                return Err(format!("{before}: the model played {bad}"));
            }
        }
        let mv = legal[rng.random_range(0..legal.len())];
        mg.play(mv)
            .map_err(|e| format!("{record}: the model refused its own legal {mv}: {e:?}"))?;
        let text: Move = mv.to_string().parse().map_err(|e| format!("{mv}: {e}"))?;
        if text != engine_move(mv) {
            return Err(format!("{mv} parses as {text:?}"));
        }
        eg.play(text).map_err(|e| {
            format!(
                "{}: {record}: the engine refused {mv}: {e}",
                rules.describe()
            )
        })?;
    }
    // The record, as text, and its replay.
    let record = mg.record();
    if eg.record().to_string() != record {
        return Err(format!(
            "records differ: model {record}, engine {}",
            eg.record()
        ));
    }
    let parsed: Record = record.parse().map_err(|e| format!("{record:?}: {e}"))?;
    let engine_start =
        AnyPosition::new_with_first(engine_rules(rules), player(first)).with_lap_limit(limit);
    let mut replay = AnyGame::new(engine_start);
    replay
        .play_record(&parsed)
        .map_err(|e| format!("replaying {record}: {e}"))?;
    if replay.position() != eg.position() || replay.outcome() != eg.outcome() {
        return Err(format!("replaying {record} reaches {}", replay.position()));
    }
    Ok(Some(mg.moves.len()))
}

/// `games` random games of each ruleset in `rules` (both first players in
/// turn); returns games and plies compared.
fn run(rules: &[Rules], games: u64, seed: u64) -> (u64, u64) {
    let started = std::time::Instant::now();
    let mut plies = 0;
    for (k, &r) in rules.iter().enumerate() {
        for g in 0..games {
            let game_seed = seed ^ (k as u64) << 40 ^ g;
            let first = if g % 2 == 0 { SOUTH } else { NORTH };
            match compare_game(r, first, game_seed) {
                Ok(p) => plies += p as u64,
                Err(e) => panic!("game seed {game_seed:#x}, {} first: {e}", ["S", "N"][first]),
            }
        }
    }
    let n = rules.len() as u64 * games;
    eprintln!(
        "{}: {n} games, {plies} plies in {:?}",
        rules[0].name(),
        started.elapsed()
    );
    (n, plies)
}

fn andada(reading: Reading) -> Vec<Rules> {
    let mut all = Vec::new();
    for n in [12, 15, 18, 21, 24] {
        for clockwise in [false, true] {
            all.push(Rules::Andada {
                n,
                clockwise,
                reading,
            });
        }
    }
    all
}

// Games per ruleset: about 4,000 games in all, some 20 s on one core in
// release (the four Andada tests and the other variants run side by side).

#[test]
fn sadeqa_v() {
    run(&[Rules::SadeqaV], 300, 0x5a5a_0001);
}

#[test]
fn sadeqa_ii_both_first_moves_forced() {
    run(
        &[Rules::SadeqaII {
            starter_only: false,
        }],
        600,
        0x5a5a_0002,
    );
}

#[test]
fn sadeqa_ii_starter_only() {
    run(&[Rules::SadeqaII { starter_only: true }], 600, 0x5a5a_0003);
}

#[test]
fn sadeqa_iii() {
    run(&[Rules::SadeqaIII], 400, 0x5a5a_0004);
}

#[test]
fn game_91() {
    run(&[Rules::Game91], 400, 0x5a5a_0005);
}

#[test]
fn andada_pankhurst_every_size_both_directions() {
    run(&andada(Reading::Pankhurst), 60, 0x5a5a_0006);
}

#[test]
fn andada_empty_row_loses_every_size_both_directions() {
    run(&andada(Reading::EmptyRowLoses), 60, 0x5a5a_0007);
}

/// Ludii as RULES.md 6.7 words it.
#[test]
fn andada_ludii_every_size_both_directions() {
    run(&andada(Reading::Ludii), 60, 0x5a5a_0009);
}

/// The release check: random games of every ruleset and option in turn
/// until a million plies have been compared.
/// `cargo test --release --test differential -- --ignored million_plies`.
///
/// Last run (2026-12-01, branch model, with the engine's Ludii reading
/// before issue 8 and the model's copy of it): 9,450 games (270 of each of the 35 rulesets and options), 1,017,816
/// plies compared, no disagreement, 122 s in release on a shared machine.
#[test]
#[ignore = "long: a million plies, for release checks"]
fn million_plies() {
    let all: Vec<Rules> = Rules::all();
    let started = std::time::Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    let mut round = 0u64;
    while plies < 1_000_000 {
        let (g, p) = run(&all, 10, 0x1_0000_0000 + round);
        games += g;
        plies += p;
        round += 1;
    }
    eprintln!(
        "million_plies: {games} games, {plies} plies in {:?}",
        started.elapsed()
    );
}

/// Issue 8, the smallest case: Ludii, every pit at most one seed, South's
/// last seed lands in North's empty pit 1, whose next pit (North's 2) is
/// North's: RULES.md 6.7 removes it. The model does; the engine (until
/// issue 8 is fixed) keeps it.
const ISSUE_8_BEFORE: &str =
    "andada-12 1,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,1,0,0,0,0,0,0,0 S 0-0 singles";
const ISSUE_8_AFTER: &str =
    "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0,0,0 N 0-0 singles";

fn ludii_12() -> Rules {
    Rules::Andada {
        n: 12,
        clockwise: false,
        reading: Reading::Ludii,
    }
}

#[test]
fn model_ludii_removes_a_last_seed_in_the_opponents_row() {
    let mut m = Model::parse(ludii_12(), ISSUE_8_BEFORE).unwrap();
    let removed = m.removed();
    m.play(Mv::Pit(12)).unwrap();
    assert_eq!(m.to_string(), ISSUE_8_AFTER);
    assert_eq!(m.removed(), removed + 1);
    // The mover's own last pit too; a pit whose next pit is his own, not.
    let mut m = Model::parse(
        ludii_12(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,1,0/0,0,0,0,1,0,0,0,0,0,0,0 S 0-0 singles",
    )
    .unwrap();
    m.play(Mv::Pit(11)).unwrap();
    assert_eq!(m.to_string(), ISSUE_8_AFTER);
    let mut m = Model::parse(
        ludii_12(),
        "andada-12 1,0,0,0,0,0,0,0,0,1,0,0/0,0,0,0,1,0,0,0,0,0,0,0 S 0-0 singles",
    )
    .unwrap();
    m.play(Mv::Pit(10)).unwrap();
    assert_eq!(
        m.to_string(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,1,0/0,0,0,0,1,0,0,0,0,0,0,0 N 0-0 singles"
    );
}

#[test]
fn the_engine_under_ludii_removes_a_last_seed_in_the_opponents_row() {
    let rules = engine_rules(ludii_12());
    let mut p = AnyPosition::from_str_with(rules, ISSUE_8_BEFORE).unwrap();
    p.play(Move::Pit(12)).unwrap();
    assert_eq!(p.to_string(), ISSUE_8_AFTER);
}

/// The exact endless test (no lap limit in the engine) on Sadeqa II, whose
/// endless candidates are frequent (RULES.md section 2: about 15 positions in
/// 1,000 random games) and whose cycles are short: random games compared
/// ply by ply with the engine exact and the model guarded at a million laps
/// (a game in which the guard cut a sowing off would be skipped; none is).
#[test]
fn sadeqa_ii_exact_endless_test() {
    let (mut games, mut plies) = (0, 0);
    for starter_only in [false, true] {
        for g in 0..300u64 {
            let rules = Rules::SadeqaII { starter_only };
            let first = if g % 2 == 0 { SOUTH } else { NORTH };
            match compare_game_with(rules, first, 0xe7ac_0000 + g, None) {
                Ok(Some(p)) => {
                    games += 1;
                    plies += p;
                }
                Ok(None) => {}
                Err(e) => panic!("game {g}: {e}"),
            }
        }
    }
    let endless = ENDLESS_SEEN.load(Ordering::Relaxed);
    eprintln!(
        "sadeqa-ii exact: {games} games, {plies} plies, {endless} positions with an endless candidate (all tests so far)"
    );
    assert_eq!(games, 600, "every game compared exactly");
    assert!(endless > 0, "the games met endless candidates");
}

/// The exact test on Sadeqa V and Andada, where random play meets no
/// endless candidate (RULES.md section 2), so the engine's exact test costs
/// no more than the lap limit: engine exact, model guarded. (Sadeqa III and
/// game 91 are left out: their endless candidates' cycles can take the
/// engine minutes to prove, see tests/limits.rs.)
#[test]
fn sadeqa_v_and_andada_exact_endless_test() {
    let mut rules = vec![Rules::SadeqaV];
    rules.extend(andada(Reading::Pankhurst));
    for (k, &r) in rules.iter().enumerate() {
        for g in 0..20u64 {
            let first = if g % 2 == 0 { SOUTH } else { NORTH };
            match compare_game_with(r, first, 0xe7ac_1000 + (k as u64) * 100 + g, None) {
                Ok(Some(_)) => {}
                Ok(None) => panic!("{}: the model's guard cut a sowing off", r.describe()),
                Err(e) => panic!("game {g}: {e}"),
            }
        }
    }
}
