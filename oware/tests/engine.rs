//! The whole engine on Oware, a ruleset from outside the `sowing` crate:
//! legality, play, the position string, perft, alpha-beta, MCTS and the
//! solver, with no Oware-specific code in `sowing`.

use oware::Oware;
use sowing::bots::alphabeta::{self, Table};
use sowing::bots::{AlphaBeta, Bot, Budget, GreedyBot, Mcts, StandardEval, from_spec_for};
use sowing::solver::{Limits, Solver, Verdict};
use sowing::{Move, MoveSet, Player, Position, Ruleset};

fn pos(s: &str) -> Position<Oware> {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn legal_moves_of_the_start() {
    let p = Position::new(Oware);
    assert_eq!(p.side_to_move(), Player::South);
    assert_eq!(p.legal_moves(), MoveSet::from_pit_mask(0b11_1111));
    assert_eq!(p.seeds_on_board(), 48);
    assert!(!p.is_over());
}

#[test]
fn play_and_refusals() {
    let mut p = Position::new(Oware);
    p.play(Move::Pit(1)).unwrap();
    assert_eq!(p.to_string(), "oware 0,5,5,5,5,4/4,4,4,4,4,4 N 0-0");
    p.play(Move::Pit(1)).unwrap();
    assert_eq!(p.to_string(), "oware 0,5,5,5,5,4/0,5,5,5,5,4 S 0-0");
    // An empty pit and a pit off the board are refused; the position stays.
    let before = p;
    assert!(p.play(Move::Pit(1)).is_err());
    assert!(p.play(Move::Pit(7)).is_err());
    assert_eq!(p, before);
}

#[test]
fn position_string_round_trip() {
    let p = "oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"
        .parse::<Position<Oware>>()
        .unwrap();
    assert_eq!(p, Position::new(Oware));
    assert_eq!(p.to_string(), "oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0");
    for s in [
        "oware 0,2,1,1,1,1/2,2,2,2,2,2 N 15-15",
        "oware 1,0,0,3,0,1/0,0,0,0,0,0 S 21-22",
        "OWARE 4,4,0,5,5,5/5,4,4,4,4,4 N 0-0",
    ] {
        let p = pos(s);
        assert_eq!(p.to_string(), s.replace("OWARE", "oware"));
        assert_eq!(pos(&p.to_string()), p);
    }
    // Another game's name, too many seeds and a wrong row length are refused.
    assert!(
        "sadeqa-iii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"
            .parse::<Position<Oware>>()
            .is_err()
    );
    assert!(
        "oware 5,4,4,4,4,4/4,4,4,4,4,4 S 0-0"
            .parse::<Position<Oware>>()
            .is_err()
    );
    assert!(
        "oware 4,4,4,4,4/4,4,4,4,4 S 0-0"
            .parse::<Position<Oware>>()
            .is_err()
    );
}

fn perft(p: &Position<Oware>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.successors().map(|(_, c)| perft(&c, depth - 1)).sum()
}

/// The counts of OpenSpiel's oware from the start (counted with pyspiel:
/// terminal nodes before the depth count 0): 6, 36, 190, 1014, 5219, 27332.
#[test]
fn perft_matches_openspiel() {
    let start = Position::new(Oware);
    let counts: Vec<u64> = (1..=6).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [6, 36, 190, 1014, 5219, 27332]);
}

/// South to move wins at once with pit 6 (a chain of 7 to 25); pit 1 wins
/// nothing.
const WIN_IN_ONE: &str = "oware 1,0,0,0,0,3/1,2,1,5,0,0 S 18-17";

#[test]
fn alphabeta_finds_the_win() {
    let p = pos(WIN_IN_ONE);
    let mut table = Table::new(16);
    let report = alphabeta::search(
        &p,
        p.legal_moves(),
        Budget::Depth(4),
        &StandardEval,
        &mut table,
    )
    .unwrap();
    assert_eq!(report.best, Move::Pit(6));
    assert!(report.value.is_win(), "{}", report.value);
    // From the start: a legal move.
    let start = Position::new(Oware);
    let report = alphabeta::search(
        &start,
        start.legal_moves(),
        Budget::Depth(5),
        &StandardEval,
        &mut table,
    )
    .unwrap();
    assert!(start.is_legal(report.best));
    let analysis = alphabeta::analyse(&p, Budget::Depth(3), &StandardEval, &mut table);
    assert_eq!(analysis.moves.first().map(|m| m.mv), Some(Move::Pit(6)));
}

/// The players take Oware with no line of Oware's: `Ruleset::evaluate`'s
/// default (the score difference, as Oware is won on points) is their
/// evaluation.
#[test]
fn the_players_need_no_evaluation_of_oware() {
    let p = pos(WIN_IN_ONE);
    assert_eq!(AlphaBeta::new(6).choose(&p), Some(Move::Pit(6)));
    assert_eq!(GreedyBot::new(1).choose(&p), Some(Move::Pit(6)));
    for spec in ["greedy", "alphabeta:4", "mcts:300", "random"] {
        let mut bot = from_spec_for::<Oware>(spec, 1).unwrap();
        let start = Position::new(Oware);
        let mv = bot.choose(&start).expect("a move");
        assert!(start.is_legal(mv), "{spec}: {mv}");
    }
    // South has captured 18, North 17: 4 a point, for the side to move.
    assert_eq!(Oware.evaluate(&p.view()), 4);
}

/// The endgame databases take Oware with no line of Oware's: its state
/// (`()`) is numbered by `Ruleset::state_index`'s default.
#[test]
fn databases_need_no_code_of_oware() {
    use sowing::tablebase::{Builder, Tablebase};
    let dir = std::env::temp_dir().join(format!("oware-tb-{}", std::process::id()));
    Builder::new(Oware, &dir)
        .max_seeds(3)
        .build(|_| {})
        .unwrap();
    let tb = Tablebase::open(Oware, &dir).unwrap();
    let held = pos("oware 0,0,0,0,0,1/0,0,0,0,1,1 S 22-23");
    assert!(tb.probe(&held).is_some());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn mcts_finds_the_win() {
    let p = pos(WIN_IN_ONE);
    let mut mcts = Mcts::new(2000, 7);
    assert_eq!(mcts.search(&p, p.legal_moves()), Some(Move::Pit(6)));
    let start = Position::new(Oware);
    let mv = Mcts::new(300, 1)
        .search(&start, start.legal_moves())
        .unwrap();
    assert!(start.is_legal(mv));
}

/// Exhaustive minimax (no table; a few seconds for 3 seeds) with Oware's own repetition rule (the first repeat on
/// the line ends the game, the seeds collected): South's result, +1, 0 or
/// -1.
fn minimax(p: &Position<Oware>, path: &mut Vec<Position<Oware>>) -> i32 {
    let outcome = if path.contains(p) {
        p.rules().repetition_outcome(&p.view())
    } else {
        p.outcome()
    };
    if !outcome.is_ongoing() {
        return match outcome.winner() {
            Some(Player::South) => 1,
            Some(Player::North) => -1,
            None => 0,
        };
    }
    path.push(*p);
    let values: Vec<i32> = p.successors().map(|(_, c)| minimax(&c, path)).collect();
    path.pop();
    if p.side_to_move() == Player::South {
        values.into_iter().max().unwrap()
    } else {
        values.into_iter().min().unwrap()
    }
}

#[test]
fn solver_solves_a_small_endgame() {
    // Won at once.
    let mut solver = Solver::<Oware>::new(16);
    let solution = solver.solve(&pos(WIN_IN_ONE), Limits::default());
    assert_eq!(solution.verdict, Verdict::Win);
    // Three seeds: South loses, as the exhaustive minimax says.
    let p = pos("oware 0,0,0,0,0,2/0,0,0,0,0,1 S 22-23");
    let solution = solver.solve(&p, Limits::default());
    assert_eq!(solution.verdict, Verdict::Loss);
    assert_eq!(solution.winner, Some(Player::North));
    assert_eq!(minimax(&p, &mut Vec::new()), -1);
}

/// Positions where Oware's repetition rule decides the game: two seeds
/// that chase each other round the board, so that the first repeat ends
/// the game and the collection decides it (the exhaustive minimax with
/// Oware's rule gives South's result; with a repetition counted as a
/// draw, it would be 0). Found by enumerating the two-seed positions.
const DECIDED_BY_REPETITION: [(&str, i32); 5] = [
    ("oware 1,0,0,0,0,1/0,0,0,0,0,0 S 23-23", 1),
    ("oware 1,0,0,0,0,0/1,0,0,0,0,0 S 24-22", 1),
    ("oware 1,0,0,0,0,0/1,0,0,0,0,0 S 22-24", -1),
    ("oware 1,0,0,0,0,0/1,0,0,0,0,0 N 24-22", 1),
    ("oware 0,1,0,0,0,0/1,0,0,0,0,0 N 22-24", -1),
];

/// Exhaustive minimax that counts a repetition as a draw (the search's
/// rule before it took the ruleset's).
fn minimax_repetition_draws(p: &Position<Oware>, path: &mut Vec<Position<Oware>>) -> i32 {
    if path.contains(p) {
        return 0;
    }
    if p.is_over() {
        return match p.outcome().winner() {
            Some(Player::South) => 1,
            Some(Player::North) => -1,
            None => 0,
        };
    }
    path.push(*p);
    let values: Vec<i32> = p
        .successors()
        .map(|(_, c)| minimax_repetition_draws(&c, path))
        .collect();
    path.pop();
    if p.side_to_move() == Player::South {
        values.into_iter().max().unwrap()
    } else {
        values.into_iter().min().unwrap()
    }
}

/// The solver and alpha-beta score a repetition as the game ends it
/// (`Ruleset::repetition_outcome` after `repetition_end`: the seeds
/// collected and counted), not as a draw: they find the result the
/// exhaustive minimax with Oware's rule finds.
#[test]
fn repetition_decides_the_search_and_the_solver() {
    for (s, south) in DECIDED_BY_REPETITION {
        let p = pos(s);
        assert_eq!(minimax(&p, &mut Vec::new()), south, "{s}");
        assert_eq!(minimax_repetition_draws(&p, &mut Vec::new()), 0, "{s}");
        let winner = if south > 0 {
            Player::South
        } else {
            Player::North
        };
        let mover_wins = winner == p.side_to_move();
        // The solver.
        let solution = Solver::<Oware>::new(16).solve(&p, Limits::default());
        assert_eq!(solution.winner, Some(winner), "{s}");
        assert_eq!(
            solution.verdict,
            if mover_wins {
                Verdict::Win
            } else {
                Verdict::Loss
            },
            "{s}"
        );
        assert!(solution.repetitions > 0, "{s}");
        // Alpha-beta, deep enough to meet the repetition on every line.
        let mut table = Table::new(16);
        let report = alphabeta::search(
            &p,
            p.legal_moves(),
            Budget::Depth(40),
            &StandardEval,
            &mut table,
        )
        .unwrap();
        if mover_wins {
            assert!(report.value.is_win(), "{s}: {}", report.value);
        } else {
            assert!(report.value.is_loss(), "{s}: {}", report.value);
        }
    }
}

/// Oware runs the harness every game runs.
#[test]
fn check_ruleset_passes() {
    let report = sowing::testing::check_ruleset(Oware, 40, 1);
    eprintln!("{report}");
    report.assert_ok();
}
