//! The extension module `sowing._sowing`: Python classes and functions over
//! [`engine`], the one module that calls the `sowing` crate (with
//! [`vector`] for the vectorised environment's steps). The Python package
//! (`python/sowing/`) re-exports these and adds the NumPy conversions and
//! the learning environments.
//!
//! Here: the module's registration and the engine's errors as Python
//! exceptions. The classes are [`position`], [`game`], [`tablebase`] and
//! [`vector`]'s core; the functions [`players`] (computer players, solver)
//! and [`bulk`] (playouts, observations); [`convert`] and [`args`] read and
//! write the values between them, [`checks`] and [`batch`] run the work
//! with Ctrl-C looked for.

mod args;
mod batch;
mod bulk;
mod checks;
mod convert;
mod crew;
mod engine;
mod game;
mod players;
mod position;
mod tablebase;
mod vector;

use engine::Error;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

create_exception!(
    _sowing,
    IllegalMove,
    PyValueError,
    "A move that cannot be played in the position; the message is the engine's reason."
);

pub(crate) fn to_py(e: Error) -> PyErr {
    match e {
        Error::Value(m) => PyValueError::new_err(m),
        Error::Illegal(m) => IllegalMove::new_err(m),
        Error::Interrupted => PyKeyboardInterrupt::new_err("interrupted"),
    }
}

/// The built-in variants' names.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    engine::variant_names()
}

/// The lap limit of `playouts` (the benchmarks').
const PLAYOUT_LAP_LIMIT: u32 = engine::PLAYOUT_LAP_LIMIT;

#[pymodule]
fn _sowing(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::Position>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<vector::VectorCore>()?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add_function(wrap_pyfunction!(players::best_move, m)?)?;
    m.add_function(wrap_pyfunction!(players::best_moves, m)?)?;
    m.add_class::<tablebase::Tablebase>()?;
    m.add_function(wrap_pyfunction!(players::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(players::solve, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::_observations, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(position::_restore, m)?)?;
    m.add("PLAYOUT_LAP_LIMIT", PLAYOUT_LAP_LIMIT)?;
    m.add("PLAYOUT_MAX_PLIES", engine::PLAYOUT_MAX_PLIES)?;
    Ok(())
}
