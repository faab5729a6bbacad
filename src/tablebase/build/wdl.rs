//! Win/draw/loss databases of the scoring games ([`Builder::win_draw_loss`]):
//! two bits a position, built by passes over a score threshold as Romein
//! and Bal built Awari's (2002), up to a top layer `T`.
//!
//! # Why a window of margins, and how wide
//!
//! The top layer needs only the sign of each margin: whether the side to
//! move gains more than, as much as or less than his opponent from here
//! on. But a capture of `g` seeds leads down to a smaller layer, where the
//! sign alone does not say whether `g` more seeds turn the result: the
//! smaller layer must say whether its margin is at least `g`, or `g + 1`.
//! So each layer `s` keeps its margin clamped to a window `-k..=k`, with
//! `k = min(T - s + 1, s)` (two thresholds a level, `>= j` and `<= -j`,
//! for `j` from 1 to `k`: the passes of Romein and Bal, run together in
//! one sweep): one level at the top (two bits: win, draw, loss), a level
//! more for each seed below, and the whole margin where `k` reaches `s`
//! (no margin exceeds the seeds on the board).
//!
//! **Exact.** Within a layer a move gains nothing (a point is a seed taken
//! off the board: a move that gains leaves the layer; a build of a game
//! whose moves gain within a layer is refused). The margin sweep sets a
//! position to the best of its moves, each a child's value negated or not;
//! clamping commutes with the maximum and with negation, so the sweeps
//! clamped at every step reach the clamp of the exact fixed point. A move
//! that captures `g` seeds into layer `s - g` adds `g` to a value that the
//! lower layer knows within `T - (s - g) + 1 = k + g` (or exactly): enough
//! to clamp the sum to `k` exactly.
//!
//! # Files
//!
//! `<dir>/<name>.<s>.tb`: the layer's results, `values: win-draw-loss`,
//! four positions a byte ([`ValueKind::WinDrawLoss`]), what
//! [`Tablebase`](super::super::Tablebase) reads. `<dir>/windows/<name>.<s>.tb`
//! (every layer below the top): the clamped margins, a byte a position,
//! `values: margin-within-<k>`, which the layers above are built from and
//! a build resumes from (and which no one else reads: a `Tablebase` opened
//! on `windows` refuses them). They may be removed once the build is done;
//! a build to another top layer needs other windows and another directory.
//!
//! While a layer is built its clamped margins take a byte a position, and
//! the sweeps' bitmaps an eighth of one, as in a margin build; the top
//! layer, whose window is one level, is held in two bits a position (and
//! its bitmaps), the codes its file is written in.

use super::layer::Layer;
use super::{Builder, LayerReport, Progress, header_of, reusable, write_values};
use crate::tablebase::codec::{Layout, Tabulate};
use crate::tablebase::file::{LayerFile, layer_path};
use crate::tablebase::{TablebaseError, ValueKind, Wdl, wdl_code};
use rayon::ThreadPool;
use std::path::PathBuf;
use std::time::Instant;

/// The window of layer `seeds` in a build up to `top`: its margins are
/// kept within `-k..=k`.
pub(crate) fn window(top: u32, seeds: u32) -> u32 {
    (top + 1 - seeds).min(seeds)
}

/// The values line of a window file.
fn window_values(k: u32) -> String {
    format!("margin-within-{k}")
}

/// A window file to reuse, as [`reusable`]; but one of this ruleset kept
/// with another width (by a build to another top seed count into the same
/// directory) is not an error of the directory: the layer is built again,
/// with the width this build needs.
fn reusable_window(
    path: &std::path::Path,
    expected: &crate::tablebase::file::Header,
) -> Result<Option<LayerFile>, TablebaseError> {
    match reusable(path, expected) {
        Err(TablebaseError::WrongRuleset { .. })
            if LayerFile::open(path).is_ok_and(|f| {
                let h = &f.header;
                (&h.ruleset, &h.options, h.pits)
                    == (&expected.ruleset, &expected.options, expected.pits)
                    && h.values.starts_with("margin-within-")
            }) =>
        {
            Ok(None)
        }
        other => other,
    }
}

impl<R: Tabulate> Builder<R> {
    /// [`Builder::build`] for [`Builder::win_draw_loss`].
    pub(super) fn build_wdl(
        &self,
        pool: &ThreadPool,
        progress: &(impl Fn(&Progress) + Sync),
    ) -> Result<Vec<LayerReport>, TablebaseError> {
        if ValueKind::of(&self.rules) != ValueKind::Margin {
            return Err(TablebaseError::NoWinDrawLoss {
                ruleset: self.rules.name(),
                why: "a game won by moving last: its databases hold the result already",
            });
        }
        let layout = Layout::of(&self.rules);
        let name = self.rules.name();
        let top = self.max_seeds;
        let windows: PathBuf = self.dir.join("windows");
        std::fs::create_dir_all(&windows).map_err(|e| TablebaseError::Io {
            path: windows.clone(),
            error: e.to_string(),
        })?;
        let wdl_name = ValueKind::WinDrawLoss.name();
        let mut lower: Vec<LayerFile> = Vec::new();
        let mut reports = Vec::new();
        for seeds in 0..=top {
            let started = Instant::now();
            let k = window(top, seeds);
            let path = layer_path(&self.dir, &name, seeds);
            let window_path = layer_path(&windows, &name, seeds);
            let header = header_of(&self.rules, &layout, wdl_name, seeds, 0);
            let window_header = header_of(&self.rules, &layout, &window_values(k), seeds, 0);
            // A layer is done when its results are there and, below the
            // top, the window the layers above need.
            let results = reusable(&path, &header)?;
            let kept = if seeds < top {
                reusable_window(&window_path, &window_header)?
            } else {
                None
            };
            if let Some(results) = results
                && (seeds == top || kept.is_some())
            {
                lower.extend(kept);
                reports.push(LayerReport {
                    seeds,
                    positions: header.positions,
                    sweeps: 0,
                    changes: Vec::new(),
                    time: started.elapsed(),
                    reused: true,
                    wdl: Some(count_packed(results.values(), header.positions)),
                });
                continue;
            }
            let layer = Layer::new(self.rules, seeds, &lower, Some(&self.dir))
                .within(k as i32)
                .keeping(self.keep);
            let values = pool.install(|| layer.new_values());
            let changes = pool.install(|| layer.solve(&values, progress))?;
            drop(layer);
            let positions = header.positions;
            let packed_values = values.is_packed();
            let bytes = values.into_bytes();
            // The results, four a byte, and (below the top) the window's
            // margins, a byte each.
            let (packed, counts, margins) = if packed_values {
                let counts = count_packed(&bytes, positions);
                let margins = (seeds < top).then(|| unpack(&bytes, positions));
                (bytes, counts, margins)
            } else {
                let (packed, counts) = pack(&bytes);
                (packed, counts, Some(bytes))
            };
            write_values(&self.rules, &layout, wdl_name, seeds, &path, &packed)?;
            drop(packed);
            if let Some(margins) = margins.filter(|_| seeds < top) {
                let kind = window_values(k);
                write_values(&self.rules, &layout, &kind, seeds, &window_path, &margins)?;
                drop(margins);
                lower.push(LayerFile::open(&window_path)?);
            }
            reports.push(LayerReport {
                seeds,
                positions: header.positions,
                sweeps: changes.len() as u32,
                changes,
                time: started.elapsed(),
                reused: false,
                wdl: Some(counts),
            });
        }
        Ok(reports)
    }
}

/// The results of a layer's (clamped) margins, four a byte as
/// [`ValueKind::WinDrawLoss`] stores them, and the count of wins, draws
/// and losses.
pub(crate) fn pack(margins: &[u8]) -> (Vec<u8>, [u64; 3]) {
    let mut counts = [0u64; 3];
    let packed = margins
        .chunks(4)
        .map(|four| {
            four.iter().enumerate().fold(0u8, |byte, (i, &m)| {
                let wdl = Wdl::of_margin(m as i8 as i32);
                counts[wdl_slot(wdl)] += 1;
                byte | wdl.code() << (2 * i)
            })
        })
        .collect();
    (packed, counts)
}

/// The margins -1, 0 and 1 of the first `positions` codes of packed
/// results, a byte each.
fn unpack(packed: &[u8], positions: u64) -> Vec<u8> {
    (0..positions)
        .map(|i| Wdl::from_code(wdl_code(packed, i)).map_or(0, |w| (w as i8 - 1) as u8))
        .collect()
}

/// Wins, draws and losses among the first `positions` results of a
/// win/draw/loss file's values.
pub(crate) fn count_packed(values: &[u8], positions: u64) -> [u64; 3] {
    let mut counts = [0u64; 3];
    for i in 0..positions {
        if let Some(wdl) = Wdl::from_code(wdl_code(values, i)) {
            counts[wdl_slot(wdl)] += 1;
        }
    }
    counts
}

/// Where a result is counted: wins, draws, losses.
fn wdl_slot(wdl: Wdl) -> usize {
    match wdl {
        Wdl::Win => 0,
        Wdl::Draw => 1,
        Wdl::Loss => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window widens by a level a seed below the top, up to the whole
    /// margin.
    #[test]
    fn the_window_widens_below_the_top() {
        let k: Vec<u32> = (0..=18).map(|s| window(18, s)).collect();
        assert_eq!(k, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    }

    /// Four results a byte, the first in the low bits; the codes of
    /// [`ValueKind::WinDrawLoss`].
    #[test]
    fn results_are_packed_four_a_byte() {
        let margins = [3i8, 0, -1, 0, -7].map(|m| m as u8);
        let (packed, counts) = pack(&margins);
        assert_eq!(packed, [0b00_10_00_01, 0b10]);
        assert_eq!(counts, [1, 2, 2]);
        assert_eq!(count_packed(&packed, 5), counts);
    }
}
