//! The turn engine: a move's start and sowing through the ruleset's hooks,
//! the bookkeeping after it, and the start of the next turn (the trials of
//! every candidate, passes and the end of the game).

use super::*;

impl<R: Ruleset> Position<R> {
    /// After the sowing: the ruleset's bookkeeping, then the turn passes.
    #[inline]
    pub(super) fn end_move<O: Observer>(&mut self, turn: Turn, obs: &mut O) {
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
    pub(super) fn context<'a, O: Observer>(
        &'a mut self,
        mover: Player,
        obs: &'a mut O,
    ) -> MoveContext<'a, R, O> {
        MoveContext {
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
    pub(super) fn run_move<O: Observer, C: Control, const TRIAL: bool>(
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
    pub(super) fn start_turn_with<O: Observer, C: Control, const LAZY: bool>(
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
    pub(super) fn find_legality<C: Control, const LAZY: bool>(
        &mut self,
        control: &mut C,
    ) -> Result<(), PlayError> {
        let candidates = self.board_candidates();
        let found = self.trials_of::<LAZY>(candidates, TURN_BUDGET);
        self.untried = found.untried;
        if found.ends.is_empty() && !found.over_budget.is_empty() {
            return self.settle_undecided(found, TURN_BUDGET, control);
        }
        self.legal = found.ends;
        self.endless = found.endless;
        self.undecided = found.over_budget;
        Ok(())
    }

    /// [`Position::find_legality`] when no candidate is known to end but
    /// some are undecided (rare, and long: kept out of the turn's hot path).
    /// `found` is what the trials under `first_budget` laps found (the
    /// turn's: [`TURN_BUDGET`]; a test's may be smaller); the first round
    /// sows 8 times more.
    #[cold]
    #[inline(never)]
    pub(super) fn settle_undecided<C: Control>(
        &mut self,
        found: Trials,
        first_budget: u64,
        control: &mut C,
    ) -> Result<(), PlayError> {
        let limit = self.lap_limit.map(u64::from);
        let first = limit.map_or(first_budget, |l| l.min(first_budget));
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
                    Sown::Endless { .. } | Sown::NoSeed => {
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

    /// The trials of `candidates` under `budget` laps (the turn's:
    /// [`TURN_BUDGET`]), or the lap limit if lower (a candidate over the lap
    /// limit is then endless); with `LAZY`, up to the first that ends, the
    /// rest left untried.
    pub(super) fn trials_of<const LAZY: bool>(
        &mut self,
        candidates: MoveSet,
        budget: u64,
    ) -> Trials {
        let limit = self.lap_limit.map(u64::from);
        let budget = limit.map_or(budget, |l| l.min(budget));
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
    pub(super) fn trial<C: Control>(&mut self, mv: Move, budget: u64, control: &mut C) -> Sown {
        let rules = self.rules;
        match rules.start(&self.view(), mv) {
            Start::Done(turn) => Sown::Ended { turn, laps: 0 },
            Start::Sow { origin, .. } if origin >= self.board.len() => Sown::NoSeed,
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
pub(super) fn sow_move<R: Ruleset, O: Observer, C: Control, const TRIAL: bool>(
    rules: &R,
    ctx: &mut MoveContext<'_, R, O>,
    mv: Move,
    budget: Option<u64>,
    control: &mut C,
) -> Sown {
    let start = rules.start(&ctx.view(), mv);
    // A trial here runs on a copy (`Position::prove`), so it may begin too.
    rules.begin(ctx, mv, start);
    match start {
        Start::Done(turn) => Sown::Ended { turn, laps: 0 },
        // Only a ruleset's mistake asks this: no seed to sow.
        Start::Sow { origin, .. } if origin >= ctx.board.len() => Sown::NoSeed,
        Start::Sow { origin, barrier } => {
            relay::<R, O, C, TRIAL>(rules, ctx, mv, origin, barrier, budget, control)
        }
    }
}

impl<R: Ruleset> Position<R> {
    /// Ends the game here by the repetition rule: the ruleset's
    /// [`Ruleset::repetition_end`] (Oware collects the seeds left, each to
    /// the owner of its row), its events to `obs`. If that changed the
    /// position, its turn is found again (so that its legal moves are those
    /// of what it now holds); the result is then
    /// [`Ruleset::repetition_outcome`] of it. Used by [`Game`](crate::Game),
    /// the searches and the solver, so that they agree.
    pub(crate) fn end_by_repetition<O: Observer>(&mut self, obs: &mut O) {
        let before = *self;
        let (rules, side) = (self.rules, self.side);
        rules.repetition_end(&mut self.context(side, obs));
        if *self != before {
            self.start_turn(&mut (), &mut ())
                .expect("the uncancellable control does not cancel");
        }
    }

    /// The result of the game ended by repetition in this position: the
    /// ruleset's [`Ruleset::repetition_outcome`] after its
    /// [`Ruleset::repetition_end`]. No allocation.
    pub(crate) fn repetition_outcome(&self) -> Outcome {
        let mut end = *self;
        end.end_by_repetition(&mut ());
        self.rules.repetition_outcome(&end.view())
    }
}

#[cfg(test)]
mod tests {
    use crate::rulesets::{Andada, Reading, Resized, SadeqaII, SadeqaIII, SadeqaV};
    use crate::sow::Trials;
    use crate::{
        DrawReason, Event, Lap, Legality, Move, MoveContext, MoveSet, NoMove, Observer, Outcome,
        Player, Position, Ruleset, Score, Scoring, Turn, View,
    };

    /// The built-in games keep the engine's repetition policy (RULES.md
    /// section 2): the third occurrence, a draw without score, and the end
    /// changes nothing; so the searches and the solver score a repetition
    /// as before, a draw.
    fn repetition_is_a_plain_draw<R: Ruleset>(rules: R) {
        assert_eq!(rules.repetition(), Some(3), "{rules:?}");
        let mut pos = Position::new(rules).with_lap_limit(Some(10_000));
        for _ in 0..6 {
            let mut end = pos;
            end.end_by_repetition(&mut ());
            assert_eq!(end, pos, "{pos}");
            assert_eq!(end.legal_moves(), pos.legal_moves(), "{pos}");
            assert_eq!(
                pos.repetition_outcome(),
                Outcome::Draw {
                    reason: DrawReason::Repetition,
                    score: None
                },
                "{pos}"
            );
            let Some(mv) = pos.legal_moves().into_iter().last() else {
                break;
            };
            pos.play_unchecked(mv);
        }
    }

    #[test]
    fn built_in_repetition_is_a_plain_draw() {
        repetition_is_a_plain_draw(SadeqaV);
        repetition_is_a_plain_draw(SadeqaII::new());
        repetition_is_a_plain_draw(SadeqaII::starter_only());
        repetition_is_a_plain_draw(SadeqaIII::new());
        repetition_is_a_plain_draw(SadeqaIII::game_91());
        for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
            repetition_is_a_plain_draw(Andada::default().with_reading(reading));
            repetition_is_a_plain_draw(Andada::new(24).unwrap().with_clockwise(true));
        }
        repetition_is_a_plain_draw(Resized::new(SadeqaIII::new(), 4, 2).unwrap());
    }

    /// A game of someone else's whose repetition end collects the seeds
    /// left, each row to its owner (as Oware's does), and scores the game
    /// by the seeds each holds then. Sowing: one seed a pit, no captures.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Collecting;

    impl Ruleset for Collecting {
        type State = ();
        fn name(&self) -> std::borrow::Cow<'static, str> {
            "collecting".into()
        }
        fn from_name(name: &str) -> Option<Self> {
            (name == "collecting").then_some(Collecting)
        }
        fn pits_per_row(&self) -> usize {
            3
        }
        fn seeds_per_pit(&self) -> u8 {
            1
        }
        fn scoring(&self) -> Scoring {
            Scoring::Points
        }
        fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
            MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
        }
        fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
            false
        }
        fn lap_end<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>, _: &Lap<'_>) -> Turn {
            Turn::Next
        }
        fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
            NoMove::End
        }
        fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
            Outcome::by_score(Score {
                south: pos.captured(Player::South),
                north: pos.captured(Player::North),
            })
        }
        fn repetition_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
            for player in Player::BOTH {
                ctx.sweep_row(player, player);
            }
        }
        fn repetition_outcome(&self, pos: &View<'_, ()>) -> Outcome {
            self.outcome(pos)
        }
    }

    /// The repetition end of a game that changes the position (collecting
    /// the seeds left, as Oware does) leaves the position as it made it,
    /// and that position's turn found again: with every pit empty no one
    /// can move and the game is over (its legal moves are none, not those
    /// of the board before the collection). The result is read after the
    /// collection: South's row holds 1 + 2 seeds, North's 1, so 2 + 3
    /// against 0 + 1.
    #[test]
    fn a_repetition_end_that_collects_starts_the_turn_again() {
        let pos: Position<Collecting> = "collecting 1,0,2/0,1,0 S 2-0".parse().unwrap();
        assert!(!pos.legal_moves().is_empty());
        let mut end = pos;
        end.end_by_repetition(&mut ());
        assert_eq!(end.to_string(), "collecting 0,0,0/0,0,0 S 5-1");
        assert!(end.is_over());
        assert!(end.legal_moves().is_empty());
        assert_eq!(
            pos.repetition_outcome(),
            Outcome::Win {
                winner: Player::South,
                score: Some(Score { south: 5, north: 1 })
            }
        );
    }

    impl crate::rulesets::Resizable for Collecting {}

    /// A resized game ends by repetition as its base game does: the
    /// collection and the result above, through `Resized`'s hooks.
    #[test]
    fn a_resized_games_repetition_end_is_its_base_games() {
        let rules = Resized::new(Collecting, 3, 1).unwrap();
        let pos = Position::from_str_with(rules, "collecting:3x1 1,0,2/0,1,0 S 2-0").unwrap();
        assert_eq!(rules.repetition(), Some(3));
        let mut end = pos;
        end.end_by_repetition(&mut ());
        assert_eq!(end.to_string(), "collecting:3x1 0,0,0/0,0,0 S 5-1");
        assert!(end.is_over());
        assert_eq!(
            pos.repetition_outcome(),
            Outcome::Win {
                winner: Player::South,
                score: Some(Score { south: 5, north: 1 })
            }
        );
    }

    /// A Sadeqa III position whose every candidate ends only after 20 to
    /// 48 laps: South's pits 1, 2, 4 and 5 hold 18, 17, 20 and 17 seeds,
    /// North's pit 5 holds 14, every other pit is empty.
    const LONG_MOVES: &str = "sadeqa-iii 18,17,0,20,17,0,0,0/0,0,0,0,14,0,0,0 S 5-5";

    /// The laps of each of `LONG_MOVES`' candidates, counted apart from
    /// the crate by a throwaway relay sowing written from RULES.md sections
    /// 2 and 5 (lift every seed of the pit, sow one a pit, relay while the
    /// last falls into an occupied pit): each ends.
    const LONG_MOVES_LAPS: [(u8, usize); 4] = [(1, 22), (2, 48), (4, 20), (5, 23)];

    /// The set of South's (or North's) pit moves `pits`.
    fn pit_moves(pits: &[u8]) -> MoveSet {
        pits.iter().map(|&pit| Move::Pit(pit)).collect()
    }

    /// The laps of `mv` played on a copy of `pos`, counted from its events.
    fn laps_played<R: Ruleset>(pos: &Position<R>, mv: Move) -> usize {
        let mut after = *pos;
        let events = after.play_traced(mv).unwrap();
        events
            .iter()
            .filter(|event| matches!(event, Event::Lap { .. }))
            .count()
    }

    /// `pos` with its legality found as the start of its turn finds it
    /// (`find_legality`), but with trials of `first` laps instead of
    /// [`TURN_BUDGET`](crate::TURN_BUDGET), so that a position's ordinary
    /// moves run past it: what the trials found, and the position after
    /// `settle_undecided` (rounds of `8 * first`, `64 * first`, ... laps).
    /// Every candidate must be over `first` (none known to end), as when
    /// the turn calls `settle_undecided`.
    fn settled_after_trials_of<R: Ruleset>(pos: Position<R>, first: u64) -> (Trials, Position<R>) {
        let mut settled = pos;
        let found = settled.trials_of::<false>(settled.board_candidates(), first);
        assert!(found.ends.is_empty(), "{pos}: {found:?}");
        assert!(!found.over_budget.is_empty(), "{pos}: {found:?}");
        settled
            .settle_undecided(found, first, &mut ())
            .expect("the uncancellable control does not cancel");
        (found, settled)
    }

    /// RULES.md section 2: a move is legal if its sowing ends, however many
    /// laps that takes. When no candidate is known to end within the first
    /// budget, the engine sows the undecided ones again under a budget 8
    /// times larger each round, until one ends or all are proven endless: a
    /// move still sowing after the first round is not endless, it is sown
    /// again in the next. Here with a first budget of 2 laps: every
    /// candidate of `LONG_MOVES` is over it, and over the first round's 16
    /// laps (the shortest ends after 20), and all end within the second
    /// round's 128 (the longest after 48), so all four come out legal and
    /// none is left undecided, exactly as under [`TURN_BUDGET`](crate::TURN_BUDGET).
    /// (Were a move over budget after the first round counted endless, or
    /// every undecided move taken for one with no seed to sow, none would.)
    #[test]
    fn a_move_longer_than_the_first_round_is_still_legal() {
        let pos: Position<SadeqaIII> = LONG_MOVES.parse().unwrap();
        assert_eq!(pos.lap_limit(), None);
        let all = pit_moves(&[1, 2, 4, 5]);
        assert_eq!(pos.candidate_moves(), all);
        for (pit, laps) in LONG_MOVES_LAPS {
            assert_eq!(laps_played(&pos, Move::Pit(pit)), laps, "move {pit}");
        }
        let (found, settled) = settled_after_trials_of(pos, 2);
        assert_eq!(found.endless, MoveSet::EMPTY);
        assert_eq!(found.over_budget, all);
        let expected = Legality {
            ends: all,
            endless: MoveSet::EMPTY,
            undecided: MoveSet::EMPTY,
        };
        assert_eq!(settled.legality(), expected);
        assert_eq!(pos.legality(), expected);
        assert_eq!(settled.legal_moves(), pos.legal_moves());
    }

    /// The first budget changes only the path to the legal moves (RULES.md
    /// section 2: a move is legal if its sowing ends): with a first budget
    /// of 1 to 8 laps, every candidate of `LONG_MOVES` is over it, and the
    /// legal moves after settling (with the moves left undecided proved,
    /// as [`Position::legal_moves`] does) are the four found under
    /// [`TURN_BUDGET`](crate::TURN_BUDGET). With 4 laps, for one, the first
    /// round (32 laps) finds moves 1, 4 and 5 legal and leaves move 2 (48
    /// laps) undecided, not endless.
    #[test]
    fn the_first_budget_changes_only_the_path_to_the_legal_moves() {
        let pos: Position<SadeqaIII> = LONG_MOVES.parse().unwrap();
        let all = pit_moves(&[1, 2, 4, 5]);
        assert_eq!(pos.legal_moves(), all);
        for first in 1..=8 {
            let (_, settled) = settled_after_trials_of(pos, first);
            assert_eq!(settled.legal_moves(), all, "first budget {first}");
        }
        let (_, settled) = settled_after_trials_of(pos, 4);
        assert_eq!(
            settled.legality(),
            Legality {
                ends: pit_moves(&[1, 4, 5]),
                endless: MoveSet::EMPTY,
                undecided: pit_moves(&[2]),
            }
        );
    }

    /// RULES.md section 2, the lap limit: under a caller's limit a move
    /// that has not ended within it counts as endless, and one that ends
    /// within it is legal. While settling, a move over a round's budget
    /// is endless only in the round that sows up to the limit itself.
    /// Here `LONG_MOVES` under a limit of 30 laps and a first budget of 2:
    /// the first round (16 laps) decides nothing; the second is cut to the
    /// limit, 30, and finds moves 1, 4 and 5 (20 to 23 laps) legal and
    /// move 2 (48 laps) endless, as under [`TURN_BUDGET`](crate::TURN_BUDGET).
    #[test]
    fn a_move_over_the_lap_limit_is_endless_only_at_the_limit() {
        let pos: Position<SadeqaIII> = LONG_MOVES.parse().unwrap();
        let pos = pos.with_lap_limit(Some(30));
        let (found, settled) = settled_after_trials_of(pos, 2);
        assert_eq!(found.endless, MoveSet::EMPTY);
        assert_eq!(found.over_budget, pit_moves(&[1, 2, 4, 5]));
        let expected = Legality {
            ends: pit_moves(&[1, 4, 5]),
            endless: pit_moves(&[2]),
            undecided: MoveSet::EMPTY,
        };
        assert_eq!(settled.legality(), expected);
        assert_eq!(pos.legality(), expected);
        assert_eq!(settled.legal_moves(), pos.legal_moves());
    }
}
