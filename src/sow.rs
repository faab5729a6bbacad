//! The relay-sowing engine (RULES.md section 2): sows a move from its origin
//! lap after lap, asks the ruleset after every lap whether the sowing goes
//! on, and applies in one loop the exact endless test, the lap budget (a
//! caller's lap limit, or the core's own budget for a first try), progress
//! reports and cancelling, and the barrier of Andada's singleton ending.
//! It returns what happened as a value ([`Sown`]). The turn's trials (the
//! hot path) have two lean copies of that loop, for boards in a register
//! and boards in memory, with the same tests but no progress or barrier
//! (a barrier move goes to the full loop).
//!
//! **Exact endless test.** A lap is invertible (the state before it can be
//! recovered from the state after it: the landing pit and the board tell
//! how many seeds were sown, hence from where), and [`Ruleset::relays`] is a
//! pure test, so relay laps change nothing but the board. A sowing that
//! never ends therefore returns to its own first state (board and origin
//! pit), and comparing each lap's state with the first one proves it in
//! constant memory. The board comparison runs only when the origin matches,
//! so ordinary moves pay one integer comparison per lap.
//!
//! The board is copied into a local value for the laps, so that a board of
//! one word (16 pits or fewer) stays in a register from lap to lap.

use crate::board::{
    Board, LAPS_12, LAPS_16, LAPS_20, LAPS_24, LAPS_30, LAPS_36, LAPS_42, LAPS_48, LapTable,
    WideLapTable,
};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::ruleset::{Lap, Ruleset, Sowing, Start, Turn};
use std::ops::ControlFlow;

/// Laps between two progress reports of a long sowing (a few milliseconds
/// to a few tens of them, with the machine's speed and load).
pub const PROGRESS_LAPS: u64 = 1 << 20;

/// What a sowing came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sown {
    /// It ended after `laps` laps; the move's turn.
    Ended { turn: Turn, laps: u64 },
    /// It returned to its first state after `laps` laps: it never ends.
    Endless { laps: u64 },
    /// The lap budget ran out first.
    OverBudget { laps: u64 },
    /// The caller's control cancelled it.
    Cancelled { laps: u64 },
}

/// Told of a long sowing's progress every [`PROGRESS_LAPS`] laps
/// (a few milliseconds); returns [`ControlFlow::Break`] to cancel it.
///
/// `()` never cancels; any `FnMut(Move, u64) -> ControlFlow<()>` is a
/// control (the move being proved and the laps sown so far). A cancel flag
/// shared with another thread is a closure reading an `AtomicBool`.
pub trait Control {
    /// `laps` laps of `mv` have been sown and it has not ended yet.
    fn progress(&mut self, mv: Move, laps: u64) -> ControlFlow<()>;
}

impl Control for () {
    #[inline(always)]
    fn progress(&mut self, _: Move, _: u64) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<F: FnMut(Move, u64) -> ControlFlow<()>> Control for F {
    fn progress(&mut self, mv: Move, laps: u64) -> ControlFlow<()> {
        self(mv, laps)
    }
}

/// Calls `f::<generics.., LEN, _>(args.., table, wide)` with the lap table
/// of a board of `len` pits: a board of 12 or 16 pits in one register
/// (`table`), a wider one of a size some game has (`wide`), or neither.
/// Every arm but the last is only a faster way to the same laps: without it
/// a board of that size takes the last arm (`Board::sow_lap`, the plain
/// lap, checked against seed-by-seed sowing in `board`'s unit tests), with
/// the same result; deleting an arm is an equivalent change
/// (docs/MUTANTS.md).
macro_rules! laps_by_size {
    ($len:expr, $f:ident::<$($g:tt),*>($($arg:expr),*)) => {
        match $len {
            12 => $f::<$($g,)* 12, _>($($arg,)* Some(&LAPS_12), None::<&WideLapTable<0, 0>>),
            16 => $f::<$($g,)* 16, _>($($arg,)* Some(&LAPS_16), None::<&WideLapTable<0, 0>>),
            20 => $f::<$($g,)* 0, _>($($arg,)* None, Some(&LAPS_20)),
            24 => $f::<$($g,)* 0, _>($($arg,)* None, Some(&LAPS_24)),
            30 => $f::<$($g,)* 0, _>($($arg,)* None, Some(&LAPS_30)),
            36 => $f::<$($g,)* 0, _>($($arg,)* None, Some(&LAPS_36)),
            42 => $f::<$($g,)* 0, _>($($arg,)* None, Some(&LAPS_42)),
            48 => $f::<$($g,)* 0, _>($($arg,)* None, Some(&LAPS_48)),
            _ => $f::<$($g,)* 0, _>($($arg,)* None, None::<&WideLapTable<0, 0>>),
        }
    };
}

/// Relay-sows `mv` from `origin` on `ctx`'s board until a lap stops it (then
/// calls [`Ruleset::lap_end`]), the sowing proves endless, `budget` laps
/// have been sown, or `control` cancels. With `barrier`, a lap that would
/// carry seeds past that index is cut there and the rest removed from play
/// (RULES.md section 6.5). Laps are reported to `ctx`'s observer as they
/// are sown.
///
/// `TRIAL = true` is a trial on a copy, to learn whether the move ends:
/// without the stopping lap's work (no [`Ruleset::lap_end`], no cut lap, the
/// board not written back; the turn reported is then [`Turn::Next`],
/// meaningless). `TRIAL = false` makes the move: the stopping lap's work
/// done, and the board written back only if the sowing ends. Both apply the
/// exact endless test (and the budget): a move not yet known to end is
/// sown once, as a move, when drawn at random (`playout`).
#[inline(always)]
pub(crate) fn relay<R: Ruleset, O: Observer, C: Control, const TRIAL: bool>(
    rules: &R,
    ctx: &mut Sowing<'_, R, O>,
    mv: Move,
    origin: usize,
    barrier: Option<usize>,
    budget: Option<u64>,
    control: &mut C,
) -> Sown {
    if R::SKIPS_ORIGIN {
        // Seed-by-seed laps (the tables sow into the origin).
        return relay_laps::<R, O, C, TRIAL, 0, WideLapTable<0, 0>>(
            rules, ctx, mv, origin, barrier, budget, control, None, None,
        );
    }
    laps_by_size!(
        ctx.board.len(),
        relay_laps::<R, O, C, TRIAL>(rules, ctx, mv, origin, barrier, budget, control)
    )
}

/// What the trials of a turn's candidates found ([`trials`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Trials {
    /// Moves whose sowing ends.
    pub ends: MoveSet,
    /// Moves proven endless.
    pub endless: MoveSet,
    /// Moves still sowing when the budget ran out.
    pub over_budget: MoveSet,
    /// Moves not tried (after the first that ends, for a `lazy` call).
    pub untried: MoveSet,
}

/// Sows every move of `candidates` as a trial (see [`relay`]) for at most
/// `budget` laps each, from [`Ruleset::start`], and sorts them. One
/// loop for the whole turn, specialised once by board size: this is the
/// start of every turn, the engine's hot path. Stops at the
/// first move that ends (`LAZY`). `ctx` is not changed.
pub(crate) fn trials<R: Ruleset, const LAZY: bool>(
    rules: &R,
    ctx: &mut Sowing<'_, R, ()>,
    candidates: MoveSet,
    budget: u64,
) -> Trials {
    if R::SKIPS_ORIGIN {
        return trial_laps::<R, LAZY, 0, WideLapTable<0, 0>>(
            rules, ctx, candidates, budget, None, None,
        );
    }
    laps_by_size!(
        ctx.board.len(),
        trial_laps::<R, LAZY>(rules, ctx, candidates, budget)
    )
}

/// [`trials`] for a board of `LEN` pits (see [`relay_laps`]).
#[inline(always)]
fn trial_laps<R: Ruleset, const LAZY: bool, const LEN: usize, T: Wide>(
    rules: &R,
    ctx: &mut Sowing<'_, R, ()>,
    candidates: MoveSet,
    budget: u64,
    table: Option<&LapTable<LEN>>,
    wide: Option<&T>,
) -> Trials {
    if let Some(table) = table {
        return one_word_trials::<R, LAZY, LEN>(rules, ctx, candidates, budget, table);
    }
    if let Some(wide) = wide {
        return wide_trials::<R, LAZY, T>(rules, ctx, candidates, budget, wide);
    }
    let mut found = Trials::default();
    let len = ctx.board.len();
    let mut pending = candidates.into_iter();
    while let Some((mv, one)) = pending.next_with_set() {
        let Some(origin) = plain_start(rules, ctx, mv, one, budget, len, &mut found, table, wide)
        else {
            if found.stops::<LAZY>(candidates) {
                return found;
            }
            continue;
        };
        let sown = relay_laps::<R, (), (), true, LEN, T>(
            rules,
            ctx,
            mv,
            origin,
            None,
            Some(budget),
            &mut (),
            table,
            wide,
        );
        found.add(sown, one);
        if found.stops::<LAZY>(candidates) {
            return found;
        }
    }
    found
}

/// A candidate's start in a turn's trial loop, from
/// [`Ruleset::start`]: the origin of a plain sowing (no barrier) on a
/// board of `len` pits, for the loop's own laps; otherwise `None`, the
/// candidate sorted into `found` here: a barrier move by [`relay_laps`],
/// and a move done by its start (or, only a ruleset of someone else's could
/// ask this, see `sow_move`, from an origin off the board) as ending.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn plain_start<R: Ruleset, const LEN: usize, T: Wide>(
    rules: &R,
    ctx: &mut Sowing<'_, R, ()>,
    mv: Move,
    one: MoveSet,
    budget: u64,
    len: usize,
    found: &mut Trials,
    table: Option<&LapTable<LEN>>,
    wide: Option<&T>,
) -> Option<usize> {
    match rules.start(&ctx.view(), mv) {
        Start::Sow {
            origin,
            barrier: None,
        } if origin < len => Some(origin),
        Start::Sow {
            origin,
            barrier: Some(last),
        } if origin < len => {
            let sown = relay_laps::<R, (), (), true, LEN, T>(
                rules,
                ctx,
                mv,
                origin,
                Some(last),
                Some(budget),
                &mut (),
                table,
                wide,
            );
            found.add(sown, one);
            None
        }
        _ => {
            found.ends = found.ends.union(one);
            None
        }
    }
}

/// [`trial_laps`] on a board of one word (12 or 16 pits): the same trials
/// as [`relay_laps`] with `TRIAL`, with what is the same for every
/// candidate done once a turn (the hooks' board view, the budget) and the
/// word, origin and count in registers. This is most of the work of Sadeqa
/// II and III; a candidate with a barrier goes to [`relay_laps`].
#[inline(always)]
fn one_word_trials<R: Ruleset, const LAZY: bool, const LEN: usize>(
    rules: &R,
    ctx: &mut Sowing<'_, R, ()>,
    candidates: MoveSet,
    budget: u64,
    table: &LapTable<LEN>,
) -> Trials {
    let mut found = Trials::default();
    let start = ctx.board.word(0);
    // The board the hooks see after each lap (a dead store for hooks that
    // read only the lap's count).
    let mut board = *ctx.board;
    let mut pending = candidates.into_iter();
    while let Some((mv, one)) = pending.next_with_set() {
        let Some(origin) = plain_start::<R, LEN, WideLapTable<0, 0>>(
            rules,
            ctx,
            mv,
            one,
            budget,
            LEN,
            &mut found,
            Some(table),
            None,
        ) else {
            if found.stops::<LAZY>(candidates) {
                return found;
            }
            continue;
        };
        let mut word = start;
        let mut at = origin;
        let mut seeds = ctx.board.at(origin);
        let mut laps: u64 = 0;
        let set = loop {
            let (landing, count) = table.sow(&mut word, at, seeds);
            laps += 1;
            board.set_word(0, word);
            let lap = Lap {
                landing,
                count,
                mover: ctx.mover,
                marked: *ctx.marks >> landing & 1 == 1,
                board: &board,
            };
            if !rules.relays(&lap, ctx.state) {
                break &mut found.ends;
            }
            at = landing;
            seeds = count;
            // The exact endless test (see `relay_laps`).
            if at == origin && word == start {
                break &mut found.endless;
            }
            if laps >= budget {
                break &mut found.over_budget;
            }
        };
        *set = set.union(one);
        if found.stops::<LAZY>(candidates) {
            return found;
        }
    }
    found
}

/// [`trial_laps`] on a board of more than 16 pits, as [`one_word_trials`]
/// does it for one word: the board is copied for each candidate and sown
/// in memory ([`WideLapTable`]). Sadeqa V and Andada.
#[inline(always)]
fn wide_trials<R: Ruleset, const LAZY: bool, T: Wide>(
    rules: &R,
    ctx: &mut Sowing<'_, R, ()>,
    candidates: MoveSet,
    budget: u64,
    wide: &T,
) -> Trials {
    let mut found = Trials::default();
    let mut pending = candidates.into_iter();
    while let Some((mv, one)) = pending.next_with_set() {
        let Some(origin) = plain_start::<R, 0, T>(
            rules,
            ctx,
            mv,
            one,
            budget,
            T::LEN,
            &mut found,
            None,
            Some(wide),
        ) else {
            if found.stops::<LAZY>(candidates) {
                return found;
            }
            continue;
        };
        let mut board = *ctx.board;
        let mut at = origin;
        let mut seeds = board.at(origin);
        let mut laps: u64 = 0;
        let set = loop {
            let (landing, count) = wide.sow(&mut board, at, seeds);
            laps += 1;
            let lap = Lap {
                landing,
                count,
                mover: ctx.mover,
                marked: *ctx.marks >> landing & 1 == 1,
                board: &board,
            };
            if !rules.relays(&lap, ctx.state) {
                break &mut found.ends;
            }
            at = landing;
            seeds = count;
            // The exact endless test (see `relay_laps`).
            if at == origin && T::same_pits(&board, ctx.board) {
                break &mut found.endless;
            }
            if laps >= budget {
                break &mut found.over_budget;
            }
        };
        *set = set.union(one);
        if found.stops::<LAZY>(candidates) {
            return found;
        }
    }
    found
}

impl Trials {
    /// Records `mv`'s set `one` by how its trial ended.
    #[inline(always)]
    fn add(&mut self, sown: Sown, one: MoveSet) {
        let set = match sown {
            Sown::Ended { .. } => &mut self.ends,
            Sown::Endless { .. } => &mut self.endless,
            // `()` never cancels.
            Sown::OverBudget { .. } | Sown::Cancelled { .. } => &mut self.over_budget,
        };
        *set = set.union(one);
    }

    /// Whether a turn's trial loop stops here: with `LAZY`, once a move is
    /// known to end, the candidates not yet sorted are left untried.
    #[inline(always)]
    fn stops<const LAZY: bool>(&mut self, candidates: MoveSet) -> bool {
        if LAZY && !self.ends.is_empty() {
            self.untried = candidates
                .difference(self.ends)
                .difference(self.endless)
                .difference(self.over_budget);
            return true;
        }
        false
    }
}

/// [`relay`]; with `table` (a board of `LEN` pits, 12 or 16), the laps run
/// on one `u128` in a register, from precomputed lap masks.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn relay_laps<R: Ruleset, O: Observer, C: Control, const TRIAL: bool, const LEN: usize, T: Wide>(
    rules: &R,
    ctx: &mut Sowing<'_, R, O>,
    mv: Move,
    origin: usize,
    barrier: Option<usize>,
    budget: Option<u64>,
    control: &mut C,
    table: Option<&LapTable<LEN>>,
    wide: Option<&T>,
) -> Sown {
    const { assert!(LEN <= 16) };
    // With a table the board view is written back after every lap, so
    // `one_word = false` (`LEN < 0`, an equivalent mutant, docs/MUTANTS.md)
    // only compares and writes back the whole board instead of one word.
    let one_word = LEN > 0;
    let mut board: Board = *ctx.board;
    let mut word = board.word(0);
    let first_word = word;
    let first_origin = origin;
    let mut origin = origin;
    let mut seeds = board.seeds_at(origin);
    let mut laps: u64 = 0;
    let budget = budget.unwrap_or(u64::MAX);
    let mut next_check = budget.min(PROGRESS_LAPS);
    loop {
        if let Some(last) = barrier
            && seeds as usize > board.pits_after(origin, last)
        {
            if TRIAL {
                return Sown::Ended {
                    turn: Turn::Next,
                    laps: laps + 1,
                };
            }
            if one_word {
                board.set_word(0, word);
            }
            *ctx.board = board;
            cut_lap(ctx, origin, last);
            // A move already known to end: its callers read only the turn,
            // so the lap count here is not observable (`laps * 1` is an
            // equivalent mutant, docs/MUTANTS.md).
            return Sown::Ended {
                turn: Turn::Next,
                laps: laps + 1,
            };
        }
        let (landing, count) = if let Some(table) = table {
            let lap = table.sow(&mut word, origin, seeds);
            // The board view the hooks read; a dead store when they do not.
            board.set_word(0, word);
            lap
        } else if let Some(wide) = wide {
            wide.sow(&mut board, origin, seeds)
        } else if R::SKIPS_ORIGIN {
            board.sow_lap_skipping(origin, seeds)
        } else {
            board.sow_lap(origin, seeds)
        };
        laps += 1;
        if O::LISTENS {
            ctx.obs.event(Event::Lap {
                origin: board.pit_at(origin),
                seeds,
                landing: board.pit_at(landing),
            });
        }
        let lap = Lap {
            landing,
            count,
            mover: ctx.mover,
            marked: *ctx.marks >> landing & 1 == 1,
            board: &board,
        };
        if !rules.relays(&lap, ctx.state) {
            if TRIAL {
                return Sown::Ended {
                    turn: Turn::Next,
                    laps,
                };
            }
            if one_word {
                ctx.board.set_word(0, word);
            } else {
                *ctx.board = board;
            }
            let turn = rules.lap_end(ctx, &lap);
            return Sown::Ended { turn, laps };
        }
        origin = landing;
        seeds = count;
        // Both a trial and a move leave `ctx.board` as it was until the
        // sowing stops: the first state's board. The boards are compared
        // only when the origins agree. A move already known to end never
        // meets its first state again (it would be endless); a move drawn
        // at random (`playout`) is sown once, as a move, with this test.
        if origin == first_origin
            && if one_word {
                word == first_word
            } else {
                board.same_pits(ctx.board)
            }
        {
            return Sown::Endless { laps };
        }
        if laps >= next_check {
            if laps >= budget {
                return Sown::OverBudget { laps };
            }
            if control.progress(mv, laps).is_break() {
                return Sown::Cancelled { laps };
            }
            next_check = budget.min(laps + PROGRESS_LAPS);
        }
    }
}

/// The laps of a board of more than 16 pits ([`WideLapTable`]).
trait Wide {
    /// The board's pits.
    const LEN: usize;
    fn sow(&self, board: &mut Board, origin: usize, seeds: u8) -> (usize, u8);
    /// Whether the two boards hold the same seeds in every pit.
    fn same_pits(a: &Board, b: &Board) -> bool;
}

impl<const LEN: usize, const W: usize> Wide for WideLapTable<LEN, W> {
    const LEN: usize = LEN;

    #[inline(always)]
    fn sow(&self, board: &mut Board, origin: usize, seeds: u8) -> (usize, u8) {
        WideLapTable::sow(self, board, origin, seeds)
    }

    #[inline(always)]
    fn same_pits(a: &Board, b: &Board) -> bool {
        a.first_words::<W>() == b.first_words::<W>()
    }
}

/// A lap cut by the barrier `last`: its seeds fall up to `last`, the rest
/// are removed from play, and the move ends (RULES.md section 6.5).
fn cut_lap<R: Ruleset, O: Observer>(ctx: &mut Sowing<'_, R, O>, origin: usize, last: usize) {
    let seeds = ctx.board.seeds_at(origin);
    let sown = ctx.board.sow_until(origin, last);
    let (from, to) = (ctx.board.pit_at(origin), ctx.board.pit_at(last));
    if sown > 0 {
        ctx.obs.event(Event::Lap {
            origin: from,
            seeds: sown,
            landing: to,
        });
    }
    ctx.obs.event(Event::Removed {
        from: to,
        seeds: seeds - sown,
    });
}
