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
    /// Pits per row: 12, 15, 18, 21 or 24.
    pub pits_per_row: u8,
    /// Sow clockwise (the mirror image) instead of counter-clockwise.
    pub clockwise: bool,
    /// Which published reading of the rules (RULES.md section 6.7).
    pub reading: Reading,
}

/// The published readings of Andada's rules (RULES.md section 6.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reading {
    /// Pankhurst's text as RULES.md section 6 decides it (default): the
    /// choice move, the singleton ending in force for good, the last player
    /// able to move wins.
    #[default]
    Pankhurst,
    /// Wikipedia: as the default, and a player whose row is empty after any
    /// move loses at once.
    EmptyRowLoses,
    /// Ludii's definition (id 346): no choice move, North makes the first
    /// regular move; the singleton test after every lap; see RULES.md 6.7.
    Ludii,
}

impl Andada {
    /// Andada on `pits_per_row` pits per row (12, 15, 18, 21 or 24; other
    /// sizes give `None`), counter-clockwise, default reading.
    pub fn new(pits_per_row: u8) -> Option<Self> {
        crate::variant::ANDADA_SIZES
            .contains(&pits_per_row)
            .then_some(Andada {
                pits_per_row,
                clockwise: false,
                reading: Reading::Pankhurst,
            })
    }
}

impl Default for Andada {
    fn default() -> Self {
        Andada {
            pits_per_row: 12,
            clockwise: false,
            reading: Reading::Pankhurst,
        }
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
            Variant::Andada(n) => Andada::new(n),
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
