//! The engine protocol (docs/PROTOCOL.md) in process: any bytes, read
//! lossily as text, as lines into an engine session
//! (`sowing_cli::engine::Session`, the built-in games, a 1 MiB table).
//!
//! Checks: no line panics the engine; every line it writes is one of the
//! protocol's (`id`, `option`, `uciok`, `readyok`, `info`, `bestmove`
//! with a move or `none`), on one line; every `go` the engine takes is
//! answered by exactly one `bestmove`.
//!
//! Bounded: `go` searches at most 2 plies deep (alpha-beta) or 300
//! playouts (MCTS), whatever the fuzzed line asks (`nodes 300 depth 2` is
//! added, `infinite` dropped); a table over 16 MiB and the databases
//! (a directory read from disk) are not set.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::Move;
use sowing_cli::Games;
use sowing_cli::engine::Session;
use std::sync::OnceLock;

fn games() -> &'static Games {
    static GAMES: OnceLock<Games> = OnceLock::new();
    GAMES.get_or_init(Games::built_in)
}

/// The line as the harness sends it, or `None` for one it does not send.
fn bounded(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.first() {
        Some(&"go") => {
            let kept: Vec<&str> = words.into_iter().filter(|w| *w != "infinite").collect();
            Some(format!("{} nodes 300 depth 2", kept.join(" ")))
        }
        Some(&"setoption") => {
            let lower = line.to_ascii_lowercase();
            let value = words
                .iter()
                .position(|w| *w == "value")
                .map(|i| words[i + 1..].join(" "))
                .unwrap_or_default();
            let value = value.trim();
            if lower.contains("tablebase") && !(value.is_empty() || value == "<empty>") {
                return None;
            }
            if lower.contains("hash") && value.parse::<u32>().is_ok_and(|m| m > 16) {
                return None;
            }
            Some(line.to_string())
        }
        _ => Some(line.to_string()),
    }
}

/// Checks the engine's lines; returns how many are `bestmove`.
fn check(sent: &str, lines: &[String]) -> usize {
    let mut best = 0;
    for line in lines {
        assert!(
            !line.contains(['\n', '\r']),
            "{sent:?}: {line:?} spans lines"
        );
        let first = line.split(' ').next().unwrap_or("");
        match first {
            "id" | "option" | "info" => {}
            "uciok" | "readyok" => assert_eq!(line, first, "{sent:?}"),
            "bestmove" => {
                best += 1;
                let mv = line.strip_prefix("bestmove ").unwrap_or("");
                assert!(
                    mv == "none" || mv.parse::<Move>().is_ok(),
                    "{sent:?}: {line:?}"
                );
            }
            _ => panic!("{sent:?}: the engine wrote {line:?}"),
        }
    }
    best
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let mut session = Session::new(games(), ["engine", "--hash", "1"]).expect("the engine starts");
    let (mut searches, mut answers) = (0, 0);
    for line in text.lines().take(64) {
        let Some(line) = bounded(line) else {
            continue;
        };
        let (more, out) = session.command(&line);
        answers += check(&line, &out);
        if line.split_whitespace().next() == Some("go")
            && !out.iter().any(|l| l.starts_with("info string error: go"))
        {
            searches += 1;
        }
        if !more {
            break;
        }
    }
    answers += check("(the end)", &session.finish());
    assert_eq!(answers, searches, "{text:?}: a bestmove for each go taken");
});
