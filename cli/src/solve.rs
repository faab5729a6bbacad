//! Proves who wins a position with best play (proof-number search), writes
//! the winning strategy and prints the principal line.
//!
//! ```text
//! cargo run --release --example solve -- --variant sadeqa-ii --strategy sadeqa-ii.strategy
//! cargo run --release --example solve -- --variant sadeqa-ii --starter-only --time 600
//! cargo run --release --example solve -- --position "sadeqa-iii 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 41-50" --margin
//! cargo run --release --example solve -- --variant sadeqa-ii --check sadeqa-ii.strategy
//! cargo run --release --example solve -- --position "game-91 ..." --margin --tablebase tb
//! ```
//!
//! With `--tablebase DIR` (databases built by the `tablebase` example) it
//! prints what they say of the position (`database: South wins by 4
//! seeds`) and the search takes every position they hold as a leaf.

use crate::{database, describe, pipe, progress, rule_options};
use clap::Parser;
use rule_options::RuleOptions;
use sowing::solver::{Limits, Solver, Verdict, check_strategy, read_strategy};
use sowing::tablebase::{AnyTablebase, Tabulate};
use sowing::{AnyPosition, Move, Player, Position};
use sowing::{BuiltIn, Visit};
use std::io::Write;
use std::time::{Duration, Instant};

/// Prove who wins a position of a two-row mancala game of Ethiopia or Eritrea.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Variant, when no --position is given: sadeqa-v, sadeqa-ii (the
    /// default), sadeqa-iii, game-91, andada (= andada-12), andada-15 ..
    /// andada-24. With --position, the position string must be of this
    /// variant.
    #[arg(long)]
    variant: Option<String>,

    /// Solve this position string (RULES.md section 7) instead of the
    /// variant's start; its variant field names the variant.
    #[arg(long)]
    position: Option<String>,

    #[command(flatten)]
    rules: RuleOptions,

    /// Write the winning strategy to this file: one line
    /// `<position string> <move>` per position with the winner to move.
    #[arg(long, value_name = "FILE")]
    strategy: Option<String>,

    /// Check this strategy file against the position instead of solving
    /// (the winner is read from its first comment line, or --winner).
    #[arg(long, value_name = "FILE", conflicts_with = "strategy")]
    check: Option<String>,

    /// The winner of the strategy to check: S or N.
    #[arg(long, value_name = "S|N", requires = "check")]
    winner: Option<char>,

    /// Stop after about this many seconds, more than 0 (the answer is
    /// then "unknown").
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    time: Option<f64>,

    /// Stop after about this many expanded nodes: 4096 at least. The
    /// search counts its nodes in steps of 4096, so it stops at the first
    /// multiple of 4096 from N on.
    #[arg(long, value_name = "N", value_parser = node_count, allow_negative_numbers = true)]
    nodes: Option<u64>,

    /// The transposition table holds 2^BITS entries (68 bytes each
    /// for Sadeqa II; 18 = 18 MB, 22 = 285 MB, 25 = 2.3 GB). 18 at least:
    /// in a table of 2^16 entries or fewer the proof of Sadeqa II's start
    /// does not fit, and the search goes round without progress.
    #[arg(long, default_value_t = 22, allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u8>(s, 18, 26))]
    table_bits: u8,

    /// Search with the exact endless-sowing test throughout, not only at
    /// the root (default: a lap limit of 10,000 laps inside the tree).
    #[arg(long)]
    exact: bool,

    /// Scoring games: also find the exact final margin with best play.
    #[arg(long)]
    margin: bool,

    /// The endgame databases' directory (built by the `tablebase`
    /// example): says what they know of the position, and the search
    /// takes every position they hold as a leaf (no strategy is written
    /// then: it would stop at those positions).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["strategy", "check"])]
    tablebase: Option<String>,
}

/// `--nodes`: 4096 at least, the step in which the search counts its nodes
/// (a smaller budget would still search 4096 nodes).
fn node_count(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 4096 => Ok(n),
        Ok(n) => Err(format!(
            "{n} is below the minimum of 4096 nodes (the search counts its nodes in steps of 4096)"
        )),
        Err(_) => describe::whole_number::<u64>(s, 4096, u64::MAX),
    }
}

fn fail(msg: impl std::fmt::Display) -> ! {
    eprintln!("solve: {msg}");
    std::process::exit(2);
}

fn start(args: &Args) -> AnyPosition {
    match &args.position {
        // As `play` and `replay`: a --variant that the string contradicts
        // is an error ("--variant sadeqa-v and the position string name
        // different games"), not ignored.
        Some(s) => {
            describe::position_flag(args.variant.as_deref(), s, |name| args.rules.build(name))
                .unwrap_or_else(|e| fail(e))
        }
        None => {
            let variant = args.variant.as_deref().unwrap_or("sadeqa-ii");
            AnyPosition::new(args.rules.build(variant).unwrap_or_else(|e| fail(e)))
        }
    }
}

fn line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Solves (or checks) `pos`; `time`: what is left of `--time`.
fn run<R: Tabulate + 'static>(
    pos: Position<R>,
    args: &Args,
    time: Option<Duration>,
    db: Option<&AnyTablebase>,
) {
    if let Some(file) = &args.check {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| fail(format!("cannot read {file}: {e}")));
        if text.trim().is_empty() {
            fail(format!("{file} is empty: no strategy to check"));
        }
        let named = text
            .lines()
            .next()
            .and_then(|l| l.strip_suffix(" wins"))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|w| match w {
                "South" => Some(Player::South),
                "North" => Some(Player::North),
                _ => None,
            });
        let winner = match args.winner {
            Some(c) => {
                let asked = Player::from_letter(c.to_ascii_uppercase())
                    .unwrap_or_else(|| fail(format!("--winner expects S or N, found {c}")));
                if let Some(named) = named
                    && named != asked
                {
                    fail(format!(
                        "{file} is a strategy for {named}, not for {asked} (--winner {c})"
                    ));
                }
                asked
            }
            None => {
                named.unwrap_or_else(|| fail("the file does not name its winner; give --winner"))
            }
        };
        // The root it was written for, with the reading in its state field
        // (Sadeqa II's `first:S` is the starter-only reading).
        if let Some(root) = text.lines().find_map(|l| l.strip_prefix("# root: "))
            && root.trim() != pos.to_string()
        {
            fail(format!(
                "{file} was written for {}, not for {pos} (another start, or another reading: \
                 check the variant and option flags)",
                root.trim()
            ));
        }
        let clock = Instant::now();
        let lines =
            read_strategy(*pos.rules(), &text).unwrap_or_else(|e| fail(format!("{file}: {e}")));
        match check_strategy(&pos, winner, &lines) {
            Ok(c) => println!(
                "strategy {file}: OK, {winner} wins from {pos}: {} lines, {} winner positions, \
                 {} loser positions, {} finished games reached, longest line {} plies, {} unused lines ({:.1} s)",
                lines.len(),
                c.winner_positions,
                c.loser_positions,
                c.finished,
                c.max_plies,
                c.unused_lines,
                clock.elapsed().as_secs_f64()
            ),
            Err(e) => {
                println!("strategy {file}: FAILED: {e}");
                std::process::exit(1);
            }
        }
        return;
    }
    let limits = Limits {
        nodes: args.nodes,
        time,
    };
    // A strategy file that cannot be written is named now, not after the
    // search; one made here and left unwritten is removed at the end.
    let made = args.strategy.as_ref().map(|file| {
        let existed = std::path::Path::new(file).exists();
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(file)
            .unwrap_or_else(|e| fail(format!("cannot create {file}: {e}")));
        !existed
    });
    let mut written = false;
    let mut solver = Solver::<R>::new(args.table_bits);
    if args.exact {
        solver = solver.with_lap_limit(None);
    }
    if let Some(tb) = db.and_then(AnyTablebase::get::<R>) {
        solver = solver.with_tablebase(tb);
    }
    let clock = Instant::now();
    solver.on_progress(move |p| {
        eprintln!(
            "  ... {:.0} s: {} nodes ({:.0}/s), proving a win for {}: root pn {} dn {}, table {} entries",
            p.time.as_secs_f64(),
            p.nodes,
            p.nodes as f64 / p.time.as_secs_f64().max(1e-9),
            p.prover,
            p.root.0,
            p.root.1,
            p.table_used
        )
    });
    println!("position: {pos}");
    let solution = solver.solve(&pos, limits);
    let me = pos.side_to_move();
    let result = match solution.verdict {
        // Nothing to prove: say why, as `analyse` does.
        _ if pos.is_over() => format!("the game is over: {}", pos.outcome()),
        Verdict::Win => format!("{me} (to move) wins"),
        Verdict::Loss => format!("{} wins ({me} to move loses)", me.other()),
        Verdict::Draw if solution.repetitions == 0 => {
            "draw: neither side can force a win (no repetition met: certain)".to_string()
        }
        Verdict::Draw => format!(
            "draw: neither side can force a win with repetitions counted as no win \
             ({} repetitions met; see the solver's documentation)",
            solution.repetitions
        ),
        Verdict::Unknown => "unknown: the budget ran out".to_string(),
    };
    println!("result: {result}");
    println!(
        "nodes: {} expanded in {:.2} s ({:.0} nodes/s); table: {} of {} entries used",
        solution.nodes,
        solution.time.as_secs_f64(),
        solution.nodes as f64 / solution.time.as_secs_f64().max(1e-9),
        solver.table_used(),
        1u64 << args.table_bits
    );
    if matches!(solution.verdict, Verdict::Win | Verdict::Loss) && !solver.has_oracle() {
        let t = Instant::now();
        match solver.strategy(&pos) {
            Ok(strategy) => {
                println!(
                    "strategy: {} {} (positions with {} to move), checked with the exact rule, built in {:.2} s",
                    strategy.len(),
                    if strategy.len() == 1 { "line" } else { "lines" },
                    strategy.winner,
                    t.elapsed().as_secs_f64()
                );
                if strategy.pv.is_empty() {
                    println!("principal line: none, the game is over");
                } else {
                    println!(
                        "principal line ({} plies): {}",
                        strategy.pv.len(),
                        line(&strategy.pv)
                    );
                }
                if let Some(file) = &args.strategy {
                    let out = std::fs::File::create(file)
                        .unwrap_or_else(|e| fail(format!("cannot create {file}: {e}")));
                    let mut out = std::io::BufWriter::new(out);
                    strategy
                        .write(&mut out)
                        .and_then(|()| out.flush())
                        .unwrap_or_else(|e| fail(format!("cannot write {file}: {e}")));
                    println!("strategy written to {file}");
                    written = true;
                }
            }
            Err(e) => println!("strategy: not written: {e}"),
        }
    }
    if solver.has_oracle() && matches!(solution.verdict, Verdict::Win | Verdict::Loss) {
        println!(
            "strategy: none (the proof stops at the positions the databases hold; solve without --tablebase for one)"
        );
    }
    if let Some(file) = &args.strategy
        && !written
    {
        if !matches!(solution.verdict, Verdict::Win | Verdict::Loss) {
            println!("strategy: not written to {file}: no side was proved to win");
        }
        if made == Some(true) {
            let _ = std::fs::remove_file(file);
        }
    }
    if args.margin {
        // `--time` and `--nodes` bound the whole run: the margin's search
        // has what the proof left.
        let rest = Limits {
            nodes: limits.nodes.map(|n| n.saturating_sub(solution.nodes)),
            time: limits.time.map(|t| t.saturating_sub(clock.elapsed())),
        };
        let spent = rest.nodes == Some(0) || rest.time == Some(Duration::ZERO);
        match if spent {
            None
        } else {
            solver.solve_margin(&pos, rest)
        } {
            Some(m) => println!(
                "final margin with best play: {m:+} seed{} for {me} (to move)",
                if m.abs() == 1 { "" } else { "s" }
            ),
            None => {
                println!("final margin: not found: the budget ran out")
            }
        }
    }
    println!("total time: {:.2} s", clock.elapsed().as_secs_f64());
}

pub fn main() {
    pipe::exit_quietly_on_closed_output();
    let args = Args::parse();
    let time = args
        .time
        .map(|t| describe::seconds("--time", t, false).unwrap_or_else(|e| fail(e)));
    let mut pos = start(&args);
    // The solver proves its root's undecided moves exactly: here, with the
    // progress on standard error.
    // Only the games won by points have a margin (`Ruleset::scoring`; their
    // `points` is `None` for the games won by moving last).
    if args.margin && pos.points(Player::South).is_none() {
        fail(format!(
            "--margin applies to the games with a score (sadeqa-v, sadeqa-iii, game-91), not {}",
            pos.variant()
        ));
    }
    // Under --time the proofs count against it.
    let clock = Instant::now();
    let deadline = time.and_then(|t| clock.checked_add(t));
    if let Err((mv, laps)) = progress::settle_reported(&mut pos, deadline) {
        println!("position: {pos}");
        println!(
            "result: unknown: the time ran out proving whether move {mv} ever ends \
             ({laps:.1e} laps sown; the solver needs the exact legal moves: give more --time)"
        );
        return;
    }
    let db = args.tablebase.as_ref().map(|dir| {
        let db = database::open(dir, pos.rules()).unwrap_or_else(|e| fail(e));
        println!("{} ({pos})", database::line(&db, &pos));
        db
    });
    let db = db.as_ref();
    let time = time.map(|t| t.saturating_sub(clock.elapsed()));
    struct Run<'a>(&'a Args, Option<Duration>, Option<&'a AnyTablebase>);
    impl Visit for Run<'_> {
        type Output = ();
        fn visit<R: BuiltIn>(self, p: Position<R>) {
            run(p, self.0, self.1, self.2)
        }
    }
    pos.visit(Run(&args, time, db));
}
