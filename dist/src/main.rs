//! `sowing-dist`: the endgame databases of `sowing::tablebase`, built on
//! several processes (and machines) through timely-dataflow, with exactly
//! the files a single-process build writes (docs/SCALING.md).
//!
//! ```text
//! # one process
//! sowing-dist --variant game-91 --max-seeds 12 --dir tb
//! # two processes on one machine (or two machines: -h hostfile)
//! sowing-dist --variant game-91 --max-seeds 12 --dir tb0 -- -n 2 -p 0 &
//! sowing-dist --variant game-91 --max-seeds 12 --dir tb1 -- -n 2 -p 1
//! ```
//!
//! Each timely worker sweeps a contiguous slice of every layer's indices
//! (balanced), then sends every other worker the values of its slice that
//! changed since it last sent them (`delta`), with the number of values it
//! changed: one timely epoch a sweep. The values
//! of a layer are its fixed point, the same whatever the slices
//! (`sowing::tablebase::Layer::sweep`), so every worker ends the layer
//! with the whole layer, and each process writes every layer file to its
//! own `--dir`: machines share no disk.

use clap::Parser;
use serde::{Deserialize, Serialize};
use sowing::tablebase::file::{Header, LayerFile, layer_path, write_layer};
use sowing::tablebase::{Layer, Progress, Tabulate};
use sowing::{AnyRuleset, BuiltIn, VisitRuleset};
use sowing_cli::Games;
use sowing_cli::rule_options::RuleOptions;
use std::cell::RefCell;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

/// Build the endgame databases of a two-row mancala game on several
/// processes through timely-dataflow. Timely's own options (`-w` workers
/// a process, `-n` processes, `-p` this process, `-h` a host file) follow
/// `--`.
#[derive(Parser, Debug, Clone)]
#[command(version)]
struct Args {
    /// Variant: sadeqa-v, sadeqa-ii, sadeqa-iii, game-91, andada (=
    /// andada-12), andada-15 .. andada-24.
    #[arg(long)]
    variant: String,
    /// Build every layer up to this many seeds on the board.
    #[arg(long, value_name = "K")]
    max_seeds: u32,
    /// This process's directory for the layer files (created if missing);
    /// every process writes every layer.
    #[arg(long, value_name = "D")]
    dir: PathBuf,
    /// Rayon threads a timely worker sweeps with (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    #[command(flatten)]
    options: RuleOptions,
    /// Timely's arguments, after `--`: e.g. `-n 2 -p 0` (two processes,
    /// this is the first; `-h hostfile` for several machines, one
    /// `host:port` a line; `-w 1` workers a process).
    #[arg(last = true, value_name = "TIMELY")]
    timely: Vec<String>,
}

/// What a worker sends another after a sweep (or before a layer).
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Msg {
    /// Whether the sender's directory holds the layer whole already.
    Have(bool),
    /// The values of the indices `start..start + len` that changed since
    /// the sender last sent them, as runs (`delta`).
    Changes {
        start: u64,
        len: u64,
        #[serde(with = "serde_bytes")]
        runs: Vec<u8>,
    },
    /// The sender's sweep changed `changed` values and sent `sent` bytes
    /// of changes (the runs, all receivers together).
    Swept { changed: u64, sent: u64 },
}

/// Changes go out in pieces of at most this many indices (a message of
/// at most a few more bytes).
const PIECE: usize = 4 << 20;

mod delta;

fn main() -> ExitCode {
    let args = Args::parse();
    // The built-in games (the layer files' header names them), read with
    // the tools' flags and words, then as the library's `AnyRuleset`: its
    // name with its options reads back as the same ruleset.
    let rules = match args
        .options
        .build(&Games::built_in(), &args.variant)
        .and_then(|rules| {
            rules
                .to_string()
                .parse::<AnyRuleset>()
                .map_err(|e| e.to_string())
        }) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("sowing-dist: {e}");
            return ExitCode::FAILURE;
        }
    };
    struct Run(Args);
    impl VisitRuleset for Run {
        type Output = Result<(), String>;
        fn visit<R: BuiltIn>(self, rules: R) -> Self::Output {
            run(rules, self.0)
        }
    }
    let result = rules.visit(Run(args));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sowing-dist: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Starts the timely workers of this process and waits for them.
fn run<R: Tabulate>(rules: R, args: Args) -> Result<(), String> {
    if args.max_seeds > rules.total_seeds() {
        return Err(format!(
            "--max-seeds {} is more than the {} seeds of {}",
            args.max_seeds,
            rules.total_seeds(),
            rules.name()
        ));
    }
    std::fs::create_dir_all(&args.dir).map_err(|e| format!("{}: {e}", args.dir.display()))?;
    let timely_args = std::iter::once("sowing-dist".to_owned()).chain(args.timely.clone());
    // The workers of one process write one directory: one at a time.
    let writing = Arc::new(Mutex::new(()));
    let guards = timely::execute_from_args(timely_args, move |worker| {
        let result = build(worker, rules, &args, &writing);
        if let Err(e) = &result {
            // The other workers wait for this one's sweeps: end the
            // process rather than leave them waiting.
            eprintln!("sowing-dist: worker {}: {e}", worker.index());
            std::process::exit(1);
        }
        result
    })?;
    for result in guards.join() {
        result??;
    }
    Ok(())
}

/// The slice of `0..positions` of worker `index` of `peers`: contiguous,
/// sizes differing by one at most.
fn slice(positions: u64, index: usize, peers: usize) -> Range<u64> {
    let (index, peers) = (index as u64, peers as u64);
    let at = |i: u64| (positions as u128 * i as u128 / peers as u128) as u64;
    at(index)..at(index + 1)
}

/// The layer file at `path` if it is whole and of the build `expected`
/// describes (everything but the checksum): as `Builder` reuses a file.
fn reusable(path: &Path, expected: &Header) -> Option<LayerFile> {
    let mapped = LayerFile::open(path).ok()?;
    let same = Header {
        crc32: mapped.header.crc32,
        ..expected.clone()
    } == mapped.header;
    (same && mapped.verify()).then_some(mapped)
}

/// Rounds of messages between the workers, one timely epoch a round.
struct Exchanger {
    /// (to which worker, in which round, what).
    input: InputHandleVec<u64, (u64, u64, Msg)>,
    probe: ProbeHandle<u64>,
    /// What came in, with its round: a faster worker's next round may come
    /// in before this round's last message is seen.
    inbox: Rc<RefCell<Vec<(u64, Msg)>>>,
}

impl Exchanger {
    fn new(worker: &mut Worker) -> Self {
        let mut input = InputHandleVec::new();
        let probe = ProbeHandle::new();
        let inbox: Rc<RefCell<Vec<(u64, Msg)>>> = Rc::default();
        let sink = Rc::clone(&inbox);
        worker.dataflow(|scope| {
            scope
                .input_from(&mut input)
                .container::<Vec<_>>()
                .exchange(|(to, _, _): &(u64, u64, Msg)| *to)
                .inspect(move |(_, round, msg): &(u64, u64, Msg)| {
                    sink.borrow_mut().push((*round, msg.clone()))
                })
                .probe_with(&probe);
        });
        Exchanger {
            input,
            probe,
            inbox,
        }
    }

    /// Sends `out` (each to its worker), closes the round, and returns what
    /// the others sent this worker in it.
    fn round(
        &mut self,
        worker: &mut Worker,
        out: impl IntoIterator<Item = (u64, Msg)>,
    ) -> Vec<Msg> {
        let round = *self.input.time();
        for (to, msg) in out {
            self.input.send((to, round, msg));
        }
        let next = round + 1;
        self.input.advance_to(next);
        while self.probe.less_than(self.input.time()) {
            worker.step_or_park(Some(Duration::from_millis(5)));
        }
        let mut inbox = self.inbox.borrow_mut();
        let (this, later): (Vec<_>, Vec<_>) = std::mem::take(&mut *inbox)
            .into_iter()
            .partition(|(r, _)| *r == round);
        *inbox = later;
        this.into_iter().map(|(_, msg)| msg).collect()
    }
}

/// One worker's build: every layer, its slice swept, the values exchanged
/// after every sweep.
fn build<R: Tabulate>(
    worker: &mut Worker,
    rules: R,
    args: &Args,
    writing: &Mutex<()>,
) -> Result<(), String> {
    let (index, peers) = (worker.index(), worker.peers());
    let others = move || (0..peers).filter(move |&p| p != index).map(|p| p as u64);
    let mut exchanger = Exchanger::new(worker);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| e.to_string())?;
    let quiet = |_: &Progress| {};
    let dir = &args.dir;
    let mut lower: Vec<LayerFile> = Vec::new();
    let started = Instant::now();
    let mut bytes_sent = 0u64;
    if index == 0 {
        println!(
            "{} up to {} seeds, {peers} workers",
            rules.name(),
            args.max_seeds
        );
        println!(
            "{:>5} {:>13} {:>6} {:>9} {:>14} {:>12}",
            "seeds", "positions", "sweeps", "time (s)", "bytes sent", "positions/s"
        );
    }
    for seeds in 0..=args.max_seeds {
        let t = Instant::now();
        let path = layer_path(dir, &rules.name(), seeds);
        let expected = Header::of(&rules, seeds, 0);
        // Every worker reuses the layer, or none does: they agree first.
        let have = {
            let _lock = writing.lock().map_err(|e| e.to_string())?;
            reusable(&path, &expected)
        };
        let answers = exchanger.round(
            worker,
            others()
                .map(|p| (p, Msg::Have(have.is_some())))
                .collect::<Vec<_>>(),
        );
        let all_have = answers.iter().all(|m| matches!(m, Msg::Have(true)));
        if let (Some(file), true) = (have, all_have) {
            lower.push(file);
            if index == 0 {
                println!(
                    "{seeds:>5} {:>13} {:>6} {:>9.2} {:>14} {:>12}  (read from its file)",
                    expected.positions,
                    0,
                    t.elapsed().as_secs_f64(),
                    0,
                    "-"
                );
            }
            continue;
        }
        let (values, sweeps, sent) = {
            let layer = Layer::new(rules, seeds, &lower, Some(dir));
            let range = slice(layer.positions(), index, peers);
            let values = layer.new_values();
            // What this worker last sent of its slice (every worker starts
            // the layer with every value 0), and the slice after a sweep.
            let mut sent_values = vec![0u8; (range.end - range.start) as usize];
            let mut own = sent_values.clone();
            let (mut sweep, mut sent_total) = (0u32, 0u64);
            loop {
                let changed = pool
                    .install(|| layer.sweep(&values, range.clone(), sweep, &quiet))
                    .map_err(|e| e.to_string())?;
                values.read_range(range.start, &mut own);
                let mut out = Vec::new();
                let mut sent = 0u64;
                for (i, (old, new)) in sent_values.chunks(PIECE).zip(own.chunks(PIECE)).enumerate()
                {
                    let mut runs = Vec::new();
                    if delta::encode(old, new, &mut runs) == 0 {
                        continue;
                    }
                    let start = range.start + (i * PIECE) as u64;
                    for p in others() {
                        sent += runs.len() as u64;
                        out.push((
                            p,
                            Msg::Changes {
                                start,
                                len: new.len() as u64,
                                runs: runs.clone(),
                            },
                        ));
                    }
                }
                std::mem::swap(&mut sent_values, &mut own);
                for p in others() {
                    out.push((p, Msg::Swept { changed, sent }));
                }
                let mut total_changed = changed;
                sent_total += sent;
                for msg in exchanger.round(worker, out) {
                    match msg {
                        Msg::Changes { start, len, runs } => {
                            if start
                                .checked_add(len)
                                .is_none_or(|end| end > layer.positions())
                            {
                                return Err(format!(
                                    "changes for indices {start}..+{len}, past the layer's {}",
                                    layer.positions()
                                ));
                            }
                            delta::apply(&runs, len, |at, bytes| {
                                values.write_range(start + at, bytes)
                            })
                            .map_err(|e| e.to_string())?;
                        }
                        Msg::Swept { changed, sent } => {
                            total_changed += changed;
                            sent_total += sent;
                        }
                        Msg::Have(_) => return Err("a stray message".into()),
                    }
                }
                let done = layer.done(sweep, total_changed);
                sweep += 1;
                if done {
                    break;
                }
            }
            (values.into_bytes(), sweep, sent_total)
        };
        let header = Header::of(&rules, seeds, crc32fast::hash(&values));
        {
            // Another worker of this process may have written it already.
            let _lock = writing.lock().map_err(|e| e.to_string())?;
            match reusable(&path, &header) {
                Some(file) if file.header.crc32 == header.crc32 => {}
                _ => write_layer(&path, &header, &values).map_err(|e| e.to_string())?,
            }
        }
        drop(values);
        bytes_sent += sent;
        lower.push(LayerFile::open(&path).map_err(|e| e.to_string())?);
        if index == 0 {
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{seeds:>5} {:>13} {:>6} {:>9.2} {:>14} {:>12.0}",
                header.positions,
                sweeps,
                secs,
                sent,
                header.positions as f64 * sweeps as f64 / secs.max(1e-9)
            );
        }
    }
    if index == 0 {
        println!(
            "total: {:.1} s, {bytes_sent} bytes of changed values sent",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::slice;

    #[test]
    fn slices_cover_the_layer_in_order_and_balanced() {
        for positions in [0u64, 1, 7, 1000, 17_383_860] {
            for peers in 1..=5 {
                let slices: Vec<_> = (0..peers).map(|i| slice(positions, i, peers)).collect();
                assert_eq!(slices[0].start, 0);
                assert_eq!(slices[peers - 1].end, positions);
                for w in slices.windows(2) {
                    assert_eq!(w[0].end, w[1].start);
                }
                let sizes: Vec<u64> = slices.iter().map(|r| r.end - r.start).collect();
                let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
                assert!(hi - lo <= 1, "{sizes:?}");
            }
        }
    }
}
