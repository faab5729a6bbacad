//! The bulk calls behind `sowing.playouts` and `sowing.observations`:
//! many games or positions in Rust with the GIL released, returned as the
//! raw bytes of an array that the Python side makes into NumPy's (or
//! lists without NumPy).

use crate::args;
use crate::convert::side_arg;
use crate::engine::{self, Pos, Side};
use crate::position::Position;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// `n` uniformly random playouts from `start` (the bytes of an int32 array
/// of shape (n, 4): plies, result (0 South won, 1 North won, 2 draw, 3
/// unfinished at 1,000 plies), South's and North's points or captured
/// seeds). Seeded per game from `seed`: the same games whatever `threads`.
#[pyfunction]
#[pyo3(signature = (start, n, seed, threads))]
pub(crate) fn _playouts<'py>(
    py: Python<'py>,
    start: PyRef<'py, Position>,
    n: usize,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let pos = start.inner;
    let results = py.detach(move || engine::playouts(&pos, n, seed, threads));
    let mut bytes = Vec::with_capacity(n * 16);
    for r in results {
        for v in [
            r.plies as i32,
            r.result as i32,
            r.south as i32,
            r.north as i32,
        ] {
            bytes.extend_from_slice(&v.to_ne_bytes());
        }
    }
    Ok(PyBytes::new(py, &bytes))
}

/// The observations of many positions (see `Position.observation`), each
/// seen by the matching entry of `players` (default: its side to move), as
/// the bytes of a float32 array of shape (len(positions), 4n + 4). All
/// positions must have the same number of pits.
#[pyfunction]
#[pyo3(signature = (positions, players=None))]
pub(crate) fn _observations<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, usize, usize)> {
    let mut items: Vec<(Pos, Option<Side>)> = Vec::new();
    for p in positions.try_iter()? {
        let p = p?;
        let pos = p
            .cast::<Position>()
            .map_err(|_| args::wrong_type(&p, "each of positions", "a sowing.Position"))?;
        items.push((pos.get().inner, None));
    }
    if let Some(players) = players {
        let mut i = 0;
        for s in players.try_iter()? {
            let s = args::string(&s?, "each of players")?;
            if i >= items.len() {
                return Err(PyValueError::new_err(
                    "more players than positions in observations",
                ));
            }
            items[i].1 = Some(side_arg(&s)?);
            i += 1;
        }
        if i != items.len() {
            return Err(PyValueError::new_err(format!(
                "{} positions but {i} players in observations",
                items.len()
            )));
        }
    }
    let width = items
        .first()
        .map_or(0, |(p, _)| engine::observation_len(p.rules()));
    if let Some((p, _)) = items
        .iter()
        .find(|(p, _)| engine::observation_len(p.rules()) != width)
    {
        return Err(PyValueError::new_err(format!(
            "observations of positions of different sizes ({})",
            p.variant()
        )));
    }
    let rows = items.len();
    let bytes = py.detach(move || {
        let mut obs = Vec::with_capacity(rows * width);
        for (p, viewer) in &items {
            p.observe(viewer.unwrap_or_else(|| p.side_to_move()), &mut obs);
        }
        obs.iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect::<Vec<u8>>()
    });
    Ok((PyBytes::new(py, &bytes), rows, width))
}
