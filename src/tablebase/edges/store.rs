//! Where a layer's blocks are kept: in memory when they fit in half the
//! memory the system has available (with the other stores of the
//! process), else in one temporary file a worker thread
//! ([`EdgeStore::new`]'s choice; the [module docs](super) say why). The
//! bytes of a block are [`super::block`]'s.

use super::block::{BlockWriter, Edges, Targets, Wanted, decode_block};
use crate::tablebase::TablebaseError;
use std::cell::RefCell;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

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
pub(super) fn reserve(reserved: &AtomicU64, bytes: u64, free: u64) -> bool {
    reserved
        .fetch_update(Relaxed, Relaxed, |r| {
            (bytes <= (free / 2).saturating_sub(r)).then(|| r + bytes)
        })
        .is_ok()
}

/// The memory the system says is available, in bytes (Linux's
/// `MemAvailable`); `None` where it does not say.
pub(super) fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
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
