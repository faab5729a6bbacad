//! A chunk's block of moves as bytes: the layout the first sweep writes
//! ([`BlockWriter`]) and the decoding a later sweep reads it with
//! ([`decode_block`]), picking the positions it visits by where their
//! moves lead ([`Wanted`]) and asking for the memory it will read ahead
//! of time ([`prefetch`]). The speed of a sweep late in a layer is here:
//! a tight loop over the block's moves.

use super::{Edge, Moves};
use std::cell::RefCell;

/// One chunk's moves, as written: `count` a position (`SETTLED` for a
/// position whose value was final after the first sweep), its best exit
/// (`i8::MIN` for none), then the edges' indices (`u32`), then, if any edge
/// is not plain (gain 0, the other player next), a gain and a flag each.
pub(crate) const SETTLED: u8 = u8::MAX;

thread_local! {
    /// A worker's list of the positions of a block it visits
    /// ([`decode_block`]).
    static PICKED: RefCell<Vec<(u32, u32, u8)>> = const { RefCell::new(Vec::new()) };
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

/// A chunk's block as the first sweep makes it, position by position
/// (see [`SETTLED`] for the layout).
#[derive(Default)]
pub(crate) struct BlockWriter {
    counts: Vec<u8>,
    exits: Vec<u8>,
    indices: Vec<u8>,
    aux: Vec<u8>,
    pub(super) plain: bool,
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
    pub(super) fn len(&self) -> usize {
        1 + self.counts.len() + self.exits.len() + self.indices.len() + self.aux.len()
    }

    /// The block's bytes, appended to `out`.
    pub(super) fn finish(&self, out: &mut Vec<u8>) {
        out.push(self.plain as u8);
        out.extend_from_slice(&self.counts);
        out.extend_from_slice(&self.exits);
        out.extend_from_slice(&self.indices);
        out.extend_from_slice(&self.aux);
    }
}

/// Edges whose targets are announced ahead of their position
/// ([`EdgeStore::read`]'s `ahead`): about a dozen positions' worth.
pub(super) const AHEAD: usize = 64;

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
pub(super) fn decode_block(
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
