//! The commands with the ruleset's type: build the databases (with their
//! progress and report), compare them with another build's, probe one
//! position.

use crate::rule_options::RuleOptions;
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use sowing::tablebase::{Builder, Forecast, LayerReport, Progress, Tablebase};
use sowing::{Player, Position, Ruleset};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Build or probe the endgame databases of a two-row mancala game of
/// Ethiopia or Eritrea.
#[derive(Parser, Debug)]
#[command(version)]
pub(crate) struct Args {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Build the databases of a variant up to a number of seeds on the board.
    Build {
        /// Variant: sadeqa-v, sadeqa-ii, sadeqa-iii, game-91, andada (=
        /// andada-12), andada-15 .. andada-24.
        #[arg(long)]
        variant: String,
        /// Build every layer up to this many seeds on the board.
        #[arg(long, value_name = "K")]
        max_seeds: u32,
        /// The directory for the layer files (created if missing).
        #[arg(long, value_name = "D")]
        dir: PathBuf,
        /// Worker threads (default: one per core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
        /// Win/draw/loss databases (the scoring games): two bits a
        /// position, the sign of the margin from here on, with the
        /// windows of margins the build needs in D/windows.
        #[arg(long)]
        win_draw_loss: bool,
        #[command(flatten)]
        options: RuleOptions,
    },
    /// Check win/draw/loss databases against margin databases of the same
    /// game: every position of every layer both hold (and every window the
    /// build kept).
    Compare {
        /// Variant, as for `build`.
        #[arg(long)]
        variant: String,
        /// The win/draw/loss databases' directory.
        #[arg(long, value_name = "D")]
        dir: PathBuf,
        /// The margin databases' directory.
        #[arg(long, value_name = "D")]
        margins: PathBuf,
        #[command(flatten)]
        options: RuleOptions,
    },
    /// Probe a position: who wins under perfect play, and each move's value.
    Probe {
        /// The directory of the layer files.
        #[arg(long, value_name = "D")]
        dir: PathBuf,
        /// The position string (RULES.md section 7), e.g.
        /// "game-91 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 30-29".
        position: String,
        #[command(flatten)]
        options: RuleOptions,
    },
}

/// `command` with the rules' type (`rules`: its variant and options).
pub(crate) fn run<R: Ruleset>(rules: R, command: &Command) -> Result<(), String> {
    match command {
        Command::Build {
            max_seeds,
            dir,
            threads,
            win_draw_loss,
            ..
        } => build(
            rules,
            *max_seeds,
            dir,
            threads.map(usize::from),
            *win_draw_loss,
        ),
        Command::Compare { dir, margins, .. } => compare(rules, dir, margins),
        Command::Probe { dir, position, .. } => {
            let pos = Position::from_str_with(rules, position).map_err(|e| e.to_string())?;
            probe(dir, &pos)
        }
    }
}

/// `build`: every layer, a progress bar a sweep, then the table.
fn build<R: Ruleset>(
    rules: R,
    max_seeds: u32,
    dir: &Path,
    threads: Option<usize>,
    win_draw_loss: bool,
) -> Result<(), String> {
    let mut builder = Builder::new(rules, dir).max_seeds(max_seeds);
    if let Some(n) = threads {
        builder = builder.threads(n);
    }
    if win_draw_loss {
        builder = builder.win_draw_loss();
    }
    // What the build will hold, before it starts: a build that cannot be
    // made is refused first, and a layer too large for the machine is seen
    // now, not after minutes.
    let plan = builder.plan().map_err(|e| e.to_string())?;
    eprintln!(
        "building {}{} up to {max_seeds} seeds on the board into {}: {plan}",
        sowing::options::with_options(&rules),
        if win_draw_loss {
            " (win/draw/loss)"
        } else {
            ""
        },
        dir.display(),
    );
    let style = ProgressStyle::with_template(
        "{prefix:>18} [{bar:30}] {human_pos}/{human_len} positions, {per_sec}, {eta} left  {msg}",
    )
    .expect("a valid template")
    .progress_chars("=> ");
    // One bar for the sweep under way: a new sweep starts a new bar.
    let bar: Mutex<Option<(u32, u32, ProgressBar)>> = Mutex::new(None);
    let started = Instant::now();
    let reports = builder
        .build(|p: &Progress| {
            let mut bar = bar.lock().expect("the progress bar");
            let fresh = !matches!(&*bar, Some((s, w, _)) if *s == p.seeds && *w == p.sweep);
            if fresh {
                if let Some((_, _, old)) = bar.take() {
                    old.finish_and_clear();
                }
                let b = ProgressBar::new(p.positions).with_style(style.clone());
                b.set_prefix(format!("layer {}, sweep {}", p.seeds, p.sweep));
                *bar = Some((p.seeds, p.sweep, b));
            }
            if let Some((_, _, b)) = &*bar {
                b.set_position(p.done);
                b.set_message(format!("{} changed", p.changed));
            }
        })
        .map_err(|e| e.to_string())?;
    if let Some((_, _, b)) = bar.lock().expect("the progress bar").take() {
        b.finish_and_clear();
    }
    print_reports(&reports, started.elapsed());
    Ok(())
}

/// The table of layers: positions, sweeps, time, rate, growth.
fn print_reports(reports: &[LayerReport], total: Duration) {
    println!(
        "{:>5} {:>13} {:>13} {:>6} {:>9} {:>12} {:>7}",
        "seeds", "positions", "cumulative", "sweeps", "time (s)", "positions/s", "growth"
    );
    let mut cumulative = 0u64;
    let mut previous: Option<&LayerReport> = None;
    for r in reports {
        cumulative += r.positions;
        let secs = r.time.as_secs_f64();
        let rate = if r.reused || secs == 0.0 {
            "-".to_owned()
        } else {
            format!("{:.0}", r.positions as f64 * r.sweeps as f64 / secs)
        };
        // Only between two layers built now: a layer read from its file
        // took no time worth comparing.
        let growth = match previous {
            Some(p) if !p.reused && !r.reused => format!(
                "{:.2}",
                r.time.as_secs_f64() / p.time.as_secs_f64().max(1e-9)
            ),
            _ => "-".to_owned(),
        };
        println!(
            "{:>5} {:>13} {:>13} {:>6} {:>9.2} {:>12} {:>7}{}",
            r.seeds,
            r.positions,
            cumulative,
            r.sweeps,
            secs,
            rate,
            growth,
            if r.reused {
                "  (read from its file)"
            } else {
                ""
            }
        );
        if let Some([w, d, l]) = r.wdl {
            println!("      side to move: {w} wins, {d} draws, {l} losses");
        }
        if std::env::var_os("TABLEBASE_CHANGES").is_some() {
            println!("      changes by sweep: {:?}", r.changes);
        }
        previous = Some(r);
    }
    println!(
        "total: {cumulative} positions, {:.1} s",
        total.as_secs_f64()
    );
}

/// `compare`: a line a layer, then whether everything agreed (an error if
/// not).
fn compare<R: Ruleset>(rules: R, dir: &Path, margins: &Path) -> Result<(), String> {
    let checks =
        sowing::tablebase::compare_win_draw_loss(rules, dir, margins).map_err(|e| e.to_string())?;
    println!(
        "{:>5} {:>13} {:>13} {:>13} {:>13} {:>10} {:>7} {:>10}",
        "seeds", "positions", "wins", "draws", "losses", "mismatches", "window", "mismatches"
    );
    let (mut wrong, mut positions) = (0, 0);
    for c in &checks {
        let [w, d, l] = c.wdl;
        println!(
            "{:>5} {:>13} {:>13} {:>13} {:>13} {:>10} {:>7} {:>10}",
            c.seeds,
            c.positions,
            w,
            d,
            l,
            c.mismatches,
            c.window.map_or("-".to_owned(), |k| format!("±{k}")),
            c.window
                .map_or("-".to_owned(), |_| c.window_mismatches.to_string()),
        );
        wrong += c.mismatches + c.window_mismatches;
        positions += c.positions;
    }
    // What was not compared is said, not left out of "agree": the layers
    // above the margins' top, and the windows a directory lacks.
    let next = checks.len() as u32;
    let above = (next..)
        .take_while(|&s| sowing::tablebase::file::layer_path(dir, &rules.name(), s).exists())
        .last();
    if let Some(top) = above {
        println!(
            "not compared: layers {next} to {top} of {}, above the margins' top layer {}",
            dir.display(),
            next.saturating_sub(1)
        );
    }
    let windows = checks.iter().filter(|c| c.window.is_some()).count();
    match wrong {
        0 => {
            println!(
                "agree: {positions} positions, every result and {}",
                match windows {
                    0 => "no window (none kept)".to_owned(),
                    // Every layer below the win/draw/loss top keeps one.
                    w if w + usize::from(above.is_none()) >= checks.len() => {
                        "every window".to_owned()
                    }
                    w => format!("the {w} windows kept"),
                }
            );
            Ok(())
        }
        n => Err(format!("{n} values disagree (of {positions} positions)")),
    }
}

/// `probe`: who wins from `pos`, and each move's value.
fn probe<R: Ruleset>(dir: &Path, pos: &Position<R>) -> Result<(), String> {
    let tb = Tablebase::open(*pos.rules(), dir).map_err(|e| e.to_string())?;
    println!("position: {pos}");
    let Some(value) = tb.probe(pos) else {
        return Err(format!(
            "the databases in {} hold positions with at most {} seeds on the board (this one has {}){}",
            dir.display(),
            tb.max_seeds(),
            pos.seeds_on_board(),
            if pos.seeds_on_board() <= tb.max_seeds() {
                ", and not its state"
            } else {
                ""
            }
        ));
    };
    println!("database: {}", result(pos, Forecast::of(pos, value)));
    if !pos.is_over() {
        let me = pos.side_to_move();
        println!("moves ({me} to move):");
        let mut rows: Vec<(i32, String)> = pos
            .successors()
            .map(|(mv, child)| {
                let f = tb.forecast(&child).expect("a move never adds seeds");
                (f.rank_for(me), format!("  {mv}: {}", result(&child, f)))
            })
            .collect();
        rows.sort_by_key(|(rank, _)| -rank);
        for (_, row) in rows {
            println!("{row}");
        }
    }
    Ok(())
}

/// "South wins by 4 seeds (holding 30-29 now)", "North wins in 7 plies",
/// "draw (...)": the forecast, and the points held now in the scoring
/// games.
fn result<R: Ruleset>(pos: &Position<R>, f: Forecast) -> String {
    match (pos.points(Player::South), pos.points(Player::North)) {
        (Some(s), Some(n)) => format!("{f} (holding {s}-{n} now)"),
        _ => f.to_string(),
    }
}
