//! The engine's values to and from Python: moves (an int pit or `"S"` /
//! `"N"`), sides, outcomes, lap limits and rule options, with the messages
//! Python callers read (`ValueError`, `TypeError` naming the argument).

use crate::engine::{self, Mv, Side};
use crate::{args, to_py};
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

/// A move from Python: an int (a pit) or a string (`"3"`, `"S"`, `"N"`).
pub(crate) fn move_arg(mv: &Bound<'_, PyAny>) -> PyResult<Mv> {
    // The common case first: a plain int.
    if mv.is_exact_instance_of::<pyo3::types::PyInt>()
        && let Ok(n) = mv.extract::<i64>()
    {
        return Ok(Mv::Pit(n));
    }
    if let Ok(s) = mv.cast::<PyString>() {
        return Mv::parse(&s.to_cow()?).map_err(to_py);
    }
    // A NumPy int, or an int too large for any pit (a ValueError).
    args::int(mv, "move").map(Mv::Pit).map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyTypeError>(mv.py()) {
            args::wrong_type(mv, "move", "a pit number (an int) or \"S\"/\"N\" (a str)")
        } else {
            e
        }
    })
}

pub(crate) fn move_py(py: Python<'_>, mv: Mv) -> PyResult<Bound<'_, PyAny>> {
    match mv {
        Mv::Pit(n) => n.into_bound_py_any(py),
        Mv::Choice(Side::South) => "S".into_bound_py_any(py),
        Mv::Choice(Side::North) => "N".into_bound_py_any(py),
    }
}

pub(crate) fn moves_py<'py>(py: Python<'py>, moves: &[Mv]) -> PyResult<Bound<'py, PyList>> {
    let items = moves
        .iter()
        .map(|&m| move_py(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

pub(crate) fn side_arg(s: &str) -> PyResult<Side> {
    Side::parse(s).map_err(to_py)
}

pub(crate) fn lap_limit_arg(limit: Option<i64>) -> PyResult<Option<u32>> {
    match limit {
        None => Ok(None),
        Some(n) if (1..=u32::MAX as i64).contains(&n) => Ok(Some(n as u32)),
        Some(n) => Err(PyValueError::new_err(format!(
            "lap_limit must be from 1 to {}, not {n}",
            u32::MAX
        ))),
    }
}

pub(crate) fn outcome_word(o: &engine::OutcomeInfo) -> Option<&'static str> {
    if !o.over {
        None
    } else {
        Some(o.winner.map_or("draw", Side::name))
    }
}

pub(crate) fn rules_arg(
    variant: &str,
    starter_only: Option<bool>,
    clockwise: Option<bool>,
    reading: Option<String>,
) -> PyResult<engine::Rules> {
    engine::Rules::new(
        variant,
        &engine::Options {
            starter_only,
            clockwise,
            reading,
        },
    )
    .map_err(to_py)
}
