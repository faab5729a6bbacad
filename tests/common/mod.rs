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

/// Relay sowing seed by seed on a board of `pits.len()` pits in sowing
/// order, written from RULES.md section 2 independently of the crate:
/// `Some(laps)` if the sowing from `origin` comes back to its first state
/// (board and origin) after `laps` laps with every lap ending in an
/// occupied pit, `None` if a lap ends in an empty pit within `max_laps`.
pub fn reference_cycle(pits: &[u8], origin: usize, max_laps: u32) -> Option<u32> {
    let len = pits.len();
    let mut board = pits.to_vec();
    let mut at = origin;
    for laps in 1..=max_laps {
        let seeds = std::mem::take(&mut board[at]);
        for _ in 0..seeds {
            at = (at + 1) % len;
            board[at] += 1;
        }
        if board[at] == 1 {
            return None;
        }
        if at == origin && board == pits {
            return Some(laps);
        }
    }
    None
}

/// The board of `p` in sowing order (South 1..n, North 1..n).
pub fn sowing_order<R: Ruleset>(p: &Position<R>) -> Vec<u8> {
    p.row(Player::South).chain(p.row(Player::North)).collect()
}
