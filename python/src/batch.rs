//! Work over many positions at once (`best_moves`, `Tablebase.probe_many`):
//! spread over threads with the GIL released, each thread taking the next
//! position when it is done with one (searches differ in length), while
//! the calling thread looks for Ctrl-C; and the reading of their sequence
//! of positions and the writing of their table of results.

use crate::args;
use crate::engine::{self, Pos};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// The threads of a batch: `threads`, or one a core, at most one a task.
pub fn thread_count(threads: Option<usize>, tasks: usize) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, tasks.max(1))
}

/// Runs `work(i, check)` for every `i` in `0..n` on `threads` threads,
/// the GIL released, and returns the results in order. The first error (by
/// index) is raised; Ctrl-C stops the batch (`check` answers `true` from
/// then on: a proof stops, a search ends at its budget) and raises
/// `KeyboardInterrupt`.
pub fn run<T: Send>(
    py: Python<'_>,
    n: usize,
    threads: usize,
    work: impl Fn(usize, engine::Check<'_>) -> engine::Result<T> + Sync,
) -> PyResult<Vec<T>> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let running = AtomicUsize::new(threads);
    let mut signal: Option<PyErr> = None;
    let mut results: Vec<(usize, engine::Result<T>)> = py.detach(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut out = Vec::new();
                        let mut check = || stop.load(Ordering::Relaxed);
                        while !stop.load(Ordering::Relaxed) {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= n {
                                break;
                            }
                            let r = work(i, &mut check);
                            let failed = r.is_err();
                            out.push((i, r));
                            if failed {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        running.fetch_sub(1, Ordering::Release);
                        out
                    })
                })
                .collect();
            // Ctrl-C is seen by the main thread only: look every few
            // milliseconds (sooner at first, for small batches).
            let mut wait = Duration::from_micros(50);
            while running.load(Ordering::Acquire) > 0 {
                std::thread::sleep(wait);
                wait = (wait * 2).min(Duration::from_millis(10));
                if signal.is_none()
                    && let Err(e) = Python::attach(|py| py.check_signals())
                {
                    signal = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    results.sort_by_key(|(i, _)| *i);
    results
        .into_iter()
        .map(|(_, r)| r.map_err(crate::to_py))
        .collect()
}

/// The items of a sequence (any iterable: a list, a NumPy array),
/// each read by `read(item, index)`.
pub(crate) fn positions_arg(
    obj: &Bound<'_, PyAny>,
    name: &str,
    mut read: impl FnMut(&Bound<'_, PyAny>, usize) -> PyResult<Pos>,
) -> PyResult<Vec<Pos>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(args::wrong_type(obj, name, "a sequence of positions"));
    }
    let items = obj
        .try_iter()
        .map_err(|_| args::wrong_type(obj, name, "a sequence of positions"))?;
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        out.push(read(&item?, i)?);
    }
    Ok(out)
}

/// Rows of int32 as a NumPy array of shape `(len(rows), N)`, or a list of
/// tuples without NumPy.
pub(crate) fn int32_table<'py, const N: usize>(
    py: Python<'py>,
    rows: &[[i32; N]],
) -> PyResult<Bound<'py, PyAny>> {
    match py.import("numpy") {
        Ok(np) => {
            let bytes: Vec<u8> = rows
                .iter()
                .flatten()
                .flat_map(|v| v.to_ne_bytes())
                .collect();
            let flat = np.call_method1("frombuffer", (PyBytes::new(py, &bytes), "int32"))?;
            flat.call_method1("reshape", ((rows.len(), N),))?
                .call_method0("copy")
        }
        Err(_) => {
            let list = PyList::empty(py);
            for r in rows {
                list.append(PyTuple::new(py, r)?)?;
            }
            Ok(list.into_any())
        }
    }
}
