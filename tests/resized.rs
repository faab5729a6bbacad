//! `Resized`: the built-in games' rules on other boards. Rule cases on
//! small boards written out by hand from RULES.md (each row from its
//! owner's pit 1; on 2 x m, North's pit i faces South's pit m+1-i); the
//! standard size plays exactly as the game itself; bad sizes are refused
//! with the error that names them; names and serde.

mod common;

use common::{lap, legal_pits as moves, n, s};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::rulesets::{Andada, Reading, Resized, SadeqaII, SadeqaIII, SadeqaV, SizeError};
use sowing::{Event, Move, PlayError, Player, Position, Refusal, Ruleset};

fn play<R: Ruleset>(before: &str, mv: u8, after: &str) -> Position<R> {
    common::play(before, mv, after)
}

// ---- rule cases on small boards ----

/// RULES.md 5.2, 5.3 on 2 x 4 with 2 seeds: South's pit 1 sows into S2, S3
/// (S3 held 2: relay), S3's 3 into S4, N1, N2 (N2 held 2: relay), N2's 3
/// into N3, N4 and the emptied S1: an empty pit of South's row, so South
/// captures the opposite pit N4 (3 seeds).
#[test]
fn sadeqa_iii_relay_then_capture_on_2x4() {
    let mut p: Position<Resized<SadeqaIII>> = common::parse("sadeqa-iii:4x2 2,2,2,2/2,2,2,2 S 0-0");
    let events = p.play_traced(Move::Pit(1)).unwrap();
    assert_eq!(
        events.as_slice(),
        [
            lap(s(1), 2, s(3)),
            lap(s(3), 3, n(2)),
            lap(n(2), 3, s(1)),
            Event::Capture {
                by: Player::South,
                pit: n(4),
                seeds: 3
            },
        ]
    );
    assert_eq!(p.to_string(), "sadeqa-iii:4x2 1,3,0,3/3,0,3,0 N 3-0");
}

/// RULES.md 5.2, 5.3 on 2 x 5 with 3 seeds: South's pit 5 relays from N3
/// (4 seeds), S2 (4), N1 (5) and S1 (5), whose last seed falls into the
/// emptied N1: an empty pit of the opponent's row, no capture.
#[test]
fn sadeqa_iii_relays_on_2x5_and_ends_without_capture() {
    play::<Resized<SadeqaIII>>(
        "sadeqa-iii:5x3 3,3,3,3,3/3,3,3,3,3 S 0-0",
        5,
        "sadeqa-iii:5x3 0,1,5,5,2/1,5,1,5,5 N 0-0",
    );
}

/// RULES.md 5.3, 5.4 on 2 x 5: South's 1 falls into his empty S2 and
/// captures the opposite N4 (2 seeds); North then has no move, and the
/// seed left goes to South, who moved last.
#[test]
fn sadeqa_iii_capture_and_end_on_2x5() {
    let p = play::<Resized<SadeqaIII>>(
        "sadeqa-iii:5x3 1,0,0,0,0/0,0,0,2,0 S 14-13",
        1,
        "sadeqa-iii:5x3 0,0,0,0,0/0,0,0,0,0 N 17-13",
    );
    assert!(p.is_over());
    assert_eq!(p.outcome().winner(), Some(Player::South));
}

/// RULES.md 4.1 on 2 x 4: each player's first move is from his rightmost
/// pit, pit 4. South's 4 sows N1, N2 (relay: 3 seeds), N3, N4, S1 (relay:
/// 3), S2, S3 and the emptied S4: an empty pit; the opposite N1 (3 seeds)
/// is removed (4.3). Then North must play his pit 4.
#[test]
fn sadeqa_ii_forced_first_move_is_the_rightmost_pit() {
    let start = "sadeqa-ii:4x2 2,2,2,2/2,2,2,2 S 0-0 first:SN";
    let p: Position<Resized<SadeqaII>> = common::parse(start);
    assert_eq!(moves(&p), [4]);
    let mut copy = p;
    assert_eq!(
        copy.play(Move::Pit(1)),
        Err(PlayError::Illegal {
            mv: Move::Pit(1),
            reason: Refusal::ForcedFirstMove { pit: 4 },
        })
    );
    assert_eq!(copy, p);
    let after = play::<Resized<SadeqaII>>(start, 4, "sadeqa-ii:4x2 0,3,3,1/0,0,3,3 N 3-0 first:N");
    assert_eq!(moves(&after), [4]);
    // On 2 x 5 it is pit 5.
    let p = Position::new(Resized::new(SadeqaII::new(), 5, 1).unwrap());
    assert_eq!(moves(&p), [5]);
}

/// The starter-only reading: only South's first move is forced; its
/// position strings carry `first:S` and read back with the option kept.
#[test]
fn sadeqa_ii_starter_only_on_2x4() {
    let rules = Resized::new(SadeqaII::starter_only(), 4, 2).unwrap();
    let mut p = Position::new(rules);
    assert_eq!(p.to_string(), "sadeqa-ii:4x2 2,2,2,2/2,2,2,2 S 0-0 first:S");
    assert_eq!(moves(&p), [4]);
    p.play(Move::Pit(4)).unwrap();
    assert_eq!(p.to_string(), "sadeqa-ii:4x2 0,3,3,1/0,0,3,3 N 3-0");
    assert_eq!(moves(&p), [3, 4]);
    let back = Position::from_str_with(rules, &p.to_string()).unwrap();
    assert_eq!(back, p);
    assert!(back.rules().rules().starter_only);
    // The default reading's first:SN is unreachable under this one.
    assert!(
        Position::from_str_with(rules, "sadeqa-ii:4x2 2,2,2,2/2,2,2,2 S 0-0 first:SN").is_err()
    );
}

/// RULES.md 6.1, 6.2 on 2 x 6: South's opening from pit 1 leaves
/// 0,3,3,0,3,3 in both rows; North then names who moves first.
#[test]
fn andada_opening_on_2x6() {
    let rules = Resized::new(Andada::default(), 6, 2).unwrap();
    let mut p = Position::new(rules);
    assert_eq!(
        p.to_string(),
        "andada:6x2 2,2,2,2,2,2/2,2,2,2,2,2 S 0-0 opening"
    );
    p.play(Move::Pit(1)).unwrap();
    assert_eq!(
        p.to_string(),
        "andada:6x2 0,3,3,0,3,3/0,3,3,0,3,3 N 0-0 choice"
    );
    p.play(Move::First(Player::South)).unwrap();
    assert_eq!(
        p.to_string(),
        "andada:6x2 0,3,3,0,3,3/0,3,3,0,3,3 S 0-0 play"
    );
    // From pit 2 on 2 x 3: 3,0,3 / 3,0,3.
    play::<Resized<Andada>>(
        "andada:3x2 2,2,2/2,2,2 S 0-0 opening",
        2,
        "andada:3x2 3,0,3/3,0,3 N 0-0 choice",
    );
}

/// RULES.md 6.5 on 2 x 3: under the singleton ending a seed that would
/// pass from the mover's last pit into the opponent's row is removed; a
/// seed landing in the empty last pit stays and captures (6.4), and then
/// North, without a seed, has no move and loses (6.6).
#[test]
fn andada_singleton_ending_on_2x3() {
    play::<Resized<Andada>>(
        "andada:3x2 0,0,1/1,0,0 S 0-0 singles",
        3,
        "andada:3x2 0,0,0/1,0,0 N 0-0 singles",
    );
    let p = play::<Resized<Andada>>(
        "andada:3x2 0,1,0/1,0,0 S 0-0 singles",
        2,
        "andada:3x2 0,0,1/0,0,0 N 1-0 singles",
    );
    assert!(p.is_over());
    assert_eq!(p.outcome().winner(), Some(Player::South));
}

/// Sadeqa V on 2 x 4 with 4 seeds (RULES.md 3.3.4): a lap ending in the
/// opponent's row making a 3 into 4 makes it the mover's warana, and the
/// move ends.
#[test]
fn sadeqa_v_warana_on_2x4() {
    play::<Resized<SadeqaV>>(
        "sadeqa-v:4x4 0,0,0,1/3,0,0,1 S 14-13",
        4,
        "sadeqa-v:4x4 0,0,0,0/4w,0,0,1 N 14-13",
    );
}

// ---- the standard size is the game itself ----

/// `Resized::new(R, standard size)` plays exactly as `R`: in random games
/// the legal moves, the position string (but for the name), the points,
/// the evaluation, the end's reason, the states' indices in the databases
/// and the outcome agree after every move.
fn same_as_base<R: sowing::rulesets::Resizable>(rules: R, games: u64) {
    let resized = Resized::new(rules, rules.pits_per_row(), rules.seeds_per_pit()).unwrap();
    let strip = |s: String, name: &str| s.replacen(name, "", 1);
    assert_eq!(rules.repetition(), resized.repetition());
    for index in 0..2 {
        assert_eq!(rules.state_at(index), resized.state_at(index));
    }
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut a = Position::new(rules).with_lap_limit(Some(20_000));
        let mut b = Position::new(resized).with_lap_limit(Some(20_000));
        for _ in 0..400 {
            assert_eq!(
                strip(a.to_string(), &rules.name()),
                strip(b.to_string(), &resized.name())
            );
            assert_eq!(a.legal_moves(), b.legal_moves(), "{a}");
            let (va, vb) = (a.view(), b.view());
            for player in Player::BOTH {
                assert_eq!(rules.points(&va, player), resized.points(&vb, player));
            }
            assert_eq!(rules.evaluate(&va), resized.evaluate(&vb), "{a}");
            assert_eq!(rules.end_reason(&va), resized.end_reason(&vb), "{a}");
            assert_eq!(
                rules.state_index(va.state()),
                resized.state_index(vb.state())
            );
            assert_eq!(a.is_over(), b.is_over());
            if a.is_over() {
                assert_eq!(a.outcome(), b.outcome());
                break;
            }
            let legal = a.legal_moves();
            let mv = legal.nth(rng.random_range(0..legal.len())).unwrap();
            assert_eq!(a.play_traced(mv), b.play_traced(mv), "{a} {mv}");
        }
    }
}

#[test]
fn the_standard_size_plays_as_the_game() {
    same_as_base(SadeqaII::new(), 40);
    same_as_base(SadeqaII::starter_only(), 40);
    same_as_base(SadeqaIII::new(), 20);
    same_as_base(SadeqaIII::game_91(), 20);
    same_as_base(SadeqaV, 20);
    for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
        for clockwise in [false, true] {
            let rules = Andada::new(15)
                .unwrap()
                .with_reading(reading)
                .with_clockwise(clockwise);
            same_as_base(rules, 10);
        }
    }
}

// ---- sizes ----

#[test]
fn bad_sizes_are_refused_with_the_rule() {
    assert_eq!(
        Resized::new(SadeqaIII::new(), 1, 3),
        Err(SizeError::PitsPerRow { pits_per_row: 1 })
    );
    assert_eq!(
        Resized::new(SadeqaII::new(), 25, 1),
        Err(SizeError::PitsPerRow { pits_per_row: 25 })
    );
    assert_eq!(Resized::new(SadeqaII::new(), 4, 0), Err(SizeError::NoSeeds));
    assert_eq!(
        Resized::new(SadeqaIII::new(), 7, 7),
        Err(SizeError::TooManySeeds {
            pits_per_row: 7,
            seeds_per_pit: 7,
            seeds: 98
        })
    );
    assert!(Resized::new(SadeqaIII::new(), 8, 6).is_ok()); // 96: the bound
    let err = Resized::new(Andada::default(), 4, 2).unwrap_err();
    assert!(matches!(
        err,
        SizeError::NotForGame {
            game: "Andada",
            pits_per_row: 4,
            ..
        }
    ));
    assert!(err.to_string().contains("multiple of 3"), "{err}");
    let err = Resized::new(Andada::default(), 6, 3).unwrap_err();
    assert!(matches!(
        err,
        SizeError::NotForGame {
            seeds_per_pit: 3,
            ..
        }
    ));
    assert!(err.to_string().contains("2 seeds"), "{err}");
}

#[test]
fn names_read_back_and_refuse_what_the_game_cannot_use() {
    for (name, ok) in [
        ("sadeqa-iii:5x3", true),
        ("SADEQA-III:5X3", true),
        ("game-91:4x2", true),
        ("sadeqa-iii", false),
        ("sadeqa-iii:1x3", false),
        ("sadeqa-iii:8x7", false),
        ("sadeqa-iii:5x", false),
        ("sadeqa-ii:5x3", false),
    ] {
        assert_eq!(
            Resized::<SadeqaIII>::from_name(name).is_some(),
            ok,
            "{name}"
        );
    }
    assert_eq!(
        Resized::<Andada>::from_name("andada:6x2").map(|r| r.name().into_owned()),
        Some("andada:6x2".to_owned())
    );
    assert!(Resized::<Andada>::from_name("andada:4x2").is_none());
    assert!(Resized::<Andada>::from_name("andada-12:6x2").is_none());
    // A string of another board size than its name is refused.
    assert!(
        "sadeqa-iii:5x3 3,3,3,3/3,3,3,3 S 0-0"
            .parse::<Position<Resized<SadeqaIII>>>()
            .is_err()
    );
    assert!(
        "andada:4x2 2,2,2,2/2,2,2,2 S 0-0 opening"
            .parse::<Position<Resized<Andada>>>()
            .is_err()
    );
}

#[test]
fn position_strings_round_trip() {
    let s = "sadeqa-iii:5x3 3,3,3,3,3/3,3,3,3,3 S 0-0";
    let p: Position<Resized<SadeqaIII>> = s.parse().unwrap();
    assert_eq!(
        p,
        Position::new(Resized::new(SadeqaIII::new(), 5, 3).unwrap())
    );
    assert_eq!(p.to_string(), s);
    let s = "sadeqa-ii:4x2 0,3,3,1/0,0,3,3 N 3-0 first:N";
    assert_eq!(
        s.parse::<Position<Resized<SadeqaII>>>()
            .unwrap()
            .to_string(),
        s
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_and_checks_the_size() {
    let rules = Resized::new(SadeqaII::starter_only(), 4, 2).unwrap();
    let json = serde_json::to_string(&rules).unwrap();
    assert_eq!(
        json,
        r#"{"rules":{"starter_only":true},"pits_per_row":4,"seeds_per_pit":2}"#
    );
    assert_eq!(
        serde_json::from_str::<Resized<SadeqaII>>(&json).unwrap(),
        rules
    );
    let bad = r#"{"rules":{"pits_per_row":12,"clockwise":false,"reading":"Pankhurst"},"pits_per_row":4,"seeds_per_pit":2}"#;
    let err = serde_json::from_str::<Resized<Andada>>(bad).unwrap_err();
    assert!(err.to_string().contains("multiple of 3"), "{err}");
    let p = Position::new(Resized::new(SadeqaIII::new(), 5, 3).unwrap());
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, r#""sadeqa-iii:5x3 3,3,3,3,3/3,3,3,3,3 S 0-0""#);
    assert_eq!(
        serde_json::from_str::<Position<Resized<SadeqaIII>>>(&json).unwrap(),
        p
    );
}

/// A resized game keeps its base game's named options (Andada's direction
/// and readings, RULES.md sections 6 and 6.7): the same list, read and set
/// through the resized ruleset, and a bad value refused.
#[test]
fn a_resized_game_keeps_its_base_games_options() {
    use sowing::options::OptionValue;
    let mut rules = Resized::new(Andada::default(), 6, 2).unwrap();
    let names: Vec<_> = rules.options().iter().map(|o| o.name).collect();
    assert_eq!(names, ["clockwise", "reading"]);
    assert_eq!(
        rules.option_value("reading"),
        Some(OptionValue::Choice("pankhurst"))
    );
    rules.set_option("reading", "ludii").unwrap();
    assert_eq!(
        rules.option_value("reading"),
        Some(OptionValue::Choice("ludii"))
    );
    assert!(rules.set_option("reading", "wikipedia").is_err());
    assert_eq!(
        rules.option_value("reading"),
        Some(OptionValue::Choice("ludii"))
    );
}
