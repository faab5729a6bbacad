//! Helpers shared by the searching players (module `bots`, with the `bots`
//! feature) and the solver: the lap limit inside a search tree,
//! position hashing, the node and time [`Limits`] of a search and the
//! bounded transposition table ([`HashTable`]) both keep their results in.

#[cfg(feature = "bots")]
use crate::{moves::Move, position::Position, ruleset::Ruleset};
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// The lap limit used inside search trees and playouts (RULES.md section 2,
/// the lap-limit option): a sowing not finished within 10,000 laps counts
/// as endless there. Ordinary sowings end within a few thousand laps (the
/// longest seen in random play: 1,939 in Sadeqa III, 4,426 in game 91), so
/// in practice the limit only cuts endless sowings short; the moves a
/// player returns are always taken from the exact legal moves of the root.
pub const SEARCH_LAP_LIMIT: u32 = 10_000;

/// `pos` after the exact-legal move `mv`, with the search lap limit set
/// for the tree below it.
#[cfg(feature = "bots")]
pub fn child_for_search<R: Ruleset>(pos: &Position<R>, mv: Move) -> Position<R> {
    let mut next = *pos;
    next.play_unchecked(mv);
    next.with_lap_limit(Some(SEARCH_LAP_LIMIT))
}

/// The FxHash mix (rustc's hasher): fast, good enough for table indices;
/// every table that uses it checks the full key on a hit.
#[derive(Default)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

/// The keys of [`fold`]: every byte at least 0x80, a value no pit holds
/// (at most 96 seeds), so that no word of a board cancels its key (a
/// folded product with a zero factor would lose the other word).
const FOLD_KEYS: [u64; 3] = [
    0xa076_1d64_78bd_642f,
    0xe703_7ed1_a0b4_28db,
    0x8ebc_6af0_9c88_c6e3,
];

/// The 128-bit product of two words folded into 64 bits (wyhash's mix).
#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

impl Hasher for FxHasher {
    /// Bytes (a board's pits) sixteen at a time: each pair of words folded
    /// by one multiplication with keys that depend on its place, the pairs
    /// independent of one another (so that the processor multiplies them
    /// side by side) and summed into the running hash once. A board of 48
    /// bytes costs three multiplications at once, not a chain of six, which
    /// was a tenth of the solver's time (docs/SPEED.md).
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut sum = 0u64;
        let mut place = 0u64;
        let mut chunks = bytes.chunks_exact(16);
        for c in &mut chunks {
            let (a, b) = c.split_at(8);
            let a = u64::from_le_bytes(a.try_into().expect("8 bytes"));
            let b = u64::from_le_bytes(b.try_into().expect("8 bytes"));
            sum = sum.wrapping_add(fold(a ^ FOLD_KEYS[0] ^ place, b ^ FOLD_KEYS[1] ^ place));
            place = place.wrapping_add(FOLD_KEYS[2]);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 16];
            buf[..rest.len()].copy_from_slice(rest);
            let (a, b) = buf.split_at(8);
            let a = u64::from_le_bytes(a.try_into().expect("8 bytes"));
            let b = u64::from_le_bytes(b.try_into().expect("8 bytes"));
            sum = sum.wrapping_add(fold(a ^ FOLD_KEYS[0] ^ place, b ^ FOLD_KEYS[1] ^ place));
        }
        self.add(sum);
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // A final avalanche so that the low bits (table indices) mix well.
        let mut z = self.hash;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z ^ (z >> 33)
    }
}

/// The 64-bit hash of anything hashable (a position, a solver key).
#[inline]
pub fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = FxHasher::default();
    value.hash(&mut h);
    h.finish()
}

/// A node or time budget for a search: the solver's budget, and what the
/// alpha-beta player's `Budget::Nodes` and `Budget::Time` stand for (module
/// `bots`). Either, both (whichever runs out first) or neither
/// (no limit, the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after about this many nodes (as the search counts them: the
    /// alpha-beta player counts positions entered, the solver positions
    /// expanded).
    pub nodes: Option<u64>,
    /// Stop after about this time. A time too long to add to the start is
    /// no limit.
    pub time: Option<Duration>,
}

/// [`Limits`] under way: the node limit and the deadline from the start of
/// a search, checked by the search every so many nodes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stop {
    nodes: Option<u64>,
    deadline: Option<Instant>,
}

impl Stop {
    /// The limits of a search started at `start`.
    pub(crate) fn new(limits: Limits, start: Instant) -> Stop {
        Stop {
            nodes: limits.nodes,
            // A time too long to add to now is no limit.
            deadline: limits.time.and_then(|t| start.checked_add(t)),
        }
    }

    /// Whether a search that has counted `nodes` nodes must stop (reads
    /// the clock when there is a deadline).
    pub(crate) fn reached(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|n| nodes >= n) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A hint to the processor to fetch the cache line of `p` (x86-64's
/// `prefetcht0`; nothing elsewhere). `p` points into a live table, and a
/// prefetch never faults nor changes memory.
#[inline(always)]
fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: a prefetch is a hint: it reads nothing into the program and
    // cannot fault, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Asks the system to back `memory` (a table's, not yet written) with huge
/// pages (2 MiB on x86-64 Linux): a table of tens of megabytes looked up
/// at random otherwise misses the processor's page cache (the TLB) on
/// almost every probe, and a search or proof then waits on a page walk as
/// well as on the memory (measured: 5 to 13% of alpha-beta's and the
/// solver's time, docs/SPEED.md). A hint: where the system has no huge
/// pages to give, or on other systems, nothing changes.
pub(crate) fn advise_huge_pages<T>(memory: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        const HUGE: usize = 2 << 20;
        let bytes = std::mem::size_of_val(memory);
        if bytes < HUGE {
            return;
        }
        let start = memory.as_mut_ptr().cast::<u8>();
        // The whole pages inside the allocation (madvise takes page-aligned
        // ranges; the kernel uses a huge page for each 2 MiB-aligned part).
        let skip = start.align_offset(PAGE);
        let len = (bytes - skip) / PAGE * PAGE;
        #[allow(unsafe_code)]
        // SAFETY: the range lies inside `memory`, which this function
        // borrows mutably, and MADV_HUGEPAGE changes only how the system
        // backs those pages, never what they hold.
        unsafe {
            libc::madvise(start.add(skip).cast(), len, libc::MADV_HUGEPAGE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

/// An entry of a [`HashTable`]: the key it describes (checked on every
/// hit, so a hash collision is never taken for a hit) and how it is
/// replaced.
pub(crate) trait Slot: Copy {
    /// What the entry is about (a whole position, or the solver's key).
    type Key: Eq;

    /// The key.
    fn key(&self) -> &Self::Key;

    /// How much the entry is worth keeping: in a full bucket the entry
    /// worth least is the one replaced.
    fn worth(&self) -> u64;

    /// Whether `self` replaces `old`, the entry of the bucket chosen for
    /// it (not one of the same key, which is always replaced). Default:
    /// always.
    fn replaces(&self, old: &Self) -> bool {
        let _ = old;
        true
    }
}

/// The transposition table of the alpha-beta player and the solver:
/// `2^bits` entries in buckets of `WAYS` (1 or 2) consecutive slots,
/// indexed by the low bits of a 64-bit hash. An entry goes to the slot of
/// its key in the bucket, else an empty one, else it replaces the entry
/// worth least ([`Slot::worth`]) if [`Slot::replaces`] says so.
#[derive(Clone, Debug)]
pub(crate) struct HashTable<E, const WAYS: usize> {
    entries: Vec<Line<E>>,
    mask: usize,
    used: usize,
}

/// A slot of a [`HashTable`], aligned to the processor's cache lines (64
/// bytes): an entry of at most 64 bytes takes one line, a larger one two,
/// and a lookup that misses the cache fetches only those (an entry that
/// straddled lines took one more).
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Line<E>(Option<E>);

impl<E: Slot, const WAYS: usize> HashTable<E, WAYS> {
    /// A table of `2^bits` entries, `bits` clamped to `4..=max_bits`.
    pub(crate) fn new(bits: u8, max_bits: u8) -> Self {
        const { assert!(WAYS == 1 || WAYS == 2) };
        let bits = bits.clamp(4, max_bits);
        let mut entries = Vec::with_capacity(1 << bits);
        // Before the first write, so that the pages come huge.
        advise_huge_pages(entries.spare_capacity_mut());
        entries.resize(1 << bits, Line(None));
        HashTable {
            entries,
            mask: (1 << bits) - 1,
            used: 0,
        }
    }

    /// Entries in use.
    pub(crate) fn used(&self) -> usize {
        self.used
    }

    /// Empties the table. An empty one is left as it is: a solver clears
    /// its table before each search, and writing a fresh table of 2^20
    /// entries (70 MB) again took a tenth of a short proof.
    pub(crate) fn clear(&mut self) {
        if self.used == 0 {
            return;
        }
        self.entries.iter_mut().for_each(|e| e.0 = None);
        self.used = 0;
    }

    /// Asks the processor to fetch the bucket of `hash` into the cache (a
    /// hint: nothing is read). A search calls this for a position it will
    /// look up soon, so that the miss of a large table (most lookups miss
    /// the cache: a fifth to a half of the search's time) overlaps other
    /// work, such as the sowing of the position's first move.
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64) {
        let i = hash as usize & self.mask & !(WAYS - 1);
        if let Some(bucket) = self.entries.get(i..i + WAYS) {
            let bytes = std::mem::size_of_val(bucket);
            let start = bucket.as_ptr().cast::<u8>();
            // Every cache line of the bucket (one to four, aligned).
            let mut off = 0;
            while off < bytes {
                prefetch(start.wrapping_add(off));
                off += 64;
            }
        }
    }

    /// The slots of the bucket of `hash`: the slot of its low bits first,
    /// then the others of its aligned group of `WAYS`.
    fn bucket(&self, hash: u64) -> impl Iterator<Item = usize> + use<E, WAYS> {
        let i = hash as usize & self.mask;
        (0..WAYS).map(move |k| i ^ k)
    }

    /// The entry of `key`, whose hash is `hash`.
    pub(crate) fn get(&self, hash: u64, key: &E::Key) -> Option<&E> {
        self.bucket(hash)
            .filter_map(|j| self.entries[j].0.as_ref())
            .find(|e| e.key() == key)
    }

    /// Stores `entry`, whose key's hash is `hash` (see the type's
    /// documentation for which slot it takes).
    pub(crate) fn put(&mut self, hash: u64, entry: E) {
        let mut victim = None::<usize>;
        for j in self.bucket(hash) {
            match &self.entries[j].0 {
                None => {
                    self.used += 1;
                    self.entries[j].0 = Some(entry);
                    return;
                }
                Some(e) if e.key() == entry.key() => {
                    self.entries[j].0 = Some(entry);
                    return;
                }
                Some(e) => {
                    let cheaper = victim.is_none_or(|v| {
                        self.entries[v]
                            .0
                            .as_ref()
                            .is_some_and(|old| e.worth() < old.worth())
                    });
                    if cheaper {
                        victim = Some(j);
                    }
                }
            }
        }
        if let Some(v) = victim
            && let Some(old) = &self.entries[v].0
            && entry.replaces(old)
        {
            self.entries[v].0 = Some(entry);
        }
    }
}
