//! Legality and proofs: the legal moves found at the start of the turn,
//! what is known of each candidate ([`Legality`]), why a move is refused,
//! and the exact proofs of undecided sowings ([`Position::prove`],
//! [`Position::settle`]).

use super::*;

impl<R: Ruleset> Position<R> {
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
    pub(super) fn legal_moves_to_find(&self) -> MoveSet {
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
        self.board_candidates()
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
    /// let pos: Position<SadeqaII> = "sadeqa-ii 6,2,3,4,1,3/2,0,4,3,2,1 S 3-2".parse()?;
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
    /// [`PlayError::Endless`] or [`PlayError::LapLimit`];
    /// [`PlayError::EmptySowing`] for a candidate of the ruleset's that has
    /// no seed to sow (the ruleset's mistake, not the player's).
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.check_with(mv, &mut ())
    }

    pub(super) fn check_with<C: Control>(
        &self,
        mv: Move,
        control: &mut C,
    ) -> Result<(), PlayError> {
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
    /// candidate at all; [`PlayError::EmptySowing`] if it is a candidate
    /// with no seed to sow (a mistake of the ruleset's).
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
                Sown::NoSeed => return Err(PlayError::EmptySowing { mv }),
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
    pub(super) fn check_candidate(&self, mv: Move) -> Result<(), PlayError> {
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
    pub(super) fn refusal(&self, mv: Move, candidates: MoveSet) -> Refusal {
        let n = self.pits_per_row() as u8;
        let choice_due = !candidates.is_empty() && candidates.pits().is_empty();
        match mv {
            // A choice move refused while a choice is due is one the ruleset
            // does not offer: no built-in ruleset offers one without the
            // other (Andada's choice offers both), so only a ruleset of
            // someone else's reaches `NotACandidate` (docs/MUTANTS.md).
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
}
