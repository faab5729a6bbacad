//! Ludii's two stored random trials of Andada (12 pits, counter-clockwise)
//! replayed through the crate's Ludii reading (RULES.md section 6.7), ply by
//! ply.
//!
//! The data (`tests/data/ludii/trial_N.txt`) is derived from Ludii's trial
//! files by `tests/data/ludii/convert.py`, which carries out the actions the
//! trial records (the seeds each Ludii move sows, the seeds it sends to a
//! hand) without applying any rule of its own; see
//! `tests/data/ludii/README.md`. Each ply gives the mover, the move in the
//! crate's notation, Ludii's number of laps and of legal moves, and the
//! position after it; the file ends with the trial's result.

use sowing::rulesets::{Andada, Reading};
use sowing::{AnyGame, AnyPosition, AnyRuleset, Event, Move, Outcome, Player, Position, Record};

/// One ply of a trial.
struct Ply {
    number: usize,
    mover: Player,
    mv: Move,
    laps: usize,
    legal: usize,
    after: String,
}

/// A trial as the data file gives it.
struct Trial {
    record: String,
    winner: Player,
    removed: u32,
    plies: Vec<Ply>,
}

fn player(word: &str) -> Player {
    match word {
        "S" => Player::South,
        "N" => Player::North,
        _ => panic!("not a player: {word:?}"),
    }
}

fn load(text: &str) -> Trial {
    let mut trial = Trial {
        record: String::new(),
        winner: Player::South,
        removed: 0,
        plies: Vec::new(),
    };
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (key, rest) = line.split_once(' ').expect("a field and its value");
        match key {
            "variant" => assert_eq!(rest, "andada-12"),
            "record" => trial.record = rest.to_string(),
            "result" => trial.winner = player(rest),
            "removed" => trial.removed = rest.parse().expect("a count"),
            _ => {
                let words: Vec<&str> = line.splitn(6, ' ').collect();
                let number: usize = words[0].parse().expect("a ply number");
                assert_eq!(number, trial.plies.len() + 1, "plies in order");
                trial.plies.push(Ply {
                    number,
                    mover: player(words[1]),
                    mv: Move::Pit(words[2].parse().expect("a pit")),
                    laps: words[3].parse().expect("a lap count"),
                    legal: words[4].parse().expect("a legal-move count"),
                    after: words[5].to_string(),
                });
            }
        }
    }
    assert!(!trial.plies.is_empty());
    trial
}

fn ludii() -> Andada {
    Andada::default().with_reading(Reading::Ludii)
}

/// Replays `trial` on a `Position` (no repetition policy): every ply's
/// mover, legal-move count, lap count and resulting position, and the end.
fn replay_positions(trial: &Trial) {
    let mut p = Position::new(ludii());
    assert_eq!(
        p.to_string(),
        "andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S 0-0 opening"
    );
    for ply in &trial.plies {
        let n = ply.number;
        assert!(!p.is_over(), "ply {n}: the game is already over");
        assert_eq!(p.side_to_move(), ply.mover, "ply {n}: side to move");
        assert_eq!(
            p.legal_moves().len(),
            ply.legal,
            "ply {n}: legal moves in {p}"
        );
        let before = p.to_string();
        let events = p
            .play_traced(ply.mv)
            .unwrap_or_else(|e| panic!("ply {n}: {before:?}: move {} refused: {e}", ply.mv));
        let laps = events
            .iter()
            .filter(|e| matches!(e, Event::Lap { .. }))
            .count();
        assert_eq!(
            laps, ply.laps,
            "ply {n}: laps of {} from {before:?}",
            ply.mv
        );
        assert_eq!(
            p.to_string(),
            ply.after,
            "ply {n}: {} from {before:?}",
            ply.mv
        );
    }
    assert!(p.is_over(), "the trial's last ply ends the game");
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: trial.winner,
            score: None
        }
    );
    assert_eq!(p.removed(), trial.removed);
}

/// Replays the trial's record as the `replay` example does: a `Game` over
/// `AnyPosition` with the default repetition policy, the record parsed from
/// the notation.
fn replay_record(trial: &Trial) {
    let rules = AnyRuleset::Andada(ludii());
    assert_eq!(rules.to_string(), "andada-12(reading=ludii)");
    assert_eq!(rules.name(), "andada-12");
    let record: Record = trial.record.parse().expect("the record parses");
    assert_eq!(record.moves().len(), trial.plies.len());
    let mut game = AnyGame::new(AnyPosition::new(rules));
    for (ply, &mv) in trial.plies.iter().zip(record.moves()) {
        assert_eq!(mv, ply.mv, "ply {}: the record's move", ply.number);
        assert!(game.outcome().is_ongoing(), "ply {}: over", ply.number);
        game.play(mv)
            .unwrap_or_else(|e| panic!("ply {}: {e}", ply.number));
        assert_eq!(game.position().to_string(), ply.after, "ply {}", ply.number);
    }
    assert_eq!(
        game.outcome(),
        Outcome::Win {
            winner: trial.winner,
            score: None
        }
    );
}

#[test]
fn ludii_random_trial_0() {
    let trial = load(include_str!("data/ludii/trial_0.txt"));
    assert_eq!(trial.plies.len(), 81);
    assert_eq!(trial.winner, Player::North);
    replay_positions(&trial);
    replay_record(&trial);
}

#[test]
fn ludii_random_trial_1() {
    let trial = load(include_str!("data/ludii/trial_1.txt"));
    assert_eq!(trial.plies.len(), 97);
    assert_eq!(trial.winner, Player::North);
    replay_positions(&trial);
    replay_record(&trial);
}
