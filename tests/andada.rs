//! Andada (Kunama, western Eritrea; Pankhurst 1971 p. 170): RULES.md
//! section 6, one test per rule branch, the checks of section 6 literally,
//! the named readings (6.7), the clockwise option and the notation of
//! section 7.
//!
//! Positions before and after are written by hand from the rule book as
//! position strings (RULES.md section 7: each row from its owner's pit 1;
//! South's pit i faces North's pit n+1-i). The opening patterns for every
//! board size are generated from the rule itself ("0 at the chosen pit, then
//! 3,3,0,3,3,... in sowing order round the whole board"), walking the
//! sowing order of RULES.md section 1 written out here, independently of the
//! crate.

mod common;

use common::reference_cycle;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sowing::rulesets::{Andada, Reading};
use sowing::{
    AnyGame, AnyPosition, AnyRuleset, Event, Game, Move, MoveSet, Outcome, ParsePositionError, Pit,
    PlayError, Player, Position, Record, Refusal, SetupError, StateError, Unreachable,
};

const SIZES: [u8; 5] = [12, 15, 18, 21, 24];

// ---- helpers ----

fn andada(n: u8) -> Andada {
    Andada::new(n).unwrap_or_else(|| panic!("andada-{n} is a board size"))
}

fn reading(r: Reading) -> Andada {
    andada(12).with_reading(r)
}

fn clockwise() -> Andada {
    andada(12).with_clockwise(true)
}

/// Parses `s` for `rules`.
fn pos_with(rules: Andada, s: &str) -> Position<Andada> {
    Position::from_str_with(rules, s).unwrap_or_else(|e| panic!("{s:?} does not parse: {e}"))
}

/// Parses `s` with the default options (counter-clockwise, Pankhurst).
fn pos(s: &str) -> Position<Andada> {
    pos_with(andada(12), s)
}

/// Plays `mv` on `p` (which must accept it) and returns its events.
fn play(p: &mut Position<Andada>, mv: Move) -> Vec<Event> {
    let before = p.to_string();
    p.play_traced(mv)
        .unwrap_or_else(|e| panic!("{before:?}: move {mv} refused: {e}"))
}

/// `before` (for `rules`) with pit `mv` played, checked against the
/// hand-written `after`; returns the position and the events.
fn check_move(rules: Andada, before: &str, mv: u8, after: &str) -> (Position<Andada>, Vec<Event>) {
    let mut p = pos_with(rules, before);
    assert_eq!(p.to_string(), before, "round trip of {before:?}");
    let events = play(&mut p, Move::Pit(mv));
    assert_eq!(p.to_string(), after, "{before:?} after move {mv}");
    (p, events)
}

fn south(k: u8) -> Pit {
    Pit::new(Player::South, k)
}

fn north(k: u8) -> Pit {
    Pit::new(Player::North, k)
}

fn lap(origin: Pit, seeds: u8, landing: Pit) -> Event {
    Event::Lap {
        origin,
        seeds,
        landing,
    }
}

fn capture(by: Player, pit: Pit, seeds: u8) -> Event {
    Event::Capture { by, pit, seeds }
}

fn removed(from: Pit, seeds: u8) -> Event {
    Event::Removed { from, seeds }
}

fn win(winner: Player) -> Outcome {
    Outcome::Win {
        winner,
        score: None,
    }
}

fn moves(list: &[Move]) -> MoveSet {
    list.iter().copied().collect()
}

fn pits(list: &[u8]) -> MoveSet {
    list.iter().map(|&p| Move::Pit(p)).collect()
}

/// The sowing order of RULES.md section 1, written out independently of the
/// crate: counter-clockwise S1..Sn then N1..Nn; clockwise (the mirror image)
/// Sn..S1 then Nn..N1 (from South's pit 1 into North's pit n).
fn sowing_order(n: u8, clockwise: bool) -> Vec<Pit> {
    let numbers: Vec<u8> = if clockwise {
        (1..=n).rev().collect()
    } else {
        (1..=n).collect()
    };
    numbers
        .iter()
        .map(|&k| south(k))
        .chain(numbers.iter().map(|&k| north(k)))
        .collect()
}

fn row_text(row: &[u8]) -> String {
    row.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The board after an opening from `chosen`, by the rule of RULES.md 6.1:
/// 0 at the chosen pit, then 3,3,0,3,3,0,... continuing in sowing order
/// round the whole board. Returns (South's row, North's row), each from its
/// owner's pit 1.
fn opening_rows(n: u8, clockwise: bool, chosen: Pit) -> (Vec<u8>, Vec<u8>) {
    let order = sowing_order(n, clockwise);
    let len = order.len();
    let start = order.iter().position(|&p| p == chosen).expect("on board");
    let mut rows = [vec![0u8; n as usize], vec![0u8; n as usize]];
    for k in 0..len {
        let pit = order[(start + k) % len];
        let seeds = if k % 3 == 0 { 0 } else { 3 };
        let row = match pit.owner {
            Player::South => 0,
            Player::North => 1,
        };
        rows[row][pit.number as usize - 1] = seeds;
    }
    let [s, nr] = rows;
    (s, nr)
}

/// The opening chain's laps by RULES.md 6.1: from the chosen pit, every third
/// pit in sowing order lifts its 2 seeds and the last falls two pits on;
/// 2n/3 laps round the whole board.
fn opening_laps(n: u8, clockwise: bool, chosen: Pit) -> Vec<Event> {
    let order = sowing_order(n, clockwise);
    let len = order.len();
    let start = order.iter().position(|&p| p == chosen).expect("on board");
    (0..len / 3)
        .map(|j| {
            lap(
                order[(start + 3 * j) % len],
                2,
                order[(start + 3 * j + 2) % len],
            )
        })
        .collect()
}

/// The position string after an opening from `chosen` (the choice is due,
/// the other player to move).
fn after_opening(n: u8, clockwise: bool, chosen: Pit) -> String {
    let (s, nr) = opening_rows(n, clockwise, chosen);
    format!(
        "andada-{n} {}/{} {} 0-0 choice",
        row_text(&s),
        row_text(&nr),
        chosen.owner.other().letter()
    )
}

/// The opening pattern by the chosen pit number mod 3 (RULES.md 6.1: "only
/// three distinct results exist"): a row of n pits, each row alike.
fn pattern_by_mod3(n: u8, p: u8) -> Vec<u8> {
    let zero_at = p % 3; // pits k with k % 3 == p % 3 are empty
    (1..=n)
        .map(|k| if k % 3 == zero_at { 0 } else { 3 })
        .collect()
}

// ---- 6.1 the opening ----

/// RULES.md section 6, "Opening check (n = 12)", literally: "South opening
/// from his pit 1 leaves South 0,3,3,0,3,3,0,3,3,0,3,3 and North
/// 0,3,3,0,3,3,0,3,3,0,3,3; from pit 2, South 3,0,3,3,0,3,... and North
/// 3,0,3,3,0,3,...".
#[test]
fn opening_check_n12_pits_1_and_2() {
    let start = "andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S 0-0 opening";
    let mut p = Position::new(andada(12));
    assert_eq!(p.to_string(), start);
    play(&mut p, Move::Pit(1));
    assert_eq!(
        p.to_string(),
        "andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 N 0-0 choice"
    );

    let mut p = Position::new(andada(12));
    play(&mut p, Move::Pit(2));
    assert_eq!(
        p.to_string(),
        "andada-12 3,0,3,3,0,3,3,0,3,3,0,3/3,0,3,3,0,3,3,0,3,3,0,3 N 0-0 choice"
    );

    let mut p = Position::new(andada(12));
    play(&mut p, Move::Pit(3));
    assert_eq!(
        p.to_string(),
        "andada-12 3,3,0,3,3,0,3,3,0,3,3,0/3,3,0,3,3,0,3,3,0,3,3,0 N 0-0 choice"
    );
}

/// The Italian source draws the three results on a board of 12 as pairs of
/// rows, North's row on top read right to left (N12 .. N1), South's row
/// below (S1 .. S12). Each pair is one of the openings from pit 1, 2, 3.
#[test]
fn opening_patterns_match_the_source_diagrams() {
    let diagrams = [
        ("3 3 0 3 3 0 3 3 0 3 3 0", "0 3 3 0 3 3 0 3 3 0 3 3"),
        ("3 0 3 3 0 3 3 0 3 3 0 3", "3 0 3 3 0 3 3 0 3 3 0 3"),
        ("0 3 3 0 3 3 0 3 3 0 3 3", "3 3 0 3 3 0 3 3 0 3 3 0"),
    ];
    for (chosen, (top, bottom)) in (1u8..=3).zip(diagrams) {
        let mut north_row: Vec<&str> = top.split(' ').collect();
        north_row.reverse();
        let south_row: Vec<&str> = bottom.split(' ').collect();
        let expected = format!(
            "andada-12 {}/{} N 0-0 choice",
            south_row.join(","),
            north_row.join(",")
        );
        let mut p = Position::new(andada(12));
        play(&mut p, Move::Pit(chosen));
        assert_eq!(p.to_string(), expected, "opening from pit {chosen}");
    }
}

/// The opening chain's trace, n = 12, South's pit 1: S1 sows S2 S3; then the
/// pit after S3, S4, sows S5 S6; ... round the board: 8 laps of 2 seeds.
#[test]
fn opening_trace_n12_pit_1() {
    let mut p = Position::new(andada(12));
    let events = play(&mut p, Move::Pit(1));
    assert_eq!(
        events,
        vec![
            lap(south(1), 2, south(3)),
            lap(south(4), 2, south(6)),
            lap(south(7), 2, south(9)),
            lap(south(10), 2, south(12)),
            lap(north(1), 2, north(3)),
            lap(north(4), 2, north(6)),
            lap(north(7), 2, north(9)),
            lap(north(10), 2, north(12)),
        ]
    );
}

/// The opening from South's pit 12 crosses into North's row at once: S12
/// sows N1 N2, then N3 sows N4 N5, ..., N12 sows S1 S2, ..., S9 sows S10 S11.
#[test]
fn opening_trace_n12_pit_12() {
    let mut p = Position::new(andada(12));
    let events = play(&mut p, Move::Pit(12));
    assert_eq!(
        events,
        vec![
            lap(south(12), 2, north(2)),
            lap(north(3), 2, north(5)),
            lap(north(6), 2, north(8)),
            lap(north(9), 2, north(11)),
            lap(north(12), 2, south(2)),
            lap(south(3), 2, south(5)),
            lap(south(6), 2, south(8)),
            lap(south(9), 2, south(11)),
        ]
    );
    assert_eq!(
        p.to_string(),
        "andada-12 3,3,0,3,3,0,3,3,0,3,3,0/3,3,0,3,3,0,3,3,0,3,3,0 N 0-0 choice"
    );
}

/// Every board size, every chosen pit, either player opening: the result is
/// the rule's pattern (generated from the rule, and equal to the pattern by
/// pit number mod 3); it is one move, without captures or removals; the
/// choice is due with the other player to move; the trace is 2n/3 laps of 2
/// seeds; and there are exactly three distinct results.
#[test]
fn opening_three_patterns_every_size() {
    for n in SIZES {
        for opener in Player::BOTH {
            let mut results = std::collections::BTreeSet::new();
            for chosen in 1..=n {
                let mut game = Game::new(Position::new_with_first(andada(n), opener));
                assert_eq!(
                    game.legal_moves(),
                    (1..=n).map(Move::Pit).collect::<MoveSet>()
                );
                let events = game
                    .play_traced(Move::Pit(chosen))
                    .unwrap_or_else(|e| panic!("andada-{n}: opening {chosen} refused: {e}"));
                let p = *game.position();
                let pit = Pit::new(opener, chosen);
                assert_eq!(game.ply(), 1, "the opening is one move");
                assert_eq!(p.to_string(), after_opening(n, false, pit));
                let pattern = pattern_by_mod3(n, chosen);
                assert_eq!(p.row(Player::South).collect::<Vec<_>>(), pattern);
                assert_eq!(p.row(Player::North).collect::<Vec<_>>(), pattern);
                assert_eq!(events, opening_laps(n, false, pit), "andada-{n} {pit}");
                assert_eq!(events.len(), 2 * n as usize / 3);
                assert_eq!(p.captured(Player::South) + p.captured(Player::North), 0);
                assert_eq!(p.removed(), 0);
                assert_eq!(p.seeds_on_board(), 4 * n as u32);
                assert_eq!(p.side_to_move(), opener.other());
                assert_eq!(p.state().name(), "choice");
                assert_eq!(
                    p.legal_moves(),
                    moves(&[Move::First(Player::South), Move::First(Player::North)])
                );
                results.insert(p.to_string());
            }
            assert_eq!(results.len(), 3, "andada-{n}: three distinct openings");
        }
    }
}

/// The opening in the clockwise option (the mirror image): the chain runs
/// S12 -> S10, S9 -> S7, ..., S3 -> S1, then into North's pit 12.
#[test]
fn opening_clockwise_n12_pit_12() {
    let mut p = Position::new(clockwise());
    let events = play(&mut p, Move::Pit(12));
    assert_eq!(
        events,
        vec![
            lap(south(12), 2, south(10)),
            lap(south(9), 2, south(7)),
            lap(south(6), 2, south(4)),
            lap(south(3), 2, south(1)),
            lap(north(12), 2, north(10)),
            lap(north(9), 2, north(7)),
            lap(north(6), 2, north(4)),
            lap(north(3), 2, north(1)),
        ]
    );
    // 0 at S12, then S11 S10 = 3, S9 = 0, ..., S1 = 3, N12 = 0, N11 N10 = 3, ...
    assert_eq!(
        p.to_string(),
        "andada-12 3,3,0,3,3,0,3,3,0,3,3,0/3,3,0,3,3,0,3,3,0,3,3,0 N 0-0 choice"
    );
}

/// Clockwise from South's pit 1: S1 sows N12 N11 (the first lap crosses),
/// N10 sows N9 N8, ..., N1 sows S12 S11, ..., S4 sows S3 S2.
#[test]
fn opening_clockwise_n12_pit_1() {
    let mut p = Position::new(clockwise());
    let events = play(&mut p, Move::Pit(1));
    assert_eq!(
        events,
        vec![
            lap(south(1), 2, north(11)),
            lap(north(10), 2, north(8)),
            lap(north(7), 2, north(5)),
            lap(north(4), 2, north(2)),
            lap(north(1), 2, south(11)),
            lap(south(10), 2, south(8)),
            lap(south(7), 2, south(5)),
            lap(south(4), 2, south(2)),
        ]
    );
    assert_eq!(
        p.to_string(),
        "andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 N 0-0 choice"
    );
}

/// The clockwise opening for every size and pit, against the rule walked in
/// the clockwise sowing order.
#[test]
fn opening_clockwise_every_size() {
    for n in SIZES {
        for opener in Player::BOTH {
            for chosen in 1..=n {
                let mut p = Position::new_with_first(andada(n).with_clockwise(true), opener);
                let events = play(&mut p, Move::Pit(chosen));
                let pit = Pit::new(opener, chosen);
                assert_eq!(p.to_string(), after_opening(n, true, pit));
                assert_eq!(events, opening_laps(n, true, pit), "andada-{n} cw {pit}");
            }
        }
    }
}

/// A choice move is not an opening: refused with PitExpected.
#[test]
fn choice_move_during_the_opening_is_refused() {
    let mut p = Position::new(andada(12));
    let before = p;
    for who in Player::BOTH {
        assert_eq!(
            p.play(Move::First(who)),
            Err(PlayError::Illegal {
                mv: Move::First(who),
                reason: Refusal::PitExpected
            })
        );
    }
    assert_eq!(
        p.play(Move::Pit(13)),
        Err(PlayError::Illegal {
            mv: Move::Pit(13),
            reason: Refusal::NoSuchPit {
                pit: 13,
                pits_per_row: 12
            }
        })
    );
    assert_eq!(p, before);
}

// ---- 6.2 the choice ----

const AFTER_1: &str = "andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3";

/// North, after South's opening, names South: South makes the first regular
/// move, phase play.
#[test]
fn choice_south_moves_first() {
    let mut p = pos(&format!("{AFTER_1} N 0-0 choice"));
    let events = play(&mut p, Move::First(Player::South));
    assert_eq!(
        events,
        vec![Event::Choice {
            first: Player::South
        }]
    );
    assert_eq!(p.to_string(), format!("{AFTER_1} S 0-0 play"));
    assert_eq!(p.side_to_move(), Player::South);
    assert_eq!(p.legal_moves(), pits(&[2, 3, 5, 6, 8, 9, 11, 12]));
}

/// North, after South's opening, names himself: North makes the first
/// regular move, phase play.
#[test]
fn choice_north_moves_first() {
    let mut p = pos(&format!("{AFTER_1} N 0-0 choice"));
    let events = play(&mut p, Move::First(Player::North));
    assert_eq!(
        events,
        vec![Event::Choice {
            first: Player::North
        }]
    );
    assert_eq!(p.to_string(), format!("{AFTER_1} N 0-0 play"));
    assert_eq!(p.legal_moves(), pits(&[2, 3, 5, 6, 8, 9, 11, 12]));
}

/// When North opens, South makes the choice.
#[test]
fn choice_after_norths_opening_is_souths() {
    let mut game = Game::new(Position::new_with_first(andada(12), Player::North));
    game.play(Move::Pit(1)).unwrap();
    assert_eq!(
        game.position().to_string(),
        format!("{AFTER_1} S 0-0 choice")
    );
    game.play(Move::First(Player::North)).unwrap();
    assert_eq!(game.position().to_string(), format!("{AFTER_1} N 0-0 play"));
    assert_eq!(game.record().to_string(), "1/N");
}

/// A pit move while the choice is due is refused (ChoiceExpected), and the
/// position is unchanged.
#[test]
fn pit_move_during_the_choice_is_refused() {
    let mut p = pos(&format!("{AFTER_1} N 0-0 choice"));
    let before = p;
    for pit in [1, 2, 12] {
        assert_eq!(
            p.play(Move::Pit(pit)),
            Err(PlayError::Illegal {
                mv: Move::Pit(pit),
                reason: Refusal::ChoiceExpected
            })
        );
        assert!(!p.is_legal(Move::Pit(pit)));
    }
    assert_eq!(p, before);
}

/// A choice move during regular play is refused (PitExpected).
#[test]
fn choice_move_during_play_is_refused() {
    let mut p = pos(&format!("{AFTER_1} S 0-0 play"));
    let before = p;
    for who in Player::BOTH {
        assert_eq!(
            p.play(Move::First(who)),
            Err(PlayError::Illegal {
                mv: Move::First(who),
                reason: Refusal::PitExpected
            })
        );
    }
    assert_eq!(
        p.play(Move::Pit(1)),
        Err(PlayError::Illegal {
            mv: Move::Pit(1),
            reason: Refusal::EmptyPit { pit: 1 }
        })
    );
    assert_eq!(p, before);
}

/// The `replay` acceptance: after "1/S" on andada-12 the position string is
/// `andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 S 0-0 play`.
#[test]
fn replay_1_s() {
    let expected = "andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 S 0-0 play";
    let record: Record = "1/S".parse().unwrap();
    let game = Game::from_record(Position::new(andada(12)), &record).unwrap();
    assert_eq!(game.position().to_string(), expected);
    assert_eq!(game.record().to_string(), "1/S");
    assert!(game.outcome().is_ongoing());

    // The same the way the replay example does it: by variant name.
    for name in ["andada", "andada-12"] {
        let rules: AnyRuleset = name.parse().unwrap();
        let mut game = AnyGame::new(AnyPosition::new(rules));
        game.play_record(&record).unwrap();
        assert_eq!(game.position().to_string(), expected);
    }
}

// ---- 6.3 regular moves, 6.4 capture ----

/// Relay sowing: the last seed falls into an occupied pit, whose seeds are
/// lifted and sown on; the move ends in an empty pit. S1 (2) sows S2 S3;
/// S3 held 1, now 2: relay, S4 S5; S5 was empty: the move ends. Opposite S5
/// is N8, empty: no capture.
#[test]
fn relay_sowing() {
    let (p, events) = check_move(
        andada(12),
        "andada-12 2,0,1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,3 S 0-0 play",
        1,
        "andada-12 0,1,0,1,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,3 N 0-0 play",
    );
    assert_eq!(
        events,
        vec![lap(south(1), 2, south(3)), lap(south(3), 2, south(5))]
    );
    assert!(!p.is_over());
}

/// Capture: the last seed falls into an empty pit of the mover's own row
/// (S5) and the opposite pit (N8, 3 seeds) is emptied; the 3 are counted in
/// South's captured field; the capturing seed stays in S5.
#[test]
fn capture_in_own_row() {
    let (p, events) = check_move(
        andada(12),
        "andada-12 0,0,2,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,3,0,0,0,0 S 0-0 play",
        3,
        "andada-12 0,0,0,1,1,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0,0,0 N 3-0 play",
    );
    assert_eq!(
        events,
        vec![
            lap(south(3), 2, south(5)),
            capture(Player::South, north(8), 3)
        ]
    );
    assert_eq!(p.captured(Player::South), 3);
    assert_eq!(p.captured(Player::North), 0);
}

/// North captures the same way: N3 (2) sows N4 N5; N5 was empty; opposite
/// N5 is S8 (4 seeds): North's captured field counts them.
#[test]
fn capture_by_north() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 2,0,0,0,0,0,0,4,0,0,0,0/0,0,2,0,0,0,0,0,0,0,0,0 N 0-0 play",
        3,
        "andada-12 2,0,0,0,0,0,0,0,0,0,0,0/0,0,0,1,1,0,0,0,0,0,0,0 S 0-4 play",
    );
    assert_eq!(
        events,
        vec![
            lap(north(3), 2, north(5)),
            capture(Player::North, south(8), 4)
        ]
    );
}

/// A capture after a relay: S1 (2) sows S2 S3; S3 relays 2 into S4 S5; S5
/// was empty; opposite N8 holds 2: captured.
#[test]
fn capture_after_relay() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 2,0,1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2,0,0,0,3 S 0-0 play",
        1,
        "andada-12 0,1,0,1,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,3 N 2-0 play",
    );
    assert_eq!(
        events,
        vec![
            lap(south(1), 2, south(3)),
            lap(south(3), 2, south(5)),
            capture(Player::South, north(8), 2)
        ]
    );
}

/// No capture when the move ends in the opponent's row: S10 (2) sows S11
/// S12; S12 held 1: relay 2 into N1 N2; N2 was empty: the move ends there.
/// The pit opposite N2, S11, holds a seed, and stays.
#[test]
fn no_capture_in_the_opponents_row() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 0,0,0,0,0,0,0,0,0,2,0,1/0,0,0,0,2,0,0,0,0,0,0,0 S 0-0 play",
        10,
        "andada-12 0,0,0,0,0,0,0,0,0,0,1,0/1,1,0,0,2,0,0,0,0,0,0,0 N 0-0 play",
    );
    assert_eq!(
        events,
        vec![lap(south(10), 2, south(12)), lap(south(12), 2, north(2))]
    );
}

/// A pit holding a single seed may be played; an empty pit may not.
#[test]
fn single_seed_may_be_played_empty_pit_may_not() {
    let mut p = pos("andada-12 1,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0,0,0 S 0-0 play");
    assert_eq!(p.legal_moves(), pits(&[1]));
    assert_eq!(
        p.play(Move::Pit(2)),
        Err(PlayError::Illegal {
            mv: Move::Pit(2),
            reason: Refusal::EmptyPit { pit: 2 }
        })
    );
    play(&mut p, Move::Pit(1));
    assert_eq!(
        p.to_string(),
        "andada-12 0,1,0,0,0,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0,0,0 N 0-0 play"
    );
}

/// RULES.md section 2 on Andada's board of 24 pits (more than 16: the laps
/// run on the board in memory, not on one register): South's pit 1 relays
/// for ever, back at its first state (board and origin) after 958 laps, as
/// the seed-by-seed sower outside the crate counts. It is not a legal move,
/// and playing it is refused with the position unchanged.
#[test]
fn endless_regular_move_is_not_legal() {
    let text = "andada-12 3,1,0,3,2,1,2,3,2,1,2,1/2,3,0,1,0,2,6,2,4,1,2,4 S 0-0 play";
    let p = pos(text);
    assert_eq!(
        reference_cycle(&common::sowing_order(&p), 0, 10_000),
        Some(958)
    );
    assert!(p.legality().endless.contains(Move::Pit(1)));
    assert!(!p.legal_moves().contains(Move::Pit(1)));
    assert!(!p.is_over());
    let endless = Err(PlayError::Endless { mv: Move::Pit(1) });
    assert_eq!(p.check(Move::Pit(1)), endless);
    let mut q = p;
    assert_eq!(q.play(Move::Pit(1)), endless);
    assert_eq!(q.to_string(), text);
}

// ---- 6.5 the singleton ending ----

/// RULES.md section 6, singleton check 1, literally: "S12 = 1, N1 = 1, South
/// plays 12: the seed is removed, N1 stays." The removed seed is not a
/// capture.
#[test]
fn singleton_check_1_seed_leaving_the_last_pit_is_removed() {
    let before = "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles";
    let removed_before = pos(before).removed();
    let (p, events) = check_move(
        andada(12),
        before,
        12,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(events, vec![removed(south(12), 1)]);
    assert_eq!(p.removed(), removed_before + 1);
    assert_eq!(p.captured(Player::South), 0);
    assert!(!p.is_over(), "North still has N1 to play");
}

/// 6.5 with relay: S10 = 1, S11 = 1, N1 = 1, South plays 10. The seed falls
/// into S11 (now 2): relay. Of S11's 2 seeds the first falls into empty
/// S12, the second would pass into North's row and is removed: the move
/// ends, no capture. Two laps, the cut one counted, as `prove` says before
/// the move is played.
#[test]
fn a_cut_lap_after_a_relay_is_counted_as_a_lap() {
    let before = "andada-12 0,0,0,0,0,0,0,0,0,1,1,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles";
    assert_eq!(
        pos(before).prove(Move::Pit(10), &mut ()),
        Ok(sowing::Proof::Ends { laps: 2 })
    );
    let single = "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles";
    assert_eq!(
        pos(single).prove(Move::Pit(12), &mut ()),
        Ok(sowing::Proof::Ends { laps: 1 })
    );
    let (p, events) = check_move(
        andada(12),
        before,
        10,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(10), 1, south(11)),
            lap(south(11), 1, south(12)),
            removed(south(12), 1),
        ]
    );
    assert_eq!(p.captured(Player::South), 0);
}

/// RULES.md section 6, singleton check 2, literally: "S11 = 1, N1 = 1,
/// South plays 11: the seed lands in empty S12 and captures N1." North then
/// has no seed, no move, and loses.
#[test]
fn singleton_check_2_seed_landing_in_the_last_pit_captures() {
    let before = "andada-12 0,0,0,0,0,0,0,0,0,0,1,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles";
    let removed_before = pos(before).removed();
    let (p, events) = check_move(
        andada(12),
        before,
        11,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(11), 1, south(12)),
            capture(Player::South, north(1), 1),
            Event::GameOver
        ]
    );
    assert_eq!(p.removed(), removed_before);
    assert_eq!(p.outcome(), win(Player::South));
}

/// North's singleton ending: the seed that would pass from N12 into South's
/// row is removed.
#[test]
fn singleton_ending_for_north() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,1 N 0-0 singles",
        12,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles",
    );
    assert_eq!(events, vec![removed(north(12), 1)]);
}

/// Seeds still in hand are removed with the one that would cross: S9 sows
/// S10 (now 2): relay, S11 S12 (both now 2): relay from S12, whose 2 seeds
/// would both cross: both removed, and the move ends.
#[test]
fn singleton_ending_removes_the_seeds_still_in_hand() {
    let before = "andada-12 0,0,0,0,0,0,0,0,1,1,1,1/0,0,1,0,0,0,0,0,0,0,0,0 S 0-0 singles";
    let removed_before = pos(before).removed();
    let (p, events) = check_move(
        andada(12),
        before,
        9,
        "andada-12 0,0,0,0,0,0,0,0,0,0,2,0/0,0,1,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(9), 1, south(10)),
            lap(south(10), 2, south(12)),
            removed(south(12), 2)
        ]
    );
    assert_eq!(p.removed(), removed_before + 2);
    assert_eq!(p.captured(Player::South) + p.captured(Player::North), 0);
}

/// A relay lap cut at the last pit: S10 sows S11 (now 2): relay; the first
/// seed falls into S12, the second would cross and is removed; the move
/// ends there. The last seed sown did not end in S12, so there is no
/// capture of N1 (the capture rule applies when the last seed lands in the
/// empty pit; here it was removed).
#[test]
fn singleton_ending_cut_lap_leaves_a_seed_in_the_last_pit() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 0,0,0,0,0,0,0,0,0,1,1,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles",
        10,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(10), 1, south(11)),
            lap(south(11), 1, south(12)),
            removed(south(12), 1)
        ]
    );
}

/// The singleton ending stays in force after a relay makes a pit of 2: the
/// phase stays `singles`, and a later move still removes the seed crossing
/// from the mover's last pit although S3 holds 2.
#[test]
fn singleton_ending_stays_in_force_after_a_pit_of_2() {
    // S1 sows S2 (now 2): relay, S3 (now 2) and S4 (empty: the move ends;
    // opposite N9 is empty). S3 keeps 2.
    let (mut p, events) = check_move(
        andada(12),
        "andada-12 1,1,1,0,0,0,0,0,0,0,0,1/0,0,0,0,1,0,0,0,0,0,0,0 S 0-0 singles",
        1,
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,1/0,0,0,0,1,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(1), 1, south(2)), lap(south(2), 2, south(4))]
    );
    // North N5 -> N6 (empty; opposite S7 empty).
    play(&mut p, Move::Pit(5));
    assert_eq!(
        p.to_string(),
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,1/0,0,0,0,0,1,0,0,0,0,0,0 S 0-0 singles"
    );
    // South 12: still removed.
    let removed_before = p.removed();
    let events = play(&mut p, Move::Pit(12));
    assert_eq!(events, vec![removed(south(12), 1)]);
    assert_eq!(
        p.to_string(),
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,0/0,0,0,0,0,1,0,0,0,0,0,0 N 0-0 singles"
    );
    assert_eq!(p.removed(), removed_before + 1);
    assert_eq!(p.captured(Player::South), 0);
}

/// 6.5: the ending begins with the first regular move that *starts* with
/// every pit at most 1, whatever the phase field said: the same move as in
/// the test above from phase `play` (a position whose phase was written by
/// hand) leaves S3 with 2, yet the ending is in force from then on, so the
/// phase is `singles` after it.
#[test]
fn singleton_ending_begins_with_a_move_that_starts_on_single_seeds() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 1,1,1,0,0,0,0,0,0,0,0,1/0,0,0,0,1,0,0,0,0,0,0,0 S 0-0 play",
        1,
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,1/0,0,0,0,1,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(1), 1, south(2)), lap(south(2), 2, south(4))]
    );
}

/// The same board with a pit of 2 in phase `play` (the ending never
/// started): S12's seed passes into N1 as usual.
#[test]
fn singleton_ending_not_in_force_with_a_pit_of_2_in_play() {
    let (p, events) = check_move(
        andada(12),
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,1/0,0,0,0,0,1,0,0,0,0,0,0 S 0-0 play",
        12,
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,0/1,0,0,0,0,1,0,0,0,0,0,0 N 0-0 play",
    );
    assert_eq!(events, vec![lap(south(12), 1, north(1))]);
    assert_eq!(
        p.removed(),
        pos("andada-12 0,0,2,1,0,0,0,0,0,0,0,1/0,0,0,0,0,1,0,0,0,0,0,0 S 0-0 play").removed()
    );
}

/// The ending starts only at a move that starts with every pit holding at
/// most one seed. S11 holds 2 at the start of South's move: its seeds go to
/// S12 and across into N1 as usual. After it every pit holds at most one:
/// the state is `singles`, and from North's next move on the ending is in
/// force (South's later crossing seed is removed).
#[test]
fn singleton_ending_starts_only_at_a_move_starting_with_singles() {
    let before = "andada-12 1,0,0,0,0,0,0,0,0,0,2,0/0,0,0,0,0,1,0,0,0,0,0,0 S 0-0 play";
    let removed_before = pos(before).removed();
    let (mut p, events) = check_move(
        andada(12),
        before,
        11,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,1,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(events, vec![lap(south(11), 2, north(1))]);
    assert_eq!(p.removed(), removed_before);
    // North N6 -> N7 (opposite S6 empty).
    play(&mut p, Move::Pit(6));
    assert_eq!(
        p.to_string(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0,0,0,0,0 S 0-0 singles"
    );
    let events = play(&mut p, Move::Pit(12));
    assert_eq!(events, vec![removed(south(12), 1)]);
    assert_eq!(
        p.to_string(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,1,0,0,0,0,0 N 0-0 singles"
    );
    assert_eq!(p.removed(), removed_before + 1);
}

/// A position written `play` in which every pit holds at most one seed: the
/// next regular move starts with every pit at most one, so the ending
/// applies to it.
#[test]
fn singleton_ending_applies_to_a_move_starting_with_singles_in_play() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play",
        12,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(events, vec![removed(south(12), 1)]);
}

/// Relay still applies under the singleton ending, and so does the capture
/// rule anywhere in the mover's row: S5 sows S6 (empty); opposite N7 is
/// taken.
#[test]
fn singleton_ending_capture_as_usual() {
    let (_, events) = check_move(
        andada(12),
        "andada-12 1,0,0,0,1,0,0,0,0,0,0,0/1,0,0,0,0,0,1,0,0,0,0,0 S 0-0 singles",
        5,
        "andada-12 1,0,0,0,0,1,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(5), 1, south(6)),
            capture(Player::South, north(7), 1)
        ]
    );
}

// ---- 6.6 the end ----

/// A player with no legal move on his turn loses: South S10 (2) sows S11
/// S12, S12 was empty: captures N1, North's last seed. North cannot move:
/// South wins.
#[test]
fn player_without_a_move_loses() {
    let (p, events) = check_move(
        andada(12),
        "andada-12 0,0,0,0,0,0,0,0,0,2,0,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play",
        10,
        "andada-12 0,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(10), 2, south(12)),
            capture(Player::South, north(1), 1),
            Event::GameOver
        ]
    );
    assert!(p.is_over());
    assert_eq!(p.outcome(), win(Player::South));
    assert!(p.legal_moves().is_empty());
    let mut q = p;
    assert_eq!(q.play(Move::Pit(11)), Err(PlayError::GameOver));
}

/// A position read with the side to move unable to move is over: the other
/// player wins.
#[test]
fn position_without_a_move_is_lost() {
    let p = pos("andada-12 0,0,0,0,0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0,0,0,0,0 S 0-0 singles");
    assert!(p.is_over());
    assert_eq!(p.outcome(), win(Player::North));
    let p = pos("andada-12 0,0,0,3,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 0-0 play");
    assert_eq!(p.outcome(), win(Player::South));
}

// ---- 6.7 the readings: "last player able to move" vs "empty row loses" ----

/// South's only move (S12, 2 seeds) empties his own row and feeds North
/// (N1, N2). Under the default reading the game goes on: North moves (every
/// pit now at most 1: the singleton ending, so North cannot feed South
/// back), South has no move and loses. Under "empty row loses" the
/// position is already over: North's row is empty, North loses.
#[test]
fn readings_differ_last_player_able_to_move_vs_empty_row() {
    let start = "andada-12 0,0,0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play";

    let e = pos_with(reading(Reading::EmptyRowLoses), start);
    assert!(e.is_over());
    assert_eq!(e.outcome(), win(Player::South));

    let mut p = pos(start);
    assert!(!p.is_over());
    assert_eq!(p.legal_moves(), pits(&[12]));
    let events = play(&mut p, Move::Pit(12));
    assert_eq!(events, vec![lap(south(12), 2, north(2))]);
    assert_eq!(
        p.to_string(),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0,0,0,0,0 N 0-0 singles"
    );
    assert_eq!(p.legal_moves(), pits(&[1, 2]));
    // N2 -> N3 (opposite S10 empty).
    let mut a = p;
    play(&mut a, Move::Pit(2));
    assert_eq!(
        a.to_string(),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/1,0,1,0,0,0,0,0,0,0,0,0 S 0-0 singles"
    );
    assert_eq!(a.outcome(), win(Player::North));
    // N1 -> N2 (now 2): relay, N3 N4 (opposite S9 empty).
    let mut b = p;
    play(&mut b, Move::Pit(1));
    assert_eq!(
        b.to_string(),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/0,0,1,1,0,0,0,0,0,0,0,0 S 0-0 singles"
    );
    assert_eq!(b.outcome(), win(Player::North));
}

/// A move that empties the mover's own row while the opponent will have to
/// feed it: S12 sows N1 (now 11): relay, N2..N12, N12 was empty. South's
/// row is empty. Under "empty row loses" South loses at once; under the
/// default the game goes on, and every North move reaches South's row
/// (N2..N12 are all occupied, so every lap in North's row ends in an
/// occupied pit and relays until seeds cross).
#[test]
fn readings_differ_mover_empties_his_own_row() {
    let before = "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/10,0,0,0,1,0,0,0,0,0,0,0 S 0-0 play";
    let after = "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/0,1,1,1,2,1,1,1,1,1,1,1 N 0-0 play";

    let (e, events) = check_move(reading(Reading::EmptyRowLoses), before, 12, after);
    assert_eq!(
        events,
        vec![
            lap(south(12), 1, north(1)),
            lap(north(1), 11, north(12)),
            Event::GameOver
        ]
    );
    assert!(e.is_over());
    assert_eq!(e.outcome(), win(Player::North));

    let (p, events) = check_move(andada(12), before, 12, after);
    assert_eq!(
        events,
        vec![lap(south(12), 1, north(1)), lap(north(1), 11, north(12))]
    );
    assert!(!p.is_over());
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert_eq!(p.legal_moves(), pits(&[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    for mv in p.legal_moves() {
        let mut q = p;
        q.play(mv).unwrap();
        assert!(
            q.board().seeds_in_row(Player::South) > 0 && !q.is_over(),
            "North {mv} feeds South: {q}"
        );
    }
    // Two of them by hand. N12 -> S1 (empty; South's row: no capture).
    let mut q = p;
    play(&mut q, Move::Pit(12));
    assert_eq!(
        q.to_string(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/0,1,1,1,2,1,1,1,1,1,1,0 S 0-0 play"
    );
    // N11 -> N12 (now 2): relay, S1 S2.
    let mut q = p;
    let events = play(&mut q, Move::Pit(11));
    assert_eq!(
        events,
        vec![lap(north(11), 1, north(12)), lap(north(12), 2, south(2))]
    );
    assert_eq!(
        q.to_string(),
        "andada-12 1,1,0,0,0,0,0,0,0,0,0,0/0,1,1,1,2,1,1,1,1,1,0,0 S 0-0 play"
    );
}

/// "Empty row loses" when the opponent's row is emptied: the mover wins, as
/// in the default reading.
#[test]
fn empty_row_loses_opponents_row_emptied() {
    let (p, _) = check_move(
        reading(Reading::EmptyRowLoses),
        "andada-12 0,0,0,0,0,0,0,0,0,2,0,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play",
        10,
        "andada-12 0,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles",
    );
    assert_eq!(p.outcome(), win(Player::South));
}

/// Why a finished game is over, as the tools write it before the result
/// (6.6, 6.7): under the default reading the player to move cannot move;
/// under "empty row loses" (and Ludii's reading), once the opening is over,
/// the player whose row is empty: the last mover if only his row is, else
/// the player to move (both rows empty: the mover wins, 6.7).
#[test]
fn end_reason_names_who_cannot_move_or_whose_row_is_empty() {
    use sowing::Ruleset;
    let reason = |rules: Andada, s: &str| {
        let p = pos_with(rules, s);
        p.rules().end_reason(&p.view())
    };
    let empty_row = reading(Reading::EmptyRowLoses);
    // North (who moved last) has an empty row; South to move.
    let north_empty = "andada-12 0,0,0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play";
    assert_eq!(reason(empty_row, north_empty), "North's row is empty");
    assert_eq!(
        reason(reading(Reading::Ludii), north_empty),
        "North's row is empty"
    );
    assert_eq!(reason(andada(12), north_empty), "South cannot move");
    // South (who moved last) emptied his own row; North to move.
    let south_empty = "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/0,1,1,1,2,1,1,1,1,1,1,1 N 0-0 play";
    assert_eq!(reason(empty_row, south_empty), "South's row is empty");
    assert_eq!(reason(andada(12), south_empty), "North cannot move");
    // The player to move has the empty row.
    let mover_empty = "andada-12 0,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles";
    assert_eq!(reason(empty_row, mover_empty), "North's row is empty");
    // Both rows empty: the player to move loses.
    let both_empty = "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S 2-1 singles";
    assert_eq!(reason(empty_row, both_empty), "South's row is empty");
    // No row empty: the player to move cannot move, under every reading.
    let stuck = "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles";
    assert_eq!(reason(empty_row, stuck), "North cannot move");
    assert_eq!(reason(andada(12), stuck), "North cannot move");
}

// ---- 6.7 the Ludii reading ----

fn ludii() -> Andada {
    reading(Reading::Ludii)
}

/// Setups under Ludii's reading hold only what its rules reach (6.7): no
/// phase `choice` (there is no choice move), even on the opening's result;
/// and phase `singles` only while every pit holds at most one seed (the
/// test is made after every lap). The same positions are fine under the
/// default reading.
#[test]
fn ludii_setups_refuse_a_choice_and_singles_with_a_pit_of_two() {
    let unreachable = |text: &str| match Position::from_str_with(ludii(), text) {
        Err(ParsePositionError::Setup(SetupError::Unreachable(u))) => u,
        other => panic!("{text}: {other:?}"),
    };
    let choice = format!("{AFTER_1} N 0-0 choice");
    assert_eq!(unreachable(&choice), Unreachable::NoChoiceUnderLudii);
    let singles = "andada-12 2,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles";
    assert_eq!(unreachable(singles), Unreachable::LudiiSinglesNotSingle);
    for text in [choice.as_str(), singles] {
        assert_eq!(pos(text).to_string(), text);
    }
    // Every pit at most one: fine under Ludii too.
    let single = "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles";
    assert_eq!(pos_with(ludii(), single).to_string(), single);
}

/// Ludii: no choice move. After South's opening the phase is `play` and
/// North makes the first regular move.
#[test]
fn ludii_no_choice_move() {
    let mut p = Position::new(ludii());
    let events = play(&mut p, Move::Pit(1));
    assert_eq!(events.len(), 8);
    assert_eq!(p.to_string(), format!("{AFTER_1} N 0-0 play"));
    assert_eq!(p.legal_moves(), pits(&[2, 3, 5, 6, 8, 9, 11, 12]));
    assert_eq!(
        p.play(Move::First(Player::South)),
        Err(PlayError::Illegal {
            mv: Move::First(Player::South),
            reason: Refusal::PitExpected
        })
    );
}

/// Ludii: the opener is the player the caller starts with, South by
/// default (Ludii's game; `ludii_no_choice_move`). Started with North, the
/// game is the same with the seats exchanged: North opens from his pit 1,
/// leaving the same board, and South makes the first regular move, with no
/// choice move.
#[test]
fn ludii_opening_by_north_when_the_caller_starts_with_north() {
    assert_eq!(
        Position::new(ludii()).to_string(),
        "andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S 0-0 opening"
    );
    let mut p = Position::new_with_first(ludii(), Player::North);
    assert_eq!(
        p.to_string(),
        "andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 N 0-0 opening"
    );
    let events = play(&mut p, Move::Pit(1));
    assert_eq!(events.len(), 8);
    assert_eq!(events[0], lap(north(1), 2, north(3)));
    assert_eq!(p.to_string(), format!("{AFTER_1} S 0-0 play"));
    assert_eq!(p.legal_moves(), pits(&[2, 3, 5, 6, 8, 9, 11, 12]));
    assert_eq!(
        p.play(Move::First(Player::North)),
        Err(PlayError::Illegal {
            mv: Move::First(Player::North),
            reason: Refusal::PitExpected
        })
    );
}

/// Ludii: the singleton test is made at the end of every lap, over the whole
/// board. S10 (2) sows S11 S12; after the lap every pit holds at most one:
/// no capture, and the last seed, in the mover's empty last pit, is
/// removed. N1 stays. (The default reading, deciding at the start of the
/// move, captures N1 here: see `player_without_a_move_loses`.)
#[test]
fn ludii_singleton_test_after_the_lap() {
    let before = "andada-12 0,0,0,0,0,0,0,0,0,2,0,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play";
    let removed_before = pos_with(ludii(), before).removed();
    let (p, events) = check_move(
        ludii(),
        before,
        10,
        "andada-12 0,0,0,0,0,0,0,0,0,0,1,0/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(10), 2, south(12)), removed(south(12), 1)]
    );
    assert_eq!(p.removed(), removed_before + 1);
    assert_eq!(p.captured(Player::South), 0);
    assert!(!p.is_over());
}

/// Ludii: no captures while every pit holds at most one seed. S5 -> S6
/// (empty); opposite N7 stays. The default reading captures it.
#[test]
fn ludii_no_captures_while_singles() {
    let before = "andada-12 1,0,0,0,1,0,0,0,0,0,0,0/1,0,0,0,0,0,1,0,0,0,0,0 S 0-0 singles";
    let (_, events) = check_move(
        ludii(),
        before,
        5,
        "andada-12 1,0,0,0,0,1,0,0,0,0,0,0/1,0,0,0,0,0,1,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(events, vec![lap(south(5), 1, south(6))]);
    check_move(
        andada(12),
        before,
        5,
        "andada-12 1,0,0,0,0,1,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles",
    );
}

/// Ludii: the singleton check 2 board. The last seed lands in the mover's
/// empty last pit S12 while every pit holds at most one: it is removed (our
/// reading of "whose next pit is the opponent's"), N1 is not captured.
#[test]
fn ludii_last_seed_in_the_movers_empty_last_pit_is_removed() {
    let (_, events) = check_move(
        ludii(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,1,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles",
        11,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(11), 1, south(12)), removed(south(12), 1)]
    );
}

/// Ludii's removal rule (RULES.md 6.7): while every pit holds at most one
/// seed, a last seed that lands in an empty pit whose next pit in sowing
/// order is the opponent's is removed. The position of Ludii's stored random
/// trial 0 before its ply 53: S11 (3) sows S12 N1 N2. Now every pit holds
/// at most one; N2 was empty and its next pit, N3, is North's: the seed in
/// N2 is removed. S12 and N1 keep theirs; nothing is captured. The default
/// reading keeps it (the move started with a pit of 3, and N2 is not in
/// South's row).
#[test]
fn ludii_last_seed_in_an_empty_pit_before_an_opponents_pit_is_removed() {
    let before = "andada-12 0,0,0,1,0,0,0,1,0,0,3,0/0,0,0,0,1,1,0,1,0,0,0,1 S 21-18 play";
    assert_eq!(pos_with(ludii(), before).removed(), 0);
    let (p, events) = check_move(
        ludii(),
        before,
        11,
        "andada-12 0,0,0,1,0,0,0,1,0,0,0,1/1,0,0,0,1,1,0,1,0,0,0,1 N 21-18 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(11), 3, north(2)), removed(north(2), 1)]
    );
    assert_eq!(p.removed(), 1);
    assert!(!p.is_over());
    check_move(
        andada(12),
        before,
        11,
        "andada-12 0,0,0,1,0,0,0,1,0,0,0,1/1,1,0,0,1,1,0,1,0,0,0,1 N 21-18 singles",
    );
}

/// Ludii's removal rule further along the opponent's row: S12 (11) sows
/// N1 .. N11. Every pit now holds at most one; N11 was empty and its next
/// pit, N12, is North's: the seed in N11 is removed, N1 .. N10 keep theirs.
#[test]
fn ludii_last_seed_removed_in_the_opponents_pit_11() {
    let (_, events) = check_move(
        ludii(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,11/0,0,0,0,0,0,0,0,0,0,0,1 S 0-0 play",
        12,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,1,1,0,1 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(12), 11, north(11)), removed(north(11), 1)]
    );
}

/// Ludii's removal rule for North: N12 (2) sows S1 S2. Every pit now holds
/// at most one; S2 was empty and its next pit, S3, is South's: the seed in
/// S2 is removed, S1 keeps its seed.
#[test]
fn ludii_last_seed_removed_in_souths_row_for_north() {
    let (_, events) = check_move(
        ludii(),
        "andada-12 0,0,0,0,1,0,0,0,0,0,0,0/0,0,0,1,0,0,0,0,0,0,0,2 N 0-0 play",
        12,
        "andada-12 1,0,0,0,1,0,0,0,0,0,0,0/0,0,0,1,0,0,0,0,0,0,0,0 S 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(north(12), 2, south(2)), removed(south(2), 1)]
    );
}

/// Ludii: the opponent's last pit is the one pit of his row whose next pit
/// is not his, so a last seed there stays. S12 (2) sows N1 N2; N2 held 1:
/// relay N3 N4, N5 N6, N7 N8, N9 N10, N11 N12; N12 was empty. Every pit now
/// holds at most one, and N12's next pit is South's S1: the seed stays, and
/// nothing is captured.
#[test]
fn ludii_last_seed_in_the_opponents_last_pit_stays() {
    let (p, events) = check_move(
        ludii(),
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,2/0,1,0,1,0,1,0,1,0,1,0,0 S 0-0 play",
        12,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,0,1,0,1,1 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(12), 2, north(2)),
            lap(north(2), 2, north(4)),
            lap(north(4), 2, north(6)),
            lap(north(6), 2, north(8)),
            lap(north(8), 2, north(10)),
            lap(north(10), 2, north(12)),
        ]
    );
    // The 8 seeds of the position are all still on the board.
    assert_eq!(p.seeds_on_board(), 8);
}

/// Ludii: when the removal of a last seed in the mover's last pit empties
/// his row, he loses (his row is empty after the lap).
#[test]
fn ludii_removal_that_empties_the_movers_row_loses() {
    let (p, events) = check_move(
        ludii(),
        "andada-12 0,0,0,0,0,0,0,0,0,0,1,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles",
        11,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(11), 1, south(12)),
            removed(south(12), 1),
            Event::GameOver
        ]
    );
    assert_eq!(p.outcome(), win(Player::North));
}

/// Ludii: a relay may carry seeds across. S11 sows S12 (now 2): relay, N1
/// N2 (empty: the move ends, in North's row). N1 keeps its seed; the last
/// one, in N2 before North's N3 with every pit holding at most one, is
/// removed. The default reading removes both seeds of S12 instead.
#[test]
fn ludii_relay_carries_seeds_across() {
    let before = "andada-12 1,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,1,0,0,0,0,0,0,0 S 0-0 singles";
    let (_, events) = check_move(
        ludii(),
        before,
        11,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,1,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(11), 1, south(12)),
            lap(south(12), 2, north(2)),
            removed(north(2), 1)
        ]
    );
    let (_, events) = check_move(
        andada(12),
        before,
        11,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(11), 1, south(12)), removed(south(12), 2)]
    );
}

/// Ludii: the singleton test holds only while every pit holds at most one,
/// not for good. South's move makes a pit of 2 (S3); from then on the
/// ordinary rules apply: the state is `play`, and a last seed in South's
/// empty last pit captures N1 instead of being removed.
#[test]
fn ludii_singleton_rules_lapse_after_a_pit_of_2() {
    let (mut p, events) = check_move(
        ludii(),
        "andada-12 1,1,1,0,0,0,0,0,0,0,1,0/1,0,0,0,1,0,0,0,0,0,0,0 S 0-0 singles",
        1,
        "andada-12 0,0,2,1,0,0,0,0,0,0,1,0/1,0,0,0,1,0,0,0,0,0,0,0 N 0-0 play",
    );
    assert_eq!(
        events,
        vec![lap(south(1), 1, south(2)), lap(south(2), 2, south(4))]
    );
    // North N5 -> N6 (opposite S7 empty).
    play(&mut p, Move::Pit(5));
    assert_eq!(
        p.to_string(),
        "andada-12 0,0,2,1,0,0,0,0,0,0,1,0/1,0,0,0,0,1,0,0,0,0,0,0 S 0-0 play"
    );
    // South S11 -> S12 (empty): captures N1, the seed stays.
    let events = play(&mut p, Move::Pit(11));
    assert_eq!(
        events,
        vec![
            lap(south(11), 1, south(12)),
            capture(Player::South, north(1), 1)
        ]
    );
    assert_eq!(
        p.to_string(),
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,1/0,0,0,0,0,1,0,0,0,0,0,0 N 1-0 play"
    );
}

/// Ludii: a pit of 2 present, a seed crossing from the mover's last pit
/// passes into the opponent's row (the default reading, with the ending in
/// force for good, removes it).
#[test]
fn ludii_no_removal_of_a_crossing_seed() {
    let before = "andada-12 0,0,2,1,0,0,0,0,0,0,0,1/0,0,0,0,0,1,0,0,0,0,0,0 S 0-0 singles";
    // Under Ludii the phase is tested after every lap: with a pit of 2 it
    // reads `play` (a `singles` setup with a pit of 2 is unreachable there).
    check_move(
        ludii(),
        &before.replace("singles", "play"),
        12,
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,0/1,0,0,0,0,1,0,0,0,0,0,0 N 0-0 play",
    );
    check_move(
        andada(12),
        before,
        12,
        "andada-12 0,0,2,1,0,0,0,0,0,0,0,0/0,0,0,0,0,1,0,0,0,0,0,0 N 0-0 singles",
    );
}

/// Ludii: a capture that empties the opponent's row ends the game, and the
/// opponent loses. S5 (2) sows S6 S7; S1 still holds 2, so the ordinary
/// rules apply: S7 was empty, the opposite N6 holds North's last seed,
/// captured.
#[test]
fn ludii_capture_that_empties_the_opponents_row_wins() {
    let (p, events) = check_move(
        ludii(),
        "andada-12 2,0,0,0,2,0,0,0,0,0,0,0/0,0,0,0,0,1,0,0,0,0,0,0 S 0-0 play",
        5,
        "andada-12 2,0,0,0,0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 1-0 play",
    );
    assert_eq!(
        events,
        vec![
            lap(south(5), 2, south(7)),
            capture(Player::South, north(6), 1),
            Event::GameOver
        ]
    );
    assert_eq!(p.outcome(), win(Player::South));
}

/// Ludii: a player whose row is empty after any lap loses, even in the
/// middle of a relay. S12 (2) sows N1 N2; N2 held 1 (a relay would follow),
/// but South's row is empty: the game ends, North wins. Under the default
/// reading (and "empty row loses", which looks after the move) the relay
/// runs on along North's row N2 N4 ... N12 and back into S1 S2, where it
/// ends in empty S2 and captures N11.
#[test]
fn ludii_empty_row_after_any_lap_loses() {
    let before = "andada-12 0,0,0,0,0,0,0,0,0,0,0,2/0,1,0,1,0,1,0,1,0,1,0,1 S 0-0 play";
    let (p, events) = check_move(
        ludii(),
        before,
        12,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/1,2,0,1,0,1,0,1,0,1,0,1 N 0-0 play",
    );
    assert_eq!(events, vec![lap(south(12), 2, north(2)), Event::GameOver]);
    assert!(p.is_over());
    assert_eq!(p.outcome(), win(Player::North));

    let relay = vec![
        lap(south(12), 2, north(2)),
        lap(north(2), 2, north(4)),
        lap(north(4), 2, north(6)),
        lap(north(6), 2, north(8)),
        lap(north(8), 2, north(10)),
        lap(north(10), 2, north(12)),
        lap(north(12), 2, south(2)),
        capture(Player::South, north(11), 1),
    ];
    let after = "andada-12 1,1,0,0,0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,0,1,0,0,0 N 1-0 singles";
    for rules in [andada(12), reading(Reading::EmptyRowLoses)] {
        let (p, events) = check_move(rules, before, 12, after);
        assert_eq!(events, relay, "{rules:?}");
        assert!(!p.is_over());
    }
}

// ---- the clockwise option ----

/// Clockwise, South plays pit p: the seeds go to p-1, p-2, ... and from
/// South's pit 1 into North's pit n. S3 (3) sows S2 S1 N12; N12 was empty:
/// the move ends in North's row.
#[test]
fn clockwise_sowing_is_the_mirror_image() {
    let (_, events) = check_move(
        clockwise(),
        "andada-12 0,0,3,0,0,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0,0,0 S 0-0 play",
        3,
        "andada-12 1,1,0,0,0,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0,0,1 N 0-0 play",
    );
    assert_eq!(events, vec![lap(south(3), 3, north(12))]);
}

/// Clockwise relay and capture: S5 (2) sows S4 S3; S3 held 1: relay, S2
/// S1; S1 was empty: captures the opposite pit N12 (4).
#[test]
fn clockwise_relay_and_capture() {
    let (_, events) = check_move(
        clockwise(),
        "andada-12 0,0,1,0,2,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0,0,4 S 0-0 play",
        5,
        "andada-12 1,1,0,1,0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0,0,0 N 4-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(5), 2, south(3)),
            lap(south(3), 2, south(1)),
            capture(Player::South, north(12), 4)
        ]
    );
}

/// Clockwise for North: N2 (3) sows N1, then South's pit 12 and 11.
#[test]
fn clockwise_north_crosses_from_his_pit_1() {
    let (_, events) = check_move(
        clockwise(),
        "andada-12 2,0,0,0,0,0,0,0,0,0,0,0/0,3,0,0,0,0,0,0,0,0,0,0 N 0-0 play",
        2,
        "andada-12 2,0,0,0,0,0,0,0,0,0,1,1/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play",
    );
    assert_eq!(events, vec![lap(north(2), 3, south(11))]);
}

/// Clockwise singleton ending: South's last pit is S1; its seed would pass
/// into N12 and is removed. A seed landing in empty S1 captures N12.
#[test]
fn clockwise_singleton_ending() {
    let (_, events) = check_move(
        clockwise(),
        "andada-12 1,1,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,1 S 0-0 singles",
        1,
        "andada-12 0,1,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,1 N 0-0 singles",
    );
    assert_eq!(events, vec![removed(south(1), 1)]);
    let (p, events) = check_move(
        clockwise(),
        "andada-12 0,1,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,1 S 0-0 singles",
        2,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles",
    );
    assert_eq!(
        events,
        vec![
            lap(south(2), 1, south(1)),
            capture(Player::South, north(12), 1),
            Event::GameOver
        ]
    );
    assert_eq!(p.outcome(), win(Player::South));
}

/// Ludii, clockwise: the mover's last pit is South's pit 1 (from which
/// seeds pass into North's pit 12). S2 -> S1 (empty) while every pit holds
/// at most one: the seed is removed, N12 stays.
#[test]
fn ludii_clockwise_last_pit_is_pit_1() {
    let (_, events) = check_move(
        ludii().with_clockwise(true),
        "andada-12 0,1,0,0,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,1 S 0-0 singles",
        2,
        "andada-12 0,0,0,0,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,1 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(2), 1, south(1)), removed(south(1), 1)]
    );
}

/// Ludii, clockwise: North's row in sowing order runs N12 .. N1, so a last
/// seed in N12 is followed by North's N11. S1 (1) sows N12 (empty) while
/// every pit holds at most one: the seed is removed.
#[test]
fn ludii_clockwise_removal_in_the_opponents_row() {
    let (_, events) = check_move(
        ludii().with_clockwise(true),
        "andada-12 1,0,0,0,1,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0,0,0 S 0-0 singles",
        1,
        "andada-12 0,0,0,0,1,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert_eq!(
        events,
        vec![lap(south(1), 1, north(12)), removed(north(12), 1)]
    );
}

/// "Empty row loses" keeps the opening and the choice move of the default
/// reading.
#[test]
fn empty_row_loses_keeps_the_choice_move() {
    let mut p = Position::new(reading(Reading::EmptyRowLoses));
    play(&mut p, Move::Pit(1));
    assert_eq!(p.to_string(), format!("{AFTER_1} N 0-0 choice"));
    play(&mut p, Move::First(Player::South));
    assert_eq!(p.to_string(), format!("{AFTER_1} S 0-0 play"));
}

// ---- notation (RULES.md section 7) ----

/// The initial position strings name the phase `opening`; every phase round
/// trips; the state field is required for Andada; an unknown phase word is
/// refused; a position in phase `opening` must be the initial board.
#[test]
fn notation_phase_field() {
    assert_eq!(
        Position::new(andada(15)).to_string(),
        "andada-15 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2,2,2,2 S 0-0 opening"
    );
    for phase in ["choice", "play"] {
        let s = format!("{AFTER_1} N 0-0 {phase}");
        assert_eq!(pos(&s).to_string(), s);
    }
    // The singleton ending holds no more seeds than pits (issue 7: 48 seeds
    // in it are refused, see core.rs).
    let singles = "andada-12 1,0,0,0,0,0,0,0,0,0,0,1/0,1,0,0,0,0,0,0,0,0,0,2 N 30-10 singles";
    assert_eq!(pos(singles).to_string(), singles);
    let parse = |s: &str| Position::from_str_with(andada(12), s);
    assert_eq!(
        parse(&format!("{AFTER_1} N 0-0")),
        Err(ParsePositionError::Setup(SetupError::State(
            StateError::Missing {
                variant: "andada".into(),
                expected: "opening, choice, play, singles"
            }
        )))
    );
    assert!(matches!(
        parse(&format!("{AFTER_1} N 0-0 endgame")),
        Err(ParsePositionError::Setup(SetupError::State(
            StateError::Unknown { .. }
        )))
    ));
    assert!(matches!(
        parse(&format!("{AFTER_1} N 0-0 opening")),
        Err(ParsePositionError::Setup(SetupError::Unreachable(
            Unreachable::OpeningNotInitial
        )))
    ));
    assert!(matches!(
        parse("andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S 1-0 opening"),
        Err(ParsePositionError::Setup(SetupError::TooManySeeds { .. }))
    ));
}

// ---- properties ----

/// After the opening from any pit, by either player, in either direction,
/// every pit holds 0 or 3 and the seeds are all still on the board.
fn opening_property(n: u8, chosen: u8, cw: bool, opener: Player) -> Result<(), TestCaseError> {
    let mut p = Position::new_with_first(andada(n).with_clockwise(cw), opener);
    p.play(Move::Pit(chosen))
        .map_err(|e| TestCaseError::fail(format!("opening {chosen} refused: {e}")))?;
    for owner in Player::BOTH {
        for (i, seeds) in p.row(owner).enumerate() {
            prop_assert!(seeds == 0 || seeds == 3, "{owner} pit {}: {seeds}", i + 1);
        }
    }
    prop_assert_eq!(p.seeds_on_board(), 4 * n as u32);
    prop_assert_eq!(p.captured(Player::South) + p.captured(Player::North), 0);
    prop_assert_eq!(p.removed(), 0);
    prop_assert_eq!(p.seeds(Pit::new(opener, chosen)), 0);
    Ok(())
}

fn players() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::South), Just(Player::North)]
}

proptest! {
    #[test]
    fn opening_pattern_12(chosen in 1u8..=12, cw: bool, opener in players()) {
        opening_property(12, chosen, cw, opener)?;
    }

    #[test]
    fn opening_pattern_15(chosen in 1u8..=15, cw: bool, opener in players()) {
        opening_property(15, chosen, cw, opener)?;
    }

    #[test]
    fn opening_pattern_18(chosen in 1u8..=18, cw: bool, opener in players()) {
        opening_property(18, chosen, cw, opener)?;
    }

    #[test]
    fn opening_pattern_21(chosen in 1u8..=21, cw: bool, opener in players()) {
        opening_property(21, chosen, cw, opener)?;
    }

    #[test]
    fn opening_pattern_24(chosen in 1u8..=24, cw: bool, opener in players()) {
        opening_property(24, chosen, cw, opener)?;
    }
}

/// Board sizes other than 12, 15, 18, 21 and 24 are refused at every door:
/// the constructor, the variant name and deserialisation (RULES.md section 6).
#[test]
fn only_the_five_board_sizes_exist() {
    assert!(Andada::new(13).is_none());
    assert!(Andada::new(30).is_none());
    assert!("andada-13".parse::<sowing::AnyRuleset>().is_err());
    assert!(sowing::AnyRuleset::from_variant(sowing::Variant::Andada(13)).is_none());
    let bad = r#"{"pits_per_row":30,"clockwise":false,"reading":"Pankhurst"}"#;
    assert!(serde_json::from_str::<Andada>(bad).is_err());
    let good = r#"{"pits_per_row":15,"clockwise":true,"reading":"Ludii"}"#;
    let rules: Andada = serde_json::from_str(good).unwrap();
    assert_eq!(rules.pits_per_row(), 15);
    assert!(rules.clockwise);
}

/// 6.7 under the empty-row readings: a player with seeds in his row but no
/// legal move (here every move is cut off by a lap limit of 1, RULES.md
/// section 2's option: each first lap ends in an occupied pit) does not win
/// by his row; the game is over and the player who moved last, North, wins
/// (6.6), as under Pankhurst's reading.
#[test]
fn no_legal_move_with_seeds_in_both_rows_is_a_win_for_the_last_mover() {
    let all_two = "andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S 0-0 play";
    for rules in [andada(12), reading(Reading::EmptyRowLoses), ludii()] {
        let p = pos_with(rules, all_two).with_lap_limit(Some(1));
        assert!(p.is_over(), "{rules:?}");
        assert_eq!(p.outcome(), win(Player::North), "{rules:?}");
    }
}

/// Ludii applies a move's removal before it tests for an empty row (6.7):
/// N12 (1) sows S1, which was empty, and S1's next pit, S2, is South's (the
/// opponent's): the seed is removed. North's row is then empty and the game
/// is over, South having won; the seed does not stay in S1. This is ply 98
/// of the record below, played from Andada-12's start under Ludii's reading.
#[test]
fn ludii_removal_comes_before_the_empty_row_end() {
    let before = "andada-12 0,0,0,0,0,0,0,0,1,0,1,0/0,0,0,0,0,0,0,0,0,0,0,1 N 23-16 singles";
    let after = "andada-12 0,0,0,0,0,0,0,0,1,0,1,0/0,0,0,0,0,0,0,0,0,0,0,0 S 23-16 singles";
    let (p, events) = check_move(ludii(), before, 12, after);
    assert_eq!(
        events,
        vec![
            lap(north(12), 1, south(1)),
            removed(south(1), 1),
            Event::GameOver
        ]
    );
    assert!(p.is_over());
    assert_eq!(p.outcome(), win(Player::South));

    let record: sowing::Record = "6/11/5/12/7/10/7/10/9/1/3/5/1/5/10/11/8/7/10/12/5/10/4/11/11/5/\
        3/1/9/1/1/2/5/11/3/6/5/5/9/11/6/6/1/2/7/10/6/8/9/9/1/5/8/3/12/7/3/12/1/2/10/4/6/5/8/2/2/\
        6/5/7/12/4/6/3/3/9/4/5/10/10/7/4/8/5/5/7/11/11/6/10/7/11/9/8/10/10/8/12"
        .parse()
        .unwrap();
    let game = sowing::Game::from_record(Position::new(ludii()), &record).unwrap();
    assert_eq!(game.ply(), 98);
    assert_eq!(game.position().to_string(), after);
    assert_eq!(game.outcome(), win(Player::South));
}
