//! Perft counts (issue 7): `tests/data/perft.txt` holds positions of every
//! variant and option, from the start and from mid-game positions reached by
//! fixed records, with the number of leaf positions after exactly d plies,
//! as the reference model (`tests/model`) counts them. The engine must
//! count the same. See the file's header for the definition.
//!
//! `engine_matches_perft_file` checks the engine; `model_matches_perft_file`
//! checks the model's counts at the shallow depths (so that a hand edit of
//! the file, or a change of the model, shows); the ignored
//! `generate_perft_file` writes the file from the model:
//! `cargo test --release --test perft -- --ignored generate_perft_file`.

mod model;

use model::{Model, ModelGame, Mv, Reading, Rules, SOUTH, engine_rules, perft};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::{AnyGame, AnyPosition, Record};
use std::fmt::Write as _;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");

/// One entry of the file.
#[derive(Debug)]
struct Entry {
    id: String,
    rules: String,
    record: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn read_file() -> Vec<Entry> {
    let text = std::fs::read_to_string(FILE).expect("tests/data/perft.txt");
    let mut entries = Vec::new();
    let mut cur: Option<Entry> = None;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            entries.extend(cur.take());
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let e = cur.get_or_insert_with(|| Entry {
            id: String::new(),
            rules: String::new(),
            record: String::new(),
            position: String::new(),
            counts: Vec::new(),
        });
        match key {
            "id" => e.id = value.to_string(),
            "rules" => e.rules = value.to_string(),
            "record" => e.record = value.to_string(),
            "position" => e.position = value.to_string(),
            "perft" => {
                let (d, n) = value.split_once(' ').expect("perft <depth> <count>");
                e.counts.push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => panic!("perft.txt line {}: unknown key {key:?}", i + 1),
        }
    }
    entries.extend(cur);
    assert!(!entries.is_empty());
    entries
}

/// The engine's perft: the library's [`sowing::perft`], for the ruleset
/// of `p`; its legal moves checked to play (with `play`, which refuses a
/// move that is not legal).
fn engine_perft(p: &AnyPosition, depth: u32) -> u64 {
    if depth > 0 {
        for m in p.legal_moves() {
            let mut c = *p;
            c.play(m).expect("a legal move plays");
        }
    }
    match p {
        AnyPosition::SadeqaV(p) => sowing::perft(p, depth),
        AnyPosition::SadeqaII(p) => sowing::perft(p, depth),
        AnyPosition::SadeqaIII(p) => sowing::perft(p, depth),
        AnyPosition::Andada(p) => sowing::perft(p, depth),
    }
}

/// The entry's position in the engine: from the start through the record,
/// checked against the position string, which must parse to the same.
fn engine_position(e: &Entry) -> AnyPosition {
    let rules = engine_rules(Rules::from_description(&e.rules).expect("rules line"));
    let mut game = AnyGame::new(AnyPosition::new(rules));
    let record: Record = e.record.parse().expect("record line");
    game.play_record(&record)
        .unwrap_or_else(|err| panic!("{}: record {}: {err}", e.id, e.record));
    let reached = game.position();
    assert_eq!(
        reached.to_string(),
        e.position,
        "{}: the record's position",
        e.id
    );
    let parsed = AnyPosition::from_str_with(rules, &e.position)
        .unwrap_or_else(|err| panic!("{}: {err}", e.id));
    assert_eq!(parsed, reached, "{}", e.id);
    reached
}

/// The engine's counts for `entries`; panics listing every entry whose
/// counts differ from the file's.
fn check_engine(entries: &[Entry]) -> u64 {
    let mut nodes = 0;
    let mut wrong = Vec::new();
    for e in entries {
        let p = engine_position(e);
        for &(d, n) in &e.counts {
            let got = engine_perft(&p, d);
            if got != n {
                wrong.push(format!(
                    "{}: {} ({}): perft {d}: engine {got}, file {n}",
                    e.id, e.position, e.rules
                ));
                break;
            }
            nodes += got;
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    nodes
}

#[test]
fn engine_matches_perft_file() {
    let started = std::time::Instant::now();
    let entries = read_file();
    let leaves = check_engine(&entries);
    eprintln!(
        "perft: {} entries, {leaves} leaves in {:?}",
        entries.len(),
        started.elapsed()
    );
}

/// The model still counts what the file says, at depths up to 3 (and the
/// record still reaches the position string in the model).
#[test]
fn model_matches_perft_file() {
    for e in read_file() {
        let m = model_position(&e);
        assert_eq!(m.to_string(), e.position, "{}", e.id);
        for &(d, n) in e.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(perft(&m, d), Some(n), "{}: perft {d}", e.id);
        }
    }
}

fn model_position(e: &Entry) -> Model {
    let rules = Rules::from_description(&e.rules).expect("rules line");
    let hits = model::limit_hits();
    let mut m = Model::new(rules, SOUTH).with_lap_limit(Some(GUARD_LAPS));
    if !e.record.is_empty() {
        for t in e.record.split('/') {
            let mv = Mv::parse(t).expect("a move");
            m.play(mv)
                .unwrap_or_else(|r| panic!("{}: {mv}: {r:?}", e.id));
        }
    }
    assert_eq!(
        model::limit_hits(),
        hits,
        "{}: a sowing ran past the guard",
        e.id
    );
    m
}

// ---- the generator ----

/// Leaf counts up to this per position: the engine's check stays at a few
/// seconds in all.
const LEAF_BUDGET: u64 = 20_000;
const MAX_DEPTH: u32 = 12;

/// The model's guard: a sowing not decided within this many laps (an
/// endless cycle of 10^9 laps, say) stops the entry's depths there, since
/// the count would not be exact. Every count written was decided exactly:
/// every sowing on the way ended or returned to its first state within it.
const GUARD_LAPS: u64 = 1_000_000;

/// The rulesets of the file: every variant and option, Andada's options on
/// the 12-pit board and every size in the default reading.
fn file_rules() -> Vec<Rules> {
    let mut all = vec![
        Rules::SadeqaV,
        Rules::SadeqaII {
            starter_only: false,
        },
        Rules::SadeqaII { starter_only: true },
        Rules::SadeqaIII,
        Rules::Game91,
    ];
    for clockwise in [false, true] {
        for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
            all.push(Rules::Andada {
                n: 12,
                clockwise,
                reading,
            });
        }
    }
    for n in [15, 18, 21, 24] {
        all.push(Rules::Andada {
            n,
            clockwise: false,
            reading: Reading::Pankhurst,
        });
    }
    all
}

/// A random game of `rules` from a fixed seed, played to its end by the
/// model (exact endless test).
fn fixed_game(rules: Rules, seed: u64) -> ModelGame {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = ModelGame::new(Model::new(rules, SOUTH).with_lap_limit(Some(GUARD_LAPS)));
    let hits = model::limit_hits();
    loop {
        let legal = g.legal_moves();
        if legal.is_empty() || g.moves.len() >= 3_000 || model::limit_hits() != hits {
            // A game whose positions the guard may have decided wrongly is
            // cut short before them.
            if model::limit_hits() != hits {
                g.positions.pop();
                g.moves.pop();
            }
            return g;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        g.play(mv).expect("legal");
    }
}

fn entry_text(id: &str, rules: Rules, record: &str, m: &Model) -> String {
    let mut s = String::new();
    writeln!(s, "id {id}").unwrap();
    writeln!(s, "rules {}", rules.describe()).unwrap();
    if record.is_empty() {
        writeln!(s, "record").unwrap();
    } else {
        writeln!(s, "record {record}").unwrap();
    }
    writeln!(s, "position {m}").unwrap();
    let m = &m.clone().with_lap_limit(Some(GUARD_LAPS));
    for d in 1..=MAX_DEPTH {
        let started = std::time::Instant::now();
        let Some(n) = perft(m, d) else {
            eprintln!("{id}: perft {d}: a sowing ran past {GUARD_LAPS} laps, not written");
            writeln!(
                s,
                "# perft {d} not given: a sowing on the way runs past {GUARD_LAPS} laps (the model, seed by seed, does not decide it)"
            )
            .unwrap();
            break;
        };
        eprintln!("{id}: perft {d} {n} in {:?}", started.elapsed());
        writeln!(s, "perft {d} {n}").unwrap();
        if n == 0 || n > LEAF_BUDGET {
            break;
        }
    }
    s
}

const HEADER: &str = "\
# Perft counts for sowing (issue 7), in the manner of shakmaty's perft files.
#
# Written by the reference model of tests/model (RULES.md written a second
# time, seed by seed), never by the engine:
#   cargo test --release --test perft -- --ignored generate_perft_file
# and checked against the engine by tests/perft.rs.
#
# An entry: `id`, `rules` (the variant and the options not in the position
# string: starter-only, clockwise, empty-row-loses, ludii), `record` (the
# moves from the initial position, South to move, that reach the position;
# empty for the start), `position` (the position string, RULES.md section 7),
# then `perft <depth> <leaves>` lines. Entries are separated by blank lines.
#
# perft(p, d) is the number of positions reached from p after exactly d
# plies: perft(p, 0) = 1; perft(p, d) = the sum of perft(q, d - 1) over every
# legal move of p, q the position after it. A ply is one legal move: a bonus
# move (Sadeqa V), Andada's opening and his choice move are plies; an
# automatic pass is not (the position after a move is the one with the pass
# made). A finished game has no legal move, so a game that ends before depth
# d contributes nothing at depth d (as checkmate does in chess perft).
# Repetition is a game policy, not a rule of the position: it is ignored.
# Endless sowings are decided exactly (no lap limit); an endless candidate
# is not a legal move.
#
# Mid-game positions come from random games played by the model from fixed
# seeds (the record is what matters): early (ply 5), middle, and late (6
# plies before the end, where Sadeqa V has waranas and Andada the singleton
# ending). Depths grow until the count passes 20,000 leaves or the depth
# reaches 12. The model sows seed by seed under a guard of 1,000,000 laps:
# where a sowing on the way is not decided within it (a long endless cycle:
# Sadeqa III and game 91 meet candidate moves whose cycles run to 10^8 laps
# and more 4 or 5 plies from the start), the entry stops with a
# `# perft <d> not given` line; every count given was decided exactly.
#
# Andada's Ludii entries follow RULES.md 6.7 as reworded (a last seed, while
# every pit holds at most one seed, in an empty pit whose next pit is the
# opponent's is removed), which the engine follows since issue 8.
";

#[test]
#[ignore = "writes tests/data/perft.txt from the model"]
fn generate_perft_file() {
    let mut out = String::from(HEADER);
    for (k, rules) in file_rules().into_iter().enumerate() {
        let id = rules.describe().replace(' ', "-");
        out.push('\n');
        out.push_str(&entry_text(
            &format!("{id}-start"),
            rules,
            "",
            &Model::new(rules, SOUTH),
        ));
        let game = fixed_game(rules, 0x9e7f_0000 + k as u64);
        let plies = game.moves.len();
        // Early, middle and late in the game (the last before the end, where
        // Sadeqa V has waranas and Andada the singleton ending).
        let mut picks = vec![("early", 5.min(plies)), ("middle", plies / 2)];
        if plies > 8 {
            picks.push(("late", plies - 6));
        }
        for (name, ply) in picks {
            let m = &game.positions[ply];
            if m.over || ply == 0 {
                continue;
            }
            let record = game.moves[..ply]
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join("/");
            out.push('\n');
            out.push_str(&entry_text(
                &format!("{id}-{name}-ply-{ply}"),
                rules,
                &record,
                m,
            ));
            eprintln!("{id} {name} done");
        }
    }
    std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data")).unwrap();
    std::fs::write(FILE, out).unwrap();
}
