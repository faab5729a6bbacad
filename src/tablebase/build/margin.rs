//! Margins, for the scoring games: every value starts at 0 and each
//! sweep sets a position to the best, for its mover, of its moves' values
//! (a capture's seeds plus the smaller layer's value; a move that ends the
//! game its final points; a move within the layer the value now stored for
//! the position it leads to). Whatever order the sweeps take, a stored
//! value `v > 0` is one the mover can force (and `v < 0` one the opponent
//! can), because each was set from values that were; and a fixed point
//! holds every gain that can be forced. So the result is exact and unique:
//! the same for any number of threads or processes. Play that never
//! leaves the layer (it repeats for ever) is worth 0 from there on.
//!
//! The first sweep may keep the moves it finds in a scratch store
//! (`edges`), which the later sweeps read back instead of sowing again;
//! late in a layer, when few values change, a sweep visits only the
//! positions with a move to a value changed lately (`LayerValues`'
//! bitmaps of changed lines, and of changed blocks of lines when they are
//! few): the others would keep their values.

use super::diff;
use super::layer::{Layer, LayerValues};
use crate::player::Player;
use crate::position::Position;
use crate::tablebase::TablebaseError;
use crate::tablebase::codec::{Key, Tabulate, encode};
use crate::tablebase::edges::{BlockWriter, Edge, EdgeStore, MAX_EDGES, Moves};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Positions the first sweep sows before it values them (see
/// [`Layer::first_chunk`]): enough sowing for the values asked for to
/// arrive, few enough that they are still in the cache.
const BATCH: usize = 32;

/// A position's moves as sown: those within the layer and the exits
/// whose values are known, and the moves to smaller layers whose values
/// are still to be read.
#[derive(Clone, Copy, Default)]
struct Sown {
    moves: Moves,
    lower: [Lower; MAX_EDGES],
    lower_len: u8,
}

impl Sown {
    /// No move yet.
    #[inline]
    fn clear(&mut self) {
        self.moves.clear();
        self.lower_len = 0;
    }
}

/// A move to a smaller layer: its position there, the points it gains,
/// and whether the mover moves again.
#[derive(Clone, Copy, Default)]
struct Lower {
    seeds: u32,
    index: u64,
    gain: i32,
    same_mover: bool,
}

impl<R: Tabulate> Layer<'_, R> {
    /// One margin sweep (numbered from 0) over the positions `range`
    /// (chunk `chunk` of the sweep); how many values changed. With a
    /// scratch store, the first sweep keeps the moves it finds and later
    /// ones read them back; without one, every sweep sows every move.
    ///
    /// # Errors
    /// [`TablebaseError`] if the scratch store cannot be written or read.
    pub(super) fn margin_chunk(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        sweep: u32,
        chunk: usize,
        failed: &AtomicBool,
    ) -> Result<u64, TablebaseError> {
        match self.store.get() {
            Some(store) if sweep == 0 => self.first_chunk(values, range, store, chunk, failed),
            Some(store) => self.cached_chunk(values, range, store, chunk),
            None => Ok(self.sown_chunk(values, range, failed)),
        }
    }

    /// A margin sweep over `range` with no scratch store: every position
    /// not yet final has its moves sown again.
    fn sown_chunk(&self, values: &LayerValues, range: Range<u64>, failed: &AtomicBool) -> u64 {
        let mut changed = 0;
        let mut sown = Sown::default();
        self.walk(range, |index, placed| {
            if values.is_settled(index) {
                return;
            }
            if self.margin_moves(&placed.position(), &mut sown) {
                let m = self.resolve(&mut sown);
                let (v, settled) =
                    self.margin_value::<true>(m.exit, m.edges().iter().copied(), values);
                changed += self.update(values, index, v, settled);
            } else {
                failed.store(true, Relaxed);
            }
        });
        changed
    }

    /// The first margin sweep over `range` (chunk `chunk` of the sweep):
    /// sows every move, sets the values, and keeps the moves in `store`.
    fn first_chunk(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        store: &EdgeStore,
        chunk: usize,
        failed: &AtomicBool,
    ) -> Result<u64, TablebaseError> {
        let mut kept = BlockWriter::new();
        let mut changed = 0;
        // Sown a batch at a time, then valued: the values a position's
        // moves need (this layer's, the smaller layers') are asked for as
        // its moves are found, and are there when the batch is valued
        // (read at once, each would wait on the memory).
        let mut batch = vec![(0u64, false, Sown::default()); BATCH];
        let mut len = 0;
        let mut value_batch = |batch: &mut [(u64, bool, Sown)]| {
            for (index, ok, sown) in batch {
                if !*ok {
                    failed.store(true, Relaxed);
                    kept.push(None);
                    continue;
                }
                let moves = self.resolve(sown);
                // Final if no move stays in the layer. (A position whose
                // moves within it all lead to final values is final too,
                // but asking costs a read a move at a random place of the
                // settled bits, and in game 91's layer of 16 seeds it
                // settled 0.7 M positions of 22 M: not asked.)
                let v = self
                    .margin_value::<false>(moves.exit, moves.edges().iter().copied(), values)
                    .0;
                let settled = moves.edges().is_empty();
                changed += self.update(values, *index, v, settled);
                kept.push((!settled).then_some(moves));
            }
        };
        self.walk(range, |index, placed| {
            let (at, ok, sown) = &mut batch[len];
            *at = index;
            *ok = self.margin_moves(&placed.position(), sown);
            for e in sown.moves.edges() {
                values.prefetch(e.index);
            }
            len += 1;
            if len == BATCH {
                value_batch(&mut batch);
                len = 0;
            }
        });
        value_batch(&mut batch[..len]);
        store.write(chunk, &kept)?;
        Ok(changed)
    }

    /// The moves of `sown` with the best of its moves to smaller layers
    /// counted in its exit (their values read).
    #[inline]
    fn resolve<'s>(&self, sown: &'s mut Sown) -> &'s Moves {
        for m in &sown.lower[..sown.lower_len as usize] {
            let v = self.lower[m.seeds as usize].values()[m.index as usize] as i8 as i32;
            sown.moves.exit(m.gain + if m.same_mover { v } else { -v });
        }
        sown.lower_len = 0;
        &sown.moves
    }

    /// A later margin sweep over `range` (chunk `chunk`), from the moves
    /// the first one kept.
    fn cached_chunk(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        store: &EdgeStore,
        chunk: usize,
    ) -> Result<u64, TablebaseError> {
        let mut changed = 0;
        // A position none of whose moves leads to a line changed lately
        // keeps its value: it is not visited.
        store.read(
            chunk,
            (range.end - range.start) as usize,
            values,
            |targets| targets.for_each(|t| values.prefetch(t)),
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

    /// Stores `v` (within the layer's window) for `index` if it changed or
    /// is now final; 1 if it changed.
    #[inline]
    fn update(&self, values: &LayerValues, index: u64, v: i32, settled: bool) -> u64 {
        let byte = v.clamp(-self.window, self.window) as i8 as u8;
        let changed = byte != values.value(index);
        if changed || settled {
            values.set(index, byte, settled);
        }
        changed as u64
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
    /// the databases do not hold. The values of the moves to smaller
    /// layers are asked for, not read ([`Layer::resolve`] reads them).
    /// The moves go to `moves`; `false` (for a move to a position the
    /// databases do not hold) leaves it as it is.
    fn margin_moves(&self, raw: &Position<R>, moves: &mut Sown) -> bool {
        let base = diff(raw);
        moves.clear();
        let mut closed = true;
        let quick = raw.quick_children(|child| match encode(&self.layout, child) {
            Some(key) => self.add_move(
                moves,
                key,
                diff(child) - base,
                child.side_to_move() == Player::South,
            ),
            None => closed = false,
        });
        if !closed {
            return false;
        }
        quick || self.margin_moves_exact(raw, moves)
    }

    /// A move to `key`, gaining `gain`, after which South moves again if
    /// `same_mover`. A smaller layer's value is asked for (prefetched), to
    /// be read by [`Layer::resolve`].
    #[inline]
    fn add_move(&self, sown: &mut Sown, key: Key, gain: i32, same_mover: bool) {
        if key.seeds == self.seeds {
            self.check_gain(gain);
            sown.moves.edge(Edge {
                index: key.index,
                gain: gain as i8,
                same_mover,
            });
        } else {
            let values = self.lower[key.seeds as usize].values();
            if let Some(v) = values.get(key.index as usize) {
                crate::tablebase::edges::prefetch(v as *const u8 as *const i8);
            }
            sown.lower[sown.lower_len as usize] = Lower {
                seeds: key.seeds,
                index: key.index,
                gain,
                same_mover,
            };
            sown.lower_len += 1;
        }
    }

    /// Notes a move within the layer that gains points: a window of
    /// margins (module `wdl`) holds only when such moves gain nothing.
    #[inline]
    fn check_gain(&self, gain: i32) {
        if gain != 0 && self.window < i8::MAX as i32 {
            self.gain_in_layer.store(true, Relaxed);
        }
    }

    /// [`Layer::margin_moves`] with the turn started: the exact legal moves,
    /// a pass or the end of the game.
    #[cold]
    fn margin_moves_exact(&self, raw: &Position<R>, moves: &mut Sown) -> bool {
        let base = diff(raw);
        let mut pos = *raw;
        pos.start_turn(&mut (), &mut ())
            .expect("the uncancellable control does not cancel");
        let gain = |p: &Position<R>| diff(p) - base;
        moves.clear();
        if pos.is_over() {
            moves.moves.exit(gain(&pos));
        } else if pos.side_to_move() == Player::North {
            // South passed: the same board with North to move.
            self.check_gain(gain(&pos));
            moves.moves.edge(Edge {
                index: match encode(&self.layout, &pos) {
                    Some(key) => key.index,
                    None => return false,
                },
                gain: gain(&pos) as i8,
                same_mover: false,
            });
        } else {
            for (_, child) in pos.children() {
                if child.is_over() {
                    moves.moves.exit(gain(&child));
                } else {
                    let Some(key) = encode(&self.layout, &child) else {
                        return false;
                    };
                    self.add_move(
                        moves,
                        key,
                        gain(&child),
                        child.side_to_move() == Player::South,
                    );
                }
            }
        }
        true
    }
}
