//! The analysis with the ruleset's type: the databases, the position,
//! its undecided moves proved, then the databases' answer or the search.

use crate::search_args::SearchArgs;
use crate::{database, describe, progress};
use clap::Parser;
use sowing::bots::alphabeta::{Table, analyse, table_line};
use sowing::bots::{Budget, Evaluation, StandardEval, TablebaseEval};
use sowing::solver::{Limits, Verdict, solve_moves};
use sowing::{Move, Position, Ruleset, Scoring};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Analyse a position: every legal move with its value, best first.
#[derive(Parser, Debug)]
#[command(version)]
#[command(mut_arg("variant", |a| a.help(
    "Variant whose start is analysed when no --position is given: sadeqa-v (the default), \
     sadeqa-ii, sadeqa-iii, game-91, andada (= andada-12), andada-15 .. andada-24. With \
     --position, the position string must be of this variant"
)))]
#[command(mut_arg("position", |a| a.help(
    "The position string (RULES.md section 7); its variant field names the variant"
)))]
#[command(mut_arg("time", |a| a.help(
    "Search for about this many seconds, more than 0 (default 3 when --depth is not given)"
)))]
#[command(mut_arg("tablebase", |a| a.help(
    "The endgame databases' directory (built by `sowing tablebase build`): a position they \
     hold is answered from them; elsewhere the search reads them at its leaves"
)))]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) search: SearchArgs,

    /// Search to this depth in plies, 1 to 64.
    #[arg(long, conflicts_with = "time", allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u8>(s, 1, 64))]
    depth: Option<u8>,

    /// Seconds of proof-number search per move before the alpha-beta
    /// search (0: none): up to this much for each legal move, so a
    /// position with 10 moves takes up to 10 s before the search.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1.0,
        allow_negative_numbers = true
    )]
    pub(crate) solve_time: f64,

    /// The proof search's table holds 2^BITS entries, 64 bytes each (20 =
    /// 64 MiB, 22 = 256 MiB, as `solve`): 18 to 26. A smaller table
    /// proves fewer moves in the same time.
    #[arg(long, value_name = "BITS", default_value_t = 22, allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u8>(s, 18, 26))]
    table_bits: u8,
}

/// The analysis with the rules' type: the databases, the position, its
/// undecided moves proved, then the databases' answer or the search.
pub(crate) fn run<R: Ruleset>(rules: R, args: &Args) -> Result<ExitCode, String> {
    let solve_time = describe::seconds("--solve-time", args.solve_time, true)?;
    let time = args.search.time()?;
    let budget = match (args.depth, time) {
        (Some(d), _) => Budget::Depth(d),
        (None, Some(t)) => Budget::Time(t),
        (None, None) => Budget::Time(Duration::from_secs(3)),
    };
    let db = args.search.tablebase(rules)?;
    let mut pos = args.search.position(rules)?;
    // The analysis starts from the exact legal moves: undecided ones are
    // proved first, with the progress on standard error.
    // --time bounds these proofs too (--depth has no time bound).
    let clock = Instant::now();
    let deadline = time.and_then(|t| clock.checked_add(t));
    if let Err((mv, laps)) = progress::settle_reported(&mut pos, deadline) {
        return Err(format!(
            "the time (--time {}) ran out proving whether move {mv} ever ends ({laps:.1e} laps \
             sown): the analysis needs the exact legal moves; give more --time, or --depth",
            args.search.time.unwrap_or_default()
        ));
    }
    match db {
        // The databases first: where they hold the position they are
        // exact, and no search is needed; elsewhere the search reads them
        // at its leaves.
        Some(db) => {
            println!("position: {pos}");
            if database::report(&db, &pos) {
                return Ok(ExitCode::SUCCESS);
            }
            println!();
            let eval = TablebaseEval::new(db, StandardEval);
            analyse_with(pos, args, solve_time, budget, &eval);
        }
        None => analyse_with(pos, args, solve_time, budget, &StandardEval),
    }
    Ok(ExitCode::SUCCESS)
}

/// Analyses `pos`: `solve_time` of proof search a move, then the search
/// within `budget` (both from `args`, checked by `main`).
fn analyse_with<R: Ruleset, E: Evaluation<R>>(
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
        solve_moves(&pos, limits, args.table_bits)
    } else {
        Vec::new()
    };
    match budget {
        Budget::Depth(d) => eprintln!("analyse: searching every move to depth {d} ..."),
        _ => eprintln!(
            "analyse: searching every move for {} s (--time) ...",
            args.search.time.unwrap_or(3.0)
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
