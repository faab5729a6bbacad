//! Position strings (RULES.md section 7) from any bytes: parsing never
//! panics, and a string that parses displays as a string that parses back to
//! the same position and the same string.
//!
//! Bytes that are not UTF-8 are read lossily (U+FFFD for each bad
//! sequence), as a caller reading a file would: the parser must refuse them
//! with an error, not panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::AnyPosition;

fuzz_target!(|data: &[u8]| {
    // Past 4 KiB nothing new is reachable: the longest valid string is a few
    // hundred bytes. Longer inputs only slow the fuzzer down (tests/limits.rs
    // checks a megabyte).
    if data.len() > 4096 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = text.parse::<AnyPosition>() else {
        return;
    };
    let shown = pos.to_string();
    let again: AnyPosition = shown
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} parsed, its display {shown:?} does not: {e}"));
    assert_eq!(again, pos, "{text:?} -> {shown:?}");
    assert_eq!(again.to_string(), shown, "{text:?}");
    // Parsing again with the ruleset read the first time is the same.
    let with = AnyPosition::from_str_with(pos.rules(), &shown).expect("parses with its rules");
    assert_eq!(with, pos);
    // The outcome agrees with is_over.
    assert_eq!(pos.is_over(), !pos.outcome().is_ongoing(), "{shown}");
});
