//! The endgame databases against references written here, apart from
//! `src/tablebase`: every position with at most a few seeds on the board,
//! enumerated through the public API (`Setup`, `successors`, points), its
//! value found by textbook retrograde analysis on the explicit game graph
//! (threshold attractors for the margins, round-by-round distances for the
//! last-mover games), compared with `Tablebase::probe`; then the Bellman
//! property on engine positions with captured seeds, the file format's
//! refusals, and a database that resumes.

use sowing::rulesets::{Resized, SadeqaIII};
use sowing::tablebase::{Builder, Tablebase, Value};
use sowing::{Player, Position, Ruleset, Setup};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sowing-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Game 91's databases up to 8 seeds, built once for the tests here.
fn game_91() -> &'static Tablebase<SadeqaIII> {
    static TB: OnceLock<Tablebase<SadeqaIII>> = OnceLock::new();
    TB.get_or_init(|| {
        let dir = temp_dir("game-91");
        Builder::new(SadeqaIII::game_91(), &dir)
            .max_seeds(8)
            .build(|_| {})
            .expect("a build");
        Tablebase::open(SadeqaIII::game_91(), &dir).expect("the files just built")
    })
}

/// Every placement of `seeds` seeds in `pits` pits.
fn placements(pits: usize, seeds: u32) -> Vec<Vec<u32>> {
    if pits == 1 {
        return vec![vec![seeds]];
    }
    let mut all = Vec::new();
    for first in 0..=seeds {
        for mut rest in placements(pits - 1, seeds - first) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The position of `rules` with South's row `south`, North's `north`,
/// `side` to move, nothing captured, and the state field `state`; `None`
/// where the setup is refused (a state the rules cannot reach there).
fn position<R: Ruleset>(
    rules: R,
    south: &[u32],
    north: &[u32],
    side: Player,
    state: Option<&str>,
) -> Option<Position<R>> {
    let setup = Setup {
        variant: rules.name().to_owned(),
        south: south.to_vec(),
        north: north.to_vec(),
        marked: Vec::new(),
        side_to_move: side,
        captured: [0, 0],
        state: state.map(str::to_owned),
    };
    Position::from_setup(rules, &setup).ok()
}

/// The key of a position for the references: rows and side to move, and
/// the state as the position string writes it.
fn node_key<R: Ruleset>(p: &Position<R>) -> String {
    let s = p.to_string();
    // Drop the captured field: the value is of the seeds still to gain.
    let mut f: Vec<&str> = s.split(' ').collect();
    f.remove(3);
    f.join(" ")
}

/// South's points minus North's.
fn diff<R: Ruleset>(p: &Position<R>) -> i32 {
    p.points(Player::South).map_or(0, i32::from) - p.points(Player::North).map_or(0, i32::from)
}

/// A node of the explicit graph: for its mover, the values of the moves
/// that leave its layer (exits: captures and the end of the game) and the
/// nodes its other moves lead to (the other player to move there).
struct Node {
    exits: Vec<i32>,
    children: Vec<usize>,
}

/// The exact margins of every position of `rules` (Sadeqa III's on any
/// board: no bonus moves, no gain within a layer) with `seeds` seeds on
/// the board, given the smaller layers' in `known`: threshold attractors.
/// For `t > 0`, `win[t]` is the least set closed under: a position with a
/// move out of the layer worth at least `t`, or a move to a position
/// whose every move is out and worth at most `-t` or leads into `win[t]`.
/// Play that stays in the layer for ever is worth 0.
fn margins_of_layer<R: Ruleset>(rules: R, seeds: u32, known: &mut HashMap<String, i32>) {
    let m = rules.pits_per_row();
    let mut keys: Vec<String> = Vec::new();
    let mut positions = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for p in placements(2 * m, seeds) {
        for side in [Player::South, Player::North] {
            let pos = position(rules, &p[..m], &p[m..], side, None).expect("any board");
            index.insert(node_key(&pos), keys.len());
            keys.push(node_key(&pos));
            positions.push(pos);
        }
    }
    let mut nodes = Vec::new();
    for pos in &positions {
        let me = pos.side_to_move();
        let sign = if me == Player::South { 1 } else { -1 };
        let mut node = Node {
            exits: Vec::new(),
            children: Vec::new(),
        };
        if pos.is_over() {
            // Over already (the mover cannot move): the points count the
            // final sweep, and nothing was captured before.
            node.exits.push(sign * diff(pos));
        }
        for (_, child) in pos.successors() {
            let gain = sign * (diff(&child) - diff(pos));
            if child.is_over() {
                node.exits.push(gain);
            } else if child.seeds_on_board() < seeds {
                let v = known[&node_key(&child)];
                node.exits
                    .push(gain + if child.side_to_move() == me { v } else { -v });
            } else {
                assert_eq!(gain, 0, "a move within a layer gains nothing in Sadeqa III");
                assert_ne!(child.side_to_move(), me, "Sadeqa III has no bonus moves");
                node.children.push(index[&node_key(&child)]);
            }
        }
        nodes.push(node);
    }
    let mut parents = vec![Vec::new(); nodes.len()];
    for (i, n) in nodes.iter().enumerate() {
        for &c in &n.children {
            parents[c].push(i);
        }
    }
    let mut value = vec![0i32; nodes.len()];
    for t in 1..=seeds as i32 {
        // `forces[i]`: the mover at i can get at least t; `held[i]`: he
        // gets at most -t whatever he does. Least fixed points, together.
        let mut forces = vec![false; nodes.len()];
        let mut held = vec![false; nodes.len()];
        let mut open: Vec<usize> = nodes.iter().map(|n| n.children.len()).collect();
        let mut queue = Vec::new();
        for (i, n) in nodes.iter().enumerate() {
            if n.exits.iter().any(|&v| v >= t) {
                forces[i] = true;
                queue.push(i);
            } else if n.children.is_empty() && n.exits.iter().all(|&v| v <= -t) {
                held[i] = true;
                queue.push(i);
            }
        }
        while let Some(i) = queue.pop() {
            for &p in &parents[i] {
                if held[i] && !forces[p] {
                    forces[p] = true;
                    queue.push(p);
                }
                if forces[i] {
                    open[p] -= 1;
                    if open[p] == 0
                        && !held[p]
                        && !forces[p]
                        && nodes[p].exits.iter().all(|&v| v <= -t)
                    {
                        held[p] = true;
                        queue.push(p);
                    }
                }
            }
        }
        for i in 0..nodes.len() {
            if forces[i] {
                value[i] = t;
            }
            if held[i] {
                value[i] = -t;
            }
        }
    }
    for (k, v) in keys.into_iter().zip(value) {
        known.insert(k, v);
    }
}

/// Game 91 up to 8 seeds: every position's margin in the database is the
/// reference's (735,471 boards, each with South and with North to move).
#[test]
fn game_91_margins_agree_with_threshold_retrograde_analysis() {
    let tb = game_91();
    let rules = SadeqaIII::game_91();
    let mut known = HashMap::new();
    let mut checked = 0;
    for seeds in 0..=8 {
        margins_of_layer(rules, seeds, &mut known);
        for p in placements(16, seeds) {
            for side in [Player::South, Player::North] {
                let pos = position(rules, &p[..8], &p[8..], side, None).expect("a board");
                let expected = known[&node_key(&pos)];
                assert_eq!(tb.probe(&pos), Some(Value::Margin(expected)), "{pos}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * 735_471);
}

/// The Sadeqa III rules on the small boards of the solved-games table
/// (docs/SOLVED.md), each with its board's every seed: every position's
/// margin in the database is the reference's, and the start position's is
/// the table's. `(m, n, South's final margin from the start)`.
#[test]
fn sadeqa_iii_small_boards_agree_with_the_reference_and_the_table() {
    let table: [(usize, u8, i32); 7] = [
        (2, 1, 4),
        (2, 2, 2),
        (3, 1, 6),
        (3, 2, 6),
        (4, 1, 6),
        (4, 2, 2),
        (5, 1, 4),
    ];
    for (m, n, margin) in table {
        let rules = Resized::new(SadeqaIII::new(), m, n).expect("a small board");
        let dir = temp_dir(&format!("sadeqa-iii-{m}x{n}"));
        let all = rules.total_seeds();
        Builder::new(rules, &dir)
            .max_seeds(all)
            .build(|_| {})
            .expect("a build");
        let tb = Tablebase::open(rules, &dir).expect("the files just built");
        let mut known = HashMap::new();
        for seeds in 0..=all {
            margins_of_layer(rules, seeds, &mut known);
            for p in placements(2 * m, seeds) {
                for side in [Player::South, Player::North] {
                    let pos = position(rules, &p[..m], &p[m..], side, None).expect("a board");
                    let expected = known[&node_key(&pos)];
                    assert_eq!(tb.probe(&pos), Some(Value::Margin(expected)), "{pos}");
                }
            }
        }
        let start = Position::new(rules);
        assert_eq!(start.side_to_move(), Player::South);
        assert_eq!(
            tb.final_margin(&start),
            Some(margin),
            "2 x {m}, {n} seeds a pit"
        );
        assert_eq!(known[&node_key(&start)], margin, "2 x {m}, {n} seeds a pit");
        std::fs::remove_dir_all(&dir).ok();
    }
}
