//! Sadeqa V (the Jimma game; Pankhurst 1971 game 84; Mancala World
//! "Sadeqa I"): RULES.md section 3; source `seeds/000_*.txt` (English).
//!
//! # Decisions where the sources are silent
//!
//! - The order of the lap-end cases is RULES.md 3.3's: a warana is checked
//!   before "the pit was empty", so a last seed falling into an empty warana
//!   is a warana case (own: the move ends; opponent's: capture 1 and a bonus
//!   move).
//! - A capture from a warana always reports [`Event::BonusMove`]. When the
//!   mover then has no legal move, he passes (RULES.md 3.5: "also after a
//!   capture whose bonus move is impossible"): an [`Event::Pass`] follows if
//!   the opponent can move; if neither can, [`Event::GameOver`] follows.
//! - When neither player can move the game is over, and the side-to-move
//!   field keeps the player who could not move first (he would be next).
//! - A position string where the side to move cannot move but the opponent
//!   can is refused as impossible: passing is automatic, so the opponent
//!   would be to move.

use crate::error::{ParsePositionError, Refusal};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::outcome::{Outcome, Score};
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{LapEnd, NoMove, Ruleset, Turn};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// Sadeqa V: 2 x 10, 4 seeds per pit (80 seeds), with waranas.
///
/// - Moves: any own pit with seeds that is not a warana (3.1).
/// - Relay sowing; seeds fall into waranas like any pit and stay (3.2).
/// - End of a lap at pit `p`, in this order (3.3): `p` is the mover's
///   warana: the move ends; `p` is the opponent's warana: the mover captures
///   the seed just dropped and one more (only it, if the warana was empty)
///   and makes a bonus move; `p` was empty: the move ends; `p` is in the
///   opponent's row and now holds 4: it becomes the mover's warana and the
///   move ends; otherwise relay.
/// - Waranas are made only in the opponent's row and stay waranas for good
///   (3.4); the owner of a warana is the player who does not own its row.
/// - A player with no legal move passes, automatically (3.5); the game ends
///   when neither can move (3.6).
/// - Score: captured seeds plus seeds in one's own waranas; equal is a draw
///   (3.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SadeqaV;

/// Sadeqa V's state: the waranas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Waranas {
    /// Bit `i` set: the pit at sowing-order index `i` is a warana, owned by
    /// the player who does not own its row.
    pub mask: u32,
}

impl Waranas {
    /// Whether index `idx` is a warana.
    #[inline]
    pub const fn contains(self, idx: usize) -> bool {
        self.mask >> idx & 1 == 1
    }
}

impl SadeqaV {
    /// The ruleset (it has no options).
    pub const fn new() -> Self {
        SadeqaV
    }

    /// Points of `player`: captured seeds plus seeds in his waranas (3.7).
    pub fn points(pos: &Position<Self>, player: Player) -> u16 {
        let waranas = *pos.state();
        let n = pos.pits_per_row();
        // The waranas owned by `player` lie in his opponent's row.
        let row = player.other().index() * n;
        let in_waranas: u16 = (row..row + n)
            .filter(|&i| waranas.contains(i))
            .map(|i| pos.seeds_at(i) as u16)
            .sum();
        pos.captured(player) + in_waranas
    }

    fn score(pos: &Position<Self>) -> Score {
        Score {
            south: Self::points(pos, Player::South),
            north: Self::points(pos, Player::North),
        }
    }
}

impl Ruleset for SadeqaV {
    type State = Waranas;
    const NAME: &'static str = "Sadeqa V";
    const HAS_WARANAS: bool = true;

    fn variant(&self) -> Variant {
        Variant::SadeqaV
    }

    fn from_variant(variant: Variant) -> Option<Self> {
        (variant == Variant::SadeqaV).then_some(SadeqaV)
    }

    fn initial_state(&self, _first: Player) -> Waranas {
        Waranas::default()
    }

    fn candidate_moves(&self, pos: &Position<Self>) -> MoveSet {
        let side = pos.side_to_move();
        let waranas = *pos.state();
        let mut mask = pos.occupied_pits(side);
        for number in 1..=pos.pits_per_row() as u8 {
            if waranas.contains(pos.index_of(side, number)) {
                mask &= !(1 << (number - 1));
            }
        }
        MoveSet::from_pit_mask(mask)
    }

    fn refusal(&self, pos: &Position<Self>, mv: Move) -> Refusal {
        if let Move::Pit(p) = mv
            && (1..=10).contains(&p)
            && pos.state().contains(pos.index_of(pos.side_to_move(), p))
        {
            return Refusal::Warana { pit: p };
        }
        match mv {
            Move::First(_) => Refusal::PitExpected,
            Move::Pit(p) if p == 0 || p > 10 => Refusal::NoSuchPit {
                pit: p,
                pits_per_row: 10,
            },
            Move::Pit(p) => Refusal::EmptyPit { pit: p },
        }
    }

    fn lap_end<O: Observer>(
        &self,
        pos: &mut Position<Self>,
        landing: usize,
        obs: &mut O,
    ) -> LapEnd {
        let mover = pos.side_to_move();
        let seeds = pos.seeds_at(landing);
        if pos.state().contains(landing) {
            let owner = pos.owner(landing).other();
            // 3.3.1: the mover's own warana ends the move.
            if owner == mover {
                return LapEnd::Stop(Turn::Next);
            }
            // 3.3.2: the opponent's warana: capture the seed just dropped
            // and one more (only it if the warana was empty), then a bonus
            // move.
            let taken = if seeds >= 2 { 2 } else { 1 };
            pos.set_seeds_at(landing, seeds - taken);
            pos.add_captured(mover, taken as u16);
            obs.event(Event::WaranaCapture {
                by: mover,
                pit: pos.pit_at(landing),
                seeds: taken,
            });
            obs.event(Event::BonusMove { player: mover });
            return LapEnd::Stop(Turn::Again);
        }
        // 3.3.3: the pit was empty.
        if seeds == 1 {
            return LapEnd::Stop(Turn::Next);
        }
        // 3.3.4: a 3 made 4 in the opponent's row becomes the mover's warana.
        if seeds == 4 && pos.owner(landing) != mover {
            pos.state_mut().mask |= 1 << landing;
            obs.event(Event::WaranaMade {
                owner: mover,
                pit: pos.pit_at(landing),
            });
            return LapEnd::Stop(Turn::Next);
        }
        // 3.3.5: relay.
        LapEnd::Relay
    }

    fn no_legal_move<O: Observer>(&self, _pos: &mut Position<Self>, _obs: &mut O) -> NoMove {
        NoMove::Pass
    }

    fn outcome(&self, pos: &Position<Self>) -> Outcome {
        Outcome::by_score(Self::score(pos))
    }

    fn heuristic(&self, pos: &Position<Self>, player: Player) -> i32 {
        Self::points(pos, player) as i32 - Self::points(pos, player.other()) as i32
    }

    fn warana_mask(&self, state: &Waranas) -> u64 {
        state.mask as u64
    }

    fn parse_state(
        &self,
        waranas: u64,
        field: Option<&str>,
    ) -> Result<Waranas, ParsePositionError> {
        if let Some(f) = field {
            return Err(ParsePositionError::State(format!(
                "sadeqa-v positions have no state field (waranas are marked with w), found {f:?}"
            )));
        }
        Ok(Waranas {
            mask: waranas as u32,
        })
    }

    /// Passing is automatic, so the side to move can always move unless
    /// neither player can.
    fn check_setup(&self, pos: &Position<Self>) -> Result<(), ParsePositionError> {
        let board = (1u64 << (2 * pos.pits_per_row())) - 1;
        if pos.state().mask as u64 & !board != 0 {
            return Err(ParsePositionError::Impossible(format!(
                "warana mask {:#x} marks pits beyond the board of 20",
                pos.state().mask
            )));
        }
        if pos.is_over()
            && pos
                .with_side_to_move(pos.side_to_move().other())
                .has_legal_move()
        {
            return Err(ParsePositionError::Impossible(format!(
                "{} to move has no legal move while {} has one; passing is automatic, so {} would be to move",
                pos.side_to_move(),
                pos.side_to_move().other(),
                pos.side_to_move().other()
            )));
        }
        Ok(())
    }
}
