//! Sadeqa III (Pankhurst 1971 game 92, Welega) and game 91 (the same with 4
//! seeds per pit): RULES.md section 5; sources `seeds/001_*.txt` (English)
//! and `seeds/003_*.txt` (Bengali), Mancala World "Sadeqa III".
//!
//! # Decisions where the sources are silent
//!
//! - The seeds left at the end go to the player who made the last move and
//!   are added to his captured seeds: the final position shows an empty
//!   board (RULES.md 5.4).
//! - A position set up with seeds on the board and no legal move for the
//!   side to move is over; its score gives those seeds to the other player,
//!   as the end rule would.
//! - The game is not ended early when one side has more than half the seeds:
//!   the final score is part of the result.

use crate::error::ParsePositionError;
use crate::event::{Event, Observer};
use crate::moves::MoveSet;
use crate::outcome::{Outcome, Score};
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{LapEnd, NoMove, Ruleset, Turn};
use crate::rulesets::capture;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// Sadeqa III: 2 x 8, 6 seeds per pit (96 seeds); or game 91 with 4 (64).
///
/// - Moves: any own pit with seeds (5.1).
/// - Relay sowing; the move ends when the last seed falls into an empty pit
///   (5.2).
/// - Capture: if that pit is in the mover's row and the opposite pit is
///   occupied, the mover captures the opposite pit; the capturing seed stays
///   (5.3).
/// - End: the player to move has no legal move; the seeds left on the board
///   go to the player who made the last move (5.4).
/// - More captured seeds wins; equal is a draw (5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SadeqaIII {
    game_91: bool,
}

impl SadeqaIII {
    /// Sadeqa III (game 92), 6 seeds per pit.
    pub const fn new() -> Self {
        SadeqaIII { game_91: false }
    }

    /// Game 91: identical with 4 seeds per pit.
    pub const fn game_91() -> Self {
        SadeqaIII { game_91: true }
    }
}

impl Default for SadeqaIII {
    fn default() -> Self {
        SadeqaIII::new()
    }
}

impl Ruleset for SadeqaIII {
    const PLAIN_RELAY: bool = true;
    type State = ();
    const NAME: &'static str = "Sadeqa III";

    fn variant(&self) -> Variant {
        if self.game_91 {
            Variant::Game91
        } else {
            Variant::SadeqaIII
        }
    }

    fn from_variant(variant: Variant) -> Option<Self> {
        match variant {
            Variant::SadeqaIII => Some(SadeqaIII::new()),
            Variant::Game91 => Some(SadeqaIII::game_91()),
            _ => None,
        }
    }

    fn initial_state(&self, _first: Player) {}

    fn candidate_moves(&self, pos: &Position<Self>) -> MoveSet {
        MoveSet::from_pit_mask(pos.occupied_pits(pos.side_to_move()))
    }

    fn lap_end<O: Observer>(
        &self,
        pos: &mut Position<Self>,
        landing: usize,
        obs: &mut O,
    ) -> LapEnd {
        if pos.seeds_at(landing) > 1 {
            return LapEnd::Relay;
        }
        let mover = pos.side_to_move();
        capture::opposite_in_own_row(pos, landing, mover, obs);
        LapEnd::Stop(Turn::Next)
    }

    fn no_legal_move<O: Observer>(&self, pos: &mut Position<Self>, obs: &mut O) -> NoMove {
        let last_mover = pos.side_to_move().other();
        let seeds = pos.clear_board();
        if seeds > 0 {
            pos.add_captured(last_mover, seeds);
            obs.event(Event::Sweep {
                to: last_mover,
                seeds,
            });
        }
        NoMove::GameOver
    }

    fn outcome(&self, pos: &Position<Self>) -> Outcome {
        // After a move the board is already swept; a position set up with
        // seeds left and no move gives them to the last mover all the same.
        let mut score = Score {
            south: pos.captured(Player::South),
            north: pos.captured(Player::North),
        };
        let left = pos.seeds_on_board() as u16;
        match pos.side_to_move().other() {
            Player::South => score.south += left,
            Player::North => score.north += left,
        }
        Outcome::by_score(score)
    }

    fn parse_state(&self, _waranas: u64, field: Option<&str>) -> Result<(), ParsePositionError> {
        match field {
            None => Ok(()),
            Some(f) => Err(ParsePositionError::State(format!(
                "{} positions have no state field, found {f:?}",
                self.variant()
            ))),
        }
    }
}
