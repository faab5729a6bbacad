//! The unit tests of `ruleset` (ruleset.rs), kept beside it in a file of their own.

use super::*;
use crate::rulesets::SadeqaV;

/// A hook's context never panics on an index off the board (a ruleset
/// of someone else's could compute one): it captures, removes and
/// marks nothing there.
#[test]
fn sowing_context_ignores_indices_off_the_board() {
    let mut board = Board::from_rows(&[1, 2, 3], &[4, 5, 6]).unwrap();
    let (mut marks, mut state, mut captured) = (0u64, (), [0u16; 2]);
    let mut ctx: MoveContext<'_, SadeqaV, ()> = MoveContext {
        board: &mut board,
        marks: &mut marks,
        state: &mut state,
        captured: &mut captured,
        mover: Player::South,
        obs: &mut (),
    };
    for idx in [6, 47, 48, 64, 200, usize::MAX] {
        assert_eq!(ctx.capture(idx, 9, Player::South), 0);
        assert_eq!(ctx.remove(idx, 9), 0);
        ctx.mark(idx);
        assert!(!ctx.is_marked(idx));
    }
    assert_eq!(ctx.capture(5, 9, Player::North), 6);
    assert_eq!(ctx.captured(Player::North), 6);
    assert_eq!(ctx.captured(Player::South), 0);
    ctx.mark(5);
    assert!(ctx.is_marked(5));
    assert_eq!(marks, 1 << 5);
    assert_eq!(captured, [0, 6]);
    assert_eq!(board.seeds_on_board(), 15);
}

/// The context reports what it changes: a capture as `Capture`, one
/// from a marked pit (a warana, RULES.md 3.3) as `WaranaCapture`,
/// nothing for an empty pit; a sweep (RULES.md 5.4) as one `Sweep`,
/// Oware's collection as one `Sweep` a row, none for an empty row.
#[test]
fn the_context_reports_its_captures_and_sweeps() {
    use crate::player::Pit;
    let mut board = Board::from_rows(&[1, 0, 3], &[4, 5, 6]).unwrap();
    let (mut marks, mut state, mut captured) = (1u64 << 4, (), [0u16; 2]);
    let mut events = Vec::new();
    let mut ctx: MoveContext<'_, SadeqaV, Vec<Event>> = MoveContext {
        board: &mut board,
        marks: &mut marks,
        state: &mut state,
        captured: &mut captured,
        mover: Player::South,
        obs: &mut events,
    };
    assert_eq!(ctx.capture(5, u8::MAX, Player::South), 6);
    assert_eq!(ctx.capture(4, 2, Player::South), 2);
    assert_eq!(ctx.capture(1, u8::MAX, Player::South), 0);
    assert_eq!(ctx.sweep_row(Player::North, Player::North), 7);
    assert_eq!(ctx.sweep_row(Player::North, Player::North), 0);
    assert_eq!(ctx.sweep(Player::North), 4);
    assert_eq!(ctx.sweep(Player::North), 0);
    let (by, seeds) = (Player::South, 6);
    assert_eq!(
        events,
        [
            Event::Capture {
                by,
                pit: Pit::new(Player::North, 3),
                seeds
            },
            Event::WaranaCapture {
                by,
                pit: Pit::new(Player::North, 2),
                seeds: 2
            },
            Event::Sweep {
                to: Player::North,
                seeds: 7
            },
            Event::Sweep {
                to: Player::North,
                seeds: 4
            },
        ]
    );
    assert_eq!(captured, [8, 11]);
    assert_eq!(board.seeds_on_board(), 0);
}

/// A game of someone else's that writes only the required hooks:
/// 2 x 3 pits of 2 seeds, one lap a move, no capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Plain(Scoring);

impl Ruleset for Plain {
    type State = ();
    fn name(&self) -> Cow<'static, str> {
        "plain".into()
    }
    fn from_name(name: &str) -> Option<Self> {
        (name == "plain").then_some(Plain(Scoring::Points))
    }
    fn pits_per_row(&self) -> usize {
        3
    }
    fn seeds_per_pit(&self) -> u8 {
        2
    }
    fn scoring(&self) -> Scoring {
        self.0
    }
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
    }
    fn lap_end<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>, _: &Lap<'_>) -> Turn {
        Turn::Next
    }
    fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }
    fn outcome(&self, _: &View<'_, ()>) -> Outcome {
        Outcome::Ongoing
    }
}

/// Each provided hook's default, as the trait's docs state it, for a
/// game that keeps them all.
#[test]
fn a_ruleset_that_keeps_every_default_gets_the_documented_ones() {
    use crate::DrawReason;
    let pos: crate::Position<Plain> = "plain 1,0,2/0,3,0 N 4-2".parse().unwrap();
    let (rules, view) = (Plain(Scoring::Points), pos.view());
    assert_eq!(rules.title(), "plain");
    assert_eq!(rules.end_reason(&view), "North cannot move");
    assert_eq!(rules.total_seeds(), 12);
    assert!(!rules.removes_seeds());
    assert!(!rules.clockwise());
    assert!(rules.options().is_empty());
    let mut changed = rules;
    assert!(matches!(
        changed.set_option("mode", "x"),
        Err(OptionError::Unknown { .. } | OptionError::NotForGame { .. })
    ));
    assert_eq!(changed, rules);
    assert_eq!(rules.option_value("mode"), None);
    assert_eq!(rules.initial_state(Player::North), ());
    assert_eq!(rules.refusal(&view, Move::Pit(1)), None);
    // North's pit 2 is sowing-order index 3 + 1 (RULES.md section 1).
    let origin = |pit| match rules.start(&view, Move::Pit(pit)) {
        Start::Sow {
            origin,
            barrier: None,
        } => origin,
        other => panic!("{other:?}"),
    };
    assert_eq!((origin(1), origin(2), origin(3)), (3, 4, 5));
    // A lap relays when its last seed fell into an occupied pit.
    let board = *pos.board();
    let lap = |count| Lap {
        landing: 4,
        count,
        mover: Player::North,
        marked: false,
        board: &board,
    };
    assert!(rules.relays(&lap(2), &()) && rules.relays(&lap(4), &()));
    assert!(!rules.relays(&lap(1), &()));
    // Points: the captured seeds; a last-mover game has none.
    assert_eq!(rules.points(&view, Player::South), Some(4));
    assert_eq!(rules.points(&view, Player::North), Some(2));
    assert_eq!(Plain(Scoring::LastMover).points(&view, Player::South), None);
    assert_eq!(rules.evaluate(&view), 4 * (2 - 4));
    assert_eq!(rules.format_state(&()), None);
    assert_eq!(rules.parse_state(None), Ok(()));
    assert_eq!(
        rules.parse_state(Some("x")),
        Err(StateError::unexpected("plain", "x"))
    );
    assert_eq!(rules.repetition(), Some(3));
    assert_eq!(
        rules.repetition_outcome(&view),
        Outcome::Draw {
            reason: DrawReason::Repetition,
            score: None
        }
    );
    assert_eq!(Plain::STATES, 1);
    assert_eq!(rules.state_index(&()), Some(0));
    assert_eq!(rules.state_at(0), ());
    assert_eq!(rules.check_setup(&view), Ok(()));
}

/// `Ruleset::state_index`'s default numbers the state's `Default` 0 and
/// leaves every other state out of the databases: Sadeqa II keeps it,
/// so its first-move restriction (RULES.md 4.1), over before the seeds
/// fall below 30, is no state of an endgame.
#[test]
fn the_databases_hold_only_the_default_state_by_default() {
    use crate::rulesets::{SadeqaII, sadeqa_ii::FirstMoves};
    let rules = SadeqaII::new();
    assert_eq!(rules.state_index(&FirstMoves::default()), Some(0));
    for restricted in [[true, true], [true, false], [false, true]] {
        assert_eq!(rules.state_index(&FirstMoves { restricted }), None);
    }
    assert_eq!(rules.state_at(0), FirstMoves::default());
}

/// `Ruleset::evaluate`'s default for a game won by moving last
/// (RULES.md 4.4): 4 an occupied pit, 4 more a pit of two seeds or
/// more, 1 a seed, the side to move's row against the other's.
#[test]
fn evaluation_by_mobility_for_the_last_mover_games() {
    use crate::rulesets::SadeqaII;
    let pos: crate::Position<SadeqaII> =
        "sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14".parse().unwrap();
    // South: 3 occupied, 1 of two or more, 4 seeds: 20; North: 2, 1, 4: 16.
    assert_eq!(SadeqaII::new().evaluate(&pos.view()), 4);
    assert_eq!(by_scoring(&SadeqaII::new(), &pos.view()), 4);
    // Rows that differ in seeds and in pits of two or more, so that
    // each term counts: South 3 occupied, 1 of two or more, 5 seeds:
    // 21; North 2 occupied, both of two or more, 4 seeds: 20. From the
    // side to move's view.
    for (side, value) in [("S", 1), ("N", -1)] {
        let pos: crate::Position<SadeqaII> =
            format!("sadeqa-ii 0,0,1,3,1,0/0,2,0,0,0,2 {side} 14-13")
                .parse()
                .unwrap();
        assert_eq!(SadeqaII::new().evaluate(&pos.view()), value, "{side}");
    }
}

/// Sadeqa V's own evaluation (RULES.md 3.7): 4 a point, the seeds in
/// one's waranas counted, and 2 a warana owned; the default counts the
/// points only.
#[test]
fn sadeqa_v_evaluation_counts_points_and_waranas() {
    let pos: crate::Position<SadeqaV> = "sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4w,4,4,4,4,4,4 N 0-0"
        .parse()
        .unwrap();
    // North to move: South has 4 points (his warana's seeds) and a warana.
    assert_eq!(SadeqaV.evaluate(&pos.view()), -(4 * 4 + 2));
    assert_eq!(by_scoring(&SadeqaV, &pos.view()), -(4 * 4));
}
