//! A layer's moves, found by its first sweep and kept for the next ones.
//!
//! A sweep's cost is in sowing each move and ranking where it leads; the
//! values it reads change, the moves do not. So the first sweep of a margin
//! layer writes, chunk by chunk, what it found: for each position the best
//! value of its moves that leave the layer (captures, the end of the game:
//! final values), and the indices of the positions its other moves lead
//! to. Later sweeps read that back instead of sowing again. A block is
//! two bytes a position, then 4 bytes a move within the layer: about 13
//! bytes a position, 4 GB for game 91's layer of 16 seeds (docs/SOLVED.md
//! "Database builds"). The blocks are kept in memory when they fit in half
//! the memory the system has available ([`EdgeStore::new`]): a sweep then
//! reads them where they lie. Otherwise they go to one temporary file a
//! worker thread, read back with positioned reads, so that the memory a
//! build holds stays the values' (the operating system keeps the files in
//! its cache when it has room); each write and read of a block is then a
//! copy through the system, measured at about a seventh of a build's time
//! when the files fit in the cache.

use super::TablebaseError;
use std::cell::RefCell;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

/// A move that stays in the layer: where it leads, the points it gains
/// for the mover (Sadeqa V's warana seeds; 0 in most games), and whether
/// the mover moves again there (a bonus move; a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    pub index: u64,
    pub gain: i8,
    pub same_mover: bool,
}

/// The most moves a position has that stay in its layer: one a pit of a
/// row (24), or a pass.
pub(crate) const MAX_EDGES: usize = 25;

/// What a position's moves are, for its value: the best value of the moves
/// that leave the layer (`None` if none does) and the moves that stay. A
/// plain value: no allocation on a sweep's path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Moves {
    pub exit: Option<i32>,
    edges: [Edge; MAX_EDGES],
    len: u8,
}

impl Default for Moves {
    fn default() -> Self {
        Moves {
            exit: None,
            edges: [Edge {
                index: 0,
                gain: 0,
                same_mover: false,
            }; MAX_EDGES],
            len: 0,
        }
    }
}

impl Moves {
    /// No move yet (as [`Moves::default`], without writing the edges).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.exit = None;
        self.len = 0;
    }

    /// A move leaving the layer, worth `value` to the mover.
    #[inline]
    pub(crate) fn exit(&mut self, value: i32) {
        self.exit = Some(self.exit.map_or(value, |e| e.max(value)));
    }

    /// A move staying in the layer.
    #[inline]
    pub(crate) fn edge(&mut self, edge: Edge) {
        self.edges[self.len as usize] = edge;
        self.len += 1;
    }

    /// The moves staying in the layer.
    #[inline]
    pub(crate) fn edges(&self) -> &[Edge] {
        &self.edges[..self.len as usize]
    }
}

/// One chunk's moves, as written: `count` a position (`SETTLED` for a
/// position whose value was final after the first sweep), its best exit
/// (`i8::MIN` for none), then the edges' indices (`u32`), then, if any edge
/// is not plain (gain 0, the other player next), a gain and a flag each.
pub(crate) const SETTLED: u8 = u8::MAX;

/// Where a chunk's block is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Block {
    file: usize,
    offset: u64,
    len: usize,
}

/// Where a layer keeps its blocks: [`EdgeStore::new`]'s choice by the
/// memory available, or (for the tests that compare the two) memory or
/// files whatever it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) enum Keep {
    /// Memory if the blocks fit in half the memory available, else files.
    #[default]
    Auto,
    /// Memory.
    Memory,
    /// Files.
    Files,
}

/// The blocks of one layer's chunks: in memory, or in one temporary file
/// a worker thread.
pub(crate) enum EdgeStore {
    /// Each chunk's block as written, and the bytes reserved for them in
    /// [`RESERVED`] (given back when the store is dropped).
    Memory {
        blocks: Vec<OnceLock<Box<[u8]>>>,
        reserved: u64,
    },
    /// Each chunk's block in its worker's file.
    Files {
        paths: Vec<PathBuf>,
        files: Vec<Mutex<(File, u64)>>,
        blocks: Vec<OnceLock<Block>>,
    },
}

thread_local! {
    /// A worker's buffer for the block it reads or writes.
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// A worker's list of the positions of a block it visits
    /// ([`decode_block`]).
    static PICKED: RefCell<Vec<(u32, u32, u8)>> = const { RefCell::new(Vec::new()) };
}

impl EdgeStore {
    /// A store for `chunks` chunks of `positions` positions in all: in
    /// memory if their blocks (about [`BYTES_A_POSITION`] a position) fit
    /// in half the memory the system says is available (Linux's
    /// `MemAvailable`, which counts the cache it can drop) with those of
    /// the other memory stores of the process ([`RESERVED`]), else in
    /// files in `dir` ([`EdgeStore::in_files`]); or where `keep` says.
    pub(crate) fn new(
        dir: &Path,
        stem: &str,
        chunks: usize,
        positions: u64,
        keep: Keep,
    ) -> Result<EdgeStore, TablebaseError> {
        let bytes = positions.saturating_mul(BYTES_A_POSITION);
        let reserved = match keep {
            Keep::Auto => available_memory()
                .is_some_and(|free| reserve(&RESERVED, bytes, free))
                .then_some(bytes),
            Keep::Memory => Some(0),
            Keep::Files => None,
        };
        if let Some(reserved) = reserved {
            remove_stale(dir, stem);
            let mut store = EdgeStore::in_memory(chunks);
            if let EdgeStore::Memory { reserved: r, .. } = &mut store {
                *r = reserved;
            }
            Ok(store)
        } else {
            EdgeStore::in_files(dir, stem, chunks)
        }
    }

    /// A store for `chunks` chunks in memory.
    pub(crate) fn in_memory(chunks: usize) -> EdgeStore {
        EdgeStore::Memory {
            blocks: (0..chunks).map(|_| OnceLock::new()).collect(),
            reserved: 0,
        }
    }

    /// A store for `chunks` chunks, with one file a worker thread of the
    /// current pool in `dir`, named after `stem`.
    pub(crate) fn in_files(
        dir: &Path,
        stem: &str,
        chunks: usize,
    ) -> Result<EdgeStore, TablebaseError> {
        let threads = rayon::current_num_threads();
        remove_stale(dir, stem);
        // The store first, its files added as they are made: on an error
        // it is dropped and removes those made (no file left behind).
        let mut store = EdgeStore::Files {
            paths: Vec::new(),
            files: Vec::new(),
            blocks: (0..chunks).map(|_| OnceLock::new()).collect(),
        };
        let EdgeStore::Files { paths, files, .. } = &mut store else {
            unreachable!("made as files just above")
        };
        for t in 0..threads {
            let path = dir.join(format!(".{stem}.moves.{t}.tmp"));
            let file = File::options()
                .read(true)
                .write(true)
                .create(true)
                .truncate(true)
                .open(&path)
                .map_err(|e| TablebaseError::Io {
                    path: path.clone(),
                    error: e.to_string(),
                })?;
            paths.push(path);
            files.push(Mutex::new((file, 0)));
        }
        Ok(store)
    }

    /// Bytes of the blocks written so far (for `TABLEBASE_DEBUG`'s
    /// report of the first sweep).
    pub(crate) fn bytes(&self) -> u64 {
        match self {
            EdgeStore::Memory { blocks, .. } => blocks
                .iter()
                .filter_map(|b| b.get().map(|b| b.len() as u64))
                .sum(),
            EdgeStore::Files { files, .. } => files
                .iter()
                .map(|f| f.lock().expect("a worker's file").1)
                .sum(),
        }
    }

    /// Writes chunk `chunk`'s block, as `block` holds it.
    pub(crate) fn write(&self, chunk: usize, block: &BlockWriter) -> Result<(), TablebaseError> {
        let (paths, files, blocks) = match self {
            EdgeStore::Memory { blocks, .. } => {
                let mut bytes = Vec::with_capacity(block.len());
                block.finish(&mut bytes);
                let _ = blocks[chunk].set(bytes.into_boxed_slice());
                return Ok(());
            }
            EdgeStore::Files {
                paths,
                files,
                blocks,
            } => (paths, files, blocks),
        };
        BUFFER.with_borrow_mut(|buf| {
            buf.clear();
            block.finish(buf);
            let t = rayon::current_thread_index().unwrap_or(0) % files.len();
            let mut file = files[t].lock().expect("a worker's own file");
            let offset = file.1;
            file.0
                .write_all_at(buf, offset)
                .map_err(|e| TablebaseError::Io {
                    path: paths[t].clone(),
                    error: e.to_string(),
                })?;
            file.1 += buf.len() as u64;
            let _ = blocks[chunk].set(Block {
                file: t,
                offset,
                len: buf.len(),
            });
            Ok(())
        })
    }

    /// Reads chunk `chunk`'s block of `positions` positions and calls
    /// `each(i, exit, edges)` for each position not settled that `wanted`
    /// accepts (given where its moves lead, [`Wanted`]), and `ahead` with
    /// each one's targets some positions before (to prefetch).
    pub(crate) fn read(
        &self,
        chunk: usize,
        positions: usize,
        wanted: &impl Wanted,
        ahead: impl Fn(Targets<'_>),
        mut each: impl FnMut(usize, Option<i32>, Edges<'_>),
    ) -> Result<(), TablebaseError> {
        const WRITTEN: &str = "every chunk was written by the first sweep";
        let (paths, files, blocks) = match self {
            EdgeStore::Memory { blocks, .. } => {
                let block = blocks[chunk].get().expect(WRITTEN);
                decode_block(block, positions, wanted, &ahead, &mut each);
                return Ok(());
            }
            EdgeStore::Files {
                paths,
                files,
                blocks,
            } => (paths, files, blocks),
        };
        let block = *blocks[chunk].get().expect(WRITTEN);
        BUFFER.with_borrow_mut(|buf| {
            buf.resize(block.len, 0);
            let file = files[block.file].lock().expect("a worker's file");
            file.0
                .read_exact_at(buf, block.offset)
                .map_err(|e| TablebaseError::Io {
                    path: paths[block.file].clone(),
                    error: e.to_string(),
                })?;
            drop(file);
            decode_block(buf, positions, wanted, &ahead, &mut each);
            Ok(())
        })
    }
}

/// Where the moves within the layer of one position of a block lead.
#[derive(Clone)]
pub(crate) struct Targets<'a>(std::slice::ChunksExact<'a, u8>);

impl<'a> Targets<'a> {
    /// The targets written in `bytes`, 4 bytes each (little-endian).
    #[cfg(test)]
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Targets(bytes.chunks_exact(4))
    }
}

impl Iterator for Targets<'_> {
    type Item = u64;

    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        Some(u32::from_le_bytes(self.0.next()?.try_into().expect("4 bytes")) as u64)
    }
}

/// The moves within the layer of one position of a block.
#[derive(Clone)]
pub(crate) struct Edges<'a> {
    indices: std::slice::ChunksExact<'a, u8>,
    /// Gain and flag pairs; empty for a plain block.
    aux: std::slice::ChunksExact<'a, u8>,
    plain: bool,
}

impl Iterator for Edges<'_> {
    type Item = Edge;

    #[inline(always)]
    fn next(&mut self) -> Option<Edge> {
        let index = u32::from_le_bytes(self.indices.next()?.try_into().expect("4 bytes")) as u64;
        let (gain, same_mover) = if self.plain {
            (0, false)
        } else {
            let a = self.aux.next().unwrap_or(&[0, 0]);
            (a[0] as i8, a[1] == 1)
        };
        Some(Edge {
            index,
            gain,
            same_mover,
        })
    }
}

impl Drop for EdgeStore {
    fn drop(&mut self) {
        match self {
            EdgeStore::Files { paths, .. } => {
                for path in paths.iter() {
                    let _ = std::fs::remove_file(path);
                }
            }
            EdgeStore::Memory { reserved, .. } => {
                RESERVED.fetch_sub(*reserved, Relaxed);
            }
        }
    }
}

/// Bytes a position of a layer's blocks, at most as counted for the
/// choice of memory or files: two, and four a move within the layer
/// (about three in game 91), with room to spare (the bound that
/// `Plan::scratch_bytes` states).
pub(crate) const BYTES_A_POSITION: u64 = 14;

/// Bytes the memory stores alive in this process may take (each
/// reserves its bound, [`EdgeStore::new`]). The workers of one process (a
/// distributed build's `-w`) each make a store at about the same time,
/// before any has written: the memory available counts each one's for
/// the others, and without this the stores could take it all.
static RESERVED: AtomicU64 = AtomicU64::new(0);

/// Reserves `bytes` in `reserved` if they fit, with those reserved
/// already, in half of `free` (the memory the system says is available,
/// which counts what the stores have written so far: a store that has
/// written is counted twice, on the safe side).
fn reserve(reserved: &AtomicU64, bytes: u64, free: u64) -> bool {
    reserved
        .fetch_update(Relaxed, Relaxed, |r| {
            (bytes <= (free / 2).saturating_sub(r)).then(|| r + bytes)
        })
        .is_ok()
}

/// The memory the system says is available, in bytes (Linux's
/// `MemAvailable`); `None` where it does not say.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// A chunk's block as the first sweep makes it, position by position
/// (see [`SETTLED`] for the layout).
#[derive(Default)]
pub(crate) struct BlockWriter {
    counts: Vec<u8>,
    exits: Vec<u8>,
    indices: Vec<u8>,
    aux: Vec<u8>,
    plain: bool,
}

impl BlockWriter {
    /// An empty block.
    pub(crate) fn new() -> Self {
        BlockWriter {
            plain: true,
            ..Default::default()
        }
    }

    /// The next position's moves; `None` for a settled one.
    pub(crate) fn push(&mut self, moves: Option<&Moves>) {
        let Some(m) = moves else {
            self.counts.push(SETTLED);
            self.exits.push(i8::MIN as u8);
            return;
        };
        self.counts.push(m.len);
        self.exits.push(m.exit.map_or(i8::MIN, |e| e as i8) as u8);
        for e in m.edges() {
            self.indices
                .extend_from_slice(&(e.index as u32).to_le_bytes());
            if self.plain && (e.gain != 0 || e.same_mover) {
                // The first edge that is not plain: the earlier ones were.
                self.plain = false;
                self.aux.resize(2 * (self.indices.len() / 4 - 1), 0);
            }
            if !self.plain {
                self.aux.push(e.gain as u8);
                self.aux.push(e.same_mover as u8);
            }
        }
    }

    /// The block's length in bytes.
    fn len(&self) -> usize {
        1 + self.counts.len() + self.exits.len() + self.indices.len() + self.aux.len()
    }

    /// The block's bytes, appended to `out`.
    fn finish(&self, out: &mut Vec<u8>) {
        out.push(self.plain as u8);
        out.extend_from_slice(&self.counts);
        out.extend_from_slice(&self.exits);
        out.extend_from_slice(&self.indices);
        out.extend_from_slice(&self.aux);
    }
}

/// Edges whose targets are announced ahead of their position
/// ([`EdgeStore::read`]'s `ahead`): about a dozen positions' worth.
const AHEAD: usize = 64;

/// Which positions of a block a sweep visits, by where their moves lead
/// ([`EdgeStore::read`]).
pub(crate) trait Wanted {
    /// Whether a position whose moves lead to `targets` is visited.
    fn wanted(&self, targets: Targets<'_>) -> bool;
    /// Whether few positions are visited, so that [`Wanted::maybe`] is
    /// worth asking first of runs of moves.
    fn sparse(&self) -> bool;
    /// A quick test of a run of moves, without a branch a move: `false`
    /// only if [`Wanted::wanted`] would visit no position for these moves
    /// (`true` may be wrong).
    fn maybe(&self, targets: Targets<'_>) -> bool;
}

/// Every position is visited (the first sweep's moves read back whole).
#[cfg(test)]
pub(crate) struct Every;

#[cfg(test)]
impl Wanted for Every {
    fn wanted(&self, _: Targets<'_>) -> bool {
        true
    }
    fn sparse(&self) -> bool {
        false
    }
    fn maybe(&self, _: Targets<'_>) -> bool {
        true
    }
}

/// Moves tested together by [`Wanted::maybe`] in a sparse pick: one
/// branch for a run of them, most of which lead nowhere changed.
const RUN: usize = 8;

/// Bytes of moves asked for ahead of a pick ([`decode_block`]).
const STREAM_AHEAD: usize = 2048;

/// Calls `each` for every position of a block that is not settled and
/// that `wanted` accepts (given its targets), and `ahead(targets)` with
/// the targets of the wanted positions whose edges come [`AHEAD`] edges
/// later (every one is announced before it is met). Two passes: the first
/// picks the wanted positions (a tight loop over the edges, which a sweep
/// late in a layer, wanting few, spends its time in); the second visits
/// them.
fn decode_block(
    buf: &[u8],
    positions: usize,
    wanted: &impl Wanted,
    ahead: &impl Fn(Targets<'_>),
    each: &mut impl FnMut(usize, Option<i32>, Edges<'_>),
) {
    let plain = buf[0] == 1;
    let counts = &buf[1..1 + positions];
    let exits = &buf[1 + positions..1 + 2 * positions];
    let edges_at = 1 + 2 * positions;
    let total: usize = counts.iter().map(|&c| moves_of(c)).sum();
    let indices = &buf[edges_at..edges_at + 4 * total];
    let aux = &buf[edges_at + 4 * total..];
    let targets = |first: usize, last: usize| Targets(indices[4 * first..4 * last].chunks_exact(4));
    PICKED.with_borrow_mut(|picked| {
        // The wanted positions: (position, its first edge, its edges).
        picked.clear();
        if wanted.sparse() {
            pick_sparse(counts, indices, wanted, picked);
        } else {
            let mut k = 0usize;
            for (i, &c) in counts.iter().enumerate() {
                if c == SETTLED {
                    continue;
                }
                let c = c as usize;
                // A hint only: which address is asked for changes the
                // speed, never what is read (docs/MUTANTS.md).
                if let Some(b) = indices.get(4 * k + STREAM_AHEAD) {
                    prefetch(b as *const u8 as *const i8);
                }
                if wanted.wanted(targets(k, k + c)) {
                    picked.push((i as u32, k as u32, c as u8));
                }
                k += c;
            }
        }
        // The next wanted position to announce, and the edges announced.
        let (mut next, mut asked) = (0usize, 0usize);
        let mut seen = 0usize;
        for (p, &(i, first, c)) in picked.iter().enumerate() {
            let (i, first, last) = (i as usize, first as usize, first as usize + c as usize);
            seen += c as usize;
            while next < picked.len() && (next <= p || asked < seen + AHEAD) {
                let (_, f, n) = picked[next];
                ahead(targets(f as usize, f as usize + n as usize));
                asked += n as usize;
                next += 1;
            }
            let exit = (exits[i] as i8 != i8::MIN).then_some(exits[i] as i8 as i32);
            let edges = Edges {
                indices: indices[4 * first..4 * last].chunks_exact(4),
                aux: if plain {
                    [].chunks_exact(2)
                } else {
                    aux[2 * first..2 * last].chunks_exact(2)
                },
                plain,
            };
            each(i, exit, edges);
        }
    });
}

/// [`decode_block`]'s pick when few positions are wanted: the moves of
/// the block are read as one run, [`RUN`] at a time with
/// [`Wanted::maybe`] and no branch; only a run that may hold a wanted move
/// is tested move by move, and a wanted move's position found by counting
/// the positions' moves up to it. A sweep late in a layer, which visits a
/// few positions in thousands, so spends a few instructions a move where
/// a test a position (a branch on its count of moves, another on each
/// move) cost several times that.
fn pick_sparse(
    counts: &[u8],
    indices: &[u8],
    wanted: &impl Wanted,
    picked: &mut Vec<(u32, u32, u8)>,
) {
    let total = indices.len() / 4;
    // The position whose moves are counted up to, and its first move.
    let (mut at, mut first) = (0usize, 0usize);
    // The last position tested (each is tested once).
    let mut tested = usize::MAX;
    let mut run = 0;
    while run < total {
        let end = (run + RUN).min(total);
        // The moves a few pages on asked for: the system's pages of the
        // block are not in order in memory, and the processor's own
        // fetching ahead stops at the end of each. (A hint only: the
        // address changes the speed, never what is read.)
        if let Some(b) = indices.get(4 * end + STREAM_AHEAD) {
            prefetch(b as *const u8 as *const i8);
        }
        if wanted.maybe(Targets(indices[4 * run..4 * end].chunks_exact(4))) {
            for j in run..end {
                // Move j's position: the one whose moves reach past j.
                let mut c = moves_of(counts[at]);
                while first + c <= j {
                    first += c;
                    at += 1;
                    c = moves_of(counts[at]);
                }
                if tested == at {
                    continue;
                }
                tested = at;
                if wanted.wanted(Targets(indices[4 * first..4 * (first + c)].chunks_exact(4))) {
                    picked.push((at as u32, first as u32, c as u8));
                }
            }
        }
        run = end;
    }
}

/// The moves a position has in its block: none if settled.
#[inline(always)]
fn moves_of(count: u8) -> usize {
    if count == SETTLED { 0 } else { count as usize }
}

/// A hint to the processor to fetch the cache line of `p` (x86-64's
/// `prefetcht0`; nothing elsewhere). `p` comes from a reference, and a
/// prefetch never faults nor changes memory.
#[inline(always)]
pub(crate) fn prefetch(p: *const i8) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: a prefetch is a hint: it reads nothing into the program and
    // cannot fault, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Removes the scratch files an interrupted build of the same layer left
/// (a killed process runs no destructor): `.<stem>.moves.<t>.tmp` for any
/// number of threads.
fn remove_stale(dir: &Path, stem: &str) {
    let prefix = format!(".{stem}.moves.");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&prefix) && name.ends_with(".tmp") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move staying in the layer, to `index`.
    fn edge(index: u64, gain: i8, same_mover: bool) -> Edge {
        Edge {
            index,
            gain,
            same_mover,
        }
    }

    /// A scratch directory of this test process, named after `name`.
    fn scratch_dir(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("sowing-edges-{name}-{}", std::process::id()))
    }

    /// What a store gives back of a block: each position visited, its
    /// exit and its edges.
    fn read_back(
        store: &EdgeStore,
        chunk: usize,
        positions: usize,
    ) -> Vec<(usize, Option<i32>, Vec<Edge>)> {
        let mut out = Vec::new();
        store
            .read(
                chunk,
                positions,
                &Every,
                |_| {},
                |i, exit, edges| out.push((i, exit, edges.collect())),
            )
            .expect("the block reads back");
        out
    }

    /// A block kept in memory and one kept in a file read back alike, and
    /// as written: settled positions skipped, exits, plain and other edges.
    #[test]
    fn blocks_in_memory_and_in_files_read_back_as_written() {
        let mut plain = Moves::default();
        plain.exit(3);
        plain.edge(edge(7, 0, false));
        plain.edge(edge(9, 0, false));
        let mut other = Moves::default();
        other.edge(edge(1, 2, true));
        let mut block = BlockWriter::new();
        block.push(Some(&plain));
        block.push(None);
        block.push(Some(&other));
        let dir = scratch_dir("blocks");
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let expected = vec![
            (0, Some(3), vec![edge(7, 0, false), edge(9, 0, false)]),
            (2, None, vec![edge(1, 2, true)]),
        ];
        let files = EdgeStore::in_files(&dir, "test", 2).expect("the files open");
        for store in [EdgeStore::in_memory(2), files] {
            assert_eq!(store.bytes(), 0);
            store.write(1, &block).expect("the block is written");
            store
                .write(0, &BlockWriter::new())
                .expect("an empty block is written");
            assert_eq!(read_back(&store, 1, 3), expected);
            assert_eq!(read_back(&store, 0, 0), vec![]);
            // The blocks' bytes: the plain flag, 3 counts, 3 exits, 3 edges
            // of 4 bytes and 3 gain and flag pairs; then the empty block's
            // flag.
            assert_eq!(store.bytes(), 1 + 3 + 3 + 12 + 6 + 1);
        }
        // The files' store removed its files when dropped.
        assert_eq!(std::fs::read_dir(&dir).expect("the directory").count(), 0);
        let _ = std::fs::remove_dir(&dir);
    }

    /// A store of files made in one pool of worker threads and written by
    /// another with more threads (each thread writes into a file of the
    /// store, whatever its number) reads back every block as written.
    #[test]
    fn a_store_written_by_more_threads_than_it_has_files_reads_back() {
        let pool = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool")
        };
        let dir = scratch_dir("pools");
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let store = pool(2)
            .install(|| EdgeStore::in_files(&dir, "pools", 7))
            .expect("the files open");
        let block = |chunk: usize| {
            let mut moves = Moves::default();
            moves.exit(chunk as i32);
            let mut block = BlockWriter::new();
            block.push(Some(&moves));
            block
        };
        pool(7).broadcast(|ctx| {
            let chunk = ctx.index();
            store.write(chunk, &block(chunk)).expect("written");
        });
        for chunk in 0..7 {
            assert_eq!(
                read_back(&store, chunk, 1),
                vec![(0, Some(chunk as i32), vec![])]
            );
        }
        drop(store);
        let _ = std::fs::remove_dir(&dir);
    }

    /// Positions are wanted if a move leads to a target in `changed`; the
    /// quick test of a run says whether any of its targets is in a block
    /// (of 16 indices) holding one, as the layer's changed blocks do.
    struct ChangedTargets {
        changed: Vec<u64>,
        sparse: bool,
    }

    impl Wanted for ChangedTargets {
        fn wanted(&self, mut targets: Targets<'_>) -> bool {
            targets.any(|t| self.changed.contains(&t))
        }
        fn sparse(&self) -> bool {
            self.sparse
        }
        fn maybe(&self, targets: Targets<'_>) -> bool {
            targets.into_iter().fold(false, |m, t| {
                m | self.changed.iter().any(|c| c / 16 == t / 16)
            })
        }
    }

    /// The sparse pick (a run of moves at a time, a wanted move's position
    /// found by counting moves) visits the same positions, with the same
    /// moves, as the test a position at a time: over positions with no
    /// move, settled ones, several wanted moves in one position, wanted
    /// moves at the ends of runs and of the block.
    #[test]
    fn a_sparse_pick_visits_what_a_pick_a_position_does() {
        let mut block = BlockWriter::new();
        let mut next = 0u64;
        let positions = 400;
        for i in 0..positions {
            if i % 7 == 3 {
                block.push(None);
                continue;
            }
            let mut m = Moves::default();
            for _ in 0..(i * 5 + 1) % 6 {
                // Targets spread over 0..1000, in no order.
                next = (next * 37 + 11) % 1000;
                m.edge(Edge {
                    index: next,
                    gain: 0,
                    same_mover: false,
                });
            }
            block.push(Some(&m));
        }
        let store = EdgeStore::in_memory(1);
        store.write(0, &block).expect("the block is written");
        let visits = |wanted: &ChangedTargets| {
            let mut out = Vec::new();
            store
                .read(
                    0,
                    positions,
                    wanted,
                    |_| {},
                    |i, exit, edges| out.push((i, exit, edges.collect::<Vec<_>>())),
                )
                .expect("the block reads back");
            out
        };
        for changed in [
            vec![],
            vec![0],
            vec![11, 418],
            vec![5, 500, 999],
            (0..1000).step_by(97).collect(),
        ] {
            let dense = visits(&ChangedTargets {
                changed: changed.clone(),
                sparse: false,
            });
            let sparse = visits(&ChangedTargets {
                changed: changed.clone(),
                sparse: true,
            });
            assert_eq!(sparse, dense, "changed targets {changed:?}");
            assert_eq!(dense.is_empty(), changed.is_empty());
        }
    }

    /// A store whose files cannot all be made (here the second worker's
    /// name is taken by a directory) is refused and leaves none of its
    /// files behind (it used to leave the ones made before the error).
    #[test]
    fn a_store_whose_files_cannot_be_made_leaves_none() {
        let dir = scratch_dir("fail");
        let taken = dir.join(".test.moves.1.tmp");
        std::fs::create_dir_all(taken.join("inside")).expect("a temporary directory");
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool");
        let store = pool.install(|| EdgeStore::in_files(&dir, "test", 1));
        assert!(matches!(store, Err(TablebaseError::Io { .. })));
        assert!(!dir.join(".test.moves.0.tmp").exists());
        std::fs::remove_dir_all(&dir).expect("the directory removed");
    }

    /// Two stores that each fit in half the memory available but not
    /// together get memory for the first only (two workers of one process
    /// each took half before, both together all of it); the memory comes
    /// back when the first is done.
    #[test]
    fn stores_of_one_process_share_half_the_memory() {
        let reserved = AtomicU64::new(0);
        assert!(reserve(&reserved, 40, 100));
        assert!(!reserve(&reserved, 40, 100));
        assert!(reserve(&reserved, 10, 100));
        assert!(!reserve(&reserved, 1, 100));
        reserved.fetch_sub(40, Relaxed);
        assert!(reserve(&reserved, 40, 100));
    }

    /// A read announces each wanted position's targets before it visits
    /// the position, about [`AHEAD`] edges ahead (the prefetch
    /// distance): when position `p` is visited, the edges announced reach
    /// at least `AHEAD` past `p`'s last edge, and stop within one
    /// position's edges of that.
    #[test]
    fn targets_are_announced_about_ahead_edges_before_their_visit() {
        use std::cell::RefCell;
        const POSITIONS: usize = 200;
        const EDGES: usize = 4;
        let mut block = BlockWriter::new();
        for i in 0..POSITIONS as u64 {
            let mut moves = Moves::default();
            for j in 0..EDGES as u64 {
                moves.edge(edge(i * 100 + j, 0, false));
            }
            block.push(Some(&moves));
        }
        let store = EdgeStore::in_memory(1);
        store.write(0, &block).expect("written");
        // Positions announced, in order, and the edges announced so far.
        let announced = RefCell::new(Vec::new());
        let mut visited = 0;
        store
            .read(
                0,
                POSITIONS,
                &Every,
                |mut targets| {
                    let first = targets.next().expect("a position's edges");
                    announced.borrow_mut().push((first / 100) as usize);
                },
                |i, _, _| {
                    let announced = announced.borrow();
                    assert_eq!(i, visited);
                    assert_eq!(announced[..], (0..announced.len()).collect::<Vec<_>>()[..]);
                    assert!(announced.len() > i, "position {i} visited before announced");
                    let (seen, asked) = (EDGES * (i + 1), EDGES * announced.len());
                    assert!(
                        asked >= (seen + AHEAD).min(EDGES * POSITIONS),
                        "{i}: {asked}"
                    );
                    assert!(asked < seen + AHEAD + EDGES, "{i}: {asked}");
                    visited += 1;
                },
            )
            .expect("read");
        assert_eq!((visited, announced.borrow().len()), (POSITIONS, POSITIONS));
    }

    /// A new store, in memory or in files, first removes the scratch files
    /// a killed build of the same layer left, whatever their thread
    /// number, and nothing else: not another layer's, nor files that are
    /// not scratch files.
    #[test]
    fn a_new_store_removes_a_killed_builds_scratch_files() {
        let dir = scratch_dir("stale");
        let kept = [
            ".other.moves.0.tmp",
            ".layer.moves.0.txt",
            "layer.moves.1.tmp",
        ];
        for keep in [Keep::Memory, Keep::Files] {
            std::fs::create_dir_all(&dir).expect("a temporary directory");
            for name in [".layer.moves.0.tmp", ".layer.moves.17.tmp"]
                .iter()
                .chain(&kept)
            {
                std::fs::write(dir.join(name), b"left").expect("written");
            }
            let store = EdgeStore::new(&dir, "layer", 1, 10, keep).expect("a store");
            drop(store);
            let mut left: Vec<String> = std::fs::read_dir(&dir)
                .expect("the directory")
                .map(|e| {
                    e.expect("an entry")
                        .file_name()
                        .to_string_lossy()
                        .into_owned()
                })
                .collect();
            left.sort();
            let mut expected = kept.map(String::from).to_vec();
            expected.sort();
            assert_eq!(left, expected, "{keep:?}");
            std::fs::remove_dir_all(&dir).expect("removed");
        }
    }

    /// The memory available is Linux's `MemAvailable`, read in KiB and
    /// given in bytes: some, in whole KiB, more than a megabyte.
    #[test]
    #[cfg(target_os = "linux")]
    fn the_memory_available_is_read_from_the_system() {
        let bytes = available_memory().expect("/proc/meminfo has MemAvailable");
        assert!(bytes >= 1 << 20, "{bytes}");
        assert_eq!(bytes % 1024, 0);
    }

    /// A block stays plain (no gain and flag pair an edge) while every
    /// edge gains nothing and passes the turn; the first edge that gains
    /// seeds, or keeps the mover, makes it carry a pair for every edge,
    /// the earlier ones included, and each reads back as written.
    #[test]
    fn a_block_is_plain_until_an_edge_gains_or_keeps_the_mover() {
        let block_of = |edges: &[Edge]| {
            let mut moves = Moves::default();
            for &e in edges {
                moves.edge(e);
            }
            let mut block = BlockWriter::new();
            block.push(Some(&moves));
            block
        };
        let cases = [
            // The flag, a count, an exit, 4 bytes an edge, and 2 an edge
            // when the block is not plain.
            (vec![edge(7, 0, false), edge(9, 0, false)], true, 11),
            (vec![edge(7, 0, false), edge(4, -3, false)], false, 15),
            (vec![edge(7, 0, false), edge(5, 0, true)], false, 15),
            (vec![edge(5, 2, true)], false, 9),
        ];
        for (edges, plain, len) in cases {
            let block = block_of(&edges);
            assert_eq!((block.plain, block.len()), (plain, len), "{edges:?}");
            let store = EdgeStore::in_memory(1);
            store.write(0, &block).expect("written");
            assert_eq!(read_back(&store, 0, 1), vec![(0, None, edges)]);
        }
    }
}
