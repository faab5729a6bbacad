//! The unit tests of `mcts` (mcts.rs), kept beside it in a file of their own.

use super::*;
use crate::rulesets::{Andada, SadeqaIII, SadeqaV};

fn pos<R: Ruleset>(s: &str) -> Position<R>
where
    Position<R>: std::str::FromStr,
    <Position<R> as std::str::FromStr>::Err: fmt::Debug,
{
    s.parse().expect("a position")
}

/// Finds the forced win, proves it, and stops before its budget.
fn proves<R: Ruleset>(p: &Position<R>, win: u8) {
    let mut bot = Mcts::new(20_000, 1);
    assert_eq!(bot.search(p, p.legal_moves()), Some(Move::Pit(win)), "{p}");
    let me = p.side_to_move();
    assert_eq!(bot.last_result(me), Some(Some(me)), "{p}");
    assert!(bot.last_playouts() < 20_000, "{p}");
}

#[test]
fn the_solver_proves_forced_wins() {
    // Sadeqa III, North: a win within a few plies.
    proves(
        &pos::<SadeqaIII>("sadeqa-iii 0,0,0,1,0,1,0,0/4,0,0,0,0,0,3,1 N 46-40"),
        1,
    );
    proves(
        &pos::<SadeqaIII>("game-91 0,1,0,0,2,1,1,0/0,0,1,0,0,1,0,1 N 31-25"),
        6,
    );
    // Sadeqa V: bonus moves (the same player twice) on the way.
    proves(
        &pos::<SadeqaV>("sadeqa-v 0,0,0,0,0,0,0,1,1,0w/0,0,0,0w,0w,1,1,1,0w,0 N 37-38"),
        8,
    );
    proves(
        &pos::<Andada>("andada-12 0,0,0,0,1,0,0,1,0,0,0,1/0,0,0,2,0,0,0,0,0,1,0,0 S 0-0 play"),
        8,
    );
}

#[test]
fn a_won_move_at_the_root_is_played_at_once() {
    // Sowing pit 1 ends the game in North's favour: proven at the
    // root's expansion, before any iteration.
    let p = pos::<SadeqaIII>("sadeqa-iii 0,0,0,1,0,1,0,0/4,0,0,0,0,0,3,1 N 46-40");
    let mut bot = Mcts::new(1, 1);
    let mv = bot.search(&p, p.legal_moves()).expect("a move");
    let mut next = p;
    next.play(mv).expect("legal");
    if let Outcome::Win { winner, .. } = next.outcome() {
        assert_eq!(winner, p.side_to_move());
        assert_eq!(bot.last_playouts(), 0);
    }
}

#[test]
fn minimax_weight_zero_is_the_plain_mean() {
    let p = Position::new(SadeqaIII::new());
    let mut n = Node::new(p, Move::Pit(1), Player::South);
    n.visits = 4;
    n.reward = 1.0;
    n.value = 0.9;
    let ln = 10f64.ln();
    let explore = 0.5 * (ln / 5.0).sqrt();
    assert!((selection_score(&n, 0.0, 0.5, ln) - (0.25 + explore)).abs() < 1e-12);
    assert!((selection_score(&n, 1.0, 0.5, ln) - (0.9 + explore)).abs() < 1e-12);
    assert!((selection_score(&n, 0.5, 0.0, ln) - 0.575).abs() < 1e-12);
    // Weight 0 in a search: the same as the mean alone, whatever the
    // minimax says, and still a legal move.
    let mut bot = Mcts::new(300, 3).with_minimax_weight(0.0);
    assert!(p.is_legal(bot.search(&p, p.legal_moves()).expect("a move")));
    assert_eq!(
        Mcts::new(1, 1).with_minimax_weight(-1.0).minimax_weight,
        0.0
    );
    assert_eq!(
        Mcts::new(1, 1).with_minimax_weight(f64::NAN).minimax_weight,
        0.0
    );
}

#[test]
fn the_same_seed_and_iterations_give_the_same_search() {
    let starts = [
        Position::new(SadeqaIII::new()),
        pos::<SadeqaIII>("sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0"),
    ];
    for p in starts {
        for algorithm in [Algorithm::Guided, Algorithm::Uct] {
            let run = || {
                let mut bot = Mcts::new(500, 9);
                bot.algorithm = algorithm;
                let mv = bot.search(&p, p.legal_moves());
                (mv, bot.last_playouts())
            };
            assert_eq!(run(), run(), "{p}");
        }
    }
    let p = Position::new(SadeqaV);
    let mut a = Mcts::new(400, 5);
    let mut b = Mcts::new(400, 5);
    for _ in 0..3 {
        assert_eq!(a.search(&p, p.legal_moves()), b.search(&p, p.legal_moves()));
    }
}

#[test]
fn the_scale_is_the_evaluations_unless_set() {
    assert_eq!(Mcts::new(1, 1).eval_scale, None);
    assert_eq!(Mcts::new(1, 1).with_eval_scale(50.0).eval_scale, Some(50.0));
    assert_eq!(Mcts::new(1, 1).with_eval_scale(-1.0).eval_scale, Some(1e-9));
    assert_eq!(Mcts::new(1, 1).with_eval_scale(f64::NAN).eval_scale, None);
    // A search with a set scale still plays a legal move.
    let p = Position::new(Andada::default());
    let mut bot = Mcts::with_eval(MctsBudget::Playouts(200), 1, super::super::TunedEval)
        .with_eval_scale(30.0);
    assert!(p.is_legal(bot.search(&p, p.legal_moves()).expect("a move")));
}

#[test]
fn names_tell_the_algorithms_apart() {
    assert_eq!(Mcts::new(5, 1).name(), "mcts:5");
    assert_eq!(Mcts::uct(MctsBudget::Playouts(5), 1).name(), "uct:5");
}
