//! The relay-sowing engine (RULES.md section 2): sows a move from its origin
//! lap after lap, asks the ruleset after every lap whether the sowing goes
//! on, and applies in one loop the exact endless test, the lap budget (a
//! caller's lap limit, or the core's own budget for a first try), progress
//! reports and cancelling, and the barrier of Andada's singleton ending.
//! It returns what happened as a value ([`Sown`]). The loop is written
//! once, over a small [`Kernel`] trait (the board as one word, in memory
//! with a wide lap table, or lap by lap), and serves moves, the turn's
//! trials of every candidate (the hot path) and long proofs alike.
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
//! The board is copied into a local value for the laps ([`Kernel::load`]),
//! chosen by the board's size (see `by_kernel`). A board of 12 or 16 pits
//! is one `u128` (which the compiler can keep in registers from lap to
//! lap), sown by a lap table; a board of 20, 24, 30, 36, 42 or 48 pits (the
//! sizes of Sadeqa V and of Andada's five boards) is a copy of the board in
//! memory, sown by a wide lap table; a board of any other size is a copy
//! sown by the word-wide lap without a table. A game whose laps skip their
//! origin has every board sown seed by seed instead (`laps`).

mod kernel;
mod laps;

use crate::board::Board;
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::ruleset::{Lap, MoveContext, Ruleset, Start, Turn};
use kernel::{Kernel, Memory, Plain, Register};
use laps::{LAPS_12, LAPS_16, LAPS_20, LAPS_24, LAPS_30, LAPS_36, LAPS_42, LAPS_48};
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
    /// It had no seed to sow: its origin is empty, or off the board. Only
    /// a ruleset's mistake gets here (a candidate that is an empty pit, or
    /// a [`Ruleset::start`] naming one): the move is not legal, and playing
    /// it is [`PlayError::EmptySowing`](crate::PlayError::EmptySowing).
    NoSeed,
}

/// Told of a long sowing's progress every [`PROGRESS_LAPS`] laps
/// (a few milliseconds); returns [`ControlFlow::Break`] to cancel it.
///
/// `()` never cancels; any `FnMut(Move, u64) -> ControlFlow<()>` is a
/// control (the move being proved and the laps sown so far). A cancel flag
/// shared with another thread is a closure reading an `AtomicBool`.
pub trait Control {
    /// Whether [`Control::progress`] can ever cancel: `true` but for `()`.
    /// A move played with a control that cannot cancel is made in place,
    /// with no copy of the position to fall back on (a few nanoseconds a
    /// move in search). Hidden: a control that says `false` and then
    /// cancels would leave a move half made.
    #[doc(hidden)]
    const CANCELS: bool = true;

    /// `laps` laps of `mv` have been sown and it has not ended yet.
    fn progress(&mut self, mv: Move, laps: u64) -> ControlFlow<()>;
}

impl Control for () {
    const CANCELS: bool = false;

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

/// Runs `$body` with `$k` bound to the [`Kernel`] for the ruleset `$r` on
/// a board of `$len` pits: a board of 12 or 16 pits as one `u128`, a
/// wider one of a size some game has in memory with a wide lap table, any
/// other by the lap without a table (and every board seed by seed for a
/// game whose laps skip their origin). Every
/// arm but the last is only a faster way to the same laps: without it a
/// board of that size takes the last arm, with the same result; deleting
/// an arm is an equivalent change (docs/MUTANTS.md).
macro_rules! by_kernel {
    ($r:ty, $len:expr, $k:ident => $body:expr) => {
        if <$r>::SKIPS_ORIGIN {
            let $k = &Plain::<true>;
            $body
        } else {
            match $len {
                12 => {
                    let $k = &Register(&LAPS_12);
                    $body
                }
                16 => {
                    let $k = &Register(&LAPS_16);
                    $body
                }
                20 => {
                    let $k = &Memory(&LAPS_20);
                    $body
                }
                24 => {
                    let $k = &Memory(&LAPS_24);
                    $body
                }
                30 => {
                    let $k = &Memory(&LAPS_30);
                    $body
                }
                36 => {
                    let $k = &Memory(&LAPS_36);
                    $body
                }
                42 => {
                    let $k = &Memory(&LAPS_42);
                    $body
                }
                48 => {
                    let $k = &Memory(&LAPS_48);
                    $body
                }
                _ => {
                    let $k = &Plain::<false>;
                    $body
                }
            }
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
    ctx: &mut MoveContext<'_, R, O>,
    mv: Move,
    origin: usize,
    barrier: Option<usize>,
    budget: Option<u64>,
    control: &mut C,
) -> Sown {
    by_kernel!(R, ctx.board.len(), k => {
        let (first, mut view) = (k.load(ctx.board), *ctx.board);
        laps::<R, O, C, _, TRIAL>(
            rules, ctx, k, first, &mut view, mv, origin, barrier, budget, control,
        )
    })
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
/// `budget` laps each, from its [`Ruleset::start`], and sorts them; a move
/// that is not a sowing ends. Stops at the first move that ends (`LAZY`).
/// `ctx` is not changed. This is the start of every turn of a search, the
/// engine's hot path: the kernel is chosen once for the whole turn.
pub(crate) fn trials<R: Ruleset, const LAZY: bool>(
    rules: &R,
    ctx: &mut MoveContext<'_, R, ()>,
    candidates: MoveSet,
    budget: u64,
) -> Trials {
    by_kernel!(R, ctx.board.len(), k => trial_loop::<R, LAZY, _>(rules, ctx, candidates, budget, k))
}

/// [`trials`] on the kernel `kernel`.
#[inline(always)]
fn trial_loop<R: Ruleset, const LAZY: bool, K: Kernel>(
    rules: &R,
    ctx: &mut MoveContext<'_, R, ()>,
    candidates: MoveSet,
    budget: u64,
    kernel: &K,
) -> Trials {
    let mut found = Trials::default();
    let len = ctx.board.len();
    // The same first state and board view for every candidate of the turn.
    let (first, mut view) = (kernel.load(ctx.board), *ctx.board);
    let mut pending = candidates.into_iter();
    while let Some((mv, one)) = pending.next_with_set() {
        match rules.start(&ctx.view(), mv) {
            Start::Sow { origin, barrier } if origin < len => {
                let sown = laps::<R, (), (), K, true>(
                    rules,
                    ctx,
                    kernel,
                    first,
                    &mut view,
                    mv,
                    origin,
                    barrier,
                    Some(budget),
                    &mut (),
                );
                found.add(sown, one);
            }
            // A move that is not a sowing ends.
            Start::Done(_) => found.ends = found.ends.union(one),
            // An origin off the board sows no seed: only a ruleset's
            // mistake asks it (see `sow_move`).
            Start::Sow { .. } => found.add(Sown::NoSeed, one),
        }
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
            // A candidate with no seed to sow (a ruleset's mistake) is not
            // legal either: it is refused as `PlayError::EmptySowing`.
            Sown::Endless { .. } | Sown::NoSeed => &mut self.endless,
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

/// The relay loop ([`relay`]) on the kernel `kernel`, from the first
/// state `first` (`ctx.board`'s pits; `view` is a copy of `ctx.board` for
/// kernels that keep the pits elsewhere): the one loop of the engine, for
/// moves, trials and proofs. A sowing without barrier (every move but
/// Andada's singleton ending) runs a copy of the loop without the
/// barrier's test.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn laps<R: Ruleset, O: Observer, C: Control, K: Kernel, const TRIAL: bool>(
    rules: &R,
    ctx: &mut MoveContext<'_, R, O>,
    kernel: &K,
    first: K::Pits,
    view: &mut Board,
    mv: Move,
    origin: usize,
    barrier: Option<usize>,
    budget: Option<u64>,
    control: &mut C,
) -> Sown {
    match barrier {
        None => laps_to::<R, O, C, K, TRIAL, false>(
            rules, ctx, kernel, first, view, mv, origin, 0, budget, control,
        ),
        Some(last) => laps_to::<R, O, C, K, TRIAL, true>(
            rules, ctx, kernel, first, view, mv, origin, last, budget, control,
        ),
    }
}

/// [`laps`]; with `CUT`, no seed may pass beyond the index `last`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn laps_to<R: Ruleset, O: Observer, C: Control, K: Kernel, const TRIAL: bool, const CUT: bool>(
    rules: &R,
    ctx: &mut MoveContext<'_, R, O>,
    kernel: &K,
    first: K::Pits,
    view: &mut Board,
    mv: Move,
    origin: usize,
    last: usize,
    budget: Option<u64>,
    control: &mut C,
) -> Sown {
    let mut pits = first;
    let first_origin = origin;
    let mut origin = origin;
    // Every caller checks that the origin is on the board.
    let mut seeds = ctx.board.at(origin);
    // A sowing from an empty pit moves no seed: a ruleset's mistake (its
    // candidates name an empty pit), found here, once a sowing, where the
    // seeds are already loaded.
    if seeds == 0 {
        return Sown::NoSeed;
    }
    let mut laps: u64 = 0;
    let budget = budget.unwrap_or(u64::MAX);
    let mut next_check = budget.min(PROGRESS_LAPS);
    loop {
        if CUT && seeds as usize > ctx.board.pits_after(origin, last) {
            if !TRIAL {
                kernel.store(&pits, ctx.board);
                cut_lap(ctx, origin, last);
            }
            // A move already known to end: its callers read only the turn,
            // so the lap count here is not observable (`laps * 1` is an
            // equivalent mutant, docs/MUTANTS.md).
            return Sown::Ended {
                turn: Turn::Next,
                laps: laps + 1,
            };
        }
        let (landing, count) = kernel.sow(&mut pits, origin, seeds);
        laps += 1;
        let board = kernel.board(&pits, view);
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
            board,
        };
        if !rules.relays(&lap, ctx.state) {
            if TRIAL {
                return Sown::Ended {
                    turn: Turn::Next,
                    laps,
                };
            }
            kernel.store(&pits, ctx.board);
            let turn = rules.lap_end(ctx, &lap);
            return Sown::Ended { turn, laps };
        }
        origin = landing;
        seeds = count;
        // The exact endless test: `ctx.board` is left as it was until the
        // sowing stops, so `first` is the first state's pits. They are
        // compared only when the origins agree. A move already known to
        // end never meets its first state again (it would be endless); a
        // move drawn at random (`playout`) is sown once, as a move, with
        // this test.
        if origin == first_origin && kernel.same(&pits, &first) {
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

/// A lap cut by the barrier `last`: its seeds fall up to `last`, the rest
/// are removed from play, and the move ends (RULES.md section 6.5).
fn cut_lap<R: Ruleset, O: Observer>(ctx: &mut MoveContext<'_, R, O>, origin: usize, last: usize) {
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
