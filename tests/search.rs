//! The computer players and the solver: only legal moves, seeded runs that
//! repeat, forced wins found in hand-made endgames of every variant, the
//! alpha-beta search against plain minimax, the solver against plain
//! exhaustive search, and Sadeqa II solved under both readings with its
//! strategy checked.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sowing::bots::alphabeta::{Table, WIN, analyse};
use sowing::bots::{
    AlphaBeta, Bot, BotSpec, Budget, BuiltInBot, EvalKind, Evaluation, GreedyBot, Mcts, MctsBudget,
    Named, RandomBot, ScoringEval, SpecError, StandardEval, from_spec, from_spec_for,
};
use sowing::rulesets::{SadeqaII, SadeqaIII, SadeqaV};
use sowing::solver::{
    Limits, Solver, StrategyError, Verdict, check_strategy, read_strategy, solve_moves,
};
use sowing::{
    AnyGame, AnyPosition, Game, Move, Outcome, Player, Position, Record, Ruleset, Scoring, perft,
};

/// Endgames with exactly one winning move, and that move. Found by the
/// solver, then fixed here; every other move loses, but for Sadeqa V's 7,
/// a draw. The seeds not on the board are captured (a position holds all
/// of its game's seeds, issue 32).
const ENDGAMES: [(&str, u8); 5] = [
    ("sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14", 5),
    ("sadeqa-iii 0,0,0,1,0,1,0,0/4,0,0,0,0,0,3,1 N 46-40", 1),
    ("game-91 0,1,0,0,2,1,1,0/0,0,1,0,0,1,0,1 N 31-25", 6),
    (
        "sadeqa-v 0,0,0,0,0,0,0,1,1,0w/0,0,0,0w,0w,1,1,1,0w,0 N 37-38",
        8,
    ),
    (
        "andada-12 0,0,0,0,1,0,0,1,0,0,0,1/0,0,0,2,0,0,0,0,0,1,0,0 S 0-0 play",
        8,
    ),
];

const VARIANTS: [&str; 5] = [
    "sadeqa-v",
    "sadeqa-ii",
    "sadeqa-iii",
    "game-91",
    "andada-12",
];

fn any(s: &str) -> AnyPosition {
    s.parse()
        .unwrap_or_else(|e| panic!("{s:?} does not parse: {e}"))
}

#[test]
fn every_endgame_has_exactly_one_winning_move() {
    fn check<R: Ruleset>(pos: &Position<R>, win: u8) {
        for (mv, v) in solve_moves(pos, Limits::default(), 16) {
            let expected = if mv == Move::Pit(win) {
                Verdict::Win
            } else if pos.to_string().starts_with("sadeqa-v") && mv == Move::Pit(7) {
                Verdict::Draw
            } else {
                Verdict::Loss
            };
            assert_eq!(v, expected, "{pos}: move {mv}");
        }
    }
    for (s, win) in ENDGAMES {
        match any(s) {
            AnyPosition::SadeqaV(p) => check(&p, win),
            AnyPosition::SadeqaII(p) => check(&p, win),
            AnyPosition::SadeqaIII(p) => check(&p, win),
            AnyPosition::Andada(p) => check(&p, win),
        }
    }
}

#[test]
fn alphabeta_finds_the_forced_win_in_every_variant() {
    for (s, win) in ENDGAMES {
        let pos = any(s);
        let mut bot = AlphaBeta::new(10);
        assert_eq!(bot.choose_any(&pos), Some(Move::Pit(win)), "{s}");
        let report = bot.last_report().expect("a search");
        assert!(report.value.is_win(), "{s}: {}", report.value);
        assert_eq!(report.pv.first(), Some(&Move::Pit(win)));
    }
}

#[test]
fn mcts_finds_the_forced_win_in_every_variant() {
    for (s, win) in ENDGAMES {
        let pos = any(s);
        let mut bot = Mcts::new(2000, 1);
        assert_eq!(bot.choose_any(&pos), Some(Move::Pit(win)), "{s}");
        // The solver proves the win and stops early.
        assert!(bot.last_playouts() <= 2000);
    }
}

#[test]
fn solver_proves_the_forced_win_and_writes_a_strategy_that_checks() {
    fn check<R: Ruleset>(pos: &Position<R>, win: u8) {
        let mut solver = Solver::new(16);
        let solution = solver.solve(pos, Limits::default());
        assert_eq!(solution.verdict, Verdict::Win, "{pos}");
        assert_eq!(solution.winner, Some(pos.side_to_move()));
        let strategy = solver.strategy(pos).expect("a strategy");
        assert_eq!(strategy.lines[0], (*pos, Move::Pit(win)));
        assert_eq!(strategy.pv[0], Move::Pit(win));
        let mut text = Vec::new();
        strategy.write(&mut text).expect("written to memory");
        let text = String::from_utf8(text).expect("UTF-8");
        let lines = read_strategy(*pos.rules(), &text).expect("reads back");
        let checked = check_strategy(pos, pos.side_to_move(), &lines).expect("checks");
        assert_eq!(checked.winner_positions, strategy.len());
        assert_eq!(checked.unused_lines, 0);
    }
    for (s, win) in ENDGAMES {
        match any(s) {
            AnyPosition::SadeqaV(p) => check(&p, win),
            AnyPosition::SadeqaII(p) => check(&p, win),
            AnyPosition::SadeqaIII(p) => check(&p, win),
            AnyPosition::Andada(p) => check(&p, win),
        }
    }
}

/// Plays a game between two players from a variant's start (lap limit
/// for bounded time), checking that every move is legal; the record.
fn game(variant: &str, specs: [&str; 2], seeds: [u64; 2], max_plies: usize) -> Record {
    let start = AnyPosition::new(variant.parse().expect("a variant")).with_lap_limit(Some(100_000));
    let mut bots: Vec<Box<dyn BuiltInBot>> = specs
        .iter()
        .zip(seeds)
        .map(|(s, seed)| from_spec(s, seed).expect("a spec"))
        .collect();
    let mut game = AnyGame::new(start);
    while game.outcome().is_ongoing() && game.ply() < max_plies {
        let pos = game.position();
        let legal = pos.legal_moves();
        let side = pos.side_to_move().index();
        let mv = bots[side]
            .choose_any_from(&pos, legal)
            .expect("an ongoing game has a legal move");
        assert!(
            legal.contains(mv),
            "{}: {mv} is not legal in {pos}",
            specs[side]
        );
        game.play(mv).expect("a legal move plays");
    }
    game.record()
}

#[test]
fn players_play_only_legal_moves() {
    for variant in VARIANTS {
        for spec in ["greedy", "alphabeta:2", "alphabeta:500nodes", "mcts:40"] {
            game(variant, ["random", spec], [1, 2], 300);
            game(variant, [spec, "random"], [3, 4], 300);
        }
    }
}

#[test]
fn seeded_runs_repeat_exactly() {
    for variant in VARIANTS {
        for spec in [
            "random",
            "greedy",
            "alphabeta:3",
            "alphabeta:2000nodes",
            "mcts:60",
        ] {
            let a = game(variant, [spec, "mcts:30"], [7, 8], 60);
            let b = game(variant, [spec, "mcts:30"], [7, 8], 60);
            assert_eq!(a, b, "{variant}: {spec}");
        }
    }
}

#[test]
fn bots_mix_as_trait_objects() {
    let mut bots: Vec<Box<dyn BuiltInBot>> = vec![
        from_spec("random", 1).unwrap(),
        from_spec("greedy", 1).unwrap(),
        Box::new(AlphaBeta::new(2)),
        Box::new(Mcts::new(20, 1)),
    ];
    let pos: Position<SadeqaII> = Position::new(SadeqaII::new());
    for b in &mut bots {
        // The generic methods work on a Box<dyn BuiltInBot> too.
        assert_eq!(b.choose(&pos), Some(Move::Pit(6)), "{}", b.name());
    }
    let names: Vec<String> = bots.iter().map(|b| b.name()).collect();
    assert_eq!(names, ["random", "greedy", "alphabeta:2", "mcts:20"]);
}

#[test]
fn player_specs_parse_and_print() {
    use std::time::Duration;
    for (s, shown) in [
        ("random", "random"),
        ("Greedy", "greedy"),
        ("alphabeta", "alphabeta:6"),
        ("ab:9", "alphabeta:9"),
        ("alphabeta:2s", "alphabeta:2000ms"),
        ("alphabeta:250ms", "alphabeta:250ms"),
        ("alphabeta:50000nodes", "alphabeta:50000nodes"),
        ("mcts", "mcts:2000"),
        ("mcts:500", "mcts:500"),
        ("mcts:1.5s", "mcts:1500ms"),
        ("uct", "uct:2000"),
        ("UCT:300", "uct:300"),
        ("uct:20ms", "uct:20ms"),
        // A part of a millisecond is written exactly, to the nanosecond.
        ("alphabeta:0.5ms", "alphabeta:0.5ms"),
        ("alphabeta:1.5ms", "alphabeta:1.5ms"),
        ("ab:0.0000015s", "alphabeta:0.0015ms"),
        ("mcts:0.9ms", "mcts:0.9ms"),
        ("mcts:1e-6s", "mcts:0.001ms"),
        ("mcts:1.000001ms", "mcts:1.000001ms"),
        // The evaluation comes last, and is written only when not the default.
        ("alphabeta:20ms:eval=tuned", "alphabeta:20ms:eval=tuned"),
        ("AB:Eval=Tuned", "alphabeta:6:eval=tuned"),
        ("ab:8:eval=standard", "alphabeta:8:eval=standard"),
        ("ab:8:eval=auto", "alphabeta:8"),
        (
            "alphabeta:100nodes:eval=tuned",
            "alphabeta:100nodes:eval=tuned",
        ),
    ] {
        let spec: BotSpec = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(spec.to_string(), shown);
        assert_eq!(shown.parse::<BotSpec>(), Ok(spec));
        assert_eq!(spec.build(1).name(), shown);
    }
    for bad in ["minimax", "", "alpha"] {
        assert!(
            matches!(bad.parse::<BotSpec>(), Err(SpecError::UnknownPlayer(_))),
            "{bad}"
        );
    }
    for bad in [
        "alphabeta:0",
        "alphabeta:65",
        "alphabeta:x",
        "alphabeta:-1s",
        "alphabeta:0nodes",
        "mcts:0",
        "mcts:abc",
        "mcts:0s",
        "uct:0",
        "uct:x",
        "random:3",
        "greedy:2",
    ] {
        let e = bad.parse::<BotSpec>().unwrap_err();
        assert!(matches!(e, SpecError::BadBudget { .. }), "{bad}: {e:?}");
        assert!(e.to_string().contains("bad budget"), "{e}");
    }
    assert_eq!(
        "ab:20ms:eval=tuned".parse(),
        Ok(BotSpec::AlphaBeta(
            Budget::Time(Duration::from_millis(20)),
            EvalKind::Tuned
        ))
    );
    assert_eq!(
        "mcts:100:eval=tuned".parse(),
        Ok(BotSpec::Mcts(MctsBudget::Playouts(100), EvalKind::Tuned))
    );
    assert_eq!(
        "mcts:eval=standard"
            .parse::<BotSpec>()
            .map(|s| s.to_string()),
        Ok("mcts:2000:eval=standard".to_string())
    );
    assert_eq!(
        "mcts:eval=auto".parse(),
        Ok(BotSpec::Mcts(MctsBudget::Playouts(2000), EvalKind::Auto))
    );
    for bad in [
        "ab:eval=best",
        "ab:20ms:eval=",
        "alphabeta:eval=Tuned2",
        "mcts:eval=best",
    ] {
        let e = bad.parse::<BotSpec>().unwrap_err();
        assert!(matches!(e, SpecError::UnknownEval(_)), "{bad}: {e:?}");
        assert!(
            e.to_string().contains("expected auto, standard or tuned"),
            "{e}"
        );
    }
    for bad in [
        "ab:20ms:depth=3",
        "ab:20ms:eval=tuned:eval=tuned",
        "ab:eval=tuned:20ms",
        "ab:20ms:",
        "ab:20ms:tuned",
        "mcts:100:depth=3",
        "greedy:eval=tuned",
        "uct:eval=tuned",
    ] {
        let e = bad.parse::<BotSpec>().unwrap_err();
        assert!(matches!(e, SpecError::BadOption { .. }), "{bad}: {e:?}");
        assert!(e.to_string().contains("bad option"), "{e}");
    }
    assert!(matches!(
        "minimax:eval=tuned".parse::<BotSpec>(),
        Err(SpecError::UnknownPlayer(_))
    ));
    // A count too big for its type says so.
    let e = "mcts:99999999999999".parse::<BotSpec>().unwrap_err();
    assert!(
        e.to_string()
            .contains("at most 4294967295 iterations (mcts) or playouts (uct)"),
        "{e}"
    );
    let e = "ab:99999999999999999999nodes"
        .parse::<BotSpec>()
        .unwrap_err();
    assert!(
        e.to_string().contains("at most 18446744073709551615 nodes"),
        "{e}"
    );
}

/// A budget built directly that the search raises or lowers is named as
/// the search uses it, and the name reads back as a spec.
#[test]
fn a_built_budget_is_named_as_the_search_uses_it() {
    use std::time::Duration;
    let bots: [(Box<dyn BuiltInBot>, &str); 8] = [
        (
            Box::new(AlphaBeta::with_budget(Budget::Depth(0))),
            "alphabeta:1",
        ),
        (
            Box::new(AlphaBeta::with_budget(Budget::Depth(200))),
            "alphabeta:64",
        ),
        (
            Box::new(AlphaBeta::with_budget(Budget::Nodes(0))),
            "alphabeta:1nodes",
        ),
        (
            Box::new(AlphaBeta::with_budget(Budget::Time(Duration::ZERO))),
            "alphabeta:0.000001ms",
        ),
        (
            Box::new(Mcts::with_budget(sowing::bots::MctsBudget::Playouts(0), 1)),
            "mcts:1",
        ),
        (
            Box::new(Mcts::with_budget(
                sowing::bots::MctsBudget::Time(Duration::from_nanos(1_500_001)),
                1,
            )),
            "mcts:1.500001ms",
        ),
        (
            Box::new(Mcts::with_budget(
                sowing::bots::MctsBudget::Time(Duration::ZERO),
                1,
            )),
            "mcts:0.000001ms",
        ),
        (
            Box::new(AlphaBeta::with_budget(Budget::Time(Duration::MAX))),
            "alphabeta:86400000ms",
        ),
    ];
    for (bot, name) in bots {
        assert_eq!(bot.name(), name);
        let spec: BotSpec = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(spec.to_string(), name);
    }
    assert_eq!(
        BotSpec::AlphaBeta(Budget::Depth(0), EvalKind::Auto).to_string(),
        "alphabeta:1"
    );
}

// ---- reference searches ----

/// A random position of `variant` with few seeds, if the string is a
/// valid position that is not over.
fn small_position(variant: &str, rng: &mut SmallRng, max_seeds: u32) -> Option<AnyPosition> {
    let n = match variant {
        "sadeqa-v" => 10,
        "sadeqa-ii" => 6,
        "andada-12" => 12,
        _ => 8,
    };
    let mut pits = vec![0u32; 2 * n];
    for _ in 0..rng.random_range(2..=max_seeds) {
        pits[rng.random_range(0..2 * n)] += 1;
    }
    let waranas: Vec<bool> = (0..2 * n)
        .map(|_| variant == "sadeqa-v" && rng.random_range(0..5) == 0)
        .collect();
    let row = |r: std::ops::Range<usize>| {
        r.map(|i| format!("{}{}", pits[i], if waranas[i] { "w" } else { "" }))
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if rng.random_range(0..2) == 0 {
        "S"
    } else {
        "N"
    };
    // The seeds not on the board are captured, split between the players
    // within 9 of even (two draws, as the captured counts were drawn before
    // issue 32, so that the boards drawn stay the same): a position holds
    // all of its game's seeds (Andada removes some from play, so its
    // captured field may stay empty).
    let total = match variant {
        "sadeqa-v" => 80,
        "sadeqa-ii" => 36,
        "sadeqa-iii" => 96,
        _ => 64,
    };
    let rest = total - pits.iter().sum::<u32>();
    let (captured, state) = match variant {
        "andada-12" => ("0-0".to_string(), " play"),
        "sadeqa-ii" => (format!("{}-{}", rest - rest / 2, rest / 2), ""),
        _ => {
            let (more, less) = (rng.random_range(0..10), rng.random_range(0..10));
            let south = (rest / 2 + more).saturating_sub(less).min(rest);
            (format!("{south}-{}", rest - south), "")
        }
    };
    let s = format!(
        "{variant} {}/{} {side} {captured}{state}",
        row(0..n),
        row(n..2 * n)
    );
    s.parse::<AnyPosition>().ok().filter(|p| !p.is_over())
}

/// Plain exhaustive minimax: +1 if the side to move can force a win, -1 if
/// the opponent can, 0 otherwise, a position repeated on the line being a
/// draw. `None` beyond `budget` nodes.
fn exhaustive<R: Ruleset>(
    pos: &Position<R>,
    path: &mut Vec<Position<R>>,
    budget: &mut u64,
) -> Option<i32> {
    if pos.is_over() {
        return Some(match pos.outcome().winner() {
            Some(w) if w == pos.side_to_move() => 1,
            Some(_) => -1,
            None => 0,
        });
    }
    if path.contains(pos) {
        return Some(0);
    }
    *budget = budget.checked_sub(1)?;
    path.push(*pos);
    let mut best = -1;
    for mv in pos.legal_moves() {
        let mut c = *pos;
        c.play_unchecked(mv);
        let v = exhaustive(&c, path, budget)?;
        let v = if c.side_to_move() == pos.side_to_move()
            || c.is_over() && c.outcome().winner().is_none()
        {
            v
        } else {
            -v
        };
        best = best.max(v);
    }
    path.pop();
    Some(best)
}

#[test]
fn solver_agrees_with_exhaustive_search_on_small_positions() {
    fn compare<R: Ruleset>(pos: &Position<R>) -> bool {
        let mut budget = 200_000;
        let Some(expected) = exhaustive(pos, &mut Vec::new(), &mut budget) else {
            return false;
        };
        let solution = Solver::new(14).solve(pos, Limits::default());
        let got = match solution.verdict {
            Verdict::Win => 1,
            Verdict::Loss => -1,
            Verdict::Draw => 0,
            Verdict::Unknown => panic!("{pos}: unknown without a budget"),
        };
        assert_eq!(
            got, expected,
            "{pos}: solver {} exhaustive {expected}",
            solution.verdict
        );
        true
    }
    let mut rng = SmallRng::seed_from_u64(2026);
    for variant in VARIANTS {
        let mut compared = 0;
        let mut tries = 0;
        while compared < 40 && tries < 2000 {
            tries += 1;
            let Some(pos) = small_position(variant, &mut rng, 7) else {
                continue;
            };
            let done = match pos {
                AnyPosition::SadeqaV(p) => compare(&p),
                AnyPosition::SadeqaII(p) => compare(&p),
                AnyPosition::SadeqaIII(p) => compare(&p),
                AnyPosition::Andada(p) => compare(&p),
            };
            compared += done as usize;
        }
        assert!(
            compared >= 20,
            "{variant}: only {compared} positions compared"
        );
    }
}

/// Plain minimax of the final margin (points of the side to move minus the
/// opponent's); `None` if a line repeats or beyond the budget.
fn exhaustive_margin<R: Ruleset>(
    pos: &Position<R>,
    path: &mut Vec<Position<R>>,
    budget: &mut u64,
) -> Option<i32> {
    if pos.is_over() {
        let s = pos.outcome().score()?;
        let me = pos.side_to_move();
        return Some(s.of(me) as i32 - s.of(me.other()) as i32);
    }
    if path.contains(pos) {
        return None;
    }
    *budget = budget.checked_sub(1)?;
    path.push(*pos);
    let mut best = i32::MIN;
    for mv in pos.legal_moves() {
        let mut c = *pos;
        c.play_unchecked(mv);
        let v = exhaustive_margin(&c, path, budget)?;
        best = best.max(if c.side_to_move() == pos.side_to_move() {
            v
        } else {
            -v
        });
    }
    path.pop();
    Some(best)
}

#[test]
fn solver_margin_agrees_with_exhaustive_search() {
    fn compare<R: Ruleset>(pos: &Position<R>) -> bool {
        let mut budget = 100_000;
        let Some(expected) = exhaustive_margin(pos, &mut Vec::new(), &mut budget) else {
            return false;
        };
        let got = Solver::new(14).solve_margin(pos, Limits::default());
        assert_eq!(got, Some(expected), "{pos}");
        true
    }
    on_small_positions_of_points_games(7, compare, compare);
}

/// Runs `v` (Sadeqa V) or `iii` (Sadeqa III, game 91) on small positions
/// of each game won on points, drawn from `seed`, until 15 compared (each
/// returns whether it compared its position); at least 10 must be.
fn on_small_positions_of_points_games(
    seed: u64,
    v: fn(&Position<SadeqaV>) -> bool,
    iii: fn(&Position<SadeqaIII>) -> bool,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for variant in ["sadeqa-v", "sadeqa-iii", "game-91"] {
        let mut compared = 0;
        for _ in 0..500 {
            let Some(pos) = small_position(variant, &mut rng, 6) else {
                continue;
            };
            compared += match pos {
                AnyPosition::SadeqaV(p) => v(&p),
                AnyPosition::SadeqaIII(p) => iii(&p),
                _ => unreachable!(),
            } as usize;
            if compared >= 15 {
                break;
            }
        }
        assert!(
            compared >= 10,
            "{variant}: only {compared} positions compared"
        );
    }
}

/// In a game of points alpha-beta plays for the largest margin, not the
/// first win it proves: on Sadeqa III's 3x1 board pit 3 wins by 2 and is
/// proved first, pit 1 wins by 4 (a proof cut by the depth is only a
/// bound on the margin).
#[test]
fn alphabeta_plays_for_the_largest_margin() {
    use sowing::bots::alphabeta::search;
    use sowing::rulesets::Resized;
    let pos: Position<Resized<SadeqaIII>> = "sadeqa-iii:3x1 0,0,0/1,1,1 N 1-2".parse().unwrap();
    let report = search(
        &pos,
        pos.legal_moves(),
        Budget::Depth(30),
        &StandardEval,
        &mut Table::new(16),
    )
    .unwrap();
    assert_eq!(report.best, Move::Pit(1), "{report:?}");
    assert_eq!(report.value.margin(), Some(4), "{report:?}");
    let analysis = analyse(&pos, Budget::Depth(30), &StandardEval, &mut Table::new(16));
    assert_eq!(analysis.moves[0].mv, Move::Pit(1));
    assert_eq!(analysis.moves[0].value.margin(), Some(4));
}

/// Alpha-beta deep enough finds the exact margin of small positions of the
/// games of points (the best move's value, by plain minimax).
#[test]
fn alphabeta_margin_agrees_with_exhaustive_search() {
    use sowing::bots::alphabeta::search;
    fn compare<R: Ruleset>(pos: &Position<R>) -> bool {
        let mut budget = 100_000;
        let Some(expected) = exhaustive_margin(pos, &mut Vec::new(), &mut budget) else {
            return false;
        };
        let report = search(
            pos,
            pos.legal_moves(),
            Budget::Depth(40),
            &StandardEval,
            &mut Table::new(14),
        )
        .unwrap();
        let got = report.value.margin().unwrap_or(0);
        assert_eq!(got, expected, "{pos}: {report:?}");
        true
    }
    on_small_positions_of_points_games(11, compare, compare);
}

/// The value of a finished game as the alpha-beta search scores it.
fn terminal<R: Ruleset>(pos: &Position<R>, ply: i32) -> i32 {
    let me = pos.side_to_move();
    match pos.outcome() {
        Outcome::Win { winner, score } => {
            let margin = score.map_or(0, |s| s.of(winner) as i32 - s.of(winner.other()) as i32);
            let v = WIN + 1000 * margin - ply;
            if winner == me { v } else { -v }
        }
        _ => 0,
    }
}

/// Plain depth-limited minimax with the evaluation `eval`, for the side
/// to move at `pos`.
fn minimax<R: Ruleset, E: Evaluation<R>>(
    eval: &E,
    pos: &Position<R>,
    depth: i32,
    ply: i32,
    path: &mut Vec<Position<R>>,
) -> i32 {
    if pos.is_over() {
        return terminal(pos, ply);
    }
    if path.contains(pos) {
        return 0;
    }
    if depth == 0 {
        return eval.evaluate(pos);
    }
    path.push(*pos);
    let mut best = i32::MIN;
    for mv in pos.candidate_moves() {
        let mut c = *pos;
        if c.play(mv).is_ok() {
            let v = minimax(eval, &c, depth - 1, ply + 1, path);
            best = best.max(if c.side_to_move() == pos.side_to_move() && !c.is_over() {
                v
            } else if c.is_over() {
                let t = terminal(&c, ply + 1);
                if c.side_to_move() == pos.side_to_move() {
                    t
                } else {
                    -t
                }
            } else {
                -v
            });
        }
    }
    path.pop();
    best
}

/// The values of every move of `pos` by [`analyse`] to depth 3 with
/// `eval` are plain minimax's.
fn compare_with_minimax<R: Ruleset, E: Evaluation<R>>(pos: Position<R>, eval: &E) {
    let pos = pos.with_lap_limit(Some(10_000));
    let mut table = Table::new(14);
    let analysis = analyse(&pos, Budget::Depth(3), eval, &mut table);
    assert_eq!(analysis.moves.len(), pos.legal_moves().len());
    for m in &analysis.moves {
        let mut c = pos;
        c.play_unchecked(m.mv);
        let v = if c.is_over() {
            let t = terminal(&c, 1);
            if c.side_to_move() == pos.side_to_move() {
                t
            } else {
                -t
            }
        } else if c.side_to_move() == pos.side_to_move() {
            minimax(eval, &c, 2, 1, &mut vec![pos])
        } else {
            -minimax(eval, &c, 2, 1, &mut vec![pos])
        };
        assert_eq!(m.value.0, v, "{pos}: move {}", m.mv);
    }
}

#[test]
fn alphabeta_values_equal_plain_minimax() {
    fn compare<R: Ruleset>(pos: Position<R>)
    where
        StandardEval: Evaluation<R>,
    {
        compare_with_minimax(pos, &StandardEval);
    }
    let mut rng = SmallRng::seed_from_u64(3);
    for variant in VARIANTS {
        for _ in 0..12 {
            let mut pos = AnyPosition::new(variant.parse().unwrap()).with_lap_limit(Some(10_000));
            for _ in 0..rng.random_range(0..40) {
                if pos.is_over() {
                    break;
                }
                let legal = pos.legal_moves();
                pos.play_unchecked(legal.nth(rng.random_range(0..legal.len())).unwrap());
            }
            if pos.is_over() {
                continue;
            }
            match pos {
                AnyPosition::SadeqaV(p) => compare(p),
                AnyPosition::SadeqaII(p) => compare(p),
                AnyPosition::SadeqaIII(p) => compare(p),
                AnyPosition::Andada(p) => compare(p),
            }
        }
    }
}

#[test]
fn solver_says_unknown_when_the_budget_runs_out() {
    let pos = Position::new(sowing::rulesets::SadeqaIII::new());
    let solution = Solver::new(12).solve(
        &pos,
        Limits {
            nodes: Some(5_000),
            time: None,
        },
    );
    assert_eq!(solution.verdict, Verdict::Unknown);
    assert!(
        solution.nodes >= 5_000 && solution.nodes < 20_000,
        "{}",
        solution.nodes
    );
}

/// Solves Sadeqa II from its start under `rules`, writes the strategy,
/// reads it back and checks it.
fn solve_sadeqa_ii(rules: SadeqaII, winner: Player) -> (Position<SadeqaII>, String) {
    let start = Position::new(rules);
    let mut solver = Solver::new(20);
    let solution = solver.solve(&start, Limits::default());
    assert_eq!(solution.winner, Some(winner), "{rules:?}");
    let strategy = solver.strategy(&start).expect("a strategy");
    let mut text = Vec::new();
    strategy.write(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let lines = read_strategy(rules, &text).expect("reads back");
    assert_eq!(lines.len(), strategy.len());
    let checked = check_strategy(&start, winner, &lines).expect("a winning strategy");
    assert_eq!(checked.winner_positions, lines.len());
    assert!(checked.finished > 0);
    (start, text)
}

#[test]
fn sadeqa_ii_is_a_first_player_win_and_its_strategy_checks() {
    let (start, text) = solve_sadeqa_ii(SadeqaII::new(), Player::South);
    let rules = SadeqaII::new();
    // The checker finds faults: a missing line ...
    let lines = read_strategy(rules, &text).unwrap();
    let mut missing = lines.clone();
    missing.remove(lines.len() / 2);
    assert!(matches!(
        check_strategy(&start, Player::South, &missing),
        Err(StrategyError::MissingLine { .. })
    ));
    // ... an illegal move ...
    let mut illegal = lines.clone();
    let (pos, _) = illegal[0];
    illegal[0] = (pos, Move::Pit(1));
    assert!(matches!(
        check_strategy(&start, Player::South, &illegal),
        Err(StrategyError::IllegalMove { .. })
    ));
    // ... the wrong winner, and a malformed line.
    assert!(check_strategy(&start, Player::North, &lines).is_err());
    assert!(matches!(
        read_strategy(rules, "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:SN x"),
        Err(StrategyError::Malformed { line: 1, .. })
    ));
    // Any captured count matches a line (the captured field decides
    // nothing in Sadeqa II).
    let (pos, mv) = lines[1];
    let other: Position<SadeqaII> = pos
        .to_string()
        .replacen(
            &format!(
                " {}-{} ",
                pos.captured(Player::South),
                pos.captured(Player::North)
            ),
            " 0-0 ",
            1,
        )
        .parse()
        .unwrap();
    let mut replaced = lines.clone();
    replaced[1] = (other, mv);
    assert!(check_strategy(&start, Player::South, &replaced).is_ok());
}

#[test]
fn sadeqa_ii_starter_only_is_a_second_player_win_and_its_strategy_checks() {
    solve_sadeqa_ii(SadeqaII::starter_only(), Player::North);
}

#[test]
fn the_shipped_sadeqa_ii_strategies_check() {
    for (file, rules, winner) in [
        ("sadeqa-ii.strategy", SadeqaII::new(), Player::South),
        (
            "sadeqa-ii-starter-only.strategy",
            SadeqaII::starter_only(),
            Player::North,
        ),
    ] {
        let path = format!(
            "{}/tests/data/strategies/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines = read_strategy(rules, &text).expect("reads");
        let checked = check_strategy(&Position::new(rules), winner, &lines)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(checked.unused_lines, 0, "{file}");
        assert_eq!(checked.winner_positions, lines.len(), "{file}");
    }
}

// ---- a game from another crate ----

/// A ruleset defined outside the crate, as a dependent writes one: four
/// pits a row, two seeds each, one lap a move (no relay), a lap ending in
/// the opponent's row on 2 or 3 seeds captures them. Won by points or by
/// moving last. The players, the solver and perft must need nothing else.
mod pebbles {
    use sowing::{
        Lap, MoveContext, MoveSet, NoMove, Observer, Outcome, Player, Ruleset, Score, Scoring,
        Turn, View,
    };

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Pebbles {
        pub scoring: Scoring,
    }

    impl Ruleset for Pebbles {
        type State = ();

        fn name(&self) -> std::borrow::Cow<'static, str> {
            match self.scoring {
                Scoring::Points => "pebbles".into(),
                Scoring::LastMover => "pebbles-last".into(),
            }
        }

        fn from_name(name: &str) -> Option<Self> {
            match name.to_ascii_lowercase().as_str() {
                "pebbles" => Some(Pebbles {
                    scoring: Scoring::Points,
                }),
                "pebbles-last" => Some(Pebbles {
                    scoring: Scoring::LastMover,
                }),
                _ => None,
            }
        }

        fn pits_per_row(&self) -> usize {
            4
        }

        fn seeds_per_pit(&self) -> u8 {
            2
        }

        fn scoring(&self) -> Scoring {
            self.scoring
        }

        fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
            MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
        }

        fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
            false
        }

        fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
            if lap.board.owner(lap.landing) != lap.mover && (2..=3).contains(&lap.count) {
                ctx.capture(lap.landing, lap.count, lap.mover);
            }
            Turn::Next
        }

        fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
            NoMove::End
        }

        fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
            match self.scoring {
                Scoring::Points => Outcome::by_score(Score {
                    south: pos.captured(Player::South),
                    north: pos.captured(Player::North),
                }),
                // The player who cannot move loses.
                Scoring::LastMover => Outcome::Win {
                    winner: pos.side_to_move().other(),
                    score: None,
                },
            }
        }
    }
}

use pebbles::Pebbles;

const PEBBLES: [Pebbles; 2] = [
    Pebbles {
        scoring: Scoring::Points,
    },
    Pebbles {
        scoring: Scoring::LastMover,
    },
];

/// A game between `spec` (South) and `other`, each seeded, from `start`,
/// at most 200 plies; checks that every move is legal. The record.
fn pebbles_game(start: Position<Pebbles>, spec: &str, other: &str, seed: u64) -> Record {
    let mut bots: [Box<dyn Bot<Pebbles>>; 2] = [
        from_spec_for(spec, seed).expect("a spec"),
        from_spec_for(other, seed + 1).expect("a spec"),
    ];
    assert_eq!(bots[0].name(), spec.parse::<BotSpec>().unwrap().to_string());
    let mut game = Game::new(start).with_ply_limit(Some(200));
    while game.outcome().is_ongoing() {
        let pos = *game.position();
        let legal = pos.legal_moves();
        let side = pos.side_to_move().index();
        let mv = bots[side]
            .choose_from(&pos, legal)
            .expect("an ongoing game has a legal move");
        assert!(legal.contains(mv), "{spec}: {mv} is not legal in {pos}");
        game.play(mv).expect("a legal move plays");
    }
    game.record()
}

#[test]
fn a_game_from_another_crate_gets_every_player() {
    for rules in PEBBLES {
        let start = Position::new(rules);
        for spec in [
            "random",
            "greedy",
            "alphabeta:3",
            "alphabeta:300nodes",
            "mcts:50",
        ] {
            let a = pebbles_game(start, spec, "random", 1);
            let b = pebbles_game(start, spec, "random", 1);
            assert_eq!(a, b, "{rules:?}: {spec}: a seeded game repeats");
            pebbles_game(start, "mcts:30", spec, 5);
        }
        // The generic players built directly, with the generic evaluation.
        let mut players: Vec<Box<dyn Bot<Pebbles>>> = vec![
            Box::new(RandomBot::new(1)),
            Box::new(GreedyBot::with_eval(1, ScoringEval)),
            Box::new(AlphaBeta::with_eval(Budget::Depth(4), ScoringEval)),
            Box::new(Mcts::new(100, 1)),
        ];
        for p in &mut players {
            let mv = p.choose(&start).expect("a move");
            assert!(start.is_legal(mv), "{}", p.name());
        }
        let mut ab = AlphaBeta::with_eval(Budget::Depth(5), ScoringEval);
        let report = ab.search(&start, start.legal_moves()).expect("a search");
        assert_eq!(report.depth, 5);
        assert_eq!(report.pv.first(), Some(&report.best));
    }
}

/// The generic evaluation scores by points or by mobility, as the ruleset
/// is won; on the built-in games it is the standard one where the
/// standard one has nothing of its own.
#[test]
fn the_generic_evaluation_reads_how_the_game_is_won() {
    let [points, last] = PEBBLES;
    // South's pit 3 sows into his pit 4 and North's pit 1, which then
    // holds 3: South captures them; North to move.
    let mut p = Position::new(points);
    p.play(Move::Pit(3)).unwrap();
    assert_eq!(p.captured(Player::South), 3);
    assert_eq!(ScoringEval.evaluate(&p), -12);
    let mut l = Position::new(last);
    l.play(Move::Pit(3)).unwrap();
    // Mobility: 4 per occupied pit, 4 more per pit of two seeds or more,
    // 1 per seed, North's (to move) against South's.
    let row = |pos: &Position<Pebbles>, pl: Player| pos.row(pl).collect::<Vec<u8>>();
    let score = |r: &[u8]| {
        4 * r.iter().filter(|&&s| s > 0).count() as i32
            + 4 * r.iter().filter(|&&s| s > 1).count() as i32
            + r.iter().map(|&s| s as i32).sum::<i32>()
    };
    assert_eq!(
        ScoringEval.evaluate(&l),
        score(&row(&l, Player::North)) - score(&row(&l, Player::South))
    );
    // The built-in games: the same as the standard evaluation but for
    // Sadeqa V's waranas.
    let mut rng = SmallRng::seed_from_u64(11);
    for variant in ["sadeqa-ii", "sadeqa-iii", "game-91", "andada"] {
        let mut pos = AnyPosition::new(variant.parse().unwrap()).with_lap_limit(Some(10_000));
        for _ in 0..30 {
            if pos.is_over() {
                break;
            }
            match pos {
                AnyPosition::SadeqaII(p) => {
                    assert_eq!(ScoringEval.evaluate(&p), StandardEval.evaluate(&p))
                }
                AnyPosition::SadeqaIII(p) => {
                    assert_eq!(ScoringEval.evaluate(&p), StandardEval.evaluate(&p))
                }
                AnyPosition::Andada(p) => {
                    assert_eq!(ScoringEval.evaluate(&p), StandardEval.evaluate(&p))
                }
                AnyPosition::SadeqaV(_) => unreachable!(),
            }
            let legal = pos.legal_moves();
            pos.play_unchecked(legal.nth(rng.random_range(0..legal.len())).unwrap());
        }
    }
}

/// Random positions of a game from another crate, with their seeds.
fn pebbles_positions(rules: Pebbles, seed: u64, count: usize) -> Vec<Position<Pebbles>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::new(rules);
        for _ in 0..rng.random_range(0..60) {
            if pos.is_over() {
                break;
            }
            let legal = pos.legal_moves();
            pos.play_unchecked(legal.nth(rng.random_range(0..legal.len())).unwrap());
        }
        if !pos.is_over() {
            out.push(pos);
        }
    }
    out
}

#[test]
fn alphabeta_values_equal_plain_minimax_for_a_game_from_another_crate() {
    for rules in PEBBLES {
        for pos in pebbles_positions(rules, 4, 20) {
            compare_with_minimax(pos, &ScoringEval);
        }
    }
}

/// What the alpha-beta search proves, the solver proves too (endgames of
/// at most 6 seeds on the board).
#[test]
fn the_solver_agrees_with_alphabeta_on_a_game_from_another_crate() {
    let mut proved = 0;
    for rules in PEBBLES {
        let endgames: Vec<_> = pebbles_positions(rules, 9, 400)
            .into_iter()
            .filter(|p| p.seeds_on_board() <= 6)
            .take(30)
            .collect();
        assert!(endgames.len() >= 10, "{}", endgames.len());
        for pos in endgames {
            let analysis = analyse(&pos, Budget::Depth(10), &ScoringEval, &mut Table::new(16));
            let best = analysis.moves[0].value;
            let limits = Limits {
                nodes: Some(200_000),
                time: None,
            };
            let verdict = Solver::new(18).solve(&pos, limits).verdict;
            if verdict == Verdict::Unknown {
                continue;
            }
            if best.is_win() {
                assert_eq!(verdict, Verdict::Win, "{pos}");
                proved += 1;
            } else if best.is_loss() {
                assert_eq!(verdict, Verdict::Loss, "{pos}");
                proved += 1;
            }
        }
    }
    assert!(proved > 0, "some positions are proved");
}

#[test]
fn perft_counts_a_game_from_another_crate() {
    fn reference(pos: &Position<Pebbles>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.successors()
            .map(|(_, c)| reference(&c, depth - 1))
            .sum()
    }
    for rules in PEBBLES {
        let start = Position::new(rules);
        assert_eq!(perft(&start, 0), 1);
        assert_eq!(perft(&start, 1), 4);
        for depth in 0..=6 {
            assert_eq!(perft(&start, depth), reference(&start, depth), "{depth}");
        }
        for pos in pebbles_positions(rules, 2, 10) {
            for depth in 0..=4 {
                assert_eq!(perft(&pos, depth), reference(&pos, depth), "{pos}");
            }
        }
    }
}
