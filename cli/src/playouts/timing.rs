//! The playouts with the ruleset's type: seeded random games from the
//! start, and their rate.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::{Position, Ruleset};
use std::hint::black_box;
use std::time::Instant;

fn playout<R: Ruleset>(start: Position<R>, seed: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = start;
    let plies = sowing::playout(&mut pos, &mut rng, 1000);
    black_box(pos);
    plies
}

/// `games` playouts of `rules` from the start, and their rate.
pub(crate) fn run<R: Ruleset>(rules: R, games: u64) {
    let start = Position::new(rules).with_lap_limit(Some(10_000));
    let started = Instant::now();
    let plies: usize = (0..games).map(|seed| playout(black_box(start), seed)).sum();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{}: {games} games, {plies} plies, {:.2} M plies/s",
        rules.name(),
        plies as f64 / secs / 1e6
    );
}
