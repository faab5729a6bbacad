//! Andada (Kunama, western Eritrea; Pankhurst 1971 p. 170): RULES.md
//! section 6; source `seeds/004_*.txt` (Italian). STUB: being written.

use crate::error::ParsePositionError;
use crate::event::Observer;
use crate::moves::MoveSet;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{LapEnd, NoMove, Ruleset, Turn};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// Andada: 2 x n (n = 12, 15, 18, 21, 24), 2 seeds per pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Andada {
    /// Pits per row.
    pub pits_per_row: u8,
}

impl Default for Andada {
    fn default() -> Self {
        Andada { pits_per_row: 12 }
    }
}

/// Andada's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AndadaState;

impl Ruleset for Andada {
    type State = AndadaState;
    const NAME: &'static str = "Andada";

    fn variant(&self) -> Variant {
        Variant::Andada(self.pits_per_row)
    }

    fn from_variant(variant: Variant) -> Option<Self> {
        match variant {
            Variant::Andada(n) => Some(Andada { pits_per_row: n }),
            _ => None,
        }
    }

    fn initial_state(&self, _first: Player) -> AndadaState {
        AndadaState
    }

    fn candidate_moves(&self, pos: &Position<Self>) -> MoveSet {
        MoveSet::from_pit_mask(pos.occupied_pits(pos.side_to_move()))
    }

    fn lap_end<O: Observer>(&self, pos: &mut Position<Self>, landing: usize, obs: &mut O) -> LapEnd {
        if pos.seeds_at(landing) > 1 {
            return LapEnd::Relay;
        }
        let mover = pos.side_to_move();
        crate::rulesets::sadeqa_iii::capture_opposite_in_own_row(pos, landing, mover, obs);
        LapEnd::Stop(Turn::Next)
    }

    fn no_legal_move<O: Observer>(&self, _pos: &mut Position<Self>, _obs: &mut O) -> NoMove {
        NoMove::GameOver
    }

    fn outcome(&self, pos: &Position<Self>) -> Outcome {
        Outcome::Win {
            winner: pos.side_to_move().other(),
            score: None,
        }
    }

    fn parse_state(&self, _waranas: u64, _field: Option<&str>) -> Result<AndadaState, ParsePositionError> {
        Ok(AndadaState)
    }
}
