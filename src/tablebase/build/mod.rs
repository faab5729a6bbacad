//! Building the databases: layer after layer by seeds on the board, each
//! iterated to its fixed point over every core (rayon).
//!
//! A move either keeps the seeds on the board (the same layer) or removes
//! some (a capture: a smaller layer, already built). So the layers are
//! built from 0 seeds up, and within a layer the values are found by
//! sweeping it again and again, each position taking the best of its
//! moves, until a sweep changes nothing. Two algorithms, by what a game's
//! databases hold ([`ValueKind`]):
//!
//! - [`margin`]: the scoring games' margins, every value from 0 up to the
//!   fixed point (exact and unique, whatever the order of the sweeps);
//! - [`last_mover`]: the games won by moving last (Sadeqa II, Andada),
//!   rounds of retrograde analysis with exact distances.
//!
//! Both run on [`layer`]: a layer's values, its sweeps over every core,
//! and the one walk through a layer's positions. Here: the [`Builder`]
//! that builds the layers one after the other, its plan and reports.

mod last_mover;
mod layer;
mod margin;
mod wdl;

pub use layer::{Layer, LayerValues};

use super::codec::{Layout, Tabulate};
use super::edges::Keep;
use super::file::{Header, LayerFile, layer_path, write_layer};
use super::{TablebaseError, ValueKind};
use crate::player::Player;
use crate::position::Position;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest layer built: 2^36 positions (64 GiB of values).
const MAX_LAYER: u64 = 1 << 36;

/// What a build is doing, for a progress display: told after every chunk
/// of positions (from the worker threads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The layer being built (seeds on the board).
    pub seeds: u32,
    /// The sweep of that layer, from 1 (a round, for the last-mover games).
    pub sweep: u32,
    /// Positions done in this sweep.
    pub done: u64,
    /// Positions in the layer.
    pub positions: u64,
    /// Positions whose value changed in this sweep so far.
    pub changed: u64,
}

/// What building one layer took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerReport {
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions (bytes of the file's values).
    pub positions: u64,
    /// Sweeps (rounds) until nothing changed; 0 for a layer read from its file.
    pub sweeps: u32,
    /// Values changed (found, for the last-mover games) by each sweep.
    pub changes: Vec<u64>,
    /// Wall-clock time.
    pub time: Duration,
    /// Whether the layer's file was already there and was read instead.
    pub reused: bool,
    /// A win/draw/loss build's ([`Builder::win_draw_loss`]) count of the
    /// layer's positions won, drawn and lost by the side to move; `None`
    /// for the other builds.
    pub wdl: Option<[u64; 3]>,
}

/// What a build will hold ([`Builder::plan`]): its positions, and from
/// them the sizes it needs. Displayed with each size in the unit that fits
/// (`"601080390 positions (601.1 MB of files); the largest layer, 300540195
/// positions, needs about 638.6 MB of memory and up to 4.2 GB of scratch
/// (memory if it fits, else files) while it is built"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Positions in every layer, from 0 seeds on the board up to the
    /// maximum: one byte each in the layer files.
    pub positions: u64,
    /// Positions in the largest layer.
    pub largest_layer: u64,
    /// Positions in the top layer (the maximum's).
    pub top_layer: u64,
    /// Positions in the largest layer below the top.
    pub largest_below_top: u64,
    /// A win/draw/loss build ([`Builder::win_draw_loss`]).
    pub win_draw_loss: bool,
}

impl Plan {
    /// Bytes of the layer files: one a position (each file's header
    /// aside); for a win/draw/loss build a quarter of one, and the windows
    /// of the layers below the top, a byte a position.
    pub fn file_bytes(&self) -> u64 {
        if self.win_draw_loss {
            self.positions.div_ceil(4) + (self.positions - self.top_layer)
        } else {
            self.positions
        }
    }

    /// Bytes of memory the largest layer needs while it is built: its
    /// values, one byte a position, and its bitmaps, about 1.125 bytes a
    /// position in all, and for the margins the values of the smaller
    /// layers, a byte a position, which a margin build reads from memory
    /// rather than from their files (faster, [`LayerFile`]'s huge pages);
    /// in a win/draw/loss build the top layer's values take two bits a
    /// position (0.375 bytes with its bitmaps), the smaller layers read
    /// from their files.
    pub fn memory_bytes(&self) -> u64 {
        let bytes = |n: u64| n.saturating_add(n / 8);
        if self.win_draw_loss {
            bytes(self.largest_below_top).max(self.top_layer.div_ceil(4) + self.top_layer / 8)
        } else {
            bytes(self.largest_layer).saturating_add(self.positions - self.top_layer)
        }
    }

    /// Bytes of scratch the largest layer may keep while it is built, at
    /// most: the moves its first sweep finds (module `edges`), about 14
    /// bytes a position, in memory when they fit in half the memory the
    /// system has available, else in files in the build's directory. Only
    /// the scoring games' layers keep them.
    pub fn scratch_bytes(&self) -> u64 {
        self.largest_layer.saturating_mul(14)
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} positions ({} of files); the largest layer, {} positions, needs about {} of \
             memory and up to {} of scratch (memory if it fits, else files) while it is built",
            self.positions,
            Bytes(self.file_bytes()),
            self.largest_layer,
            Bytes(self.memory_bytes()),
            Bytes(self.scratch_bytes()),
        )
    }
}

/// A number of bytes, displayed in the unit that fits: `512 bytes`,
/// `4.8 KB`, `12.3 MB`, `3.1 GB` (decimal units, 1 KB = 1000 bytes, one
/// decimal; `1 byte`).
///
/// ```
/// use sowing::tablebase::Bytes;
/// assert_eq!(Bytes(0).to_string(), "0 bytes");
/// assert_eq!(Bytes(12_345_678).to_string(), "12.3 MB");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["KB", "MB", "GB", "TB", "PB", "EB"];
        match self.0 {
            1 => f.write_str("1 byte"),
            n if n < 1000 => write!(f, "{n} bytes"),
            n => {
                let mut value = n as f64 / 1000.0;
                let mut unit = 0;
                // The unit in which the rounded figure stays below 1000
                // (999,960 bytes is 1.0 MB, not 1000.0 KB).
                while value >= 999.95 && unit + 1 < UNITS.len() {
                    value /= 1000.0;
                    unit += 1;
                }
                write!(f, "{value:.1} {}", UNITS[unit])
            }
        }
    }
}

/// Builds the databases of a ruleset up to a number of seeds on the board.
///
/// ```
/// use sowing::rulesets::SadeqaIII;
/// use sowing::tablebase::{Builder, Tablebase};
///
/// let dir = std::env::temp_dir().join(format!("sowing-doc-{}", std::process::id()));
/// let report = Builder::new(SadeqaIII::game_91(), &dir).max_seeds(4).build(|_| {})?;
/// assert_eq!(report.len(), 5); // layers 0 to 4
/// let tb = Tablebase::open(SadeqaIII::game_91(), &dir)?;
/// let pos = "game-91 0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,2 S 30-30".parse()?;
/// // South plays 8 into North's pit 1 and leaves himself 1 seed: North
/// // plays 8, and ... the database knows.
/// assert!(tb.probe(&pos).is_some());
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Builder<R> {
    rules: R,
    dir: PathBuf,
    max_seeds: u32,
    threads: Option<usize>,
    win_draw_loss: bool,
    /// Where the layers keep their first sweep's moves.
    keep: Keep,
}

impl<R: Tabulate> Builder<R> {
    /// A build for `rules` into the directory `dir` (created if missing),
    /// up to 8 seeds on the board unless [`Builder::max_seeds`] says
    /// otherwise.
    pub fn new(rules: R, dir: impl AsRef<Path>) -> Self {
        Builder {
            rules,
            dir: dir.as_ref().to_path_buf(),
            max_seeds: 8,
            threads: None,
            win_draw_loss: false,
            keep: Keep::Auto,
        }
    }

    /// Builds every layer up to `max_seeds` seeds on the board.
    pub fn max_seeds(mut self, max_seeds: u32) -> Self {
        self.max_seeds = max_seeds;
        self
    }

    /// Worker threads (default: one per core).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads.max(1));
        self
    }

    /// Builds win/draw/loss databases instead of margins (the scoring
    /// games only): two bits a position in the layer files, which
    /// [`Tablebase`](super::Tablebase) reads as [`Value::Wdl`](super::Value::Wdl)
    /// (the sign of the margin from here on). The layers below the top one
    /// also keep, in a `windows` directory beside the files, their margins
    /// clamped to the window that the captures from the layers above need
    /// (module `build::wdl`); a build resumes from them. Refused
    /// ([`TablebaseError::NoWinDrawLoss`]) for the games won by moving last,
    /// whose databases hold the result already, and for a game whose moves
    /// gain points without taking seeds off the board.
    pub fn win_draw_loss(mut self) -> Self {
        self.win_draw_loss = true;
        self
    }

    /// Keeps every layer's first sweep's moves where `keep` says, not
    /// where the memory available does: for the tests that compare the
    /// stores.
    #[cfg(test)]
    pub(crate) fn keep(mut self, keep: Keep) -> Self {
        self.keep = keep;
        self
    }

    /// What the build will hold, found before anything is built or
    /// written, after the checks that [`Builder::build`] makes first: a
    /// build that cannot be made is refused before its size is printed.
    ///
    /// ```
    /// use sowing::rulesets::SadeqaIII;
    /// use sowing::tablebase::{Builder, TablebaseError};
    ///
    /// let plan = Builder::new(SadeqaIII::game_91(), "tb").max_seeds(4).plan()?;
    /// assert_eq!(plan.positions, 4845); // C(4 + 16, 16)
    /// assert_eq!(plan.largest_layer, 3876); // C(4 + 15, 15)
    /// assert!(plan.to_string().starts_with("4845 positions (4.8 KB of files)"));
    /// let too_many = Builder::new(SadeqaIII::game_91(), "tb").max_seeds(1000).plan();
    /// assert!(matches!(too_many, Err(TablebaseError::TooManySeeds { total: 64, .. })));
    /// # Ok::<(), TablebaseError>(())
    /// ```
    ///
    /// # Errors
    /// [`TablebaseError::TooManySeeds`]: the maximum is more seeds than
    /// the game has; [`TablebaseError::LayerTooLarge`]: a layer has more
    /// positions than a build allows; [`TablebaseError::NoWinDrawLoss`]:
    /// a win/draw/loss build of a game won by moving last.
    pub fn plan(&self) -> Result<Plan, TablebaseError> {
        if self.win_draw_loss && ValueKind::of(&self.rules) != ValueKind::Margin {
            return Err(TablebaseError::NoWinDrawLoss {
                ruleset: self.rules.name(),
                why: "a game won by moving last: its databases hold the result already",
            });
        }
        if self.max_seeds > self.rules.total_seeds() {
            return Err(TablebaseError::TooManySeeds {
                max_seeds: self.max_seeds,
                total: self.rules.total_seeds(),
                ruleset: self.rules.name(),
            });
        }
        let layout = Layout::of(&self.rules);
        let mut plan = Plan {
            positions: 0,
            largest_layer: 0,
            top_layer: layout.size(self.max_seeds),
            largest_below_top: 0,
            win_draw_loss: self.win_draw_loss,
        };
        for seeds in 0..=self.max_seeds {
            let size = layout.size(seeds);
            if size > MAX_LAYER {
                return Err(TablebaseError::LayerTooLarge {
                    seeds,
                    positions: size,
                });
            }
            plan.positions += size;
            plan.largest_layer = plan.largest_layer.max(size);
            if seeds < self.max_seeds {
                plan.largest_below_top = plan.largest_below_top.max(size);
            }
        }
        Ok(plan)
    }

    /// Builds the layers from 0 seeds up to the maximum, writing one file
    /// each (see the module [`file`](super::file) for the format). A layer
    /// whose file is already in the directory, for the same ruleset and
    /// options and whole (its checksum is checked), is read instead of
    /// built, so an interrupted build resumes. `progress` is told how each
    /// sweep goes.
    ///
    /// # Errors
    /// [`TablebaseError`]: the maximum is more seeds than the game has, a
    /// layer too large, a file that cannot be written or read, or (a
    /// ruleset's state numbering that leaves out a state,
    /// [`Ruleset::state_index`](crate::Ruleset::state_index)) a move to a
    /// position the databases do not hold.
    pub fn build(
        &self,
        progress: impl Fn(&Progress) + Sync,
    ) -> Result<Vec<LayerReport>, TablebaseError> {
        self.plan()?;
        let layout = Layout::of(&self.rules);
        std::fs::create_dir_all(&self.dir).map_err(|e| TablebaseError::Io {
            path: self.dir.clone(),
            error: e.to_string(),
        })?;
        let _lock = lock_dir(&self.dir)?;
        remove_temporaries(&self.dir, &self.rules.name());
        remove_temporaries(&self.dir.join("windows"), &self.rules.name());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| TablebaseError::Threads(e.to_string()))?;
        if self.win_draw_loss {
            return self.build_wdl(&pool, &progress);
        }
        let mut lower: Vec<LayerFile> = Vec::new();
        let mut reports = Vec::new();
        // The file of the layer last made, being written while the next
        // one is built (its values are in memory: the build reads them
        // there, not from the file).
        let mut writing = Writing::default();
        // The report of the last layer made, and when it was started.
        let mut last_built = None;
        for seeds in 0..=self.max_seeds {
            let started = Instant::now();
            let path = layer_path(&self.dir, &self.rules.name(), seeds);
            let kind = ValueKind::of(&self.rules).name();
            let header = header_of(&self.rules, &layout, kind, seeds, 0);
            if let Some(mapped) = reusable(&path, &header)? {
                lower.push(mapped.in_memory());
                reports.push(LayerReport {
                    seeds,
                    positions: header.positions,
                    sweeps: 0,
                    changes: Vec::new(),
                    time: started.elapsed(),
                    reused: true,
                    wdl: None,
                });
                continue;
            }
            let layer = Layer::new(self.rules, seeds, &lower, Some(&self.dir)).keeping(self.keep);
            let values = pool.install(|| layer.new_values());
            let solved = pool.install(|| layer.solve(&values, &progress));
            drop(layer);
            // A failed layer waits for the file before it (whole on disk,
            // for the next build to take up).
            let changes = match solved {
                Ok(changes) => changes,
                Err(e) => return writing.finish().and(Err(e)),
            };
            let values = Arc::new(values.into_bytes());
            let header = header_of(&self.rules, &layout, kind, seeds, crc32fast::hash(&values));
            let positions = header.positions;
            writing.finish()?;
            writing.start(path, header.clone(), Arc::clone(&values));
            lower.push(LayerFile::shared(header, values));
            last_built = Some((reports.len(), started));
            reports.push(LayerReport {
                seeds,
                positions,
                sweeps: changes.len() as u32,
                changes,
                time: started.elapsed(),
                reused: false,
                wdl: None,
            });
        }
        writing.finish()?;
        if let Some((report, started)) = last_built.filter(|&(r, _)| r + 1 == reports.len()) {
            // The top layer's time counts the writing of its file (the
            // others' files are written while the next layer is built; a
            // layer followed by layers read back keeps its time).
            reports[report].time = started.elapsed();
        }
        Ok(reports)
    }
}

/// A layer file being written by a thread of its own, while the build
/// goes on with the next layer (which reads the values from memory): the
/// writing of a large layer (its pages new to the system's cache) took
/// about 2 s of the build's time, which the next layer's sweeps now
/// cover. Dropped unfinished (an error elsewhere), it still waits for the
/// file.
#[derive(Default)]
struct Writing(Option<(PathBuf, std::thread::JoinHandle<Result<(), TablebaseError>>)>);

impl Writing {
    /// Writes `values` to `path` under `header`, in a thread (as
    /// [`write_layer`]).
    fn start(&mut self, path: PathBuf, header: Header, values: Arc<Vec<u8>>) {
        let at = path.clone();
        let thread = std::thread::spawn(move || write_layer(&at, &header, &values));
        self.0 = Some((path, thread));
    }

    /// Waits for the file being written, if any: its error if it failed.
    fn finish(&mut self) -> Result<(), TablebaseError> {
        match self.0.take() {
            Some((path, thread)) => thread.join().unwrap_or_else(|_| {
                Err(TablebaseError::Io {
                    path,
                    error: "the thread writing it stopped".into(),
                })
            }),
            None => Ok(()),
        }
    }
}

impl Drop for Writing {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

/// Holds `dir`'s build lock while alive (an advisory lock on the file
/// `.build.lock` in it; Linux only): two builds into one directory would
/// write the same temporary files, each emptying the other's, and the
/// one to finish last could rename an empty file into place.
///
/// # Errors
/// [`TablebaseError::Io`] if the lock file cannot be made, or another
/// build holds the lock.
fn lock_dir(dir: &Path) -> Result<std::fs::File, TablebaseError> {
    let path = dir.join(".build.lock");
    let file = std::fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| TablebaseError::Io {
            path: path.clone(),
            error: e.to_string(),
        })?;
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        #[allow(unsafe_code)]
        // SAFETY: `flock` on a descriptor this function owns and keeps
        // open; it reads and writes no memory of the program.
        let locked = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
        if !locked {
            return Err(TablebaseError::Io {
                path,
                error: "another build is writing into this directory (it holds this lock): \
                        wait for it to end, or build into another directory"
                    .into(),
            });
        }
    }
    Ok(file)
}

/// Removes the temporary files a killed build of the ruleset named `name`
/// left in `dir` (a killed process runs no destructor), for every layer,
/// not only those this build will make: its layer files' half-written
/// copies (`.<name>.<seeds>.tb.<process>.tmp`,
/// [`temporary_path`](super::file::temporary_path), and 0.3's
/// `<name>.<seeds>.tb.tmp`) and the moves its layers kept in files
/// (`.<name>.<seeds>.<first>-<end>.moves.<thread>.tmp`). Called under the
/// directory's lock ([`lock_dir`]): no other build is writing them. Any
/// other file, and other rulesets', is left alone; `dir` itself is not
/// followed if it is a link (the build's `windows`).
fn remove_temporaries(dir: &Path, name: &str) {
    if std::fs::symlink_metadata(dir).map_or(true, |m| !m.is_dir()) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        if is_temporary(&file.to_string_lossy(), name) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether `file` is the name of one of the temporary files of a build of
/// the ruleset `name` ([`remove_temporaries`]).
fn is_temporary(file: &str, name: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let range = |s: &str| {
        s.split_once('-')
            .is_some_and(|(a, b)| number(a) && number(b))
    };
    let old = file
        .strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.strip_suffix(".tb.tmp"));
    if let Some(seeds) = old {
        return number(seeds);
    }
    let Some(rest) = file
        .strip_prefix('.')
        .and_then(|rest| rest.strip_prefix(name))
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.strip_suffix(".tmp"))
    else {
        return false;
    };
    let parts: Vec<&str> = rest.split('.').collect();
    match parts[..] {
        [seeds, "tb", process] => number(seeds) && number(process),
        [seeds, positions, "moves", thread] => number(seeds) && range(positions) && number(thread),
        _ => false,
    }
}

/// The header of a layer file of `rules` whose values are `values`
/// (a [`ValueKind::name`], or a window's `margin-within-<k>`).
pub(crate) fn header_of<R: Tabulate>(
    rules: &R,
    layout: &Layout,
    values: &str,
    seeds: u32,
    crc32: u32,
) -> Header {
    Header {
        ruleset: rules.name().into_owned(),
        options: crate::options::with_options(rules).to_string(),
        values: values.to_owned(),
        pits: layout.pits,
        seeds,
        positions: layout.size(seeds),
        crc32,
    }
}

/// Writes the layer of `seeds` seeds of `rules` to `path`: `values` (named
/// `kind` in the header) with the header that says so and their CRC-32.
pub(crate) fn write_values<R: Tabulate>(
    rules: &R,
    layout: &Layout,
    kind: &str,
    seeds: u32,
    path: &Path,
    values: &[u8],
) -> Result<(), TablebaseError> {
    let header = header_of(rules, layout, kind, seeds, crc32fast::hash(values));
    write_layer(path, &header, values)
}

/// The layer file at `path` if it is whole and of the build `expected`
/// describes (everything but the checksum); `None` if there is none, or a
/// damaged one (built again). A file of another ruleset or other options
/// is an error: the build would overwrite another database (each reading
/// of a game needs its own directory: the files are named after the game).
fn reusable(path: &Path, expected: &Header) -> Result<Option<LayerFile>, TablebaseError> {
    let Ok(mapped) = LayerFile::open(path) else {
        return Ok(None);
    };
    let h = &mapped.header;
    if (&h.ruleset, &h.options, &h.values, h.pits)
        != (
            &expected.ruleset,
            &expected.options,
            &expected.values,
            expected.pits,
        )
    {
        return Err(TablebaseError::WrongRuleset {
            path: path.to_path_buf(),
            found: super::describe(h, expected),
            expected: format!(
                "{} (the build asked for; use another directory for another reading or options)",
                super::describe(expected, h)
            ),
        });
    }
    let same = Header {
        crc32: h.crc32,
        ..expected.clone()
    } == *h;
    Ok((same && mapped.verify()).then_some(mapped))
}

/// South's points minus North's, as the ruleset counts them (0 for the
/// games without points).
pub(crate) fn diff<R: Tabulate>(pos: &Position<R>) -> i32 {
    let p = |who| pos.points(who).map_or(0, i32::from);
    p(Player::South) - p(Player::North)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::SadeqaIII;

    /// Issue 32: sizes in the unit that fits, not "0.0 GB".
    #[test]
    fn bytes_are_shown_in_the_unit_that_fits() {
        for (bytes, shown) in [
            (0, "0 bytes"),
            (1, "1 byte"),
            (999, "999 bytes"),
            (1000, "1.0 KB"),
            (4845, "4.8 KB"),
            (999_949, "999.9 KB"),
            (999_960, "1.0 MB"),
            (12_345_678, "12.3 MB"),
            (40_000_000, "40.0 MB"),
            (3_100_000_000, "3.1 GB"),
            (26_958_221_130_508_525, "27.0 PB"),
            (u64::MAX, "18.4 EB"),
        ] {
            assert_eq!(Bytes(bytes).to_string(), shown, "{bytes}");
        }
    }

    /// The plan of game 91 up to 16 seeds, as the README's build reports
    /// it; a maximum above the game's seeds is refused before any size.
    #[test]
    fn a_plan_is_made_after_the_checks_of_a_build() {
        let plan = Builder::new(SadeqaIII::game_91(), "unused")
            .max_seeds(16)
            .plan()
            .unwrap();
        assert_eq!(plan.positions, 601_080_390);
        assert_eq!(plan.largest_layer, 300_540_195);
        assert_eq!(
            plan.to_string(),
            "601080390 positions (601.1 MB of files); the largest layer, 300540195 \
             positions, needs about 638.6 MB of memory and up to 4.2 GB of scratch (memory if \
             it fits, else files) while it is built"
        );
        let err = Builder::new(SadeqaIII::game_91(), "unused")
            .max_seeds(1000)
            .plan()
            .unwrap_err();
        assert_eq!(
            err,
            TablebaseError::TooManySeeds {
                max_seeds: 1000,
                total: 64,
                ruleset: "game-91".into()
            }
        );
        // Win/draw/loss to 18 seeds: the results, a quarter of a byte a
        // position, the windows below the top a byte; the memory of layer
        // 17's margins (a byte a position) over layer 18's two bits.
        let plan = Builder::new(SadeqaIII::game_91(), "unused")
            .max_seeds(18)
            .win_draw_loss()
            .plan()
            .unwrap();
        assert_eq!(plan.top_layer, 1_037_158_320);
        assert_eq!(plan.largest_below_top, 565_722_720);
        assert_eq!(
            plan.file_bytes(),
            2_203_961_430u64.div_ceil(4) + (2_203_961_430 - 1_037_158_320)
        );
        assert_eq!(plan.memory_bytes(), 565_722_720 + 565_722_720 / 8);
        // Sadeqa V's waranas: its layer of 20 seeds is over a build's bound.
        let err = Builder::new(crate::rulesets::SadeqaV::new(), "unused")
            .max_seeds(20)
            .plan()
            .unwrap_err();
        assert!(matches!(err, TablebaseError::LayerTooLarge { .. }), "{err}");
    }

    /// Two builds into one directory would write the same temporary
    /// files: the second is refused while the first holds the directory,
    /// and may build once it is done.
    #[test]
    #[cfg(target_os = "linux")]
    fn a_second_build_into_the_same_directory_is_refused() {
        let dir = std::env::temp_dir().join(format!("sowing-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let held = lock_dir(&dir).unwrap();
        let err = Builder::new(SadeqaIII::game_91(), &dir)
            .max_seeds(1)
            .build(|_| {})
            .unwrap_err();
        assert!(err.to_string().contains("another build"), "{err}");
        let layers = |dir: &Path| {
            std::fs::read_dir(dir)
                .unwrap()
                .flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "tb"))
                .count()
        };
        assert_eq!(layers(&dir), 0);
        drop(held);
        Builder::new(SadeqaIII::game_91(), &dir)
            .max_seeds(1)
            .build(|_| {})
            .unwrap();
        assert_eq!(layers(&dir), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Every file under `dir` (its `windows` too), by name, with its
    /// bytes.
    fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if entry.file_name() == ".build.lock" {
                // The build's lock (`lock_dir`), empty: not a database file.
                continue;
            }
            if path.is_dir() {
                for (name, bytes) in files(&path) {
                    out.push((
                        format!("{}/{name}", entry.file_name().to_string_lossy()),
                        bytes,
                    ));
                }
            } else {
                let name = entry.file_name().to_string_lossy().into_owned();
                out.push((name, std::fs::read(&path).unwrap()));
            }
        }
        out.sort();
        out
    }

    /// The first sweep's moves kept in memory or in files give the same
    /// layer files, byte for byte, and leave no temporary file: margins
    /// and win/draw/loss, game 91, Sadeqa III and Sadeqa V (moves within
    /// a layer that gain points: blocks with gains and flags) on small
    /// boards, on two threads (blocks of two files interleaved).
    #[test]
    fn the_moves_kept_in_memory_or_in_files_give_the_same_files() {
        use crate::rulesets::{Resized, SadeqaV};
        fn both<R: Tabulate>(rules: R, seeds: u32, wdl: bool) {
            let base = std::env::temp_dir().join(format!(
                "sowing-keep-{}-{}-{seeds}-{wdl}",
                std::process::id(),
                rules.name()
            ));
            let mut built = Vec::new();
            for keep in [Keep::Files, Keep::Memory, Keep::Auto] {
                let dir = base.join(format!("{keep:?}"));
                let mut builder = Builder::new(rules, &dir)
                    .max_seeds(seeds)
                    .threads(2)
                    .keep(keep);
                if wdl {
                    builder = builder.win_draw_loss();
                }
                builder.build(|_| {}).unwrap();
                let files = files(&dir);
                assert!(
                    files.iter().all(|(name, _)| !name.ends_with(".tmp")),
                    "{keep:?}: {:?}",
                    files.iter().map(|f| &f.0).collect::<Vec<_>>()
                );
                assert_eq!(
                    files.len(),
                    seeds as usize + 1 + if wdl { seeds as usize } else { 0 }
                );
                built.push(files);
            }
            assert!(
                built[0] == built[1],
                "{}: files and memory differ",
                rules.name()
            );
            assert!(
                built[0] == built[2],
                "{}: files and auto differ",
                rules.name()
            );
            std::fs::remove_dir_all(&base).unwrap();
        }
        both(SadeqaIII::game_91(), 9, false);
        both(SadeqaIII::game_91(), 8, true);
        both(Resized::new(SadeqaIII::new(), 4, 2).unwrap(), 16, false);
        both(Resized::new(SadeqaIII::new(), 4, 2).unwrap(), 16, true);
        both(Resized::new(SadeqaV::new(), 3, 2).unwrap(), 12, false);
    }

    /// The scratch files an interrupted build left for a layer (a process
    /// killed runs no destructor; here more of them than the build has
    /// threads, holding nothing a block reads as) are removed by the next
    /// build of the layer, whether it keeps its moves in memory or in
    /// files, and do not change its values.
    #[test]
    fn stale_scratch_files_are_removed_and_change_nothing() {
        let seeds = 9;
        let positions = Layout::of(&SadeqaIII::game_91()).size(seeds);
        let base = std::env::temp_dir().join(format!("sowing-stale-{}", std::process::id()));
        let mut built = Vec::new();
        for keep in [Keep::Memory, Keep::Files] {
            let dir = base.join(format!("{keep:?}"));
            std::fs::create_dir_all(&dir).unwrap();
            for t in [0, 1, 7] {
                let stale = dir.join(format!(".game-91.{seeds}.0-{positions}.moves.{t}.tmp"));
                std::fs::write(stale, [0xff; 100_000]).unwrap();
            }
            Builder::new(SadeqaIII::game_91(), &dir)
                .max_seeds(seeds)
                .threads(2)
                .keep(keep)
                .build(|_| {})
                .unwrap();
            let files = files(&dir);
            let names: Vec<&String> = files.iter().map(|f| &f.0).collect();
            assert_eq!(files.len(), seeds as usize + 1, "{keep:?}: {names:?}");
            built.push(files);
        }
        assert!(built[0] == built[1]);
        std::fs::remove_dir_all(&base).unwrap();
    }

    /// A killed build's temporary files, of layers above where the next
    /// build stops as well as below (a layer file's half-written copy, a
    /// window's, the moves a layer kept in files), are removed by the next
    /// build into the directory; other rulesets' and the user's files are
    /// left alone.
    #[test]
    fn a_build_removes_every_temporary_file_a_killed_build_left() {
        let dir = std::env::temp_dir().join(format!("sowing-left-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("windows")).unwrap();
        let left = [
            ".game-91.12.tb.999.tmp",
            ".game-91.2.tb.999.tmp",
            ".game-91.14.0-1000.moves.1.tmp",
            "windows/.game-91.13.tb.5.tmp",
            "game-91.11.tb.tmp",
        ];
        let kept = [
            ".sadeqa-ii.12.tb.999.tmp",
            ".game-91.notes.tmp",
            ".game-91.3.my-notes.tmp",
            ".game-91.3.tb.tmp",
            "game-91.3.notes.tb.tmp",
            "notes.tmp",
        ];
        for name in left.iter().chain(&kept) {
            std::fs::write(dir.join(name), [0xff; 1000]).unwrap();
        }
        Builder::new(SadeqaIII::game_91(), &dir)
            .max_seeds(3)
            .threads(2)
            .build(|_| {})
            .unwrap();
        for name in left {
            assert!(!dir.join(name).exists(), "{name} left");
        }
        for name in kept {
            assert!(dir.join(name).exists(), "{name} removed");
        }
        assert!(dir.join("game-91.3.tb").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Not a check by itself: a build of game 91 up to `SOWING_KILL_SEEDS`
    /// seeds into `SOWING_KILL_DIR` with the moves kept in files, for a
    /// check by hand that a build killed (`kill -9`) while it keeps them
    /// leaves nothing that confuses the next build:
    /// `SOWING_KILL_DIR=d SOWING_KILL_SEEDS=12 <test binary> --ignored
    /// --exact tablebase::build::tests::a_build_with_files_to_kill`.
    #[test]
    #[ignore = "a helper for a check by hand: builds into $SOWING_KILL_DIR"]
    fn a_build_with_files_to_kill() {
        let dir = std::env::var("SOWING_KILL_DIR").expect("SOWING_KILL_DIR");
        let seeds = std::env::var("SOWING_KILL_SEEDS").map_or(12, |s| s.parse().unwrap());
        Builder::new(SadeqaIII::game_91(), dir)
            .max_seeds(seeds)
            .keep(Keep::Files)
            .build(|_| {})
            .unwrap();
    }

    /// A win/draw/loss build of a game won by moving last is refused by
    /// its plan, before anything is printed or made (it was refused only
    /// after the plan was printed and the directory made).
    #[test]
    fn a_refused_win_draw_loss_build_is_refused_by_its_plan() {
        let dir = std::env::temp_dir().join(format!("sowing-no-wdl-{}", std::process::id()));
        let builder = Builder::new(crate::rulesets::Andada::default(), &dir)
            .max_seeds(2)
            .win_draw_loss();
        let err = builder.plan().unwrap_err();
        assert!(matches!(err, TablebaseError::NoWinDrawLoss { .. }), "{err}");
        assert!(builder.build(|_| {}).is_err());
        assert!(!dir.exists());
    }
}
