//! Every legal move of a position with its value, best first: a result
//! proved by the solver where it finds one within its budget, else the
//! alpha-beta search's score and depth; then the principal variation.
//!
//! ```text
//! cargo run --release --example analyse -- --position "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:SN"
//! cargo run --release --example analyse -- --position "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0" --depth 8
//! cargo run --release --example analyse -- --position "..." --time 10 --solve-time 0
//! cargo run --release --example analyse -- --position "game-91 ..." --tablebase tb
//! ```
//!
//! With `--tablebase DIR` (databases built by the `tablebase` example) a
//! position the databases hold is answered from them (`database: South
//! wins by 4 seeds`, and each move's result), without a search; elsewhere
//! the alpha-beta search reads them at its leaves.

use crate::{database, describe, pipe, progress, rule_options};
use clap::Parser;
use rule_options::RuleOptions;
use sowing::bots::alphabeta::{Table, analyse, table_line};
use sowing::bots::{Budget, Evaluation, StandardEval, TablebaseEval};
use sowing::solver::{Limits, Verdict, solve_moves};
use sowing::tablebase::{AnyTablebase, Tabulate};
use sowing::{AnyPosition, Move, Position, Scoring};
use sowing::{BuiltIn, Visit};
use std::time::{Duration, Instant};

/// Analyse a position: every legal move with its value, best first.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The position string (RULES.md section 7); its variant field names
    /// the variant.
    #[arg(long)]
    position: String,

    #[command(flatten)]
    rules: RuleOptions,

    /// Search to this depth in plies, 1 to 64.
    #[arg(long, conflicts_with = "time", allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u8>(s, 1, 64))]
    depth: Option<u8>,

    /// Search for about this many seconds, more than 0 (default 3 when
    /// --depth is not given).
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    time: Option<f64>,

    /// Seconds of proof-number search per move before the alpha-beta
    /// search (0: none): up to this much for each legal move, so a
    /// position with 10 moves takes up to 10 s before the search.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1.0,
        allow_negative_numbers = true
    )]
    solve_time: f64,

    /// The endgame databases' directory (built by the `tablebase`
    /// example): a position they hold is answered from them; elsewhere
    /// the search reads them at its leaves.
    #[arg(long, value_name = "DIR")]
    tablebase: Option<String>,
}

fn fail(msg: impl std::fmt::Display) -> ! {
    eprintln!("analyse: {msg}");
    std::process::exit(2);
}

/// The value of `flag` as a time: at most 86,400 s, and more than 0 unless
/// `zero` (`--solve-time 0`: no proof search) is allowed.
fn seconds(s: f64, flag: &str, zero: bool) -> Duration {
    describe::seconds(flag, s, zero).unwrap_or_else(|e| fail(e))
}

/// Analyses `pos`: `solve_time` of proof search a move, then the search
/// within `budget` (both from `args`, checked by `main`).
fn run<R: Tabulate, E: Evaluation<R>>(
    pos: Position<R>,
    args: &Args,
    solve_time: Duration,
    budget: Budget,
    eval: &E,
) {
    println!("position: {pos}");
    if pos.is_over() {
        println!("the game is over: {}", pos.outcome());
        return;
    }
    let me = pos.side_to_move();
    println!("{me} to move; legal moves: {}", pos.legal_moves());
    let clock = Instant::now();
    // Each phase says on standard error what it does and how long it may
    // take, so that a run of many seconds is not a silent one.
    let moves = pos.legal_moves().len();
    let proved: Vec<(Move, Verdict)> = if !solve_time.is_zero() {
        eprintln!(
            "analyse: proving each move's result, up to {} s a move (--solve-time) for {moves} {} ...",
            args.solve_time,
            if moves == 1 { "move" } else { "moves" }
        );
        let limits = Limits {
            nodes: None,
            time: Some(solve_time),
        };
        solve_moves(&pos, limits, 20)
    } else {
        Vec::new()
    };
    match budget {
        Budget::Depth(d) => eprintln!("analyse: searching every move to depth {d} ..."),
        _ => eprintln!(
            "analyse: searching every move for {} s (--time) ...",
            args.time.unwrap_or(3.0)
        ),
    }
    let mut table = Table::new(20);
    let analysis = analyse(&pos, budget, eval, &mut table);
    let verdict = |mv: Move| {
        proved
            .iter()
            .find(|(m, _)| *m == mv)
            .map_or(Verdict::Unknown, |(_, v)| *v)
    };
    let mut rows: Vec<_> = analysis
        .moves
        .iter()
        .map(|m| {
            let v = verdict(m.mv);
            let rank = match v {
                Verdict::Win => 1 << 40,
                Verdict::Loss => -(1 << 40),
                Verdict::Draw => 0,
                Verdict::Unknown => 0,
            } + m.value.0 as i64;
            (rank, v, m)
        })
        .collect();
    rows.sort_by_key(|(rank, _, m)| (std::cmp::Reverse(*rank), m.mv));
    // Every value with its unit: seeds ahead, mobility counted in seeds,
    // or a proven result.
    let scoring = pos.rules().scoring();
    let cells: Vec<[String; 4]> = rows
        .iter()
        .map(|(_, v, m)| {
            let score = describe::search_value(m.value, scoring);
            let value = match v {
                Verdict::Win => "win (proved)".to_string(),
                Verdict::Loss => "loss (proved)".to_string(),
                Verdict::Draw => "draw (proved)".to_string(),
                Verdict::Unknown => score.clone(),
            };
            [m.mv.to_string(), value, score, m.depth.to_string()]
        })
        .collect();
    let head = [
        "move".to_string(),
        format!("value for {me}"),
        "search score".to_string(),
        "depth".to_string(),
    ];
    let width: Vec<usize> = (0..4)
        .map(|i| {
            cells
                .iter()
                .map(|c| c[i].len())
                .chain([head[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let (w0, w1, w2, w3) = (width[0], width[1], width[2], width[3]);
    println!();
    println!(
        "| {:>w0$} | {:<w1$} | {:>w2$} | {:>w3$} |",
        head[0], head[1], head[2], head[3]
    );
    println!(
        "|{}:|{}|{}:|{}:|",
        "-".repeat(w0 + 1),
        "-".repeat(w1 + 2),
        "-".repeat(w2 + 1),
        "-".repeat(w3 + 1)
    );
    for [mv, value, score, depth] in &cells {
        println!("| {mv:>w0$} | {value:<w1$} | {score:>w2$} | {depth:>w3$} |");
    }
    if scoring == Scoring::LastMover {
        println!();
        println!("seeds of mobility: 1 a seed in one's row, 4 a pit one can play, 4 more a pit");
        println!("of 2 seeds or more, less the opponent's");
    }
    let best = rows.first().map(|(_, _, m)| m.mv);
    let pv: Vec<String> = best
        .map(|mv| table_line(&table, &pos, mv, 24))
        .unwrap_or_default()
        .iter()
        .map(|m| m.to_string())
        .collect();
    println!();
    println!("principal variation: {}", pv.join("/"));
    println!(
        "search: {} nodes in {:.2} s; total {:.2} s",
        analysis.nodes,
        analysis.time.as_secs_f64(),
        clock.elapsed().as_secs_f64()
    );
}

pub fn main() {
    pipe::exit_quietly_on_closed_output();
    let args = Args::parse();
    // The times are checked before anything is printed.
    let solve_time = seconds(args.solve_time, "--solve-time", true);
    let time = args.time.map(|t| seconds(t, "--time", false));
    let budget = match (args.depth, time) {
        (Some(d), _) => Budget::Depth(d),
        (None, Some(t)) => Budget::Time(t),
        (None, None) => Budget::Time(Duration::from_secs(3)),
    };
    let name = describe::variant_of(&args.position)
        .unwrap_or_else(|e| fail(format!("bad --position {:?}: {e}", args.position)));
    let rules = args.rules.build(name).unwrap_or_else(|e| fail(e));
    let db = args
        .tablebase
        .as_ref()
        .map(|dir| database::open(dir, rules).unwrap_or_else(|e| fail(e)));
    let mut pos = AnyPosition::from_str_with(rules, &args.position)
        .unwrap_or_else(|e| fail(format!("bad --position {:?}: {e}", args.position)));
    // The analysis starts from the exact legal moves: undecided ones are
    // proved first, with the progress on standard error.
    // --time bounds these proofs too (--depth has no time bound).
    let clock = Instant::now();
    let deadline = time.and_then(|t| clock.checked_add(t));
    if let Err((mv, laps)) = progress::settle_reported(&mut pos, deadline) {
        fail(format!(
            "the time (--time {}) ran out proving whether move {mv} ever ends ({laps:.1e} laps \
             sown): the analysis needs the exact legal moves; give more --time, or --depth",
            args.time.unwrap_or_default()
        ));
    }
    if let Some(db) = &db {
        // The databases first: where they hold the position they are exact,
        // and no search is needed.
        println!("position: {pos}");
        if database::report(db, &pos) {
            return;
        }
        println!();
    }
    let db = db.as_ref();
    struct WithDatabase<'a>(&'a Args, Duration, Budget, Option<&'a AnyTablebase>);
    impl Visit for WithDatabase<'_> {
        type Output = ();
        fn visit<R: BuiltIn>(self, p: Position<R>) {
            with_database(p, self.0, self.1, self.2, self.3)
        }
    }
    pos.visit(WithDatabase(&args, solve_time, budget, db));
}

/// [`run`] with the evaluation that reads the databases, if there are any.
fn with_database<R: Tabulate + 'static>(
    pos: Position<R>,
    args: &Args,
    solve_time: Duration,
    budget: Budget,
    db: Option<&AnyTablebase>,
) where
    StandardEval: Evaluation<R>,
{
    match db.and_then(AnyTablebase::get::<R>) {
        Some(tb) => run(
            pos,
            args,
            solve_time,
            budget,
            &TablebaseEval::new(tb, StandardEval),
        ),
        None => run(pos, args, solve_time, budget, &StandardEval),
    }
}
