//! The solved games won by moving last on small boards
//! (docs/SOLVED.md): every strategy file committed in
//! tests/data/strategies/ for a resized game is read and checked with the
//! crate's exact rules (`check_strategy`: every reply of the loser
//! followed, every line of play ends in the claimed winner's win) from the
//! game's start. The table below is the claim; a strategy file of a
//! resized game that it does not list fails the test, so that none goes
//! unchecked.

use sowing::certificate::{Certificate, Claim, NoLeaves};
use sowing::rulesets::{Andada, Reading, Resizable, Resized, SadeqaII};
use sowing::solver::{check_strategy, read_strategy};
use sowing::{Player, Position};

const S: Player = Player::South;
const N: Player = Player::North;

/// Sadeqa II, both players' first moves forced: (m, n, winner) from the
/// start, South moving first.
const SADEQA_II: &[(usize, u8, Player)] = &[
    (2, 2, N),
    (2, 3, N),
    (2, 5, N),
    (2, 6, S),
    (3, 1, N),
    (3, 2, S),
    (3, 3, S),
    (3, 4, N),
    (3, 5, S),
    (3, 6, S),
    (4, 1, S),
    (4, 2, S),
    (4, 3, S),
    (4, 4, S),
    (4, 5, S),
    (4, 6, N),
    (5, 1, N),
    (5, 2, S),
    (5, 3, N),
    (5, 4, S),
    (6, 1, S),
    (6, 2, S),
    (6, 4, N),
    (7, 1, S),
    (7, 2, S),
    (8, 1, S),
    (9, 1, N),
    (10, 1, S),
    (12, 1, S),
];

/// Sadeqa II, starter-only reading.
const SADEQA_II_STARTER_ONLY: &[(usize, u8, Player)] = &[
    (2, 2, N),
    (2, 3, N),
    (2, 5, N),
    (2, 6, S),
    (3, 1, N),
    (3, 2, S),
    (3, 3, S),
    (3, 4, N),
    (3, 5, S),
    (3, 6, S),
    (4, 1, N),
    (4, 2, N),
    (4, 3, S),
    (4, 4, N),
    (4, 5, N),
    (4, 6, N),
    (5, 1, N),
    (5, 2, N),
    (5, 3, N),
    (5, 4, N),
    (6, 1, S),
    (6, 2, N),
    (6, 4, N),
    (7, 1, S),
    (7, 2, N),
    (8, 1, N),
    (9, 1, N),
    (10, 1, N),
    (12, 1, N),
];

/// Andada under each reading, with its file's prefix (South opens; North
/// chooses who moves first, or under Ludii's reading moves first).
const ANDADA: &[(Reading, &str, usize, u8, Player)] = &[
    (Reading::Pankhurst, "andada", 3, 2, N),
    (Reading::EmptyRowLoses, "andada-empty-row", 3, 2, N),
    (Reading::Ludii, "andada-ludii", 3, 2, S),
];

fn dir() -> String {
    format!("{}/tests/data/strategies", env!("CARGO_MANIFEST_DIR"))
}

/// Reads `file` and checks it as `winner`'s strategy from the start of
/// `rules` on 2 x `m` with `n` seeds a pit.
fn check<R: Resizable>(rules: R, m: usize, n: u8, winner: Player, file: &str) {
    let rules = Resized::new(rules, m, n).unwrap();
    let start = Position::new(rules);
    let path = format!("{}/{file}", dir());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // The header names the claimed winner and the root.
    assert_eq!(
        text.lines().next(),
        Some(format!("# sowing winning strategy: {winner} wins").as_str()),
        "{file}"
    );
    assert_eq!(
        text.lines().nth(1),
        Some(format!("# root: {start}").as_str()),
        "{file}"
    );
    let lines = read_strategy(rules, &text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let checked = check_strategy(&start, winner, &lines).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(checked.winner_positions, lines.len(), "{file}");
    assert!(checked.finished > 0, "{file}");
    // And by the certificate checker, which shares no code with the
    // solver (module `certificate`).
    let certs =
        Certificate::parse(rules, &text, Some(&start)).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(certs.len(), 1, "{file}");
    assert_eq!(certs[0].claim, Claim::Wins(winner), "{file}");
    let again = certs[0]
        .check(&NoLeaves)
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(again.prover_positions, checked.winner_positions, "{file}");
    assert_eq!(again.finished, checked.finished, "{file}");
}

#[test]
fn sadeqa_ii_strategies_check() {
    for &(m, n, winner) in SADEQA_II {
        check(
            SadeqaII::new(),
            m,
            n,
            winner,
            &format!("sadeqa-ii-{m}x{n}.strategy"),
        );
    }
}

#[test]
fn sadeqa_ii_starter_only_strategies_check() {
    for &(m, n, winner) in SADEQA_II_STARTER_ONLY {
        let file = format!("sadeqa-ii-starter-only-{m}x{n}.strategy");
        check(SadeqaII::starter_only(), m, n, winner, &file);
    }
}

#[test]
fn andada_strategies_check() {
    for &(reading, prefix, m, n, winner) in ANDADA {
        let rules = Andada::default().with_reading(reading);
        check(rules, m, n, winner, &format!("{prefix}-{m}x{n}.strategy"));
    }
}

/// Sadeqa II's own strategies (2 x 6, 3 seeds: the standard game) check as
/// strategies of `Resized` at the standard size, named `sadeqa-ii:6x3`.
#[test]
fn the_standard_sadeqa_ii_strategies_check_resized() {
    for (file, rules, winner) in [
        ("sadeqa-ii.strategy", SadeqaII::new(), S),
        (
            "sadeqa-ii-starter-only.strategy",
            SadeqaII::starter_only(),
            N,
        ),
    ] {
        let path = format!("{}/{file}", dir());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let text = text.replace("sadeqa-ii ", "sadeqa-ii:6x3 ");
        let rules = Resized::new(rules, 6, 3).unwrap();
        let lines = read_strategy(rules, &text).unwrap_or_else(|e| panic!("{file}: {e}"));
        check_strategy(&Position::new(rules), winner, &lines)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}

/// Every strategy file of a resized game in the directory is one the
/// tables above claim (and so is checked).
#[test]
fn every_resized_strategy_file_is_listed() {
    let mut listed: Vec<String> = SADEQA_II
        .iter()
        .map(|&(m, n, _)| format!("sadeqa-ii-{m}x{n}.strategy"))
        .chain(
            SADEQA_II_STARTER_ONLY
                .iter()
                .map(|&(m, n, _)| format!("sadeqa-ii-starter-only-{m}x{n}.strategy")),
        )
        .chain(
            ANDADA
                .iter()
                .map(|&(_, prefix, m, n, _)| format!("{prefix}-{m}x{n}.strategy")),
        )
        .collect();
    listed.sort();
    let mut found: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".strategy") && f.contains(|c: char| c.is_ascii_digit()))
        .collect();
    found.sort();
    assert_eq!(found, listed);
}
