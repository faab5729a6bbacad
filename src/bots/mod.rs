//! Computer players behind one small trait, [`Bot`], which can be a trait
//! object (`Box<dyn Bot>`): a seeded random player, a greedy one-ply player,
//! an alpha-beta searcher ([`AlphaBeta`]) and a Monte Carlo tree searcher
//! ([`Mcts`]); and [`from_spec`], which makes any of them from a short
//! name such as `alphabeta:6` or `mcts:2000`.
//!
//! Each game's evaluation for the searching players lives in [`eval`]
//! ([`StandardEval`]) and can be replaced by the caller ([`Evaluation`]).
//!
//! Players choose from the exact legal moves they are given, so every move
//! they return is legal under the exact endless-sowing rule; inside their
//! search trees they use a lap limit ([`SEARCH_LAP_LIMIT`], RULES.md
//! section 2's option).

pub mod alphabeta;
pub mod eval;
pub mod mcts;
mod spec;

pub use crate::search::SEARCH_LAP_LIMIT;
pub use alphabeta::{AlphaBeta, Analysis, Budget, MoveValue, SearchReport, SearchValue, Table};
pub use eval::{Evaluation, Evaluator, StandardEval};
pub use mcts::{Mcts, MctsBudget};
pub use spec::{BotSpec, SpecError, from_spec};

use crate::any::AnyPosition;
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A computer player.
///
/// The one required method takes an [`AnyPosition`], so the trait can be a
/// trait object: `Box<dyn Bot>` mixes players of any kind. The players
/// dispatch once on the ruleset and then search the concrete generic
/// position (no dynamic dispatch inside their search).
///
/// ```
/// use sowing::bots::{Bot, from_spec};
/// use sowing::{Game, Position, rulesets::SadeqaII};
///
/// let mut bots: [Box<dyn Bot>; 2] = [from_spec("random", 1)?, from_spec("alphabeta:3", 2)?];
/// let mut game = Game::new(Position::new(SadeqaII::new()));
/// while game.outcome().is_ongoing() {
///     let side = game.position().side_to_move().index();
///     let mv = bots[side].choose(game.position()).expect("an ongoing game has a move");
///     game.play(mv)?;
/// }
/// assert_eq!(bots[1].name(), "alphabeta:3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot: Send {
    /// A move from `legal`, which must be `pos.legal_moves()` (callers that
    /// already have the legal moves pass them, so the endless-sowing test is
    /// not run twice). `None` if `legal` is empty.
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move>;

    /// The player's spec, as [`from_spec`] reads it (`greedy`,
    /// `alphabeta:6`).
    fn name(&self) -> String;

    /// [`Bot::choose_any_from`] with the legal moves found here.
    fn choose_any(&mut self, pos: &AnyPosition) -> Option<Move> {
        self.choose_any_from(pos, pos.legal_moves())
    }

    /// [`Bot::choose_any_from`] for a position of a concrete ruleset.
    fn choose_from<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move>
    where
        Self: Sized,
        Position<R>: Into<AnyPosition>,
    {
        self.choose_any_from(&(*pos).into(), legal)
    }

    /// A legal move for the side to move of a position of a concrete
    /// ruleset, or `None` if there is none (the game is over).
    fn choose<R: Ruleset>(&mut self, pos: &Position<R>) -> Option<Move>
    where
        Self: Sized,
        Position<R>: Into<AnyPosition>,
    {
        self.choose_from(pos, pos.legal_moves())
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move> {
        (**self).choose_any_from(pos, legal)
    }

    fn name(&self) -> String {
        (**self).name()
    }
}

impl From<Position<SadeqaV>> for AnyPosition {
    fn from(p: Position<SadeqaV>) -> AnyPosition {
        AnyPosition::SadeqaV(p)
    }
}

impl From<Position<SadeqaII>> for AnyPosition {
    fn from(p: Position<SadeqaII>) -> AnyPosition {
        AnyPosition::SadeqaII(p)
    }
}

impl From<Position<SadeqaIII>> for AnyPosition {
    fn from(p: Position<SadeqaIII>) -> AnyPosition {
        AnyPosition::SadeqaIII(p)
    }
}

impl From<Position<Andada>> for AnyPosition {
    fn from(p: Position<Andada>) -> AnyPosition {
        AnyPosition::Andada(p)
    }
}

/// Plays a uniformly random legal move; the same seed gives the same games.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SmallRng,
}

impl RandomBot {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose_any_from(&mut self, _pos: &AnyPosition, moves: MoveSet) -> Option<Move> {
        if moves.is_empty() {
            return None;
        }
        moves.nth(self.rng.random_range(0..moves.len()))
    }

    fn name(&self) -> String {
        "random".into()
    }
}

/// Plays the move with the best immediate result for the game's goal: a
/// win if one is available, else the best [`StandardEval`] after the move
/// (for Sadeqa II and Andada: pits and seeds kept on one's own side against
/// the opponent's; for the scoring games: points). Ties are broken at
/// random, from the seed.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: SmallRng,
}

impl GreedyBot {
    /// A greedy player seeded with `seed` (for tie-breaks).
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    fn choose_generic<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move>
    where
        StandardEval: Evaluation<R>,
    {
        let me = pos.side_to_move();
        let mut best: Option<(i32, Move)> = None;
        let mut ties = 0u32;
        for mv in legal {
            let mut next = *pos;
            next.play_unchecked(mv);
            let value = match next.outcome() {
                Outcome::Ongoing => {
                    let v = StandardEval.evaluate(&next);
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

impl Bot for GreedyBot {
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move> {
        match pos {
            AnyPosition::SadeqaV(p) => self.choose_generic(p, legal),
            AnyPosition::SadeqaII(p) => self.choose_generic(p, legal),
            AnyPosition::SadeqaIII(p) => self.choose_generic(p, legal),
            AnyPosition::Andada(p) => self.choose_generic(p, legal),
        }
    }

    fn name(&self) -> String {
        "greedy".into()
    }
}

/// Either simple computer player, chosen at run time. Kept for
/// compatibility: `Box<dyn Bot>` (see [`from_spec`]) now does the same for
/// every player.
///
/// ```
/// use sowing::bots::{AnyBot, Bot};
/// use sowing::{Game, Position, rulesets::SadeqaII};
///
/// let mut bots = [AnyBot::random(1), AnyBot::greedy(2)];
/// let mut game = Game::new(Position::new(SadeqaII::new()));
/// while game.outcome().is_ongoing() {
///     let side = game.position().side_to_move().index();
///     let mv = bots[side].choose(game.position()).expect("an ongoing game has a move");
///     game.play(mv)?;
/// }
/// assert!(game.outcome().winner().is_some()); // Sadeqa II has no draws but by repetition
/// # Ok::<(), sowing::PlayError>(())
/// ```
#[derive(Clone, Debug)]
pub enum AnyBot {
    /// A [`RandomBot`].
    Random(RandomBot),
    /// A [`GreedyBot`].
    Greedy(GreedyBot),
}

impl AnyBot {
    /// A random player seeded with `seed`.
    pub fn random(seed: u64) -> Self {
        AnyBot::Random(RandomBot::new(seed))
    }

    /// A greedy player seeded with `seed`.
    pub fn greedy(seed: u64) -> Self {
        AnyBot::Greedy(GreedyBot::new(seed))
    }
}

impl Bot for AnyBot {
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move> {
        match self {
            AnyBot::Random(b) => b.choose_any_from(pos, legal),
            AnyBot::Greedy(b) => b.choose_any_from(pos, legal),
        }
    }

    fn name(&self) -> String {
        match self {
            AnyBot::Random(b) => b.name(),
            AnyBot::Greedy(b) => b.name(),
        }
    }
}
