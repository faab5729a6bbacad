//! The endless-sowing proofs of undecided moves, on worker threads off the
//! request-serving threads, under growing lap budgets: a game whose move is
//! being proven keeps answering, and so do all the others.
//!
//! Jobs are served round-robin: a job that one round does not settle goes
//! to the back of the queue with the next budget, so a proof of 10^10 laps
//! does not hold up a short one queued after it. A job whose turn is over
//! (a move was played, the game was dropped) is cancelled between rounds.

use crate::engine::{PROOF_ROUNDS, Turn};
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex};

struct Job {
    turn: Arc<Turn>,
    round: usize,
}

#[derive(Default)]
struct Queue {
    jobs: Mutex<VecDeque<Job>>,
    ready: Condvar,
}

/// The prover's workers and their queue.
#[derive(Clone)]
pub struct Prover {
    queue: Arc<Queue>,
}

impl Prover {
    /// Starts `threads` worker threads.
    pub fn start(threads: usize) -> Prover {
        let queue = Arc::new(Queue::default());
        for i in 0..threads.max(1) {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("prover-{i}"))
                .spawn(move || work(&queue))
                .expect("a prover thread starts");
        }
        Prover { queue }
    }

    /// Proves the undecided moves of `turn`, if it has any.
    pub fn submit(&self, turn: Arc<Turn>) {
        if turn.legality().undecided.is_empty() {
            return;
        }
        self.push(Job { turn, round: 0 });
    }

    fn push(&self, job: Job) {
        let mut jobs = self.queue.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.push_back(job);
        self.queue.ready.notify_one();
    }
}

fn work(queue: &Arc<Queue>) {
    let prover = Prover {
        queue: queue.clone(),
    };
    loop {
        let job = {
            let mut jobs = queue.jobs.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(job) = jobs.pop_front() {
                    break job;
                }
                jobs = queue.ready.wait(jobs).unwrap_or_else(|e| e.into_inner());
            }
        };
        if job.turn.cancel.load(Ordering::Relaxed) {
            continue;
        }
        let limit = PROOF_ROUNDS[job.round];
        let open = job.turn.prove(limit);
        if open && job.round + 1 < PROOF_ROUNDS.len() {
            prover.push(Job {
                turn: job.turn,
                round: job.round + 1,
            });
        }
    }
}
