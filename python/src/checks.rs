//! Running the engine's work from Python so that Ctrl-C stops it: a fast
//! path with the GIL held for the common short call, and a slow path with
//! the GIL released that looks for signals, for the long ones (an endless
//! sowing's exact test, a search, a proof).

use crate::engine::{self, Error};
use crate::to_py;
use pyo3::prelude::*;

/// Runs `f` with a check that stops it at once (`true` at the first call):
/// the fast path, GIL held, for the common case that needs no long proof.
/// If `f` is stopped (`Interrupted`), runs it again with the GIL released
/// and a check that looks for Ctrl-C (signals) every few milliseconds; a
/// signal's exception (`KeyboardInterrupt`) is raised.
pub(crate) fn with_checks<T: Send>(
    py: Python<'_>,
    f: impl Fn(engine::Check<'_>) -> engine::Result<T> + Send + Sync,
) -> PyResult<T> {
    match f(&mut || true) {
        Err(Error::Interrupted) => {}
        r => return r.map_err(to_py),
    }
    slow(py, f)
}

/// [`with_checks`]'s slow path alone (for work known to be long).
pub(crate) fn slow<T: Send>(
    py: Python<'_>,
    f: impl FnOnce(engine::Check<'_>) -> engine::Result<T> + Send,
) -> PyResult<T> {
    let mut signal: Option<PyErr> = None;
    let r = py.detach(|| {
        let mut check = || {
            Python::attach(|py| match py.check_signals() {
                Ok(()) => false,
                Err(e) => {
                    signal = Some(e);
                    true
                }
            })
        };
        f(&mut check)
    });
    match r {
        Err(Error::Interrupted) => Err(signal.unwrap_or_else(|| to_py(Error::Interrupted))),
        r => r.map_err(to_py),
    }
}
