//! Variant names and game options (RULES.md sections 4.1, 6, 6.7;
//! `sowing::options`), from any bytes read lossily as text: the first line
//! is a ruleset as the notation writes it (`andada-15(clockwise,
//! reading=ludii)`), each further line an option as a tool's `--option`
//! takes it (`name=value`); the first byte also picks the tools' older
//! flags (`--starter-only`, `--clockwise`, `--reading`).
//!
//! Checks: nothing panics; a ruleset or variant that parses prints as text
//! that parses back to the same (and prints the same); its JSON (serde)
//! round-trips, and JSON of any text never panics; an option set on a
//! ruleset reads back; the tools' options (`RuleOptions::build`) accept
//! only what `RuleOptions::apply` accepts, with the same result, and their
//! ruleset is the one the library builds from the same text and options.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::options::{OptionValue, split_options};
use sowing::{AnyRuleset, Variant};
use sowing_cli::rule_options::{ReadingArg, RuleOptions};
use sowing_cli::{Games, Rules};
use std::sync::OnceLock;

fn games() -> &'static Games {
    static GAMES: OnceLock<Games> = OnceLock::new();
    GAMES.get_or_init(Games::built_in)
}

/// A ruleset of the tools as the notation writes it, and its option
/// values, for comparing.
fn shown(rules: &Rules) -> (String, Vec<(&'static str, Option<OptionValue>)>) {
    let values = rules
        .options()
        .iter()
        .map(|o| (o.name, rules.option_value(o.name)))
        .collect();
    (rules.name(), values)
}

fn any_ruleset(text: &str) {
    let Ok(rules) = text.parse::<AnyRuleset>() else {
        return;
    };
    let printed = rules.to_string();
    let back: AnyRuleset = printed
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} parsed, its display {printed:?} does not: {e}"));
    assert_eq!(back, rules, "{text:?} -> {printed:?}");
    assert_eq!(back.to_string(), printed);
    let json = serde_json::to_string(&rules).expect("a ruleset serialises");
    let again: AnyRuleset = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{printed}: its JSON {json} does not read back: {e}"));
    assert_eq!(again, rules, "{json}");
    // Every option reads back as set, and the same name with the options
    // given one by one is the same ruleset.
    let mut rebuilt = text
        .parse::<AnyRuleset>()
        .ok()
        .and_then(|r| r.name().parse::<AnyRuleset>().ok())
        .expect("its name alone parses");
    for spec in rules.options() {
        let value = rules.option_value(spec.name).expect("an option it lists");
        rebuilt
            .set_option(spec.name, Some(&value.to_string()))
            .unwrap_or_else(|e| panic!("{printed}: {}={value}: {e}", spec.name));
    }
    assert_eq!(rebuilt, rules, "{printed}");
}

fn variant(text: &str) {
    let Ok(v) = text.parse::<Variant>() else {
        return;
    };
    let printed = v.to_string();
    assert_eq!(
        printed.parse::<Variant>().ok(),
        Some(v),
        "{text:?} -> {printed:?}"
    );
    let json = serde_json::to_string(&v).expect("a named variant serialises");
    assert_eq!(
        serde_json::from_str::<Variant>(&json).ok(),
        Some(v),
        "{json}"
    );
}

fn tools(text: &str, flags: u8, lines: &[&str]) {
    // The tools' reading of a ruleset: the library's, for the built-in games.
    match (games().rules(text), text.parse::<AnyRuleset>()) {
        (Ok(rules), Ok(any)) => assert_eq!(rules.name(), any.name(), "{text:?}"),
        (Err(_), Err(_)) => {}
        (tools, library) => panic!(
            "{text:?}: the tools read {:?}, the library {:?}",
            tools.map(|r| r.name()),
            library.map(|r| r.to_string())
        ),
    }
    let options = RuleOptions {
        option: lines.iter().map(|l| l.to_string()).collect(),
        starter_only: flags & 1 != 0,
        clockwise: flags & 2 != 0,
        reading: match (flags >> 2) & 3 {
            0 => None,
            1 => Some(ReadingArg::Pankhurst),
            2 => Some(ReadingArg::EmptyRow),
            _ => Some(ReadingArg::Ludii),
        },
    };
    let built = options.build(games(), text);
    let applied = options.apply(games(), text);
    if let Ok(built) = &built {
        let applied = applied
            .as_ref()
            .unwrap_or_else(|e| panic!("{text:?} {options:?}: built, but apply says {e}"));
        assert_eq!(shown(built), shown(applied), "{text:?} {options:?}");
        // The library builds the same from the name and the options.
        let mut any: AnyRuleset = text.parse().expect("the tools built it");
        for (_, name, value) in options.given() {
            any.set_option(name, value).unwrap_or_else(|e| {
                panic!("{text:?} {options:?}: the library refuses {name}: {e}")
            });
        }
        let values: Vec<_> = any
            .options()
            .iter()
            .map(|o| (o.name, any.option_value(o.name)))
            .collect();
        assert_eq!(
            shown(built),
            (any.name().to_string(), values),
            "{text:?} {options:?}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 1024 {
        return;
    }
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let others: Vec<&str> = lines.take(8).collect();

    let _ = split_options(first);
    any_ruleset(first);
    variant(first);
    tools(first, flags, &others);
    // Any JSON (the whole text) as a variant and as a ruleset.
    if let Ok(v) = serde_json::from_str::<Variant>(&text) {
        variant(&v.to_string());
    }
    if let Ok(r) = serde_json::from_str::<AnyRuleset>(&text) {
        any_ruleset(&r.to_string());
        let json = serde_json::to_string(&r).expect("serialises");
        assert_eq!(
            serde_json::from_str::<AnyRuleset>(&json).ok(),
            Some(r),
            "{json}"
        );
    }
});
