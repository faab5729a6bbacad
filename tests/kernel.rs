//! The bench's yardstick kernel (`benches/support/kernel.rs`) plays the
//! same random games as the crate: same plies, same boards, same player to
//! move, game by game, under the bench's lap limit and under small ones
//! (where the limit and the endless test decide which moves are legal).
//! Its speed figures are then comparable with the crate's `playout`
//! figures of the same criterion run.

#[path = "../benches/support/kernel.rs"]
mod kernel;

use kernel::{Game, Kernel, Played};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::rulesets::{SadeqaII, SadeqaIII};
use sowing::{Event, Player, Position, Ruleset};

/// The bench's lap limit.
const LAP_LIMIT: u32 = 10_000;
const MAX_PLIES: usize = 1_000;

/// A board as the kernel holds it: byte `i`, sowing-order pit `i`.
fn word<R: Ruleset>(pos: &Position<R>) -> u128 {
    let board = pos.board();
    (0..board.len()).fold(0u128, |w, i| {
        w | (board.seeds(board.pit_at(i)) as u128) << (8 * i)
    })
}

/// What the crate's game came to, in the kernel's terms; `swept`, the seeds
/// swept off the board by the end of the game (Sadeqa III), which the
/// kernel leaves on its board.
struct CrateGame {
    played: Played,
    swept: u32,
    over: bool,
}

/// The bench's playout on the crate, at most `max_plies` plies.
fn crate_playout<R: Ruleset>(rules: R, lap_limit: u32, seed: u64, max_plies: usize) -> CrateGame {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::new(rules).with_lap_limit(Some(lap_limit));
    let (mut plies, mut swept) = (0, 0);
    while !pos.is_over() && plies < max_plies {
        let moves = pos.legal_moves();
        let mv = moves.nth(rng.random_range(0..moves.len())).unwrap();
        for event in pos.play_traced(mv).unwrap() {
            if let Event::Sweep { seeds, .. } = event {
                swept += seeds as u32;
            }
        }
        plies += 1;
    }
    let side = (pos.side_to_move() == Player::North) as usize;
    CrateGame {
        played: Played {
            plies,
            board: word(&pos),
            side,
        },
        swept,
        over: pos.is_over(),
    }
}

/// The kernel and the crate agree on `games` games under `lap_limit`, each
/// cut at several lengths and played to its end.
fn agree<R: Ruleset>(rules: R, game: Game, lap_limit: u32, games: u64) {
    let kernel = Kernel::new(game, lap_limit);
    for seed in 0..games {
        let length = crate_playout(rules, lap_limit, seed, MAX_PLIES)
            .played
            .plies;
        for max_plies in [1, length / 3, length / 2, length - 1, MAX_PLIES] {
            let played = kernel.playout(seed, max_plies);
            let ours = crate_playout(rules, lap_limit, seed, max_plies);
            let what = format!("{game:?}, lap limit {lap_limit}, seed {seed}, {max_plies} plies");
            assert_eq!(played.plies, ours.played.plies, "{what}: plies");
            assert_eq!(played.side, ours.played.side, "{what}: player to move");
            if ours.over && ours.swept > 0 {
                // Sadeqa III's end sweeps what is left to the last mover.
                let left: u32 = played.board.to_le_bytes().iter().map(|&b| b as u32).sum();
                assert_eq!(left, ours.swept, "{what}: seeds swept at the end");
                assert_eq!(ours.played.board, 0, "{what}: swept");
            } else {
                assert_eq!(played.board, ours.played.board, "{what}: board");
            }
        }
    }
}

/// The games under the bench's lap limit, and under small limits, which
/// some sowings of these games pass (so that which moves are legal turns on
/// the limit, counted the same way, and on the endless test).
fn agree_under_limits<R: Ruleset>(rules: R, game: Game) {
    agree(rules, game, LAP_LIMIT, 400);
    for lap_limit in [7, 40] {
        agree(rules, game, lap_limit, 100);
    }
}

#[test]
fn kernel_plays_the_crates_sadeqa_ii_games() {
    agree_under_limits(SadeqaII::new(), Game::SadeqaII);
}

#[test]
fn kernel_plays_the_crates_sadeqa_iii_games() {
    agree_under_limits(SadeqaIII::new(), Game::SadeqaIII { seeds: 6 });
}

#[test]
fn kernel_plays_the_crates_game_91_games() {
    agree_under_limits(SadeqaIII::game_91(), Game::SadeqaIII { seeds: 4 });
}
