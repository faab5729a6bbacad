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
//! that builds the layers one after the other; its [`plan`] and reports
//! (what it will hold, how it goes, what each layer took) and its
//! [`files`] (the directory's lock, the temporaries a killed build left,
//! the layer files written in the background and read back to resume).

mod files;
mod last_mover;
mod layer;
mod margin;
mod plan;
#[cfg(test)]
mod tests;
mod wdl;

pub(crate) use files::{header_of, write_values};
pub use layer::{Layer, LayerValues};
pub use plan::{Bytes, LayerReport, Plan, Progress};

use super::codec::{Layout, Tabulate};
use super::edges::Keep;
use super::file::{LayerFile, layer_path};
use super::{TablebaseError, ValueKind};
use crate::player::Player;
use crate::position::Position;
use files::{Writing, lock_dir, remove_temporaries, reusable};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The largest layer built: 2^36 positions (64 GiB of values).
const MAX_LAYER: u64 = 1 << 36;

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

/// South's points minus North's, as the ruleset counts them (0 for the
/// games without points).
pub(crate) fn diff<R: Tabulate>(pos: &Position<R>) -> i32 {
    let p = |who| pos.points(who).map_or(0, i32::from);
    p(Player::South) - p(Player::North)
}
