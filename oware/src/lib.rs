//! Oware (abapa) exactly as OpenSpiel's `oware` plays it, as a
//! [`sowing::Ruleset`] defined outside the `sowing` crate, with its public
//! API only. With it, Oware gets the whole engine: legality, play, the
//! position string, [`Game`](sowing::Game) with its repetition rule, the
//! alpha-beta and MCTS players and the solver.
//!
//! The source of every rule is OpenSpiel's `open_spiel/games/oware/oware.cc`
//! (and `oware.h`), with the default parameters `num_houses_per_player = 6`
//! and `num_seeds_per_house = 4`; the function named with each rule is the
//! one that implements it there.
//!
//! # Board and moves
//!
//! OpenSpiel's player 0 is [`Player::South`] and moves first; its houses
//! `0..6` are South's pits 1 to 6, sowing-order indices `0..6`. Player 1 is
//! [`Player::North`]; its houses `6..12` are North's pits 1 to 6, indices
//! `6..12`. OpenSpiel's action `a` (`0..6`, written `A`..`F` for player 0
//! and `a`..`f` for player 1, `ActionToString`) is [`Move::Pit`]`(a + 1)`
//! ([`action_to_move`], [`move_to_action`]): house `p * 6 + a`
//! (`ActionToHouse`).
//!
//! ```
//! use oware::Oware;
//! use sowing::{Move, Player, Position};
//!
//! let mut pos = Position::new(Oware);
//! pos.play(Move::Pit(3))?; // OpenSpiel's action 2, "C"
//! assert_eq!(pos.to_string(), "oware 4,4,0,5,5,5/5,4,4,4,4,4 N 0-0");
//! assert_eq!(pos.side_to_move(), Player::North);
//! # Ok::<(), sowing::PlayError>(())
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

use sowing::{
    Lap, Move, MoveContext, MoveSet, NoMove, Observer, Outcome, Player, Ruleset, Score, Scoring,
    Turn, View,
};
use std::borrow::Cow;

/// Houses per player (OpenSpiel's `kDefaultHousesPerPlayer`).
pub const HOUSES: usize = 6;

/// Seeds per house at the start (OpenSpiel's `kDdefaultSeedsPerHouse`).
pub const SEEDS: u8 = 4;

/// Seeds in play: 48.
pub const TOTAL: u16 = 2 * HOUSES as u16 * SEEDS as u16;

/// OpenSpiel's `kMaxGameLength` for Oware, as
/// `pyspiel.load_game("oware").max_game_length()` reports it: applying an
/// action once the history holds this many fails OpenSpiel's
/// `SPIEL_CHECK_LT(history_.size(), kMaxGameLength)` in `DoApplyAction`.
/// A [`Game`](sowing::Game) mirrors it with
/// [`Game::with_ply_limit`](sowing::Game::with_ply_limit) ([`game`]).
pub const MAX_GAME_LENGTH: usize = 1000;

/// Oware with OpenSpiel's rules (`oware.cc`): 2 x 6 houses, 4 seeds each.
///
/// - Moves (`LegalActions`): any own non-empty house; but if the opponent
///   has no seeds, only a house whose sowing reaches his row (must feed:
///   `seeds[h] - (upper - h) > 0`, `upper` the mover's last house). None
///   once the game is over by score.
/// - Sowing (`DistributeSeeds`): one lap, one seed a house counter-clockwise,
///   never into the house sown from: a lap of 12 seeds or more passes it
///   by ([`Ruleset::SKIPS_ORIGIN`]). No relay.
/// - Capture (`DoCaptureFrom`): if the last seed fell in the opponent's row
///   and that house now holds 2 or 3, the mover takes it, then the house
///   before it, and so on back to the opponent's first house, while they
///   hold 2 or 3; the first that does not stops the chain.
/// - Grand slam (`IsGrandSlam`): a capture that would take every seed of
///   the opponent (no seeds beyond the last house, and every house from it
///   back to his first holds 2 or 3) captures nothing; the move is legal.
/// - End (`IsTerminal`): a score over 24 (half the seeds), or both 24.
///   Also (`DoApplyAction`): the player to move has no legal move; then
///   (`CollectAndTerminate`) every seed left goes to the owner of the house
///   it is in. The end by score also collects: `LegalActions` is empty once
///   terminal, so `DoApplyAction` collects.
/// - Repetition (`DoApplyAction`, `boards_since_last_capture_`): a position
///   (seeds, scores, player to move) met again since the last capture
///   (the start counts) ends the game, with the seeds collected as above:
///   [`Ruleset::repetition`] is `Some(2)`, [`Ruleset::repetition_end`]
///   collects (a [`Game`](sowing::Game)'s last position shows them
///   collected) and [`Ruleset::repetition_outcome`] counts them. Clearing the set at a
///   capture changes nothing: a capture raises a score for good, so no
///   earlier position can come back.
/// - Result (`Returns`): the higher score wins (+1/-1); equal scores draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Oware;

/// The move of OpenSpiel's action `action` (`0..6`): [`Move::Pit`]`(action +
/// 1)`, for either player (`ActionToHouse`: house `player * 6 + action`).
pub fn action_to_move(action: u8) -> Move {
    Move::Pit(action + 1)
}

/// OpenSpiel's action for `mv` (`HouseToAction`): the pit number minus 1.
pub fn move_to_action(mv: Move) -> Option<u8> {
    mv.pit().map(|p| p - 1)
}

/// A [`Game`](sowing::Game) of Oware from `start`: the repetition rule
/// comes from [`Oware`]'s [`Ruleset::repetition`], and the ply limit is
/// OpenSpiel's [`MAX_GAME_LENGTH`] (OpenSpiel refuses any action there; the
/// game reports a draw by ply limit).
pub fn game(start: sowing::Position<Oware>) -> sowing::Game<Oware> {
    sowing::Game::new(start).with_ply_limit(Some(MAX_GAME_LENGTH))
}

/// `IsTerminal`: a score over half the seeds, or both exactly half.
pub fn score_terminal(south: u16, north: u16) -> bool {
    let limit = TOTAL / 2;
    south > limit || north > limit || (south == limit && north == limit)
}

/// The scores after `CollectAndTerminate`: each player's captured seeds plus
/// the seeds left in his own row.
pub fn collected(pos: &View<'_, ()>) -> Score {
    let board = pos.board();
    Score {
        south: pos.captured(Player::South) + board.seeds_in_row(Player::South) as u16,
        north: pos.captured(Player::North) + board.seeds_in_row(Player::North) as u16,
    }
}

/// Whether `count` seeds are captured (`ShouldCapture`: 2 or 3).
fn takes(count: u8) -> bool {
    count == 2 || count == 3
}

impl Ruleset for Oware {
    type State = ();

    /// `DistributeSeeds`: "Seeds are never sown into the house they were
    /// drawn from."
    const SKIPS_ORIGIN: bool = true;

    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed("oware")
    }

    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("oware").then_some(Oware)
    }

    /// What the tools print above the board.
    fn title(&self) -> Cow<'static, str> {
        Cow::Borrowed("Oware (abapa), OpenSpiel's rules")
    }

    /// `IsTerminal` by score, or no legal move (the seeds left collected,
    /// `CollectAndTerminate`). The end by repetition is the tools' own
    /// words.
    fn end_reason(&self, pos: &View<'_, ()>) -> String {
        let limit = TOTAL / 2;
        let (south, north) = (pos.captured(Player::South), pos.captured(Player::North));
        if south == limit && north == limit {
            format!("Each player has captured {limit} seeds")
        } else if south > limit || north > limit {
            let leader = if south > north {
                Player::South
            } else {
                Player::North
            };
            format!("{leader} has captured more than {limit} seeds")
        } else {
            format!(
                "{} cannot move, and each player takes the seeds left in his row",
                pos.side_to_move()
            )
        }
    }

    /// `num_houses_per_player = 6`.
    fn pits_per_row(&self) -> usize {
        HOUSES
    }

    /// `num_seeds_per_house = 4`.
    fn seeds_per_pit(&self) -> u8 {
        SEEDS
    }

    /// `Returns`: by score.
    fn scoring(&self) -> Scoring {
        Scoring::Points
    }

    /// `LegalActions`: empty once terminal by score (`IsTerminal`); if the
    /// opponent's row is empty, the houses whose sowing reaches it (must
    /// feed); else every non-empty own house.
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        let (south, north) = (pos.captured(Player::South), pos.captured(Player::North));
        if score_terminal(south, north) {
            return MoveSet::EMPTY;
        }
        let me = pos.side_to_move();
        let board = pos.board();
        let mut mask = board.occupied(me);
        if board.row_is_empty(me.other()) {
            mask = 0;
            for number in 1..=HOUSES as u8 {
                // Seeds to fill the own houses after this one: 6 - number.
                let after = HOUSES as u8 - number;
                if board.seeds(sowing::Pit::new(me, number)) > after {
                    mask |= 1 << (number - 1);
                }
            }
        }
        MoveSet::from_pit_mask(mask)
    }

    /// Single-lap sowing: the move ends where its lap ends.
    fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
        false
    }

    /// `DoApplyAction`: `if (InOpponentRow(last_house) &&
    /// !IsGrandSlam(last_house)) DoCaptureFrom(last_house)`.
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        let by = ctx.mover();
        let board = *ctx.board();
        let last = lap.landing;
        let opponent = by.other();
        if board.owner(last) != opponent {
            return Turn::Next;
        }
        let lower = opponent.index() * HOUSES;
        let upper = lower + HOUSES - 1;
        // IsGrandSlam: nothing beyond the last house, and every house from
        // it back to the opponent's first holds 2 or 3.
        let grand_slam = (last + 1..=upper).all(|i| board.seeds_at(i) == 0)
            && (lower..=last).all(|i| takes(board.seeds_at(i)));
        if grand_slam {
            return Turn::Next;
        }
        // DoCaptureFrom: back from the last house while 2 or 3.
        for idx in (lower..=last).rev() {
            let seeds = board.seeds_at(idx);
            if !takes(seeds) {
                break;
            }
            // Reported by the context as `Event::Capture`.
            ctx.capture(idx, seeds, by);
        }
        Turn::Next
    }

    /// `DoApplyAction`: `if (LegalActions().empty()) CollectAndTerminate();`
    /// (also when the game is over by score: `LegalActions` is then empty).
    /// `CollectAndTerminate`: every seed left goes to the owner of its
    /// house.
    fn no_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        collect_and_terminate(ctx);
        NoMove::End
    }

    /// `boards_since_last_capture_`: the first repeat of a position ends the
    /// game.
    fn repetition(&self) -> Option<u32> {
        Some(2)
    }

    /// `DoApplyAction` on a repetition: `CollectAndTerminate`, as at the end
    /// by no legal move ([`Ruleset::no_move`]).
    fn repetition_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
        collect_and_terminate(ctx);
    }

    /// `Returns` by score, the seeds collected
    /// ([`Ruleset::repetition_end`]; [`collected`] counts any left all the
    /// same).
    fn repetition_outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(collected(pos))
    }

    /// `Returns`: the higher score wins, equal scores draw. The seeds are
    /// already collected ([`Ruleset::no_move`]); [`collected`] counts any
    /// left all the same.
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(collected(pos))
    }
}

/// `CollectAndTerminate`: every seed left goes to the owner of its house
/// (reported as one [`Event::Sweep`] a player).
fn collect_and_terminate<O: Observer>(ctx: &mut MoveContext<'_, Oware, O>) {
    // Each row to its owner, reported by the context as `Event::Sweep`
    // (none for an empty row).
    for player in Player::BOTH {
        ctx.sweep_row(player, player);
    }
}
