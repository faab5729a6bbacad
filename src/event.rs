//! What a move did, step by step: the traced play (for user interfaces that
//! animate a move, and for tests that check a rule fired).

use crate::player::{Pit, Player};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// One step of a move, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Event {
    /// One lap of sowing (RULES.md section 2): all `seeds` of `origin` were
    /// lifted and sown one by one; the last fell into `landing`. The laps of
    /// Andada's opening chain are reported the same way.
    Lap {
        /// The pit whose seeds were lifted.
        origin: Pit,
        /// How many seeds were lifted and sown.
        seeds: u8,
        /// The pit where the last seed fell.
        landing: Pit,
    },
    /// `by` took `seeds` seeds from `pit`, the pit opposite the pit where the
    /// move ended (Sadeqa II removes them from play; Sadeqa III captures them;
    /// Andada removes them and counts them for information).
    Capture {
        /// The capturing player (the mover).
        by: Player,
        /// The pit emptied.
        pit: Pit,
        /// Seeds taken.
        seeds: u8,
    },
    /// Sadeqa V: the last seed fell into an opponent's warana; `by` captured
    /// `seeds` (the seed just dropped plus one more, or only it).
    WaranaCapture {
        /// The capturing player (the mover).
        by: Player,
        /// The warana.
        pit: Pit,
        /// Seeds captured: 2, or 1 if the warana was empty before.
        seeds: u8,
    },
    /// Sadeqa V: `pit` became a warana owned by `owner`.
    WaranaMade {
        /// The new owner (the mover).
        owner: Player,
        /// The pit, in the opponent's row.
        pit: Pit,
    },
    /// Sadeqa V: `player` moves again (a bonus move).
    BonusMove {
        /// Who moves again.
        player: Player,
    },
    /// `player` has no legal move and passes (Sadeqa V).
    Pass {
        /// Who passed.
        player: Player,
    },
    /// Andada's singleton ending: `seeds` seeds (the one that would have
    /// crossed from `from`, the mover's last pit, plus any still in hand) were
    /// removed from play. Under the Ludii reading: the last seed, which
    /// landed in `from`, the mover's empty last pit, was removed.
    Removed {
        /// The mover's last pit, from which the seed would have passed on.
        from: Pit,
        /// Seeds removed.
        seeds: u8,
    },
    /// Sadeqa III: the game ended and the `seeds` left on the board went to
    /// `to`, the player who made the last move.
    Sweep {
        /// Who received the seeds.
        to: Player,
        /// How many.
        seeds: u16,
    },
    /// Andada's choice move: `first` makes the first regular move.
    Choice {
        /// The player who makes the first regular move.
        first: Player,
    },
    /// The game is over after this move.
    GameOver,
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Lap {
                origin,
                seeds,
                landing,
            } => write!(f, "lap: {seeds} from {origin}, last in {landing}"),
            Event::Capture { by, pit, seeds } => write!(f, "{by} takes {seeds} from {pit}"),
            Event::WaranaCapture { by, pit, seeds } => {
                write!(f, "{by} captures {seeds} from the warana {pit}")
            }
            Event::WaranaMade { owner, pit } => write!(f, "{pit} becomes {owner}'s warana"),
            Event::BonusMove { player } => write!(f, "{player} moves again (bonus move)"),
            Event::Pass { player } => write!(f, "{player} has no legal move and passes"),
            Event::Removed { from, seeds } => {
                write!(
                    f,
                    "{seeds} seed(s) leaving {from} removed (singleton ending)"
                )
            }
            Event::Sweep { to, seeds } => write!(f, "{seeds} seed(s) left on the board go to {to}"),
            Event::Choice { first } => write!(f, "{first} makes the first regular move"),
            Event::GameOver => write!(f, "game over"),
        }
    }
}

/// Receives the [`Event`]s of a move as it is played.
///
/// `()` ignores them (the fast path: the calls compile away); `Vec<Event>`
/// records them.
pub trait Observer {
    /// Whether this observer looks at events at all. `false` lets the core
    /// skip building them (pit names need a division per lap).
    const LISTENS: bool = true;

    /// Called once per event, in order.
    fn event(&mut self, e: Event);
}

impl Observer for () {
    const LISTENS: bool = false;

    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Observer for Vec<Event> {
    fn event(&mut self, e: Event) {
        self.push(e);
    }
}
