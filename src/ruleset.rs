//! The [`Ruleset`] trait: the hooks in which the games differ, and the
//! narrow [`MoveContext`] through which a hook changes a position.
//!
//! Everything else (sowing, relay laps, endless-sowing detection, legality,
//! turn order, passing, notation) is written once in the core: the [`Board`]
//! and its laps, the relay engine in `sow`, legality and turns in
//! [`Position`](crate::Position).
//!
//! A move flows through the hooks in this order:
//! [`start`](Ruleset::start) (where it sows from, or a move that is not a
//! sowing) and [`begin`](Ruleset::begin) (what the start changes), then after every lap [`relays`](Ruleset::relays) (does the
//! sowing go on?) until a lap stops it, [`lap_end`](Ruleset::lap_end) (what
//! the stopping lap does: captures, waranas, a bonus move), then
//! [`end_move`](Ruleset::end_move) (bookkeeping). At the start of every turn
//! the core takes [`candidates`](Ruleset::candidates), sows each as a trial
//! from its [`start`](Ruleset::start) to remove the endless ones, and if none is left asks
//! [`no_move`](Ruleset::no_move): pass, or the game is over. That is the one
//! way a game ends.

use crate::board::Board;
use crate::error::{Refusal, StateError, Unreachable};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::options::spec::{OptionError, OptionSpec, OptionValue};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::view::View;
use std::borrow::Cow;
use std::fmt::Debug;
use std::hash::Hash;

/// Who moves after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The opponent.
    Next,
    /// The mover again (Sadeqa V's bonus move; Andada's choice of oneself).
    Again,
}

/// How a move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Relay-sow from the sowing-order index `origin` (an empty pit or an
    /// index off the board has no seed to sow: the move is not legal, the
    /// ruleset's mistake, [`PlayError::EmptySowing`](crate::PlayError::EmptySowing)). With `barrier`, no
    /// seed may pass beyond that index: a seed that would is removed from
    /// play with the rest in hand and the move ends (Andada's singleton
    /// ending, RULES.md section 6.5).
    Sow {
        /// Sowing-order index of the origin pit.
        origin: usize,
        /// Sowing-order index of the last pit seeds may fall into.
        barrier: Option<usize>,
    },
    /// The move was carried out by the hook itself (Andada's opening and
    /// choice).
    Done(Turn),
}

/// What the player to move does when he has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMove {
    /// He passes; if the opponent cannot move either, the game is over
    /// (Sadeqa V, RULES.md section 3.5).
    Pass,
    /// The game is over.
    End,
}

/// The end of one lap, as [`Ruleset::relays`] and [`Ruleset::lap_end`] see
/// it: the pit where the last seed fell and the board after the lap.
#[derive(Clone, Copy, Debug)]
pub struct Lap<'a> {
    /// Sowing-order index of the pit where the last seed fell.
    pub landing: usize,
    /// Seeds in that pit now, the last one included: 1 if it was empty.
    pub count: u8,
    /// The player making the move.
    pub mover: Player,
    /// Whether the landing pit is marked (a warana).
    pub marked: bool,
    /// The board after the lap.
    pub board: &'a Board,
}

/// What a hook may change while a move is made: the board's seeds (only by
/// capturing or removing them, so seeds are conserved by construction),
/// marked pits, the ruleset's state, and the events reported.
///
/// Built by the core for [`Ruleset::begin`], [`Ruleset::lap_end`],
/// [`Ruleset::end_move`] and [`Ruleset::no_move`]. What it changes it
/// reports itself: [`capture`](MoveContext::capture),
/// [`sweep`](MoveContext::sweep), [`sweep_row`](MoveContext::sweep_row)
/// and [`sow_lap`](MoveContext::sow_lap) emit their [`Event`]s, so a
/// ruleset reports by hand only what is its own (a warana made, a bonus
/// move).
///
/// Named `Sowing` in 0.3: the name said neither that it is a context nor
/// that it spans the whole move (its start, every lap's end, the move's
/// end and the turn without a move), and it was the crate's name and the
/// act of sowing a lap. `Sowing` stays as a deprecated alias.
pub struct MoveContext<'a, R: Ruleset, O: Observer> {
    pub(crate) board: &'a mut Board,
    pub(crate) marks: &'a mut u64,
    pub(crate) state: &'a mut R::State,
    pub(crate) captured: &'a mut [u16; 2],
    pub(crate) mover: Player,
    pub(crate) obs: &'a mut O,
}

/// The 0.3 name of [`MoveContext`].
#[deprecated(since = "0.4.0", note = "renamed `MoveContext`")]
pub type Sowing<'a, R, O> = MoveContext<'a, R, O>;

impl<R: Ruleset, O: Observer> MoveContext<'_, R, O> {
    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The position as it stands, read-only (the side to move is the
    /// mover).
    #[inline(always)]
    pub fn view(&self) -> View<'_, R::State> {
        View {
            board: self.board,
            marks: *self.marks,
            side: self.mover,
            captured: *self.captured,
            state: self.state,
            over: false,
        }
    }

    /// The player making the move (for [`Ruleset::no_move`]: the player who
    /// cannot move).
    #[inline]
    pub fn mover(&self) -> Player {
        self.mover
    }

    /// The ruleset's state.
    #[inline]
    pub fn state(&self) -> &R::State {
        self.state
    }

    /// The ruleset's state, to change.
    #[inline]
    pub fn state_mut(&mut self) -> &mut R::State {
        self.state
    }

    /// Seeds captured by `player` so far.
    #[inline]
    pub fn captured(&self, player: Player) -> u16 {
        self.captured[player.index()]
    }

    /// Whether the pit at `idx` is marked (a warana); `false` for an index
    /// off the board.
    #[inline]
    pub fn is_marked(&self, idx: usize) -> bool {
        // The bound keeps the shift below 64; `<=` would read bit `len`
        // as well, which `mark` never sets (equivalent, docs/MUTANTS.md).
        idx < self.board.len() && *self.marks >> idx & 1 == 1
    }

    /// Marks the pit at `idx` for good (a warana, RULES.md section 3.4). An
    /// index off the board, or a game that does not mark pits
    /// ([`Ruleset::MARKS_PITS`]), marks nothing.
    #[inline]
    pub fn mark(&mut self, idx: usize) {
        if R::MARKS_PITS && idx < self.board.len() {
            *self.marks |= 1 << idx;
        }
    }

    /// Moves up to `seeds` seeds of the pit at `idx` to `by`'s captured
    /// seeds, and reports it: [`Event::WaranaCapture`] from a marked pit
    /// (Sadeqa V's waranas, RULES.md 3.3), [`Event::Capture`] from any
    /// other; nothing is reported when no seed moves. Returns the seeds
    /// moved: 0 for an index off the board.
    #[inline]
    pub fn capture(&mut self, idx: usize, seeds: u8, by: Player) -> u8 {
        if idx >= self.board.len() {
            return 0;
        }
        let have = self.board.seeds_at(idx);
        let taken = have.min(seeds);
        self.board.set(idx, have - taken);
        self.captured[by.index()] += taken as u16;
        if O::LISTENS && taken > 0 {
            let pit = self.board.pit_at(idx);
            self.obs.event(if self.is_marked(idx) {
                Event::WaranaCapture {
                    by,
                    pit,
                    seeds: taken,
                }
            } else {
                Event::Capture {
                    by,
                    pit,
                    seeds: taken,
                }
            });
        }
        taken
    }

    /// Removes up to `seeds` seeds of the pit at `idx` from play, captured
    /// by no one (Andada's singleton ending). Returns the seeds removed: 0
    /// for an index off the board.
    #[inline]
    pub fn remove(&mut self, idx: usize, seeds: u8) -> u8 {
        if idx >= self.board.len() {
            return 0;
        }
        let have = self.board.seeds_at(idx);
        let taken = have.min(seeds);
        self.board.set(idx, have - taken);
        taken
    }

    /// Moves every seed on the board to `to`'s captured seeds (Sadeqa III's
    /// end, RULES.md section 5.4), reported as one [`Event::Sweep`] (none
    /// for an empty board). Returns the seeds moved.
    pub fn sweep(&mut self, to: Player) -> u16 {
        let seeds = self.board.clear() as u16;
        self.captured[to.index()] += seeds;
        if seeds > 0 {
            self.obs.event(Event::Sweep { to, seeds });
        }
        seeds
    }

    /// Moves every seed of `row`'s pits to `to`'s captured seeds (Oware's
    /// end: each player collects his own row), reported as one
    /// [`Event::Sweep`] (none for an empty row). Returns the seeds moved.
    pub fn sweep_row(&mut self, row: Player, to: Player) -> u16 {
        let n = self.board.pits_per_row();
        let first = row.index() * n;
        let mut seeds = 0u16;
        for idx in first..first + n {
            seeds += self.board.seeds_at(idx) as u16;
            self.board.set(idx, 0);
        }
        self.captured[to.index()] += seeds;
        if seeds > 0 {
            self.obs.event(Event::Sweep { to, seeds });
        }
        seeds
    }

    /// One plain lap from `origin` (its seeds lifted and sown on, the
    /// origin not skipped), reported as [`Event::Lap`]; no relay. Returns
    /// the landing index. For moves a hook carries out itself (Andada's
    /// opening chain).
    pub fn sow_lap(&mut self, origin: usize) -> usize {
        let seeds = self.board.seeds_at(origin);
        if seeds == 0 {
            return origin;
        }
        let (landing, _) = self.board.sow_lap(origin, seeds);
        let board = *self.board;
        self.obs.event(Event::Lap {
            origin: board.pit_at(origin),
            seeds,
            landing: board.pit_at(landing),
        });
        landing
    }

    /// Reports `event`.
    #[inline]
    pub fn event(&mut self, event: Event) {
        self.obs.event(event);
    }
}

impl<W: Ruleset, O: Observer> MoveContext<'_, W, O> {
    /// The same context as one of the ruleset `R`, which has the same state:
    /// a ruleset that wraps another
    /// ([`Resized`](crate::rulesets::Resized)) hands its hooks' context on
    /// to the wrapped ruleset's hooks.
    #[inline(always)]
    pub(crate) fn as_ruleset<R: Ruleset<State = W::State>>(&mut self) -> MoveContext<'_, R, O> {
        MoveContext {
            board: self.board,
            marks: self.marks,
            state: self.state,
            captured: self.captured,
            mover: self.mover,
            obs: self.obs,
        }
    }
}

/// How a game is won (RULES.md sections 3.7, 4.4, 5.5, 6.6): what a
/// player, a search or the solver must maximise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scoring {
    /// The last player able to move wins (Sadeqa II, Andada): there are
    /// no points, and a win is a win.
    LastMover,
    /// The player with more points at the end wins (Sadeqa V, Sadeqa III):
    /// a margin of points is worth playing for.
    Points,
}

/// [`Ruleset::evaluate`]'s default: the points difference, or mobility,
/// as the game is won.
#[inline]
pub(crate) fn by_scoring<R: Ruleset>(rules: &R, pos: &View<'_, R::State>) -> i32 {
    let me = pos.side_to_move();
    match rules.scoring() {
        Scoring::Points => {
            let points = |p: Player| rules.points(pos, p).unwrap_or(pos.captured(p)) as i32;
            4 * (points(me) - points(me.other()))
        }
        Scoring::LastMover => mobility(pos.board(), me) - mobility(pos.board(), me.other()),
    }
}

/// `player`'s mobility and seeds: `4` per occupied pit of his row, `4`
/// more per pit of two seeds or more, `1` per seed.
#[inline]
fn mobility(board: &Board, player: Player) -> i32 {
    let n = board.pits_per_row();
    let first = player.index() * n;
    (first..first + n).fold(0, |value, idx| {
        let s = board.seeds_at(idx) as i32;
        value + s + 4 * (s > 0) as i32 + 4 * (s > 1) as i32
    })
}

/// The rules of one game, as hooks called by the core.
///
/// A ruleset is a small value (its options); a [`Position`](crate::Position)
/// carries it. Indices in the hooks are sowing-order indices of the
/// [`Board`]: South's pits `0..n`, then North's `n..2n` (RULES.md
/// section 1).
///
/// The required items are what differs between games: the board's shape
/// and start, how the game is won, the candidates, what ends a move, what
/// happens when a player cannot move, the result. The provided ones have
/// defaults that most games keep. Hooks read a position through a
/// read-only [`View`] and change one only through a [`MoveContext`].
/// A game defined in another crate implements this trait and gets the
/// whole engine: legality with the exact endless test, play, the position
/// string, games and records, the computer players and the solver.
pub trait Ruleset: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + Sized + 'static {
    // cargo-mutants replaces a provided hook's body with a value of its
    // type; where that value is the default's own (`options`' empty slice,
    // `option_value`'s, `refusal`'s and `format_state`'s `None`,
    // `initial_state`'s and `state_at`'s `Default::default()`,
    // `check_setup`'s `Ok(())`, `begin`'s, `end_move`'s and
    // `repetition_end`'s `()`), the mutant is the same function:
    // equivalent (docs/MUTANTS.md). The other defaults are checked by
    // `a_ruleset_that_keeps_every_default_gets_the_documented_ones`.

    /// Per-position state of this game beyond pits, marks, side to move and
    /// captured seeds: first-move restrictions, the phase. `()` for none.
    /// Its `Default` is the state a position string without a state field
    /// reads as (see [`Ruleset::parse_state`]).
    type State: Copy + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static;

    /// Whether the game marks pits (Sadeqa V's waranas): the position string
    /// may write a pit with `w` only then.
    const MARKS_PITS: bool = false;

    /// Whether a lap of `2n` seeds or more passes its emptied origin pit
    /// by (a rule of several West African games): every `2n - 1` seeds
    /// make one round of the other pits. The games here sow into the origin (RULES.md section 2). Such
    /// laps are sown seed by seed, off the lap tables. They cannot be
    /// undone, so the exact endless test (a return to the first state)
    /// need not end: such a game always plays under a lap limit,
    /// [`SKIPPING_LAP_LIMIT`](crate::SKIPPING_LAP_LIMIT) unless another is
    /// set.
    const SKIPS_ORIGIN: bool = false;

    /// The name of this ruleset value: the position string's variant field
    /// (`"sadeqa-iii"`, `"game-91"`, `"andada-15"`, `"sadeqa-iii:5x3"`),
    /// and the game's name in messages and database file names. Lower
    /// case, no spaces.
    ///
    /// The ruleset's one name (0.3 also had a constant `NAME`, a title per
    /// type): a name belongs to the value, since one type plays several
    /// variants (Sadeqa III and game 91, Andada's sizes, a game on another
    /// board). A `Cow` so that a name made from options (a
    /// [`Resized`](crate::rulesets::Resized) game's `<game>:<m>x<n>`) is
    /// built when asked, not leaked; a fixed name is borrowed
    /// (`Cow::Borrowed("oware")`). Never called in play or search.
    fn name(&self) -> Cow<'static, str>;

    /// The ruleset with default options whose [`Ruleset::name`] is `name`
    /// (in any case), if this type plays it. Reading a position string
    /// into a `Position<Self>` starts here.
    fn from_name(name: &str) -> Option<Self>;

    /// The game's full name for people, with its source: "Sadeqa II
    /// (Pankhurst game 93)". What the tools print above a board and the
    /// web board's menu shows. The default: [`Ruleset::name`].
    fn title(&self) -> Cow<'static, str> {
        self.name()
    }

    /// Why a finished game is over, by the game's end rule, as the tools
    /// write it before the result: "North cannot move" (the default, the
    /// side to move having no legal move), "Neither player can move".
    /// Called only when the position is over and no repetition or ply
    /// limit ended it.
    fn end_reason(&self, pos: &View<'_, Self::State>) -> String {
        format!("{} cannot move", pos.side_to_move())
    }

    /// Pits per row, `n`: 2 to [`MAX_PITS_PER_ROW`](crate::MAX_PITS_PER_ROW)
    /// (24). [`Position::new`](crate::Position::new) panics outside it.
    fn pits_per_row(&self) -> usize;

    /// Seeds in every pit of the initial position. The seeds in play
    /// ([`Ruleset::total_seeds`]) may be 96 at most, the lap tables' bound:
    /// [`Position::new`](crate::Position::new) panics above it.
    fn seeds_per_pit(&self) -> u8;

    /// Seeds in play at the start: `2 * n * seeds_per_pit`.
    fn total_seeds(&self) -> u32 {
        2 * self.pits_per_row() as u32 * self.seeds_per_pit() as u32
    }

    /// Whether the game takes seeds out of play without counting them as
    /// captured (Andada's singleton ending, RULES.md section 6.5, and its
    /// Ludii reading's removal, 6.7): by [`Sowing::remove`] or a
    /// [`Start::Sow`] barrier. Default `false`: every seed stays on the
    /// board or in a captured count, so seeds on the board plus captured
    /// make [`Ruleset::total_seeds`] in every position the game reaches.
    ///
    /// [`Position::from_setup`](crate::Position::from_setup) (and so every
    /// position string and serde) refuses a setup with fewer seeds than that
    /// when this is `false` ([`SetupError::TooFewSeeds`](crate::SetupError::TooFewSeeds));
    /// when it is `true` fewer are allowed (the rest were removed), never
    /// more. A game that removes seeds must say so here, or its own
    /// positions after a removal would not read back.
    fn removes_seeds(&self) -> bool {
        false
    }

    /// How the game is won: by moving last, or by points.
    fn scoring(&self) -> Scoring;

    /// Sowing direction: `false` for counter-clockwise (every game's
    /// default). Clockwise is the mirror image.
    fn clockwise(&self) -> bool {
        false
    }

    /// The game's named options, as data (see [`crate::options`]): what
    /// `name(option=value, ...)` and the tools' `--option name=value` may
    /// set. Default: none.
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// Sets option `name` (any case) to `value`, as written in the notation.
    /// A game with options overrides it (and [`Ruleset::option_value`]).
    ///
    /// # Errors
    /// [`OptionError::Unknown`] naming the options the game has,
    /// [`OptionError::BadValue`] saying what the option takes; `self` is
    /// unchanged.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = crate::options::spec::find_in(self.options(), &self.name(), name)?;
        spec.read(&self.name(), value)?;
        Err(OptionError::Unknown {
            option: spec.name.to_string(),
            game: self.name().to_string(),
            options: String::new(),
        })
    }

    /// The value of option `name` (as [`Ruleset::options`] names it);
    /// `None` for an option the game does not have.
    fn option_value(&self, name: &str) -> Option<OptionValue> {
        let _ = name;
        None
    }

    /// The state of the initial position, with `first` to move. Default:
    /// the state's `Default`.
    fn initial_state(&self, first: Player) -> Self::State {
        let _ = first;
        Self::State::default()
    }

    /// The moves the player to move may try, by the game's own conditions
    /// (occupied pits, no waranas, a forced first move, the choice move),
    /// before the core removes endless ones. Empty when the game's own rules
    /// end it (Andada's empty-row readings).
    fn candidates(&self, pos: &View<'_, Self::State>) -> MoveSet;

    /// The game's own reason why `mv`, a pit of the board, is not a
    /// candidate (a warana, a forced first move); `None` to let the core
    /// name the generic one (an empty pit). The core itself refuses pit
    /// numbers off the board and moves of the wrong kind.
    fn refusal(&self, pos: &View<'_, Self::State>, mv: Move) -> Option<Refusal> {
        let _ = (pos, mv);
        None
    }

    /// How the candidate move `mv` of the side to move starts, read from
    /// the position without changing it: where it sows from and its
    /// barrier, or [`Start::Done`] for a move that is not a sowing (it
    /// always ends). One pure answer for the legality trials of every turn
    /// and for the move itself, so they cannot disagree; what the start
    /// changes is [`Ruleset::begin`]'s. The default sows from the mover's
    /// pit, without barrier.
    #[inline(always)]
    fn start(&self, pos: &View<'_, Self::State>, mv: Move) -> Start {
        Start::Sow {
            origin: pos
                .board()
                .row_index(pos.side_to_move(), mv.pit().unwrap_or(1)),
            barrier: None,
        }
    }

    /// What starting the move `mv` changes, given its [`Ruleset::start`]:
    /// Andada carries out its opening and choice here (`Start::Done`), and
    /// enters the singleton ending. Called once for a move that is made,
    /// never for a trial, before any seed is sown. Default: nothing.
    #[inline(always)]
    fn begin<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, mv: Move, start: Start) {
        let _ = (ctx, mv, start);
    }

    /// Whether the sowing goes on after `lap` (relay, RULES.md section 2).
    /// A pure test: it decides, and [`Ruleset::lap_end`] acts. The default
    /// relays when the landing pit was occupied before the last seed fell.
    ///
    /// `state` is the state at the start of the move: a turn's trials do
    /// not run [`Ruleset::begin`], so `relays` must not read what `begin`
    /// changes (no game here does).
    #[inline]
    fn relays(&self, lap: &Lap<'_>, state: &Self::State) -> bool {
        let _ = state;
        lap.count > 1
    }

    /// The lap that stopped the sowing: captures, waranas, the bonus move.
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn;

    /// Called once after the move, before the turn passes: bookkeeping such
    /// as first-move flags and phases. Default: nothing.
    fn end_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
        let _ = ctx;
    }

    /// The player to move (`ctx.mover()`) has no legal move: pass, or the
    /// game is over (with any final sweep).
    fn no_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) -> NoMove;

    /// The result of a finished game (called only when it is over).
    fn outcome(&self, pos: &View<'_, Self::State>) -> Outcome;

    /// `player`'s points where the game scores them (RULES.md sections 3.7
    /// and 5.5); `None` for the games won by moving last. The default:
    /// captured seeds under [`Scoring::Points`], `None` otherwise.
    fn points(&self, pos: &View<'_, Self::State>, player: Player) -> Option<u16> {
        (self.scoring() == Scoring::Points).then(|| pos.captured(player))
    }

    /// A heuristic value of `pos` for its side to move, for the searching
    /// players ([`AlphaBeta`](crate::bots::AlphaBeta),
    /// [`GreedyBot`](crate::bots::GreedyBot), through
    /// [`StandardEval`](crate::bots::StandardEval)): higher is better for
    /// him, in units of about a quarter of a seed, within ±10,000 (larger
    /// values stand for proven results). Called only for positions that
    /// are not over: the search scores finished games from their outcome.
    /// It is in the search's hot path: keep it allocation-free.
    ///
    /// The default reads how the game is won ([`Ruleset::scoring`]):
    ///
    /// - [`Scoring::Points`]: the points difference, `4` per point
    ///   ([`Ruleset::points`]; the captured seeds where it gives none).
    /// - [`Scoring::LastMover`]: being able to keep moving: `4` per
    ///   occupied pit of one's row (a candidate move), `4` more per pit of
    ///   two seeds or more (a move that reaches past the next pit), `1` per
    ///   seed in one's row, against the opponent's.
    ///
    /// A game with knowledge of its own overrides it (Sadeqa V adds its
    /// waranas).
    ///
    /// ```
    /// use sowing::{Position, Ruleset, rulesets::SadeqaIII};
    ///
    /// // South has captured 8 seeds, North none; North to move.
    /// let pos: Position<SadeqaIII> = "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0".parse()?;
    /// assert_eq!(pos.rules().evaluate(&pos.view()), -32);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn evaluate(&self, pos: &View<'_, Self::State>) -> i32 {
        by_scoring(self, pos)
    }

    /// The state field of the position string, if the state needs one
    /// (RULES.md section 7). Default: none. A game whose state can be
    /// other than its `Default` must write it here and read it in
    /// [`Ruleset::parse_state`], or its position strings lose it.
    fn format_state(&self, state: &Self::State) -> Option<&'static str> {
        let _ = state;
        None
    }

    /// Reads the state from the position string's optional state field.
    /// The default, for games whose positions write none (`State = ()`):
    /// no field is the state's `Default`, any field is refused.
    ///
    /// # Errors
    /// [`StateError`] if the field is missing, unexpected or unknown.
    fn parse_state(&self, field: Option<&str>) -> Result<Self::State, StateError> {
        match field {
            None => Ok(Self::State::default()),
            Some(found) => Err(StateError::unexpected(self.name(), found)),
        }
    }

    /// The occurrences of one position (the same player to move) after
    /// which a [`Game`](crate::Game) ends by repetition, as
    /// [`Game::new`](crate::Game::new) sets it: `Some(3)` by default, the
    /// engine's policy for games whose sources are silent (RULES.md
    /// section 2). At least 2; `None` for no repetition rule.
    fn repetition(&self) -> Option<u32> {
        Some(3)
    }

    /// What ending a game by the repetition rule does to the position that
    /// occurred once too often, before [`Ruleset::repetition_outcome`]
    /// reads it: Oware collects the seeds left on the board, each to the
    /// owner of its row. [`Game`](crate::Game) applies it to the game's
    /// last position, and the searches and the solver to a repeated
    /// position they score. Default: nothing.
    fn repetition_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
        let _ = ctx;
    }

    /// The result of a game ended by the repetition rule, in the position
    /// that occurred once too often, after [`Ruleset::repetition_end`].
    /// Default: a draw by repetition, with no score. The searches and the
    /// solver score a repeated position by it.
    fn repetition_outcome(&self, pos: &View<'_, Self::State>) -> Outcome {
        let _ = pos;
        Outcome::Draw {
            reason: crate::DrawReason::Repetition,
            score: None,
        }
    }

    /// How many states of [`Ruleset::State`] the endgame databases tell
    /// apart (module `tablebase`): they number them `0..STATES`
    /// ([`Ruleset::state_index`], [`Ruleset::state_at`]). The default, 1,
    /// holds the state's `Default` alone: right for a game with no state
    /// (`State = ()`, Oware's and Sadeqa III's), and for one whose other
    /// states never come with few seeds (Sadeqa II's first-move
    /// restriction, over before the seeds fall below 30, RULES.md 4.1). A
    /// game whose endgames have other states numbers them (Andada: its
    /// phases `play` and `singles`).
    const STATES: u64 = 1;

    /// The number of `state` in `0..STATES`, or `None` for a state the
    /// databases do not hold (a move to one makes a database build fail,
    /// naming the ruleset). It must not depend on who is to move: the
    /// databases see a position from its mover, so that one entry serves
    /// South and North to move alike (the rules treat both players alike).
    /// Default: `0` for the state's `Default`, `None` for any other.
    fn state_index(&self, state: &Self::State) -> Option<u64> {
        (*state == Self::State::default()).then_some(0)
    }

    /// The state numbered `index` (below [`Ruleset::STATES`]), the inverse
    /// of [`Ruleset::state_index`]. Default: the state's `Default`.
    fn state_at(&self, index: u64) -> Self::State {
        let _ = index;
        Self::State::default()
    }

    /// Checks a position built from a setup for what the rules cannot
    /// reach. Called with the legal moves already found.
    ///
    /// # Errors
    /// [`Unreachable`], saying why.
    fn check_setup(&self, pos: &View<'_, Self::State>) -> Result<(), Unreachable> {
        let _ = pos;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
