//! [`Position`]: a small value type holding everything about a position,
//! with the core's move generation and the relay-sowing engine.

use crate::error::{ParsePositionError, PlayError};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::{Pit, Player};
use crate::ruleset::{LapEnd, MoveStart, NoMove, Ruleset, Turn};
use crate::sow::{BOARD, sow_lap};
use crate::variant::Variant;
use std::hash::{Hash, Hasher};

/// A position of a game played under the ruleset `R`: pits, side to move,
/// captured seeds, the ruleset's own state (waranas, phase, ...) and the
/// ruleset value itself.
///
/// `Copy` and a few dozen bytes: the pits live in a fixed array sized for
/// the largest board (2 x 24), so nothing here allocates on the hot path
/// (sowing, legal moves, play).
///
/// Equality and hashing compare what the position string shows (plus the
/// ruleset's options); the lap-limit setting is not part of the position.
#[derive(Clone, Copy, Debug)]
pub struct Position<R: Ruleset> {
    rules: R,
    pits: [u8; BOARD],
    side: Player,
    captured: [u16; 2],
    state: R::State,
    over: bool,
    lap_limit: Option<u32>,
}

/// Why a sowing could not be completed.
enum Stuck {
    Endless,
    LapLimit(u32),
}

impl Stuck {
    fn into_error(self, mv: Move) -> PlayError {
        match self {
            Stuck::Endless => PlayError::Endless { mv },
            Stuck::LapLimit(limit) => PlayError::LapLimit { mv, limit },
        }
    }
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
        let v = rules.variant();
        let mut pits = [0u8; BOARD];
        pits[..2 * v.pits_per_row()].fill(v.seeds_per_pit());
        let mut pos = Position {
            rules,
            pits,
            side: first,
            captured: [0; 2],
            state: rules.initial_state(first),
            over: false,
            lap_limit: None,
        };
        pos.over = rules.is_terminal(&pos) || !pos.has_legal_move();
        pos
    }

    /// Builds a position from its parts: each row from its owner's pit 1, as
    /// the position string writes them.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field at fault: a row of the wrong
    /// length, more seeds than the variant has, or a position the ruleset
    /// cannot reach ([`Ruleset::check_setup`]).
    pub fn from_parts(
        rules: R,
        south: &[u8],
        north: &[u8],
        side_to_move: Player,
        captured: [u16; 2],
        state: R::State,
    ) -> Result<Self, ParsePositionError> {
        let v = rules.variant();
        let n = v.pits_per_row();
        for (row, pits) in [(Player::South, south), (Player::North, north)] {
            if pits.len() != n {
                return Err(ParsePositionError::PitCount {
                    row,
                    found: pits.len(),
                    expected: n,
                });
            }
        }
        let found: u32 = south.iter().chain(north).map(|&s| s as u32).sum::<u32>()
            + captured.iter().map(|&c| c as u32).sum::<u32>();
        if found > v.total_seeds() {
            return Err(ParsePositionError::TooManySeeds {
                found,
                total: v.total_seeds(),
                variant: v.name(),
            });
        }
        let mut pos = Position {
            rules,
            pits: [0; BOARD],
            side: side_to_move,
            captured,
            state,
            over: false,
            lap_limit: None,
        };
        for (row, pits) in [(Player::South, south), (Player::North, north)] {
            for (i, &s) in pits.iter().enumerate() {
                let idx = pos.index_of(row, i as u8 + 1);
                pos.pits[idx] = s;
            }
        }
        pos.over = rules.is_terminal(&pos) || !pos.has_legal_move();
        rules.check_setup(&pos)?;
        Ok(pos)
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
    ///
    /// A limit can leave the side to move without a legal move; the
    /// ruleset's no-move rule then applies at once, as after a move (Sadeqa V:
    /// he passes). Set the limit before play: a finished game is not
    /// reopened by a change of limit.
    pub fn with_lap_limit(mut self, limit: Option<u32>) -> Self {
        self.lap_limit = limit;
        if !self.over {
            if self.rules.is_terminal(&self) {
                self.over = true;
            } else {
                self.settle(&mut ());
            }
        }
        self
    }

    /// The lap limit in force, `None` for the exact test.
    pub fn lap_limit(&self) -> Option<u32> {
        self.lap_limit
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    /// Pits per row, `n`.
    #[inline]
    pub fn pits_per_row(&self) -> usize {
        self.rules.variant().pits_per_row()
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

    /// The ruleset's state (waranas, first-move flags, phase).
    #[inline]
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// Seeds in `pit`; 0 for a pit number outside the board.
    pub fn seeds(&self, pit: Pit) -> u8 {
        if pit.number == 0 || pit.number as usize > self.pits_per_row() {
            return 0;
        }
        self.pits[self.index_of(pit.owner, pit.number)]
    }

    /// `player`'s row, from his pit 1 to pit n.
    pub fn row(&self, player: Player) -> impl ExactSizeIterator<Item = u8> + '_ {
        (1..=self.pits_per_row() as u8).map(move |p| self.pits[self.index_of(player, p)])
    }

    /// Seeds on the board.
    pub fn seeds_on_board(&self) -> u32 {
        self.pits.iter().map(|&s| s as u32).sum()
    }

    /// Seeds removed from play and not counted as captured (Andada's
    /// singleton ending): start total minus board minus captured.
    pub fn removed(&self) -> u32 {
        self.variant().total_seeds()
            - self.seeds_on_board()
            - self.captured.iter().map(|&c| c as u32).sum::<u32>()
    }

    /// Whether the game is over (RULES.md: the player to move has no legal
    /// move and the ruleset ends the game).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Ongoing, or the result with final points where the game scores them.
    /// Repetition and ply limits are the [`Game`](crate::Game)'s business.
    pub fn outcome(&self) -> Outcome {
        if self.over {
            self.rules.outcome(self)
        } else {
            Outcome::Ongoing
        }
    }

    // ---- moves ----

    /// The legal moves: the ruleset's candidates minus endless ones. Empty
    /// when the game is over. No allocation.
    ///
    /// Each candidate is sown on a copy to prove it ends, so this costs one
    /// sowing per candidate (and, for an endless one, the whole cycle).
    pub fn legal_moves(&self) -> MoveSet {
        if self.over {
            return MoveSet::EMPTY;
        }
        self.rules
            .candidate_moves(self)
            .into_iter()
            .filter(|&mv| self.completes(mv))
            .collect()
    }

    /// The ruleset's candidate moves ([`Ruleset::candidate_moves`]): the
    /// moves its own conditions allow, before endless ones are removed.
    pub fn candidate_moves(&self) -> MoveSet {
        if self.over {
            return MoveSet::EMPTY;
        }
        self.rules.candidate_moves(self)
    }

    /// The owner of the warana at `pit`, if it is one (Sadeqa V only): the
    /// player who does not own its row (RULES.md section 3.4).
    pub fn warana_owner(&self, pit: Pit) -> Option<Player> {
        if pit.number == 0 || pit.number as usize > self.pits_per_row() {
            return None;
        }
        let mask = self.rules.warana_mask(&self.state);
        (mask >> self.index_of(pit.owner, pit.number) & 1 == 1).then(|| pit.owner.other())
    }

    /// Whether `mv` is legal: `legal_moves().contains(mv)`, for one move.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
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
        self.check_candidate(mv)?;
        let mut copy = *self;
        copy.run_move(mv, &mut ()).map(|_| ())
    }

    fn check_candidate(&self, mv: Move) -> Result<(), PlayError> {
        if self.over {
            return Err(PlayError::GameOver);
        }
        if !self.rules.candidate_moves(self).contains(mv) {
            return Err(PlayError::Illegal {
                mv,
                reason: self.rules.refusal(self, mv),
            });
        }
        Ok(())
    }

    /// Whether the player to move has a legal move (ignores whether the game
    /// has been declared over).
    ///
    /// One move that ends is enough, so the candidates are sown side by side
    /// under a growing lap budget (256 laps, then 8 times more each round):
    /// an endless candidate, whose proof may take 10^9 laps, does not hold up
    /// a candidate that ends in a few. Only if every candidate is endless does
    /// this cost the full proofs.
    pub fn has_legal_move(&self) -> bool {
        let mut pending = self.rules.candidate_moves(self);
        let mut budget: u32 = 256;
        loop {
            // Past 2^30 laps per round, the last round runs without a budget.
            let limit = match self.lap_limit {
                Some(user) if budget >= 1 << 30 => Some(user),
                Some(user) => Some(user.min(budget)),
                None if budget >= 1 << 30 => None,
                None => Some(budget),
            };
            for mv in pending {
                let mut copy = *self;
                copy.lap_limit = limit;
                match copy.run_move(mv, &mut ()) {
                    Ok(_) => return true,
                    // Cut off by our budget, not proven: try again next round.
                    Err(PlayError::LapLimit { limit: l, .. }) if Some(l) != self.lap_limit => {}
                    Err(_) => pending.remove(mv),
                }
            }
            if pending.is_empty() {
                return false;
            }
            budget = budget.saturating_mul(8);
        }
    }

    fn completes(&self, mv: Move) -> bool {
        let mut copy = *self;
        copy.run_move(mv, &mut ()).is_ok()
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// [`PlayError`] if the move is not legal; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check_candidate(mv)?;
        let mut next = *self;
        next.apply(mv, &mut ())?;
        *self = next;
        Ok(())
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
        self.play_observed(mv, &mut events)?;
        Ok(events)
    }

    /// Plays `mv`, passing each [`Event`] to `obs` as it happens. The move is
    /// checked first, so `obs` sees only the events of a move that is played.
    ///
    /// # Errors
    /// As [`Position::play`]; the position is then unchanged.
    pub fn play_observed<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<(), PlayError> {
        self.check(mv)?;
        let mut next = *self;
        next.apply(mv, obs)?;
        *self = next;
        Ok(())
    }

    /// Plays `mv` without checking it: the fast path for search, for moves
    /// taken from [`Position::legal_moves`].
    ///
    /// # Panics
    /// If the move's sowing is endless. Any other illegal move leaves the
    /// position in an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, mv: Move) {
        if let Err(e) = self.apply(mv, &mut ()) {
            panic!("play_unchecked: {e}");
        }
    }

    /// Carries out a candidate move: the sowing, then the turn.
    fn apply<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<(), PlayError> {
        let mover = self.side;
        let turn = self.run_move(mv, obs)?;
        let rules = self.rules;
        let turn = rules.after_move(self, mover, turn);
        // When the game ends, the side to move names the player who would be
        // next (RULES.md section 7).
        self.side = match turn {
            Turn::Again => mover,
            Turn::Next | Turn::GameOver => mover.other(),
        };
        if turn == Turn::GameOver || rules.is_terminal(self) {
            self.over = true;
            obs.event(Event::GameOver);
            return Ok(());
        }
        self.settle(obs);
        Ok(())
    }

    /// The start of a turn: a player with no legal move passes or the game
    /// ends, as the ruleset says.
    fn settle<O: Observer>(&mut self, obs: &mut O) {
        if self.has_legal_move() {
            return;
        }
        let rules = self.rules;
        match rules.no_legal_move(self, obs) {
            NoMove::Pass => {
                let passer = self.side;
                self.side = passer.other();
                if self.has_legal_move() {
                    obs.event(Event::Pass { player: passer });
                    return;
                }
                // Neither player can move: the game is over, and the player
                // who could not move stays named as next.
                self.side = passer;
            }
            NoMove::GameOver => {}
        }
        self.over = true;
        obs.event(Event::GameOver);
    }

    /// Starts the move and runs its sowing to the end.
    fn run_move<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<Turn, PlayError> {
        let rules = self.rules;
        match rules.start_move(self, mv, obs) {
            MoveStart::Done(turn) => Ok(turn),
            MoveStart::Sow { origin, barrier } => {
                self.sow(origin, barrier, obs).map_err(|s| s.into_error(mv))
            }
        }
    }

    /// Relay sowing from `origin` (RULES.md section 2) until a lap stops.
    ///
    /// Endless sowing is decided exactly: a lap is invertible, so a sowing
    /// that never ends returns to its own first state (board and origin
    /// pit); comparing each lap's state with the first proves it, in constant
    /// memory. The board comparison runs only when the origin matches, so
    /// ordinary moves pay one integer comparison per lap.
    fn sow<O: Observer>(
        &mut self,
        origin: usize,
        barrier: Option<usize>,
        obs: &mut O,
    ) -> Result<Turn, Stuck> {
        let rules = self.rules;
        let len = 2 * self.pits_per_row();
        if R::PLAIN_RELAY && barrier.is_none() && len <= 16 {
            let landing = self.relay_in_register(origin, obs)?;
            if let LapEnd::Stop(turn) = rules.lap_end(self, landing, obs) {
                return Ok(turn);
            }
            // A ruleset that broke the PLAIN_RELAY promise: go on in the
            // general loop (still exact: an endless sowing is a pure cycle,
            // so it returns to any of its states).
            debug_assert!(
                false,
                "PLAIN_RELAY ruleset relayed from a pit holding one seed"
            );
            return self.sow_general(landing, barrier, obs);
        }
        self.sow_general(origin, barrier, obs)
    }

    /// Relay laps of a board of at most 16 pits held in one `u128` (a byte a
    /// pit), until a lap ends in a pit that was empty. Returns that pit,
    /// with the board written back. The same endless test as
    /// [`Position::sow_general`].
    fn relay_in_register<O: Observer>(
        &mut self,
        origin: usize,
        obs: &mut O,
    ) -> Result<usize, Stuck> {
        let len = 2 * self.pits_per_row();
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&self.pits[..16]);
        let first = u128::from_le_bytes(bytes);
        let mut board = first;
        let first_origin = origin;
        let mut origin = origin;
        let mut seeds = self.pits[origin];
        let mut laps: u64 = 0;
        loop {
            let (landing, count) = crate::sow::sow_lap_u128(&mut board, len, origin, seeds);
            obs.event(Event::Lap {
                origin: self.pit_at(origin),
                seeds,
                landing: self.pit_at(landing),
            });
            if count <= 1 {
                self.pits[..16].copy_from_slice(&board.to_le_bytes());
                return Ok(landing);
            }
            origin = landing;
            seeds = count;
            laps += 1;
            if origin == first_origin && board == first {
                return Err(Stuck::Endless);
            }
            if let Some(limit) = self.lap_limit
                && laps >= limit as u64
            {
                return Err(Stuck::LapLimit(limit));
            }
        }
    }

    /// The general relay loop: any board, any ruleset, with a barrier.
    fn sow_general<O: Observer>(
        &mut self,
        origin: usize,
        barrier: Option<usize>,
        obs: &mut O,
    ) -> Result<Turn, Stuck> {
        let rules = self.rules;
        let len = 2 * self.pits_per_row();
        let first_pits = self.pits;
        let first_origin = origin;
        let mut origin = origin;
        let mut laps: u64 = 0;
        loop {
            if let Some(last) = barrier {
                let room = (last + len - origin) % len;
                let seeds = self.pits[origin] as usize;
                if seeds > room {
                    return Ok(self.sow_to_barrier(origin, last, obs));
                }
            }
            let (seeds, landing) = sow_lap(&mut self.pits, len, origin);
            obs.event(Event::Lap {
                origin: self.pit_at(origin),
                seeds,
                landing: self.pit_at(landing),
            });
            if let LapEnd::Stop(turn) = rules.lap_end(self, landing, obs) {
                return Ok(turn);
            }
            origin = landing;
            laps += 1;
            if origin == first_origin && self.pits == first_pits {
                return Err(Stuck::Endless);
            }
            if let Some(limit) = self.lap_limit
                && laps >= limit as u64
            {
                return Err(Stuck::LapLimit(limit));
            }
        }
    }

    /// A lap cut by the barrier: seeds fall up to `last`, the rest are
    /// removed from play, and the move ends.
    fn sow_to_barrier<O: Observer>(&mut self, origin: usize, last: usize, obs: &mut O) -> Turn {
        let len = 2 * self.pits_per_row();
        let room = (last + len - origin) % len;
        let seeds = self.pits[origin];
        self.pits[origin] = 0;
        for step in 1..=room {
            self.pits[(origin + step) % len] += 1;
        }
        if room > 0 {
            obs.event(Event::Lap {
                origin: self.pit_at(origin),
                seeds: room as u8,
                landing: self.pit_at(last),
            });
        }
        obs.event(Event::Removed {
            from: self.pit_at(last),
            seeds: seeds - room as u8,
        });
        Turn::Next
    }

    // ---- sowing-order indices, for ruleset implementors ----

    /// The sowing-order index of `player`'s pit `number` (1-based): South's
    /// pits are `0..n`, North's `n..2n` (RULES.md section 1).
    #[inline]
    pub fn index_of(&self, player: Player, number: u8) -> usize {
        let n = self.pits_per_row();
        let offset = if self.rules.clockwise() {
            n - number as usize
        } else {
            number as usize - 1
        };
        player.index() * n + offset
    }

    /// The pit at sowing-order index `idx`.
    #[inline]
    pub fn pit_at(&self, idx: usize) -> Pit {
        let n = self.pits_per_row();
        let owner = self.owner(idx);
        let offset = idx % n;
        let number = if self.rules.clockwise() {
            n - offset
        } else {
            offset + 1
        };
        Pit::new(owner, number as u8)
    }

    /// The owner of the row holding index `idx`.
    #[inline]
    pub fn owner(&self, idx: usize) -> Player {
        if idx < self.pits_per_row() {
            Player::South
        } else {
            Player::North
        }
    }

    /// The index of the pit opposite `idx` (South's pit i faces North's pit
    /// n+1-i, in either sowing direction).
    #[inline]
    pub fn opposite(&self, idx: usize) -> usize {
        2 * self.pits_per_row() - 1 - idx
    }

    /// The index of `player`'s last pit in sowing order (from which sowing
    /// passes into the opponent's row).
    #[inline]
    pub fn last_index(&self, player: Player) -> usize {
        (player.index() + 1) * self.pits_per_row() - 1
    }

    /// Seeds at index `idx`.
    #[inline]
    pub fn seeds_at(&self, idx: usize) -> u8 {
        self.pits[idx]
    }

    /// Sets the seeds at index `idx`. For ruleset hooks: like the other
    /// mutators below, it checks nothing (a position changed through them
    /// may break the seed count; a ruleset keeps it).
    #[inline]
    pub fn set_seeds_at(&mut self, idx: usize, seeds: u8) {
        self.pits[idx] = seeds;
    }

    /// Empties index `idx` and returns its seeds. For ruleset hooks.
    #[inline]
    pub fn take(&mut self, idx: usize) -> u8 {
        std::mem::take(&mut self.pits[idx])
    }

    /// Adds to `player`'s captured seeds. For ruleset hooks.
    #[inline]
    pub fn add_captured(&mut self, player: Player, seeds: u16) {
        self.captured[player.index()] += seeds;
    }

    /// The ruleset's state, mutable. For ruleset hooks.
    #[inline]
    pub fn state_mut(&mut self) -> &mut R::State {
        &mut self.state
    }

    /// Bit mask of `player`'s non-empty pits by pit number (bit 0 = pit 1):
    /// the usual candidate moves.
    #[inline]
    pub fn occupied_pits(&self, player: Player) -> u32 {
        let n = self.pits_per_row();
        let mut mask = 0u32;
        for number in 1..=n as u8 {
            if self.pits[self.index_of(player, number)] != 0 {
                mask |= 1 << (number - 1);
            }
        }
        mask
    }

    /// Seeds in `player`'s row.
    pub fn seeds_in_row(&self, player: Player) -> u32 {
        let n = self.pits_per_row();
        let base = player.index() * n;
        self.pits[base..base + n].iter().map(|&s| s as u32).sum()
    }

    /// Empties the board and returns the seeds that were on it. For ruleset
    /// hooks (Sadeqa III's end).
    pub fn clear_board(&mut self) -> u16 {
        let seeds = self.seeds_on_board() as u16;
        self.pits = [0; BOARD];
        seeds
    }

    /// The same position with `player` to move (for setup checks).
    pub(crate) fn with_side_to_move(mut self, player: Player) -> Self {
        self.side = player;
        self
    }
}

impl<R: Ruleset> PartialEq for Position<R> {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
            && self.pits == other.pits
            && self.side == other.side
            && self.captured == other.captured
            && self.state == other.state
    }
}

impl<R: Ruleset> Eq for Position<R> {}

impl<R: Ruleset> Hash for Position<R> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.rules.hash(h);
        self.pits.hash(h);
        self.side.hash(h);
        self.captured.hash(h);
        self.state.hash(h);
    }
}

impl<R: Ruleset + Default> Default for Position<R> {
    fn default() -> Self {
        Position::new(R::default())
    }
}
