//! The environments of one ruleset ([`Envs`]) and their steps: each game
//! with its opponent, the work shared in chunks over threads ([`Pool`]),
//! and the [`Batch`] trait through which [`Vector`](super::Vector) steps them
//! whatever the ruleset.

use crate::crew::Crew;
use crate::engine::{self, Error};
use rayon::prelude::*;
use sowing::bots::alphabeta::{self, Table};
use sowing::bots::{Bot, BotSpec, EvalKind, GreedyBot, Mcts, RandomBot};
use sowing::{BuiltIn, Player, Position};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use super::observe::{env_seed, legal_actions, mask, move_of, observe, player};
use super::{Buffers, Config, Rows};

/// The alpha-beta opponent's table: `2^14` entries (2 MiB) a thread,
/// cleared before each search so that a move does not depend on which
/// thread searched which game before.
pub(super) const OPPONENT_TABLE_BITS: u8 = 14;

/// An opponent's player, one an environment (the alpha-beta player's
/// table is per thread instead: 2 MiB a game would be too much).
pub(super) enum Opponent {
    Random(RandomBot),
    Greedy(GreedyBot),
    Mcts(Mcts<EvalKind>),
    Uct(Mcts),
    AlphaBeta(alphabeta::Budget, EvalKind),
}

impl Opponent {
    fn new(spec: BotSpec, seed: u64) -> Opponent {
        match spec {
            BotSpec::Random => Opponent::Random(RandomBot::new(seed)),
            BotSpec::Greedy => Opponent::Greedy(GreedyBot::new(seed)),
            BotSpec::Mcts(b, e) => Opponent::Mcts(Mcts::with_eval(b, seed, e)),
            BotSpec::Uct(b) => Opponent::Uct(Mcts::uct(b, seed)),
            BotSpec::AlphaBeta(b, e) => Opponent::AlphaBeta(b, e),
        }
    }
}

/// One environment: its game, plies played, its opponent (boxed: a step
/// of self-play reads the environments one after another, and they stay
/// two cache lines each).
pub(super) struct Env<R: BuiltIn> {
    pub(super) pos: Position<R>,
    pub(super) ply: u32,
    pub(super) opponent: Option<Box<Opponent>>,
}

/// The batch's work, whatever the ruleset (one virtual call a step).
pub(super) trait Batch: Send + Sync {
    fn reset(&mut self, seed: u64, out: Buffers);
    /// The first illegal action: its environment, the action, why.
    fn check(&self, actions: &[i64]) -> Option<(usize, i64, String)>;
    fn step(&mut self, actions: &[i64], out: Buffers);
}

/// The environments of ruleset `R`.
pub(super) struct Envs<R: BuiltIn> {
    pub(super) start: Position<R>,
    pub(super) config: Config,
    pub(super) spec: Option<BotSpec>,
    pub(super) envs: Vec<Env<R>>,
    pub(super) width: usize,
    pub(super) actions: usize,
    /// The alpha-beta opponent's tables, one per worker thread (and one
    /// for the calling thread).
    pub(super) tables: Vec<Mutex<Table<R>>>,
    /// Each environment's legal actions as a bit an action, written with
    /// its mask (atomics: the threads of a step write disjoint ones).
    pub(super) legal: Vec<AtomicU32>,
    pub(super) pool: Pool,
    pub(super) chunk: usize,
}

impl<R: BuiltIn> Envs<R> {
    /// Whether the game has choice moves (Andada's `S`/`N`).
    fn choice(&self) -> bool {
        self.actions > self.start.pits_per_row()
    }

    fn viewer(&self, pos: &Position<R>) -> Player {
        if self.spec.is_some() {
            player(self.config.agent)
        } else {
            pos.side_to_move()
        }
    }

    /// The opponent's moves until the agent is to move, the game is over
    /// or the ply limit is reached.
    fn opponent_moves(&self, env: &mut Env<R>) {
        let agent = player(self.config.agent);
        let limit = self.config.max_plies.unwrap_or(u32::MAX);
        while !env.pos.is_over() && env.pos.side_to_move() != agent && env.ply < limit {
            let legal = env.pos.legal_moves();
            let Some(opponent) = env.opponent.as_deref_mut() else {
                return;
            };
            let mv = match opponent {
                Opponent::Random(b) => b.choose_from(&env.pos, legal),
                Opponent::Greedy(b) => b.choose_from(&env.pos, legal),
                Opponent::Mcts(b) => b.choose_from(&env.pos, legal),
                Opponent::Uct(b) => b.choose_from(&env.pos, legal),
                Opponent::AlphaBeta(budget, eval) => {
                    let slot = rayon::current_thread_index()
                        .map_or(self.tables.len() - 1, |t| t.min(self.tables.len() - 1));
                    let mut table = self.tables[slot].lock().unwrap_or_else(|e| e.into_inner());
                    table.clear();
                    alphabeta::search(&env.pos, legal, *budget, &{ *eval }, &mut table)
                        .map(|r| r.best)
                }
            };
            let Some(mv) = mv else { return };
            env.pos.play_unchecked(mv);
            env.ply += 1;
        }
    }

    /// Starts environment `env`'s next game (the opponent moving first
    /// where it is his turn).
    fn restart(&self, env: &mut Env<R>) {
        env.pos = self.start;
        env.ply = 0;
        self.opponent_moves(env);
    }

    fn write(
        &self,
        i: usize,
        env: &Env<R>,
        obs: &mut [i16],
        mask_row: &mut [i8],
        to_play: &mut i8,
    ) {
        let legal = legal_actions(&env.pos, self.start.pits_per_row());
        self.legal[i].store(legal, Ordering::Relaxed);
        observe(&env.pos, self.viewer(&env.pos), self.choice(), obs);
        mask(legal, mask_row);
        *to_play = env.pos.side_to_move() as i8;
    }

    /// Steps the environments `first..` of `envs` with their actions into
    /// `rows`.
    fn step_rows(&self, first: usize, envs: &mut [Env<R>], actions: &[i64], rows: Rows<'_>) {
        let (w, a_n) = (self.width, self.actions);
        let n = self.start.pits_per_row();
        let limit = self.config.max_plies.unwrap_or(u32::MAX);
        let opponent = self.spec.is_some();
        for (j, env) in envs.iter_mut().enumerate() {
            let mover = if opponent {
                player(self.config.agent)
            } else {
                env.pos.side_to_move()
            };
            if let Some(mv) = move_of(actions[j], n, a_n) {
                env.pos.play_unchecked(mv);
            }
            env.ply += 1;
            if opponent {
                self.opponent_moves(env);
            }
            let obs = &mut rows.obs[j * w..(j + 1) * w];
            let terminated = env.pos.is_over();
            let truncated = !terminated && env.ply >= limit;
            rows.reward[j] = if terminated {
                match env.pos.outcome().winner() {
                    Some(p) if p == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                }
            } else {
                0.0
            };
            rows.terminated[j] = terminated.into();
            rows.truncated[j] = truncated.into();
            if terminated || truncated {
                observe(&env.pos, self.viewer(&env.pos), self.choice(), obs);
                rows.final_obs[j * w..(j + 1) * w].copy_from_slice(obs);
                self.restart(env);
            }
            self.write(
                first + j,
                env,
                obs,
                &mut rows.mask[j * a_n..(j + 1) * a_n],
                &mut rows.to_play[j],
            );
        }
    }

    /// Runs `f` on each chunk of environments (its first index and the
    /// chunk) and the rows of the buffers it writes, over the pool's
    /// threads (or on this one).
    fn for_chunks(
        &mut self,
        out: Buffers,
        f: impl Fn(&Self, usize, &mut [Env<R>], Rows<'_>) + Sync,
    ) {
        let (w, a_n, chunk) = (self.width, self.actions, self.chunk);
        let mut envs = std::mem::take(&mut self.envs);
        let this = &*self;
        let task = |first: usize, part: &mut [Env<R>]| {
            // SAFETY: this task alone writes rows `first..first + len` (and
            // the caller of `reset`/`step` vouched for the buffers).
            let rows = unsafe { out.rows(first, part.len(), w, a_n) };
            f(this, first, part, rows);
        };
        match &self.pool {
            Pool::Inline => task(0, &mut envs),
            Pool::Split(crew) => {
                // The chunks are claimed one at a time, by the calling thread
                // at once and by each helper as it starts: a helper that
                // starts late (one that had fallen asleep) then takes fewer
                // chunks instead of holding the step back.
                let n = envs.len();
                let count = n.div_ceil(chunk);
                let next = AtomicUsize::new(0);
                let base = EnvsPtr(envs.as_mut_ptr());
                let work = || {
                    loop {
                        let c = next.fetch_add(1, Ordering::Relaxed);
                        if c >= count {
                            break;
                        }
                        let (first, len) = (c * chunk, chunk.min(n - c * chunk));
                        // SAFETY: chunk `c` is inside `envs` (c < count), and
                        // the counter hands it to this thread alone; `envs`
                        // outlives the job.
                        let part = unsafe { std::slice::from_raw_parts_mut(base.at(first), len) };
                        task(first, part);
                    }
                };
                crew.run(&work);
            }
            Pool::Global => envs
                .par_chunks_mut(chunk)
                .enumerate()
                .for_each(|(c, part)| task(c * chunk, part)),
            Pool::Own(pool) => pool.install(|| {
                envs.par_chunks_mut(chunk)
                    .enumerate()
                    .for_each(|(c, part)| task(c * chunk, part))
            }),
        }
        self.envs = envs;
    }
}

/// `n` default values (zeros), or the error that there is no memory for
/// them (instead of the allocator's abort).
pub(super) fn zeroed<T: Default>(n: usize) -> engine::Result<Vec<T>> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        return Err(Error::Value(format!(
            "not enough memory for {n} environments"
        )));
    }
    v.resize_with(n, T::default);
    Ok(v)
}

/// The environments' first element, shared by the threads of a step that
/// claim disjoint chunks of them.
pub(super) struct EnvsPtr<T>(*mut T);

// SAFETY: the threads that share it touch disjoint elements (one chunk
// each, claimed through an atomic counter), of a type that is `Send`.
unsafe impl<T: Send> Send for EnvsPtr<T> {}
unsafe impl<T: Send> Sync for EnvsPtr<T> {}

impl<T> EnvsPtr<T> {
    /// The element at `i`.
    ///
    /// # Safety
    /// `i` is inside the slice the pointer came from.
    unsafe fn at(&self, i: usize) -> *mut T {
        unsafe { self.0.add(i) }
    }
}

/// Where the work runs.
pub(super) enum Pool {
    /// On the calling thread.
    Inline,
    /// Shared in chunks by the calling thread and a crew's helpers (one
    /// fewer than asked; `crate::crew`): for the games that cost the same
    /// a step (self-play, a random opponent), which are short, so that a
    /// step's start and end wait for no thread to wake.
    Split(Crew),
    /// Rayon's global pool (a thread a core).
    Global,
    /// A pool of the caller's size.
    Own(rayon::ThreadPool),
}

impl<R: BuiltIn> Batch for Envs<R> {
    fn reset(&mut self, seed: u64, out: Buffers) {
        let (w, a_n) = (self.width, self.actions);
        self.for_chunks(out, |this, first, part, rows| {
            for (j, env) in part.iter_mut().enumerate() {
                env.opponent = this
                    .spec
                    .map(|spec| Box::new(Opponent::new(spec, env_seed(seed, (first + j) as u64))));
                this.restart(env);
                rows.reward[j] = 0.0;
                rows.terminated[j] = 0;
                rows.truncated[j] = 0;
                this.write(
                    first + j,
                    env,
                    &mut rows.obs[j * w..(j + 1) * w],
                    &mut rows.mask[j * a_n..(j + 1) * a_n],
                    &mut rows.to_play[j],
                );
            }
        });
    }

    fn check(&self, actions: &[i64]) -> Option<(usize, i64, String)> {
        let n = self.start.pits_per_row();
        // From the legal actions each environment's last write kept, a word
        // a game (a pass over 16 KB for 4,096 games, where reading the
        // positions would touch a cache line a game).
        let bad = actions.iter().zip(&self.legal).position(|(&a, legal)| {
            !(0..self.actions as i64).contains(&a) || legal.load(Ordering::Relaxed) >> a & 1 == 0
        })?;
        let a = actions[bad];
        let why = match move_of(a, n, self.actions) {
            None => format!("actions are 0 to {}", self.actions - 1),
            Some(mv) => match self.envs[bad].pos.check(mv) {
                Err(e) => e.to_string(),
                Ok(()) => format!("move {mv} is not legal"),
            },
        };
        Some((bad, a, why))
    }

    fn step(&mut self, actions: &[i64], out: Buffers) {
        self.for_chunks(out, |this, first, part, rows| {
            this.step_rows(first, part, &actions[first..first + part.len()], rows);
        });
    }
}
