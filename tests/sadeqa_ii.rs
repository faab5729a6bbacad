//! Sadeqa II (Pankhurst game 93): RULES.md section 4, one test per rule
//! branch and the worked case. Positions before and after are written by
//! hand from the rule book, as position strings (RULES.md section 7: each
//! row from its owner's pit 1; North's pit i faces South's pit 7-i; the
//! captured field counts the seeds each mover removed; `first:..` names the
//! players whose first move is still restricted to pit 6).
//!
//! A case whose board holds few seeds (the rule book's "every pit not
//! listed is empty") puts the rest of the game's seeds in the captured
//! field, split between the players, so that every position holds all
//! its seeds as play does (issue 32: a position with fewer is refused);
//! the case's captures and points add to those.

mod common;

use common::{lap, legal_pits as moves, n, s};
use sowing::rulesets::SadeqaII;
use sowing::{Event, Move, Outcome, PlayError, Player, Position, Refusal};

fn pos(s: &str) -> Position<SadeqaII> {
    common::parse(s)
}

fn play(before: &str, mv: u8, after: &str) -> Position<SadeqaII> {
    common::play(before, mv, after)
}

/// The error of playing `mv` on a copy of `p`.
fn play_err(p: &Position<SadeqaII>, mv: u8) -> PlayError {
    let mut copy = *p;
    copy.play(Move::Pit(mv)).unwrap_err()
}

const START: &str = "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:SN";

fn forced(mv: u8) -> PlayError {
    PlayError::Illegal {
        mv: Move::Pit(mv),
        reason: Refusal::ForcedFirstMove { pit: 6 },
    }
}

// ---- the worked case of section 4 ----

/// Section 4: "South plays 6 from the initial position. The laps end in N3,
/// S1, S5 and finally in empty N3 again, whose opposite pit S4 (4 seeds) is
/// removed. Result: South 0,4,4,0,0,1; North 5,5,1,4,4,4; 32 seeds on the
/// board; North to move, and North must play his pit 6."
#[test]
fn worked_case_forced_opening_south_6() {
    let mut p = Position::new(SadeqaII::new());
    assert_eq!(p.to_string(), START);
    assert_eq!(moves(&p), vec![6]);
    let events = p.play_traced(Move::Pit(6)).unwrap();
    assert_eq!(
        events,
        vec![
            lap(s(6), 3, n(3)),
            lap(n(3), 4, s(1)),
            lap(s(1), 4, s(5)),
            lap(s(5), 4, n(3)),
            Event::Capture {
                by: Player::South,
                pit: s(4),
                seeds: 4
            },
        ]
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 4-0 first:N"
    );
    assert_eq!(p.seeds_on_board(), 32);
    assert_eq!(p.side_to_move(), Player::North);
    assert_eq!(moves(&p), vec![6], "North must play his pit 6");
}

/// The worked case continued: North's forced 6 sows 4 seeds into S1..S4 and
/// ends in the empty S4 (South's row); the opposite pit is North's own N3
/// (1 seed), which is removed. Both restrictions are now used up.
#[test]
fn worked_case_continued_north_forced_6() {
    let mut p = pos("sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 4-0 first:N");
    let events = p.play_traced(Move::Pit(6)).unwrap();
    assert_eq!(
        events,
        vec![
            lap(n(6), 4, s(4)),
            Event::Capture {
                by: Player::North,
                pit: n(3),
                seeds: 1
            },
        ]
    );
    assert_eq!(p.to_string(), "sadeqa-ii 1,5,5,1,0,1/5,5,0,4,4,0 S 4-1");
    assert_eq!(moves(&p), vec![1, 2, 3, 4, 6]);
}

// ---- 4.1 moves and the first-move restriction ----

#[test]
fn forced_first_move_from_pit_6() {
    let start = Position::new(SadeqaII::new());
    for pit in 1..=5 {
        assert!(!start.is_legal(Move::Pit(pit)));
        let mut p = start;
        assert_eq!(p.play(Move::Pit(pit)), Err(forced(pit)));
        assert_eq!(p, start, "a refused move leaves the position unchanged");
    }
    assert!(start.is_legal(Move::Pit(6)));
}

/// North's first move is restricted too (the source: "a jogada muito
/// primeira de cada jogador"), also after South's first move.
#[test]
fn forced_first_move_for_north_too() {
    let after_south = pos("sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 4-0 first:N");
    for pit in 1..=5 {
        let mut p = after_south;
        assert_eq!(p.play(Move::Pit(pit)), Err(forced(pit)));
        assert_eq!(p, after_south);
    }
    // North starting: his first move is forced, and then South's.
    let p = Position::new_with_first(SadeqaII::new(), Player::North);
    assert_eq!(
        p.to_string(),
        "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 N 0-0 first:SN"
    );
    assert_eq!(moves(&p), vec![6]);
}

/// The restriction is each player's own: once South has made his first
/// move he is free, while North (still restricted) must play 6; after
/// North's first move neither is restricted. Turns alternate, so a single
/// restricted player is always the side to move: `first:N` with South to
/// move is unreachable.
#[test]
fn first_move_restriction_ends_after_own_first_move() {
    let q = pos("sadeqa-ii 1,1,1,1,1,1/1,1,1,1,1,1 N 12-12 first:N");
    assert_eq!(moves(&q), vec![6]);
    let mut r = q;
    // After North's first move, whatever it did, no first move is due.
    r.play(Move::Pit(6)).unwrap();
    assert!(!r.to_string().contains("first:"), "{r}");
    assert_eq!(
        "sadeqa-ii 1,1,1,1,1,1/1,1,1,1,1,1 S 12-12 first:N".parse::<Position<SadeqaII>>(),
        Err(sowing::ParsePositionError::Setup(
            sowing::SetupError::Unreachable(sowing::Unreachable::RestrictedNotToMove {
                player: Player::North
            })
        ))
    );
}

/// Pit 6 empty at the first move (custom setup): the restriction lapses,
/// any occupied pit may be played, and the first move is used up. South 1:
/// 3 seeds to S4 (relay 4), to N2 (relay 4), to N6 (relay 4), to the empty
/// S4, whose opposite N3 (4) is removed.
#[test]
fn forced_first_move_lapses_when_pit_6_empty() {
    let before = "sadeqa-ii 3,3,3,3,3,0/3,3,3,3,3,3 S 2-1 first:SN";
    assert_eq!(moves(&pos(before)), vec![1, 2, 3, 4, 5]);
    let mut p = pos(before);
    let events = p.play_traced(Move::Pit(1)).unwrap();
    assert_eq!(
        events,
        vec![
            lap(s(1), 3, s(4)),
            lap(s(4), 4, n(2)),
            lap(n(2), 4, n(6)),
            lap(n(6), 4, s(4)),
            Event::Capture {
                by: Player::South,
                pit: n(3),
                seeds: 4
            },
        ]
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-ii 1,5,5,1,4,1/4,0,0,4,4,0 N 6-1 first:N"
    );
    // North's pit 6 is empty too: his restriction lapses as well.
    assert_eq!(moves(&p), vec![1, 4, 5]);
}

/// Option: only the starting player's first move is restricted.
#[test]
fn starter_only_option() {
    let mut p = Position::new(SadeqaII::starter_only());
    assert_eq!(
        p.to_string(),
        "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:S"
    );
    assert_eq!(moves(&p), vec![6]);
    assert_eq!(play_err(&p, 1), forced(1));
    p.play(Move::Pit(6)).unwrap();
    // The same move as the worked case; North is free at once.
    assert_eq!(p.to_string(), "sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 4-0");
    assert_eq!(moves(&p), vec![1, 2, 3, 4, 5, 6]);
    // North starting: only North is restricted.
    let q = Position::new_with_first(SadeqaII::starter_only(), Player::North);
    assert_eq!(
        q.to_string(),
        "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 N 0-0 first:N"
    );
    assert_eq!(moves(&q), vec![6]);
}

/// Once the first moves are made: any own pit with seeds.
#[test]
fn moves_any_own_pit_with_seeds() {
    let p = pos("sadeqa-ii 1,0,3,0,0,2/0,1,0,0,0,0 S 15-14");
    assert_eq!(moves(&p), [1, 3, 6]);
    let q = pos("sadeqa-ii 1,0,3,0,0,2/0,1,0,0,0,0 N 15-14");
    assert_eq!(moves(&q), [2]);
}

#[test]
fn empty_pit_and_missing_pit_are_refused() {
    let p = pos("sadeqa-ii 0,2,0,0,0,0/1,0,0,0,0,0 S 17-16");
    assert_eq!(
        play_err(&p, 1),
        PlayError::Illegal {
            mv: Move::Pit(1),
            reason: Refusal::EmptyPit { pit: 1 }
        }
    );
    assert_eq!(
        play_err(&p, 7),
        PlayError::Illegal {
            mv: Move::Pit(7),
            reason: Refusal::NoSuchPit {
                pit: 7,
                pits_per_row: 6
            }
        }
    );
    assert_eq!(moves(&p), vec![2]);
}

// ---- 4.2 sowing ----

/// The last seed falls into S2 (2 seeds before): relay; S2's 3 seeds end in
/// the empty S5, whose opposite N2 is empty.
#[test]
fn relay_when_last_seed_lands_in_occupied_pit() {
    let mut p = pos("sadeqa-ii 1,2,0,0,0,0/1,0,0,0,0,0 S 16-16");
    let events = p.play_traced(Move::Pit(1)).unwrap();
    assert_eq!(events, vec![lap(s(1), 1, s(2)), lap(s(2), 3, s(5))]);
    assert_eq!(p.to_string(), "sadeqa-ii 0,0,1,1,1,0/1,0,0,0,0,0 N 16-16");
}

// ---- 4.3 capture ----

/// S1's seed ends in the empty S2; the opposite pit N5 (2) is removed from
/// play and counted for South. The capturing seed stays.
#[test]
fn capture_in_own_row_removes_opposite_pit() {
    let p = play(
        "sadeqa-ii 1,0,0,0,0,0/1,0,0,0,2,0 S 16-16",
        1,
        "sadeqa-ii 0,1,0,0,0,0/1,0,0,0,0,0 N 18-16",
    );
    assert_eq!(p.seeds(s(2)), 1, "the capturing seed stays");
}

/// S3's 2 seeds end in the empty S5; N2 opposite (5) is removed and the
/// seed that fell into S5 stays there.
#[test]
fn capturing_seed_stays() {
    let p = play(
        "sadeqa-ii 0,0,2,0,0,0/1,5,0,0,0,0 S 16-12",
        3,
        "sadeqa-ii 0,0,0,1,1,0/1,0,0,0,0,0 N 21-12",
    );
    assert_eq!(p.seeds(s(5)), 1);
}

/// S6's 2 seeds end in the empty N2, in North's row; the opposite pit is
/// South's own S5 (3 seeds): they are removed, counted for South (the
/// mover).
#[test]
fn capture_on_either_side_removes_own_seeds() {
    let mut p = pos("sadeqa-ii 0,0,0,0,3,2/0,0,0,0,0,1 S 15-15");
    let events = p.play_traced(Move::Pit(6)).unwrap();
    assert_eq!(
        events,
        vec![
            lap(s(6), 2, n(2)),
            Event::Capture {
                by: Player::South,
                pit: s(5),
                seeds: 3
            }
        ]
    );
    assert_eq!(p.to_string(), "sadeqa-ii 0,0,0,0,0,0/1,1,0,0,0,1 N 18-15");
    assert_eq!(p.seeds(n(2)), 1, "the capturing seed stays");
    // South has no seeds left, but it is North's turn: the game goes on.
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn no_capture_when_opposite_pit_is_empty() {
    play(
        "sadeqa-ii 0,0,0,0,0,2/0,0,0,0,0,1 S 17-16",
        6,
        "sadeqa-ii 0,0,0,0,0,0/1,1,0,0,0,1 N 17-16",
    );
}

// ---- 4.4 end and winner ----

/// South's capture takes North's last seeds: North, to move, has no legal
/// move and loses.
#[test]
fn player_to_move_without_a_move_loses() {
    let mut p = pos("sadeqa-ii 1,0,0,0,0,0/0,0,0,0,2,0 S 17-16");
    let events = p.play_traced(Move::Pit(1)).unwrap();
    assert_eq!(events.last(), Some(&Event::GameOver));
    assert_eq!(p.to_string(), "sadeqa-ii 0,1,0,0,0,0/0,0,0,0,0,0 N 19-16");
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Player::South,
            score: None
        }
    );
    assert_eq!(play_err(&p, 2), PlayError::GameOver);
}

/// A move that removes the mover's own last seeds (S6's 2 seeds end in the
/// empty N2, and South's S5 opposite is removed) hands North the turn; North
/// plays N1 (relay from N2 to the empty N4, opposite S3 empty), and South,
/// to move with an empty row, loses.
#[test]
fn removing_own_last_seeds_loses() {
    let p = play(
        "sadeqa-ii 0,0,0,0,3,2/0,0,0,0,0,1 S 15-15",
        6,
        "sadeqa-ii 0,0,0,0,0,0/1,1,0,0,0,1 N 18-15",
    );
    assert!(!p.is_over());
    let q = play(
        "sadeqa-ii 0,0,0,0,0,0/1,1,0,0,0,1 N 18-15",
        1,
        "sadeqa-ii 0,0,0,0,0,0/0,0,1,1,0,1 S 18-15",
    );
    assert!(q.is_over());
    assert_eq!(
        q.outcome(),
        Outcome::Win {
            winner: Player::North,
            score: None
        }
    );
}

/// The removed seeds are for information only: South removed far more, but
/// South is to move with no seeds and loses. No draws.
#[test]
fn removed_seeds_do_not_decide_the_winner() {
    let p = pos("sadeqa-ii 0,0,0,0,0,0/1,0,0,0,0,0 S 33-2");
    assert!(p.is_over());
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Player::North,
            score: None
        }
    );
}
