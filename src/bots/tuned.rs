//! The tuned evaluation (issue 29, section 3): a weighted sum of a few
//! features of the position, the weights fitted to the databases' exact
//! values and to self-play results by Texel's method (`tune`,
//! cli/src/tune/, which reads its features from [`features`] here).
//!
//! The features ([`FEATURES`]), each the side to move's less the
//! opponent's: points, seeds in the row, occupied pits, pits of two seeds
//! or more, singletons, waranas owned (Sadeqa V); then the best capture of
//! the next move, the legal moves, and 1 (having the move). The best
//! capture and the legal moves sow every move of the position once (under
//! the search's lap limit), so the evaluation costs about a ply of sowings
//! at each leaf, unless the game's weights give both 0 (Sadeqa II's): then
//! it sows nothing. It allocates nothing.

use super::eval::{Evaluation, StandardEval};
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{Ruleset, Scoring};
use crate::rulesets::{Andada, Reading, SadeqaII, SadeqaIII, SadeqaV};
use crate::search::SEARCH_LAP_LIMIT;
use std::any::Any;

/// The number of features.
pub const FEATURE_COUNT: usize = 9;

/// The names of the features, in the order of [`features`] and of the
/// weights.
pub const FEATURES: [&str; FEATURE_COUNT] = [
    "points",
    "seeds",
    "occupied",
    "two_or_more",
    "singletons",
    "waranas",
    "best_capture",
    "moves",
    "to_move",
];

// The weights, in the order of FEATURES: sixteenths of a seed a unit of
// each feature in the games won on points, hundredths of a logit in the
// games won by moving last. Made by (docs/records/strength.md, "the fit"):
//
//   cargo run --release --example tune -- --variant game-91 --tablebase tb/game-91 --games 1000
//   cargo run --release --example tune -- --variant sadeqa-iii --tablebase tb/sadeqa-iii --games 200
//   cargo run --release --example tune -- --variant sadeqa-v --games 1000
//   cargo run --release --example tune -- --variant sadeqa-ii --tablebase tb/sadeqa-ii --games 10000 \
//     --random-plies 8 --every 1 --without best_capture,moves
//   cargo run --release --example tune -- --variant andada-12 --tablebase tb/andada-12 --games 1000
//
// (the databases built by `tablebase build` to 16, 16, 17 and 9 seeds).

/// Game 91's weights.
pub const GAME_91: [i32; FEATURE_COUNT] = [19, 0, 8, 4, 7, 0, 15, -3, 8];
/// Sadeqa III's weights.
pub const SADEQA_III: [i32; FEATURE_COUNT] = [19, 1, 7, 3, 6, 0, 14, -3, 8];
/// Sadeqa V's weights.
pub const SADEQA_V: [i32; FEATURE_COUNT] = [17, -1, -17, -22, 3, -65, 120, 11, -71];
/// Sadeqa II's weights.
pub const SADEQA_II: [i32; FEATURE_COUNT] = [0, -8, 28, 10, 27, 0, 0, 0, 29];
/// Andada's weights (12 pits a row, Pankhurst's reading).
pub const ANDADA_12: [i32; FEATURE_COUNT] = [0, -5, 25, 33, 24, 0, 8, -2, 5];

/// The indices in [`FEATURES`] of the features that sow every move of the
/// position: the best capture and the legal moves.
pub const SOWN: [usize; 2] = [6, 7];

/// The features of `pos` for its side to move (see the module's docs), in
/// the order of [`FEATURES`]. The moves are sown under `pos`'s lap limit,
/// or the search's ([`SEARCH_LAP_LIMIT`]) if it has none, as inside
/// alpha-beta's tree: an endless sowing is cut short.
///
/// ```
/// use sowing::bots::tuned::features;
/// use sowing::{Position, rulesets::SadeqaIII};
///
/// // The start: the sides alike; pit 8 captures 6 seeds (RULES.md 5),
/// // of 8 moves; and the move.
/// let start = Position::new(SadeqaIII::game_91());
/// assert_eq!(features(&start), [0, 0, 0, 0, 0, 0, 6, 8, 1]);
/// ```
pub fn features<R: Ruleset>(pos: &Position<R>) -> [i32; FEATURE_COUNT] {
    features_with(pos, true)
}

/// [`features`], the two that sow (the best capture and the legal moves,
/// [`SOWN`]) left at 0 unless `sown`: weights that give those two 0 need
/// no sowing, and the evaluation then costs little more than
/// [`StandardEval`]'s.
fn features_with<R: Ruleset>(pos: &Position<R>, sown: bool) -> [i32; FEATURE_COUNT] {
    let me = pos.side_to_move();
    let side = |p: Player| {
        let mut f = [0i32; 5];
        f[0] = pos.points(p).map_or(0, i32::from);
        for s in pos.row(p) {
            f[1] += i32::from(s);
            f[2] += i32::from(s > 0);
            f[3] += i32::from(s >= 2);
            f[4] += i32::from(s == 1);
        }
        f
    };
    let (a, b) = (side(me), side(me.other()));
    let mut waranas = 0;
    let mut marks = pos.marks();
    while marks != 0 {
        let idx = marks.trailing_zeros() as usize;
        marks &= marks - 1;
        // A warana is owned by the player whose row it is not in.
        waranas += if pos.board().pit_at(idx).owner == me {
            -1
        } else {
            1
        };
    }
    let (mut best_capture, mut moves) = (0u16, 0);
    if sown {
        let limited;
        let searched = if pos.lap_limit().is_some() {
            pos
        } else {
            limited = pos.with_lap_limit(Some(SEARCH_LAP_LIMIT));
            &limited
        };
        let before = pos.captured(me);
        for (_, child) in searched.children() {
            moves += 1;
            best_capture = best_capture.max(child.captured(me).saturating_sub(before));
        }
    }
    [
        a[0] - b[0],
        a[1] - b[1],
        a[2] - b[2],
        a[3] - b[3],
        a[4] - b[4],
        waranas,
        i32::from(best_capture),
        moves,
        1,
    ]
}

/// The step of the tuned evaluation's values in the games won by moving
/// last, in hundredths of a logit: 16 on Sadeqa II, 1 elsewhere. Coarser
/// values let alpha-beta's null windows cut more: on Sadeqa II the tuned
/// evaluation in single hundredths searched half as many nodes again as
/// [`StandardEval`] to the same depth, in steps of 16 about as many
/// (docs/STRENGTH.md).
fn value_step<R: Ruleset>(rules: &R) -> i32 {
    if (rules as &dyn Any).is::<SadeqaII>() {
        16
    } else {
        1
    }
}

/// The tuned weights of `rules`, if it has some: Sadeqa V; Sadeqa III and
/// game 91 (each its own); Sadeqa II (either reading of the first move);
/// Andada on 12 pits a row in Pankhurst's reading (either direction). Not
/// a resized board, another Andada size or reading, or a game of another
/// crate (Oware).
pub fn tuned_weights<R: Ruleset>(rules: &R) -> Option<&'static [i32; FEATURE_COUNT]> {
    // After monomorphization the type tests are constants: a ruleset of
    // another type costs nothing here.
    let any = rules as &dyn Any;
    if any.is::<SadeqaV>() {
        Some(&SADEQA_V)
    } else if let Some(r) = any.downcast_ref::<SadeqaIII>() {
        Some(if *r == SadeqaIII::game_91() {
            &GAME_91
        } else {
            &SADEQA_III
        })
    } else if any.is::<SadeqaII>() {
        Some(&SADEQA_II)
    } else if let Some(r) = any.downcast_ref::<Andada>() {
        (r.pits_per_row() == 12 && r.reading == Reading::Pankhurst).then_some(&ANDADA_12)
    } else {
        None
    }
}

/// The evaluation with the weights fitted by `tune` (module docs), for the
/// rulesets that have them ([`tuned_weights`]); any other (Oware, a
/// resized board, Andada on another size or reading) is evaluated by
/// [`StandardEval`], its own evaluation, since weights fitted to one board
/// do not carry to another.
///
/// The value, for the side to move: in the games won on points the
/// weighted sum in quarters of a seed ([`StandardEval`]'s units, and the
/// databases' in [`TablebaseEval`](super::TablebaseEval)); in the games
/// won by moving last in hundredths of a logit of the chance to win
/// (within ±4,000; its [`logit_scale`](Evaluation::logit_scale) is then
/// 100), on Sadeqa II rounded to multiples of 16 hundredths (see
/// `value_step`).
///
/// ```
/// use sowing::bots::{Evaluation, StandardEval, TunedEval};
/// use sowing::rulesets::{Resized, SadeqaIII};
/// use sowing::Position;
///
/// // Game 91's start: the best move captures 6 seeds (pit 8, RULES.md
/// // 5), of 8 moves, and the move: 15 * 6 - 3 * 8 + 8 = 74 sixteenths
/// // of a seed, 19 quarters (rounded).
/// let start = Position::new(SadeqaIII::game_91());
/// assert_eq!(TunedEval.evaluate(&start), 19);
/// // A resized board has no tuned weights: its own evaluation.
/// let small = Position::new(Resized::new(SadeqaIII::new(), 4, 3)?);
/// assert_eq!(TunedEval.evaluate(&small), StandardEval.evaluate(&small));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TunedEval;

/// Whether the tuned evaluation is the default of the `alphabeta` and
/// `mcts` specs for `rules` ([`AutoEval`]): wherever it has weights
/// ([`tuned_weights`]), since on each of those games it beat
/// [`StandardEval`] by SPRT at equal time a move (docs/STRENGTH.md):
/// Sadeqa V, Sadeqa III, game 91, Andada on 12 pits (Pankhurst's reading,
/// the board it was fitted to) and Sadeqa II (at 2 and 5 ms a move; at 20
/// ms both evaluations play its games almost perfectly and split every
/// opening). A board without weights: [`StandardEval`] there.
pub fn tuned_by_default<R: Ruleset>(rules: &R) -> bool {
    tuned_weights(rules).is_some()
}

/// The evaluation of the `alphabeta` and `mcts` specs (`eval=auto`, the
/// default): [`TunedEval`] where it beat [`StandardEval`] by SPRT
/// ([`tuned_by_default`]: every built-in game, Andada on 12 pits),
/// [`StandardEval`] elsewhere (Oware, resized boards, Andada on other
/// sizes or readings). The choice is made by the ruleset's type
/// (and for Andada its size and reading), so it costs next to nothing at
/// a leaf.
///
/// ```
/// use sowing::bots::{AutoEval, Evaluation, StandardEval, TunedEval};
/// use sowing::rulesets::{Resized, SadeqaIII, SadeqaV};
/// use sowing::Position;
///
/// let game_91 = Position::new(SadeqaIII::game_91());
/// assert_eq!(AutoEval.evaluate(&game_91), TunedEval.evaluate(&game_91));
/// let sadeqa_v = Position::new(SadeqaV);
/// assert_eq!(AutoEval.evaluate(&sadeqa_v), TunedEval.evaluate(&sadeqa_v));
/// // A board without tuned weights: its own evaluation.
/// let small = Position::new(Resized::new(SadeqaIII::new(), 4, 3)?);
/// assert_eq!(AutoEval.evaluate(&small), StandardEval.evaluate(&small));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AutoEval;

impl<R: Ruleset> Evaluation<R> for AutoEval {
    #[inline]
    fn evaluate(&self, pos: &Position<R>) -> i32 {
        if tuned_by_default(pos.rules()) {
            TunedEval.evaluate(pos)
        } else {
            StandardEval.evaluate(pos)
        }
    }

    fn logit_scale(&self, rules: &R) -> f64 {
        if tuned_by_default(rules) {
            TunedEval.logit_scale(rules)
        } else {
            StandardEval.logit_scale(rules)
        }
    }
}

impl<R: Ruleset> Evaluation<R> for TunedEval {
    #[inline]
    fn evaluate(&self, pos: &Position<R>) -> i32 {
        let Some(w) = tuned_weights(pos.rules()) else {
            return StandardEval.evaluate(pos);
        };
        let f = features_with(pos, SOWN.iter().any(|&j| w[j] != 0));
        let sum: i32 = w.iter().zip(f).map(|(w, f)| w * f).sum();
        match pos.rules().scoring() {
            // Sixteenths to quarters of a seed, rounded to the nearest.
            Scoring::Points => (sum + 2).div_euclid(4),
            // Hundredths of a logit, rounded toward zero to the game's
            // step: multiples of 16 on Sadeqa II (its sums stay far
            // inside the bounds, themselves multiples of 16).
            Scoring::LastMover => {
                let step = value_step(pos.rules());
                (sum / step * step).clamp(-4000, 4000)
            }
        }
    }

    /// Where the weights are fitted to results (the games won by moving
    /// last) the value is in hundredths of a logit: 100. Elsewhere
    /// quarters of a seed, as [`StandardEval`]'s: its scale.
    fn logit_scale(&self, rules: &R) -> f64 {
        match (tuned_weights(rules), rules.scoring()) {
            (Some(_), Scoring::LastMover) => 100.0,
            _ => StandardEval.logit_scale(rules),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::Resized;

    /// Game 91, South to move, 30-26: South 1,0,2 in his pits 1 to 3,
    /// North 2 in his pit 4 and 3 in his pit 6. South's pit 1 ends in his
    /// empty pit 2 (opposite North 7, empty: no capture); his pit 3 ends in
    /// his empty pit 5 and captures North 4 (2 seeds).
    #[test]
    fn a_points_game_by_hand() {
        let pos: Position<SadeqaIII> = "game-91 1,0,2,0,0,0,0,0/0,0,0,2,0,3,0,0 S 30-26"
            .parse()
            .unwrap();
        // points 4, seeds 3-5, occupied 2-2, two or more 1-2, singletons
        // 1-0, no waranas, best capture 2, 2 moves, the move.
        assert_eq!(features(&pos), [4, -2, 0, -1, 1, 0, 2, 2, 1]);
        // 19*4 - 4*1 + 7*1 + 15*2 - 3*2 + 8 = 111 sixteenths: 28 quarters.
        assert_eq!(TunedEval.evaluate(&pos), 28);
    }

    /// Sadeqa II, South to move: South 1,0,2 in his pits 1 to 3, North 3
    /// in his pit 2 and 1 in his pit 6. South's pit 1 ends in his empty
    /// pit 2 (opposite North 5, empty); his pit 3 ends in his empty pit 5
    /// and removes North 2 (3 seeds).
    #[test]
    fn a_last_mover_game_by_hand() {
        let pos: Position<SadeqaII> = "sadeqa-ii 1,0,2,0,0,0/0,3,0,0,0,1 S 15-14".parse().unwrap();
        // No points, seeds 3-4, occupied 2-2, two or more 1-1, singletons
        // 1-1, best capture 3, 2 moves, the move.
        assert_eq!(features(&pos), [0, -1, 0, 0, 0, 0, 3, 2, 1]);
        // Sadeqa II's weights give the two sown features nothing, and the
        // evaluation does not sow them.
        assert_eq!(features_with(&pos, false), [0, -1, 0, 0, 0, 0, 0, 0, 1]);
        // -8*-1 + 29 = 37 hundredths of a logit, in Sadeqa II's steps of
        // 16 (toward zero): 32 hundredths.
        assert_eq!(TunedEval.evaluate(&pos), 32);
        assert_eq!(TunedEval.logit_scale(pos.rules()), 100.0);
        let mirrored: Position<SadeqaII> =
            "sadeqa-ii 0,3,0,0,0,1/1,0,2,0,0,0 N 14-15".parse().unwrap();
        assert_eq!(TunedEval.evaluate(&mirrored), 32);
    }

    /// Sadeqa V's waranas count for their owner, the player whose row
    /// they are not in, and their seeds are his points.
    #[test]
    fn waranas_count_for_their_owner() {
        let pos: Position<SadeqaV> = "sadeqa-v 1,0,0,0,0,0,0,0,0,3w/2w,3w,0,0,0,0,0,0,0,1 S 40-30"
            .parse()
            .unwrap();
        let f = features(&pos);
        // South: 40 + 2 + 3 points and two waranas; North: 30 + 3 and one.
        assert_eq!((f[0], f[5]), (45 - 33, 1));
    }

    /// The weights are found by ruleset value; a board they were not
    /// fitted to is evaluated by its own evaluation.
    #[test]
    fn weights_by_ruleset() {
        assert_eq!(tuned_weights(&SadeqaIII::game_91()), Some(&GAME_91));
        assert_eq!(tuned_weights(&SadeqaIII::new()), Some(&SADEQA_III));
        assert_eq!(tuned_weights(&SadeqaV), Some(&SADEQA_V));
        assert_eq!(tuned_weights(&SadeqaII::starter_only()), Some(&SADEQA_II));
        assert_eq!(tuned_weights(&Andada::default()), Some(&ANDADA_12));
        assert_eq!(tuned_weights(&Andada::new(15).unwrap()), None);
        let ludii = Andada::default().with_reading(Reading::Ludii);
        assert_eq!(tuned_weights(&ludii), None);
        let small = Resized::new(SadeqaII::new(), 4, 3).unwrap();
        assert_eq!(tuned_weights(&small), None);
        let pos = Position::new(small);
        assert_eq!(TunedEval.evaluate(&pos), StandardEval.evaluate(&pos));
    }

    /// The spec's default is the tuned evaluation where it won its SPRT.
    #[test]
    fn tuned_by_default_where_it_won() {
        assert!(tuned_by_default(&SadeqaIII::new()));
        assert!(tuned_by_default(&SadeqaIII::game_91()));
        assert!(tuned_by_default(&Andada::default()));
        assert!(!tuned_by_default(&Andada::new(15).unwrap()));
        assert!(tuned_by_default(&SadeqaV));
        assert!(tuned_by_default(&SadeqaII::new()));
        assert!(tuned_by_default(&SadeqaII::starter_only()));
        assert!(!tuned_by_default(
            &Resized::new(SadeqaIII::new(), 4, 3).unwrap()
        ));
        let andada = Position::new(Andada::default());
        assert_eq!(AutoEval.evaluate(&andada), TunedEval.evaluate(&andada));
        // MCTS's logistic: hundredths of a logit where the weights are
        // fitted to results, quarters of a seed elsewhere.
        assert_eq!(AutoEval.logit_scale(&Andada::default()), 100.0);
        assert_eq!(TunedEval.logit_scale(&SadeqaII::new()), 100.0);
        assert_eq!(AutoEval.logit_scale(&SadeqaII::new()), 100.0);
        assert_eq!(TunedEval.logit_scale(&SadeqaIII::new()), 20.0);
        assert_eq!(TunedEval.logit_scale(&Andada::new(15).unwrap()), 20.0);
        let sadeqa_ii = Position::new(SadeqaII::new());
        assert_eq!(
            AutoEval.evaluate(&sadeqa_ii),
            TunedEval.evaluate(&sadeqa_ii)
        );
        let small = Position::new(Resized::new(SadeqaIII::new(), 4, 3).unwrap());
        assert_eq!(AutoEval.evaluate(&small), StandardEval.evaluate(&small));
    }
}
