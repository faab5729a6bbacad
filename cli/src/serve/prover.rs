//! The endless-sowing proofs of undecided moves, on worker threads off the
//! request-serving threads: a game whose move is being proven keeps
//! answering, and so do all the others.
//!
//! One job per undecided move, first come first served. A proof reports its
//! progress (shown on the page) and is cancelled once its turn is over (a
//! move was played, the game was undone or dropped), so a worker is never
//! held by a game nobody is playing.

use crate::serve::turn::Proving;
use sowing::Move;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};

struct Job {
    turn: Arc<dyn Proving>,
    mv: Move,
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
    pub fn submit(&self, turn: Arc<dyn Proving>) {
        let undecided = turn.legality().undecided;
        if undecided.is_empty() {
            return;
        }
        let mut jobs = self.queue.jobs.lock().unwrap_or_else(|e| e.into_inner());
        for mv in undecided {
            jobs.push_back(Job {
                turn: turn.clone(),
                mv,
            });
            self.queue.ready.notify_one();
        }
    }
}

fn work(queue: &Queue) {
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
        if !job.turn.cancelled() {
            job.turn.prove(job.mv);
        }
    }
}
