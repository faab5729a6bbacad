//! The test game the tools' tests share: a ruleset the crates do not
//! know, defined with the public API alone.

use sowing::{
    Lap, MoveContext, MoveSet, NoMove, Observer, Outcome, Player, Ruleset, Score, Scoring, Turn,
    View,
};
use std::borrow::Cow;

/// A tiny game: 2 x 3 pits of 2 seeds; a move sows one lap
/// counter-clockwise; a last seed that makes 2 or 3 in the opponent's row
/// is captured; a player who cannot move ends the game, each row going to
/// its owner; more seeds wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tiny;

impl Ruleset for Tiny {
    type State = ();
    fn name(&self) -> Cow<'static, str> {
        "tiny".into()
    }
    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("tiny").then_some(Tiny)
    }
    fn title(&self) -> Cow<'static, str> {
        "Tiny (a test game of 2 x 3 pits)".into()
    }
    fn pits_per_row(&self) -> usize {
        3
    }
    fn seeds_per_pit(&self) -> u8 {
        2
    }
    fn scoring(&self) -> Scoring {
        Scoring::Points
    }
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        let n = self.pits_per_row();
        let first = pos.side_to_move().index() * n;
        let mut moves = MoveSet::EMPTY;
        for i in 0..n {
            if pos.board().seeds_at(first + i) > 0 {
                moves.insert(sowing::Move::Pit(i as u8 + 1));
            }
        }
        moves
    }
    fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
        false
    }
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        let theirs = ctx.board().pit_at(lap.landing).owner != lap.mover;
        if theirs && (lap.count == 2 || lap.count == 3) {
            ctx.capture(lap.landing, lap.count, lap.mover);
        }
        Turn::Next
    }
    fn no_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        for player in Player::BOTH {
            ctx.sweep_row(player, player);
        }
        NoMove::End
    }
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(Score {
            south: pos.captured(Player::South),
            north: pos.captured(Player::North),
        })
    }
}
