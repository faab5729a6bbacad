//! Benchmarks of the computer players and the solver: alpha-beta nodes per
//! second from fixed positions of every variant, MCTS playouts per second,
//! and the proof of Sadeqa II from its start (both readings).
//!
//! `cargo bench --bench search -- --warm-up-time 1 --measurement-time 3`

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sowing::bots::alphabeta::{Table, search};
use sowing::bots::{Budget, Evaluation, Mcts, StandardEval};
use sowing::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use sowing::solver::{Limits, Solver};
use sowing::{Position, Ruleset};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// One alpha-beta search of `pos` to `depth` with `table`; nodes.
fn alphabeta_nodes<R: Ruleset>(pos: &Position<R>, depth: u8, table: &mut Table<R>) -> u64
where
    StandardEval: Evaluation<R>,
{
    search(
        pos,
        pos.legal_moves(),
        Budget::Depth(depth),
        &StandardEval,
        table,
    )
    .expect("a legal move")
    .nodes
}

fn alphabeta_one<R: Ruleset>(c: &mut Criterion, name: &str, pos: Position<R>, depth: u8)
where
    StandardEval: Evaluation<R>,
{
    let nodes = alphabeta_nodes(&pos, depth, &mut Table::new(18));
    eprintln!("{name}: alpha-beta depth {depth} from {pos}: {nodes} nodes");
    let mut group = c.benchmark_group("alphabeta");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(BenchmarkId::new(name, format!("depth {depth}")), |b| {
        // One table, emptied before every search outside the timing: a
        // new table's memory is given by the system page by page as the
        // search first touches it, and freed when it is dropped, which
        // took longer than the search itself (a searcher keeps its table).
        let mut table = Table::new(18);
        b.iter_custom(|iters| {
            let mut time = Duration::ZERO;
            for _ in 0..iters {
                table.clear();
                let start = Instant::now();
                black_box(alphabeta_nodes(black_box(&pos), depth, &mut table));
                time += start.elapsed();
            }
            time
        })
    });
    group.finish();
}

fn alphabeta(c: &mut Criterion) {
    alphabeta_one(c, "sadeqa-v", Position::new(SadeqaV), 5);
    alphabeta_one(c, "sadeqa-ii", Position::new(SadeqaII::new()), 8);
    alphabeta_one(c, "sadeqa-iii", Position::new(SadeqaIII::new()), 6);
    alphabeta_one(c, "game-91", Position::new(SadeqaIII::game_91()), 6);
    alphabeta_one::<Andada>(
        c,
        "andada-12",
        "andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 S 0-0 play"
            .parse()
            .expect("a position"),
        6,
    );
}

fn mcts_one<R: Ruleset>(c: &mut Criterion, name: &str, pos: Position<R>) {
    const PLAYOUTS: u32 = 500;
    let mut group = c.benchmark_group("mcts");
    group.throughput(Throughput::Elements(PLAYOUTS as u64));
    group.sample_size(10);
    group.bench_function(
        BenchmarkId::new(name, format!("{PLAYOUTS} playouts")),
        |b| b.iter(|| Mcts::new(PLAYOUTS, 1).search(black_box(&pos), pos.legal_moves())),
    );
    group.finish();
}

fn mcts(c: &mut Criterion) {
    mcts_one(c, "sadeqa-v", Position::new(SadeqaV));
    // After the two forced first moves (RULES.md section 4.1).
    let mut sadeqa_ii = Position::new(SadeqaII::new());
    sadeqa_ii.play(sowing::Move::Pit(6)).expect("legal");
    sadeqa_ii.play(sowing::Move::Pit(6)).expect("legal");
    mcts_one(c, "sadeqa-ii", sadeqa_ii);
    mcts_one(c, "sadeqa-iii", Position::new(SadeqaIII::new()));
    mcts_one(c, "game-91", Position::new(SadeqaIII::game_91()));
    mcts_one(
        c,
        "andada-12",
        Position::new(Andada::new(12).expect("a size")),
    );
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    for (name, rules) in [
        ("sadeqa-ii", SadeqaII::new()),
        ("sadeqa-ii starter-only", SadeqaII::starter_only()),
    ] {
        let start = Position::new(rules);
        let mut solver = Solver::new(20);
        let solution = solver.solve(&start, Limits::default());
        let strategy = solver.strategy(&start).expect("a strategy");
        eprintln!(
            "{name}: {:?} for the side to move, {} nodes, {} strategy lines",
            solution.verdict,
            solution.nodes,
            strategy.len()
        );
        group.throughput(Throughput::Elements(solution.nodes));
        group.bench_function(BenchmarkId::new("prove", name), |b| {
            b.iter_batched(
                || Solver::new(20),
                // The solver (and its table) freed outside the timing.
                |mut solver| (solver.solve(black_box(&start), Limits::default()), solver),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, alphabeta, mcts, solver);
criterion_main!(benches);
