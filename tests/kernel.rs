//! The bench's yardstick kernel (`benches/support/kernel.rs`) plays the
//! same random games as the crate: same plies, same last board, same
//! player to move, game by game. Its speed figures are then comparable
//! with the crate's `playout` figures of the same criterion run.

#[path = "../benches/support/kernel.rs"]
mod kernel;

use kernel::{Game, Kernel};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::rulesets::{SadeqaII, SadeqaIII};
use sowing::{Player, Position, Ruleset};

const LAP_LIMIT: u32 = 10_000;
const MAX_PLIES: usize = 1_000;

/// The bench's playout on the crate; the plies, the last board as the
/// kernel holds it, and the player to move.
fn crate_playout<R: Ruleset>(rules: R, seed: u64, max_plies: usize) -> (usize, u128, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::new(rules).with_lap_limit(Some(LAP_LIMIT));
    let mut plies = 0;
    while !pos.is_over() && plies < max_plies {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves.nth(rng.random_range(0..moves.len())).unwrap());
        plies += 1;
    }
    let board = pos.board();
    let word = (0..board.len()).fold(0u128, |w, i| {
        w | (board.seeds(board.pit_at(i)) as u128) << (8 * i)
    });
    (plies, word, (pos.side_to_move() == Player::North) as usize)
}

fn agree<R: Ruleset>(rules: R, game: Game) {
    let kernel = Kernel::new(game, LAP_LIMIT);
    for seed in 0..64 {
        let (length, _, _) = crate_playout(rules, seed, MAX_PLIES);
        // A game over sweeps Sadeqa III's board: the boards are compared
        // up to the ply before it, and the whole game's plies and player.
        for max_plies in [1, length / 3, length / 2, length - 1, MAX_PLIES] {
            let played = kernel.playout(seed, max_plies);
            let (plies, board, side) = crate_playout(rules, seed, max_plies);
            let what = format!("{game:?}, seed {seed}, at most {max_plies} plies");
            assert_eq!(played.plies, plies, "{what}: plies");
            assert_eq!(played.side, side, "{what}: player to move");
            if max_plies < length {
                assert_eq!(played.board, board, "{what}: board");
            }
        }
    }
}

#[test]
fn kernel_plays_the_crates_sadeqa_ii_games() {
    agree(SadeqaII::new(), Game::SadeqaII);
}

#[test]
fn kernel_plays_the_crates_sadeqa_iii_games() {
    agree(SadeqaIII::new(), Game::SadeqaIII { seeds: 6 });
}

#[test]
fn kernel_plays_the_crates_game_91_games() {
    agree(SadeqaIII::game_91(), Game::SadeqaIII { seeds: 4 });
}
