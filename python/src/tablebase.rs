//! `sowing.Tablebase`: the endgame databases (the crate's
//! `sowing::tablebase`, through [`engine::Db`]) from Python: build, open,
//! probe one position or many, every move's value.

use crate::convert::{move_py, rules_arg};
use crate::engine::{self, Db, DbValue, Pos};
use crate::position::Position;
use crate::{args, batch, to_py};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A directory: a str or an `os.PathLike`.
fn dir_arg(obj: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let py = obj.py();
    let path = py
        .import("os")?
        .getattr("fspath")?
        .call1((obj,))
        .map_err(|_| args::wrong_type(obj, "dir", "a str or an os.PathLike"))?;
    match path.cast::<PyString>() {
        Ok(s) => Ok(PathBuf::from(s.to_cow()?.into_owned())),
        Err(_) => Err(args::wrong_type(obj, "dir", "a str or an os.PathLike")),
    }
}

fn max_seeds_arg(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    let n = args::int(obj, "max_seeds")?;
    u32::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("max_seeds must be 0 or more, not {n}")))
}

fn threads_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    match args::optional(obj, "threads", args::int)? {
        None => Ok(None),
        Some(n) if n >= 1 => Ok(Some(n.min(1024) as usize)),
        Some(n) => Err(PyValueError::new_err(format!(
            "threads must be 1 or more (or None), not {n}"
        ))),
    }
}

fn value_dict<'py>(py: Python<'py>, v: &DbValue) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(
        "result",
        match v.result {
            1 => "win",
            0 => "draw",
            _ => "loss",
        },
    )?;
    d.set_item("winner", v.winner.map(engine::Side::name))?;
    d.set_item("margin", v.margin)?;
    d.set_item("final_margin", v.final_margin)?;
    d.set_item("plies", v.plies)?;
    d.set_item("text", &v.text)?;
    Ok(d)
}

/// What a build's progress callback was last told.
struct Told {
    /// When it was last called.
    at: Option<Instant>,
    /// The layer and sweep it was last told of.
    sweep: (u32, u32),
    /// The first exception it raised (it is not called again).
    error: Option<PyErr>,
}

/// Endgame databases: the value under perfect play of every position of
/// one game (with its options) with at most `max_seeds` seeds on the
/// board, one file a layer in a directory, memory-mapped.
#[pyclass(frozen, module = "sowing", name = "Tablebase")]
pub struct Tablebase {
    db: Db,
    dir: PathBuf,
    report: Option<Vec<engine::LayerInfo>>,
}

impl Tablebase {
    /// The position of `item`: a `Position` or a position string (read
    /// with the databases' options).
    fn position_of(&self, item: &Bound<'_, PyAny>, name: &str) -> PyResult<Pos> {
        if let Ok(p) = item.cast::<Position>() {
            return Ok(p.get().inner);
        }
        let Ok(s) = item.cast::<PyString>() else {
            return Err(args::wrong_type(
                item,
                name,
                "a sowing.Position or a position string",
            ));
        };
        Pos::parse(&s.to_cow()?, Some(self.db.rules()), None).map_err(to_py)
    }
}

#[pymethods]
impl Tablebase {
    /// Builds the databases of `variant` (with the options of `Position`)
    /// up to `max_seeds` seeds on the board into the directory `dir`
    /// (created if missing; one file a layer, `<game>.<seeds>.tb`) and
    /// opens them. A layer already there, whole and of the same game and
    /// options, is read instead of built, so a stopped build resumes.
    /// Built over `threads` threads (default: one a core) with the GIL
    /// released. `progress`, if given, is called with a dict `{"seeds",
    /// "sweep", "done", "positions", "changed"}` at most every
    /// `progress_every` seconds (default 0.5) and at each new sweep;
    /// an exception it raises is raised when the build ends (it cannot be
    /// stopped midway: Ctrl-C is raised then too). Sizes: game 91 has
    /// `C(s + 15, 15)` positions with `s` seeds on the board (3,876 with 4,
    /// 490,314 with 8; one byte each); a few seeds take milliseconds.
    /// Raises `ValueError` for more seeds than the game has, or a
    /// directory that cannot be written.
    #[staticmethod]
    #[pyo3(signature = (variant, max_seeds, dir, *, progress=None, progress_every=0.5, threads=None, starter_only=None, clockwise=None, reading=None))]
    #[allow(clippy::too_many_arguments)]
    fn build(
        py: Python<'_>,
        #[pyo3(from_py_with = args::variant)] variant: String,
        #[pyo3(from_py_with = max_seeds_arg)] max_seeds: u32,
        #[pyo3(from_py_with = dir_arg)] dir: PathBuf,
        progress: Option<Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::progress_every)] progress_every: f64,
        #[pyo3(from_py_with = threads_arg)] threads: Option<usize>,
        #[pyo3(from_py_with = args::starter_only)] starter_only: Option<bool>,
        #[pyo3(from_py_with = args::clockwise)] clockwise: Option<bool>,
        #[pyo3(from_py_with = args::reading)] reading: Option<String>,
    ) -> PyResult<Tablebase> {
        let rules = rules_arg(&variant, starter_only, clockwise, reading)?;
        if let Some(p) = &progress
            && !p.is_callable()
        {
            return Err(args::wrong_type(p, "progress", "a callable (or None)"));
        }
        if !(progress_every.is_finite() && progress_every >= 0.0) {
            return Err(PyValueError::new_err(format!(
                "progress_every must be a number of seconds, 0 or more, not {progress_every}"
            )));
        }
        let every = Duration::from_secs_f64(progress_every.min(86_400.0));
        let progress = progress.map(|p| p.unbind());
        let state = Mutex::new(Told {
            at: None,
            sweep: (u32::MAX, 0),
            error: None,
        });
        let tell = |p: engine::BuildProgress| {
            let Some(callback) = &progress else { return };
            let Ok(mut s) = state.lock() else { return };
            let new_sweep = s.sweep != (p.seeds, p.sweep);
            if s.error.is_some() || !(new_sweep || s.at.is_none_or(|t| t.elapsed() >= every)) {
                return;
            }
            s.at = Some(Instant::now());
            s.sweep = (p.seeds, p.sweep);
            Python::attach(|py| {
                let d = PyDict::new(py);
                let told = (|| {
                    d.set_item("seeds", p.seeds)?;
                    d.set_item("sweep", p.sweep)?;
                    d.set_item("done", p.done)?;
                    d.set_item("positions", p.positions)?;
                    d.set_item("changed", p.changed)?;
                    callback.call1(py, (d,)).map(|_| ())
                })();
                if let Err(e) = told {
                    s.error = Some(e);
                }
            });
        };
        let report = py.detach(|| Db::build(rules, max_seeds, &dir, threads, &tell));
        if let Some(e) = state.into_inner().ok().and_then(|s| s.error) {
            return Err(e);
        }
        let report = report.map_err(to_py)?;
        py.check_signals()?;
        let db = py.detach(|| Db::open(rules, &dir)).map_err(to_py)?;
        Ok(Tablebase {
            db,
            dir,
            report: Some(report),
        })
    }

    /// Opens the databases in `dir`: those of `variant` (with the options
    /// of `Position`), or without `variant` the one game whose databases
    /// the directory holds (its options read from the files). Every layer
    /// from 0 seeds up to the first missing is mapped and its checksum
    /// checked (about a second for 600 million positions). Raises
    /// `ValueError` for no databases, a gap between layers, files of
    /// other options, or a damaged file.
    #[staticmethod]
    #[pyo3(signature = (dir, variant=None, *, starter_only=None, clockwise=None, reading=None))]
    fn open(
        py: Python<'_>,
        #[pyo3(from_py_with = dir_arg)] dir: PathBuf,
        #[pyo3(from_py_with = args::variant_or_none)] variant: Option<String>,
        #[pyo3(from_py_with = args::starter_only)] starter_only: Option<bool>,
        #[pyo3(from_py_with = args::clockwise)] clockwise: Option<bool>,
        #[pyo3(from_py_with = args::reading)] reading: Option<String>,
    ) -> PyResult<Tablebase> {
        let rules = match variant {
            Some(v) => rules_arg(&v, starter_only, clockwise, reading)?,
            None if starter_only.is_some() || clockwise.is_some() || reading.is_some() => {
                return Err(PyValueError::new_err(
                    "the options are given with a variant name",
                ));
            }
            None => Db::rules_in(&dir).map_err(to_py)?,
        };
        let db = py.detach(|| Db::open(rules, &dir)).map_err(to_py)?;
        Ok(Tablebase {
            db,
            dir,
            report: None,
        })
    }

    /// The game with its options, as `Position` names it
    /// (`"sadeqa-ii(starter-only)"`).
    #[getter]
    fn variant(&self) -> String {
        self.db.rules().to_string()
    }

    /// The most seeds on the board of a position held.
    #[getter]
    fn max_seeds(&self) -> u32 {
        self.db.max_seeds()
    }

    /// The directory.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    /// What `build` did, a dict a layer (`{"seeds", "positions", "sweeps",
    /// "seconds", "reused"}`); `None` for databases opened.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let Some(report) = &self.report else {
            return Ok(None);
        };
        let list = PyList::empty(py);
        for l in report {
            let d = PyDict::new(py);
            d.set_item("seeds", l.seeds)?;
            d.set_item("positions", l.positions)?;
            d.set_item("sweeps", l.sweeps)?;
            d.set_item("seconds", l.seconds)?;
            d.set_item("reused", l.reused)?;
            list.append(d)?;
        }
        Ok(Some(list))
    }

    /// The value of `position` (a `Position`, or a position string read
    /// with the databases' options) under perfect play: a dict
    /// `{"result": "win" | "draw" | "loss" (for the side to move; in the
    /// scoring games by the final points), "winner": "south" | "north" |
    /// None, "margin" (the scoring games: the points the side to move
    /// gains from here on minus his opponent's; else None), "final_margin"
    /// (the scoring games: South's final points minus North's),
    /// "plies" (the last-mover games: plies to the end under perfect
    /// play, the winner hurrying; None for a draw), "text"}`; `None` if the
    /// databases do not hold it (more seeds on the board than
    /// `max_seeds`, Andada's opening and choice, Sadeqa II's restricted
    /// first move). Raises `ValueError` for a position of another game or
    /// other options. A page read: microseconds.
    fn probe<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let pos = self.position_of(position, "position")?;
        match self.db.probe(&pos).map_err(to_py)? {
            Some(v) => value_dict(py, &v).map(Some),
            None => Ok(None),
        }
    }

    /// Every legal move of `position` with its value for the player who
    /// makes it, best first: a list of dicts as `probe`'s with `"move"`
    /// (and `"margin"` None; `"plies"` counted after the move); `None` if
    /// the databases do not hold the position; empty when the game is over.
    fn move_values<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let pos = self.position_of(position, "position")?;
        let Some(moves) = self.db.move_values(&pos).map_err(to_py)? else {
            return Ok(None);
        };
        let list = PyList::empty(py);
        for (mv, v) in moves {
            let d = value_dict(py, &v)?;
            d.set_item("move", move_py(py, mv)?)?;
            list.append(d)?;
        }
        Ok(Some(list))
    }

    /// Probes many positions at once, for labelling training data:
    /// `positions` is a sequence (a list, or a NumPy array of strings, of
    /// shape `(N,)`) of `Position`s or position strings. Returns an int32
    /// NumPy array of shape `(N, 4)`, columns `sowing.PROBE_COLUMNS`:
    /// `held` (1, or 0 for a position not held: then the others are 0 and
    /// -1), `result` for the side to move (1 win, 0 draw, -1 loss),
    /// `margin` (the scoring games, as `probe`; 0 for the others) and
    /// `plies` (the last-mover games' plies to the end; -1 for the others
    /// and draws). A list of 4-tuples without NumPy. Over `threads`
    /// threads (default: one a core) with the GIL released. Raises
    /// `ValueError` for a malformed string or a position of another game,
    /// naming its index.
    #[pyo3(signature = (positions, *, threads=None))]
    fn probe_many<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = threads_arg)] threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let positions = batch::positions_arg(positions, "positions", |item, i| {
            self.position_of(item, &format!("positions[{i}]"))
                .map_err(|e| index_error(py, e, i))
        })?;
        let n = positions.len();
        let rows = batch::run(py, n, batch::thread_count(threads, n / 4096 + 1), |i, _| {
            let row = match self.db.probe(&positions[i]) {
                Err(engine::Error::Value(m)) => {
                    return Err(engine::Error::Value(format!("positions[{i}]: {m}")));
                }
                Err(e) => return Err(e),
                Ok(None) => [0, 0, 0, -1],
                Ok(Some(v)) => [
                    1,
                    v.result as i32,
                    v.margin.unwrap_or(0),
                    v.plies.map_or(-1, |p| p as i32),
                ],
            };
            Ok(row)
        })?;
        batch::int32_table(py, &rows)
    }

    fn __repr__(&self) -> String {
        format!(
            "<sowing.Tablebase {} up to {} seeds in {:?}>",
            self.db.rules(),
            self.db.max_seeds(),
            self.dir
        )
    }
}

/// `e` with the index of the item it is about, unless it names it.
fn index_error(py: Python<'_>, e: PyErr, i: usize) -> PyErr {
    let text = e.value(py).to_string();
    if text.starts_with("positions[") {
        e
    } else if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
        pyo3::exceptions::PyTypeError::new_err(format!("positions[{i}]: {text}"))
    } else {
        PyValueError::new_err(format!("positions[{i}]: {text}"))
    }
}
