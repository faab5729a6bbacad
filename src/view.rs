//! [`View`]: the read-only view of a position through which a ruleset's
//! hooks read it.
//!
//! A view holds what the position string shows (board, marked pits, side
//! to move, captured seeds, the ruleset's state) and whether the game is
//! over, and nothing else: no hook can see a legal-move set that the move
//! being made has already made stale. It is generic over the state type
//! alone, so this module knows nothing of rulesets or positions.

use crate::board::Board;
use crate::player::{Pit, Player};

/// A read-only view of a position, for the [`Ruleset`](crate::Ruleset)
/// hooks: board, marked pits, side to move, captured seeds, the ruleset's
/// state `S`, and whether the game is over.
///
/// Built by the core (a [`Position`](crate::Position) gives one with
/// [`Position::view`](crate::Position::view)); `Copy`, a few words.
#[derive(Debug)]
pub struct View<'a, S> {
    pub(crate) board: &'a Board,
    pub(crate) marks: u64,
    pub(crate) side: Player,
    pub(crate) captured: [u16; 2],
    pub(crate) state: &'a S,
    pub(crate) over: bool,
}

impl<S> Clone for View<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for View<'_, S> {}

impl<'a, S> View<'a, S> {
    /// The board.
    #[inline(always)]
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// Sowing-order indices of the marked pits (waranas) as a bit mask.
    #[inline(always)]
    pub fn marks(&self) -> u64 {
        self.marks
    }

    /// Whether the pit at sowing-order index `idx` is marked; `false` off
    /// the board.
    #[inline(always)]
    pub fn is_marked(&self, idx: usize) -> bool {
        idx < self.board.len() && self.marks >> idx & 1 == 1
    }

    /// The player to move (when the game is over: the one who would be
    /// next, that is, the player who could not move).
    #[inline(always)]
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// Seeds captured by `player`.
    #[inline(always)]
    pub fn captured(&self, player: Player) -> u16 {
        self.captured[player.index()]
    }

    /// The ruleset's state.
    #[inline(always)]
    pub fn state(&self) -> &'a S {
        self.state
    }

    /// Whether the game is over (for [`Ruleset::points`](crate::Ruleset::points)
    /// and [`Ruleset::outcome`](crate::Ruleset::outcome)).
    #[inline(always)]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Seeds in `pit`; 0 off the board.
    #[inline]
    pub fn seeds(&self, pit: Pit) -> u8 {
        self.board.seeds(pit)
    }

    /// Seeds on the board.
    #[inline]
    pub fn seeds_on_board(&self) -> u32 {
        self.board.seeds_on_board()
    }
}
