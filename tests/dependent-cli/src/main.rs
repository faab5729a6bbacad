//! A game of one's own (2 x 3 pits of 2 seeds, one lap a move, no
//! captures; whoever cannot move loses: the crate docs' "A game of your
//! own") given every tool by `sowing_cli::run_from`, as a dependent crate's
//! `main` would with `sowing_cli::run`. Solves the start and replays a
//! record; exits non-zero if a tool fails.

use sowing::{Lap, MoveContext, MoveSet, NoMove, Observer, Outcome, Ruleset, Scoring, Turn, View};
use std::borrow::Cow;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Tiny;

impl Ruleset for Tiny {
    type State = ();
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed("tiny")
    }
    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("tiny").then_some(Tiny)
    }
    fn pits_per_row(&self) -> usize {
        3
    }
    fn seeds_per_pit(&self) -> u8 {
        2
    }
    fn scoring(&self) -> Scoring {
        Scoring::LastMover
    }
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
    }
    fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
        false
    }
    fn lap_end<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>, _: &Lap<'_>) -> Turn {
        Turn::Next
    }
    fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::Win {
            winner: pos.side_to_move().other(),
            score: None,
        }
    }
}

fn main() -> ExitCode {
    for args in [
        &["tiny", "solve"][..],
        &["tiny", "replay", "--variant", "tiny", "3"][..],
    ] {
        println!("$ {}", args.join(" "));
        let code = sowing_cli::run_from([Tiny], args.iter().copied());
        if code != ExitCode::SUCCESS {
            eprintln!("{}: failed", args.join(" "));
            return code;
        }
    }
    ExitCode::SUCCESS
}
