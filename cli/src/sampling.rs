//! Openings by random plies, shared by the tools that sample games:
//! `match` (its random openings), `accuracy` and `tune` (the self-play
//! games they sample positions from).

use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::{Game, Move, Position, Ruleset};

/// Plays up to `plies` random legal moves in `game` (fewer if it ends);
/// the moves played: `match`'s openings, and through [`opened_game`] the
/// start of `accuracy`'s and `tune`'s sampled games.
pub(crate) fn random_plies<R: Ruleset>(
    game: &mut Game<R>,
    plies: u32,
    rng: &mut SmallRng,
) -> Vec<Move> {
    let mut moves = Vec::new();
    for _ in 0..plies {
        // Among the moves known to end (an undecided one's exact proof can
        // take minutes, RULES.md section 2), as the engines choose.
        let known = game.position().legality().ends;
        let all: Vec<Move> = if game.outcome().is_ongoing() && !known.is_empty() {
            known.iter().collect()
        } else {
            game.legal_moves().iter().collect()
        };
        if all.is_empty() {
            break;
        }
        let mv = all[rand::RngExt::random_range(rng, 0..all.len())];
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// Sampled game `g` of seed `seed` after its opening of `plies` random
/// plies (seeded per game), with a ply limit of 1,000: the start
/// of the self-play games that `accuracy` and `tune` sample.
pub(crate) fn opened_game<R: Ruleset>(rules: R, seed: u64, g: u64, plies: u32) -> Game<R> {
    let mut rng = SmallRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(g));
    let mut game = Game::new(Position::new(rules)).with_ply_limit(Some(1000));
    random_plies(&mut game, plies, &mut rng);
    game
}
