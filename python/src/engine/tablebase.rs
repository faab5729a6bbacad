//! Endgame databases: building one with progress, opening one, probing
//! positions and every move's value.

use sowing::{AnyRuleset, BuiltIn, Player, Visit};

use super::position::Pos;
use super::rules::Rules;
use super::{Error, Mv, Result, Side};

/// How a database build goes (the core's `tablebase::Progress`).
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The layer being built (seeds on the board).
    pub seeds: u32,
    /// Its sweep, from 1.
    pub sweep: u32,
    /// Positions done in this sweep.
    pub done: u64,
    /// Positions in the layer.
    pub positions: u64,
    /// Values changed in this sweep so far.
    pub changed: u64,
}

/// What building one layer took (the core's `LayerReport`).
#[derive(Clone, Debug)]
pub struct LayerInfo {
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions.
    pub positions: u64,
    /// Sweeps until nothing changed (0: read from its file).
    pub sweeps: u32,
    /// Seconds.
    pub seconds: f64,
    /// Whether the layer's file was there already.
    pub reused: bool,
}

/// The value of a position (or of a move) under perfect play, read from
/// the databases.
#[derive(Clone, Debug, PartialEq)]
pub struct DbValue {
    /// For the side to move (or the player making the move): 1 a win, 0 a
    /// draw, -1 a loss (the scoring games: by the final points).
    pub result: i8,
    /// The winner.
    pub winner: Option<Side>,
    /// The scoring games: the points the side to move gains from here on
    /// minus his opponent's (the core's `Value::Margin`); not for moves.
    pub margin: Option<i32>,
    /// The scoring games: South's final points minus North's.
    pub final_margin: Option<i32>,
    /// The last-mover games: plies to the end (none for a draw).
    pub plies: Option<u32>,
    /// In words: `South wins by 4 seeds`, `North wins in 7 plies`.
    pub text: String,
}

/// The endgame databases of one ruleset, opened.
#[derive(Clone, Debug)]
pub struct Db(pub(super) sowing::tablebase::AnyTablebase);

pub(super) fn db_error(e: sowing::tablebase::TablebaseError) -> Error {
    Error::Value(e.to_string())
}

pub(super) fn result_for(winner: Option<Player>, mover: Player) -> i8 {
    match winner {
        None => 0,
        Some(w) if w == mover => 1,
        Some(_) => -1,
    }
}

pub(super) fn forecast_value(f: sowing::tablebase::Forecast, mover: Player) -> DbValue {
    use sowing::tablebase::Forecast;
    DbValue {
        result: match f {
            // A win/draw/loss database: the sign from here on.
            Forecast::FromHere { result, .. } => result as i8 - 1,
            _ => result_for(f.winner(), mover),
        },
        winner: f.winner().map(Side::of),
        margin: None,
        final_margin: match f {
            Forecast::Ahead {
                winner: Player::South,
                by,
            } => Some(by as i32),
            Forecast::Ahead { by, .. } => Some(-(by as i32)),
            Forecast::Level => Some(0),
            Forecast::Wins { .. } | Forecast::Endless | Forecast::FromHere { .. } => None,
        },
        plies: match f {
            Forecast::Wins { plies, .. } => Some(plies),
            _ => None,
        },
        text: f.to_string(),
    }
}

impl Db {
    /// Builds the layers of `rules` up to `max_seeds` seeds on the board
    /// into `dir` (a layer already there is read, not built), on
    /// `threads` worker threads (default: one a core), telling `progress`
    /// after every chunk of positions.
    pub fn build(
        rules: Rules,
        max_seeds: u32,
        dir: &std::path::Path,
        threads: Option<usize>,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<Vec<LayerInfo>> {
        struct Build<'a> {
            max_seeds: u32,
            dir: &'a std::path::Path,
            threads: Option<usize>,
            progress: &'a (dyn Fn(BuildProgress) + Sync),
        }
        impl sowing::VisitRuleset for Build<'_> {
            type Output = std::result::Result<
                Vec<sowing::tablebase::LayerReport>,
                sowing::tablebase::TablebaseError,
            >;
            fn visit<R: BuiltIn>(self, rules: R) -> Self::Output {
                let mut b =
                    sowing::tablebase::Builder::new(rules, self.dir).max_seeds(self.max_seeds);
                if let Some(t) = self.threads {
                    b = b.threads(t);
                }
                b.build(|p| {
                    (self.progress)(BuildProgress {
                        seeds: p.seeds,
                        sweep: p.sweep,
                        done: p.done,
                        positions: p.positions,
                        changed: p.changed,
                    })
                })
            }
        }
        let reports = rules
            .0
            .visit(Build {
                max_seeds,
                dir,
                threads,
                progress,
            })
            .map_err(db_error)?;
        Ok(reports
            .into_iter()
            .map(|r| LayerInfo {
                seeds: r.seeds,
                positions: r.positions,
                sweeps: r.sweeps,
                seconds: r.time.as_secs_f64(),
                reused: r.reused,
            })
            .collect())
    }

    /// Opens the databases of `rules` in `dir` (every layer checked).
    pub fn open(rules: Rules, dir: &std::path::Path) -> Result<Db> {
        sowing::tablebase::AnyTablebase::open(rules.0, dir)
            .map(Db)
            .map_err(db_error)
    }

    /// The ruleset.
    pub fn rules(&self) -> Rules {
        Rules(self.0.rules())
    }

    /// The most seeds on the board of a position held.
    pub fn max_seeds(&self) -> u32 {
        self.0.max_seeds()
    }

    /// Refuses a position of another ruleset or other options.
    fn same_rules(&self, pos: &Pos) -> Result<()> {
        if pos.0.rules() == self.0.rules() {
            Ok(())
        } else {
            Err(Error::Value(format!(
                "the position is of {}, the databases of {}",
                pos.0.rules(),
                self.0.rules()
            )))
        }
    }

    /// The value of `pos` for its side to move; `None` if not held (too
    /// many seeds on the board, or a state the databases do not hold).
    pub fn probe(&self, pos: &Pos) -> Result<Option<DbValue>> {
        self.same_rules(pos)?;
        struct Probe<'a>(&'a sowing::tablebase::AnyTablebase);
        impl Visit for Probe<'_> {
            type Output = Option<DbValue>;
            fn visit<R: BuiltIn>(self, pos: sowing::Position<R>) -> Option<DbValue> {
                use sowing::tablebase::{Forecast, Value};
                let db = self.0.get::<R>()?;
                let value = db.probe(&pos)?;
                let mut v = forecast_value(Forecast::of(&pos, value), pos.side_to_move());
                if let Value::Margin(m) = value {
                    v.margin = Some(m);
                }
                Some(v)
            }
        }
        Ok(pos.0.visit(Probe(&self.0)))
    }

    /// Each legal move of `pos` with its value for the player making it,
    /// best first; `None` if `pos` is not held.
    pub fn move_values(&self, pos: &Pos) -> Result<Option<Vec<(Mv, DbValue)>>> {
        self.same_rules(pos)?;
        let mover = pos.0.side_to_move();
        Ok(self.0.move_forecasts(&pos.0).map(|moves| {
            moves
                .into_iter()
                .map(|(m, f)| (Mv::of(m), forecast_value(f, mover)))
                .collect()
        }))
    }
}

impl Db {
    /// The ruleset (with its options) of the databases in `dir`, read
    /// from the header of its layer 0; refused if `dir` holds none, or
    /// those of several games.
    pub fn rules_in(dir: &std::path::Path) -> Result<Rules> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| Error::Value(format!("{}: {e}", dir.display())))?;
        let mut found = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".0.tb"))
            {
                let layer = sowing::tablebase::file::LayerFile::open(&path).map_err(db_error)?;
                found.push(layer.header.options);
            }
        }
        found.sort();
        match found.as_slice() {
            [one] => one
                .parse::<AnyRuleset>()
                .map(Rules)
                .map_err(|e| Error::Value(format!("{}: {e}", dir.display()))),
            [] => Err(Error::Value(format!(
                "no database in {}: no layer 0 file (<game>.0.tb); build one with Tablebase.build",
                dir.display()
            ))),
            several => Err(Error::Value(format!(
                "{} holds the databases of {}: name the game with variant=",
                dir.display(),
                several.join(", ")
            ))),
        }
    }
}
