//! [`Position`]: a board and the game's state, with legality and turns.
//!
//! A position computes its legal moves once, at the start of the turn, and
//! keeps them: [`Position::legal_moves`] and [`Position::is_legal`] cost
//! no sowing, and the next [`Position::play`] checks its move by one bit
//! test, then sows it once. Every candidate is sown once at the start of
//! the turn, on a copy, under a lap budget ([`TURN_BUDGET`]): it ends, or
//! proves endless, or (rarely: only endless sowings with cycles of more
//! than 65,536 laps) stays undecided until someone asks
//! ([`Position::legality`], [`Position::prove`]).

use crate::board::Board;
use crate::error::{PlayError, Refusal};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::{Pit, Player};
use crate::ruleset::{MoveContext, NoMove, Ruleset, Start, Turn};
use crate::sow::{Control, Sown, Trials, relay, trials};
use crate::view::View;
use std::hash::{Hash, Hasher};

mod legality;
mod play;
#[cfg(feature = "bots")]
mod random;
mod turn;
#[cfg(feature = "bots")]
pub use random::{playout, playout_with};

/// Laps each candidate move is sown at the start of a turn before it is
/// left undecided. Ordinary sowings end within a few thousand laps (the
/// longest seen in random play: 4,426, RULES.md section 2), so a move left
/// undecided is an endless sowing whose cycle is longer than this, or a
/// sowing longer than any seen.
pub const TURN_BUDGET: u64 = 1 << 16;

/// A position of a game played under the ruleset `R`: the [`Board`], side
/// to move, captured seeds, marked pits (waranas), the ruleset's own state
/// (first-move flags, phase), the ruleset value itself, and the legal moves
/// found at the start of the turn.
///
/// `Copy` and about a hundred bytes: nothing here allocates on the hot path
/// (sowing, legal moves, play, successors). No method changes a position
/// except playing a move: positions are built by [`Position::new`] or from
/// a validated [`Setup`](crate::Setup).
///
/// Equality and hashing compare what the position string shows (plus the
/// ruleset's options); the lap-limit setting and the legality found are not
/// part of the position.
#[derive(Clone, Copy, Debug)]
pub struct Position<R: Ruleset> {
    rules: R,
    board: Board,
    marks: u64,
    side: Player,
    captured: [u16; 2],
    state: R::State,
    /// Candidates known to end.
    legal: MoveSet,
    /// Candidates proven endless, or over the caller's lap limit, or with
    /// no seed to sow (a ruleset's mistake).
    endless: MoveSet,
    /// Candidates not decided within [`TURN_BUDGET`].
    undecided: MoveSet,
    /// Candidates not tried yet: only a position made by
    /// [`Position::children`] leaves some (those after the first found to
    /// end); every query tries them first.
    untried: MoveSet,
    over: bool,
    lap_limit: Option<u32>,
}

/// What is known of the candidate moves' legality (RULES.md section 2,
/// "Exact, but never a frozen caller"): see [`Position::legality`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Legality {
    /// Moves whose sowing ends: legal.
    pub ends: MoveSet,
    /// Moves proven endless (or, under a lap limit, over it): not legal.
    /// Also a candidate with no seed to sow, a mistake of the ruleset's
    /// (its pit is empty): [`Position::check`] names it
    /// ([`PlayError::EmptySowing`]).
    pub endless: MoveSet,
    /// Moves not decided yet: legal exactly when [`Position::prove`] finds
    /// that they end.
    pub undecided: MoveSet,
}

/// The answer of [`Position::prove`] for one candidate move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// Its sowing ends after `laps` laps: the move is legal.
    Ends {
        /// Laps sown.
        laps: u64,
    },
    /// Its sowing returns to its first state after `laps` laps and never
    /// ends: the move is not legal.
    Endless {
        /// The cycle's length in laps.
        laps: u64,
    },
    /// It did not end within the position's lap limit: under that option it
    /// counts as endless.
    OverLimit {
        /// The limit in force.
        limit: u32,
    },
    /// The control cancelled the proof after `laps` laps.
    Cancelled {
        /// Laps sown before the cancel.
        laps: u64,
    },
}

impl<R: Ruleset> Position<R> {
    /// The initial position of `rules`: every pit holds the variant's seeds,
    /// South to move.
    pub fn new(rules: R) -> Self {
        Self::new_with_first(rules, Player::South)
    }

    /// The initial position with `first` to move (RULES.md section 1: South
    /// moves first unless the caller chooses otherwise).
    pub fn new_with_first(rules: R, first: Player) -> Self {
        let n = rules.pits_per_row();
        assert!(
            (2..=crate::MAX_PITS_PER_ROW).contains(&n)
                && rules.total_seeds() <= crate::board::MAX_SEEDS,
            "{}: a ruleset's board has 2 to 24 pits a row and at most 96 seeds \
             in play, not {n} pits a row and {} seeds",
            rules.name(),
            rules.total_seeds()
        );
        let seeds = initial_row(rules.seeds_per_pit(), n);
        let board = Board::from_rows_sown(&seeds[..n], &seeds[..n], rules.clockwise())
            .expect("a ruleset's board: 2 to 24 pits a row, at most 96 seeds a pit");
        let mut pos = Position::raw(rules, board, 0, first, [0; 2], rules.initial_state(first));
        pos.start_turn(&mut (), &mut ())
            .expect("the uncancellable control does not cancel");
        pos
    }

    /// A position from its parts, with no legality computed yet.
    pub(crate) fn raw(
        rules: R,
        board: Board,
        marks: u64,
        side: Player,
        captured: [u16; 2],
        state: R::State,
    ) -> Self {
        Position {
            rules,
            board,
            marks,
            side,
            captured,
            state,
            legal: MoveSet::EMPTY,
            endless: MoveSet::EMPTY,
            undecided: MoveSet::EMPTY,
            untried: MoveSet::EMPTY,
            over: false,
            lap_limit: R::SKIPS_ORIGIN.then_some(SKIPPING_LAP_LIMIT),
        }
    }

    /// Uses a lap limit instead of the exact endless-sowing test: a sowing
    /// not finished within `limit` laps counts as endless. `None` restores
    /// the exact test (the default).
    ///
    /// An approximation, for bounded time in search and playouts: ordinary
    /// sowings end within a few thousand laps (the longest seen in random
    /// play: 1,939 laps in Sadeqa III, 4,426 in game 91), while an endless
    /// sowing's cycle can take 10^9 to 10^10 laps to prove (RULES.md
    /// section 2). A limit of 10,000 refuses no move seen in random play.
    /// Every sowing has at least one lap, so a limit of 0 is taken as 1
    /// (and [`Position::lap_limit`] then says 1). A ruleset whose laps skip
    /// their origin has no exact test: `None` gives it
    /// [`SKIPPING_LAP_LIMIT`].
    ///
    /// The legality of the turn is found again under the new setting. A
    /// limit can leave the side to move without a legal move; the ruleset's
    /// no-move rule then applies at once, as after a move (Sadeqa V: he
    /// passes). Set the limit before play: a finished game is not reopened.
    pub fn with_lap_limit(mut self, limit: Option<u32>) -> Self {
        self.lap_limit = limit
            .map(|l| l.max(1))
            .or(R::SKIPS_ORIGIN.then_some(SKIPPING_LAP_LIMIT));
        if !self.over {
            self.start_turn(&mut (), &mut ())
                .expect("the uncancellable control does not cancel");
        }
        self
    }

    /// The lap limit in force, `None` for the exact test.
    pub fn lap_limit(&self) -> Option<u32> {
        self.lap_limit
    }

    // ---- what the position holds ----

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The read-only view of this position that the ruleset's hooks see.
    #[inline(always)]
    pub fn view(&self) -> View<'_, R::State> {
        View {
            board: &self.board,
            marks: self.marks,
            side: self.side,
            captured: self.captured,
            state: &self.state,
            over: self.over,
        }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Pits per row, `n`.
    #[inline]
    pub fn pits_per_row(&self) -> usize {
        self.board.pits_per_row()
    }

    /// The player to move. When the game is over, the player who would be
    /// next.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// Seeds captured by `player` (for Sadeqa II and Andada: seeds removed by
    /// his captures, counted for information).
    #[inline]
    pub fn captured(&self, player: Player) -> u16 {
        self.captured[player.index()]
    }

    /// The ruleset's state (first-move flags, phase).
    #[inline]
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// Seeds in `pit`; 0 for a pit number outside the board.
    pub fn seeds(&self, pit: Pit) -> u8 {
        self.board.seeds(pit)
    }

    /// `player`'s row, from his pit 1 to pit n.
    pub fn row(&self, player: Player) -> impl ExactSizeIterator<Item = u8> + '_ {
        self.board.row(player)
    }

    /// Seeds on the board.
    pub fn seeds_on_board(&self) -> u32 {
        self.board.seeds_on_board()
    }

    /// Seeds removed from play and not counted as captured (Andada's
    /// singleton ending): start total minus board minus captured.
    pub fn removed(&self) -> u32 {
        self.rules.total_seeds().saturating_sub(
            self.seeds_on_board() + self.captured.iter().map(|&c| c as u32).sum::<u32>(),
        )
    }

    /// Sowing-order indices of the marked pits (waranas) as a bit mask.
    #[inline]
    pub fn marks(&self) -> u64 {
        self.marks
    }

    /// The owner of the warana at `pit`, if it is one (Sadeqa V only): the
    /// player who does not own its row (RULES.md section 3.4).
    pub fn warana_owner(&self, pit: Pit) -> Option<Player> {
        let idx = self.board.index(pit)?;
        (self.marks >> idx & 1 == 1).then(|| pit.owner.other())
    }

    /// `player`'s points where the game scores them: Sadeqa V, captured
    /// seeds plus the seeds in his waranas (RULES.md section 3.7); Sadeqa III
    /// and game 91, captured seeds (section 5.5), and once the game is over
    /// the seeds left on the board too for the last mover (5.4: a position
    /// set up at the end still holds them), as [`Position::outcome`] counts
    /// them. `None` for Sadeqa II and Andada, which are won by moving last.
    pub fn points(&self, player: Player) -> Option<u16> {
        self.rules.points(&self.view(), player)
    }

    /// Whether the game is over: the player to move has no legal move and
    /// the ruleset ends the game (RULES.md sections 3.6, 4.4, 5.4, 6.6).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Ongoing, or the result with final points where the game scores them.
    /// Repetition and ply limits are the [`Game`](crate::Game)'s business.
    pub fn outcome(&self) -> Outcome {
        if self.over {
            self.rules.outcome(&self.view())
        } else {
            Outcome::Ongoing
        }
    }
}

/// A row of `seeds` in each of `n` pits, without allocating.
fn initial_row(seeds: u8, n: usize) -> [u8; crate::moves::MAX_PITS_PER_ROW] {
    let mut row = [0; crate::moves::MAX_PITS_PER_ROW];
    row[..n].fill(seeds);
    row
}

impl<R: Ruleset> PartialEq for Position<R> {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
            && self.board == other.board
            && self.marks == other.marks
            && self.side == other.side
            && self.captured == other.captured
            && self.state == other.state
    }
}

impl<R: Ruleset> Eq for Position<R> {}

// Every user of this hash (the game's repetition counts, the searches'
// tables and paths, the solver's) compares the position itself as well:
// a poorer hash only costs time (docs/MUTANTS.md).
impl<R: Ruleset> Hash for Position<R> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.rules.hash(h);
        self.board.hash(h);
        self.marks.hash(h);
        self.side.hash(h);
        self.captured.hash(h);
        self.state.hash(h);
    }
}

/// The laps after which a sowing of a ruleset whose laps skip their origin
/// ([`Ruleset::SKIPS_ORIGIN`]) counts as endless when no other lap limit is
/// set: such laps cannot be undone, so the exact test (a return to the
/// first state) need not end.
pub const SKIPPING_LAP_LIMIT: u32 = 1_000_000;

impl<R: Ruleset> Position<R> {
    /// The ruleset's candidates that are moves of this board: pit numbers
    /// past the row are left out (a ruleset of someone else's could name
    /// one), so they are refused as pits off the board.
    #[inline(always)]
    pub(crate) fn board_candidates(&self) -> MoveSet {
        let n = self.board.pits_per_row();
        let off = MoveSet::from_pit_mask(u32::MAX.checked_shl(n as u32).unwrap_or(0));
        self.rules.candidates(&self.view()).difference(off)
    }
}

impl<R: Ruleset + Default> Default for Position<R> {
    fn default() -> Self {
        Position::new(R::default())
    }
}
