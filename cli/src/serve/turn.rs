//! One turn's legal moves as far as they are known, and the proofs that
//! complete them: the core sows each candidate move at the start of the
//! turn under a small lap budget (`TURN_BUDGET`); a move that neither ends
//! nor is proven endless within it is *undecided*, and the
//! [`super::prover`] workers prove it exactly ([`Proving::prove`]), off the
//! request threads, with progress and cancellation, while the decided
//! moves stay playable. Written once over `R: Ruleset`; the prover sees a
//! turn of any game as a [`Proving`].

use sowing::{Move, MoveSet, PlayError, Player, Position, Proof, Ruleset, TURN_BUDGET};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The legal moves of one turn as far as they are known: what the core's
/// turn-start budget found ([`sowing::Legality`]), updated as the prover's
/// proofs come in.
#[derive(Clone, Copy, Debug, Default)]
pub struct Legality {
    /// Moves whose sowing ends: playable.
    pub ends: MoveSet,
    /// Moves proven endless: not legal.
    pub endless: MoveSet,
    /// Candidate moves still being proven.
    pub undecided: MoveSet,
    /// Laps sown so far in each undecided move's proof (by [`slot`]).
    laps: [u64; 26],
}

impl Legality {
    /// Laps sown so far in `mv`'s proof.
    pub fn laps(&self, mv: Move) -> u64 {
        self.laps[slot(mv)]
    }
}

/// A move's index in [`Legality::laps`]: pits 1..=24, then `S` and `N`.
fn slot(mv: Move) -> usize {
    match mv {
        Move::Pit(p) => (p as usize).clamp(1, 24) - 1,
        Move::First(Player::South) => 24,
        Move::First(Player::North) => 25,
    }
}

/// A turn whose undecided moves the prover's workers prove, whatever the
/// game's ruleset. Implemented by [`Turn<R>`].
pub trait Proving: Send + Sync {
    /// What is known of the turn's legal moves.
    fn legality(&self) -> Legality;
    /// Whether the game has moved on (the proofs are of no more use).
    fn cancelled(&self) -> bool;
    /// Proves whether the undecided `mv` ends, exactly, reporting progress
    /// every million laps or so; stops early once the turn is cancelled.
    fn prove(&self, mv: Move);
}

/// One turn: its position, what is known of its legal moves, and a flag
/// that cancels the proofs once the game has moved on.
pub struct Turn<R: Ruleset> {
    pub pos: Position<R>,
    pub legality: Mutex<Legality>,
    pub cancel: AtomicBool,
}

impl<R: Ruleset> Turn<R> {
    /// A turn of `pos`, with what the start of the turn found (no legal
    /// moves once the game is over, by any rule: `ongoing` false).
    pub(super) fn start(pos: Position<R>, ongoing: bool) -> Arc<Turn<R>> {
        let mut legality = Legality::default();
        if ongoing {
            let found = pos.legality();
            legality.ends = found.ends;
            legality.endless = found.endless;
            legality.undecided = found.undecided;
            for mv in found.undecided {
                legality.laps[slot(mv)] = TURN_BUDGET;
            }
        }
        Arc::new(Turn {
            pos,
            legality: Mutex::new(legality),
            cancel: AtomicBool::new(false),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Legality> {
        self.legality.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<R: Ruleset> Proving for Turn<R> {
    fn legality(&self) -> Legality {
        *self.lock()
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    fn prove(&self, mv: Move) {
        if !self.legality().undecided.contains(mv) {
            return;
        }
        let mut control = |m: Move, laps: u64| {
            if self.cancel.load(Ordering::Relaxed) {
                return ControlFlow::Break(());
            }
            self.lock().laps[slot(m)] = laps;
            ControlFlow::Continue(())
        };
        let proof = self.pos.prove(mv, &mut control);
        let mut legality = self.lock();
        match proof {
            Ok(Proof::Ends { .. }) => {
                legality.ends.insert(mv);
            }
            Ok(Proof::Cancelled { .. }) => return,
            // Endless, over a lap limit (the server sets none), or not a
            // candidate (cannot happen for an undecided move).
            _ => {
                legality.endless.insert(mv);
            }
        }
        legality.undecided.remove(mv);
    }
}

/// Why `mv` may not be played now, in words.
pub(super) fn refusal<R: Ruleset>(pos: &Position<R>, mv: Move, legality: &Legality) -> String {
    if legality.undecided.contains(mv) {
        return format!(
            "proving whether this sowing ends ({} laps so far); the other moves are playable",
            legality.laps(mv)
        );
    }
    if legality.endless.contains(mv) {
        return "its relay sowing never ends (it comes back to where it started), so it may not be played".to_string();
    }
    match pos.check(mv) {
        Err(PlayError::Illegal { reason, .. }) => reason.to_string(),
        Err(e) => e.to_string(),
        Ok(()) => "it is legal".to_string(),
    }
}
