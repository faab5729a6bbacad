//! Random play with a lazy draw: [`Position::play_random`] and
//! [`playout`], the engine of random playouts (the random player, MCTS
//! rollouts, self-play, the `playout` benchmarks).
//!
//! A turn's legal moves are the candidates whose sowing ends. A uniform
//! choice among them does not need all of them: draw a candidate at
//! random, sow it as the move (on a copy, with the exact endless test and
//! the position's lap limit), keep it if it ends, strike it out and draw
//! again if it is endless. The first candidate kept is uniform among the
//! legal moves (each ordering of the candidates is equally likely, and the
//! first legal one in a random ordering is a uniform legal move), and a
//! ply sows about one candidate instead of every one. When every candidate
//! is struck out the player has no legal move, and the turn engine decides
//! (a pass, or the end of the game) exactly as [`Position::play`] would.

use super::Position;
use crate::moves::{Move, MoveSet};
use crate::ruleset::Ruleset;
use crate::sow::Sown;
use rand::{Rng, RngExt};

impl<R: Ruleset> Position<R> {
    /// Plays a legal move chosen uniformly at random, and returns it;
    /// `None` (and the position unchanged) if the game is over.
    ///
    /// The move is drawn lazily (module docs): a ply sows about one
    /// candidate, plus the next turn's start (the position stays complete:
    /// its legal moves and whether the game is over are known, as after
    /// [`Position::play`]). For whole games, [`playout`] saves the next
    /// turn's start too. Under the exact endless test (no lap limit) a
    /// draw can meet a sowing that takes minutes to prove endless (RULES.md
    /// section 2); random play sets a lap limit
    /// ([`Position::with_lap_limit`]).
    ///
    /// `rng` is a generator of `rand` 0.10, re-exported as
    /// [`sowing::rand`](crate::rand) (a generator of another `rand`
    /// version does not fit).
    ///
    /// ```
    /// use sowing::rand::{SeedableRng, rngs::SmallRng};
    /// use sowing::{Position, rulesets::SadeqaIII};
    ///
    /// let mut rng = SmallRng::seed_from_u64(7);
    /// let mut pos = Position::new(SadeqaIII::new()).with_lap_limit(Some(10_000));
    /// let start = pos;
    /// let mv = pos.play_random(&mut rng).expect("the game has just begun");
    /// assert!(start.legal_moves().contains(mv));
    /// ```
    pub fn play_random<G: Rng + ?Sized>(&mut self, rng: &mut G) -> Option<Move> {
        if self.over {
            return None;
        }
        // What the turn's start already knows: the moves known to end are
        // drawn from without sowing them twice; endless ones are out.
        let known = self.legal;
        let mut pending = known.union(self.untried).union(self.undecided);
        while !pending.is_empty() {
            let mv = draw(pending, rng);
            let mut next = *self;
            if known.contains(mv) {
                next.make_move::<(), false>(mv, &mut ());
                *self = next;
                return Some(mv);
            }
            if next.draw_move(mv) {
                next.start_turn_with::<(), (), false>(&mut (), &mut ())
                    .expect("the uncancellable control does not cancel");
                *self = next;
                return Some(mv);
            }
            pending.remove(mv);
        }
        // Every candidate left is endless: the turn's start knew a legal
        // move, so this is unreachable for a complete position; play the
        // first legal move found the eager way rather than panic.
        let mv = self.legal_moves().into_iter().next()?;
        self.play_unchecked(mv);
        Some(mv)
    }

    /// Sows the candidate `mv` as the move, with the endless test and the
    /// position's lap limit; if it ends, finishes the move (the ruleset's
    /// bookkeeping, the turn passes) without starting the next turn and
    /// returns `true`. Otherwise (endless, over the limit) returns `false`
    /// and leaves the position unusable: callers sow on a copy.
    #[inline(always)]
    fn draw_move(&mut self, mv: Move) -> bool {
        let budget = self.lap_limit.map(u64::from);
        match self.run_move::<(), (), false>(mv, &mut (), budget, &mut ()) {
            Sown::Ended { turn, .. } => {
                self.end_move(turn, &mut ());
                true
            }
            _ => false,
        }
    }
}

/// Plays random moves from `pos` (each uniform among the legal moves, as
/// [`Position::play_random`] draws them) until the game is over or
/// `max_plies` moves are played, and returns the number of moves played.
/// Passes (Sadeqa V) are not moves. `pos` is left complete, as after
/// [`Position::play`]: over, or with its legal moves known.
///
/// The fast path of random play: each ply sows about one candidate, once,
/// and no turn is started in advance; the turn engine runs only when a
/// player's draws are all endless (a pass, or the end). No allocation.
/// Set a lap limit first ([`Position::with_lap_limit`]; 10,000 refuses no
/// move seen in random play): under the exact test a draw can take minutes
/// (RULES.md section 2).
///
/// `rng` is a generator of `rand` 0.10, re-exported as
/// [`sowing::rand`](crate::rand) (a generator of another `rand` version
/// does not fit).
///
/// ```
/// use sowing::rand::{SeedableRng, rngs::SmallRng};
/// use sowing::{Position, playout, rulesets::SadeqaII};
///
/// let mut rng = SmallRng::seed_from_u64(1);
/// let mut pos = Position::new(SadeqaII::new()).with_lap_limit(Some(10_000));
/// let plies = playout(&mut pos, &mut rng, 1_000);
/// assert!(pos.is_over() || plies == 1_000);
/// assert!(plies > 0);
/// ```
pub fn playout<R: Ruleset, G: Rng + ?Sized>(
    pos: &mut Position<R>,
    rng: &mut G,
    max_plies: usize,
) -> usize {
    playout_with(pos, rng, max_plies, |_| {})
}

/// [`playout`], telling `on_move` of each move played, in order (to keep
/// a record, or to replay the game eagerly in a test). `rng` is a
/// generator of `rand` 0.10, re-exported as [`sowing::rand`](crate::rand).
pub fn playout_with<R: Ruleset, G: Rng + ?Sized>(
    pos: &mut Position<R>,
    rng: &mut G,
    max_plies: usize,
    mut on_move: impl FnMut(Move),
) -> usize {
    // Whether `pos`'s turn has been started (its legality and end known).
    // Between lazy plies it has not: the next player's turn is only
    // started when his draws are all endless, or at the end.
    let mut complete = true;
    let mut plies = 0;
    'plies: while plies < max_plies {
        if complete && pos.over {
            return plies;
        }
        // A complete position that is not over has a legal move among its
        // candidates; an incomplete one is the position after a move.
        let mut pending = pos.board_candidates();
        while !pending.is_empty() {
            let mv = draw(pending, rng);
            let mut next = *pos;
            if next.draw_move(mv) {
                *pos = next;
                on_move(mv);
                plies += 1;
                complete = false;
                continue 'plies;
            }
            pending.remove(mv);
        }
        if complete {
            // Unreachable: its turn's start found a legal move. Leave it.
            return plies;
        }
        // No candidate ends: the turn engine decides, exactly as after a
        // played move (a pass, or the game is over).
        pos.start_turn_with::<(), (), false>(&mut (), &mut ())
            .expect("the uncancellable control does not cancel");
        complete = true;
    }
    if !complete {
        pos.start_turn_with::<(), (), false>(&mut (), &mut ())
            .expect("the uncancellable control does not cancel");
    }
    plies
}

/// A move of the non-empty `set`, uniformly.
#[inline(always)]
fn draw<G: Rng + ?Sized>(set: MoveSet, rng: &mut G) -> Move {
    let i = rng.random_range(0..set.len());
    set.nth(i).expect("an index below the set's length")
}
