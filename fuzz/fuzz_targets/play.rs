//! Play sequences: a start (a fuzzed position string, or a fuzzed choice of
//! variant, options and first player), then a fuzzed list of moves, some
//! taken from the legal moves, some raw (any pit number 0..=31, S or N).
//! After every move, played or refused:
//!
//! - seeds are conserved (board + captured + removed = the variant's total,
//!   nothing goes below zero, captured and removed never go down, and only
//!   Andada removes seeds without counting them);
//! - a refused move changes nothing;
//! - `check` agrees with `legal_moves`;
//! - the position string round-trips (parse, display);
//! - the outcome is consistent with `is_over` (and `is_over` with an empty
//!   legal-move set).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::rulesets::{Andada, Reading, SadeqaII, SadeqaIII, SadeqaV};
use sowing::{AnyPosition, AnyRuleset, Move, PlayError, Player, Variant};

/// The lap limit: an endless sowing's cycle can take 10^9 laps and more to
/// prove exactly (RULES.md section 2); with the limit a move costs
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

fn accounted(p: &AnyPosition) -> u32 {
    p.seeds_on_board() + p.captured(Player::South) as u32 + p.captured(Player::North) as u32
}

/// Every move worth trying on `p`: pits 0..=25 and both choice moves.
fn all_moves() -> impl Iterator<Item = Move> {
    (0..=25).map(Move::Pit).chain(Player::BOTH.map(Move::First))
}

fn check(p: &AnyPosition, prev: Option<&AnyPosition>) {
    let total = p.variant().total_seeds();
    assert!(accounted(p) <= total, "{p}: more seeds than {total}");
    assert_eq!(accounted(p) + p.removed(), total, "{p}");
    if let Some(q) = prev {
        // A position set up from a string may hold fewer seeds than the
        // start (they count as removed); only Andada removes more in play.
        if !matches!(p.variant(), Variant::Andada(_)) {
            assert_eq!(
                p.removed(),
                q.removed(),
                "{q} -> {p}: only Andada removes seeds uncounted"
            );
        }
        for player in Player::BOTH {
            assert!(p.captured(player) >= q.captured(player), "{q} -> {p}");
        }
        assert!(p.removed() >= q.removed(), "{q} -> {p}");
    }
    let legal = p.legal_moves();
    assert_eq!(p.is_over(), legal.is_empty(), "{p}");
    assert_eq!(p.is_over(), !p.outcome().is_ongoing(), "{p}");
    let mut cut_off = false;
    for m in all_moves() {
        let checked = p.check(m);
        assert_eq!(checked.is_ok(), legal.contains(m), "{p}: check({m})");
        cut_off |= matches!(checked, Err(PlayError::LapLimit { .. }));
    }
    // A parsed position has no lap limit: when the side to move has no move
    // and a candidate was cut off by the limit, parsing would have to prove
    // that candidate endless exactly (10^9 laps and more): skipped, as in
    // tests/properties.rs.
    if !(cut_off && legal.is_empty()) {
        let s = p.to_string();
        let back = AnyPosition::from_str_with(p.rules(), &s)
            .unwrap_or_else(|e| panic!("{s:?} does not parse back: {e}"));
        assert_eq!(back, *p, "{s}");
        assert_eq!(back.to_string(), s);
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 || data.len() > 4096 {
        return;
    }
    let (mode, rest) = (data[0], &data[1..]);
    let (start, moves) = if mode & 1 == 0 {
        let first = if mode & 2 == 0 {
            Player::South
        } else {
            Player::North
        };
        (
            AnyPosition::new_with_first(rules(rest[0]), first),
            &rest[1..],
        )
    } else {
        // A position string up to the first newline, default options.
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let text = String::from_utf8_lossy(&rest[..end]);
        let Ok(p) = text.parse::<AnyPosition>() else {
            return;
        };
        (p, rest.get(end + 1..).unwrap_or(&[]))
    };
    let mut pos = start.with_lap_limit(Some(LAP_LIMIT));
    if mode & 1 == 0 {
        assert_eq!(pos.removed(), 0, "{pos}: the start holds every seed");
    }
    check(&pos, None);
    for &b in moves {
        let legal = pos.legal_moves();
        let mv = if b < 0xC0 && !legal.is_empty() {
            legal.nth(b as usize % legal.len()).expect("in range")
        } else if b >= 0xFE {
            Move::First(if b == 0xFE {
                Player::South
            } else {
                Player::North
            })
        } else {
            Move::Pit(b & 0x1F)
        };
        let before = pos;
        let before_text = pos.to_string();
        match pos.play(mv) {
            Ok(()) => {
                assert!(legal.contains(mv), "{before_text}: unlisted {mv} played");
                check(&pos, Some(&before));
            }
            Err(e) => {
                assert!(
                    !legal.contains(mv),
                    "{before_text}: legal {mv} refused: {e}"
                );
                assert_eq!(
                    pos, before,
                    "{before_text}: refused {mv} changed the position"
                );
                assert_eq!(pos.to_string(), before_text);
                assert_eq!(pos.is_over(), before.is_over());
            }
        }
    }
});
