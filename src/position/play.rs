//! Play and children. One way to play a move, [`Position::play_with`]
//! (checked, with events and a control), of which [`Position::play`],
//! [`Position::play_traced`], [`Position::play_observed`] and
//! [`Position::play_unchecked`] are thin wrappers; one way to list every
//! legal move with the position it leads to, [`Position::children`]
//! (each child's legality found lazily, for search), and
//! [`Position::successors`], the same children with their legality found
//! at once (both one line over the same private loop).

use super::*;

impl<R: Ruleset> Position<R> {
    /// Plays `mv`, sowing it once: [`Position::play_with`] with no
    /// observer and no control.
    ///
    /// # Errors
    /// [`PlayError`] if the move is not legal; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_with(mv, &mut (), &mut ())
    }

    /// Plays `mv` and reports what it did, lap by lap ([`Event`]s in order):
    /// [`Position::play_with`] with the events collected.
    ///
    /// ```
    /// use sowing::{Event, Move, Pit, Player, Position, rulesets::SadeqaV};
    ///
    /// // RULES.md section 3, "capture and bonus": the last seed falls into
    /// // North's warana S6 (3 seeds); South captures 2 and moves again.
    /// let mut pos: Position<SadeqaV> =
    ///     "sadeqa-v 1,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 37-37".parse()?;
    /// let events = pos.play_traced(Move::Pit(5))?;
    /// let s6 = Pit::new(Player::South, 6);
    /// assert_eq!(events, [
    ///     Event::Lap { origin: Pit::new(Player::South, 5), seeds: 1, landing: s6 },
    ///     Event::WaranaCapture { by: Player::South, pit: s6, seeds: 2 },
    ///     Event::BonusMove { player: Player::South },
    /// ]);
    /// assert_eq!(pos.to_string(), "sadeqa-v 1,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-37");
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

    /// Plays `mv`, passing each [`Event`] to `obs` as it happens:
    /// [`Position::play_with`] with no control. `obs` sees only the events
    /// of a move that is played.
    ///
    /// # Errors
    /// As [`Position::play`]; the position is then unchanged.
    pub fn play_observed<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<(), PlayError> {
        self.play_with(mv, obs, &mut ())
    }

    /// Plays `mv` with events to `obs`, and with `control` told of any long
    /// proof on the way (an undecided `mv`, or the next player's moves left
    /// undecided with none known to end): it may cancel, and the position
    /// is then unchanged. Every other way to play a move is a wrapper of
    /// this one.
    ///
    /// # Errors
    /// As [`Position::play`], and [`PlayError::Cancelled`].
    pub fn play_with<O: Observer, C: Control>(
        &mut self,
        mv: Move,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        // A move known to end is checked here, one bit test; the others
        // (untried, undecided, refused) in `check_with`.
        if !self.legal.contains(mv) {
            self.check_with(mv, control)?;
        }
        if !C::CANCELS {
            // Nothing can refuse the move now: it is made in place.
            return self.make_checked_move(mv, obs, control);
        }
        let mut next = *self;
        next.make_checked_move(mv, obs, control)?;
        *self = next;
        Ok(())
    }

    /// Makes `mv`, known to end, and starts the next turn (which `control`
    /// may cancel, leaving the position half made: callers that allow it
    /// work on a copy).
    #[inline(always)]
    fn make_checked_move<O: Observer, C: Control>(
        &mut self,
        mv: Move,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        // A move that ends: every lap of it is reported, none twice.
        let sown = self.run_move::<O, (), false>(mv, obs, None, &mut ());
        let Sown::Ended { turn, .. } = sown else {
            unreachable!("a move known to end ends again");
        };
        self.end_move(turn, obs);
        self.start_turn(obs, control)
    }

    /// Plays `mv` and ignores a refusal: [`Position::play_with`] with no
    /// observer and no control, for search, with moves taken from
    /// [`Position::legal_moves`] (a legal move is checked by one bit test).
    ///
    /// Any other move is not played and leaves the position unchanged, so
    /// this never panics; use [`Position::play`] to learn why a move is
    /// refused.
    pub fn play_unchecked(&mut self, mv: Move) {
        let _ = self.play_with(mv, &mut (), &mut ());
    }

    /// The children of [`Position::children`], each child's legality found
    /// in full as it is made rather than lazily (the same moves, positions
    /// and answers; the work done at once). The legality is found with the
    /// exact endless test unless a lap limit is set, which can take minutes
    /// for some positions ([`Position::legal_moves`]); a search sets a lap
    /// limit, and uses [`Position::children`].
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
        // Not `children()` with each child's legality completed afterwards:
        // a second trial loop a child costs 30 to 50 % more a child.
        self.each_child::<false>()
    }

    /// Every legal move with the position it leads to, one sowing each, in
    /// notation order: the iterator search is built on. Each child finds its
    /// own legality only as far as it must to know whether its game goes on
    /// (up to its first candidate that ends). The rest is found when asked
    /// ([`Position::legal_moves`], [`Position::children`], ...), again at
    /// each ask, since a query does not change the position: a searcher that
    /// expands a child calls one of them once. Most children of a search
    /// tree are leaves that are only evaluated, so this saves most of the
    /// trials. [`Position::successors`] finds each child's legality in full.
    ///
    /// Under the exact endless test (the default) a child's legality can
    /// hold a proof of minutes (an endless sowing whose cycle runs to 10^10
    /// laps and more, RULES.md section 2): a search sets a lap limit on its
    /// root first, as the crate's own players do
    /// (`with_lap_limit(Some(10_000))`).
    ///
    /// Under a lap limit no longer than [`TURN_BUDGET`] (a search's), a
    /// candidate not yet tried is not tried first and then sown again as
    /// the move: it is sown once, as the move, under the limit, and is a
    /// child if it ends (a trial and a move sow the same laps, and the
    /// limit is what a trial would have used; a sowing over it is endless).
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

    /// The one implementation of [`Position::children`] (`LAZY`) and
    /// [`Position::successors`].
    #[inline(always)]
    fn each_child<const LAZY: bool>(&self) -> impl Iterator<Item = (Move, Position<R>)> + '_ {
        // The guard only chooses the faster path: either gives the same
        // children (`&&` to `||` and `<=` to `>` are equivalent mutants,
        // docs/MUTANTS.md).
        let one_sowing = self.undecided.is_empty()
            && self.lap_limit.is_some_and(|l| u64::from(l) <= TURN_BUDGET);
        let (pos, moves, budget) = if one_sowing {
            let moves = self.legal.union(self.untried);
            (*self, moves, self.lap_limit.map(u64::from))
        } else {
            let pos = self.all_tried();
            (pos, pos.legal_moves(), None)
        };
        moves.into_iter().filter_map(move |mv| {
            let mut child = pos;
            child
                .make_move_within::<_, LAZY>(mv, budget, &mut ())
                .then_some((mv, child))
        })
    }

    /// The children of this position for a search, appended to `out`, each
    /// made as [`Position::children`] makes it but for the start of its
    /// turn, which is left to [`Position::start_deferred_turn`]: a child
    /// that is never searched (one after a cut-off) costs only its move's
    /// sowing. Until then a child's side to move, legality and end are not
    /// known: only its board, captured seeds, marks and state are. A child
    /// whose player to move has no candidate at all starts its turn at once
    /// (his turn costs no sowing, and the ruleset's no-move rule can change
    /// the captured seeds: Sadeqa III's sweep).
    ///
    /// Only the moves `keep` accepts are made (a search makes its table's
    /// move first, and the others only if that move does not cut off).
    #[cfg(feature = "bots")]
    pub(crate) fn deferred_children(
        &self,
        out: &mut Vec<(Move, Self)>,
        keep: impl Fn(Move) -> bool,
    ) {
        let Some(budget) = self.deferred_budget() else {
            out.extend(self.children().filter(|(mv, _)| keep(*mv)));
            return;
        };
        for mv in self.legal.union(self.untried) {
            if !keep(mv) {
                continue;
            }
            // Made in its place in `out` (no copy of the child), and taken
            // out again if its sowing does not end.
            out.push((mv, *self));
            let Some((_, child)) = out.last_mut() else {
                return;
            };
            if !child.make_deferred(mv, budget) {
                out.pop();
            }
        }
    }

    /// Whether this position's children can be made one sowing each, their
    /// turns deferred (under a search's lap limit, with no undecided move):
    /// the lap budget of a move if so. The moves are then
    /// `legal ∪ untried` ([`Position::deferred_moves`]).
    #[inline]
    pub(crate) fn deferred_budget(&self) -> Option<Option<u64>> {
        // `None` only sends the callers to `children` and `successors`,
        // which give the same children with their turns started: slower,
        // the same values (an equivalent mutant, docs/MUTANTS.md).
        let one_sowing = self.undecided.is_empty()
            && self.lap_limit.is_some_and(|l| u64::from(l) <= TURN_BUDGET);
        one_sowing.then(|| self.lap_limit.map(u64::from))
    }

    /// The moves to make children of, where [`Position::deferred_budget`]
    /// allows.
    #[inline]
    pub(crate) fn deferred_moves(&self) -> MoveSet {
        self.legal.union(self.untried)
    }

    /// Makes this position (a copy of the parent) the child of `mv` with
    /// its turn deferred, as [`Position::deferred_children`] makes each:
    /// whether the sowing ended within `budget` (if not, the position is
    /// left to be thrown away).
    #[inline(always)]
    pub(crate) fn make_deferred(&mut self, mv: Move, budget: Option<u64>) -> bool {
        let Sown::Ended { turn, .. } = self.run_move::<(), (), false>(mv, &mut (), budget, &mut ())
        else {
            return false;
        };
        self.end_move(turn, &mut ());
        // The turn not started: nothing known to end.
        self.legal = MoveSet::EMPTY;
        self.endless = MoveSet::EMPTY;
        self.undecided = MoveSet::EMPTY;
        self.untried = self.board_candidates();
        self.over = false;
        if self.untried.is_empty() {
            self.start_deferred_turn();
        }
        true
    }

    /// Starts the turn of a child of [`Position::deferred_children`] (as
    /// [`Position::children`] would have): afterwards it is a position like
    /// any other. A position whose turn has started is left as it is.
    #[inline]
    pub(crate) fn start_deferred_turn(&mut self) {
        if self.is_deferred() {
            let _ = self.start_turn_with::<(), (), true>(&mut (), &mut ());
        }
    }

    /// [`Position::start_deferred_turn`] with every candidate tried (as
    /// [`Position::successors`] makes a child): the solver's estimate counts
    /// the moves. A position whose turn has started gets its untried
    /// candidates tried.
    #[inline]
    pub(crate) fn start_deferred_turn_fully(&mut self) {
        if self.is_deferred() {
            let _ = self.start_turn_with::<(), (), false>(&mut (), &mut ());
        } else if !self.untried.is_empty() {
            *self = self.untried_tried();
        }
    }

    /// Whether this is a child of [`Position::deferred_children`] whose turn
    /// has not started.
    #[inline]
    pub(crate) fn is_deferred(&self) -> bool {
        // Saying yes for a started position only starts its turn again,
        // which finds the same legality, pass and end (`true` and `&&` to
        // `||` are equivalent mutants, docs/MUTANTS.md).
        !self.over && self.legal.is_empty() && self.undecided.is_empty()
    }
    /// This position with every candidate tried (see `untried`).
    #[inline]
    pub(super) fn all_tried(&self) -> Self {
        if self.untried.is_empty() {
            *self
        } else {
            self.untried_tried()
        }
    }

    /// [`Position::all_tried`] when some are untried.
    #[inline(never)]
    pub(super) fn untried_tried(&self) -> Self {
        let mut pos = *self;
        let found = pos.trials_of::<false>(pos.untried, TURN_BUDGET);
        pos.untried = MoveSet::EMPTY;
        pos.legal = pos.legal.union(found.ends);
        pos.endless = pos.endless.union(found.endless);
        pos.undecided = pos.undecided.union(found.over_budget);
        pos
    }

    /// Makes a move known to end (in `legal`, or proven); `LAZY` leaves the
    /// next turn's candidates after the first that ends untried.
    #[cfg(feature = "bots")]
    #[inline]
    pub(super) fn make_move<O: Observer, const LAZY: bool>(&mut self, mv: Move, obs: &mut O) {
        self.make_move_within::<O, LAZY>(mv, None, obs);
    }

    /// [`Position::make_move`] for a candidate sown for at most `budget`
    /// laps: whether it ended (and was made); if not, the position is
    /// left to be thrown away.
    #[inline(always)]
    pub(super) fn make_move_within<O: Observer, const LAZY: bool>(
        &mut self,
        mv: Move,
        budget: Option<u64>,
        obs: &mut O,
    ) -> bool {
        let sown = self.run_move::<O, (), false>(mv, obs, budget, &mut ());
        if let Sown::Ended { turn, .. } = sown {
            self.end_move(turn, obs);
            let _ = self.start_turn_with::<O, (), LAZY>(obs, &mut ());
            return true;
        }
        false
    }
}

#[cfg(feature = "tablebase")]
impl<R: Ruleset> Position<R> {
    /// For the databases' sweeps: each candidate of this position, whose
    /// turn has not been started (its legality not found), made once, and
    /// the position it leads to passed to `each` with the next turn not
    /// started either (no legality, no pass, no end of game: the databases
    /// hold those positions' own values). Each sowing gets [`TURN_BUDGET`]
    /// laps; returns `false`, having passed some children or none, if a
    /// candidate did not end within it or there is no candidate: the
    /// caller then starts the turn and takes the exact legal moves.
    pub(crate) fn quick_children(&self, mut each: impl FnMut(&Position<R>)) -> bool {
        let candidates = self.board_candidates();
        if candidates.is_empty() {
            return false;
        }
        for mv in candidates {
            let mut child = *self;
            match child.run_move::<(), (), false>(mv, &mut (), Some(TURN_BUDGET), &mut ()) {
                Sown::Ended { turn, .. } => {
                    child.end_move(turn, &mut ());
                    each(&child);
                }
                _ => return false,
            }
        }
        true
    }
}

#[cfg(all(test, feature = "bots"))]
mod tests {
    use crate::rulesets::SadeqaIII;
    use crate::{Move, Position};

    /// RULES.md section 2: under a lap limit, a sowing not finished within
    /// it counts as endless, so the search's children made with their
    /// turns deferred leave it out, as `children` does. Sadeqa III (5.2,
    /// 5.3), South to move: his 1 ends in empty S2 after one lap, his 5 in
    /// empty S6 after one lap (nothing opposite either to capture); his 3
    /// drops into S4 and S5, relays from S5 (2 seeds) into S6 and S7 and
    /// ends there: two laps, over a limit of 1.
    #[test]
    fn deferred_children_leave_out_a_move_over_the_lap_limit() {
        let pos: Position<SadeqaIII> = "sadeqa-iii 1,0,2,0,1,0,0,0/0,0,0,0,0,0,0,1 S 45-46"
            .parse()
            .unwrap();
        let pits = |moves: &[(Move, Position<SadeqaIII>)]| -> Vec<Move> {
            moves.iter().map(|&(mv, _)| mv).collect()
        };
        let mut all = Vec::new();
        pos.deferred_children(&mut all, |_| true);
        assert_eq!(pits(&all).len(), 3, "no limit: {:?}", pits(&all));

        let limited = pos.with_lap_limit(Some(1));
        let mut out = Vec::new();
        limited.deferred_children(&mut out, |_| true);
        assert_eq!(pits(&out), [Move::Pit(1), Move::Pit(5)]);
        for (mv, child) in &mut out {
            child.start_deferred_turn();
            let made = limited.children().find(|(m, _)| m == mv).map(|(_, c)| c);
            assert_eq!(Some(*child), made, "{mv}");
        }
    }

    /// The same under a lazily started turn: a child of `children` tries
    /// its candidates only up to the first that ends, so a move over the
    /// limit can still be untried, and `deferred_children` must sow it
    /// under the limit too. North's 8 drops its seed into South's empty
    /// pit 1 (no capture in the opponent's row, 5.3), giving the position
    /// above, whose 1 ends first and leaves 3 and 5 untried.
    #[test]
    fn lazy_deferred_children_leave_out_an_untried_move_over_the_lap_limit() {
        let parent: Position<SadeqaIII> = "sadeqa-iii 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,1 N 46-46"
            .parse()
            .unwrap();
        let parent = parent.with_lap_limit(Some(1));
        let (_, lazy) = parent
            .children()
            .find(|&(mv, _)| mv == Move::Pit(8))
            .unwrap();
        assert!(lazy.untried.contains(Move::Pit(3)), "{:?}", lazy.untried);
        let mut out = Vec::new();
        lazy.deferred_children(&mut out, |_| true);
        let moves: Vec<Move> = out.iter().map(|&(mv, _)| mv).collect();
        assert_eq!(moves, [Move::Pit(1), Move::Pit(5)]);
    }

    /// RULES.md 5.4: the game ends when the player to move has no legal
    /// move, and the seeds left go to the last mover. Under a lap limit of
    /// 1 (section 2), after South's 5 (one seed into empty S6, nothing
    /// opposite) North's two candidates both relay (N7's seed falls into
    /// N8, N8's into S1, each occupied): neither ends within the limit, so
    /// North has no legal move. The child made with its turn deferred
    /// knows it only when the turn is started: then the game is over, the
    /// 4 seeds left are South's, as `children` and `successors` make it.
    #[test]
    fn a_deferred_child_with_no_legal_move_ends_the_game_when_its_turn_starts() {
        let pos: Position<SadeqaIII> = "sadeqa-iii 1,0,0,0,1,0,0,0/0,0,0,0,0,0,1,1 S 46-46"
            .parse()
            .unwrap();
        let limited = pos.with_lap_limit(Some(1));
        let mut out = Vec::new();
        limited.deferred_children(&mut out, |mv| mv == Move::Pit(5));
        let [(Move::Pit(5), deferred)] = out[..] else {
            panic!("South's 5 ends in one lap: {out:?}");
        };
        assert!(deferred.is_deferred());
        let over = "sadeqa-iii 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 50-46";
        let mut started = deferred;
        started.start_deferred_turn();
        assert!(started.is_over());
        assert_eq!(started.to_string(), over);
        let mut fully = deferred;
        fully.start_deferred_turn_fully();
        assert!(fully.is_over());
        assert_eq!(fully.to_string(), over);
        for (_, child) in limited.children().chain(limited.successors()) {
            if child.to_string() == over {
                assert_eq!(started, child);
                assert_eq!(fully, child);
            }
        }
    }

    /// A child of `children` finds its legality only up to its first
    /// candidate that ends (RULES.md section 2: the legal moves are the
    /// candidates that end): starting its turn fully, as the solver does,
    /// tries the rest, and gives the legality of the same child made by
    /// `successors`. From the Sadeqa III start, South's 1 leaves North six
    /// pits to move (5.1).
    #[test]
    fn starting_a_started_turn_fully_tries_its_untried_candidates() {
        let start = Position::new(SadeqaIII::new());
        fn find(
            mut list: impl Iterator<Item = (Move, Position<SadeqaIII>)>,
        ) -> Option<Position<SadeqaIII>> {
            list.find(|&(mv, _)| mv == Move::Pit(1)).map(|(_, c)| c)
        }
        let mut lazy = find(start.children()).unwrap();
        let eager = find(start.successors()).unwrap();
        assert!(
            !lazy.untried.is_empty(),
            "a lazy child tries its first candidates only"
        );
        assert!(eager.untried.is_empty());
        assert!(!lazy.is_deferred());
        lazy.start_deferred_turn_fully();
        assert!(lazy.untried.is_empty());
        assert_eq!(lazy.legal, eager.legal);
        assert_eq!(lazy.endless, eager.endless);
        assert_eq!(lazy.undecided, eager.undecided);
        assert_eq!(
            lazy.legal.len() + lazy.endless.len() + lazy.undecided.len(),
            6
        );
    }
}
