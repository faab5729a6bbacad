//! What a build tells: before, its [`Plan`] (the positions it will hold
//! and the bytes they need, [`Bytes`] shown in the unit that fits); while
//! it runs, its [`Progress`] after every chunk; after, a [`LayerReport`]
//! a layer. Plain values, for the caller's display.

use std::fmt;
use std::time::Duration;

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
    /// A win/draw/loss build's ([`Builder::win_draw_loss`](super::Builder::win_draw_loss)) count of the
    /// layer's positions won, drawn and lost by the side to move; `None`
    /// for the other builds.
    pub wdl: Option<[u64; 3]>,
}

/// What a build will hold ([`Builder::plan`](super::Builder::plan)): its positions, and from
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
    /// A win/draw/loss build ([`Builder::win_draw_loss`](super::Builder::win_draw_loss)).
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
    /// rather than from their files (faster, [`LayerFile`](crate::tablebase::file::LayerFile)'s huge pages);
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
