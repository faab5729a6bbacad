//! Plays `N` seeded random games of Oware (default 1000, seed 1) through
//! `sowing::Game` and prints every ply for `tests/oware_openspiel.py`, which
//! replays them through OpenSpiel's `oware` and compares.
//!
//! `cargo run --release --example oware_replay -- [GAMES] [SEED]`
//!
//! Lines (OpenSpiel's houses 0..12 and actions 0..6):
//!
//! - `game <i>`
//! - `state <seeds x12> <score0> <score1> <player> <legal actions,> <over> <ret0> <ret1>`,
//!   for the start and after every ply; after the end the seeds and scores
//!   are those after OpenSpiel's `CollectAndTerminate`, as the game's last
//!   position holds them (the end by repetition collects too:
//!   `Ruleset::repetition_end`). `over` is `0`, `1`, or
//!   `limit` (the ply limit: OpenSpiel is not terminal but refuses any
//!   action).
//! - `move <action>`
//! - `end`

use oware::{Oware, move_to_action};
use sowing::{Event, Game, Outcome, Player, Position};

/// SplitMix64: a small seeded generator, so that this example needs no
/// dependency beyond `sowing`.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn state_line(game: &Game<Oware>) -> String {
    let pos = game.position();
    let outcome = game.outcome();
    let over = !outcome.is_ongoing();
    let limit = matches!(
        outcome,
        Outcome::Draw {
            reason: sowing::DrawReason::PlyLimit,
            ..
        }
    );
    // Every end but the ply limit has collected the seeds onto the
    // position (`CollectAndTerminate`): by no legal move through
    // `Ruleset::no_move`, by repetition through `Ruleset::repetition_end`.
    let seeds: Vec<u8> = (0..12).map(|i| pos.board().seeds_at(i)).collect();
    let (s0, s1) = (pos.captured(Player::South), pos.captured(Player::North));
    let legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| move_to_action(m).unwrap().to_string())
        .collect();
    let returns = match outcome.winner() {
        Some(Player::South) => "1 -1",
        Some(Player::North) => "-1 1",
        None => "0 0",
    };
    let seeds: Vec<String> = seeds.iter().map(u8::to_string).collect();
    format!(
        "state {} {s0} {s1} {} {} {} {returns}",
        seeds.join(" "),
        pos.side_to_move().index(),
        if legal.is_empty() {
            "-".to_string()
        } else {
            legal.join(",")
        },
        if limit {
            "limit"
        } else if over {
            "1"
        } else {
            "0"
        },
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().map_or(1000, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let mut rng = Rng(seed);
    let mut plies = 0usize;
    // Ends by score, by no legal move, by repetition, by the ply limit.
    let mut ends = [0usize; 4];
    let mut out = String::new();
    for i in 0..games {
        out.push_str(&format!("game {i}\n"));
        let mut game = oware::game(Position::new(Oware));
        out.push_str(&state_line(&game));
        out.push('\n');
        loop {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal
                .nth((rng.next() % legal.len() as u64) as usize)
                .unwrap();
            let events = game.play_traced(mv).expect("a legal move");
            let outcome = game.outcome();
            if !outcome.is_ongoing() {
                let pos = game.position();
                let mut before = [pos.captured(Player::South), pos.captured(Player::North)];
                for e in events {
                    if let Event::Sweep { to, seeds } = e {
                        before[to.index()] -= seeds;
                    }
                }
                if game.repeated().is_some() {
                    ends[2] += 1;
                } else if !pos.is_over() {
                    ends[3] += 1;
                } else if oware::score_terminal(before[0], before[1]) {
                    ends[0] += 1;
                } else {
                    ends[1] += 1;
                }
            }
            plies += 1;
            out.push_str(&format!("move {}\n", move_to_action(mv).unwrap()));
            out.push_str(&state_line(&game));
            out.push('\n');
        }
        out.push_str("end\n");
    }
    print!("{out}");
    eprintln!(
        "replay: {games} games, {plies} plies; ended by score {}, by no legal move {}, \
         by repetition {}, at the ply limit {}",
        ends[0], ends[1], ends[2], ends[3]
    );
}
