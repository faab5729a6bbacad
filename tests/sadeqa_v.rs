//! Sadeqa V (RULES.md section 3; source `seeds/000_eee233a78ae97519.txt`).
//!
//! Every position before and after a move is written out by hand from the
//! rule book, never copied from the engine's output. Pits are written as the
//! position string writes them (RULES.md section 7): each row from its
//! owner's pit 1, `w` marks a warana, owned by the player who does NOT own
//! that row.
//!
//! A case whose board holds few seeds (the rule book's "every pit not
//! listed is empty") puts the rest of the game's seeds in the captured
//! field, split between the players, so that every position holds all
//! its seeds as play does (issue 32: a position with fewer is refused);
//! the case's captures and points add to those.

mod common;

use common::{lap, n, s};
use sowing::rulesets::SadeqaV;
use sowing::{
    DrawReason, Event, Move, Outcome, ParsePositionError, Pit, PlayError, Player, Position,
    Refusal, Score, SetupError, Unreachable,
};

// ---- helpers ----

fn pos(s: &str) -> Position<SadeqaV> {
    match s.parse::<Position<SadeqaV>>() {
        Ok(p) => p,
        Err(e) => panic!("{s:?} does not parse: {e}"),
    }
}

fn play(p: &mut Position<SadeqaV>, pit: u8) -> Vec<Event> {
    match p.play_traced(Move::Pit(pit)) {
        Ok(events) => events,
        Err(e) => panic!("{p}: move {pit} refused: {e}"),
    }
}

fn laps(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Lap { .. }))
        .count()
}

fn count<F: Fn(&Event) -> bool>(events: &[Event], f: F) -> usize {
    events.iter().filter(|e| f(e)).count()
}

fn captures(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::WaranaCapture { .. }))
        .collect()
}

fn waranas_made(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::WaranaMade { .. }))
        .collect()
}

fn bonus_moves(events: &[Event]) -> usize {
    count(events, |e| matches!(e, Event::BonusMove { .. }))
}

fn passes(events: &[Event]) -> Vec<Player> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Pass { player } => Some(*player),
            _ => None,
        })
        .collect()
}

fn game_over_events(events: &[Event]) -> usize {
    count(events, |e| matches!(e, Event::GameOver))
}

fn points(p: &Position<SadeqaV>) -> (u16, u16) {
    (
        p.points(Player::South).unwrap(),
        p.points(Player::North).unwrap(),
    )
}

fn moves(list: &[u8]) -> Vec<Move> {
    list.iter().map(|&p| Move::Pit(p)).collect()
}

fn legal(p: &Position<SadeqaV>) -> Vec<Move> {
    p.legal_moves().into_iter().collect()
}

// ---- RULES.md section 3, worked cases ----
//
// South to move; every pit not listed is empty, except North 10 = 1 so that
// North can move.

/// 3.3.4: S10 = 1, N1 = 3; South plays 10: N1 = 4 and is South's warana;
/// North to move.
#[test]
fn new_warana() {
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,1/3,0,0,0,0,0,0,0,0,1 S 38-37");
    let events = play(&mut p, 10);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,0/4w,0,0,0,0,0,0,0,0,1 N 38-37")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 0,0,0,0,0,0,0,0,0,0/4w,0,0,0,0,0,0,0,0,1 N 38-37"
    );
    assert_eq!(
        events,
        vec![
            lap(s(10), 1, n(1)),
            Event::WaranaMade {
                owner: Player::South,
                pit: n(1),
            },
        ]
    );
    assert_eq!(p.side_to_move(), Player::North);
    assert!(!p.is_over());
    // The 4 seeds in South's warana count for South (3.7).
    assert_eq!(points(&p), (42, 37));
    // North may play only his pit 10: N1 is a warana (3.1).
    assert_eq!(legal(&p), moves(&[10]));
}

/// 3.4: a 3 made 4 in the mover's own row is an ordinary occupied pit:
/// S1 = 1, S2 = 3; South plays 1: S2 = 0, S3 = S4 = S5 = S6 = 1; North to
/// move.
#[test]
fn own_3_to_4_relays() {
    let mut p = pos("sadeqa-v 1,3,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37");
    let events = play(&mut p, 1);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,1,1,1,1,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 38-37")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 0,0,1,1,1,1,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 38-37"
    );
    assert_eq!(events, vec![lap(s(1), 1, s(2)), lap(s(2), 4, s(6))]);
    assert!(waranas_made(&events).is_empty());
    assert_eq!(p.marks(), 0);
}

/// 3.3.2: S5 = 1, S6 = North's warana with 3, S1 = 1; South plays 5: South
/// captured 2, S6 = 2; South moves again.
#[test]
fn capture_and_bonus() {
    let mut p = pos("sadeqa-v 1,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 37-37");
    assert_eq!(points(&p), (37, 40));
    let events = play(&mut p, 5);
    assert_eq!(
        p,
        pos("sadeqa-v 1,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-37")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 1,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-37"
    );
    assert_eq!(laps(&events), 1);
    assert_eq!(events[0], lap(s(5), 1, s(6)));
    assert_eq!(
        captures(&events),
        vec![Event::WaranaCapture {
            by: Player::South,
            pit: s(6),
            seeds: 2,
        }]
    );
    assert_eq!(bonus_moves(&events), 1, "{events:?}");
    assert!(events.contains(&Event::BonusMove {
        player: Player::South
    }));
    assert!(passes(&events).is_empty());
    assert_eq!(p.side_to_move(), Player::South);
    assert_eq!(p.captured(Player::South), 39);
    assert_eq!(points(&p), (39, 39));
    // The bonus move: any non-warana pit of South's row with seeds.
    assert_eq!(legal(&p), moves(&[1]));
}

/// 3.3.2: S5 = 1, S6 = North's warana with 0, S1 = 1; South plays 5: South
/// captured 1, S6 = 0; South moves again.
#[test]
fn capture_from_an_empty_warana() {
    let mut p = pos("sadeqa-v 1,0,0,0,1,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-38");
    let events = play(&mut p, 5);
    assert_eq!(
        p,
        pos("sadeqa-v 1,0,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 40-38")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 1,0,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 40-38"
    );
    assert_eq!(events[0], lap(s(5), 1, s(6)));
    assert_eq!(
        captures(&events),
        vec![Event::WaranaCapture {
            by: Player::South,
            pit: s(6),
            seeds: 1,
        }]
    );
    assert_eq!(bonus_moves(&events), 1, "{events:?}");
    assert_eq!(p.side_to_move(), Player::South);
    assert_eq!(points(&p), (40, 38));
}

/// 3.3.1: S10 = 1, N1 = South's warana with 2; South plays 10: N1 = 3,
/// nothing captured; North to move.
#[test]
fn own_warana() {
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,1/2w,0,0,0,0,0,0,0,0,1 S 38-38");
    assert_eq!(points(&p), (40, 38));
    let events = play(&mut p, 10);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,0/3w,0,0,0,0,0,0,0,0,1 N 38-38")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 0,0,0,0,0,0,0,0,0,0/3w,0,0,0,0,0,0,0,0,1 N 38-38"
    );
    assert_eq!(events, vec![lap(s(10), 1, n(1))]);
    assert_eq!(p.captured(Player::South), 38);
    assert_eq!(points(&p), (41, 38));
}

/// 3.5: S5 = 1, S6 = North's warana with 3; South plays 5: South captured 2,
/// S6 = 2; South has no bonus move and passes; North to move.
#[test]
fn pass_after_a_capture() {
    let mut p = pos("sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37");
    let events = play(&mut p, 5);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 40-37")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 40-37"
    );
    assert_eq!(events[0], lap(s(5), 1, s(6)));
    assert_eq!(
        captures(&events),
        vec![Event::WaranaCapture {
            by: Player::South,
            pit: s(6),
            seeds: 2,
        }]
    );
    assert_eq!(passes(&events), vec![Player::South]);
    assert_eq!(game_over_events(&events), 0);
    assert_eq!(p.side_to_move(), Player::North);
    assert!(!p.is_over());
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert_eq!(legal(&p), moves(&[10]));
}

/// 3.6 and 3.7: without North's seed. S5 = 1, S6 = North's warana with 3,
/// nothing else; South plays 5, captures 2, and then neither player can
/// move: the game ends 2:2 (South's 2 captured, North's 2 in his warana), a
/// draw.
#[test]
fn no_north_seed_ends_2_2_draw() {
    let mut p = pos("sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38");
    assert!(!p.is_over());
    let events = play(&mut p, 5);
    assert_eq!(
        captures(&events),
        vec![Event::WaranaCapture {
            by: Player::South,
            pit: s(6),
            seeds: 2,
        }]
    );
    assert_eq!(game_over_events(&events), 1, "{events:?}");
    assert_eq!(events.last(), Some(&Event::GameOver));
    assert!(passes(&events).is_empty(), "{events:?}");
    assert!(p.is_over());
    assert_eq!(points(&p), (40, 40));
    let score = Score {
        south: 40,
        north: 40,
    };
    assert_eq!(
        p.outcome(),
        Outcome::Draw {
            reason: DrawReason::EqualScore,
            score: Some(score),
        }
    );
    assert_eq!(p.outcome().winner(), None);
    assert_eq!(p.outcome().score(), Some(score));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.play(Move::Pit(6)), Err(PlayError::GameOver));
    // The board and the captured seeds, by hand. The side-to-move field
    // names the player who would be next (RULES.md section 7): South, due
    // to make his bonus move, is the player who could not move first, and
    // stays named (the module's decision; see
    // `neither_can_move_names_the_player_who_could_not_move_first`).
    let text = p.to_string();
    assert_eq!(
        text,
        "sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 40-38"
    );
    // The final position parses back as a finished game.
    let back = pos(&text);
    assert_eq!(back, p);
    assert!(back.is_over());
    assert_eq!(back.outcome(), p.outcome());
}

/// 3.5 and 3.6: when neither player can move the game is over, and the
/// side-to-move field keeps the player who could not move first (he would
/// be next; RULES.md section 7 and the module's decision), not the player
/// he would have passed to. South's last seed falls from S10 into N1 (3
/// seeds, now 4): N1 becomes South's warana (3.3.4) and the move ends.
/// North, to move, has only that warana in his row and cannot move; South
/// has no seeds left: the game ends with North named, 4:0 for South (3.7).
#[test]
fn neither_can_move_names_the_player_who_could_not_move_first() {
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,1/3,0,0,0,0,0,0,0,0,0 S 38-38");
    let events = play(&mut p, 10);
    assert_eq!(
        p.to_string(),
        "sadeqa-v 0,0,0,0,0,0,0,0,0,0/4w,0,0,0,0,0,0,0,0,0 N 38-38"
    );
    assert_eq!(p.side_to_move(), Player::North);
    assert!(p.is_over());
    assert!(passes(&events).is_empty(), "{events:?}");
    assert_eq!(events.last(), Some(&Event::GameOver));
    assert_eq!(points(&p), (42, 38));
    assert_eq!(
        p.outcome(),
        Outcome::by_score(Score {
            south: 42,
            north: 38
        })
    );
}

/// 3.4: a warana belongs to the player who does not own its row, and stays
/// one when empty. S6 (3 seeds) is North's warana, N1 (empty) South's; S1
/// and N10 are ordinary pits, and a pit off the board is none.
#[test]
fn warana_owner_is_the_player_who_does_not_own_its_row() {
    let p = pos("sadeqa-v 1,0,0,0,0,3w,0,0,0,0/0w,0,0,0,0,0,0,0,0,1 S 38-37");
    assert_eq!(p.warana_owner(s(6)), Some(Player::North));
    assert_eq!(p.warana_owner(n(1)), Some(Player::South));
    for pit in [s(1), s(2), s(5), s(7), n(2), n(10), s(11), n(0)] {
        assert_eq!(p.warana_owner(pit), None, "{pit:?}");
    }
}

/// The acceptance check: from
/// `sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38` South plays 5,
/// captures 2, moves again, then neither can move and the game ends 2:2, a
/// draw.
#[test]
fn acceptance_capture_then_neither_can_move_draw_2_2() {
    let mut p = pos("sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38");
    assert_eq!(legal(&p), moves(&[5]));
    let events = play(&mut p, 5);
    assert!(events.contains(&Event::WaranaCapture {
        by: Player::South,
        pit: s(6),
        seeds: 2,
    }));
    // South moves again (the bonus move), but has nothing to play...
    assert!(events.contains(&Event::BonusMove {
        player: Player::South
    }));
    // ... and neither can North: the game is over.
    assert!(p.is_over());
    assert_eq!(p.captured(Player::South), 40);
    assert_eq!(p.captured(Player::North), 38);
    assert_eq!(
        p.outcome(),
        Outcome::Draw {
            reason: DrawReason::EqualScore,
            score: Some(Score {
                south: 40,
                north: 40
            }),
        }
    );
}

// ---- the opening ----

/// RULES.md section 3: South 1 from the start leaves South
/// 1,6,6,6,1,5,5,5,5,0 and North 5,5,5,5,0,5,5,5,5,0.
///
/// By hand: 4 from S1 to S2..S5 (last in S5, held 4: relay); 5 from S5 to
/// S6..S10 (S10 held 4: relay); 5 from S10 to N1..N5 (N5 held 4, now 5:
/// relay); 5 from N5 to N6..N10 (relay); 5 from N10 to S1..S5: S1 and S5 were
/// emptied before, the last falls into empty S5: the move ends.
#[test]
fn opening_south_1_board() {
    let mut p = Position::new(SadeqaV);
    assert_eq!(
        p.to_string(),
        "sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S 0-0"
    );
    let events = play(&mut p, 1);
    assert_eq!(
        events,
        vec![
            lap(s(1), 4, s(5)),
            lap(s(5), 5, s(10)),
            lap(s(10), 5, n(5)),
            lap(n(5), 5, n(10)),
            lap(n(10), 5, s(5)),
        ]
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 1,6,6,6,1,5,5,5,5,0/5,5,5,5,0,5,5,5,5,0 N 0-0"
    );
    assert_eq!(
        p.row(Player::South).collect::<Vec<_>>(),
        [1, 6, 6, 6, 1, 5, 5, 5, 5, 0]
    );
    assert_eq!(
        p.row(Player::North).collect::<Vec<_>>(),
        [5, 5, 5, 5, 0, 5, 5, 5, 5, 0]
    );
}

/// Every one of South's ten opening moves takes 5 laps (4 seeds, then 5, 5,
/// 5, 5) and ends in an empty pit: no warana, no capture, North to move.
///
/// The board is a ring of 20 equal pits and no pit ever holds 3, so the rule
/// that depends on rows (3 to 4 in the opponent's row) never fires: South k
/// is South 1 turned k - 1 pits on. By hand, the laps from sowing-order index
/// o = k - 1 land at o+4, o+9, o+14, o+19 and o+24 = o+4 (the first landing,
/// emptied by the second lap).
#[test]
fn opening_every_south_move_takes_5_laps_and_ends_in_an_empty_pit() {
    // South 1's result in sowing order (S1..S10, N1..N10), from RULES.md.
    let south_1: [u8; 20] = [1, 6, 6, 6, 1, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0];
    let pit_of = |idx: usize| {
        let idx = idx % 20;
        if idx < 10 {
            s(idx as u8 + 1)
        } else {
            n(idx as u8 - 9)
        }
    };
    for k in 1..=10u8 {
        let mut p = Position::new(SadeqaV);
        let events = play(&mut p, k);
        let o = k as usize - 1;
        assert_eq!(laps(&events), 5, "South {k}: {events:?}");
        assert_eq!(
            events,
            vec![
                lap(pit_of(o), 4, pit_of(o + 4)),
                lap(pit_of(o + 4), 5, pit_of(o + 9)),
                lap(pit_of(o + 9), 5, pit_of(o + 14)),
                lap(pit_of(o + 14), 5, pit_of(o + 19)),
                lap(pit_of(o + 19), 5, pit_of(o + 24)),
            ],
            "South {k}"
        );
        // The last seed fell into an empty pit: it holds that seed alone.
        assert_eq!(p.seeds(pit_of(o + 4)), 1, "South {k}");
        assert!(waranas_made(&events).is_empty(), "South {k}");
        assert!(captures(&events).is_empty(), "South {k}");
        assert_eq!(bonus_moves(&events), 0, "South {k}");
        assert!(passes(&events).is_empty(), "South {k}");
        assert_eq!(p.marks(), 0, "South {k}");
        assert_eq!(p.side_to_move(), Player::North, "South {k}");
        assert_eq!(
            (p.captured(Player::South), p.captured(Player::North)),
            (0, 0)
        );
        assert!(!p.is_over());
        // The board: South 1's turned k - 1 pits on.
        for idx in 0..20 {
            let expected = south_1[(idx + 20 - o) % 20];
            assert_eq!(
                p.seeds(pit_of(idx)),
                expected,
                "South {k}, pit {}",
                pit_of(idx)
            );
        }
        assert_eq!(p.seeds_on_board(), 80);
    }
}

// ---- bonus moves ----

/// 3.3.2: bonus moves chain. North's warana S6 (3 seeds) in South's row; South
/// lands there three times in one turn, capturing it down to 0, and then
/// makes a fourth, ordinary move.
///
/// - South 5: 1 seed into S6 (3 -> 4): capture 2, S6 = 2, again.
/// - South 4: 2 seeds, S5 = 1, S6 = 3: capture 2, S6 = 1, again.
/// - South 5: 1 seed into S6 (1 -> 2): capture 2, S6 = 0, again.
/// - South 1: 1 seed into empty S2: the move ends, North to move.
#[test]
fn bonus_moves_chain() {
    let mut p = pos("sadeqa-v 1,0,0,2,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 36-36");
    assert_eq!(legal(&p), moves(&[1, 4, 5]));

    let events = play(&mut p, 5);
    assert_eq!(
        p,
        pos("sadeqa-v 1,0,0,2,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-36")
    );
    assert_eq!(captures(&events).len(), 1);
    assert_eq!(bonus_moves(&events), 1, "{events:?}");

    let events = play(&mut p, 4);
    assert_eq!(events[0], lap(s(4), 2, s(6)));
    assert_eq!(
        p,
        pos("sadeqa-v 1,0,0,0,1,1w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 40-36")
    );
    assert_eq!(
        captures(&events),
        vec![Event::WaranaCapture {
            by: Player::South,
            pit: s(6),
            seeds: 2,
        }]
    );
    assert_eq!(bonus_moves(&events), 1, "{events:?}");

    let events = play(&mut p, 5);
    assert_eq!(
        p,
        pos("sadeqa-v 1,0,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 42-36")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 1,0,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 42-36"
    );
    assert_eq!(bonus_moves(&events), 1, "{events:?}");
    assert_eq!(p.side_to_move(), Player::South);
    assert_eq!(points(&p), (42, 36));
    // The emptied warana is still a warana: only S1 may be played.
    assert_eq!(legal(&p), moves(&[1]));

    let events = play(&mut p, 1);
    assert_eq!(events, vec![lap(s(1), 1, s(2))]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,1,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 42-36")
    );
    assert_eq!(p.side_to_move(), Player::North);
}

/// The same chain played with `Game`: the record lists the bonus moves as
/// the next entries (RULES.md section 7), and South plays 4 moves in a row.
#[test]
fn bonus_moves_chain_in_a_game_record() {
    let start = pos("sadeqa-v 1,0,0,2,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 36-36");
    let record: sowing::Record = "5/4/5/1".parse().unwrap();
    let game = sowing::Game::from_record(start, &record).unwrap();
    assert_eq!(
        *game.position(),
        pos("sadeqa-v 0,1,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 42-36")
    );
    let sides: Vec<Player> = game.positions().iter().map(|p| p.side_to_move()).collect();
    assert_eq!(
        sides,
        [
            Player::South,
            Player::South,
            Player::South,
            Player::South,
            Player::North
        ]
    );
    assert_eq!(game.record().to_string(), "5/4/5/1");
}

// ---- passing ----

/// 3.5: North has no non-warana seed (only South's warana N1 in his row):
/// after South's move North passes, automatically, and South moves again.
/// Then South's last seed falls into his own warana, nobody can move, and
/// South wins 3:0 (3 seeds in his warana).
#[test]
fn pass_when_the_opponent_has_only_waranas() {
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,1,0/2w,0,0,0,0,0,0,0,0,0 S 39-38");
    let events = play(&mut p, 9);
    assert_eq!(events[0], lap(s(9), 1, s(10)));
    assert_eq!(passes(&events), vec![Player::North]);
    assert_eq!(game_over_events(&events), 0);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,1/2w,0,0,0,0,0,0,0,0,0 S 39-38")
    );
    assert_eq!(p.side_to_move(), Player::South);
    assert!(!p.is_over());
    assert_eq!(legal(&p), moves(&[10]));

    let events = play(&mut p, 10);
    assert_eq!(events[0], lap(s(10), 1, n(1)));
    assert!(captures(&events).is_empty());
    assert_eq!(game_over_events(&events), 1);
    assert!(p.is_over());
    assert_eq!(points(&p), (42, 38));
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Player::South,
            score: Some(Score {
                south: 42,
                north: 38
            }),
        }
    );
    let text = p.to_string();
    assert!(
        text.starts_with("sadeqa-v 0,0,0,0,0,0,0,0,0,0/3w,0,0,0,0,0,0,0,0,0 "),
        "{text}"
    );
}

/// 3.5 for North: South has only North's waranas in his row after North's
/// move; South passes and North moves again.
#[test]
fn pass_south_passes_and_north_moves_again() {
    // North 9 = 1 drops into empty N10; South has only North's warana S3.
    let mut p = pos("sadeqa-v 0,0,5w,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1,0 N 37-37");
    let events = play(&mut p, 9);
    assert_eq!(events[0], lap(n(9), 1, n(10)));
    assert_eq!(passes(&events), vec![Player::South]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,5w,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 37-37")
    );
    assert_eq!(p.side_to_move(), Player::North);
    // North 10 = 1 drops into empty S1: South can move again, no pass.
    let events = play(&mut p, 10);
    assert_eq!(events, vec![lap(n(10), 1, s(1))]);
    assert_eq!(
        p,
        pos("sadeqa-v 1,0,5w,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 37-37")
    );
}

// ---- refusals ----

/// 3.1: a warana may not be played, whoever owns it, even with seeds; the
/// refusal names it and leaves the position unchanged.
#[test]
fn moves_from_a_warana_are_refused() {
    // South to move: S6 is North's warana (3 seeds); S1 = 1 is playable.
    let start = pos("sadeqa-v 1,0,0,0,0,3w,0,0,0,0/2w,0,0,0,0,0,0,0,0,1 S 37-36");
    let mut p = start;
    let expected = PlayError::Illegal {
        mv: Move::Pit(6),
        reason: Refusal::Warana { pit: 6 },
    };
    assert_eq!(p.play(Move::Pit(6)), Err(expected));
    assert_eq!(p, start);
    assert_eq!(p.play_traced(Move::Pit(6)), Err(expected));
    assert_eq!(p, start);
    let mut events = Vec::new();
    assert_eq!(p.play_observed(Move::Pit(6), &mut events), Err(expected));
    assert!(events.is_empty());
    assert_eq!(p, start);
    assert_eq!(p.check(Move::Pit(6)), Err(expected));
    assert!(!p.is_legal(Move::Pit(6)));
    assert_eq!(legal(&p), moves(&[1]));
    // An empty ordinary pit is refused as empty, not as a warana.
    assert_eq!(
        p.play(Move::Pit(2)),
        Err(PlayError::Illegal {
            mv: Move::Pit(2),
            reason: Refusal::EmptyPit { pit: 2 },
        })
    );
    assert_eq!(p, start);

    // North to move: N1 is South's warana (2 seeds).
    let start = pos("sadeqa-v 1,0,0,0,0,3w,0,0,0,0/2w,0,0,0,0,0,0,0,0,1 N 37-36");
    let mut p = start;
    assert_eq!(
        p.play(Move::Pit(1)),
        Err(PlayError::Illegal {
            mv: Move::Pit(1),
            reason: Refusal::Warana { pit: 1 },
        })
    );
    assert_eq!(p, start);
    assert_eq!(legal(&p), moves(&[10]));
}

/// An empty warana may not be played either (and holds nothing to lift).
#[test]
fn moves_from_an_empty_warana_are_refused() {
    let start = pos("sadeqa-v 1,0,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-39");
    let mut p = start;
    let r = p.play(Move::Pit(6));
    assert!(
        matches!(
            r,
            Err(PlayError::Illegal {
                mv: Move::Pit(6),
                reason: Refusal::Warana { pit: 6 } | Refusal::EmptyPit { pit: 6 },
            })
        ),
        "{r:?}"
    );
    assert_eq!(p, start);
}

// ---- waranas ----

/// 3.2: a lap passing over a warana drops a seed into it like any pit; the
/// seed stays, and the move does not end there. North's warana S6 in South's
/// row: South 4 (3 seeds) drops into S5, S6 (2 -> 3) and empty S7.
#[test]
fn seeds_dropped_into_waranas_while_passing_stay_there() {
    let mut p = pos("sadeqa-v 0,0,0,3,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 37-37");
    let events = play(&mut p, 4);
    assert_eq!(events, vec![lap(s(4), 3, s(7))]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,1,3w,1,0,0,0/0,0,0,0,0,0,0,0,0,1 N 37-37")
    );
    assert_eq!(points(&p), (37, 40));
}

/// 3.2 with the mover's own warana: South 10 (3 seeds) drops into South's
/// warana N1 (2 -> 3), N2 and empty N3.
#[test]
fn seeds_dropped_into_own_warana_while_passing_stay_there() {
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,3/2w,0,0,0,0,0,0,0,0,1 S 37-37");
    let events = play(&mut p, 10);
    assert_eq!(events, vec![lap(s(10), 3, n(3))]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,0/3w,1,1,0,0,0,0,0,0,1 N 37-37")
    );
    assert_eq!(points(&p), (40, 37));
}

/// 3.2 within a relay: S8 = 1 falls into S9 = 2 (now 3: relay); the 3 seeds
/// go to S10, South's empty warana N1 (0 -> 1: it stays there) and empty N2,
/// where the move ends.
#[test]
fn seeds_dropped_into_waranas_in_a_relay_lap_stay_there() {
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,1,2,0/0w,0,0,0,0,0,0,0,0,1 S 38-38");
    let events = play(&mut p, 8);
    assert_eq!(events, vec![lap(s(8), 1, s(9)), lap(s(9), 3, n(2))]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,1/1w,1,0,0,0,0,0,0,0,1 N 38-38")
    );
}

/// 3.4: a warana made in the opponent's row stays a warana after it is
/// emptied, may still not be played, and takes seeds again.
///
/// North makes a warana in South's row (N10 = 6 sows S1..S6, S6 held 3), then
/// South captures it down to 0 in one turn of bonus moves:
/// - North 10: S1..S5 + 1, S6 3 -> 4: North's warana; South to move.
/// - South 5: S6 5: capture 2, S6 = 3.  South 4 (2): S5 = 1, S6 4: capture 2,
///   S6 = 2.  South 3 (3): S4 = 1, S5 = 2, S6 3: capture 2, S6 = 1.
/// - South 1: S2 1 -> 2 (relay), 2 to S3, S4 (1 -> 2, relay), 2 to S5, S6
///   (1 -> 2): capture 2, S6 = 0.
/// - S6 may not be played; South 5 (3) drops into S6, S7 and empty S8; North
///   has no seed and passes.
#[test]
fn emptied_warana_stays_a_warana() {
    let mut p = pos("sadeqa-v 0,0,2,1,0,3,0,0,0,0/0,0,0,0,0,0,0,0,0,6 N 34-34");
    // S6 is not a warana yet.
    assert_eq!(p.marks(), 0);

    let events = play(&mut p, 10);
    assert_eq!(events[0], lap(n(10), 6, s(6)));
    assert_eq!(
        waranas_made(&events),
        vec![Event::WaranaMade {
            owner: Player::North,
            pit: s(6),
        }]
    );
    assert_eq!(
        p,
        pos("sadeqa-v 1,1,3,2,1,4w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 34-34")
    );
    assert_eq!(points(&p), (34, 38));

    play(&mut p, 5);
    assert_eq!(
        p,
        pos("sadeqa-v 1,1,3,2,0,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 36-34")
    );
    play(&mut p, 4);
    assert_eq!(
        p,
        pos("sadeqa-v 1,1,3,0,1,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-34")
    );
    play(&mut p, 3);
    assert_eq!(
        p,
        pos("sadeqa-v 1,1,0,1,2,1w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 40-34")
    );
    let events = play(&mut p, 1);
    assert_eq!(
        events[..3],
        [lap(s(1), 1, s(2)), lap(s(2), 2, s(4)), lap(s(4), 2, s(6))]
    );
    assert_eq!(
        captures(&events),
        vec![Event::WaranaCapture {
            by: Player::South,
            pit: s(6),
            seeds: 2,
        }]
    );
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,1,0,3,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 42-34")
    );
    assert_eq!(
        p.to_string(),
        "sadeqa-v 0,0,1,0,3,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 42-34"
    );
    assert_eq!(points(&p), (42, 34));

    // Empty, and still a warana: it may not be played.
    let before = p;
    assert_eq!(
        p.play(Move::Pit(6)),
        Err(PlayError::Illegal {
            mv: Move::Pit(6),
            reason: Refusal::Warana { pit: 6 },
        })
    );
    assert_eq!(p, before);
    assert_eq!(legal(&p), moves(&[3, 5]));

    // A lap passing over it leaves a seed there: still North's warana.
    let events = play(&mut p, 5);
    assert_eq!(events[0], lap(s(5), 3, s(8)));
    assert_eq!(passes(&events), vec![Player::North]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,1,0,0,1w,1,1,0,0/0,0,0,0,0,0,0,0,0,0 S 42-34")
    );
    assert_eq!(points(&p), (42, 35));
    assert_eq!(legal(&p), moves(&[3, 7, 8]));
}

/// 3.3: a last seed falling into an emptied warana of the opponent is a
/// capture (of 1), not "an empty pit ends the move": the warana outlives its
/// seeds. And a last seed into an emptied own warana ends the move.
#[test]
fn emptied_warana_still_acts_as_a_warana_at_the_end_of_a_lap() {
    // South's warana N1 is empty; South 10 = 1 lands there: own warana, the
    // move ends, no capture.
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,1/0w,0,0,0,0,0,0,0,0,1 S 39-39");
    let events = play(&mut p, 10);
    assert_eq!(events, vec![lap(s(10), 1, n(1))]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,0/1w,0,0,0,0,0,0,0,0,1 N 39-39")
    );
}

/// A 4 made in the opponent's row by a lap that does not end there is no
/// warana: only the last seed makes one (3.3.4).
#[test]
fn passing_a_3_in_the_opponents_row_makes_no_warana() {
    // South 10 (2 seeds): N1 3 -> 4 while passing, the last into empty N2.
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,2/3,0,0,0,0,0,0,0,0,1 S 37-37");
    let events = play(&mut p, 10);
    assert_eq!(events, vec![lap(s(10), 2, n(2))]);
    assert!(waranas_made(&events).is_empty());
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,0/4,1,0,0,0,0,0,0,0,1 N 37-37")
    );
    assert_eq!(p.marks(), 0);
}

/// 3.3.4 also needs exactly 3 before the last seed: a 4 made 5 in the
/// opponent's row relays.
#[test]
fn a_4_made_5_in_the_opponents_row_relays() {
    // South 10 = 1 into N1 = 4 (-> 5): relay; 5 seeds to N2..N6, the last into
    // empty N6.
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,1/4,0,0,0,0,0,0,0,0,1 S 37-37");
    let events = play(&mut p, 10);
    assert_eq!(events, vec![lap(s(10), 1, n(1)), lap(n(1), 5, n(6))]);
    assert_eq!(
        p,
        pos("sadeqa-v 0,0,0,0,0,0,0,0,0,0/0,1,1,1,1,1,0,0,0,1 N 37-37")
    );
}

/// North makes a warana in South's row the same way (3.3.4 for North).
#[test]
fn new_warana_for_north() {
    let mut p = pos("sadeqa-v 3,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,1 N 38-37");
    let events = play(&mut p, 10);
    assert_eq!(
        events,
        vec![
            lap(n(10), 1, s(1)),
            Event::WaranaMade {
                owner: Player::North,
                pit: s(1),
            },
        ]
    );
    assert_eq!(
        p,
        pos("sadeqa-v 4w,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0 S 38-37")
    );
    assert_eq!(points(&p), (38, 41));
}

/// Section 2: the origin pit is not skipped. S1 = 20 drops one seed into
/// every pit, the last into S1 itself, emptied when lifted: the last seed fell
/// into an empty pit, the move ends.
#[test]
fn a_lap_of_20_ends_in_its_emptied_origin_pit() {
    let mut p = pos("sadeqa-v 20,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 30-30");
    let events = play(&mut p, 1);
    assert_eq!(events, vec![lap(s(1), 20, s(1))]);
    assert_eq!(
        p,
        pos("sadeqa-v 1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1 N 30-30")
    );
}

/// 3.3.4 counts the seeds before the LAST seed: S10 = 21 goes round the whole
/// board (N1 2 -> 3 in the first round, every other pit 1, S10 itself 1) and
/// the 21st seed falls into N1 (3 -> 4): South's warana, the move ends.
#[test]
fn new_warana_by_a_lap_that_goes_round_the_board() {
    let mut p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,21/2,0,0,0,0,0,0,0,0,0 S 29-28");
    let events = play(&mut p, 10);
    assert_eq!(
        events,
        vec![
            lap(s(10), 21, n(1)),
            Event::WaranaMade {
                owner: Player::South,
                pit: n(1),
            },
        ]
    );
    assert_eq!(
        p,
        pos("sadeqa-v 1,1,1,1,1,1,1,1,1,1/4w,1,1,1,1,1,1,1,1,1 N 29-28")
    );
    assert_eq!(points(&p), (33, 28));
}

/// A lap going round the board passes the emptied origin and ends in a pit
/// that was empty when the lap began but got a seed in the first round: it
/// was occupied when the last seed fell (section 2), so the sowing relays.
/// S1 = 21: every pit 1, S2 gets the 21st (1 -> 2): relay; 2 from S2 into S3
/// (1 -> 2) and S4 (1 -> 2): relay; 2 from S4 into S5, S6: relay; ... each lap
/// of 2 lifts a pit of 2 and lands on a 1 two pits on, until the lap from N10
/// drops into S1 (1 -> 2) and S2 (0 -> 1): empty, the move ends.
#[test]
fn a_lap_round_the_board_relays_on_a_pit_it_filled_itself() {
    let mut p = pos("sadeqa-v 21,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 30-29");
    let events = play(&mut p, 1);
    // Laps: S1 (21) -> S2; then 2 seeds each from S2, S4, S6, S8, S10, N2, N4,
    // N6, N8, N10, landing two pits on; the last lands in S2.
    let mut expected = vec![lap(s(1), 21, s(2))];
    let chain = [
        s(2),
        s(4),
        s(6),
        s(8),
        s(10),
        n(2),
        n(4),
        n(6),
        n(8),
        n(10),
        s(2),
    ];
    for w in chain.windows(2) {
        expected.push(lap(w[0], 2, w[1]));
    }
    assert_eq!(events, expected);
    // S2 was lifted (0) and gets the last seed (1); the other even pits were
    // lifted; the odd pits got 1 + 1.
    assert_eq!(
        p,
        pos("sadeqa-v 2,1,2,0,2,0,2,0,2,0/2,0,2,0,2,0,2,0,2,0 N 30-29")
    );
}

/// Pit numbers outside 1..=10 are refused as no such pit.
#[test]
fn moves_outside_the_board_are_refused() {
    let start = pos("sadeqa-v 1,0,0,0,0,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37");
    let mut p = start;
    for pit in [0u8, 11, 24] {
        assert_eq!(
            p.play(Move::Pit(pit)),
            Err(PlayError::Illegal {
                mv: Move::Pit(pit),
                reason: Refusal::NoSuchPit {
                    pit,
                    pits_per_row: 10,
                },
            })
        );
        assert_eq!(p, start);
    }
}

// ---- the end and the score ----

/// 3.6 and 3.7: the last seed outside the waranas goes into South's own
/// warana; every remaining seed is in a warana, the game ends. South: 30
/// captured + 10 in N1 = 40; North: 20 captured + 20 in S1 = 40. A draw.
#[test]
fn end_all_seeds_in_waranas_draw_40_40() {
    let mut p = pos("sadeqa-v 20w,0,0,0,0,0,0,0,0,1/9w,0,0,0,0,0,0,0,0,0 S 30-20");
    assert_eq!(points(&p), (39, 40));
    let events = play(&mut p, 10);
    assert_eq!(events[0], lap(s(10), 1, n(1)));
    assert!(captures(&events).is_empty());
    assert_eq!(events.last(), Some(&Event::GameOver));
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
    // Why, as the tools write it (3.6).
    use sowing::Ruleset;
    assert_eq!(p.rules().end_reason(&p.view()), "Neither player can move");
    assert_eq!(points(&p), (40, 40));
    let score = Score {
        south: 40,
        north: 40,
    };
    assert_eq!(
        p.outcome(),
        Outcome::Draw {
            reason: DrawReason::EqualScore,
            score: Some(score),
        }
    );
    let text = p.to_string();
    assert!(
        text.starts_with("sadeqa-v 20w,0,0,0,0,0,0,0,0,0/10w,0,0,0,0,0,0,0,0,0 "),
        "{text}"
    );
    assert!(text.ends_with(" 30-20"), "{text}");
    // Conservation: 30 + 20 + 20 + 10.
    assert_eq!(p.seeds_on_board(), 30);
}

/// 3.7: a win by points, South 41 : 39 as in the source's solution: South
/// 31 captured + 10 in N1; North 19 captured + 20 in S1.
#[test]
fn end_win_by_points_south() {
    let mut p = pos("sadeqa-v 20w,0,0,0,0,0,0,0,0,1/9w,0,0,0,0,0,0,0,0,0 S 31-19");
    play(&mut p, 10);
    assert!(p.is_over());
    assert_eq!(points(&p), (41, 39));
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Player::South,
            score: Some(Score {
                south: 41,
                north: 39,
            }),
        }
    );
}

/// 3.7: a win by points for North: North 10 = 1 into his own warana S1 (5 ->
/// 6), the end; North 44 + 6 = 50, South 30.
#[test]
fn end_win_by_points_north() {
    let mut p = pos("sadeqa-v 5w,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 30-44");
    let events = play(&mut p, 10);
    assert_eq!(events[0], lap(n(10), 1, s(1)));
    assert!(p.is_over());
    assert_eq!(points(&p), (30, 50));
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Player::North,
            score: Some(Score {
                south: 30,
                north: 50,
            }),
        }
    );
    assert_eq!(p.outcome().winner(), Some(Player::North));
}

/// A finished position (all seeds in waranas) parses as over, with its score.
#[test]
fn end_position_parses_as_over() {
    let p = pos("sadeqa-v 20w,0,0,0,0,0,0,0,0,0/10w,0,0,0,0,0,0,0,0,0 N 30-20");
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Outcome::Draw {
            reason: DrawReason::EqualScore,
            score: Some(Score {
                south: 40,
                north: 40,
            }),
        }
    );
    let p = pos("sadeqa-v 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 41-39");
    assert!(p.is_over());
    assert_eq!(p.outcome().winner(), Some(Player::South));
}

// ---- notation ----

/// RULES.md section 7: position strings with waranas round-trip exactly.
#[test]
fn position_string_round_trips_with_waranas() {
    for text in [
        "sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S 0-0",
        "sadeqa-v 1,6,6,6,1,5,5,5,5,0/5,5,5,5,0,5,5,5,5,0 N 0-0",
        "sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37",
        "sadeqa-v 1,1,3,2,1,4w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 34-34",
        "sadeqa-v 0,0,1,0,3,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 42-34",
        "sadeqa-v 20w,0,0,0,0,0,0,0,0,1/9w,0,0,0,0,0,0,0,0,0 S 30-20",
        "sadeqa-v 4w,3,2,1,0w,7,0,0,0,4w/4w,0w,1,2,3,4,5,6,7,4w N 11-12",
        "sadeqa-v 20w,0,0,0,0,0,0,0,0,0/10w,0,0,0,0,0,0,0,0,0 N 30-20",
    ] {
        let p = pos(text);
        assert_eq!(p.to_string(), text);
        assert_eq!(pos(&p.to_string()), p);
    }
}

/// Parsing `w` marks: a mark makes the pit a warana of the player who does
/// not own its row; the points show who owns it.
#[test]
fn parsing_w_marks() {
    // S6 = North's warana (3), N1 = South's warana (2).
    let p = pos("sadeqa-v 1,0,0,0,0,3w,0,0,0,0/2w,0,0,0,0,0,0,0,0,1 S 37-36");
    // Sowing-order indices: S6 = 5, N1 = 10.
    assert_eq!(p.marks(), (1 << 5) | (1 << 10));
    assert!((p.marks() >> 5 & 1 == 1));
    assert!((p.marks() >> 10 & 1 == 1));
    assert_eq!(p.seeds(s(6)), 3);
    assert_eq!(p.seeds(n(1)), 2);
    assert_eq!(points(&p), (37 + 2, 36 + 3));
    // The same board without marks: no waranas, no points but the
    // captured seeds.
    let q = pos("sadeqa-v 1,0,0,0,0,3,0,0,0,0/2,0,0,0,0,0,0,0,0,1 S 37-36");
    assert_eq!(q.marks(), 0);
    assert_eq!(points(&q), (37, 36));
    assert_ne!(p, q);
    assert_eq!(legal(&q), moves(&[1, 6]));
    // Every pit may carry a mark; N10 is index 19.
    let p = pos("sadeqa-v 1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0w S 40-39");
    assert_eq!(p.marks(), 1 << 19);
}

/// Malformed marks are refused, naming the pits field.
#[test]
fn parsing_malformed_w_marks_is_refused() {
    for (text, row, pit, bad) in [
        (
            "sadeqa-v 1,0,0,0,0,3ww,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37",
            Player::South,
            6,
            "3ww",
        ),
        (
            "sadeqa-v 1,0,0,0,0,w3,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 0-0",
            Player::South,
            6,
            "w3",
        ),
        (
            "sadeqa-v 1,0,0,0,0,0,0,0,0,0/w,0,0,0,0,0,0,0,0,1 S 0-0",
            Player::North,
            1,
            "w",
        ),
        (
            "sadeqa-v 1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1W S 0-0",
            Player::North,
            10,
            "1W",
        ),
    ] {
        assert_eq!(
            text.parse::<Position<SadeqaV>>(),
            Err(ParsePositionError::PitValue {
                row,
                pit,
                text: bad.to_string(),
            }),
            "{text}"
        );
    }
    // Sadeqa V has no state field.
    assert!(matches!(
        "sadeqa-v 1,0,0,0,0,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37 x".parse::<Position<SadeqaV>>(),
        Err(ParsePositionError::Setup(SetupError::State(_)))
    ));
    // A mark in a variant without waranas.
    assert!(matches!(
        "sadeqa-iii 6,6,6,6,6,6,6,6/6w,6,6,6,6,6,6,6 S 0-0"
            .parse::<Position<sowing::rulesets::SadeqaIII>>(),
        Err(ParsePositionError::Setup(SetupError::MarkNotAllowed {
            pit: Pit {
                owner: Player::North,
                number: 1
            },
            ..
        }))
    ));
    // More than 80 seeds, waranas included.
    assert!(matches!(
        "sadeqa-v 40w,0,0,0,0,0,0,0,0,1/40w,0,0,0,0,0,0,0,0,0 S 0-0".parse::<Position<SadeqaV>>(),
        Err(ParsePositionError::Setup(SetupError::TooManySeeds { .. }))
    ));
}

/// 3.5: passing is automatic, so a position where the side to move cannot
/// move while the opponent can is impossible and refused at parse time.
#[test]
fn side_to_move_without_move_while_opponent_can_is_impossible() {
    for text in [
        // South has only North's warana, North has N10.
        "sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 40-37",
        // South has nothing at all.
        "sadeqa-v 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 40-39",
        // North has only South's warana, South has S1.
        "sadeqa-v 1,0,0,0,0,0,0,0,0,0/4w,0,0,0,0,0,0,0,0,0 N 38-37",
    ] {
        let r = text.parse::<Position<SadeqaV>>();
        assert!(
            matches!(
                r,
                Err(ParsePositionError::Setup(SetupError::Unreachable(
                    Unreachable::PassNotAutomatic { .. }
                )))
            ),
            "{text}: {r:?}"
        );
    }
    // With the other side to move, the same boards are fine.
    assert!(!pos("sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 40-37").is_over());
    assert!(!pos("sadeqa-v 1,0,0,0,0,0,0,0,0,0/4w,0,0,0,0,0,0,0,0,0 S 38-37").is_over());
}

/// The evaluation the searches use: 4 a point of the points difference
/// (3.7: captured seeds and the seeds in one's waranas) and 2 a warana of
/// the difference in waranas owned, from the side to move's view. South
/// holds N1 and N2 (2 and 4 seeds), North S6 (3): South 30 + 6 = 36
/// points, North 39 + 3 = 42.
#[test]
fn evaluation_counts_points_and_waranas() {
    use sowing::Ruleset;
    let value = |s: &str| {
        let p = pos(s);
        p.rules().evaluate(&p.view())
    };
    let board = "sadeqa-v 1,0,0,0,0,3w,0,0,0,0/2w,4w,0,0,0,0,0,0,0,1";
    // 4 * (36 - 42) + 2 * (2 - 1) from South's side, the opposite from North's.
    assert_eq!(value(&format!("{board} S 30-39")), -22);
    assert_eq!(value(&format!("{board} N 30-39")), 22);
}
