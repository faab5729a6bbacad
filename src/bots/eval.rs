//! Evaluation of positions for the searching players, from the view of the
//! side to move, which a caller can replace: [`StandardEval`], the
//! ruleset's own ([`Ruleset::evaluate`]: every ruleset has one), and
//! [`ScoringEval`], the default one from how the game is won, ignoring a
//! game's own.
//!
//! The values are plain integers, higher is better for the side to move,
//! in units of about a quarter of a seed (a few hundred at most). Finished
//! games are never evaluated here: the search scores them from their
//! outcome.

#[cfg(feature = "tablebase")]
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::{self, Ruleset};

/// An evaluation of the positions of ruleset `R`.
///
/// `evaluate` is called only for positions that are not over, and returns
/// a value for the side to move (`pos.side_to_move()`): positive is good
/// for him. Keep it within ±10,000: larger values are taken for proven
/// results. [`StandardEval`] and [`ScoringEval`] evaluate every ruleset.
pub trait Evaluation<R: Ruleset> {
    /// The value of `pos` for the side to move.
    fn evaluate(&self, pos: &Position<R>) -> i32;

    /// About how many of the evaluation's units make one logit of the
    /// side to move's chance to win in games of `rules`: `mcts` reads a
    /// value `v` as the win probability `1 / (1 + exp(-v / scale))`.
    /// Alpha-beta, which only compares values, ignores it. The default,
    /// [`DEFAULT_EVAL_SCALE`](super::mcts::DEFAULT_EVAL_SCALE) (20), is
    /// about 5 seeds in [`StandardEval`]'s units.
    fn logit_scale(&self, rules: &R) -> f64 {
        let _ = rules;
        super::mcts::DEFAULT_EVAL_SCALE
    }
}

/// The evaluation of any ruleset from how it is won
/// ([`Ruleset::scoring`]), ignoring the game's own knowledge: the default
/// of [`Ruleset::evaluate`], even where a game overrides it.
///
/// - [`Scoring::Points`](crate::Scoring::Points): the points difference,
///   `4` per point ([`Position::points`]; the captured seeds where the
///   game has no points of its own).
/// - [`Scoring::LastMover`](crate::Scoring::LastMover): being able to keep
///   moving: `4` per occupied pit (mobility: a candidate move), `4` more
///   per pit of two seeds or more, `1` per seed in one's row, against the
///   opponent's.
///
/// For the built-in games it is [`StandardEval`] but for Sadeqa V's bonus
/// per warana.
///
/// ```
/// use sowing::bots::{Evaluation, ScoringEval};
/// use sowing::{Position, rulesets::SadeqaIII};
///
/// // South has captured 8 seeds, North none; North to move.
/// let pos: Position<SadeqaIII> = "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0".parse()?;
/// assert_eq!(ScoringEval.evaluate(&pos), -32);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoringEval;

impl<R: Ruleset> Evaluation<R> for ScoringEval {
    #[inline]
    fn evaluate(&self, pos: &Position<R>) -> i32 {
        ruleset::by_scoring(pos.rules(), &pos.view())
    }
}

/// The ruleset's own evaluation, [`Ruleset::evaluate`], for every ruleset
/// (one from another crate too): the searching players' default. For the
/// built-in games:
///
/// - **Sadeqa V** (RULES.md 3.7): points difference, the points being
///   captured seeds plus the seeds in one's waranas ([`Position::points`]),
///   with a small bonus per warana owned (a warana goes on collecting).
/// - **Sadeqa III and game 91** (RULES.md 5.5): captured difference. The
///   final sweep of the seeds left to the last mover is scored exactly by
///   the search when the game ends.
/// - **Sadeqa II and Andada** (RULES.md 4.4, 6.6: the last player able to
///   move wins): being able to keep moving: occupied pits in one's row
///   (candidate moves: mobility), pits holding two seeds or more, and seeds
///   in one's row, against the opponent's ([`Ruleset::evaluate`]'s default
///   for the games won by moving last).
///
/// ```
/// use sowing::bots::{Evaluation, StandardEval};
/// use sowing::{Position, Ruleset, rulesets::SadeqaV};
///
/// let pos = Position::new(SadeqaV);
/// assert_eq!(StandardEval.evaluate(&pos), SadeqaV.evaluate(&pos.view()));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StandardEval;

impl<R: Ruleset> Evaluation<R> for StandardEval {
    #[inline]
    fn evaluate(&self, pos: &Position<R>) -> i32 {
        pos.rules().evaluate(&pos.view())
    }
}

/// An evaluation that reads the endgame databases where they hold the
/// position (module [`tablebase`](crate::tablebase)) and asks `inner`
/// elsewhere: alpha-beta then scores its leaves exactly once few enough
/// seeds are left.
///
/// A held position is worth, for the side to move: in the scoring games
/// `4` a point of his final margin under perfect play (the points held now
/// plus the database's margin: [`StandardEval`]'s units); in the
/// last-mover games `±5000` less the plies to the end (a quicker win
/// first), 0 for a draw.
///
/// ```
/// use sowing::bots::{Evaluation, StandardEval, TablebaseEval};
/// use sowing::rulesets::SadeqaIII;
/// use sowing::tablebase::{Builder, Tablebase};
/// use std::sync::Arc;
///
/// let dir = std::env::temp_dir().join(format!("sowing-eval-doc-{}", std::process::id()));
/// Builder::new(SadeqaIII::game_91(), &dir).max_seeds(3).build(|_| {})?;
/// let tb = Arc::new(Tablebase::open(SadeqaIII::game_91(), &dir)?);
/// let eval = TablebaseEval::new(tb, StandardEval);
/// // Three seeds on the board: the database's exact value.
/// let held = "game-91 0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,1 S 31-30".parse()?;
/// assert_eq!(eval.evaluate(&held) % 4, 0);
/// // The start: too many seeds, so StandardEval's.
/// let start = sowing::Position::new(SadeqaIII::game_91());
/// assert_eq!(eval.evaluate(&start), StandardEval.evaluate(&start));
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "tablebase")]
#[cfg_attr(docsrs, doc(cfg(feature = "tablebase")))]
#[derive(Clone, Debug)]
pub struct TablebaseEval<R, E> {
    tablebase: std::sync::Arc<crate::tablebase::Tablebase<R>>,
    inner: E,
}

#[cfg(feature = "tablebase")]
impl<R, E> TablebaseEval<R, E> {
    /// Reads `tablebase` where it holds the position, else `inner`.
    pub fn new(tablebase: std::sync::Arc<crate::tablebase::Tablebase<R>>, inner: E) -> Self {
        TablebaseEval { tablebase, inner }
    }
}

#[cfg(feature = "tablebase")]
impl<R: crate::tablebase::Tabulate, E: Evaluation<R>> Evaluation<R> for TablebaseEval<R, E> {
    fn evaluate(&self, pos: &Position<R>) -> i32 {
        use crate::tablebase::Value;
        match self.tablebase.probe(pos) {
            Some(Value::Margin(m)) => {
                let me = pos.side_to_move();
                let points = |p: Player| pos.points(p).map_or(0, i32::from);
                4 * (points(me) - points(me.other()) + m)
            }
            Some(Value::Win { plies }) => 5000 - plies as i32,
            Some(Value::Loss { plies }) => -5000 + plies as i32,
            Some(Value::Draw) => 0,
            // A win/draw/loss database gives no margin to add to the
            // points held now.
            Some(Value::Wdl(_)) | None => self.inner.evaluate(pos),
        }
    }

    fn logit_scale(&self, rules: &R) -> f64 {
        self.inner.logit_scale(rules)
    }
}
