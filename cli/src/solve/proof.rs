//! The proof with the ruleset's type: the position, its undecided moves
//! proved, the databases, then the solver's proof, its certificates, or
//! the check of a strategy file.

use crate::search_args::SearchArgs;
use crate::{database, describe, progress};
use clap::Parser;
use sowing::certificate::{Certificate, Claim, NoLeaves};
use sowing::solver::{Limits, Solver, Verdict, check_strategy, read_strategy};
use sowing::tablebase::Tablebase;
use sowing::{Move, Player, Position, Ruleset};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Prove who wins a position of a two-row mancala game of Ethiopia or Eritrea.
#[derive(Parser, Debug)]
#[command(version)]
#[command(mut_arg("variant", |a| a.help(
    "Variant, when no --position is given: sadeqa-v, sadeqa-ii (the default), sadeqa-iii, \
     game-91, andada (= andada-12), andada-15 .. andada-24. With --position, the position \
     string must be of this variant"
)))]
#[command(mut_arg("position", |a| a.help(
    "Solve this position string (RULES.md section 7) instead of the variant's start; its \
     variant field names the variant"
)))]
#[command(mut_arg("time", |a| a.help(
    "Stop after about this many seconds, more than 0 (the answer is then \"unknown\")"
)))]
#[command(mut_arg("tablebase", |a| a.help(
    "The endgame databases' directory (built by `sowing tablebase build`): says what they \
     know of the position, and the search takes every position they hold as a leaf (no \
     strategy is written then: it would stop at those positions; --certificate writes one \
     whose lines stop there). With --check, the databases a certificate's leaves need"
).conflicts_with("strategy")))]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) search: SearchArgs,

    /// Write the winning strategy to this file: one line
    /// `<position string> <move>` per position with the winner to move.
    #[arg(long, value_name = "FILE")]
    strategy: Option<String>,

    /// Write a certificate of the result to this file (module
    /// `sowing::certificate`): the winner's win, and with --margin the
    /// margin's two bounds; with --tablebase its lines stop at the
    /// positions the databases hold. Check it with --check.
    #[arg(long, value_name = "FILE", conflicts_with = "check")]
    certificate: Option<String>,

    /// Check this strategy or certificate file against the position
    /// instead of solving (a strategy's winner is read from its first
    /// comment line, or --winner; a certificate whose lines stop at the
    /// databases needs --tablebase).
    #[arg(long, value_name = "FILE", conflicts_with = "strategy")]
    check: Option<String>,

    /// The winner of the strategy to check: S or N.
    #[arg(long, value_name = "S|N", requires = "check")]
    winner: Option<char>,

    /// Stop after about this many expanded nodes: 4096 at least. The
    /// search counts its nodes in steps of 4096, so it stops at the first
    /// multiple of 4096 from N on.
    #[arg(long, value_name = "N", value_parser = node_count, allow_negative_numbers = true)]
    nodes: Option<u64>,

    /// The transposition table holds 2^BITS entries (64 bytes each;
    /// 18 = 16 MiB, 22 = 256 MiB, 25 = 2 GiB). 18 at least:
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
    pub(crate) margin: bool,
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

fn line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// The run with the rules' type: the position, its undecided moves
/// proved, the databases, then the proof (or the strategy's check).
pub(crate) fn run<R: Ruleset>(rules: R, args: &Args) -> Result<ExitCode, String> {
    let time = args.search.time()?;
    let mut pos = args.search.position(rules)?;
    // The solver proves its root's undecided moves exactly: here, with the
    // progress on standard error. Under --time the proofs count against it.
    let clock = Instant::now();
    let deadline = time.and_then(|t| clock.checked_add(t));
    if let Err((mv, laps)) = progress::settle_reported(&mut pos, deadline) {
        println!("position: {pos}");
        println!(
            "result: unknown: the time ran out proving whether move {mv} ever ends \
             ({laps:.1e} laps sown; the solver needs the exact legal moves: give more --time)"
        );
        return Ok(ExitCode::SUCCESS);
    }
    let db = args.search.tablebase(rules)?;
    if let Some(db) = &db {
        println!("{} ({pos})", database::line(db, &pos));
    }
    let time = time.map(|t| t.saturating_sub(clock.elapsed()));
    match &args.check {
        Some(file) => check(&pos, args, file, db.as_deref()),
        None => solve(&pos, args, time, db),
    }
}

/// `--check FILE`: the strategy in the file, checked from `pos`.
fn check<R: Ruleset>(
    pos: &Position<R>,
    args: &Args,
    file: &str,
    db: Option<&Tablebase<R>>,
) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    if text.trim().is_empty() {
        return Err(format!("{file} is empty: no strategy to check"));
    }
    if text.lines().any(|l| l.trim() == "# sowing certificate") {
        return check_certificates(pos, file, &text, db);
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
                .ok_or_else(|| format!("--winner expects S or N, found {c}"))?;
            if let Some(named) = named
                && named != asked
            {
                return Err(format!(
                    "{file} is a strategy for {named}, not for {asked} (--winner {c})"
                ));
            }
            asked
        }
        None => named.ok_or("the file does not name its winner; give --winner")?,
    };
    // The root it was written for, with the reading in its state field
    // (Sadeqa II's `first:S` is the starter-only reading).
    if let Some(root) = text.lines().find_map(|l| l.strip_prefix("# root: "))
        && root.trim() != pos.to_string()
    {
        return Err(format!(
            "{file} was written for {}, not for {pos} (another start, or another reading: \
             check the variant and option flags)",
            root.trim()
        ));
    }
    let clock = Instant::now();
    let lines = read_strategy(*pos.rules(), &text).map_err(|e| format!("{file}: {e}"))?;
    match check_strategy(pos, winner, &lines) {
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
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `--check FILE` of a certificate file: each certificate in it, checked
/// by the certificate checker (the rules and the databases' reader only).
fn check_certificates<R: Ruleset>(
    pos: &Position<R>,
    file: &str,
    text: &str,
    db: Option<&Tablebase<R>>,
) -> Result<ExitCode, String> {
    let certs =
        Certificate::parse(*pos.rules(), text, Some(pos)).map_err(|e| format!("{file}: {e}"))?;
    let mut failed = false;
    for c in &certs {
        if c.root != *pos {
            return Err(format!(
                "{file} has a certificate for {}, not for {pos} (give its root with --position, \
                 or check the variant and option flags)",
                c.root
            ));
        }
        let clock = Instant::now();
        let result = match db {
            Some(db) => c.check(db),
            None => c.check(&NoLeaves),
        };
        match result {
            Ok(k) => println!(
                "certificate {file}: OK, {} from {pos}: {} lines, {} positions with the prover \
                 to move, {} with his opponent, {} finished games and {} database leaves \
                 reached, longest line {} plies, {} unused lines ({:.1} s)",
                c.claim,
                c.lines.len(),
                k.prover_positions,
                k.opponent_positions,
                k.finished,
                k.leaves,
                k.max_plies,
                k.unused_lines,
                clock.elapsed().as_secs_f64()
            ),
            Err(e) => {
                println!("certificate {file}: FAILED: \"{}\": {e}", c.claim);
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Whether `file` can be written: opened for appending (made if it is not
/// there, its contents left as they are); whether it was made.
fn touch(file: &str) -> Result<bool, String> {
    let existed = std::path::Path::new(file).exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(file)
        .map_err(|e| format!("cannot create {file}: {e}"))?;
    Ok(!existed)
}

/// Proves each of `claims` from `pos` again and writes their certificates
/// to `file` (with the databases' positions as leaves where the solver
/// has them); whether it wrote them.
fn write_certificates<R: Ruleset>(
    solver: &mut Solver<R>,
    pos: &Position<R>,
    claims: &[Claim],
    limits: Limits,
    file: &str,
) -> Result<bool, String> {
    let mut text = Vec::new();
    for &claim in claims {
        match solver.prove(pos, claim, limits) {
            Some(true) => {}
            _ => {
                println!(
                    "certificate: not written: \"{claim}\" not proved again within the budget"
                );
                return Ok(false);
            }
        }
        match solver.certificate(pos) {
            Ok(c) => {
                println!("certificate: \"{claim}\", {} lines", c.lines.len());
                c.write(&mut text).expect("written to memory");
            }
            Err(e) => {
                println!("certificate: not written: {e}");
                return Ok(false);
            }
        }
    }
    std::fs::write(file, &text).map_err(|e| format!("cannot write {file}: {e}"))?;
    println!("certificate written to {file} (check it with --check {file})");
    Ok(true)
}

/// Solves `pos`; `time`: what is left of `--time`.
fn solve<R: Ruleset>(
    pos: &Position<R>,
    args: &Args,
    time: Option<Duration>,
    db: Option<Arc<Tablebase<R>>>,
) -> Result<ExitCode, String> {
    let pos = *pos;
    let limits = Limits {
        nodes: args.nodes,
        time,
    };
    // A strategy or certificate file that cannot be written is named now,
    // not after the search; one made here and left unwritten is removed at
    // the end.
    let made = args.strategy.as_deref().map(touch).transpose()?;
    let made_certificate = args.certificate.as_deref().map(touch).transpose()?;
    let mut written = false;
    let mut solver = Solver::<R>::new(args.table_bits);
    if args.exact {
        solver = solver.with_lap_limit(None);
    }
    if let Some(tb) = db {
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
        Verdict::Unknown if solver.stopped() => "unknown: the budget ran out".to_string(),
        Verdict::Unknown => format!(
            "unknown: the search ended undecided, not for lack of budget ({} repetitions \
             met: play that repeats is counted as no win for either side, and neither side's \
             win nor the draw could be proved; see the solver's documentation)",
            solution.repetitions
        ),
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
                        .map_err(|e| format!("cannot create {file}: {e}"))?;
                    let mut out = std::io::BufWriter::new(out);
                    strategy
                        .write(&mut out)
                        .and_then(|()| out.flush())
                        .map_err(|e| format!("cannot write {file}: {e}"))?;
                    println!("strategy written to {file}");
                    written = true;
                }
            }
            Err(e) => println!("strategy: not written: {e}"),
        }
    }
    if solver.has_oracle()
        && matches!(solution.verdict, Verdict::Win | Verdict::Loss)
        && args.certificate.is_none()
    {
        println!(
            "strategy: none (the proof stops at the positions the databases hold; solve without \
             --tablebase for one, or write a certificate whose lines stop there: --certificate FILE)"
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
    let mut margin = None;
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
            Some(m) => {
                println!(
                    "final margin with best play: {m:+} seed{} for {me} (to move)",
                    if m.abs() == 1 { "" } else { "s" }
                );
                margin = Some(m);
            }
            None => {
                println!("final margin: not found: the budget ran out")
            }
        }
    }
    if let Some(file) = &args.certificate {
        let mut certificate_written = false;
        let me = pos.side_to_move();
        let claims = match (margin, solution.winner) {
            (Some(m), _) => vec![
                Claim::AtLeast {
                    player: me,
                    margin: m,
                },
                Claim::AtLeast {
                    player: me.other(),
                    margin: -m,
                },
            ],
            (None, Some(w)) => vec![Claim::Wins(w)],
            (None, None) => vec![],
        };
        if claims.is_empty() {
            println!("certificate: not written to {file}: nothing was proved");
        } else {
            let rest = Limits {
                nodes: None,
                time: limits.time.map(|t| t.saturating_sub(clock.elapsed())),
            };
            certificate_written = write_certificates(&mut solver, &pos, &claims, rest, file)?;
        }
        if !certificate_written && made_certificate == Some(true) {
            let _ = std::fs::remove_file(file);
        }
    }
    println!("total time: {:.2} s", clock.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}
