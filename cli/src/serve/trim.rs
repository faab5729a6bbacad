//! Giving the memory freed by finished requests back to the system.
//!
//! glibc's malloc keeps freed blocks in each thread's arena; over many
//! games the pages between blocks still in use stay resident although
//! nothing is on them, and the server's RSS creeps up while its heap in
//! use stays flat (the soak test, docs/WEB.md). `malloc_trim(0)` returns
//! every whole free page of every arena (`madvise(MADV_DONTNEED)`); it is
//! cheap at this heap's size (a few MB), so the server calls it a few
//! times a second while requests come in, and not at all while it is idle.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the memory is trimmed while requests come in.
pub(crate) const PERIOD: Duration = Duration::from_millis(250);

/// Set by every request, cleared by the trim that follows it.
static BUSY: AtomicBool = AtomicBool::new(false);

/// Notes that a request came in (a trim is due at the next period).
pub(crate) fn note_request() {
    BUSY.store(true, Ordering::Relaxed);
}

/// Trims every `period` after a request, until the runtime stops.
pub(crate) async fn trim_while_busy(period: Duration) {
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tick.tick().await;
        if BUSY.swap(false, Ordering::Relaxed) {
            trim();
        }
    }
}

/// Returns the free pages of every malloc arena to the system.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim() {
    // SAFETY: malloc_trim only walks the allocator's own free lists, under
    // its locks; it takes no pointer from us.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Other allocators manage their own pages.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}
