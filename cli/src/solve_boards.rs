//! Solves games from their start on small boards (`Resized`), one entry
//! per board and seed count, and prints a row of the solved-games table
//! for each (docs/SOLVED.md):
//!
//! - the games won by moving last (Sadeqa II under both readings, Andada)
//!   with the df-pn solver; with `--strategy-dir`, writes each proved
//!   entry's winning strategy, checked with the exact rule;
//! - the Sadeqa III rules (a scoring game) with the endgame databases:
//!   every position with at most the board's seeds is built into `--dir`
//!   (module `sowing::tablebase`) and the start position read from them,
//!   so the entry is the exact margin under perfect play.
//!
//! ```text
//! cargo run --release --example solve_boards -- --game sadeqa-ii --pits 2,3,4,5 --seeds 1,2,3,4
//! cargo run --release --example solve_boards -- --game andada --pits 3,6 --seeds 2 --time 300 \
//!     --strategy-dir tests/data/strategies
//! cargo run --release --example solve_boards -- --game sadeqa-iii --pits 4,5 --seeds 1,2,3 --dir tb-boards
//! ```

use crate::{describe, pipe};
use clap::{Parser, ValueEnum};
use sowing::rulesets::{Andada, Reading, Resizable, Resized, SadeqaII, SadeqaIII};
use sowing::solver::{Limits, Solver, Verdict};
use sowing::tablebase::{Builder, Tablebase};
use sowing::{Player, Position, Ruleset};
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Solve a game on small boards from its start, entry by entry.
#[derive(Parser, Debug)]
struct Args {
    /// The rules: Sadeqa II (both players' first moves forced), Sadeqa II
    /// under the starter-only reading, Andada under one of its readings
    /// (all three by the df-pn solver), or Sadeqa III (by the endgame
    /// databases, built into --dir).
    #[arg(long, value_enum)]
    game: Game,

    /// Pits per row, m (comma-separated).
    #[arg(long, value_delimiter = ',', required = true)]
    pits: Vec<usize>,

    /// Seeds a pit, n (comma-separated).
    #[arg(long, value_delimiter = ',', required = true)]
    seeds: Vec<u8>,

    /// Seconds each entry may take at most (the answer is then "unknown"):
    /// more than 0, at most 86400.
    #[arg(long, default_value_t = 180.0, allow_negative_numbers = true)]
    time: f64,

    /// Expanded nodes each entry may take at most.
    #[arg(long)]
    nodes: Option<u64>,

    /// The transposition table holds 2^BITS entries (68 bytes each).
    #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u8).range(16..=26))]
    table_bits: u8,

    /// Write each proved entry's strategy to DIR/<file> (the file named in
    /// the row).
    #[arg(long, value_name = "DIR")]
    strategy_dir: Option<String>,

    /// Sadeqa III: the directory of the databases (one subdirectory a
    /// board, kept: a later run reads them instead of building again).
    #[arg(long, value_name = "DIR", default_value = "tb-boards")]
    dir: String,

    /// Sadeqa III: refuse an entry whose databases hold more positions.
    #[arg(long, default_value_t = 2_000_000_000)]
    max_positions: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Game {
    /// Sadeqa II, both players' first moves forced (RULES.md 4.1).
    SadeqaII,
    /// Sadeqa II, only the starter's first move forced.
    SadeqaIiStarterOnly,
    /// Andada, Pankhurst's reading (RULES.md 6).
    Andada,
    /// Andada, Wikipedia's reading: a player whose row is empty after any
    /// move loses (RULES.md 6.7).
    AndadaEmptyRow,
    /// Andada, Ludii's reading (RULES.md 6.7).
    AndadaLudii,
    /// Sadeqa III (RULES.md 5), solved with the endgame databases.
    SadeqaIii,
}

impl Game {
    fn reading(self) -> &'static str {
        match self {
            Game::SadeqaII => "default",
            Game::SadeqaIiStarterOnly => "starter_only",
            Game::Andada => "Pankhurst",
            Game::AndadaEmptyRow => "empty row loses",
            Game::AndadaLudii => "Ludii",
            Game::SadeqaIii => "default",
        }
    }

    /// The strategy file's name: the notation name with `-` for `:` (no
    /// colon in file names) and the reading when it is not the default.
    fn file(self, m: usize, n: u8) -> String {
        match self {
            Game::SadeqaII => format!("sadeqa-ii-{m}x{n}.strategy"),
            Game::SadeqaIiStarterOnly => format!("sadeqa-ii-starter-only-{m}x{n}.strategy"),
            Game::Andada => format!("andada-{m}x{n}.strategy"),
            Game::AndadaEmptyRow => format!("andada-empty-row-{m}x{n}.strategy"),
            Game::AndadaLudii => format!("andada-ludii-{m}x{n}.strategy"),
            Game::SadeqaIii => format!("sadeqa-iii-{m}x{n}"),
        }
    }
}

/// Who the winner is, in the table's words.
fn who<R: Resizable>(pos: &Position<Resized<R>>, game: Game, winner: Player) -> String {
    let first = pos.side_to_move();
    let seat = if winner == first { "first" } else { "second" };
    match game {
        Game::Andada | Game::AndadaEmptyRow => format!(
            "{winner} ({seat} player: {} opens, {} chooses)",
            first,
            first.other()
        ),
        Game::AndadaLudii => format!(
            "{winner} ({seat} player: {} opens, {} moves next)",
            first,
            first.other()
        ),
        _ => format!("{winner} ({seat} player)"),
    }
}

/// An entry of a game won by moving last: the df-pn solver from the start
/// of the game on 2 x `m` pits of `n` seeds. `Err`: a strategy file that
/// cannot be written.
fn solve<R: Resizable>(
    rules: R,
    game: Game,
    m: usize,
    n: u8,
    args: &Args,
    time: Duration,
) -> Result<(), String> {
    let rules = match Resized::new(rules, m, n) {
        Ok(r) => r,
        Err(e) => {
            println!(
                "| 2 x {m} | {n} | {} | refused: {e} | | | | |",
                game.reading()
            );
            return Ok(());
        }
    };
    let pos = Position::new(rules);
    let mut solver = Solver::new(args.table_bits);
    let limits = Limits {
        nodes: args.nodes,
        time: Some(time),
    };
    let solution = solver.solve(&pos, limits);
    let secs = solution.time.as_secs_f64();
    let (winner, file) = match (solution.verdict, solution.winner) {
        (Verdict::Win | Verdict::Loss, Some(w)) => {
            let t = Instant::now();
            let file = match solver.strategy(&pos) {
                Ok(strategy) => {
                    let name = game.file(m, n);
                    let mut text = Vec::new();
                    strategy.write(&mut text).expect("written to memory");
                    if let Some(dir) = &args.strategy_dir {
                        let path = format!("{dir}/{name}");
                        std::fs::write(&path, &text)
                            .map_err(|e| format!("cannot write {path}: {e}"))?;
                    }
                    format!(
                        "`{name}` ({} lines, {} KB, longest line {} plies; built in {:.1} s)",
                        strategy.len(),
                        text.len().div_ceil(1024),
                        strategy.pv.len(),
                        t.elapsed().as_secs_f64()
                    )
                }
                Err(e) => format!("not written: {e}"),
            };
            (who(&pos, game, w), file)
        }
        (Verdict::Draw, _) => (
            format!(
                "neither: no forced win, play repeats ({} repetitions met)",
                solution.repetitions
            ),
            String::new(),
        ),
        _ => ("unknown: budget ran out".to_string(), String::new()),
    };
    let game_flag = game.to_possible_value().expect("no skipped value");
    println!(
        "| 2 x {m} | {n} | {} | {winner} | {} | {secs:.1} s | {file} | `--game {} --pits {m} --seeds {n}` |",
        game.reading(),
        solution.nodes,
        game_flag.get_name(),
    );
    std::io::stdout().flush().ok();
    Ok(())
}

/// Positions with at most `seeds` seeds on `pits` pits: C(seeds + pits,
/// pits), saturated.
fn positions_up_to(pits: u64, seeds: u64) -> u64 {
    (1..=pits).fold(1u64, |c, i| c.saturating_mul(seeds + i) / i)
}

/// A Sadeqa III entry: the databases of every position with at most the
/// board's seeds, then the start position's value.
fn solve_scoring(m: usize, n: u8, args: &Args) {
    let rules = match Resized::new(SadeqaIII::new(), m, n) {
        Ok(r) => r,
        Err(e) => {
            println!("| 2 x {m} | {n} | refused: {e} | | | | | |");
            return;
        }
    };
    let seeds = rules.total_seeds();
    let size = positions_up_to(2 * m as u64, seeds as u64);
    let flags = format!("`--game sadeqa-iii --pits {m} --seeds {n}`");
    if size > args.max_positions {
        println!(
            "| 2 x {m} | {n} | not solved: {size} positions, over --max-positions | | | | | {flags} |"
        );
        return;
    }
    let dir = format!("{}/{}", args.dir, Game::SadeqaIii.file(m, n));
    let started = Instant::now();
    let built = Builder::new(rules, &dir)
        .max_seeds(seeds)
        .build(|_| {})
        .and_then(|_| Tablebase::open(rules, &dir));
    let secs = started.elapsed().as_secs_f64();
    let tb = match built {
        Ok(tb) => tb,
        Err(e) => {
            println!("| 2 x {m} | {n} | not solved: {e} | | | | | {flags} |");
            return;
        }
    };
    let start = Position::new(rules);
    let margin = tb.final_margin(&start).expect("the start is held");
    let first = start.side_to_move();
    let result = match margin.signum() {
        0 => "draw".to_string(),
        s => {
            let winner = if s > 0 { Player::South } else { Player::North };
            let seat = if winner == first { "first" } else { "second" };
            format!("{winner} ({seat} player) wins")
        }
    };
    println!(
        "| 2 x {m} | {n} | {result} | {} | {} | {secs:.1} s | `{dir}` | {flags} |",
        margin.abs(),
        tb.positions(),
    );
    std::io::stdout().flush().ok();
}

/// `solve_boards`: a row of the table for each board and seed count.
/// Exit status 2 and a line on standard error for a bad `--time` or a
/// strategy file that cannot be written.
pub fn main() -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solve_boards: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let time = describe::seconds("--time", args.time, false)?;
    if args.game == Game::SadeqaIii {
        println!(
            "| board | seeds a pit | result | margin | positions | time | databases | solve_boards flags |"
        );
        println!("| --- | ---: | --- | ---: | ---: | ---: | --- | --- |");
        for &m in &args.pits {
            for &n in &args.seeds {
                solve_scoring(m, n, args);
            }
        }
        return Ok(());
    }
    println!(
        "| board | seeds a pit | reading | winner | nodes | time | strategy | solve_boards flags |"
    );
    println!("| --- | ---: | --- | --- | ---: | ---: | --- | --- |");
    for &m in &args.pits {
        for &n in &args.seeds {
            match args.game {
                Game::SadeqaII => solve(SadeqaII::new(), args.game, m, n, args, time),
                Game::SadeqaIiStarterOnly => {
                    solve(SadeqaII::starter_only(), args.game, m, n, args, time)
                }
                Game::Andada => solve(Andada::default(), args.game, m, n, args, time),
                Game::AndadaEmptyRow => {
                    let rules = Andada::default().with_reading(Reading::EmptyRowLoses);
                    solve(rules, args.game, m, n, args, time)
                }
                Game::AndadaLudii => {
                    let rules = Andada::default().with_reading(Reading::Ludii);
                    solve(rules, args.game, m, n, args, time)
                }
                Game::SadeqaIii => unreachable!("solved with the databases above"),
            }?;
        }
    }
    Ok(())
}
