//! A crew of helper threads that run each job beside the calling thread,
//! for the vectorised environment's steps (`crate::vector`).
//!
//! Why not rayon's pool alone: a step takes about half a millisecond, and
//! between two steps Python chooses the actions (tens of microseconds).
//! Rayon's idle workers go to sleep within microseconds, so every step
//! waited for a worker to be woken by the kernel (tens of microseconds in
//! a virtual machine), and then for the caller to be woken in turn: two
//! threads ran a step only 1.3 times faster than one. The crew's helpers
//! instead watch for the next job for a while ([`WATCH`]) before they
//! sleep, and the caller watches for their end, so that both start and
//! end at once while steps come back to back; a program that stops
//! stepping leaves them asleep, costing nothing.
//!
//! A job is a closure the caller runs too (`Crew::run`); it shares its
//! work out itself (the environment's chunks are claimed through an atomic
//! counter), so a helper that starts late takes less of it.

use std::cell::UnsafeCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long an idle helper watches for the next job before it sleeps.
const WATCH: Duration = Duration::from_micros(300);

/// A job as the helpers see it: the caller's closure, its lifetime erased
/// (`Crew::run` does not return before every helper is done with it).
type Job = *const (dyn Fn() + Sync + 'static);

struct Shared {
    /// Counts the jobs: a helper runs a job when it sees this change.
    generation: AtomicU64,
    /// The current job, written before `generation` is bumped.
    job: UnsafeCell<Option<Job>>,
    /// The helpers done with the current job.
    finished: AtomicUsize,
    /// Whether each helper is asleep (or about to be), to be woken.
    asleep: Vec<AtomicBool>,
    /// Whether a helper's job panicked.
    panicked: AtomicBool,
    quit: AtomicBool,
}

// SAFETY: `job` is written only by the caller of `Crew::run` while no
// helper reads it (between jobs: every helper has finished the last one and
// waits for `generation` to change), and read by helpers only while the
// job runs; the closure it points to is `Sync`.
unsafe impl Sync for Shared {}
unsafe impl Send for Shared {}

/// Helper threads (see the module's docs). Dropping it ends them.
pub struct Crew {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl Crew {
    /// A crew of `helpers` threads beside the caller's.
    ///
    /// # Errors
    /// The operating system's, when a thread cannot start.
    pub fn new(helpers: usize) -> std::io::Result<Crew> {
        let shared = Arc::new(Shared {
            generation: AtomicU64::new(0),
            job: UnsafeCell::new(None),
            finished: AtomicUsize::new(0),
            asleep: (0..helpers).map(|_| AtomicBool::new(false)).collect(),
            panicked: AtomicBool::new(false),
            quit: AtomicBool::new(false),
        });
        let mut crew = Crew {
            shared,
            threads: Vec::with_capacity(helpers),
        };
        for i in 0..helpers {
            let shared = Arc::clone(&crew.shared);
            let handle = thread::Builder::new()
                .name(format!("sowing-vector-{i}"))
                .spawn(move || helper(&shared, i))?;
            crew.threads.push(handle);
        }
        Ok(crew)
    }

    /// The helpers, not counting the caller.
    pub fn helpers(&self) -> usize {
        self.threads.len()
    }

    /// Runs `job` on the calling thread and on every helper at once, and
    /// returns when all are done.
    ///
    /// # Panics
    /// If `job` panicked on a helper (it panics on the caller as it would).
    pub fn run(&self, job: &(dyn Fn() + Sync)) {
        let s = &*self.shared;
        // SAFETY: the lifetime is erased only for as long as this call: it
        // returns after every helper has finished with the job (below), and
        // a helper reads `job` only between seeing the new generation and
        // counting itself finished.
        let erased: Job = unsafe { std::mem::transmute::<*const (dyn Fn() + Sync), Job>(job) };
        // SAFETY: no helper reads `job` now (all finished the last job).
        unsafe { *s.job.get() = Some(erased) };
        s.finished.store(0, SeqCst);
        s.generation.fetch_add(1, SeqCst);
        for (t, asleep) in self.threads.iter().zip(&s.asleep) {
            // A helper marks itself asleep before it checks the generation
            // a last time: either it sees the new job, or it is seen here.
            if asleep.load(SeqCst) {
                t.thread().unpark();
            }
        }
        job();
        let since = Instant::now();
        let mut spins = 0u32;
        while s.finished.load(SeqCst) < self.threads.len() {
            spins = spins.wrapping_add(1);
            // A helper the system took off its core: let it run.
            if spins.is_multiple_of(64) && since.elapsed() > WATCH {
                thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        if s.panicked.swap(false, SeqCst) {
            panic!("a vector environment's helper thread panicked");
        }
    }
}

/// Helper `i`'s loop: watch for a job, sleep when none comes, run it.
fn helper(s: &Shared, i: usize) {
    let mut seen = 0;
    loop {
        let mut since = Instant::now();
        let mut spins = 0u32;
        loop {
            if s.quit.load(SeqCst) {
                return;
            }
            if s.generation.load(SeqCst) != seen {
                break;
            }
            spins = spins.wrapping_add(1);
            if !spins.is_multiple_of(64) || since.elapsed() < WATCH {
                std::hint::spin_loop();
                continue;
            }
            s.asleep[i].store(true, SeqCst);
            if s.generation.load(SeqCst) == seen && !s.quit.load(SeqCst) {
                // An `unpark` since the store above makes this return.
                thread::park();
            }
            s.asleep[i].store(false, SeqCst);
            since = Instant::now();
        }
        seen = s.generation.load(SeqCst);
        // SAFETY: the job was written before the generation changed, and
        // stays valid until this helper counts itself finished.
        if let Some(job) = unsafe { *s.job.get() } {
            let job = unsafe { &*job };
            if catch_unwind(AssertUnwindSafe(job)).is_err() {
                s.panicked.store(true, SeqCst);
            }
        }
        s.finished.fetch_add(1, SeqCst);
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        self.shared.quit.store(true, SeqCst);
        for t in &self.threads {
            t.thread().unpark();
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}
