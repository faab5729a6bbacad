//! Game records and move strings (RULES.md section 7) from any bytes:
//! parsing never panics; a record or move that parses displays as one that
//! parses back to the same; and playing any record that parses on any
//! variant either plays it or names the ply that cannot be played.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::rulesets::{Andada, Reading, SadeqaII, SadeqaIII, SadeqaV};
use sowing::{AnyGame, AnyPosition, AnyRuleset, Move, Record, RecordError};

/// The lap limit for fuzzed games: an endless sowing's cycle can take 10^9
/// laps and more to prove (RULES.md section 2); with the limit a move costs
/// microseconds, so the fuzzer stays fast.
const LAP_LIMIT: u32 = 20_000;

fn rules(byte: u8) -> AnyRuleset {
    let sizes = [12, 15, 18, 21, 24];
    match byte % 12 {
        0 => AnyRuleset::SadeqaV(SadeqaV),
        1 => AnyRuleset::SadeqaII(SadeqaII::new()),
        2 => AnyRuleset::SadeqaII(SadeqaII::starter_only()),
        3 => AnyRuleset::SadeqaIII(SadeqaIII::new()),
        4 => AnyRuleset::SadeqaIII(SadeqaIII::game_91()),
        k => {
            let a = Andada::new(sizes[(byte as usize / 12) % 5]).expect("a board size");
            let reading =
                [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii][k as usize % 3];
            AnyRuleset::Andada(a.with_clockwise(k >= 9).with_reading(reading))
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 8192 {
        return;
    }
    let (choice, text) = match data.split_first() {
        Some((&c, rest)) => (c, String::from_utf8_lossy(rest)),
        None => return,
    };

    // Every token as a move.
    for token in text.split('/') {
        if let Ok(m) = token.parse::<Move>() {
            let shown = m.to_string();
            assert_eq!(
                shown.parse::<Move>().ok(),
                Some(m),
                "{token:?} -> {shown:?}"
            );
        }
    }

    let record: Record = match text.parse() {
        Ok(r) => r,
        Err(RecordError::Parse { ply, .. }) => {
            assert!(
                ply >= 1 && ply <= text.split('/').count(),
                "{text:?}: ply {ply}"
            );
            return;
        }
        Err(e) => panic!("{text:?}: parsing gave a non-parse error {e:?}"),
    };
    let shown = record.to_string();
    let again: Record = shown
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} parsed, its display {shown:?} does not: {e}"));
    assert_eq!(again, record, "{text:?} -> {shown:?}");

    let start = AnyPosition::new(rules(choice)).with_lap_limit(Some(LAP_LIMIT));
    let mut game = AnyGame::new(start);
    match game.play_record(&record) {
        Ok(()) => assert_eq!(game.record(), record),
        Err(RecordError::Play { ply, .. } | RecordError::Over { ply, .. }) => {
            // Everything before the failing ply was played, nothing after.
            assert!(ply >= 1 && ply <= record.moves().len());
            assert_eq!(game.ply(), ply - 1, "{text:?}");
            assert_eq!(game.record().moves(), &record.moves()[..ply - 1]);
        }
        Err(e) => panic!("{text:?}: playing gave {e:?}"),
    }
});
