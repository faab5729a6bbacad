//! Oware's rules case by case, boards written out by hand before and after
//! (OpenSpiel's `oware.cc`; the functions named are its own). Position
//! strings: South's row from his pit 1 (OpenSpiel's houses 0..5), North's
//! from his pit 1 (houses 6..11), the side to move, the scores.

use oware::Oware;
use sowing::{DrawReason, Move, MoveSet, Outcome, Player, Position, Score};

fn pos(s: &str) -> Position<Oware> {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn after(before: &str, mv: u8) -> Position<Oware> {
    let mut p = pos(before);
    p.play(Move::Pit(mv)).unwrap();
    p
}

fn moves(pits: &[u8]) -> MoveSet {
    let mut set = MoveSet::EMPTY;
    for &p in pits {
        set.insert(Move::Pit(p));
    }
    set
}

/// `DistributeSeeds`: one seed a house, counter-clockwise.
#[test]
fn plain_sowing() {
    let p = after("oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", 3);
    assert_eq!(p.to_string(), "oware 4,4,0,5,5,5/5,4,4,4,4,4 N 0-0");
    // North's pit 6 sows into South's row.
    let p = after("oware 4,4,0,5,5,5/5,4,4,4,4,4 N 0-0", 6);
    assert_eq!(p.to_string(), "oware 5,5,1,6,5,5/5,4,4,4,4,0 S 0-0");
}

/// `DistributeSeeds`: "Seeds are never sown into the house they were drawn
/// from": 12 seeds from South's pit 1 sow the 11 other houses, pass pit 1
/// by, and the 12th falls in pit 2.
#[test]
fn a_lap_of_12_skips_its_origin() {
    let p = after("oware 12,0,0,0,0,0/1,1,1,1,1,1 S 15-15", 1);
    assert_eq!(p.to_string(), "oware 0,2,1,1,1,1/2,2,2,2,2,2 N 15-15");
    // 13 seeds: the 13th is in pit 3.
    let p = after("oware 13,0,0,0,0,0/1,1,1,1,1,1 S 14-15", 1);
    assert_eq!(p.to_string(), "oware 0,2,2,1,1,1/2,2,2,2,2,2 N 14-15");
}

/// `DoCaptureFrom`: the last house (North's pit 3) holds 2, then pit 2 holds
/// 3 and pit 1 holds 2: all taken, 7 seeds. Not a grand slam: North's pit 4
/// keeps 5.
#[test]
fn a_capture_chain_of_2s_and_3s() {
    let p = after("oware 0,0,0,0,0,3/1,2,1,5,0,0 S 14-22", 6);
    assert_eq!(p.to_string(), "oware 0,0,0,0,0,0/0,0,0,5,0,0 N 21-22");
    assert!(!p.is_over());
}

/// `DoCaptureFrom` stops at the first house that does not hold 2 or 3:
/// North's pit 1 holds 4 and stays.
#[test]
fn a_chain_stopped_by_a_4() {
    let p = after("oware 0,0,0,0,0,3/3,2,1,5,0,0 S 12-22", 6);
    assert_eq!(p.to_string(), "oware 0,0,0,0,0,0/4,0,0,5,0,0 N 17-22");
}

/// A last seed in the mover's own row captures nothing, 2 or 3 as it holds.
#[test]
fn no_capture_in_the_own_row() {
    let p = after("oware 1,1,0,0,0,0/4,4,4,4,4,4 S 11-11", 1);
    assert_eq!(p.to_string(), "oware 0,2,0,0,0,0/4,4,4,4,4,4 N 11-11");
}

/// `IsGrandSlam`: the chain would take every seed of North (2, 3, 2 and
/// nothing beyond): no capture at all, and the move stays legal.
#[test]
fn a_grand_slam_captures_nothing() {
    let before = pos("oware 1,0,0,0,0,3/1,2,1,0,0,0 S 20-20");
    assert!(before.legal_moves().contains(Move::Pit(6)));
    let p = after("oware 1,0,0,0,0,3/1,2,1,0,0,0 S 20-20", 6);
    assert_eq!(p.to_string(), "oware 1,0,0,0,0,0/2,3,2,0,0,0 N 20-20");
    assert_eq!(p.legal_moves(), moves(&[1, 2, 3]));
}

/// `LegalActions`: North has no seeds, so South may play only a house whose
/// seeds reach North's row: pit 4 (3 seeds) and pit 6 (1), not pit 1 (1).
#[test]
fn must_feed() {
    let p = pos("oware 1,0,0,3,0,1/0,0,0,0,0,0 S 21-22");
    assert_eq!(p.legal_moves(), moves(&[4, 6]));
    let mut q = p;
    assert!(q.play(Move::Pit(1)).is_err());
    let q = after("oware 1,0,0,3,0,1/0,0,0,0,0,0 S 21-22", 4);
    assert_eq!(q.to_string(), "oware 1,0,0,0,1,2/1,0,0,0,0,0 N 21-22");
}

/// `DoApplyAction`: North's move empties his row and South cannot feed him
/// (pit 1's 4 seeds and pit 2's 1 stop short): no legal move, so
/// `CollectAndTerminate` gives each player the seeds of his own row.
#[test]
fn no_feeding_move_collects_and_ends() {
    let p = after("oware 3,1,0,0,0,0/0,0,0,0,0,1 N 20-23", 6);
    assert_eq!(p.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 S 25-23");
    assert!(p.is_over());
    assert_eq!(p.legal_moves(), MoveSet::EMPTY);
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Player::South,
            score: Some(Score {
                south: 25,
                north: 23
            })
        }
    );
}

/// `IsTerminal`: a capture takes South to 25 (over half): the game is over,
/// and (`LegalActions` being empty) North's 5 seeds are collected for him.
#[test]
fn the_end_at_25() {
    let p = after("oware 0,0,0,0,0,3/1,2,1,5,0,0 S 18-18", 6);
    assert_eq!(p.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 N 25-23");
    assert!(p.is_over());
    assert_eq!(p.outcome().winner(), Some(Player::South));
}

/// `IsTerminal`: 24 each is over too, a draw.
#[test]
fn the_end_at_24_each() {
    // South takes North's pit 1 (2 seeds): 24-22, North's 2 collected.
    let p = after("oware 0,0,0,0,0,1/1,0,2,0,0,0 S 22-22", 6);
    assert_eq!(p.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 N 24-24");
    assert_eq!(
        p.outcome(),
        Outcome::Draw {
            reason: DrawReason::EqualScore,
            score: Some(Score {
                south: 24,
                north: 24
            })
        }
    );
}

/// `boards_since_last_capture_`: after 12 plies the start position (seeds,
/// scores, South to move) is back: the first repeat ends the game, and
/// `CollectAndTerminate` gives each his own row's 2 seeds: 25-23.
#[test]
fn repetition_ends_and_collects_through_game() {
    let start = pos("oware 1,0,0,0,0,1/1,0,0,0,0,1 S 23-21");
    let mut game = oware::game(start);
    let line = [1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 5, 5];
    for (i, &mv) in line.iter().enumerate() {
        assert!(game.outcome().is_ongoing(), "ply {i}");
        game.play(Move::Pit(mv)).unwrap();
    }
    // The position that came back, and the game's last position with the
    // seeds collected onto it: 23 + 2 and 21 + 2.
    assert_eq!(game.repeated(), Some(&start));
    assert_eq!(game.occurrences(), 2);
    assert_eq!(
        game.position().to_string(),
        "oware 0,0,0,0,0,0/0,0,0,0,0,0 S 25-23"
    );
    assert_eq!(
        game.outcome(),
        Outcome::Win {
            winner: Player::South,
            score: Some(Score {
                south: 25,
                north: 23
            })
        }
    );
    assert_eq!(game.legal_moves(), MoveSet::EMPTY);
    assert!(game.play(Move::Pit(1)).is_err());
}

/// The hooks' context reports Oware's captures and its collection at the
/// end (`DoCaptureFrom`, `CollectAndTerminate`): the ruleset reports no
/// event by hand. South's last seed makes North's pit 1 a 2: captured,
/// 25 seeds, so North has no move (`IsTerminal`) and each player collects
/// his own row, South first.
#[test]
fn captures_and_the_collection_are_reported() {
    use sowing::{Event, Pit, Player::*};
    let mut p: Position<Oware> = "oware 0,0,0,0,1,1/1,0,0,0,0,2 S 23-20".parse().unwrap();
    let events = p.play_traced(Move::Pit(6)).unwrap();
    assert_eq!(
        events,
        [
            Event::Lap {
                origin: Pit::new(South, 6),
                seeds: 1,
                landing: Pit::new(North, 1)
            },
            Event::Capture {
                by: South,
                pit: Pit::new(North, 1),
                seeds: 2
            },
            Event::Sweep {
                to: South,
                seeds: 1
            },
            Event::Sweep {
                to: North,
                seeds: 2
            },
            Event::GameOver,
        ]
    );
    assert_eq!(p.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 N 26-22");
}
