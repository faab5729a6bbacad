//! Sadeqa II (Pankhurst 1971 game 93, Dembi Dolo, Welega): RULES.md
//! section 4; source `seeds/002_*.txt` (Portuguese), Mancala World
//! "Sadeqa II".
//!
//! # Decisions where the sources are silent
//!
//! - "A jogada muito primeira de cada jogador" restricts each player's very
//!   first move to his pit 6 (option: the starter's only). The position
//!   string's state field (`first:SN`, `first:S`, `first:N`) records whose
//!   first move is still to come.
//! - If the forced pit is empty when its owner's first move is due (only
//!   from a custom setup), the restriction lapses for that move.
//! - If the forced move's sowing is endless, the player has no legal move
//!   (the restriction does not lapse) and loses.
//! - Removed seeds are counted per mover in the captured field, for
//!   information; they decide nothing.

use crate::error::{Refusal, StateError, Unreachable};
use crate::event::Observer;
use crate::moves::{Move, MoveSet};
use crate::options::{OptionError, OptionKind, OptionSpec, OptionValue, find_option};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::ruleset::{Lap, MoveContext, NoMove, Ruleset, Scoring, Turn};
use crate::rulesets::capture;
use crate::variant::Variant;
use crate::view::View;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Sadeqa II: 2 x 6, 3 seeds per pit (36 seeds).
///
/// - Moves: any own pit with seeds; each player's very first move must be
///   from his pit 6, his rightmost ("a jogada muito primeira de cada
///   jogador"; pit `n` on another board); if that pit
///   is empty then, the restriction lapses (4.1).
/// - Relay sowing; the move ends when the last seed falls into an empty pit
///   (4.2).
/// - Capture on either side of the board: the opposite pit, if occupied, is
///   removed from play, even the mover's own seeds; the capturing seed stays.
///   Removed seeds are counted per mover, for information (4.3).
/// - The player to move with no legal move loses; no draws (4.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SadeqaII {
    /// Option: only the starting player's first move is restricted (the
    /// reading of another engine). Default `false`: both players' first moves
    /// are (the source's reading).
    pub starter_only: bool,
}

/// Sadeqa II's state: whose very first move is still restricted to pit 6.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FirstMoves {
    /// Indexed by [`Player::index`]: `true` while that player's first move
    /// is still to come and restricted.
    pub restricted: [bool; 2],
}

impl SadeqaII {
    /// The source's reading: both players' first moves are forced.
    pub const fn new() -> Self {
        SadeqaII {
            starter_only: false,
        }
    }

    /// The other engine's reading: only the starting player's first move is
    /// forced.
    pub const fn starter_only() -> Self {
        SadeqaII { starter_only: true }
    }

    /// The pit each player's first move must come from: his rightmost,
    /// pit `n` (RULES.md 4.1: "his rightmost pit (his pit 6)"), read from
    /// the board so that the rule holds on any board
    /// ([`Resized`](crate::rulesets::Resized)).
    #[inline]
    fn forced_pit(pos: &View<'_, FirstMoves>) -> u8 {
        pos.board().pits_per_row() as u8
    }

    fn forced(pos: &View<'_, FirstMoves>) -> bool {
        let side = pos.side_to_move();
        pos.state().restricted[side.index()]
            && pos
                .board()
                .seeds_at(pos.board().index_of(side, Self::forced_pit(pos)))
                > 0
    }
}

impl Ruleset for SadeqaII {
    type State = FirstMoves;

    fn options(&self) -> &'static [OptionSpec] {
        &[OptionSpec {
            name: "starter-only",
            kind: OptionKind::Flag,
            default: "false",
            help: "only the starting player's first move is restricted to pit 6 (RULES.md section 4.1)",
        }]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_option(self, name)?;
        if let OptionValue::Flag(on) = spec.read(&self.name(), value)? {
            self.starter_only = on;
        }
        Ok(())
    }

    fn option_value(&self, name: &str) -> Option<OptionValue> {
        (name == "starter-only").then_some(OptionValue::Flag(self.starter_only))
    }

    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(Variant::SadeqaII.name())
    }

    fn title(&self) -> Cow<'static, str> {
        Cow::Borrowed("Sadeqa II (Pankhurst game 93)")
    }

    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case(Variant::SadeqaII.name())
            .then(SadeqaII::new)
    }

    fn pits_per_row(&self) -> usize {
        6
    }

    fn seeds_per_pit(&self) -> u8 {
        3
    }

    fn scoring(&self) -> Scoring {
        Scoring::LastMover
    }

    fn initial_state(&self, first: Player) -> FirstMoves {
        let mut restricted = [true; 2];
        if self.starter_only {
            restricted[first.other().index()] = false;
        }
        FirstMoves { restricted }
    }

    fn candidates(&self, pos: &View<'_, FirstMoves>) -> MoveSet {
        if Self::forced(pos) {
            return MoveSet::from_pit_mask(1 << (Self::forced_pit(pos) - 1));
        }
        MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
    }

    fn refusal(&self, pos: &View<'_, FirstMoves>, _mv: Move) -> Option<Refusal> {
        Self::forced(pos).then_some(Refusal::ForcedFirstMove {
            pit: Self::forced_pit(pos),
        })
    }

    /// 4.3: the move ended in an empty pit on either side; the opposite pit
    /// is removed from play.
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        capture::opposite(ctx, lap.landing);
        Turn::Next
    }

    fn end_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
        let mover = ctx.mover();
        ctx.state_mut().restricted[mover.index()] = false;
    }

    fn no_move<O: Observer>(&self, _ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }

    /// 4.4: the player to move cannot move; the other player wins.
    fn outcome(&self, pos: &View<'_, FirstMoves>) -> Outcome {
        Outcome::Win {
            winner: pos.side_to_move().other(),
            score: None,
        }
    }

    fn format_state(&self, state: &FirstMoves) -> Option<&'static str> {
        match state.restricted {
            [true, true] => Some("first:SN"),
            [true, false] => Some("first:S"),
            [false, true] => Some("first:N"),
            [false, false] => None,
        }
    }

    /// `first:SN`, `first:S`, `first:N` or none; the sides' letters in
    /// either case (`first:sn`), as a side's letter is read everywhere.
    fn parse_state(&self, field: Option<&str>) -> Result<FirstMoves, StateError> {
        let letters = field.and_then(|f| f.strip_prefix("first:"));
        let restricted = match (field, letters) {
            (None, _) => [false, false],
            (_, Some(l)) if l.eq_ignore_ascii_case("SN") => [true, true],
            (_, Some(l)) if l.eq_ignore_ascii_case("S") => [true, false],
            (_, Some(l)) if l.eq_ignore_ascii_case("N") => [false, true],
            (Some(other), _) => {
                return Err(StateError::Unknown {
                    variant: "sadeqa-ii".into(),
                    expected: "first:SN, first:S, first:N (or none)",
                    found: crate::error::excerpt(other),
                });
            }
        };
        Ok(FirstMoves { restricted })
    }

    /// Under the starter-only option at most one player's first move can
    /// still be restricted.
    ///
    /// A single restricted player must be the side to move: turns alternate,
    /// so had the other moved since, he would have moved first. The board
    /// itself may be a custom one (4.1: the restriction lapses when the pit
    /// is empty, which only a custom setup can make happen).
    fn check_setup(&self, pos: &View<'_, FirstMoves>) -> Result<(), Unreachable> {
        match pos.state().restricted {
            [true, true] if self.starter_only => Err(Unreachable::BothRestrictedStarterOnly),
            [true, false] | [false, true] => {
                let player = if pos.state().restricted[0] {
                    Player::South
                } else {
                    Player::North
                };
                if player == pos.side_to_move() {
                    Ok(())
                } else {
                    Err(Unreachable::RestrictedNotToMove { player })
                }
            }
            _ => Ok(()),
        }
    }
}
