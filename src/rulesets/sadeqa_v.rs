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

use crate::error::{Refusal, StateError};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::outcome::{Outcome, Score};
use crate::player::{Pit, Player};
use crate::ruleset::{Lap, MoveContext, NoMove, Ruleset, Scoring, Turn};
use crate::variant::Variant;
use crate::view::View;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

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
///   They are the position's marked pits ([`Position::marks`](crate::Position::marks),
///   [`Position::warana_owner`](crate::Position::warana_owner)).
/// - A player with no legal move passes, automatically (3.5); the game ends
///   when neither can move (3.6).
/// - Score: captured seeds plus seeds in one's own waranas; equal is a draw
///   (3.7); [`Position::points`](crate::Position::points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SadeqaV;

impl SadeqaV {
    /// The ruleset (it has no options).
    pub const fn new() -> Self {
        SadeqaV
    }

    /// Points of `player`: captured seeds plus seeds in his waranas (3.7),
    /// which lie in his opponent's row.
    fn score_of(pos: &View<'_, ()>, player: Player) -> u16 {
        let board = pos.board();
        let n = board.pits_per_row();
        let row = player.other().index() * n;
        let in_waranas: u16 = (row..row + n)
            .filter(|&i| pos.marks() >> i & 1 == 1)
            .map(|i| board.seeds_at(i) as u16)
            .sum();
        pos.captured(player) + in_waranas
    }
}

impl Ruleset for SadeqaV {
    type State = ();
    const MARKS_PITS: bool = true;

    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(Variant::SadeqaV.name())
    }

    fn title(&self) -> Cow<'static, str> {
        Cow::Borrowed("Sadeqa V (Jimma; Pankhurst game 84)")
    }

    /// The game ends when neither player can move (RULES.md section 3.6).
    fn end_reason(&self, _: &View<'_, Self::State>) -> String {
        "Neither player can move".to_string()
    }

    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case(Variant::SadeqaV.name())
            .then_some(SadeqaV)
    }

    fn pits_per_row(&self) -> usize {
        10
    }

    fn seeds_per_pit(&self) -> u8 {
        4
    }

    fn scoring(&self) -> Scoring {
        Scoring::Points
    }

    /// 3.1: occupied pits of one's row that are not waranas.
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        let side = pos.side_to_move();
        let board = pos.board();
        MoveSet::from_pit_mask(board.occupied(side) & !board.row_pits(side, pos.marks()))
    }

    fn refusal(&self, pos: &View<'_, ()>, mv: Move) -> Option<Refusal> {
        let pit = mv.pit()?;
        let idx = pos.board().index(Pit::new(pos.side_to_move(), pit))?;
        (pos.marks() >> idx & 1 == 1).then_some(Refusal::Warana { pit })
    }

    /// 3.3.5: relay, unless the lap ends in a warana (3.3.1, 3.3.2), in an
    /// empty pit (3.3.3), or makes a 3 into 4 in the opponent's row (3.3.4).
    #[inline]
    fn relays(&self, lap: &Lap<'_>, _: &()) -> bool {
        // `&`, not `&&`: the tests are cheap, and evaluating them all
        // leaves fewer unpredictable branches (callgrind's branch
        // simulation: 10 % fewer mispredictions in random play).
        (lap.count > 1)
            & !lap.marked
            & !((lap.count == 4) & (lap.board.owner(lap.landing) != lap.mover))
    }

    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        let mover = lap.mover;
        let board = *lap.board;
        if lap.marked {
            // 3.3.1: the mover's own warana ends the move.
            if board.owner(lap.landing).other() == mover {
                return Turn::Next;
            }
            // 3.3.2: the opponent's warana: capture the seed just dropped
            // and one more (only it if the warana was empty), then a bonus
            // move.
            // A capture from a marked pit: reported as `Event::WaranaCapture`.
            ctx.capture(lap.landing, 2, mover);
            ctx.event(Event::BonusMove { player: mover });
            return Turn::Again;
        }
        // 3.3.4: a 3 made 4 in the opponent's row becomes the mover's warana.
        if lap.count == 4 && board.owner(lap.landing) != mover {
            ctx.mark(lap.landing);
            ctx.event(Event::WaranaMade {
                owner: mover,
                pit: board.pit_at(lap.landing),
            });
        }
        // 3.3.3: the pit was empty; the move ends.
        Turn::Next
    }

    fn no_move<O: Observer>(&self, _ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::Pass
    }

    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(Score {
            south: Self::score_of(pos, Player::South),
            north: Self::score_of(pos, Player::North),
        })
    }

    fn points(&self, pos: &View<'_, ()>, player: Player) -> Option<u16> {
        Some(Self::score_of(pos, player))
    }

    /// The points difference (3.7), `4` per point, with `2` per warana
    /// owned: a warana goes on collecting.
    #[inline]
    fn evaluate(&self, pos: &View<'_, ()>) -> i32 {
        let me = pos.side_to_move();
        let points = |p: Player| Self::score_of(pos, p) as i32;
        // A player's waranas lie in his opponent's row.
        let waranas = |p: Player| pos.board().row_pits(p.other(), pos.marks()).count_ones() as i32;
        4 * (points(me) - points(me.other())) + 2 * (waranas(me) - waranas(me.other()))
    }

    fn parse_state(&self, field: Option<&str>) -> Result<(), StateError> {
        match field {
            None => Ok(()),
            Some(f) => Err(StateError::unexpected("sadeqa-v", f)
                .with_hint("a warana is marked in the pits field, as 3w")),
        }
    }
}
