//! Random play with a lazy draw (`Position::play_random`, `playout`): every
//! move it plays is legal, the games are the games `play` makes of the
//! same moves, and the draw is uniform among the legal moves.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::rulesets::{Andada, Reading, SadeqaII, SadeqaIII, SadeqaV};
use sowing::{Move, Outcome, Player, Position, Ruleset, playout, playout_with};

const LAP_LIMIT: u32 = 10_000;

/// `games` random games of `rules` by `playout_with`, each replayed with
/// `play`: the same positions at the end, and every move legal when it was
/// played; and as many by `play_random`, each move checked against the
/// legal moves before it.
fn agrees_with_play<R: Ruleset>(rules: R, games: u64) {
    let start = Position::new(rules).with_lap_limit(Some(LAP_LIMIT));
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut lazy = start;
        let mut moves = Vec::new();
        let plies = playout_with(&mut lazy, &mut rng, 400, |mv| moves.push(mv));
        assert_eq!(plies, moves.len());
        let mut eager = start;
        for (ply, &mv) in moves.iter().enumerate() {
            assert!(
                eager.legal_moves().contains(mv),
                "{rules:?} seed {seed} ply {ply}: {mv} is not legal in {eager}"
            );
            eager.play(mv).unwrap();
        }
        assert_eq!(lazy, eager, "{rules:?} seed {seed}");
        assert_eq!(lazy.is_over(), eager.is_over(), "{rules:?} seed {seed}");
        assert_eq!(lazy.legality(), eager.legality(), "{rules:?} seed {seed}");
        assert_eq!(lazy.outcome(), eager.outcome(), "{rules:?} seed {seed}");
        assert!(lazy.is_over() || plies == 400, "{rules:?} seed {seed}");

        let mut pos = start;
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..400 {
            let before = pos;
            match pos.play_random(&mut rng) {
                Some(mv) => {
                    let mut played = before;
                    played.play(mv).unwrap();
                    assert_eq!(pos, played);
                    assert_eq!(pos.legality(), played.legality());
                }
                None => {
                    assert!(before.is_over());
                    assert_eq!(pos, before);
                    break;
                }
            }
        }
    }
}

#[test]
fn lazy_random_play_is_play() {
    agrees_with_play(SadeqaII::new(), 60);
    agrees_with_play(SadeqaII::starter_only(), 30);
    agrees_with_play(SadeqaIII::new(), 60);
    agrees_with_play(SadeqaIII::game_91(), 60);
    agrees_with_play(SadeqaV, 40);
    for n in [12, 24] {
        let a = Andada::new(n).unwrap();
        agrees_with_play(a, 20);
        agrees_with_play(a.with_clockwise(true), 10);
        agrees_with_play(a.with_reading(Reading::Ludii), 10);
    }
}

/// RULES.md section 2's example: South's pit 1 relays for ever (a cycle of
/// 30 laps), so the legal moves are pits 2 to 6. The lazy draw strikes pit
/// 1 out and chooses among the other five uniformly: 6,000 draws give each
/// about 1,200 (a deviation of 15 % is over six standard deviations).
#[test]
fn the_lazy_draw_is_uniform_among_the_legal_moves() {
    let pos: Position<SadeqaII> = "sadeqa-ii 6,2,3,4,1,3/2,0,4,3,2,1 S 3-2".parse().unwrap();
    let mut counts = [0u32; 7];
    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..6_000 {
        let mut p = pos;
        let Some(Move::Pit(pit)) = p.play_random(&mut rng) else {
            panic!("a pit move is legal here");
        };
        counts[pit as usize] += 1;
    }
    assert_eq!(counts[1], 0, "the endless move is never drawn");
    for pit in 2..=6 {
        assert!((1_020..=1_380).contains(&counts[pit]), "{counts:?}");
    }
}

/// A finished game plays nothing; a ply limit of 0 plays nothing.
#[test]
fn playout_of_a_finished_game_plays_nothing() {
    let mut rng = SmallRng::seed_from_u64(0);
    let mut pos = Position::new(SadeqaIII::new()).with_lap_limit(Some(LAP_LIMIT));
    assert_eq!(playout(&mut pos, &mut rng, 0), 0);
    assert_eq!(pos, Position::new(SadeqaIII::new()));
    playout(&mut pos, &mut rng, usize::MAX);
    assert!(pos.is_over());
    let end = pos;
    assert_eq!(playout(&mut pos, &mut rng, 10), 0);
    assert_eq!(pos.play_random(&mut rng), None);
    assert_eq!(pos, end);
}

/// `playout`'s promise, whatever stops it: the position is left complete,
/// as after `play` (over, or with its legal moves known), even when the
/// ply limit cuts the game right after a move whose next turn was not
/// started yet. RULES.md 5.2 to 5.4, Sadeqa III: South's only seed, in
/// his pit 1, falls into his empty pit 2 and the move ends; the pit
/// opposite (North's 7) is empty, so nothing is captured. North then has
/// no seed, so no legal move: the game is over and the seed left on the
/// board goes to South, the last mover (49 to 47, South wins).
#[test]
fn a_playout_stopped_by_its_ply_limit_leaves_the_position_complete() {
    let start: Position<SadeqaIII> = "sadeqa-iii 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 48-47"
        .parse()
        .unwrap();
    let start = start.with_lap_limit(Some(LAP_LIMIT));
    let mut rng = SmallRng::seed_from_u64(0);
    let mut pos = start;
    assert_eq!(playout(&mut pos, &mut rng, 1), 1);
    assert!(pos.is_over(), "{pos}");
    assert_eq!(
        pos.to_string(),
        "sadeqa-iii 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 49-47"
    );
    assert!(matches!(
        pos.outcome(),
        Outcome::Win {
            winner: Player::South,
            ..
        }
    ));
    let mut played = start;
    played.play(Move::Pit(1)).unwrap();
    assert_eq!(pos, played);
    assert_eq!(pos.legality(), played.legality());
}
