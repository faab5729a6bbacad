//! Building the databases: layer after layer by seeds on the board, each
//! iterated to its fixed point over every core (rayon).
//!
//! A move either keeps the seeds on the board (the same layer) or removes
//! some (a capture: a smaller layer, already built). So the layers are
//! built from 0 seeds up, and within a layer the values are found by
//! sweeping it again and again, each position taking the best of its
//! moves, until a sweep changes nothing:
//!
//! - **Margins** (the scoring games). Every value starts at 0 and each
//!   sweep sets a position to the best, for its mover, of its moves'
//!   values (a capture's seeds plus the smaller layer's value; a move that
//!   ends the game its final points; a move within the layer the value now
//!   stored for the position it leads to). Whatever order the sweeps take,
//!   a stored value `v > 0` is one the mover can force (and `v < 0` one the
//!   opponent can), because each was set from values that were; and a fixed
//!   point holds every gain that can be forced. So the result is exact and
//!   unique: the same for any number of threads or processes. Play that
//!   never leaves the layer (it repeats for ever) is worth 0 from there on.
//! - **Last mover wins** (Sadeqa II, Andada): rounds of retrograde
//!   analysis. Round 0 finds the positions whose mover cannot move (lost);
//!   round `r` those won in `r` plies (a move to a position lost in `r - 1`)
//!   and lost in `r` (every move to a position won in fewer). A value found
//!   in round `r` is not read again in round `r`, so the distances are
//!   exact. Positions never found are draws: neither player can force the
//!   end, and play repeats for ever.

use super::codec::{Key, Layout, Tabulate, decode, encode};
use super::edges::{BlockWriter, Edge, EdgeStore, Moves};
use super::file::{Header, LayerFile, layer_path, write_layer};
use super::index::Walk;
use super::{TablebaseError, Value, ValueKind};
use crate::player::Player;
use crate::position::Position;
use rayon::prelude::*;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{
    AtomicBool, AtomicU8, AtomicU64,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Positions a task of a sweep takes at a time.
const CHUNK: u64 = 1 << 14;

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
}

/// What a build will hold ([`Builder::plan`]): its positions, and from
/// them the sizes it needs. Displayed with each size in the unit that fits
/// (`"601080390 positions (601.1 MB of files); the largest layer, 300540195
/// positions, needs about 338.1 MB of memory and up to 4.2 GB of scratch
/// files while it is built"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Positions in every layer, from 0 seeds on the board up to the
    /// maximum: one byte each in the layer files.
    pub positions: u64,
    /// Positions in the largest layer.
    pub largest_layer: u64,
}

impl Plan {
    /// Bytes of the layer files: one a position (each file's header
    /// aside).
    pub fn file_bytes(&self) -> u64 {
        self.positions
    }

    /// Bytes of memory the largest layer needs while it is built: its
    /// values, one byte a position, and its bitmaps, about 1.125 bytes a
    /// position in all.
    pub fn memory_bytes(&self) -> u64 {
        self.largest_layer.saturating_add(self.largest_layer / 8)
    }

    /// Bytes of scratch files the largest layer may write while it is
    /// built, at most: the moves its first sweep finds (module `edges`),
    /// about 14 bytes a position. Only the scoring games' layers write
    /// them.
    pub fn scratch_bytes(&self) -> u64 {
        self.largest_layer.saturating_mul(14)
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} positions ({} of files); the largest layer, {} positions, needs about {} of \
             memory and up to {} of scratch files while it is built",
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
    /// positions than a build allows.
    pub fn plan(&self) -> Result<Plan, TablebaseError> {
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
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| TablebaseError::Threads(e.to_string()))?;
        let mut lower: Vec<LayerFile> = Vec::new();
        let mut reports = Vec::new();
        for seeds in 0..=self.max_seeds {
            let started = Instant::now();
            let path = layer_path(&self.dir, &self.rules.name(), seeds);
            let header = header_of(&self.rules, &layout, seeds, 0);
            if let Some(mapped) = reusable(&path, &header)? {
                lower.push(mapped);
                reports.push(LayerReport {
                    seeds,
                    positions: header.positions,
                    sweeps: 0,
                    changes: Vec::new(),
                    time: started.elapsed(),
                    reused: true,
                });
                continue;
            }
            let layer = Layer::new(self.rules, seeds, &lower, Some(&self.dir));
            let values = layer.new_values();
            let changes = pool.install(|| layer.solve(&values, &progress))?;
            let values = values.into_bytes();
            write_layer(
                &path,
                &header_of(&self.rules, &layout, seeds, crc32fast::hash(&values)),
                &values,
            )?;
            drop(values);
            lower.push(LayerFile::open(&path)?);
            reports.push(LayerReport {
                seeds,
                positions: header.positions,
                sweeps: changes.len() as u32,
                changes,
                time: started.elapsed(),
                reused: false,
            });
        }
        Ok(reports)
    }
}

/// The header of a layer file of `rules`.
pub(crate) fn header_of<R: Tabulate>(rules: &R, layout: &Layout, seeds: u32, crc32: u32) -> Header {
    Header {
        ruleset: rules.name().into_owned(),
        options: crate::options::with_options(rules).to_string(),
        values: ValueKind::of(rules).name().to_owned(),
        pits: layout.pits,
        seeds,
        positions: layout.size(seeds),
        crc32,
    }
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

/// A layer's values while it is built: a byte a position (0: unknown), and
/// a bit a position that says its value is final (every move's value is:
/// a smaller layer's, or a final one of this layer), so that later sweeps
/// skip it.
pub struct LayerValues {
    values: Vec<AtomicU8>,
    settled: Vec<AtomicU64>,
}

impl LayerValues {
    /// `positions` unknown values.
    pub fn new(positions: u64) -> Self {
        LayerValues {
            values: (0..positions).map(|_| AtomicU8::new(0)).collect(),
            settled: (0..positions.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    /// The stored byte of `index`.
    #[inline(always)]
    pub fn value(&self, index: u64) -> u8 {
        self.values[index as usize].load(Relaxed)
    }

    /// Asks the processor to bring the value of `index` into its cache: a
    /// later sweep reads its moves' values at random places of the layer,
    /// and waits on each (a read from memory) unless they were asked for
    /// ahead. A hint: it changes no value.
    #[inline(always)]
    pub(crate) fn prefetch(&self, index: u64) {
        if let Some(v) = self.values.get(index as usize) {
            super::edges::prefetch(v as *const AtomicU8 as *const i8);
        }
    }

    /// Whether the value of `index` is final.
    #[inline(always)]
    pub fn is_settled(&self, index: u64) -> bool {
        // Acquire: the value was stored before the bit was set.
        self.settled[(index / 64) as usize].load(Acquire) >> (index % 64) & 1 == 1
    }

    /// Stores the byte of `index`, and marks it final if `settled`.
    #[inline(always)]
    fn set(&self, index: u64, value: u8, settled: bool) {
        self.values[index as usize].store(value, Relaxed);
        if settled {
            self.settled[(index / 64) as usize].fetch_or(1 << (index % 64), Release);
        }
    }

    /// The values of the indices `start..start + out.len()`, into `out`:
    /// what a driver that shares a build between processes sends of the
    /// range it swept.
    pub fn read_range(&self, start: u64, out: &mut [u8]) {
        for (o, v) in out.iter_mut().zip(&self.values[start as usize..]) {
            *o = v.load(Relaxed);
        }
    }

    /// Stores the values of the indices `start..start + bytes.len()`, as
    /// another process swept them (their settled bits stay unset: a sweep
    /// reads them only to settle more, an optimisation).
    pub fn write_range(&self, start: u64, bytes: &[u8]) {
        for (v, &b) in self.values[start as usize..].iter().zip(bytes) {
            v.store(b, Relaxed);
        }
    }

    /// The values as bytes, once the layer is done.
    pub fn into_bytes(self) -> Vec<u8> {
        self.values.into_iter().map(AtomicU8::into_inner).collect()
    }
}

/// One layer under construction: what a sweep needs. Public for drivers
/// that share a build between processes (a sweep over a range of indices,
/// then an exchange of the values).
pub struct Layer<'a, R> {
    rules: R,
    layout: Layout,
    seeds: u32,
    kind: ValueKind,
    lower: &'a [LayerFile],
    /// Where the first sweep's moves are kept (margin layers whose indices
    /// fit 32 bits); `None` to sow every sweep.
    scratch: Option<PathBuf>,
    store: OnceLock<EdgeStore>,
}

impl<'a, R: Tabulate> Layer<'a, R> {
    /// The layer of `seeds` seeds, whose smaller layers are `lower`
    /// (`lower[s]` the layer of `s` seeds, opened with [`LayerFile::open`]).
    ///
    /// `scratch` is a directory for the moves the first sweep finds (see
    /// `edges`), read back by the next sweeps; without it every sweep sows
    /// every move again.
    pub fn new(rules: R, seeds: u32, lower: &'a [LayerFile], scratch: Option<&Path>) -> Self {
        let layout = Layout::of(&rules);
        let kind = ValueKind::of(&rules);
        let cached = kind == ValueKind::Margin && layout.size(seeds) <= u32::MAX as u64;
        Layer {
            rules,
            layout,
            seeds,
            kind,
            lower,
            scratch: scratch.filter(|_| cached).map(Path::to_path_buf),
            store: OnceLock::new(),
        }
    }

    /// Positions in the layer.
    pub fn positions(&self) -> u64 {
        self.layout.size(self.seeds)
    }

    /// A value for every position, all unknown (0).
    pub fn new_values(&self) -> LayerValues {
        LayerValues::new(self.positions())
    }

    /// Sweeps until nothing changes, in the current rayon pool; the values
    /// changed by each sweep (round).
    ///
    /// # Errors
    /// As [`Layer::sweep`].
    pub fn solve(
        &self,
        values: &LayerValues,
        progress: &(impl Fn(&Progress) + Sync),
    ) -> Result<Vec<u64>, TablebaseError> {
        let mut changes = Vec::new();
        loop {
            let sweep = changes.len() as u32;
            let t = Instant::now();
            let changed = self.sweep(values, 0..self.positions(), sweep, progress)?;
            changes.push(changed);
            if std::env::var_os("TABLEBASE_DEBUG").is_some() {
                let settled: u64 = values
                    .settled
                    .iter()
                    .map(|w| w.load(Relaxed).count_ones() as u64)
                    .sum();
                eprintln!(
                    "layer {} sweep {sweep}: {changed} changed, {settled} settled of {}, {:.2} s",
                    self.seeds,
                    self.positions(),
                    t.elapsed().as_secs_f64()
                );
            }
            if self.done(sweep, changed) {
                return Ok(changes);
            }
        }
    }

    /// Whether the sweeps are done: a sweep (numbered from 0) that changed
    /// nothing over the whole layer is the fixed point for the margins; for
    /// the last-mover games a round after the first that found nothing (round
    /// 0 finds the positions lost at once, which may be none).
    pub fn done(&self, sweep: u32, changed: u64) -> bool {
        changed == 0 && (self.kind == ValueKind::Margin || sweep >= 1)
    }

    /// One sweep (round `sweep`, from 0) over the indices `range`, in the
    /// current rayon pool, writing `values` in place; returns how many
    /// values changed. A driver that shares a build between processes
    /// gives each its range, sends each range's values to the others after
    /// every sweep ([`LayerValues::read_range`], [`LayerValues::write_range`]),
    /// adds up the changes and stops when [`Layer::done`] says so: the
    /// values are the same whatever the ranges and the number of processes
    /// (see the module documentation). Every sweep of a layer must cover the same range (the
    /// first one keeps the moves it finds there for the others).
    ///
    /// # Errors
    /// [`TablebaseError::NotClosed`] for a move to a position the databases
    /// do not hold; [`TablebaseError::TooLong`] for a distance over 127
    /// plies.
    pub fn sweep(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        sweep: u32,
        progress: &(impl Fn(&Progress) + Sync),
    ) -> Result<u64, TablebaseError> {
        let failed = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        let changed_so_far = AtomicU64::new(0);
        let chunks = (range.end - range.start).div_ceil(CHUNK);
        if sweep == 0
            && let Some(dir) = &self.scratch
        {
            let stem = format!(
                "{}.{}.{}-{}",
                self.rules.name(),
                self.seeds,
                range.start,
                range.end
            );
            let _ = self.store.set(EdgeStore::new(dir, &stem, chunks as usize)?);
        }
        let io_error: Mutex<Option<TablebaseError>> = Mutex::new(None);
        let changed: u64 = (0..chunks)
            .into_par_iter()
            .map(|c| {
                let lo = range.start + c * CHUNK;
                let hi = (lo + CHUNK).min(range.end);
                let changed = match (self.kind, self.store.get()) {
                    (ValueKind::Margin, Some(store)) => {
                        let done = if sweep == 0 {
                            self.margin_first_chunk(values, lo..hi, store, c as usize, &failed)
                        } else {
                            self.margin_cached_chunk(values, lo..hi, store, c as usize)
                        };
                        done.unwrap_or_else(|e| {
                            *io_error.lock().expect("the error slot") = Some(e);
                            0
                        })
                    }
                    _ => self.sweep_chunk(values, lo..hi, sweep, &failed),
                };
                let d = done.fetch_add(hi - lo, Relaxed) + (hi - lo);
                let ch = changed_so_far.fetch_add(changed, Relaxed) + changed;
                progress(&Progress {
                    seeds: self.seeds,
                    sweep: sweep + 1,
                    done: d,
                    positions: range.end - range.start,
                    changed: ch,
                });
                changed
            })
            .sum();
        if let Some(e) = io_error.into_inner().expect("the error slot") {
            return Err(e);
        }
        if failed.load(Relaxed) {
            return Err(match self.kind {
                ValueKind::Margin => TablebaseError::NotClosed {
                    ruleset: self.rules.name(),
                },
                ValueKind::LastMover => TablebaseError::TooLong { seeds: self.seeds },
            });
        }
        Ok(changed)
    }

    /// The positions `range` of one sweep, in index order.
    fn sweep_chunk(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        sweep: u32,
        failed: &AtomicBool,
    ) -> u64 {
        let placements = self.layout.placements(self.seeds);
        let (mut state, mut marks, mut rank) = self.layout.split(self.seeds, range.start);
        let mut walk = Walk::at(self.layout.pits, self.seeds, rank);
        let mut buf = [0u8; 48];
        let mut changed = 0;
        for index in range {
            if rank == placements {
                rank = 0;
                marks += 1;
                if marks == self.layout.mark_sets {
                    marks = 0;
                    state += 1;
                }
                walk = Walk::at(self.layout.pits, self.seeds, 0);
            }
            let old = values.value(index);
            // A last-mover value, once found, is final.
            if !values.is_settled(index) && (self.kind == ValueKind::Margin || old == 0) {
                walk.placement(&mut buf);
                let pos = decode(self.rules, &buf[..self.layout.pits], marks, state);
                let new = match self.kind {
                    ValueKind::Margin => self.margin_moves(&pos).map(|m| {
                        let (v, settled) =
                            self.margin_value::<true>(m.exit, m.edges().iter().copied(), values);
                        (v as i8 as u8, settled)
                    }),
                    ValueKind::LastMover => {
                        self.last_mover(&pos, sweep, values).map(|v| (v, false))
                    }
                };
                match new {
                    Some((v, settled)) => {
                        if v != old || settled {
                            values.set(index, v, settled);
                        }
                        changed += (v != old) as u64;
                    }
                    None => failed.store(true, Relaxed),
                }
            }
            walk.advance();
            rank += 1;
        }
        changed
    }

    /// The value stored for `key`: this layer's as it stands, or a smaller
    /// layer's.
    #[inline]
    fn stored(&self, key: Key, values: &LayerValues) -> u8 {
        if key.seeds == self.seeds {
            values.value(key.index)
        } else {
            self.lower[key.seeds as usize].values()[key.index as usize]
        }
    }

    /// The first margin sweep over `range` (chunk `chunk` of the sweep):
    /// sows every move, sets the values, and keeps the moves in `store`.
    fn margin_first_chunk(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        store: &EdgeStore,
        chunk: usize,
        failed: &AtomicBool,
    ) -> Result<u64, TablebaseError> {
        let mut kept = BlockWriter::new();
        let mut changed = 0;
        self.each_position(range, |index, pos| {
            let Some(moves) = self.margin_moves(pos) else {
                failed.store(true, Relaxed);
                kept.push(None);
                return;
            };
            let (v, settled) =
                self.margin_value::<true>(moves.exit, moves.edges().iter().copied(), values);
            changed += self.update(values, index, v, settled);
            kept.push((!settled).then_some(&moves));
        });
        store.write(chunk, &kept)?;
        Ok(changed)
    }

    /// A later margin sweep over `range` (chunk `chunk`), from the moves
    /// the first one kept.
    fn margin_cached_chunk(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        store: &EdgeStore,
        chunk: usize,
    ) -> Result<u64, TablebaseError> {
        let mut changed = 0;
        store.read(
            chunk,
            (range.end - range.start) as usize,
            |index| values.prefetch(index),
            |i, exit, edges| {
                // Positions settled by the first sweep are not in the
                // block; later sweeps settle none (a read a move more).
                let index = range.start + i as u64;
                let v = self.margin_value::<false>(exit, edges, values).0;
                changed += self.update(values, index, v, false);
            },
        )?;
        Ok(changed)
    }

    /// Stores `v` for `index` if it changed or is now final; 1 if it changed.
    #[inline]
    fn update(&self, values: &LayerValues, index: u64, v: i32, settled: bool) -> u64 {
        let byte = v as i8 as u8;
        let old = values.value(index);
        if byte != old || settled {
            values.set(index, byte, settled);
        }
        (byte != old) as u64
    }

    /// Calls `each(index, position)` for every position of `range` in
    /// index order (South to move, the turn not started).
    fn each_position(&self, range: Range<u64>, mut each: impl FnMut(u64, &Position<R>)) {
        let placements = self.layout.placements(self.seeds);
        let (mut state, mut marks, mut rank) = self.layout.split(self.seeds, range.start);
        let mut walk = Walk::at(self.layout.pits, self.seeds, rank);
        let mut buf = [0u8; 48];
        for index in range {
            if rank == placements {
                rank = 0;
                marks += 1;
                if marks == self.layout.mark_sets {
                    marks = 0;
                    state += 1;
                }
                walk = Walk::at(self.layout.pits, self.seeds, 0);
            }
            walk.placement(&mut buf);
            each(
                index,
                &decode(self.rules, &buf[..self.layout.pits], marks, state),
            );
            walk.advance();
            rank += 1;
        }
    }

    /// A margin position's value for its mover from its moves: the best of
    /// the exits and of the moves within the layer (the points they gain
    /// plus the value now stored where they lead, for the mover); and
    /// whether it is final (every move within the layer leads to a final
    /// value). Without `SETTLE`, says `false` without reading the settled
    /// bits.
    #[inline]
    fn margin_value<const SETTLE: bool>(
        &self,
        exit: Option<i32>,
        edges: impl Iterator<Item = Edge>,
        values: &LayerValues,
    ) -> (i32, bool) {
        let mut best = exit.unwrap_or(i32::MIN);
        let mut settled = SETTLE;
        for e in edges {
            if SETTLE {
                settled &= values.is_settled(e.index);
            }
            let v = values.value(e.index) as i8 as i32;
            best = best.max(e.gain as i32 + if e.same_mover { v } else { -v });
        }
        (best, settled)
    }

    /// The moves of `raw` (South to move, its turn not started) for the
    /// margin sweeps: each move's worth to South is the points it gains
    /// (captures; Sadeqa V's warana seeds) plus the value of the position
    /// it leads to, for South (the stored value, negated when North moves
    /// next). A position reached by a move is looked up with its turn not
    /// started: its own stored value holds what starting it does (a pass,
    /// the end of the game and its sweep). `None` for a move to a position
    /// the databases do not hold.
    fn margin_moves(&self, raw: &Position<R>) -> Option<Moves> {
        let base = diff(raw);
        let mut moves = Moves::default();
        let mut closed = true;
        let quick = raw.quick_children(|child| match encode(&self.layout, child) {
            Some(key) => self.add_move(
                &mut moves,
                key,
                diff(child) - base,
                child.side_to_move() == Player::South,
            ),
            None => closed = false,
        });
        if !closed {
            return None;
        }
        if quick {
            Some(moves)
        } else {
            self.margin_moves_exact(raw)
        }
    }

    /// A move to `key`, gaining `gain`, after which South moves again if
    /// `same_mover`.
    #[inline]
    fn add_move(&self, moves: &mut Moves, key: Key, gain: i32, same_mover: bool) {
        if key.seeds == self.seeds {
            moves.edge(Edge {
                index: key.index,
                gain: gain as i8,
                same_mover,
            });
        } else {
            let v = self.lower[key.seeds as usize].values()[key.index as usize] as i8 as i32;
            moves.exit(gain + if same_mover { v } else { -v });
        }
    }

    /// [`Layer::margin_moves`] with the turn started: the exact legal moves,
    /// a pass or the end of the game.
    #[cold]
    fn margin_moves_exact(&self, raw: &Position<R>) -> Option<Moves> {
        let base = diff(raw);
        let mut pos = *raw;
        pos.start_turn(&mut (), &mut ())
            .expect("the uncancellable control does not cancel");
        let gain = |p: &Position<R>| diff(p) - base;
        let mut moves = Moves::default();
        if pos.is_over() {
            moves.exit(gain(&pos));
        } else if pos.side_to_move() == Player::North {
            // South passed: the same board with North to move.
            moves.edge(Edge {
                index: encode(&self.layout, &pos)?.index,
                gain: gain(&pos) as i8,
                same_mover: false,
            });
        } else {
            for (_, child) in pos.children() {
                if child.is_over() {
                    moves.exit(gain(&child));
                } else {
                    let key = encode(&self.layout, &child)?;
                    self.add_move(
                        &mut moves,
                        key,
                        gain(&child),
                        child.side_to_move() == Player::South,
                    );
                }
            }
        }
        Some(moves)
    }

    /// The last-mover round's value of `raw` (South to move, its turn not
    /// started), as a stored byte: 0 while unknown. Round `round` uses only
    /// values found in earlier rounds.
    fn last_mover(&self, raw: &Position<R>, round: u32, values: &LayerValues) -> Option<u8> {
        let known = |key: Key| -> Value {
            match Value::from_byte(ValueKind::LastMover, self.stored(key, values)) {
                v @ (Value::Win { plies } | Value::Loss { plies }) if plies < round => v,
                _ => Value::Draw,
            }
        };
        let mut tally = Tally::default();
        let mut closed = true;
        let quick = raw.quick_children(|child| match encode(&self.layout, child) {
            Some(key) => tally.add(known(key), child.side_to_move() == Player::South),
            None => closed = false,
        });
        if !closed {
            return None;
        }
        if !quick {
            tally = Tally::default();
            let mut pos = *raw;
            pos.start_turn(&mut (), &mut ())
                .expect("the uncancellable control does not cancel");
            if pos.is_over() {
                return Value::Loss { plies: 0 }.to_byte_last_mover();
            }
            if pos.side_to_move() == Player::North {
                tally.add(known(encode(&self.layout, &pos)?), false);
            } else {
                for (_, child) in pos.children() {
                    let v = if child.is_over() {
                        Value::Loss { plies: 0 }
                    } else {
                        known(encode(&self.layout, &child)?)
                    };
                    tally.add(v, child.side_to_move() == Player::South);
                }
            }
        }
        tally.value().to_byte_last_mover()
    }
}

/// A last-mover position's moves, for South: the shortest win found, the
/// longest loss, and whether every move is known to lose.
struct Tally {
    win: Option<u32>,
    loss: u32,
    all_lose: bool,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            win: None,
            loss: 0,
            all_lose: true,
        }
    }
}

impl Tally {
    /// A move to a position worth `v` to its mover, who is South again
    /// when `same_mover`.
    fn add(&mut self, v: Value, same_mover: bool) {
        match if same_mover { v } else { v.flip() } {
            Value::Win { plies } => {
                self.win = Some(self.win.map_or(plies + 1, |w| w.min(plies + 1)))
            }
            Value::Loss { plies } => self.loss = self.loss.max(plies + 1),
            _ => self.all_lose = false,
        }
    }

    /// The position's value as far as known.
    fn value(&self) -> Value {
        match (self.win, self.all_lose) {
            (Some(plies), _) => Value::Win { plies },
            (None, true) => Value::Loss { plies: self.loss },
            (None, false) => Value::Draw,
        }
    }
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
             positions, needs about 338.1 MB of memory and up to 4.2 GB of scratch files \
             while it is built"
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
        // Sadeqa V's waranas: its layer of 20 seeds is over a build's bound.
        let err = Builder::new(crate::rulesets::SadeqaV::new(), "unused")
            .max_seeds(20)
            .plan()
            .unwrap_err();
        assert!(matches!(err, TablebaseError::LayerTooLarge { .. }), "{err}");
    }
}
