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

use crate::event::Observer;
use crate::moves::MoveSet;
use crate::outcome::{Outcome, Score};
use crate::player::Player;
use crate::ruleset::{Lap, MoveContext, NoMove, Ruleset, Scoring, Turn};
use crate::rulesets::capture;
use crate::variant::Variant;
use crate::view::View;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SadeqaIII {
    pub(crate) game_91: bool,
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
    type State = ();

    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(if self.game_91 {
            Variant::Game91.name()
        } else {
            Variant::SadeqaIII.name()
        })
    }

    fn title(&self) -> Cow<'static, str> {
        Cow::Borrowed(if self.game_91 {
            "Sadeqa III with 4 seeds (Pankhurst game 91)"
        } else {
            "Sadeqa III (Pankhurst game 92)"
        })
    }

    /// The player who cannot move ends the game, and the seeds left go to
    /// the last mover (RULES.md section 5.5).
    fn end_reason(&self, pos: &View<'_, Self::State>) -> String {
        let next = pos.side_to_move();
        format!(
            "{next} cannot move and the seeds left go to {}, who moved last",
            next.other()
        )
    }

    fn from_name(name: &str) -> Option<Self> {
        match name.parse() {
            Ok(Variant::SadeqaIII) => Some(SadeqaIII::new()),
            Ok(Variant::Game91) => Some(SadeqaIII::game_91()),
            _ => None,
        }
    }

    fn pits_per_row(&self) -> usize {
        8
    }

    fn seeds_per_pit(&self) -> u8 {
        if self.game_91 { 4 } else { 6 }
    }

    fn scoring(&self) -> Scoring {
        Scoring::Points
    }

    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
    }

    /// 5.3: the move ended in an empty pit; a capture if it is the mover's.
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        capture::opposite_in_own_row(ctx, lap.landing);
        Turn::Next
    }

    /// 5.4: the seeds left go to the player who made the last move.
    fn no_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        let last_mover = ctx.mover().other();
        // Reported by the context as `Event::Sweep` (none for an empty
        // board).
        ctx.sweep(last_mover);
        NoMove::End
    }

    /// The captured difference (5.5), `4` per seed: the default's value,
    /// read without [`Ruleset::points`]' test for a finished game (never
    /// evaluated). The final sweep of the seeds left to the last mover is
    /// scored exactly by the search when the game ends.
    #[inline]
    fn evaluate(&self, pos: &View<'_, ()>) -> i32 {
        let me = pos.side_to_move();
        4 * (pos.captured(me) as i32 - pos.captured(me.other()) as i32)
    }

    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(Score {
            south: self.final_points(pos, Player::South),
            north: self.final_points(pos, Player::North),
        })
    }

    /// Captured seeds; once the game is over, the final points (5.4, 5.5),
    /// as [`Ruleset::outcome`] counts them.
    fn points(&self, pos: &View<'_, ()>, player: Player) -> Option<u16> {
        Some(if pos.is_over() {
            self.final_points(pos, player)
        } else {
            pos.captured(player)
        })
    }
}

impl SadeqaIII {
    /// Final points (5.4, 5.5): after a move the board is already swept; a
    /// position set up with seeds left and no move gives them to the last
    /// mover all the same.
    fn final_points(&self, pos: &View<'_, ()>, player: Player) -> u16 {
        let left = pos.seeds_on_board() as u16;
        let last_mover = pos.side_to_move().other();
        pos.captured(player) + if player == last_mover { left } else { 0 }
    }
}
