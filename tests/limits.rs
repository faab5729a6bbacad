//! Limits on outside input: a record of a million moves, a position string
//! of a megabyte, invalid UTF-8, a number with a thousand digits. Each must
//! be answered in bounded time and memory with an error that says what is
//! wrong (the field, the ply), and the error's message must stay short: it
//! quotes at most a bounded piece of the input, not a megabyte of it.
//!
//! And the legal moves of a position from outside: bounded under a lap
//! limit; with the exact test (the default), minutes for some positions
//! (ignored, reported).
//!
//! Time is checked against a generous bound (seconds, on a shared machine):
//! the point is "linear, not stuck", not a benchmark.

use sowing::rulesets::SadeqaIII;
use sowing::{AnyGame, AnyPosition, AnyRuleset, Move, Record, RecordError};
use std::time::{Duration, Instant};

/// Generous: each case below takes milliseconds.
const TIME_BOUND: Duration = Duration::from_secs(5);

/// A message that says what is wrong in a line or two: a few hundred
/// characters, whatever the size of the input.
const MESSAGE_BOUND: usize = 300;

/// Runs `f`, checking the time bound.
fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = f();
    let took = started.elapsed();
    assert!(took < TIME_BOUND, "{what}: {took:?}");
    out
}

const MEGABYTE: usize = 1 << 20;

/// The Sadeqa V start with `field` in place of the pits field.
fn sadeqa_v_with_pits(field: &str) -> String {
    format!("sadeqa-v {field} S 0-0")
}

fn parse_error(what: &str, text: &str) -> String {
    let r = timed(what, || text.parse::<AnyPosition>());
    match r {
        Ok(p) => panic!("{what}: parsed as {p}"),
        Err(e) => e.to_string(),
    }
}

// ---- a record of a million moves ----

#[test]
fn a_record_of_a_million_moves_parses_and_plays_to_the_first_bad_ply() {
    let text = vec!["1"; 1_000_000].join("/");
    let record: Record = timed("parse", || text.parse()).expect("a million pit moves parse");
    assert_eq!(record.moves().len(), 1_000_000);
    let mut game = AnyGame::new(AnyPosition::new(AnyRuleset::SadeqaIII(SadeqaIII::new())));
    let err = timed("play", || game.play_record(&record)).expect_err("pit 1 is soon empty");
    // South 1, North 1, then South's pit 1 is empty (it was just sown from
    // and the sowing did not come round to it, or it did: either way the
    // record stops at a ply that names itself).
    let msg = err.to_string();
    match err {
        RecordError::Play { ply, .. } | RecordError::Over { ply, .. } => {
            assert!(ply < 1_000, "{msg}");
            assert_eq!(
                game.ply(),
                ply - 1,
                "everything before the bad ply is played"
            );
            assert!(msg.starts_with(&format!("ply {ply}:")), "{msg}");
        }
        e => panic!("{e:?}"),
    }
    assert!(msg.len() < MESSAGE_BOUND, "{msg}");
}

#[test]
fn a_record_of_a_million_moves_with_a_bad_last_move_names_that_ply() {
    let mut text = vec!["1"; 999_999].join("/");
    text.push_str("/x");
    let err = timed("parse", || text.parse::<Record>()).expect_err("x is no move");
    assert!(
        matches!(err, RecordError::Parse { ply: 1_000_000, .. }),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(msg.starts_with("ply 1000000:"), "{msg}");
    assert!(msg.len() < MESSAGE_BOUND, "{msg}");
}

#[test]
fn a_record_of_a_megabyte_in_one_token_is_refused_in_bounded_time_naming_the_ply() {
    let text = "1".repeat(MEGABYTE);
    let err = timed("parse", || text.parse::<Record>()).expect_err("no such pit");
    assert!(matches!(err, RecordError::Parse { ply: 1, .. }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.starts_with("ply 1: move"), "{}", &msg[..100]);
}

/// The move error quotes the whole token: a megabyte. Reported to the lead;
/// ignored until errors quote a bounded prefix.
#[test]
fn a_record_of_a_megabyte_in_one_token_is_refused_briefly() {
    let text = "1".repeat(MEGABYTE);
    let err = timed("parse", || text.parse::<Record>()).expect_err("no such pit");
    let msg = err.to_string();
    assert!(msg.len() < MESSAGE_BOUND, "message of {} bytes", msg.len());
}

// ---- a position string of a megabyte ----

#[test]
fn a_megabyte_of_pits_names_the_pit_count() {
    let field = format!(
        "{}/{}",
        "4,".repeat(MEGABYTE / 4) + "4",
        "4,".repeat(9) + "4"
    );
    let text = sadeqa_v_with_pits(&field);
    assert!(text.len() > MEGABYTE / 2);
    let msg = parse_error("pits", &text);
    assert!(msg.contains("pits field"), "{msg}");
    // Read no further than a board's 24 pits a row.
    assert!(
        msg.contains("more than 24 pits"),
        "{}",
        &msg[..msg.len().min(200)]
    );
    assert!(msg.len() < MESSAGE_BOUND, "{}", msg.len());
}

#[test]
fn a_megabyte_of_fields_names_the_extra_field() {
    let text = format!(
        "sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S 0-0{}",
        " x".repeat(MEGABYTE / 2)
    );
    let msg = parse_error("fields", &text);
    assert!(msg.contains("unexpected field"), "{msg}");
    assert!(msg.len() < MESSAGE_BOUND, "{}", msg.len());
}

/// A megabyte in one field. The engine's error quotes the whole field, so
/// the message is a megabyte long: bounded in time and memory (linear), and
/// it names the field, but it is no message to show a user. Reported to the
/// lead; ignored until the error quotes a bounded prefix.
#[test]
fn a_megabyte_in_one_field_is_refused_briefly() {
    let long = "x".repeat(MEGABYTE);
    let cases = [
        ("variant", format!("{long} 4/4 S 0-0")),
        ("pits", sadeqa_v_with_pits(&long)),
        (
            "pits",
            sadeqa_v_with_pits(&format!("{long},4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4")),
        ),
        (
            "side",
            format!("sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 {long} 0-0"),
        ),
        (
            "captured",
            format!("sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S {long}"),
        ),
        (
            "state",
            format!("sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 {long}"),
        ),
    ];
    for (what, text) in cases {
        let msg = parse_error(what, &text);
        assert!(
            msg.len() < MESSAGE_BOUND,
            "{what}: a message of {} bytes",
            msg.len()
        );
    }
}

/// The same cases, for what the engine does today: bounded time, and the
/// message names the field.
#[test]
fn a_megabyte_in_one_field_is_refused_in_bounded_time_naming_the_field() {
    let long = "x".repeat(MEGABYTE);
    let cases = [
        ("variant field", format!("{long} 4/4 S 0-0")),
        ("pits field", sadeqa_v_with_pits(&long)),
        (
            "pits field",
            sadeqa_v_with_pits(&format!("{long},4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4")),
        ),
        (
            "side-to-move field",
            format!("sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 {long} 0-0"),
        ),
        (
            "captured field",
            format!("sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S {long}"),
        ),
        (
            "state field",
            format!("sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 {long}"),
        ),
    ];
    for (field, text) in cases {
        let msg = parse_error(field, &text);
        assert!(
            msg.starts_with(field),
            "{field}: {}",
            &msg[..msg.len().min(100)]
        );
        assert!(
            msg.len() < 2 * text.len(),
            "{field}: the message is linear in the input"
        );
    }
}

#[test]
fn a_megabyte_of_whitespace_is_an_empty_position_string() {
    let msg = parse_error("blank", &" ".repeat(MEGABYTE));
    assert!(msg.contains("position string is empty"), "{msg}");
}

// ---- invalid UTF-8 ----

/// The parsers take `&str`; bytes from outside reach them as text read
/// lossily (each bad sequence becomes U+FFFD) or through serde, which
/// refuses them. Either way: an error, no panic.
#[test]
fn invalid_utf8_is_refused() {
    let bytes: Vec<u8> = b"sadeqa-v 4,4,4,4,4,4,4,4,4,\xff/4,4,4,4,4,4,4,4,4,4 S 0-0".to_vec();
    assert!(String::from_utf8(bytes.clone()).is_err());
    let text = String::from_utf8_lossy(&bytes);
    let msg = parse_error("lossy", &text);
    assert!(
        msg.contains("pits field") && msg.contains("pit 10"),
        "{msg}"
    );

    let json: &[u8] = b"\"sadeqa-v 4,4,4,4,4,4,4,4,4,\xff/4,4,4,4,4,4,4,4,4,4 S 0-0\"";
    let err = serde_json::from_slice::<AnyPosition>(json).expect_err("not UTF-8");
    assert!(err.to_string().contains("invalid unicode"), "{err}");
    let err = serde_json::from_slice::<Record>(b"\"1/2/\xfe\"").expect_err("not UTF-8");
    assert!(err.to_string().contains("invalid unicode"), "{err}");

    for (bytes, what) in [
        (&b"\xc3\x28"[..], "move"),
        (&b"1/\xc3\x28/2"[..], "record"),
        (&b"\xff\xfe\xfd"[..], "position"),
    ] {
        let text = String::from_utf8_lossy(bytes);
        match what {
            "move" => assert!(text.parse::<Move>().is_err()),
            "record" => {
                let e = text.parse::<Record>().expect_err("bad token");
                assert!(matches!(e, RecordError::Parse { ply: 2, .. }), "{e:?}");
            }
            _ => {
                let msg = parse_error("bytes", &text);
                assert!(msg.contains("variant"), "{msg}");
            }
        }
    }
}

// ---- a number with a thousand digits ----

#[test]
fn a_thousand_digit_number_is_refused_naming_the_field() {
    let big = format!("1{}", "0".repeat(999));
    let pits = sadeqa_v_with_pits(&format!("{big},4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4"));
    let msg = parse_error("pit", &pits);
    assert!(msg.contains("pits field") && msg.contains("pit 1"), "{msg}");

    let captured = format!("sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S {big}-0");
    let msg = parse_error("captured", &captured);
    assert!(msg.contains("captured field"), "{msg}");

    let err = big.parse::<Move>().expect_err("no such pit");
    assert!(err.to_string().contains("out of range"), "{err}");
    let err = format!("1/2/{big}")
        .parse::<Record>()
        .expect_err("no such pit");
    assert!(matches!(err, RecordError::Parse { ply: 3, .. }), "{err:?}");

    let variant = format!("andada-{big} 2/2 S 0-0 opening");
    let msg = parse_error("variant", &variant);
    assert!(msg.contains("variant"), "{msg}");
}

/// A count has at most 9 digits (0.2: leading zeros no longer make a
/// thousand-digit count readable): a thousand-digit count is refused at
/// once, naming the pit, even when its value would be 4.
#[test]
fn a_thousand_digit_zero_padded_count_is_refused_naming_the_pit() {
    let four = format!("{}4", "0".repeat(999));
    let text = sadeqa_v_with_pits(&format!("{four},4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4"));
    let msg = parse_error("pits", &text);
    assert!(msg.contains("South's pit 1"), "{msg}");
    assert!(msg.len() < MESSAGE_BOUND, "{}", msg.len());
}

// ---- legal moves of a position from outside ----

/// Sadeqa III positions 4 and 5 plies from the start (records 1/3/6/3,
/// 1/3/2/6/6 and 1/6/4/3/3) in which one candidate move is endless with a
/// long cycle. The exact test (the default for a parsed position) took
/// 635 s, 137 s and 11 s to prove them (2026-12-01, release, on a shared
/// machine); the position strings themselves parse at once, since another
/// move ends.
const LONG_CYCLES: [(&str, u8); 3] = [
    ("sadeqa-iii 0,14,2,14,2,2,1,3/4,13,0,7,2,7,4,1 S 8-12", 5),
    ("sadeqa-iii 9,4,1,17,1,0,1,5/1,15,7,0,3,2,1,2 N 16-11", 2),
    ("sadeqa-iii 8,3,4,3,2,18,6,1/2,1,6,5,9,2,4,3 N 19-0", 5),
];

/// With a lap limit, the legal moves of these positions are answered in
/// bounded time (the endless candidate counts as endless).
#[test]
fn legal_moves_under_a_lap_limit_are_answered_in_bounded_time() {
    for (text, endless) in LONG_CYCLES {
        let p: AnyPosition = timed("parse", || text.parse()).expect("parses");
        let limited = p.with_lap_limit(Some(1_000_000));
        let legal = timed(text, || limited.legal_moves());
        assert!(!legal.contains(Move::Pit(endless)), "{text}");
        assert!(!legal.is_empty(), "{text}");
    }
}

/// The exact test on them takes 10 s to 10 min (an endless sowing whose
/// cycle runs to 10^10 laps), so `legal_moves()` of such a position string
/// can take minutes; the bounded answer is issue 7's budgeted legality,
/// tested here: the string parses at once, `legality()` offers the moves
/// known to end and leaves the long one undecided, and `prove` of it can be
/// cancelled at once.
#[test]
fn budgeted_legality_of_an_outside_position_is_bounded() {
    for (text, endless) in LONG_CYCLES {
        let p: AnyPosition = timed(text, || text.parse()).expect("parses");
        let legality = timed(text, || p.legality());
        assert!(legality.undecided.contains(Move::Pit(endless)), "{text}");
        assert!(!legality.ends.is_empty(), "{text}");
        let mut stop = |_: Move, _: u64| std::ops::ControlFlow::Break(());
        let proof = timed(text, || p.prove(Move::Pit(endless), &mut stop));
        assert!(
            matches!(proof, Ok(sowing::Proof::Cancelled { .. })),
            "{text}: {proof:?}"
        );
    }
}

/// The exact test itself, for release checks: minutes.
#[test]
#[ignore = "long: the exact endless test of these positions takes 10 s to 10 min"]
fn exact_legal_moves_of_an_outside_position() {
    for (text, endless) in LONG_CYCLES {
        let p: AnyPosition = text.parse().expect("parses");
        assert!(!p.legal_moves().contains(Move::Pit(endless)), "{text}");
    }
}

/// Review findings: public entry points that panicked on values their docs
/// did not name now answer without a panic.
mod no_panic {
    use sowing::bots::alphabeta::SearchValue;
    use sowing::bots::{AlphaBeta, Bot, Budget};
    use sowing::rulesets::{SadeqaIII, SadeqaV};
    use sowing::solver::{Limits, Solver, StrategyError};
    use sowing::{Board, Move, Pit, Player, Position, Ruleset, Setup, SetupError};
    use std::time::Duration;

    #[test]
    fn a_hand_built_setup_marking_a_pit_off_the_board_is_a_typed_error() {
        let start = "sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S 0-0";
        for number in [0, 11, 24] {
            let mut setup: Setup = start.parse().unwrap();
            setup.marked.push(Pit::new(Player::South, number));
            let err = Position::from_setup(SadeqaV, &setup).unwrap_err();
            assert!(
                matches!(
                    err,
                    SetupError::MarkOffBoard {
                        pits_per_row: 10,
                        ..
                    }
                ),
                "{err}"
            );
        }
    }

    #[test]
    fn sadeqa_v_refusal_of_a_pit_off_the_board_is_left_to_the_core() {
        let pos = Position::new(SadeqaV);
        for pit in [0, 11, 24, 255] {
            assert_eq!(SadeqaV.refusal(&pos.view(), Move::Pit(pit)), None);
        }
    }

    #[test]
    fn search_values_at_the_extremes_display() {
        // |v| = 2,147,483,647 = WIN (1,000,000) + 1,000 * 2,146,484 - 353:
        // read as a proven result, 353 plies, a margin of 2,146,484, and
        // neither overflows (i32::MIN's absolute value saturates).
        let win = "win in 353 plies (by 2146484 points)";
        let loss = "loss in 353 plies (by 2146484 points)";
        for (v, text, margin) in [
            (i32::MIN, loss, -2_146_484),
            (i32::MIN + 1, loss, -2_146_484),
            (i32::MAX, win, 2_146_484),
        ] {
            assert_eq!(SearchValue(v).to_string(), text);
            assert_eq!(SearchValue(v).plies_to_end(), Some(353));
            assert_eq!(SearchValue(v).margin(), Some(margin));
        }
    }

    #[test]
    fn a_time_budget_too_long_to_add_to_now_is_no_limit() {
        let pos: Position<SadeqaIII> = "game-91 1,0,0,2,0,0,1,0/0,0,1,0,0,1,0,0 N 30-28"
            .parse()
            .unwrap();
        let mut bot = AlphaBeta::with_budget(Budget::Time(Duration::MAX));
        // Proven at once, so the unbounded search stops by itself.
        assert!(bot.choose(&pos).is_some());
        let limits = Limits {
            nodes: None,
            time: Some(Duration::MAX),
        };
        let mut solver = Solver::new(12);
        assert!(solver.solve(&pos, limits).winner.is_some());
        assert!(solver.solve_margin(&pos, limits).is_some());
    }

    #[test]
    fn no_strategy_from_a_margin_search() {
        let pos: Position<SadeqaIII> = "game-91 1,0,0,2,0,0,1,0/0,0,1,0,0,1,0,0 N 30-28"
            .parse()
            .unwrap();
        let mut solver = Solver::new(16);
        solver.solve(&pos, Limits::default());
        assert!(solver.strategy(&pos).is_ok());
        assert_eq!(solver.solve_margin(&pos, Limits::default()), Some(-6));
        assert!(matches!(
            solver.strategy(&pos),
            Err(StrategyError::NotProved)
        ));
        solver.solve(&pos, Limits::default());
        assert!(solver.strategy(&pos).is_ok());
    }

    #[test]
    fn next_index_off_the_board_wraps_to_the_first_pit() {
        let board = Board::from_rows(&[1, 2, 3], &[4, 5, 6]).unwrap();
        assert_eq!(board.next_index(usize::MAX), 0);
        assert_eq!(board.next_index(5), 0);
        assert_eq!(board.next_index(4), 5);
    }
}
