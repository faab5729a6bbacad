//! Work over many positions at once (`best_moves`, `Tablebase.probe_many`):
//! spread over threads with the GIL released, each thread taking the next
//! position when it is done with one (searches differ in length), while
//! the calling thread looks for Ctrl-C.

use crate::engine;
use pyo3::prelude::*;
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
