//! Computer players, behind one small trait: a seeded random player and a
//! greedy one-ply player.

use crate::any::AnyPosition;
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A computer player.
pub trait Bot {
    /// A move from `legal`, which must be `pos.legal_moves()` (callers that
    /// already have the legal moves pass them, so the endless-sowing test is
    /// not run twice). `None` if `legal` is empty.
    fn choose_from<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move>;

    /// A legal move for the side to move, or `None` if there is none (the
    /// game is over).
    fn choose<R: Ruleset>(&mut self, pos: &Position<R>) -> Option<Move> {
        self.choose_from(pos, pos.legal_moves())
    }

    /// [`Bot::choose`] for a position of a ruleset chosen at run time.
    fn choose_any(&mut self, pos: &AnyPosition) -> Option<Move> {
        self.choose_any_from(pos, pos.legal_moves())
    }

    /// [`Bot::choose_from`] for a position of a ruleset chosen at run time.
    fn choose_any_from(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<Move> {
        match pos {
            AnyPosition::SadeqaV(p) => self.choose_from(p, legal),
            AnyPosition::SadeqaII(p) => self.choose_from(p, legal),
            AnyPosition::SadeqaIII(p) => self.choose_from(p, legal),
            AnyPosition::Andada(p) => self.choose_from(p, legal),
        }
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
    fn choose_from<R: Ruleset>(&mut self, _pos: &Position<R>, moves: MoveSet) -> Option<Move> {
        if moves.is_empty() {
            return None;
        }
        moves.nth(self.rng.random_range(0..moves.len()))
    }
}

/// Plays the move with the best immediate result for the game's goal: a
/// win if one is available, else the best evaluation (points, or seeds in one's row) after the
/// move (for Sadeqa II: seeds kept on one's own side against the
/// opponent's; for scoring games: points). Ties are broken at random, from
/// the seed.
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
}

/// A score for `player` after a move: his points minus the opponent's
/// where the game scores points, else the seeds in his row minus the
/// opponent's (the games won by moving last).
fn evaluate<R: Ruleset>(pos: &Position<R>, player: Player) -> i32 {
    let other = player.other();
    match (pos.points(player), pos.points(other)) {
        (Some(a), Some(b)) => a as i32 - b as i32,
        _ => pos.board().seeds_in_row(player) as i32 - pos.board().seeds_in_row(other) as i32,
    }
}

/// Value of a finished game for the mover, beyond any heuristic.
const WIN: i32 = 1_000_000;

impl Bot for GreedyBot {
    fn choose_from<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        let me = pos.side_to_move();
        let mut best: Option<(i32, Move)> = None;
        let mut ties = 0u32;
        for mv in legal {
            let mut next = *pos;
            next.play_unchecked(mv);
            let value = match next.outcome() {
                Outcome::Ongoing => evaluate(&next, me),
                Outcome::Win { winner, .. } if winner == me => WIN,
                Outcome::Win { .. } => -WIN,
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

/// Either computer player, chosen at run time (a [`Bot`] has generic
/// methods, so it cannot be a trait object).
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
    fn choose_from<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        match self {
            AnyBot::Random(b) => b.choose_from(pos, legal),
            AnyBot::Greedy(b) => b.choose_from(pos, legal),
        }
    }
}
