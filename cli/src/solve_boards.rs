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
//! - with `--leaves K`, any of them by the df-pn solver over the endgame
//!   databases up to K seeds (built into `--dir`): the start's result
//!   (and, for Sadeqa III, its exact margin as two proved bounds), each
//!   with a certificate (module `sowing::certificate`) written to
//!   `--certificate-dir` and checked by the certificate checker, which
//!   uses only the rules and the databases' reader.
//!
//! ```text
//! cargo run --release --example solve_boards -- --game sadeqa-ii --pits 2,3,4,5 --seeds 1,2,3,4
//! cargo run --release --example solve_boards -- --game sadeqa-iii --pits 5 --seeds 4 --leaves 24 \
//!     --dir tb-boards --certificate-dir certificates
//! cargo run --release --example solve_boards -- --game andada --pits 3,6 --seeds 2 --time 300 \
//!     --strategy-dir tests/data/strategies
//! cargo run --release --example solve_boards -- --game sadeqa-iii --pits 4,5 --seeds 1,2,3 --dir tb-boards
//! ```

use crate::{describe, pipe};
use clap::{Parser, ValueEnum};
use sowing::certificate::{Certificate, Claim};
use sowing::rulesets::{Andada, Reading, Resizable, Resized, SadeqaII, SadeqaIII};
use sowing::solver::{Limits, Solver, Verdict};
use sowing::tablebase::{Builder, Tablebase, Tabulate};
use sowing::{Player, Position, Ruleset, Scoring};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
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

    /// The transposition table holds 2^BITS entries (64 bytes each).
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

    /// Solve by search with the endgame databases up to K seeds at its
    /// leaves (built into --dir), and write a certificate of the result
    /// (--certificate-dir), checked apart.
    #[arg(long, value_name = "K")]
    leaves: Option<u32>,

    /// With --leaves: write each entry's certificate to DIR/<file>.cert.
    #[arg(long, value_name = "DIR")]
    certificate_dir: Option<String>,
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

/// An entry solved by search over the databases up to `k` seeds (`--leaves
/// K`): the start's result with a certificate, checked by the certificate
/// checker with the databases opened again.
fn solve_over_databases<R: Resizable + Tabulate>(
    rules: R,
    game: Game,
    (m, n, k): (usize, u8, u32),
    args: &Args,
    time: Duration,
) -> Result<(), String> {
    let flags = format!(
        "`--game {} --pits {m} --seeds {n} --leaves {k}`",
        game.to_possible_value()
            .expect("no skipped value")
            .get_name()
    );
    let row = |result: &str, rest: &str| {
        println!(
            "| 2 x {m} | {n} | {} | {result} | {rest} | {flags} |",
            game.reading()
        );
        std::io::stdout().flush().ok();
    };
    let rules = match Resized::new(rules, m, n) {
        Ok(r) => r,
        Err(e) => {
            row(&format!("refused: {e}"), " | | | | |");
            return Ok(());
        }
    };
    let k = k.min(rules.total_seeds());
    let name = game.file(m, n);
    let stem = name.trim_end_matches(".strategy");
    // A directory for each K: the databases open every layer they find,
    // so the leaves of a smaller K must not see a larger K's layers.
    let dir = format!("{}/{stem}-upto-{k}", args.dir);
    let t = Instant::now();
    eprintln!("{stem}: the databases up to {k} seeds in {dir} ...");
    let built = Builder::new(rules, &dir)
        .max_seeds(k)
        .build(|_| {})
        .and_then(|_| Tablebase::open(rules, &dir));
    let tb = match built {
        Ok(tb) => Arc::new(tb),
        Err(e) => {
            row(&format!("not solved: {e}"), " | | | | |");
            return Ok(());
        }
    };
    let built = format!(
        "{} positions, {:.1} s",
        tb.positions(),
        t.elapsed().as_secs_f64()
    );
    let start = Position::new(rules);
    let limits = Limits {
        nodes: args.nodes,
        time: Some(time),
    };
    let mut solver = Solver::new(args.table_bits).with_tablebase(tb.clone());
    let t = Instant::now();
    solver.on_progress(move |p| {
        eprintln!(
            "  ... {:.0} s: {} nodes, proving for {}: root pn {} dn {}, table {} entries",
            p.time.as_secs_f64(),
            p.nodes,
            p.prover,
            p.root.0,
            p.root.1,
            p.table_used
        )
    });
    let mut nodes = 0u64;
    let spent = |t: &Instant| time.saturating_sub(t.elapsed());
    // The claims to prove: the margin's two bounds, or the winner's win.
    let (result, claims) = if rules.scoring() == Scoring::Points {
        let margin = solver.solve_margin(&start, limits);
        nodes += solver.nodes();
        match margin {
            Some(mg) => {
                let me = start.side_to_move();
                let result = match mg.signum() {
                    0 => "draw".to_string(),
                    1 => format!("{me} (first player) wins by {mg}"),
                    _ => format!("{} (second player) wins by {}", me.other(), -mg),
                };
                let claims = vec![
                    Claim::AtLeast {
                        player: me,
                        margin: mg,
                    },
                    Claim::AtLeast {
                        player: me.other(),
                        margin: -mg,
                    },
                ];
                (result, claims)
            }
            None => ("unknown: the budget ran out".to_string(), vec![]),
        }
    } else {
        let solution = solver.solve(&start, limits);
        nodes += solution.nodes;
        match solution.winner {
            Some(w) => (who(&start, game, w), vec![Claim::Wins(w)]),
            None if solution.verdict == Verdict::Draw => {
                ("neither: no forced win".to_string(), vec![])
            }
            None => ("unknown: the budget ran out".to_string(), vec![]),
        }
    };
    let mut certificates = Vec::new();
    let mut cert_note = String::new();
    for claim in claims {
        let left = Limits {
            nodes: args.nodes.map(|n| n.saturating_sub(nodes)),
            time: Some(spent(&t)),
        };
        let proved = solver.prove(&start, claim, left);
        nodes += solver.nodes();
        match proved.map(|_| solver.certificate(&start)) {
            Some(Ok(c)) => certificates.push(c),
            Some(Err(e)) => cert_note = format!("not written: {e}"),
            None => cert_note = format!("not written: \"{claim}\" unproved within the budget"),
        }
    }
    let search = format!("{nodes} nodes, {:.1} s", t.elapsed().as_secs_f64());
    if !certificates.is_empty() && cert_note.is_empty() {
        let mut text = Vec::new();
        for c in &certificates {
            c.write(&mut text).expect("written to memory");
        }
        let file = format!("{stem}-leaves-{k}.cert");
        if let Some(dir) = &args.certificate_dir {
            let path = format!("{dir}/{file}");
            std::fs::write(&path, &text).map_err(|e| format!("cannot write {path}: {e}"))?;
        }
        // Checked as a reader of the file would: parsed again, with the
        // databases opened again.
        let t = Instant::now();
        let reopened = Tablebase::open(rules, &dir).map_err(|e| e.to_string())?;
        let text = String::from_utf8(text).expect("UTF-8");
        let read = Certificate::parse(rules, &text, None).map_err(|e| e.to_string())?;
        let mut lines = 0;
        let mut leaves = 0;
        for c in &read {
            match c.check(&reopened) {
                Ok(check) => {
                    lines += c.lines.len();
                    leaves += check.leaves;
                }
                Err(e) => {
                    cert_note = format!("`{file}` FAILED its check: {e}");
                    break;
                }
            }
        }
        if cert_note.is_empty() {
            cert_note = format!(
                "`{file}` ({} claims: {}; {lines} lines, {} KB, {leaves} leaves; checked in {:.1} s)",
                read.len(),
                read.iter()
                    .map(|c| c.claim.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                text.len().div_ceil(1024),
                t.elapsed().as_secs_f64()
            );
        }
    }
    row(&result, &format!("{k} | {built} | {search} | {cert_note}"));
    Ok(())
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
    // Made (or refused) before any search, not after it.
    if let Some(dir) = &args.certificate_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the certificate directory {dir}: {e}"))?;
    }
    if let Some(k) = args.leaves {
        println!(
            "| board | seeds a pit | reading | result | leaves (seeds) | databases | search | certificate | solve_boards flags |"
        );
        println!("| --- | ---: | --- | --- | ---: | --- | --- | --- | --- |");
        for &m in &args.pits {
            for &n in &args.seeds {
                let entry = (m, n, k);
                match args.game {
                    Game::SadeqaII => {
                        solve_over_databases(SadeqaII::new(), args.game, entry, args, time)
                    }
                    Game::SadeqaIiStarterOnly => {
                        solve_over_databases(SadeqaII::starter_only(), args.game, entry, args, time)
                    }
                    Game::Andada => {
                        solve_over_databases(Andada::default(), args.game, entry, args, time)
                    }
                    Game::AndadaEmptyRow => {
                        let rules = Andada::default().with_reading(Reading::EmptyRowLoses);
                        solve_over_databases(rules, args.game, entry, args, time)
                    }
                    Game::AndadaLudii => {
                        let rules = Andada::default().with_reading(Reading::Ludii);
                        solve_over_databases(rules, args.game, entry, args, time)
                    }
                    Game::SadeqaIii => {
                        solve_over_databases(SadeqaIII::new(), args.game, entry, args, time)
                    }
                }?;
            }
        }
        return Ok(());
    }
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
