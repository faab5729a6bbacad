//! Computer players, generic over the ruleset as in board-game-rs
//! (`Bot<B: Board>`): a player of ruleset `R` is a [`Bot<R>`], and needs
//! nothing of the built-in games, so a game from another crate gets them
//! all. There are a seeded random player ([`RandomBot`]), a greedy one-ply
//! player ([`GreedyBot`]), an alpha-beta searcher ([`AlphaBeta`]) and a
//! Monte Carlo tree searcher ([`Mcts`]); and [`from_spec`], which makes any
//! of them from a short name such as `alphabeta:6` or `mcts:2000`.
//!
//! A player of every built-in ruleset is a [`BuiltInBot`], which can be a
//! trait object: `Box<dyn BuiltInBot>` plays a variant chosen at run time
//! ([`AnyPosition`]). It matches on the ruleset once a move
//! (`choose_with` here, written from src/any.rs's list of rulesets) and
//! then the player searches the concrete
//! position (no dynamic dispatch inside the search). Code that needs more
//! than a move runs a generic player on the concrete position through
//! [`AnyPosition::visit`](crate::AnyPosition::visit) instead.
//!
//! The searching players take an [`Evaluation<R>`]: the default,
//! [`StandardEval`], is the ruleset's own ([`Ruleset::evaluate`], which
//! every ruleset has, from another crate too); [`TunedEval`] weighs a few
//! features with weights fitted to data (module [`tuned`]; spec
//! `alphabeta:100ms:eval=tuned`); [`AutoEval`], the `alphabeta` spec's
//! default, is the tuned one on the games where it won its SPRT (every
//! built-in game) and the standard one elsewhere; [`ScoringEval`] reads only
//! how the game is won ([`Ruleset::scoring`]); a caller can write his own.
//!
//! Players choose from the exact legal moves they are given, so every move
//! they return is legal under the exact endless-sowing rule; inside their
//! search trees they use a lap limit ([`SEARCH_LAP_LIMIT`], RULES.md
//! section 2's option).

pub mod alphabeta;
pub mod eval;
pub mod mcts;
mod spec;
pub mod tuned;

pub use crate::search::{Limits, SEARCH_LAP_LIMIT};
pub use alphabeta::{AlphaBeta, Analysis, Budget, MoveValue, SearchReport, SearchValue, Table};
#[cfg(feature = "tablebase")]
pub use eval::TablebaseEval;
pub use eval::{Evaluation, ScoringEval, StandardEval};
pub use mcts::{Mcts, MctsBudget};
pub use spec::{BotSpec, EvalKind, SpecError, from_spec, from_spec_for};
pub use tuned::{AutoEval, TunedEval};

use crate::any::{AnyPosition, BuiltIn};
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A player's name: its spec, as [`from_spec`] reads it (`greedy`,
/// `alphabeta:6`). A supertrait of [`Bot`] and [`BuiltInBot`], so that a
/// player of several rulesets has one `name`.
pub trait Named {
    /// The player's spec (`random`, `alphabeta:6`, `mcts:2000`).
    fn name(&self) -> String;
}

/// A computer player of the positions of ruleset `R`.
///
/// `Box<dyn Bot<R>>` mixes players of any kind for one ruleset; for a
/// ruleset chosen at run time see [`BuiltInBot`].
///
/// ```
/// use sowing::bots::{AlphaBeta, Bot, Mcts, Named, RandomBot, ScoringEval};
/// use sowing::{Game, Position, rulesets::SadeqaII};
///
/// let mut bots: [Box<dyn Bot<SadeqaII>>; 2] = [
///     Box::new(RandomBot::new(1)),
///     Box::new(AlphaBeta::with_eval(sowing::bots::Budget::Depth(3), ScoringEval)),
/// ];
/// let mut game = Game::new(Position::new(SadeqaII::new()));
/// while game.outcome().is_ongoing() {
///     let side = game.position().side_to_move().index();
///     let mv = bots[side].choose(game.position()).expect("an ongoing game has a move");
///     game.play(mv)?;
/// }
/// assert_eq!(bots[1].name(), "alphabeta:3");
/// # let _ = Mcts::new(10, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot<R: Ruleset>: Named + Send {
    /// A move from `legal`, which must be `pos.legal_moves()` (callers that
    /// already have the legal moves pass them, so the endless-sowing test is
    /// not run twice). `None` if `legal` is empty.
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move>;

    /// A legal move for the side to move, or `None` if there is none (the
    /// game is over).
    fn choose(&mut self, pos: &Position<R>) -> Option<Move> {
        self.choose_from(pos, pos.legal_moves())
    }
}

impl<B: Named + ?Sized> Named for Box<B> {
    fn name(&self) -> String {
        (**self).name()
    }
}

impl<R: Ruleset, B: Bot<R> + ?Sized> Bot<R> for Box<B> {
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        (**self).choose_from(pos, legal)
    }
}

/// A player of every built-in ruleset, for a position whose ruleset is
/// chosen at run time ([`AnyPosition`]); a trait object
/// (`Box<dyn BuiltInBot>`, what [`from_spec`] makes).
///
/// One blanket implementation covers every player of each built-in
/// ruleset ([`BotOfEach`]: a [`Bot`] of each): it hands the move to the
/// position's own ruleset by a `match` written here from the list
/// of built-in rulesets, and the player's [`Bot::choose_from`] for that
/// ruleset searches the concrete position. `Box<dyn BuiltInBot>` is a
/// [`Bot`] of each built-in ruleset in turn.
///
/// ```
/// use sowing::bots::{Bot, BuiltInBot, Named, from_spec};
/// use sowing::{AnyGame, AnyPosition, Game, Position, rulesets::SadeqaII};
///
/// let mut bots: [Box<dyn BuiltInBot>; 2] = [from_spec("random", 1)?, from_spec("alphabeta:3", 2)?];
/// let mut game = AnyGame::new(AnyPosition::new("sadeqa-ii".parse()?));
/// while game.outcome().is_ongoing() {
///     let side = game.position().side_to_move().index();
///     let mv = bots[side].choose_any(&game.position()).expect("an ongoing game has a move");
///     game.play(mv)?;
/// }
/// assert_eq!(bots[1].name(), "alphabeta:3");
///
/// // The same players on a position of a concrete ruleset.
/// let mut game = Game::new(Position::new(SadeqaII::new()));
/// let mv = bots[0].choose(game.position()).expect("a move");
/// game.play(mv)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait BuiltInBot: Named + Send {
    /// A move from `legal`, which must be `pos.legal_moves()`; `None` if
    /// `legal` is empty.
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move>;

    /// [`BuiltInBot::choose_any_from`] with the legal moves found here.
    fn choose_any(&mut self, pos: &AnyPosition) -> Option<Move> {
        self.choose_any_from(pos, pos.legal_moves())
    }
}

/// Defines [`BotOfEach`] and [`choose_with`] from the list of built-in
/// rulesets (src/any.rs's `rulesets!`).
macro_rules! bot_of_each {
    (() $($arm:ident : $ty:ident $doc:literal,)*) => {
        /// A player of each built-in ruleset: what [`BuiltInBot`] is
        /// implemented for.
        pub trait BotOfEach: $(Bot<$ty> +)* {}
        impl<B: ?Sized $(+ Bot<$ty>)*> BotOfEach for B {}

        /// `bot`'s move from `legal` (which must be `pos`'s legal moves),
        /// in the position's own ruleset.
        fn choose_with<B: BotOfEach + ?Sized>(pos: &AnyPosition, bot: &mut B, legal: MoveSet) -> Option<Move> {
            match pos {
                $(AnyPosition::$arm(p) => Bot::<$ty>::choose_from(bot, p, legal),)*
            }
        }
    };
}

crate::any::rulesets!(bot_of_each!());

impl<B: BotOfEach> BuiltInBot for B {
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move> {
        choose_with(pos, self, legal)
    }
}

/// A `dyn BuiltInBot` plays the positions of each built-in ruleset
/// (through its [`BuiltInBot::choose_any_from`]).
impl<R: BuiltIn> Bot<R> for dyn BuiltInBot {
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        self.choose_any_from(&(*pos).into(), legal)
    }
}

/// A uniformly random move of `moves`; `None` if it is empty. Every random
/// choice of a move among known legal moves ([`RandomBot`], which is
/// given them) is this one; random playouts ([`Mcts`]'s) draw lazily with
/// [`playout`](crate::playout), which sows about one candidate a ply.
pub(crate) fn pick(moves: MoveSet, rng: &mut SmallRng) -> Option<Move> {
    if moves.is_empty() {
        return None;
    }
    moves.nth(rng.random_range(0..moves.len()))
}

/// Plays a uniformly random legal move; the same seed gives the same games.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SmallRng,
}

impl RandomBot {
    /// A random player seeded with `seed`: its generator is `rand` 0.10's
    /// `SmallRng` seeded from it, re-exported as
    /// [`sowing::rand`](crate::rand); the same seed gives the same games
    /// with this version of the crate.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Named for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }
}

impl<R: Ruleset> Bot<R> for RandomBot {
    fn choose_from(&mut self, _pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        pick(legal, &mut self.rng)
    }
}

/// Plays the move with the best immediate result for the game's goal: a
/// win if one is available, else the best [`StandardEval`] after the move
/// (the ruleset's own [`Ruleset::evaluate`]: for Sadeqa II and Andada, pits
/// and seeds kept on one's own side against the opponent's; for the
/// scoring games, points). Ties are broken at random, from the seed. It
/// plays every ruleset; with another evaluation ([`GreedyBot::with_eval`],
/// such as [`ScoringEval`]), any ruleset that evaluation evaluates.
#[derive(Clone, Debug)]
pub struct GreedyBot<E = StandardEval> {
    rng: SmallRng,
    eval: E,
}

impl GreedyBot<StandardEval> {
    /// A greedy player seeded with `seed` (for tie-breaks: `rand` 0.10's
    /// `SmallRng`, re-exported as [`sowing::rand`](crate::rand)), with the
    /// [`StandardEval`].
    pub fn new(seed: u64) -> Self {
        Self::with_eval(seed, StandardEval)
    }
}

impl<E> GreedyBot<E> {
    /// A greedy player seeded with `seed` (for tie-breaks: `rand` 0.10's
    /// `SmallRng`, re-exported as [`sowing::rand`](crate::rand)) that
    /// values the position after each move with `eval`.
    pub fn with_eval(seed: u64, eval: E) -> Self {
        GreedyBot {
            rng: SmallRng::seed_from_u64(seed),
            eval,
        }
    }
}

impl<E> Named for GreedyBot<E> {
    fn name(&self) -> String {
        "greedy".into()
    }
}

impl<R: Ruleset, E: Evaluation<R> + Send> Bot<R> for GreedyBot<E> {
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        let me = pos.side_to_move();
        let mut best: Option<(i32, Move)> = None;
        let mut ties = 0u32;
        for mv in legal {
            let mut next = *pos;
            next.play_unchecked(mv);
            let value = match next.outcome() {
                Outcome::Ongoing => {
                    let v = self.eval.evaluate(&next);
                    if next.side_to_move() == me { v } else { -v }
                }
                Outcome::Win { winner, .. } if winner == me => alphabeta::WIN,
                Outcome::Win { .. } => -alphabeta::WIN,
                Outcome::Draw { .. } => 0,
            };
            match best {
                Some((v, _)) if value < v => {}
                Some((v, _)) if value == v => {
                    // Reservoir sampling keeps a uniform choice among ties.
                    ties += 1;
                    if self.rng.random_range(0..ties) == 0 {
                        best = Some((value, mv));
                    }
                }
                _ => {
                    best = Some((value, mv));
                    ties = 1;
                }
            }
        }
        best.map(|(_, mv)| mv)
    }
}
