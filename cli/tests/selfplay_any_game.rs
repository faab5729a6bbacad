//! `selfplay` for a game the crate does not know: a tiny game defined
//! here (2 x 3 pits of 3 seeds; a lap ending in the opponent's row on 2 or
//! 3 seeds captures them; a player who cannot move ends the game, each
//! row going to its owner; most seeds wins), registered with
//! `Games::from`, played, in a tournament and refused where it must be.

use sowing::{
    Lap, MoveContext, MoveSet, NoMove, Observer, Outcome, Player, Ruleset, Score, Scoring, Turn,
    View,
};
use sowing_cli::Games;
use sowing_cli::selfplay::main_with;
use std::ffi::OsString;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Tiny;

impl Ruleset for Tiny {
    type State = ();
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "tiny".into()
    }
    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("tiny").then_some(Tiny)
    }
    fn pits_per_row(&self) -> usize {
        3
    }
    fn seeds_per_pit(&self) -> u8 {
        3
    }
    fn scoring(&self) -> Scoring {
        Scoring::Points
    }
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
    }
    fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
        false
    }
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        let by = ctx.mover();
        if ctx.board().owner(lap.landing) == by.other() && (lap.count == 2 || lap.count == 3) {
            ctx.capture(lap.landing, lap.count, by);
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
        let board = pos.board();
        Outcome::by_score(Score {
            south: pos.captured(Player::South) + board.seeds_in_row(Player::South) as u16,
            north: pos.captured(Player::North) + board.seeds_in_row(Player::North) as u16,
        })
    }
}

/// `selfplay` with `args`, in a program that offers only [`Tiny`].
fn selfplay(args: &[&str]) -> ExitCode {
    let line = std::iter::once("selfplay")
        .chain(args.iter().copied())
        .map(OsString::from);
    main_with(&Games::from([Tiny]), line)
}

#[test]
fn selfplay_plays_a_game_of_ones_own() {
    // The default variants are the program's games.
    assert_eq!(
        selfplay(&["--games", "20", "--threads", "2"]),
        ExitCode::SUCCESS
    );
    for north in ["greedy", "alphabeta:4", "mcts:50"] {
        let args = ["--variant", "tiny", "--games", "5", "--north", north];
        assert_eq!(selfplay(&args), ExitCode::SUCCESS, "{north}");
    }
    assert_eq!(
        selfplay(&[
            "--variant",
            "TINY",
            "--games",
            "3",
            "--exact",
            "--threads",
            "1"
        ]),
        ExitCode::SUCCESS
    );
}

#[test]
fn a_tournament_of_ones_own_game() {
    let args = [
        "--tournament",
        "--players",
        "random,greedy,alphabeta:2",
        "--games",
        "2",
    ];
    assert_eq!(selfplay(&args), ExitCode::SUCCESS);
}

/// Names the program does not offer, options its game does not have and
/// the study of a game it does not have are refused (status 2), before
/// anything is played.
#[test]
fn what_the_program_does_not_offer_is_refused() {
    let refused = ExitCode::from(2);
    assert_eq!(selfplay(&["--variant", "sadeqa-ii"]), refused);
    assert_eq!(selfplay(&["--variant", "tiny,tiny"]), refused);
    assert_eq!(selfplay(&["--variant", "tiny", "--clockwise"]), refused);
    assert_eq!(selfplay(&["--study", "sadeqa-v", "--games", "1"]), refused);
    assert_eq!(
        selfplay(&["--option", "clockwise", "--games", "1"]),
        refused
    );
}
