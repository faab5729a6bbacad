//! One layer under construction ([`Layer`], [`LayerValues`]): the sweeps
//! over its positions, shared by both algorithms, and the one walk that
//! goes through a layer's indices and positions ([`Layer::walk`]). What a
//! sweep does at each position is the algorithm's: [`super::margin`] for
//! the scoring games, [`super::last_mover`] for the games won by moving
//! last.

use super::Progress;
use crate::position::Position;
use crate::tablebase::codec::{Layout, Tabulate, decode};
use crate::tablebase::edges::{EdgeStore, Keep, Targets, Wanted};
use crate::tablebase::file::LayerFile;
use crate::tablebase::index::Walk;
use crate::tablebase::{TablebaseError, Value, ValueKind};
use rayon::prelude::*;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{
    AtomicBool, AtomicU8, AtomicU32, AtomicU64,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// Positions a task of a sweep takes at a time.
const CHUNK: u64 = 1 << 14;

/// A layer's values while it is built: a byte a position (0: unknown), and
/// a bit a position that says its value is final (every move's value is:
/// a smaller layer's, or a final one of this layer), so that later sweeps
/// skip it. A layer whose values are only -1, 0 and 1 (a win/draw/loss
/// build's top layer, module `wdl`) may hold them in two bits a position
/// instead (`LayerValues::packed`), four a byte, in the codes of
/// [`ValueKind::WinDrawLoss`].
///
/// And a bit a *line* of 16 positions that says a value of the line
/// changed, one bitmap for the sweep before and one for this one: a
/// position none of whose moves leads into such a line would get the value
/// it has, so a later sweep skips it without reading its moves' values
/// (the tail of a layer's sweeps changes few values). The bitmaps are
/// small (a bit for 16 bytes of values), so they stay in the processor's
/// cache where the values do not. Late in a layer, when a sweep before
/// changed few values, a byte a *block* of 1,024 positions (a word of
/// lines) is read first, for a run of moves at once: most runs lead into
/// no block changed, and are passed over without a test a position
/// (`Wanted::maybe`).
pub struct LayerValues {
    values: Vec<AtomicU8>,
    settled: Vec<AtomicU64>,
    /// Lines changed, by the parity of the sweep that changed them: the
    /// two words of the same lines side by side, one cache line for both.
    changed: Vec<[AtomicU64; 2]>,
    /// Blocks changed: a byte a block of [`BLOCK`] positions (a word of
    /// `changed`), bit 0 or 1 set when a line of the block changed in a
    /// sweep of that parity. A byte, not a bit: a sparse sweep tests it
    /// for every move, and a byte is read with one instruction.
    blocks: Vec<AtomicU8>,
    /// The sweep under way (from 0): where a change is marked.
    sweep: AtomicU32,
    /// Whether this sweep skips the positions whose moves lead to no line
    /// changed lately: not when the last sweep changed so many lines that
    /// a test of every position would cost more than it saves.
    skipping: AtomicBool,
    /// Whether this sweep is sparse: it skips, and the sweep before
    /// changed few blocks, so that a run of moves is tested on their blocks'
    /// bytes first ([`Wanted::maybe`]).
    sparse: AtomicBool,
    /// Two bits a position ([`LayerValues::packed`]).
    packed: bool,
}

/// Positions a bit of [`LayerValues`]'s changed lines stands for: fine
/// enough that late sweeps, changing a few values in millions, visit
/// few positions; coarse enough that the bitmaps stay in the processor's
/// cache (4.7 MB for game 91's layer of 16 seeds).
const LINE: u64 = 16;

/// A sweep skips positions ([`LayerValues::skipping`]) when the sweep
/// before changed fewer than one line in this many: a position has about
/// three moves in the layer, so then about half the positions are
/// skipped, and the test (a tight loop over the moves, measured at about
/// half a full sweep's time) pays.
const SKIP_BELOW: u64 = 4;

/// Positions a byte of [`LayerValues`]' changed blocks stands for: a word
/// of the lines' bitmap. Coarse enough that the blocks stay in the
/// processor's nearest caches (293 KB for game 91's layer of 16 seeds).
const BLOCK: u64 = LINE * 64;

/// A skipping sweep is sparse ([`LayerValues::sparse`]) when the sweep
/// before changed fewer than one block in this many: then most runs of
/// moves lead to no block changed, and are passed over on a test of the
/// blocks' bitmap alone.
const SPARSE_BELOW: u64 = 16;

/// A bitmap of `bits` bits, all clear.
fn bitmap(bits: u64) -> Vec<AtomicU64> {
    zeroed(bits.div_ceil(64), || AtomicU64::new(0))
}

/// `len` items made by `zero`, in memory backed by huge pages where the
/// system gives them: the sweeps read the values and bitmaps at random
/// places, and with 4 KiB pages nearly every read of a large layer would
/// also wait on a page walk (a miss of the processor's page cache).
/// Written by the threads of the current rayon pool: the first write to
/// memory the system gives a process is the slow part (up to several
/// seconds a GiB in a virtual machine whose host gives it the memory
/// then), and the threads share it.
fn zeroed<T: Send>(len: u64, zero: impl Fn() -> T + Sync + Send) -> Vec<T> {
    let mut v = Vec::with_capacity(len as usize);
    // Before the first write, so that the pages come huge.
    crate::search::advise_huge_pages(v.spare_capacity_mut());
    v.par_extend((0..len as usize).into_par_iter().map(|_| zero()));
    v
}

impl LayerValues {
    /// `positions` unknown values.
    pub fn new(positions: u64) -> Self {
        let lines = positions.div_ceil(LINE);
        LayerValues {
            values: zeroed(positions, || AtomicU8::new(0)),
            settled: bitmap(positions),
            changed: zeroed(lines.div_ceil(64), || {
                [AtomicU64::new(0), AtomicU64::new(0)]
            }),
            sweep: AtomicU32::new(0),
            skipping: AtomicBool::new(false),
            blocks: zeroed(lines.div_ceil(64), || AtomicU8::new(0)),
            sparse: AtomicBool::new(false),
            packed: false,
        }
    }

    /// `positions` unknown values, each of which will be -1, 0 or 1: two
    /// bits a position.
    pub(crate) fn packed(positions: u64) -> Self {
        let lines = positions.div_ceil(LINE);
        LayerValues {
            values: zeroed(positions.div_ceil(4), || AtomicU8::new(0)),
            settled: bitmap(positions),
            changed: zeroed(lines.div_ceil(64), || {
                [AtomicU64::new(0), AtomicU64::new(0)]
            }),
            sweep: AtomicU32::new(0),
            skipping: AtomicBool::new(false),
            blocks: zeroed(lines.div_ceil(64), || AtomicU8::new(0)),
            sparse: AtomicBool::new(false),
            packed: true,
        }
    }

    /// Starts sweep `sweep` (from 0): its changes are marked from now on,
    /// in the bitmap that held those of the sweep before the last; and it
    /// skips positions if the last sweep changed few lines.
    pub(super) fn start_sweep(&self, sweep: u32) {
        let (now, last) = ((sweep % 2) as usize, ((sweep + 1) % 2) as usize);
        let mut lines = 0;
        for pair in &self.changed {
            pair[now].store(0, Relaxed);
            lines += pair[last].load(Relaxed).count_ones() as u64;
        }
        let mut blocks = 0;
        for block in &self.blocks {
            let b = block.load(Relaxed);
            block.store(b & !(1 << now), Relaxed);
            blocks += (b >> last & 1) as u64;
        }
        self.sweep.store(sweep, Relaxed);
        let all = (self.changed.len() as u64 * 64).max(1);
        let skipping = sweep > 0 && lines * SKIP_BELOW < all;
        self.skipping.store(skipping, Relaxed);
        let all_blocks = (self.blocks.len() as u64).max(1);
        self.sparse
            .store(skipping && blocks * SPARSE_BELOW < all_blocks, Relaxed);
    }

    /// Whether a position whose moves lead to `targets` is swept again:
    /// always, unless this sweep skips ([`LayerValues::start_sweep`]);
    /// then only if a value of a target's line changed in this sweep or
    /// the one before. Otherwise its moves' values are the ones it was
    /// last swept with (a sweep starts after the last one ended), and so
    /// is its value.
    #[inline(always)]
    pub(super) fn wanted(&self, mut targets: impl Iterator<Item = u64>) -> bool {
        !self.skipping.load(Relaxed) || targets.any(|index| self.line_changed(index))
    }

    /// Whether a value of the line of `index` changed in this sweep or the
    /// one before.
    #[inline(always)]
    fn line_changed(&self, index: u64) -> bool {
        let (word, bit) = ((index / LINE / 64) as usize, index / LINE % 64);
        let [a, b] = &self.changed[word];
        (a.load(Relaxed) | b.load(Relaxed)) >> bit & 1 == 1
    }

    /// Marks the line of `index` as changed in this sweep.
    #[inline]
    fn mark_changed(&self, index: u64) {
        let (word, bit) = ((index / LINE / 64) as usize, index / LINE % 64);
        let parity = (self.sweep.load(Relaxed) % 2) as usize;
        let line = &self.changed[word][parity];
        // A read first: most marks find the bit set, and a read does not
        // take the cache line from the other cores.
        if line.load(Relaxed) >> bit & 1 == 0 {
            line.fetch_or(1 << bit, Relaxed);
            // The block's bit, at the first change of a line of it.
            let block = &self.blocks[word];
            if block.load(Relaxed) >> parity & 1 == 0 {
                block.fetch_or(1 << parity, Relaxed);
            }
        }
    }

    /// The stored byte of `index`.
    #[inline(always)]
    pub fn value(&self, index: u64) -> u8 {
        if self.packed {
            let code = self.values[(index / 4) as usize].load(Relaxed) >> (2 * (index % 4)) & 3;
            // 0 even, 1 ahead, 2 behind: the margins 0, 1 and -1.
            [0, 1, -1i8 as u8, 0][code as usize]
        } else {
            self.values[index as usize].load(Relaxed)
        }
    }

    /// Asks the processor to bring the value of `index` into its cache: a
    /// later sweep reads its moves' values at random places of the layer,
    /// and waits on each (a read from memory) unless they were asked for
    /// ahead. A hint: it changes no value.
    #[inline(always)]
    pub(crate) fn prefetch(&self, index: u64) {
        let at = if self.packed { index / 4 } else { index };
        if let Some(v) = self.values.get(at as usize) {
            crate::tablebase::edges::prefetch(v as *const AtomicU8 as *const i8);
        }
    }

    /// Whether the value of `index` is final.
    #[inline(always)]
    pub fn is_settled(&self, index: u64) -> bool {
        // Acquire: the value was stored before the bit was set.
        self.settled[(index / 64) as usize].load(Acquire) >> (index % 64) & 1 == 1
    }

    /// Stores the byte of `index` (marking its line changed if it is), and
    /// marks it final if `settled`.
    #[inline(always)]
    pub(super) fn set(&self, index: u64, value: u8, settled: bool) {
        if self.packed {
            if self.value(index) != value {
                let code = match value as i8 {
                    0 => 0,
                    1 => 1,
                    _ => 2,
                };
                let shift = 2 * (index % 4);
                // One atomic change of the byte: the three other positions
                // in it may be read, or written by another thread (where a
                // range given to `sweep` does not start at a multiple of
                // four), at the same time.
                let _ = self.values[(index / 4) as usize].fetch_update(Relaxed, Relaxed, |b| {
                    Some(b & !(3 << shift) | code << shift)
                });
                self.mark_changed(index);
            }
        } else {
            let slot = &self.values[index as usize];
            if slot.load(Relaxed) != value {
                slot.store(value, Relaxed);
                self.mark_changed(index);
            }
        }
        if settled {
            self.settled[(index / 64) as usize].fetch_or(1 << (index % 64), Release);
        }
    }

    /// The values of the indices `start..start + out.len()`, into `out`:
    /// what a driver that shares a build between processes sends of the
    /// range it swept.
    pub fn read_range(&self, start: u64, out: &mut [u8]) {
        for (i, o) in (start..).zip(out.iter_mut()) {
            *o = self.value(i);
        }
    }

    /// Stores the values of the indices `start..start + bytes.len()`, as
    /// another process swept them (their settled bits stay unset: a sweep
    /// reads them only to settle more, an optimisation). Values that change
    /// count as changed by the sweep just done, so that the next one sweeps
    /// again the positions whose moves lead to them.
    pub fn write_range(&self, start: u64, bytes: &[u8]) {
        for (i, &b) in (start..).zip(bytes) {
            self.set(i, b, false);
        }
    }

    /// Whether the values are held in two bits a position.
    pub(crate) fn is_packed(&self) -> bool {
        self.packed
    }

    /// The values as bytes, once the layer is done: a byte a position, or
    /// for `LayerValues::packed` values their two-bit codes, four a byte.
    pub fn into_bytes(self) -> Vec<u8> {
        self.values.into_iter().map(AtomicU8::into_inner).collect()
    }
}

impl Wanted for LayerValues {
    #[inline(always)]
    fn wanted(&self, targets: Targets<'_>) -> bool {
        LayerValues::wanted(self, targets)
    }

    #[inline(always)]
    fn sparse(&self) -> bool {
        self.sparse.load(Relaxed)
    }

    /// Whether a line of the block of a target (the [`BLOCK`] positions a
    /// word of the lines' bitmap stands for) changed in this sweep or the
    /// one before.
    #[inline(always)]
    fn maybe(&self, targets: Targets<'_>) -> bool {
        let blocks = &self.blocks[..];
        targets.fold(false, |m, t| {
            m | blocks
                .get((t / BLOCK) as usize)
                .is_some_and(|b| b.load(Relaxed) != 0)
        })
    }
}

/// One layer under construction: what a sweep needs. Public for drivers
/// that share a build between processes (a sweep over a range of indices,
/// then an exchange of the values).
pub struct Layer<'a, R> {
    pub(super) rules: R,
    pub(super) layout: Layout,
    pub(super) seeds: u32,
    kind: ValueKind,
    pub(super) lower: &'a [LayerFile],
    /// Where the first sweep's moves are kept (margin layers whose indices
    /// fit 32 bits); `None` to sow every sweep.
    scratch: Option<PathBuf>,
    pub(super) store: OnceLock<EdgeStore>,
    /// Where the store is kept: memory or files, by the memory available.
    keep: Keep,
    /// The margins are kept within `-window..=window` (a win/draw/loss
    /// build, module `wdl`); 127, a byte's range, for exact margins.
    pub(super) window: i32,
    /// Set when a move within the layer gains points, which a window
    /// cannot follow (module `wdl`).
    pub(super) gain_in_layer: AtomicBool,
    /// The longest distance (plies) stored in the smaller layers, for the
    /// last-mover rounds ([`Layer::done`]); found when first asked.
    longest_lower: OnceLock<u32>,
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
            keep: Keep::Auto,
            window: i8::MAX as i32,
            gain_in_layer: AtomicBool::new(false),
            longest_lower: OnceLock::new(),
        }
    }

    /// The same layer, its margins kept within `-window..=window`: each
    /// value is the margin clamped to that window (module `wdl` says why
    /// that is exact).
    pub(super) fn within(mut self, window: i32) -> Self {
        self.window = window.clamp(0, i8::MAX as i32);
        self
    }

    /// The same layer, its first sweep's moves kept where `keep` says.
    pub(super) fn keeping(mut self, keep: Keep) -> Self {
        self.keep = keep;
        self
    }

    /// Positions in the layer.
    pub fn positions(&self) -> u64 {
        self.layout.size(self.seeds)
    }

    /// A value for every position, all unknown (0): two bits a position
    /// for a layer whose window holds only -1, 0 and 1 (module `wdl`), else
    /// a byte.
    pub fn new_values(&self) -> LayerValues {
        if self.window == 1 {
            LayerValues::packed(self.positions())
        } else {
            LayerValues::new(self.positions())
        }
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
                let kept = match (sweep, self.store.get()) {
                    (0, Some(store)) => format!(
                        ", moves kept in {}: {} bytes",
                        match store {
                            EdgeStore::Memory { .. } => "memory",
                            EdgeStore::Files { .. } => "files",
                        },
                        store.bytes()
                    ),
                    _ => String::new(),
                };
                eprintln!(
                    "layer {} sweep {sweep}: {changed} changed, {settled} settled of {}, {:.2} s{kept}",
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
    /// 0 finds the positions lost at once, which may be none), once every
    /// value of the smaller layers has been read: a round reads only
    /// distances below its number, so a move to a smaller layer's position
    /// lost in `d` plies counts from round `d + 1` on, whether or not the
    /// rounds before found anything in this layer. (The rounds used to stop
    /// at the first that found nothing, which could leave a position whose
    /// best move leads to a long distance in a smaller layer a draw.)
    pub fn done(&self, sweep: u32, changed: u64) -> bool {
        changed == 0
            && match self.kind {
                ValueKind::Margin => true,
                ValueKind::WinDrawLoss => sweep >= 1,
                ValueKind::LastMover => sweep >= 1 && sweep > self.longest_lower(),
            }
    }

    /// The longest distance, in plies, of a win or loss stored in the
    /// smaller layers (0 if none).
    fn longest_lower(&self) -> u32 {
        *self.longest_lower.get_or_init(|| {
            let longest = |layer: &LayerFile| {
                layer
                    .values()
                    .iter()
                    .map(|&b| match Value::from_byte(ValueKind::LastMover, b) {
                        Value::Win { plies } | Value::Loss { plies } => plies,
                        _ => 0,
                    })
                    .max()
                    .unwrap_or(0)
            };
            // The layers below this one (a driver may hold more).
            self.lower
                .iter()
                .take(self.seeds as usize)
                .map(longest)
                .max()
                .unwrap_or(0)
        })
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
        values.start_sweep(sweep);
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
            let positions = range.end - range.start;
            let _ = self.store.set(EdgeStore::new(
                dir,
                &stem,
                chunks as usize,
                positions,
                self.keep,
            )?);
        }
        let io_error: Mutex<Option<TablebaseError>> = Mutex::new(None);
        let changed: u64 = (0..chunks)
            .into_par_iter()
            .map(|c| {
                let lo = range.start + c * CHUNK;
                let hi = (lo + CHUNK).min(range.end);
                let changed = match self.kind {
                    ValueKind::Margin | ValueKind::WinDrawLoss => self
                        .margin_chunk(values, lo..hi, sweep, c as usize, &failed)
                        .unwrap_or_else(|e| {
                            *io_error.lock().expect("the error slot") = Some(e);
                            0
                        }),
                    ValueKind::LastMover => self.last_mover_chunk(values, lo..hi, sweep, &failed),
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
        if self.gain_in_layer.load(Relaxed) {
            return Err(TablebaseError::NoWinDrawLoss {
                ruleset: self.rules.name(),
                why: "a move that stays in its layer gains points, which a window of margins cannot follow",
            });
        }
        if failed.load(Relaxed) {
            return Err(match self.kind {
                ValueKind::Margin | ValueKind::WinDrawLoss => TablebaseError::NotClosed {
                    ruleset: self.rules.name(),
                },
                ValueKind::LastMover => TablebaseError::TooLong { seeds: self.seeds },
            });
        }
        Ok(changed)
    }

    /// The layer walk that every sweep runs: calls `each(index, placed)`
    /// for every position of `range` in index order, `placed` decoding the
    /// position (South to move, the turn not started) only if asked, so a
    /// sweep skips a settled position without it.
    #[inline(always)]
    pub(super) fn walk(&self, range: Range<u64>, mut each: impl FnMut(u64, Placed<'_, R>)) {
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
            each(
                index,
                Placed {
                    rules: self.rules,
                    pits: self.layout.pits,
                    walk: &walk,
                    buf: &mut buf,
                    marks,
                    state,
                },
            );
            walk.advance();
            rank += 1;
        }
    }
}

/// One position of a [`Layer::walk`], not yet decoded.
pub(super) struct Placed<'w, R> {
    rules: R,
    pits: usize,
    walk: &'w Walk,
    buf: &'w mut [u8; 48],
    marks: u64,
    state: u64,
}

impl<R: Tabulate> Placed<'_, R> {
    /// The position: South to move, nothing captured, the turn not started.
    #[inline(always)]
    pub(super) fn position(self) -> Position<R> {
        self.walk.placement(self.buf);
        decode(self.rules, &self.buf[..self.pits], self.marks, self.state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A change, in a sweep or written from another process, makes the
    /// positions whose moves lead to its line swept again in the next
    /// sweep, and only in that one.
    #[test]
    fn a_change_is_seen_by_the_next_sweep_only() {
        let values = LayerValues::new(1000);
        values.start_sweep(0);
        values.set(100, 5, false);
        values.set(200, 0, false); // no change: not marked
        values.start_sweep(1);
        assert!(values.wanted([3, 100].into_iter()));
        assert!(!values.wanted([0, 200, 999].into_iter()));
        values.write_range(500, &[0, 7]);
        values.start_sweep(2);
        assert!(values.wanted([501].into_iter()));
        assert!(!values.wanted([100, 500 - LINE].into_iter()));
        assert_eq!((values.value(100), values.value(501)), (5, 7));
    }

    /// A sweep after one that changed few blocks is sparse: a run of moves
    /// is passed over unless one leads into a block (a word of lines)
    /// changed in this sweep or the one before.
    #[test]
    fn a_sweep_after_few_changes_tests_runs_by_block() {
        let values = LayerValues::new(100 * BLOCK);
        values.start_sweep(0);
        values.set(5 * BLOCK + 3, 1, false);
        values.start_sweep(1);
        assert!(values.sparse());
        let targets = |t: &[u32]| -> Vec<u8> { t.iter().flat_map(|i| i.to_le_bytes()).collect() };
        let run = |t: &[u32]| {
            let bytes = targets(t);
            values.maybe(Targets::new(&bytes))
        };
        assert!(run(&[0, 5 * BLOCK as u32 + BLOCK as u32 - 1]));
        assert!(!run(&[0, 6 * BLOCK as u32, 4 * BLOCK as u32 + 1]));
        // Changed in this sweep: seen at once.
        values.set(9 * BLOCK, 2, false);
        assert!(run(&[9 * BLOCK as u32 + 7]));
        // Two sweeps on, the first change is forgotten.
        values.start_sweep(2);
        values.start_sweep(3);
        assert!(!run(&[5 * BLOCK as u32 + 3, 9 * BLOCK as u32]));
        // Nothing changed in the sweep before: every run is passed over.
        assert!(values.sparse());
    }

    /// A sweep after one that changed many lines visits every position.
    #[test]
    fn a_sweep_after_many_changes_visits_everything() {
        let values = LayerValues::new(1000);
        values.start_sweep(0);
        for i in (0..1000).step_by(LINE as usize) {
            values.set(i, 1, false);
        }
        values.start_sweep(1);
        values.start_sweep(2);
        assert!(!values.wanted([0].into_iter()));
        let values = LayerValues::new(1000);
        values.start_sweep(0);
        for i in (0..1000).step_by(LINE as usize) {
            values.set(i, 1, false);
        }
        values.start_sweep(1);
        assert!(values.wanted(std::iter::empty()));
    }
}

#[cfg(test)]
mod last_mover_rounds {
    use super::*;
    use crate::rulesets::SadeqaII;
    use crate::tablebase::build::header_of;
    use std::sync::Arc;

    /// Module `last_mover`: a round reads only distances below its number,
    /// so a move to a smaller layer's position lost in 5 plies counts from
    /// round 6 on. The rounds of a layer go on through round 6 even when
    /// one before found nothing in the layer itself (they stopped there,
    /// which could leave a position whose one winning move leads to that
    /// loss a draw), and stop at the first round after it that finds
    /// nothing.
    #[test]
    fn last_mover_rounds_read_every_distance_of_the_smaller_layers() {
        let rules = SadeqaII::new();
        let layout = Layout::of(&rules);
        let lower: Vec<LayerFile> = (0..2u32)
            .map(|seeds| {
                let mut values = vec![0u8; layout.size(seeds) as usize];
                if seeds == 1 {
                    // Lost in 5 plies: the byte 1 + 5.
                    values[0] = 6;
                }
                let header = header_of(&rules, &layout, "last-mover", seeds, 0);
                LayerFile::shared(header, Arc::new(values))
            })
            .collect();
        let layer = Layer::new(rules, 2, &lower, None);
        assert!(!layer.done(0, 0), "round 0 may find nothing");
        assert!(!layer.done(1, 0), "a distance of 5 not read yet");
        assert!(!layer.done(5, 0), "a distance of 5 not read yet");
        assert!(layer.done(6, 0), "every distance read, nothing found");
        assert!(!layer.done(7, 4), "round 7 found values");
    }
}
