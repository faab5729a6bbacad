//! Helpers shared by the rule tests: positions from their strings, a move
//! checked against a hand-written result, pits and laps of traced plays.

// Each test crate uses a subset of these.
#![allow(dead_code)]

use sowing::{Event, Move, Pit, Player, Position, Ruleset};

/// The position written as `s` (RULES.md section 7), default options.
pub fn parse<R: Ruleset>(s: &str) -> Position<R> {
    s.parse()
        .unwrap_or_else(|e| panic!("{s:?} does not parse: {e}"))
}

/// `before` with the pit move `mv` played, checked against the
/// hand-written position string `after`.
pub fn play<R: Ruleset>(before: &str, mv: u8, after: &str) -> Position<R> {
    let mut p: Position<R> = parse(before);
    p.play(Move::Pit(mv))
        .unwrap_or_else(|e| panic!("{before:?}: move {mv} refused: {e}"));
    assert_eq!(p.to_string(), after, "{before:?} after move {mv}");
    p
}

/// The legal pit moves, ascending.
pub fn legal_pits<R: Ruleset>(p: &Position<R>) -> Vec<u8> {
    p.legal_moves().into_iter().filter_map(Move::pit).collect()
}

/// South's pit `number`.
pub fn s(number: u8) -> Pit {
    Pit::new(Player::South, number)
}

/// North's pit `number`.
pub fn n(number: u8) -> Pit {
    Pit::new(Player::North, number)
}

/// The event of one lap.
pub fn lap(origin: Pit, seeds: u8, landing: Pit) -> Event {
    Event::Lap {
        origin,
        seeds,
        landing,
    }
}
