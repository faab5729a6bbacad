//! Benchmarks per ruleset: random playouts (plies per second), one move
//! from the initial position, the successors of a mid-game position (each
//! legal move with its position, positions per second), and the exact proof
//! of a long endless sowing (laps per second).
//!
//! Playouts are `sowing::playout`'s lazy draw. Compare them with the
//! hand-written yardstick (`../shared/yardstick`, outside the repository:
//! `yardstick bench 3 1 --lap-cap 10000 <variant>`) in the same run; see
//! docs/SPEED.md.
//!
//! `cargo bench --bench sowing` (add `-- --quick` for a short run).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use sowing::{Move, Position, Ruleset};
use std::hint::black_box;

/// Playouts use a lap limit, as RULES.md section 2 suggests for bounded
/// time: a move whose sowing has not ended after 10,000 laps counts as
/// endless (no move seen in random play needs that many; an exact proof can
/// take seconds).
const LAP_LIMIT: u32 = 10_000;

/// Random games per playout iteration (fixed seeds: the same games, hence
/// the same number of plies, every iteration).
const GAMES: u64 = 16;

/// A playout stops here even if the game goes on (positions carry no
/// repetition rule).
const MAX_PLIES: usize = 1_000;

/// One random game from `start` with the seed `seed` (`sowing::playout`,
/// the lazy draw); returns the plies played.
fn playout<R: Ruleset>(start: Position<R>, seed: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = start;
    let plies = sowing::playout(&mut pos, &mut rng, MAX_PLIES);
    black_box(pos);
    plies
}

/// The position half way through the random game with the seed `seed`.
fn mid_game<R: Ruleset>(rules: R, seed: u64) -> Position<R> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::new(rules).with_lap_limit(Some(LAP_LIMIT));
    let mut game = vec![pos];
    while !pos.is_over() && game.len() <= MAX_PLIES {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves.nth(rng.random_range(0..moves.len())).unwrap());
        game.push(pos);
    }
    game[game.len() / 2]
}

/// The benchmarks of one ruleset; `opening` is the move played from the
/// initial position.
fn ruleset<R: Ruleset>(c: &mut Criterion, name: &str, rules: R, opening: Move) {
    let start = Position::new(rules).with_lap_limit(Some(LAP_LIMIT));

    let lengths: Vec<usize> = (0..GAMES).map(|seed| playout(start, seed)).collect();
    let plies: usize = lengths.iter().sum();
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(plies as u64));
    eprintln!("{name}: {GAMES} playouts, {plies} plies: {lengths:?}");
    group.bench_function(BenchmarkId::new(name, format!("{GAMES} games")), |b| {
        b.iter(|| {
            (0..GAMES)
                .map(|seed| playout(black_box(start), seed))
                .sum::<usize>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("single_move");
    group.bench_function(BenchmarkId::new(name, format!("play {opening}")), |b| {
        b.iter(|| {
            let mut pos = black_box(start);
            pos.play(black_box(opening)).unwrap();
            pos
        })
    });
    group.bench_function(
        BenchmarkId::new(name, format!("play_unchecked {opening}")),
        |b| {
            b.iter(|| {
                let mut pos = black_box(start);
                pos.play_unchecked(black_box(opening));
                pos
            })
        },
    );
    group.finish();

    let mid = mid_game(rules, 7);
    eprintln!("{name}: mid-game position {mid}");
    // The legal moves are found once, at the start of the turn: what a
    // position costs to make is one move played from the one before.
    let mut group = c.benchmark_group("successors");
    group.throughput(Throughput::Elements(mid.successors().count() as u64));
    group.bench_function(BenchmarkId::new(name, "mid-game"), |b| {
        b.iter(|| {
            black_box(mid).successors().fold(0, |n, (_, child)| {
                black_box(child);
                n + 1
            })
        })
    });
    group.finish();
}

fn rulesets(c: &mut Criterion) {
    ruleset(c, "sadeqa-ii", SadeqaII::new(), Move::Pit(6));
    ruleset(c, "sadeqa-iii", SadeqaIII::new(), Move::Pit(1));
    ruleset(c, "game-91", SadeqaIII::game_91(), Move::Pit(8));
    ruleset(c, "sadeqa-v", SadeqaV, Move::Pit(1));
    ruleset(c, "andada-12", Andada::new(12).unwrap(), Move::Pit(1));
    ruleset(c, "andada-24", Andada::new(24).unwrap(), Move::Pit(1));
}

/// The exact endless-sowing proof on a long cycle (tests/core.rs): South's
/// pit 1 returns to its first state after 16,484,936 laps.
fn endless_proof(c: &mut Criterion) {
    const CYCLE: u64 = 16_484_936;
    let pos: Position<SadeqaIII> = "sadeqa-iii 9,7,3,2,1,3,6,1/0,3,8,3,2,3,4,1 S 33-7"
        .parse()
        .unwrap();
    let mut group = c.benchmark_group("endless_proof");
    group.sample_size(10);
    group.throughput(Throughput::Elements(CYCLE));
    group.bench_function("sadeqa-iii 16,484,936 laps", |b| {
        b.iter(|| black_box(pos).prove(Move::Pit(1), &mut ()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, rulesets, endless_proof);
criterion_main!(benches);
