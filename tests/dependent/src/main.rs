//! Plays every variant from its start to the end with the first legal move,
//! through the public API only, as a dependent crate would.

use sowing::{AnyGame, AnyPosition, AnyRuleset, Variant};

fn main() {
    for variant in Variant::ALL {
        let rules = AnyRuleset::from_variant(variant).expect("every variant has a ruleset");
        let start = AnyPosition::new(rules).with_lap_limit(Some(10_000));
        let mut game = AnyGame::new(start).with_ply_limit(Some(2_000));
        while game.outcome().is_ongoing() {
            let mv = game.legal_moves().iter().next().expect("an ongoing game has a move");
            game.play(mv).expect("a legal move plays");
        }
        println!("{variant}: {} after {} plies", game.outcome(), game.ply());
    }
    #[cfg(feature = "default")]
    {
        // With the default features the computer players are there.
        let _ = sowing::bots::RandomBot::new(1);
    }
}
