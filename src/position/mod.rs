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
use crate::ruleset::{NoMove, Ruleset, Sowing, Start, Turn};
use crate::sow::{Control, Sown, Trials, relay, trials};
use crate::view::View;
use std::hash::{Hash, Hasher};

#[cfg(feature = "bots")]
mod random;
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
    /// Candidates proven endless, or over the caller's lap limit.
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
            lap_limit: None,
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
    /// (and [`Position::lap_limit`] then says 1).
    ///
    /// The legality of the turn is found again under the new setting. A
    /// limit can leave the side to move without a legal move; the ruleset's
    /// no-move rule then applies at once, as after a move (Sadeqa V: he
    /// passes). Set the limit before play: a finished game is not reopened.
    pub fn with_lap_limit(mut self, limit: Option<u32>) -> Self {
        self.lap_limit = limit.map(|l| l.max(1));
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

    // ---- legality ----

    /// The legal moves: the ruleset's candidates minus endless ones. Empty
    /// when the game is over. No allocation.
    ///
    /// Found at the start of the turn, so free, unless a candidate was left
    /// undecided ([`Position::legality`]): then each such candidate is
    /// proved now, exactly, which can take minutes for an endless sowing
    /// whose cycle runs to 10^10 laps (RULES.md section 2). A program a
    /// person waits on calls [`Position::legality`] and [`Position::prove`]
    /// instead.
    #[inline]
    pub fn legal_moves(&self) -> MoveSet {
        if self.untried.is_empty() && self.undecided.is_empty() {
            return self.legal;
        }
        self.legal_moves_to_find()
    }

    /// [`Position::legal_moves`] when some are still to be tried or proved.
    #[cold]
    #[inline(never)]
    fn legal_moves_to_find(&self) -> MoveSet {
        if !self.untried.is_empty() {
            return self.all_tried().legal_moves();
        }
        let mut legal = self.legal;
        for mv in self.undecided {
            if let Ok(Proof::Ends { .. }) = self.prove(mv, &mut ()) {
                legal.insert(mv);
            }
        }
        legal
    }

    /// What the start of the turn found of each candidate, at no cost: the
    /// moves known to end (legal), those proven endless, and those still
    /// undecided after [`TURN_BUDGET`] laps. A user interface offers
    /// `ends` at once and proves `undecided` ones with [`Position::prove`],
    /// reporting progress.
    pub fn legality(&self) -> Legality {
        if !self.untried.is_empty() {
            return self.all_tried().legality();
        }
        Legality {
            ends: self.legal,
            endless: self.endless,
            undecided: self.undecided,
        }
    }

    /// The ruleset's candidate moves ([`Ruleset::candidates`]): the moves
    /// its own conditions allow, before endless ones are removed.
    pub fn candidate_moves(&self) -> MoveSet {
        if self.over {
            return MoveSet::EMPTY;
        }
        self.rules.candidates(&self.view())
    }

    /// Whether `mv` is legal: `legal_moves().contains(mv)`, for one move.
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.untried.contains(mv) {
            return self.all_tried().is_legal(mv);
        }
        self.legal.contains(mv)
            || (self.undecided.contains(mv)
                && matches!(self.prove(mv, &mut ()), Ok(Proof::Ends { .. })))
    }

    /// Why `mv` is not legal, or `Ok(())`.
    ///
    /// ```
    /// use sowing::{Move, PlayError, Position, Refusal, rulesets::SadeqaII};
    ///
    /// // South's pit 1 relays for ever: a cycle of 30 laps (RULES.md section 2).
    /// let pos: Position<SadeqaII> = "sadeqa-ii 6,2,3,4,1,3/2,0,4,3,2,1 S 0-0".parse()?;
    /// assert_eq!(pos.check(Move::Pit(1)), Err(PlayError::Endless { mv: Move::Pit(1) }));
    /// assert!(!pos.legal_moves().contains(Move::Pit(1)));
    /// assert_eq!(
    ///     pos.check(Move::Pit(7)),
    ///     Err(PlayError::Illegal { mv: Move::Pit(7), reason: Refusal::NoSuchPit { pit: 7, pits_per_row: 6 } })
    /// );
    /// # Ok::<(), sowing::ParsePositionError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::GameOver`], [`PlayError::Illegal`] with the reason,
    /// [`PlayError::Endless`] or [`PlayError::LapLimit`].
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.check_with(mv, &mut ())
    }

    fn check_with<C: Control>(&self, mv: Move, control: &mut C) -> Result<(), PlayError> {
        if self.legal.contains(mv) {
            return Ok(());
        }
        if self.untried.contains(mv) {
            return self.all_tried().check_with(mv, control);
        }
        match self.prove(mv, control)? {
            Proof::Ends { .. } => Ok(()),
            Proof::Endless { .. } => Err(PlayError::Endless { mv }),
            Proof::OverLimit { limit } => Err(PlayError::LapLimit { mv, limit }),
            Proof::Cancelled { laps } => Err(PlayError::Cancelled { mv, laps }),
        }
    }

    /// Decides exactly whether the candidate `mv` ends, sowing it to the end
    /// or round its whole cycle (or up to the position's lap limit), telling
    /// `control` of the progress every million laps or so
    /// ([`PROGRESS_LAPS`](crate::PROGRESS_LAPS)), which may cancel it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sowing::{Move, Position, Proof, rulesets::SadeqaIII};
    ///
    /// // South's pit 1 returns to its first state after 16,484,936 laps.
    /// let pos: Position<SadeqaIII> = "sadeqa-iii 9,7,3,2,1,3,6,1/0,3,8,3,2,3,4,1 S 33-7".parse()?;
    /// assert!(pos.legality().undecided.contains(Move::Pit(1)));
    /// // Give up after two million laps.
    /// let mut stop_early = |_mv: Move, laps: u64| {
    ///     if laps >= 2_000_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// };
    /// assert!(matches!(pos.prove(Move::Pit(1), &mut stop_early)?, Proof::Cancelled { .. }));
    /// assert_eq!(pos.prove(Move::Pit(1), &mut ())?, Proof::Endless { laps: 16_484_936 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::GameOver`] or [`PlayError::Illegal`] if `mv` is not a
    /// candidate at all.
    pub fn prove<C: Control>(&self, mv: Move, control: &mut C) -> Result<Proof, PlayError> {
        self.check_candidate(mv)?;
        let budget = self.lap_limit.map(u64::from);
        let mut trial = *self;
        Ok(
            match trial.run_move::<(), C, true>(mv, &mut (), budget, control) {
                Sown::Ended { laps, .. } => Proof::Ends { laps },
                Sown::Endless { laps } => Proof::Endless { laps },
                Sown::OverBudget { .. } => Proof::OverLimit {
                    limit: self.lap_limit.unwrap_or(u32::MAX),
                },
                Sown::Cancelled { laps } => Proof::Cancelled { laps },
            },
        )
    }

    /// Proves each undecided candidate ([`Position::legality`]) as
    /// [`Position::prove`] does, telling `control` of the progress, and
    /// keeps the answers: afterwards nothing is undecided, and
    /// [`Position::legal_moves`] and the searches that start from it cost no
    /// further sowing. A program a person waits on calls this, with a
    /// control that reports and can cancel, before handing the position to
    /// code that asks for its legal moves.
    ///
    /// A move that passes the position's lap limit counts as endless, as in
    /// [`Position::legal_moves`]. The position compares equal to what it was
    /// (legality is not part of a position's identity).
    ///
    /// ```
    /// use sowing::{Move, Position, rulesets::SadeqaIII};
    ///
    /// let mut pos: Position<SadeqaIII> = "sadeqa-iii 9,7,3,2,1,3,6,1/0,3,8,3,2,3,4,1 S 33-7".parse()?;
    /// assert!(pos.legality().undecided.contains(Move::Pit(1)));
    /// pos.settle(&mut ())?;
    /// assert!(pos.legality().undecided.is_empty());
    /// assert!(pos.legality().endless.contains(Move::Pit(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::Cancelled`] if `control` cancels a proof: the moves
    /// proved before it are kept, the rest stay undecided.
    pub fn settle<C: Control>(&mut self, control: &mut C) -> Result<(), PlayError> {
        *self = self.all_tried();
        for mv in self.undecided {
            match self.prove(mv, control)? {
                Proof::Ends { .. } => self.legal.insert(mv),
                Proof::Endless { .. } | Proof::OverLimit { .. } => self.endless.insert(mv),
                Proof::Cancelled { laps } => return Err(PlayError::Cancelled { mv, laps }),
            };
            self.undecided.remove(mv);
        }
        Ok(())
    }

    /// `Ok` if `mv` is one of the ruleset's candidates; otherwise why not.
    fn check_candidate(&self, mv: Move) -> Result<(), PlayError> {
        if self.over {
            return Err(PlayError::GameOver);
        }
        let candidates = self
            .legal
            .union(self.endless)
            .union(self.undecided)
            .union(self.untried);
        if candidates.contains(mv) {
            return Ok(());
        }
        Err(PlayError::Illegal {
            mv,
            reason: self.refusal(mv, candidates),
        })
    }

    /// Why `mv` is not among `candidates`: the generic reasons the core
    /// derives from the candidates and the board, then the ruleset's own.
    fn refusal(&self, mv: Move, candidates: MoveSet) -> Refusal {
        let n = self.pits_per_row() as u8;
        let choice_due = !candidates.is_empty() && candidates.pits().is_empty();
        match mv {
            Move::First(_) if !choice_due => Refusal::PitExpected,
            Move::First(_) => Refusal::NotACandidate,
            Move::Pit(_) if choice_due => Refusal::ChoiceExpected,
            Move::Pit(p) if p == 0 || p > n => Refusal::NoSuchPit {
                pit: p,
                pits_per_row: n,
            },
            Move::Pit(p) => self.rules.refusal(&self.view(), mv).unwrap_or(
                if self.seeds(Pit::new(self.side, p)) == 0 {
                    Refusal::EmptyPit { pit: p }
                } else {
                    Refusal::NotACandidate
                },
            ),
        }
    }

    // ---- playing ----

    /// Plays `mv`, sowing it once.
    ///
    /// # Errors
    /// [`PlayError`] if the move is not legal; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_with(mv, &mut (), &mut ())
    }

    /// Plays `mv` and reports what it did, lap by lap ([`Event`]s in order).
    ///
    /// ```
    /// use sowing::{Event, Move, Pit, Player, Position, rulesets::SadeqaV};
    ///
    /// // RULES.md section 3, "capture and bonus": the last seed falls into
    /// // North's warana S6 (3 seeds); South captures 2 and moves again.
    /// let mut pos: Position<SadeqaV> =
    ///     "sadeqa-v 1,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 0-0".parse()?;
    /// let events = pos.play_traced(Move::Pit(5))?;
    /// let s6 = Pit::new(Player::South, 6);
    /// assert_eq!(events, [
    ///     Event::Lap { origin: Pit::new(Player::South, 5), seeds: 1, landing: s6 },
    ///     Event::WaranaCapture { by: Player::South, pit: s6, seeds: 2 },
    ///     Event::BonusMove { player: Player::South },
    /// ]);
    /// assert_eq!(pos.to_string(), "sadeqa-v 1,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 2-0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Position::play`]; the position is then unchanged.
    pub fn play_traced(&mut self, mv: Move) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        self.play_with(mv, &mut events, &mut ())?;
        Ok(events)
    }

    /// Plays `mv`, passing each [`Event`] to `obs` as it happens. `obs` sees
    /// only the events of a move that is played.
    ///
    /// # Errors
    /// As [`Position::play`]; the position is then unchanged.
    pub fn play_observed<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<(), PlayError> {
        self.play_with(mv, obs, &mut ())
    }

    /// Plays `mv` with events to `obs`, and with `control` told of any long
    /// proof on the way (an undecided `mv`, or the next player's moves left
    /// undecided with none known to end): it may cancel, and the position
    /// is then unchanged.
    ///
    /// # Errors
    /// As [`Position::play`], and [`PlayError::Cancelled`].
    pub fn play_with<O: Observer, C: Control>(
        &mut self,
        mv: Move,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        self.check_with(mv, control)?;
        let mut next = *self;
        // A move that ends: every lap of it is reported, none twice.
        let sown = next.run_move::<O, (), false>(mv, obs, None, &mut ());
        let Sown::Ended { turn, .. } = sown else {
            unreachable!("a move known to end ends again");
        };
        next.end_move(turn, obs);
        next.start_turn(obs, control)?;
        *self = next;
        Ok(())
    }

    /// Plays `mv` without checking it: the fast path for search, for moves
    /// taken from [`Position::legal_moves`].
    ///
    /// Any other move is not played and leaves the position unchanged (it
    /// is checked against the legal moves found at the start of the turn,
    /// one bit test), so this never panics; use [`Position::play`] to learn
    /// why a move is refused.
    pub fn play_unchecked(&mut self, mv: Move) {
        if self.untried.contains(mv) {
            *self = self.all_tried();
        }
        if self.legal.contains(mv) {
            self.make_move::<_, false>(mv, &mut ());
        } else {
            let _ = self.play(mv);
        }
    }

    /// Every legal move with the position it leads to, one sowing each,
    /// in notation order: the iterator search is built on. Each child's
    /// legality is found when it is made, with the exact endless test unless
    /// a lap limit is set, which can take minutes for some positions
    /// ([`Position::legal_moves`]); a search sets a lap limit, and uses
    /// [`Position::children`].
    ///
    /// ```
    /// use sowing::{Move, Position, rulesets::SadeqaIII};
    ///
    /// let start = Position::new(SadeqaIII::new());
    /// for (mv, child) in start.successors() {
    ///     let mut played = start;
    ///     played.play(mv).unwrap();
    ///     assert_eq!(child, played);
    /// }
    /// assert_eq!(start.successors().count(), 8);
    /// ```
    pub fn successors(&self) -> impl Iterator<Item = (Move, Position<R>)> + '_ {
        self.each_child::<false>()
    }

    /// [`Position::successors`] for search: the same moves and positions,
    /// but each child finds its own legality only as far as it must to know
    /// whether its game goes on (up to its first candidate that ends). The
    /// rest is found when asked ([`Position::legal_moves`],
    /// [`Position::successors`], ...), again at each ask, since a query
    /// does not change the position: a searcher that expands a child calls
    /// one of them once. Most children of a search tree are leaves that are
    /// only evaluated, so this saves most of the trials.
    ///
    /// Under the exact endless test (the default) a child's legality can
    /// hold a proof of minutes (an endless sowing whose cycle runs to 10^10
    /// laps and more, RULES.md section 2), as for [`Position::successors`]:
    /// a search sets a lap limit on its root first, as the crate's own
    /// players do (`with_lap_limit(Some(10_000))`).
    ///
    /// ```
    /// use sowing::{Position, rulesets::SadeqaIII};
    ///
    /// let start = Position::new(SadeqaIII::new());
    /// for ((mv, child), (_, eager)) in start.children().zip(start.successors()) {
    ///     assert_eq!(child, eager);
    ///     assert_eq!(child.is_over(), eager.is_over());
    ///     assert_eq!(child.legal_moves(), eager.legal_moves());
    /// }
    /// ```
    pub fn children(&self) -> impl Iterator<Item = (Move, Position<R>)> + '_ {
        self.each_child::<true>()
    }

    /// Every legal move with its position; `LAZY` leaves each child's
    /// candidates after the first that ends untried.
    fn each_child<const LAZY: bool>(&self) -> impl Iterator<Item = (Move, Position<R>)> + '_ {
        let pos = self.all_tried();
        pos.legal_moves().into_iter().map(move |mv| {
            let mut child = pos;
            child.make_move::<_, LAZY>(mv, &mut ());
            (mv, child)
        })
    }

    /// This position with every candidate tried (see `untried`).
    #[inline]
    fn all_tried(&self) -> Self {
        if self.untried.is_empty() {
            *self
        } else {
            self.untried_tried()
        }
    }

    /// [`Position::all_tried`] when some are untried.
    #[inline(never)]
    fn untried_tried(&self) -> Self {
        let mut pos = *self;
        let found = pos.trials_of::<false>(pos.untried);
        pos.untried = MoveSet::EMPTY;
        pos.legal = pos.legal.union(found.ends);
        pos.endless = pos.endless.union(found.endless);
        pos.undecided = pos.undecided.union(found.over_budget);
        pos
    }

    /// Makes a move known to end (in `legal`, or proven); `LAZY` leaves the
    /// next turn's candidates after the first that ends untried.
    #[inline]
    fn make_move<O: Observer, const LAZY: bool>(&mut self, mv: Move, obs: &mut O) {
        let sown = self.run_move::<O, (), false>(mv, obs, None, &mut ());
        if let Sown::Ended { turn, .. } = sown {
            self.end_move(turn, obs);
            let _ = self.start_turn_with::<O, (), LAZY>(obs, &mut ());
        }
    }

    /// After the sowing: the ruleset's bookkeeping, then the turn passes.
    #[inline]
    fn end_move<O: Observer>(&mut self, turn: Turn, obs: &mut O) {
        let mover = self.side;
        let rules = self.rules;
        rules.end_move(&mut self.context(mover, obs));
        self.side = match turn {
            Turn::Again => mover,
            Turn::Next => mover.other(),
        };
    }

    /// The hook context over this position, for `mover`.
    #[inline(always)]
    fn context<'a, O: Observer>(&'a mut self, mover: Player, obs: &'a mut O) -> Sowing<'a, R, O> {
        Sowing {
            board: &mut self.board,
            marks: &mut self.marks,
            state: &mut self.state,
            captured: &mut self.captured,
            mover,
            obs,
        }
    }

    /// Starts the move and runs its sowing (`TRIAL`: a trial, with the
    /// endless test and without the stopping lap's work, see `sow::relay`)
    /// for at most `budget` laps.
    #[inline(always)]
    fn run_move<O: Observer, C: Control, const TRIAL: bool>(
        &mut self,
        mv: Move,
        obs: &mut O,
        budget: Option<u64>,
        control: &mut C,
    ) -> Sown {
        let rules = self.rules;
        let mover = self.side;
        let mut ctx = self.context(mover, obs);
        sow_move::<R, O, C, TRIAL>(&rules, &mut ctx, mv, budget, control)
    }

    /// Takes the legality and the end of the game from `started`, the same
    /// position after its turn started (for setups, which keep what was
    /// written).
    pub(crate) fn take_turn_start(&mut self, started: &Self) {
        self.legal = started.legal;
        self.endless = started.endless;
        self.undecided = started.undecided;
        self.untried = started.untried;
        self.over = started.over;
    }

    /// The start of a turn: finds the legality of every candidate; a player
    /// with no legal move passes or the game ends, as the ruleset says.
    pub(crate) fn start_turn<O: Observer, C: Control>(
        &mut self,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        self.start_turn_with::<O, C, false>(obs, control)
    }

    /// [`Position::start_turn`]; `LAZY` stops at the first candidate that
    /// ends and leaves the rest untried (enough to know whether the player
    /// moves, passes or the game is over).
    fn start_turn_with<O: Observer, C: Control, const LAZY: bool>(
        &mut self,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        self.over = false;
        self.find_legality::<C, LAZY>(control)?;
        if !self.legal.is_empty() {
            return Ok(());
        }
        let passer = self.side;
        let rules = self.rules;
        if rules.no_move(&mut self.context(passer, obs)) == NoMove::Pass {
            self.side = passer.other();
            self.find_legality::<C, LAZY>(control)?;
            if !self.legal.is_empty() {
                obs.event(Event::Pass { player: passer });
                return Ok(());
            }
            // Neither player can move: the game is over, and the player who
            // could not move first stays named as next.
            self.side = passer;
            self.find_legality::<C, false>(control)?;
        }
        self.over = true;
        obs.event(Event::GameOver);
        Ok(())
    }

    /// Sorts the candidates into known to end, endless and undecided, each
    /// sown once under [`TURN_BUDGET`] (or the lap limit, if lower). If none
    /// is known to end but some are undecided, whether the player can move
    /// at all must be settled now: the undecided ones are then sown side by
    /// side under a growing budget (8 times more each round) until one ends
    /// or all are proven endless, with `control` told of the progress.
    #[inline(always)]
    fn find_legality<C: Control, const LAZY: bool>(
        &mut self,
        control: &mut C,
    ) -> Result<(), PlayError> {
        let candidates = self.rules.candidates(&self.view());
        let found = self.trials_of::<LAZY>(candidates);
        self.untried = found.untried;
        if found.ends.is_empty() && !found.over_budget.is_empty() {
            return self.settle_undecided(found, control);
        }
        self.legal = found.ends;
        self.endless = found.endless;
        self.undecided = found.over_budget;
        Ok(())
    }

    /// [`Position::find_legality`] when no candidate is known to end but
    /// some are undecided (rare, and long: kept out of the turn's hot path).
    #[cold]
    #[inline(never)]
    fn settle_undecided<C: Control>(
        &mut self,
        found: Trials,
        control: &mut C,
    ) -> Result<(), PlayError> {
        let limit = self.lap_limit.map(u64::from);
        let first = limit.map_or(TURN_BUDGET, |l| l.min(TURN_BUDGET));
        let (mut legal, mut endless, mut undecided) =
            (found.ends, found.endless, found.over_budget);
        let mut budget = first;
        while legal.is_empty() && !undecided.is_empty() {
            budget = budget.saturating_mul(8);
            let round = match limit {
                Some(l) => l.min(budget),
                None => budget,
            };
            for mv in undecided {
                let mut progress = |mv: Move, laps: u64| control.progress(mv, laps);
                match self.trial(mv, round, &mut progress) {
                    Sown::Ended { .. } => {
                        legal.insert(mv);
                        undecided.remove(mv);
                    }
                    Sown::Endless { .. } => {
                        endless.insert(mv);
                        undecided.remove(mv);
                    }
                    Sown::OverBudget { .. } if Some(round) == limit => {
                        endless.insert(mv);
                        undecided.remove(mv);
                    }
                    Sown::OverBudget { .. } => {}
                    Sown::Cancelled { laps } => return Err(PlayError::Cancelled { mv, laps }),
                }
            }
        }
        self.legal = legal;
        self.endless = endless;
        self.undecided = undecided;
        Ok(())
    }

    /// The trials of `candidates` under [`TURN_BUDGET`] (or the lap limit,
    /// if lower; a candidate over the lap limit is then endless); with
    /// `LAZY`, up to the first that ends, the rest left untried.
    fn trials_of<const LAZY: bool>(&mut self, candidates: MoveSet) -> Trials {
        let limit = self.lap_limit.map(u64::from);
        let budget = limit.map_or(TURN_BUDGET, |l| l.min(TURN_BUDGET));
        let (rules, side, mut quiet) = (self.rules, self.side, ());
        let mut ctx = self.context(side, &mut quiet);
        let mut found = trials::<R, LAZY>(&rules, &mut ctx, candidates, budget);
        if Some(budget) == limit {
            found.endless = found.endless.union(found.over_budget);
            found.over_budget = MoveSet::EMPTY;
        }
        found
    }

    /// Sows the candidate `mv` as a trial (changing nothing) for at most
    /// `budget` laps.
    #[inline(always)]
    fn trial<C: Control>(&mut self, mv: Move, budget: u64, control: &mut C) -> Sown {
        let rules = self.rules;
        match rules.start(&self.view(), mv) {
            Start::Done(turn) => Sown::Ended { turn, laps: 0 },
            Start::Sow { origin, .. } if origin >= self.board.len() => Sown::Ended {
                turn: Turn::Next,
                laps: 0,
            },
            Start::Sow { origin, barrier } => {
                // A trial changes nothing: the context is the position's own.
                let (side, mut quiet) = (self.side, ());
                let mut ctx = self.context(side, &mut quiet);
                relay::<R, (), C, true>(
                    &rules,
                    &mut ctx,
                    mv,
                    origin,
                    barrier,
                    Some(budget),
                    control,
                )
            }
        }
    }
}

/// Starts the move `mv` on `ctx` and runs its sowing (`TRIAL`: a trial, with the
/// endless test) for at most `budget` laps.
#[inline(always)]
fn sow_move<R: Ruleset, O: Observer, C: Control, const TRIAL: bool>(
    rules: &R,
    ctx: &mut Sowing<'_, R, O>,
    mv: Move,
    budget: Option<u64>,
    control: &mut C,
) -> Sown {
    let start = rules.start(&ctx.view(), mv);
    // A trial here runs on a copy (`Position::prove`), so it may begin too.
    rules.begin(ctx, mv, start);
    match start {
        Start::Done(turn) => Sown::Ended { turn, laps: 0 },
        // Only a ruleset of someone else's could ask this; nothing to sow.
        Start::Sow { origin, .. } if origin >= ctx.board.len() => Sown::Ended {
            turn: Turn::Next,
            laps: 0,
        },
        Start::Sow { origin, barrier } => {
            relay::<R, O, C, TRIAL>(rules, ctx, mv, origin, barrier, budget, control)
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

impl<R: crate::BuiltIn> Position<R> {
    /// The variant (a built-in ruleset's name as a [`Variant`](crate::Variant)).
    pub fn variant(&self) -> crate::Variant {
        self.rules.variant()
    }
}

impl<R: Ruleset + Default> Default for Position<R> {
    fn default() -> Self {
        Position::new(R::default())
    }
}
