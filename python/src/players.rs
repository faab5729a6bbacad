//! The computer players and the solver from Python: `best_move`,
//! `best_moves` (many positions over threads), `analyse` (every move's
//! alpha-beta value) and `solve` (proof-number search), with their budget
//! arguments (seed, depth, time, table size).

use crate::batch::{self, positions_arg};
use crate::checks::slow;
use crate::convert::move_py;
use crate::engine::{self, Pos, Side};
use crate::position::{Position, position_arg};
use crate::{args, to_py};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::time::Duration;

/// The move the computer player `player` chooses in `position`: a spec as
/// the crate's examples take it, `"random"`, `"greedy"`, `"alphabeta"`
/// (depth 6), `"alphabeta:D"`, `"alphabeta:Nnodes"`, `"alphabeta:0.1s"`,
/// `"mcts"` (2,000 iterations), `"mcts:N"`, `"mcts:500ms"`, `"uct"` (0.3's
/// `mcts`: 2,000 random playouts), `"uct:N"`, `"uct:500ms"`. `None` if the
/// game is over. Costs what the spec says (a time budget is about that long;
/// depth 6 is milliseconds to a second); the GIL is released meanwhile.
/// Raises `ValueError` for a bad spec.
#[pyfunction]
#[pyo3(signature = (position, player="alphabeta".to_owned(), *, seed=0))]
pub(crate) fn best_move<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = position_arg)] position: Pos,
    #[pyo3(from_py_with = args::player)] player: String,
    #[pyo3(from_py_with = args::seed)] seed: i64,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    engine::check_spec(&player).map_err(to_py)?;
    let seed = seed_arg(seed)?;
    let pos = position;
    let spec = player;
    let mv = slow(py, move |check| engine::best_move(&pos, &spec, seed, check))?;
    mv.map(|m| move_py(py, m)).transpose()
}

/// The moves the computer player `player` (a spec as `best_move` takes it)
/// chooses in each of `positions` (a sequence of `Position`s), as a list
/// (`None` for a finished game): the searches spread over `threads`
/// threads (default: one a core) with the GIL released, each thread taking
/// the next position when done. Position `i` is searched with the seed
/// mixed from `seed` and `i`: the same moves whatever `threads` (a time
/// budget aside). Ctrl-C stops the batch (`KeyboardInterrupt`) once the
/// searches under way end (each within its budget). Raises `ValueError`
/// for a bad spec.
#[pyfunction]
#[pyo3(signature = (positions, player="alphabeta".to_owned(), *, seed=0, threads=None))]
pub(crate) fn best_moves<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::player)] player: String,
    #[pyo3(from_py_with = args::seed)] seed: i64,
    #[pyo3(from_py_with = args::threads)] threads: Option<i64>,
) -> PyResult<Bound<'py, PyList>> {
    engine::check_spec(&player).map_err(to_py)?;
    let seed = seed_arg(seed)?;
    let threads = match threads {
        None => None,
        Some(t) if t >= 1 => Some(t.min(1024) as usize),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "threads must be 1 or more (or None), not {t}"
            )));
        }
    };
    let positions = positions_arg(positions, "positions", |item, i| {
        item.cast::<Position>()
            .map(|p| p.get().inner)
            .map_err(|_| args::wrong_type(item, &format!("positions[{i}]"), "a sowing.Position"))
    })?;
    let n = positions.len();
    let moves = batch::run(py, n, batch::thread_count(threads, n), |i, check| {
        engine::best_move(
            &positions[i],
            &player,
            engine::game_seed(seed, i as u64),
            check,
        )
    })?;
    let items = moves
        .into_iter()
        .map(|m| m.map(|m| move_py(py, m)).transpose())
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// Every legal move of `position` with its alpha-beta value for the side to
/// move, best first: a list of dicts `{"move", "score", "value", "depth",
/// "win", "loss", "plies_to_end"}` (`value` in words: `"win in 7 plies"`,
/// `"+12"`). The budget is a `depth` (default 6) or a `time` in seconds
/// (about that long in all). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (position, *, depth=None, time=None, table_bits=18))]
pub(crate) fn analyse<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = position_arg)] position: Pos,
    #[pyo3(from_py_with = args::depth)] depth: Option<i64>,
    #[pyo3(from_py_with = args::time)] time: Option<f64>,
    #[pyo3(from_py_with = args::table_bits)] table_bits: i64,
) -> PyResult<Bound<'py, PyList>> {
    let budget = match (depth, time) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err("give a depth or a time, not both"));
        }
        (Some(d), None) if (1..=64).contains(&d) => engine::SearchBudget::Depth(d as u8),
        (Some(d), None) => {
            return Err(PyValueError::new_err(format!(
                "depth must be from 1 to 64, not {d}"
            )));
        }
        (None, Some(t)) => engine::SearchBudget::Time(time_arg(t)?),
        (None, None) => engine::SearchBudget::Depth(6),
    };
    let table_bits = table_bits_arg(table_bits)?;
    let pos = position;
    let (moves, _pv, _nodes) = slow(py, move |check| {
        let mut p = pos;
        p.legal_moves(check)?;
        Ok(engine::analyse(&p, budget, table_bits))
    })?;
    let list = PyList::empty(py);
    for m in moves {
        let d = PyDict::new(py);
        d.set_item("move", move_py(py, m.mv)?)?;
        d.set_item("score", m.score)?;
        d.set_item("value", m.text)?;
        d.set_item("depth", m.depth)?;
        d.set_item("win", m.win)?;
        d.set_item("loss", m.loss)?;
        d.set_item("plies_to_end", m.plies_to_end)?;
        list.append(d)?;
    }
    Ok(list)
}

pub(crate) fn seed_arg(seed: i64) -> PyResult<u64> {
    u64::try_from(seed)
        .map_err(|_| PyValueError::new_err(format!("seed must be 0 or more, not {seed}")))
}

pub(crate) fn table_bits_arg(bits: i64) -> PyResult<u8> {
    if (10..=26).contains(&bits) {
        Ok(bits as u8)
    } else {
        Err(PyValueError::new_err(format!(
            "table_bits must be from 10 to 26, not {bits}"
        )))
    }
}

pub(crate) fn time_arg(t: f64) -> PyResult<Duration> {
    if t.is_finite() && t > 0.0 && t <= 86_400.0 {
        Ok(Duration::from_secs_f64(t))
    } else {
        Err(PyValueError::new_err(format!(
            "time must be a number of seconds above 0 and at most a day, not {t}"
        )))
    }
}

/// Proves who wins `position` with best play (proof-number search): a dict
/// `{"verdict": "win" | "loss" | "draw" | "unknown" (for the side to move),
/// "winner": "south" | "north" | None, "nodes", "seconds", "repetitions"}`.
/// `nodes` and `time` (seconds) bound it (`"unknown"` when they run out);
/// without them it runs until it answers, with the GIL released, and Ctrl-C
/// stops it (`KeyboardInterrupt`; it is looked for between slices of work
/// that double in size, so it may take as long again as the solve so far).
/// The table holds `2^table_bits` entries of about 70 bytes (default 20: 75
/// MB). A small endgame takes milliseconds; Sadeqa II's start about a
/// minute.
#[pyfunction]
#[pyo3(signature = (position, *, nodes=None, time=None, table_bits=20))]
pub(crate) fn solve<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = position_arg)] position: Pos,
    #[pyo3(from_py_with = args::nodes)] nodes: Option<i64>,
    #[pyo3(from_py_with = args::time)] time: Option<f64>,
    #[pyo3(from_py_with = args::table_bits)] table_bits: i64,
) -> PyResult<Bound<'py, PyDict>> {
    let nodes = match nodes {
        None => None,
        Some(n) if n >= 1 => Some(n as u64),
        Some(n) => {
            return Err(PyValueError::new_err(format!(
                "nodes must be 1 at least, not {n}"
            )));
        }
    };
    let time = time.map(time_arg).transpose()?;
    let table_bits = table_bits_arg(table_bits)?;
    let pos = position;
    let s = slow(py, move |check| {
        let mut p = pos;
        p.legal_moves(check)?;
        engine::solve(&p, nodes, time, table_bits, check)
    })?;
    let d = PyDict::new(py);
    d.set_item("verdict", s.verdict)?;
    d.set_item("winner", s.winner.map(Side::name))?;
    d.set_item("nodes", s.nodes)?;
    d.set_item("seconds", s.seconds)?;
    d.set_item("repetitions", s.repetitions)?;
    Ok(d)
}
