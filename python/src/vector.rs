//! The vectorised environment's engine (`sowing.vector.VectorEnv`): many
//! games stepped at once over the machine's cores, written straight into
//! the NumPy buffers the Python side made once (no Python object per
//! environment per step, no allocation per step).
//!
//! The second module, beside [`crate::engine`], that calls the `sowing`
//! crate: the hot loop is generic over the ruleset (`Position<R>`, chosen
//! once by [`sowing::Visit`]), which the engine's run-time dispatched
//! `AnyPosition` cannot be at this speed. What is used: `Position<R>`
//! (`play_unchecked`, `legal_moves`, `check`, `candidate_moves`, `board`,
//! `captured`, `side_to_move`, `marks`, `warana_owner`, `is_over`,
//! `outcome`), `Board::{as_slice, is_clockwise}` (the rows read in place),
//! `MoveSet` (`pit_mask`, `contains`), `Move`, `Pit`, `Player::index`, `Outcome::winner`, the players
//! (`bots::{RandomBot, GreedyBot, Mcts, BotSpec, Bot}`,
//! `bots::alphabeta::{search, Table}`, the spec's evaluation).
//!
//! Layout of the buffers (C order), for `N` environments, `A` actions and
//! an observation of `L = 4n + 4` values: observations `int16[N, L]`, masks
//! `int8[N, A]`, rewards `float32[N]`, terminated and truncated `bool[N]`,
//! final observations `int16[N, L]` (rows of the finished games only),
//! `to_play` `int8[N]` (0 South, 1 North).

use crate::crew::Crew;
use crate::engine::{self, Error, Pos, Rules, Side};
use rayon::prelude::*;
use sowing::bots::alphabeta::{self, Table};
use sowing::bots::{Bot, BotSpec, EvalKind, GreedyBot, Mcts, RandomBot};
use sowing::{BuiltIn, Move, Pit, Player, Position, Visit};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

/// The alpha-beta opponent's table: `2^14` entries (2 MiB) a thread,
/// cleared before each search so that a move does not depend on which
/// thread searched which game before.
const OPPONENT_TABLE_BITS: u8 = 14;

/// What the environments are: the rules and the options of the batch.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rules, with their options.
    pub rules: Rules,
    /// The side that moves first.
    pub first: Side,
    /// The lap limit of the endless-sowing test (`None`: exact).
    pub lap_limit: Option<u32>,
    /// A game is truncated after this many plies (both sides').
    pub max_plies: Option<u32>,
    /// The built-in opponent, if any (a player spec).
    pub opponent: Option<String>,
    /// The side the caller plays against the opponent.
    pub agent: Side,
    /// Environments.
    pub num_envs: usize,
}

/// Where the results go: raw pointers into the Python side's NumPy
/// buffers, each of the length the module docs give. Those buffers are
/// kept alive (and unresizable) by the Python object that holds this.
#[derive(Clone, Copy)]
pub struct Buffers {
    /// `int16[N, L]`.
    pub obs: *mut i16,
    /// `int8[N, A]`.
    pub mask: *mut i8,
    /// `float32[N]`.
    pub reward: *mut f32,
    /// `bool[N]`, as bytes 0/1.
    pub terminated: *mut u8,
    /// `bool[N]`, as bytes 0/1.
    pub truncated: *mut u8,
    /// `int16[N, L]`.
    pub final_obs: *mut i16,
    /// `int8[N]`.
    pub to_play: *mut i8,
}

// SAFETY: the buffers are only written through disjoint rows, one range of
// environments per task (`Rows`), while the Python side waits.
unsafe impl Send for Buffers {}
unsafe impl Sync for Buffers {}

/// One task's rows of the buffers: environments `start..start + len`.
struct Rows<'a> {
    obs: &'a mut [i16],
    mask: &'a mut [i8],
    reward: &'a mut [f32],
    terminated: &'a mut [u8],
    truncated: &'a mut [u8],
    final_obs: &'a mut [i16],
    to_play: &'a mut [i8],
}

impl Buffers {
    /// The rows of environments `start..start + len`.
    ///
    /// # Safety
    /// The buffers hold `N` rows of the documented widths, `start + len <=
    /// N`, and no two live `Rows` overlap.
    unsafe fn rows<'a>(self, start: usize, len: usize, width: usize, actions: usize) -> Rows<'a> {
        use std::slice::from_raw_parts_mut as slice;
        unsafe {
            Rows {
                obs: slice(self.obs.add(start * width), len * width),
                mask: slice(self.mask.add(start * actions), len * actions),
                reward: slice(self.reward.add(start), len),
                terminated: slice(self.terminated.add(start), len),
                truncated: slice(self.truncated.add(start), len),
                final_obs: slice(self.final_obs.add(start * width), len * width),
                to_play: slice(self.to_play.add(start), len),
            }
        }
    }
}

/// An opponent's player, one an environment (the alpha-beta player's
/// table is per thread instead: 2 MiB a game would be too much).
enum Opponent {
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
struct Env<R: BuiltIn> {
    pos: Position<R>,
    ply: u32,
    opponent: Option<Box<Opponent>>,
}

/// The batch's work, whatever the ruleset (one virtual call a step).
trait Batch: Send + Sync {
    fn reset(&mut self, seed: u64, out: Buffers);
    /// The first illegal action: its environment, the action, why.
    fn check(&self, actions: &[i64]) -> Option<(usize, i64, String)>;
    fn step(&mut self, actions: &[i64], out: Buffers);
}

/// The environments of ruleset `R`.
struct Envs<R: BuiltIn> {
    start: Position<R>,
    config: Config,
    spec: Option<BotSpec>,
    envs: Vec<Env<R>>,
    width: usize,
    actions: usize,
    /// The alpha-beta opponent's tables, one per worker thread (and one
    /// for the calling thread).
    tables: Vec<Mutex<Table<R>>>,
    /// Each environment's legal actions as a bit an action, written with
    /// its mask (atomics: the threads of a step write disjoint ones).
    legal: Vec<AtomicU32>,
    pool: Pool,
    chunk: usize,
}

/// The seed of environment `i` of a batch seeded `seed` (SplitMix64).
fn env_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn player(s: Side) -> Player {
    match s {
        Side::South => Player::South,
        Side::North => Player::North,
    }
}

/// The move of action `a` (pit `a + 1`; for Andada `n` is `S`, `n + 1` is
/// `N`), if there is one.
#[inline]
fn move_of(a: i64, n: usize, actions: usize) -> Option<Move> {
    if a < 0 || a as usize >= actions {
        None
    } else if (a as usize) < n {
        Some(Move::Pit(a as u8 + 1))
    } else if a as usize == n {
        Some(Move::First(Player::South))
    } else {
        Some(Move::First(Player::North))
    }
}

/// Writes `pos` as `viewer` sees it (the layout of `Pos::observe`);
/// `choice`: whether the game has choice moves (Andada).
#[inline]
fn observe<R: BuiltIn>(pos: &Position<R>, viewer: Player, choice: bool, out: &mut [i16]) {
    let n = pos.pits_per_row();
    let board = pos.board();
    let pits = board.as_slice();
    let (own, theirs) = if viewer == Player::South {
        pits.split_at(n)
    } else {
        let (south, north) = pits.split_at(n);
        (north, south)
    };
    let (rows, out) = out.split_at_mut(2 * n);
    let (first, second) = rows.split_at_mut(n);
    // Each row from its owner's pit 1: the owner's pits in sowing order
    // (`Board::index_of`), backwards on a clockwise board.
    let clockwise = board.is_clockwise();
    widen(first, own, clockwise);
    widen(second, theirs, clockwise);
    let (marks, out) = out.split_at_mut(2 * n);
    if pos.marks() == 0 {
        for v in marks {
            *v = 0;
        }
    } else {
        for (s, row) in [viewer, viewer.other()]
            .into_iter()
            .zip(marks.chunks_exact_mut(n))
        {
            for (k, v) in (1..=n as u8).zip(row) {
                *v = match pos.warana_owner(Pit::new(s, k)) {
                    Some(o) if o == viewer => 1,
                    Some(_) => -1,
                    None => 0,
                };
            }
        }
    }
    out[0] = pos.captured(viewer) as i16;
    out[1] = pos.captured(viewer.other()) as i16;
    out[2] = i16::from(pos.side_to_move() == viewer);
    out[3] = if choice {
        let c = pos.candidate_moves();
        i16::from(c.pits() != c)
    } else {
        0
    };
}

/// A row's seeds into `out` (of the row's length), reversed if `backwards`.
#[inline(always)]
fn widen(out: &mut [i16], row: &[u8], backwards: bool) {
    if backwards {
        for (v, &seeds) in out.iter_mut().zip(row.iter().rev()) {
            *v = seeds.into();
        }
    } else {
        for (v, &seeds) in out.iter_mut().zip(row) {
            *v = seeds.into();
        }
    }
}

/// The legal moves of `pos` as a bit an action (pit `k` bit `k - 1`,
/// Andada's `S`/`N` bits `n` and `n + 1`; none over the game's end).
#[inline]
fn legal_actions<R: BuiltIn>(pos: &Position<R>, n: usize) -> u32 {
    let legal = pos.legal_moves();
    [Player::South, Player::North]
        .into_iter()
        .enumerate()
        .filter(|&(_, p)| legal.contains(Move::First(p)))
        .fold(legal.pit_mask(), |bits, (k, _)| bits | 1 << (n + k))
}

/// Writes the actions' bits `bits` as a 0/1 mask over the row `out`.
#[inline]
fn mask(bits: u32, out: &mut [i8]) {
    let mut bits = u64::from(bits);
    for part in out.chunks_mut(8) {
        // The next eight bits, one a byte: the byte copied into all eight
        // bytes, byte k keeping bit k, then any byte not 0 made 1 (a
        // multiply and three word operations, not a loop of shifts).
        let spread = ((bits & 0xFF) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        let ones = ((spread + 0x7F7F_7F7F_7F7F_7F7F) >> 7) & 0x0101_0101_0101_0101;
        for (v, b) in part.iter_mut().zip(ones.to_le_bytes()) {
            *v = b as i8;
        }
        bits >>= 8;
    }
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
fn zeroed<T: Default>(n: usize) -> engine::Result<Vec<T>> {
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
struct EnvsPtr<T>(*mut T);

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
enum Pool {
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

/// The batch of environments of a configuration.
pub struct Vector {
    batch: Box<dyn Batch>,
    /// Observation length `L`.
    pub width: usize,
    /// Actions `A`.
    pub actions: usize,
    /// Environments `N`.
    pub num_envs: usize,
}

impl Vector {
    /// `config.num_envs` environments of `config.rules` on `threads`
    /// threads (`None`: rayon's pool, one a core). Refuses a bad opponent
    /// spec, no environments, or a thread pool that cannot start.
    pub fn new(config: Config, threads: Option<usize>) -> engine::Result<Vector> {
        let spec = match &config.opponent {
            None => None,
            Some(s) => Some(
                s.parse::<BotSpec>()
                    .map_err(|e| Error::Value(e.to_string()))?,
            ),
        };
        if config.num_envs == 0 {
            return Err(Error::Value("num_envs must be 1 at least, not 0".into()));
        }
        let helpers = |t: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build()
                .map_err(|e| Error::Value(format!("cannot start {t} threads: {e}")))
        };
        let crew = |t: usize| {
            Crew::new(t).map_err(|e| Error::Value(format!("cannot start {t} threads: {e}")))
        };
        // Searching opponents cost a step unevenly: rayon shares them out.
        let searching = spec.is_some_and(|s| !matches!(s, BotSpec::Random));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let pool = match threads {
            Some(0) => return Err(Error::Value("threads must be 1 at least, not 0".into())),
            None if searching => Pool::Global,
            Some(1) => Pool::Inline,
            None if cores == 1 => Pool::Inline,
            None => Pool::Split(crew(cores - 1)?),
            Some(t) if !searching => Pool::Split(crew(t - 1)?),
            Some(t) => Pool::Own(helpers(t)?),
        };
        let workers = match &pool {
            Pool::Inline => 1,
            Pool::Split(c) => c.helpers() + 1,
            Pool::Global => rayon::current_num_threads(),
            Pool::Own(p) => p.current_num_threads(),
        };
        let start = Pos::new(config.rules, config.first, config.lap_limit).any();
        let width = engine::observation_len(config.rules);
        let actions = engine::action_count(config.rules);
        let num_envs = config.num_envs;
        // Chunks small enough to share the work out, large enough that a
        // task's overhead is nothing beside it (searching opponents: one
        // game a task).
        let chunk = if searching {
            1
        } else {
            num_envs.div_ceil(workers * 8).clamp(16, 1024)
        };
        struct Make(Config, Option<BotSpec>, [usize; 4], Pool);
        impl Visit for Make {
            type Output = engine::Result<Box<dyn Batch>>;
            fn visit<R: BuiltIn>(self, start: Position<R>) -> Self::Output {
                let Make(config, spec, [width, actions, workers, chunk], pool) = self;
                let tables = if matches!(spec, Some(BotSpec::AlphaBeta(..))) {
                    (0..=workers)
                        .map(|_| Mutex::new(Table::new(OPPONENT_TABLE_BITS)))
                        .collect()
                } else {
                    Vec::new()
                };
                let mut envs = Vec::new();
                if envs.try_reserve_exact(config.num_envs).is_err() {
                    return Err(Error::Value(format!(
                        "not enough memory for {} environments",
                        config.num_envs
                    )));
                }
                envs.resize_with(config.num_envs, || Env {
                    pos: start,
                    ply: 0,
                    opponent: None,
                });
                let num_envs = config.num_envs;
                Ok(Box::new(Envs {
                    start,
                    config,
                    spec,
                    envs,
                    width,
                    actions,
                    tables,
                    legal: zeroed(num_envs)?,
                    pool,
                    chunk,
                }))
            }
        }
        let batch = start.visit(Make(config, spec, [width, actions, workers, chunk], pool))?;
        Ok(Vector {
            batch,
            width,
            actions,
            num_envs,
        })
    }

    /// Starts every game anew, the opponents seeded from `seed`, and writes
    /// the observations, masks and sides to move (rewards and flags 0).
    ///
    /// # Safety
    /// `out` holds `num_envs` rows of the documented widths.
    pub unsafe fn reset(&mut self, seed: u64, out: Buffers) {
        self.batch.reset(seed, out);
    }

    /// Plays `actions` (one per environment), then the opponents' moves,
    /// resets the finished games, and writes every buffer. Refuses an
    /// illegal action (naming the first) before anything is played.
    ///
    /// # Safety
    /// `out` holds `num_envs` rows of the documented widths.
    pub unsafe fn step(&mut self, actions: &[i64], out: Buffers) -> engine::Result<()> {
        if actions.len() != self.num_envs {
            return Err(Error::Value(format!(
                "{} actions for {} environments",
                actions.len(),
                self.num_envs
            )));
        }
        if let Some((i, a, why)) = self.batch.check(actions) {
            return Err(Error::Illegal(format!(
                "environment {i}, action {a}: {why}"
            )));
        }
        self.batch.step(actions, out);
        Ok(())
    }
}

// ---- the Python class ----

use crate::to_py;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The address of a C-contiguous, writable NumPy array of dtype `typestr`
/// and shape `shape`, read from its `__array_interface__`; `name` names it
/// in the error.
fn address(arr: &Bound<'_, PyAny>, name: &str, typestr: &str, shape: &[usize]) -> PyResult<usize> {
    let bad = |what: String| PyValueError::new_err(format!("{name}: {what}"));
    // A NumPy array itself, whose array interface is NumPy's own: any
    // other object (a subclass too) could give an interface whose address
    // is not its memory, and the engine would write there.
    let ndarray = arr.py().import("numpy")?.getattr("ndarray")?;
    if !arr.get_type().is(&ndarray) {
        return Err(bad(format!(
            "not a NumPy array (numpy.ndarray itself, not {})",
            arr.get_type().name()?
        )));
    }
    let iface = arr
        .getattr("__array_interface__")
        .map_err(|_| bad("not a NumPy array".into()))?;
    let iface = iface
        .cast::<PyDict>()
        .map_err(|_| bad("not a NumPy array".into()))?;
    let item = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        iface
            .get_item(key)?
            .ok_or_else(|| bad(format!("no {key} in its array interface")))
    };
    let t: String = item("typestr")?.extract()?;
    let native = |t: &str| t.replace(['=', '|'], "<");
    if native(&t) != native(typestr) {
        return Err(bad(format!("dtype {t}, expected {typestr}")));
    }
    let got: Vec<usize> = item("shape")?.extract()?;
    if got != shape {
        return Err(bad(format!("shape {got:?}, expected {shape:?}")));
    }
    if let Some(strides) = iface.get_item("strides")?
        && !strides.is_none()
    {
        return Err(bad("not C-contiguous".into()));
    }
    let data = item("data")?;
    let data = data.cast::<PyTuple>()?;
    let (ptr, readonly): (usize, bool) = data.extract()?;
    if readonly {
        return Err(bad("read-only".into()));
    }
    Ok(ptr)
}

/// The engine of `sowing.vector.VectorEnv` (private: use that class).
#[pyclass(module = "sowing._sowing", name = "_VectorCore")]
pub struct VectorCore {
    inner: Vector,
    out: Option<Buffers>,
    /// The bound buffers, kept alive (and so unresizable) while bound.
    arrays: Vec<Py<PyAny>>,
    /// The bound `int64[N]` array the caller writes each step's actions
    /// into (read through its address: no array interface to build a step).
    bound_actions: Option<usize>,
    /// The step's actions, copied from the caller's array.
    actions: Vec<i64>,
}

#[pymethods]
impl VectorCore {
    #[new]
    #[pyo3(signature = (variant, num_envs, *, starter_only=None, clockwise=None, reading=None, first="south", lap_limit=None, max_plies=None, opponent=None, agent="south", threads=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        variant: &str,
        num_envs: usize,
        starter_only: Option<bool>,
        clockwise: Option<bool>,
        reading: Option<String>,
        first: &str,
        lap_limit: Option<u32>,
        max_plies: Option<u32>,
        opponent: Option<String>,
        agent: &str,
        threads: Option<usize>,
    ) -> PyResult<VectorCore> {
        let rules = crate::convert::rules_arg(variant, starter_only, clockwise, reading)?;
        let config = Config {
            rules,
            first: crate::convert::side_arg(first)?,
            lap_limit,
            max_plies,
            opponent,
            agent: crate::convert::side_arg(agent)?,
            num_envs,
        };
        let inner = Vector::new(config, threads).map_err(to_py)?;
        Ok(VectorCore {
            inner,
            out: None,
            arrays: Vec::new(),
            bound_actions: None,
            actions: zeroed(num_envs).map_err(to_py)?,
        })
    }

    /// Observation length (`4n + 4`).
    #[getter]
    fn obs_len(&self) -> usize {
        self.inner.width
    }

    /// Actions.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.actions
    }

    /// Binds the output buffers (see the module docs for their dtypes and
    /// shapes), and the `int64[N]` array of the actions that `step` plays.
    #[allow(clippy::too_many_arguments)]
    fn bind(
        &mut self,
        actions: &Bound<'_, PyAny>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        reward: &Bound<'_, PyAny>,
        terminated: &Bound<'_, PyAny>,
        truncated: &Bound<'_, PyAny>,
        final_obs: &Bound<'_, PyAny>,
        to_play: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (n, w, a) = (self.inner.num_envs, self.inner.width, self.inner.actions);
        let bound_actions = address(actions, "actions", "<i8", &[n])?;
        let out = Buffers {
            obs: address(obs, "obs", "<i2", &[n, w])? as *mut i16,
            mask: address(mask, "mask", "<i1", &[n, a])? as *mut i8,
            reward: address(reward, "reward", "<f4", &[n])? as *mut f32,
            terminated: address(terminated, "terminated", "<b1", &[n])? as *mut u8,
            truncated: address(truncated, "truncated", "<b1", &[n])? as *mut u8,
            final_obs: address(final_obs, "final_obs", "<i2", &[n, w])? as *mut i16,
            to_play: address(to_play, "to_play", "<i1", &[n])? as *mut i8,
        };
        self.arrays = [
            actions, obs, mask, reward, terminated, truncated, final_obs, to_play,
        ]
        .iter()
        .map(|a| (*a).clone().unbind())
        .collect();
        self.out = Some(out);
        self.bound_actions = Some(bound_actions);
        Ok(())
    }

    /// Starts every game; the opponents are seeded from `seed`.
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let out = self.buffers()?;
        let inner = &mut self.inner;
        // SAFETY: `bind` checked the buffers' shapes and keeps them alive.
        py.detach(move || unsafe { inner.reset(seed, out) });
        Ok(())
    }

    /// Steps every game with the actions in the bound actions array.
    fn step(&mut self, py: Python<'_>) -> PyResult<()> {
        let out = self.buffers()?;
        let n = self.inner.num_envs;
        let ptr = self
            .bound_actions
            .ok_or_else(|| PyValueError::new_err("no buffers bound"))?;
        // Copied while the GIL is held, so that another Python thread
        // changing the array cannot change an action between its check
        // and its move.
        // SAFETY: `bind` checked that it is a C-contiguous int64 array of
        // `n` values, and keeps it alive.
        self.actions
            .copy_from_slice(unsafe { std::slice::from_raw_parts(ptr as *const i64, n) });
        let (inner, actions) = (&mut self.inner, &self.actions);
        // SAFETY: as in `reset`.
        py.detach(move || unsafe { inner.step(actions, out) })
            .map_err(to_py)
    }
}

impl VectorCore {
    fn buffers(&self) -> PyResult<Buffers> {
        self.out
            .ok_or_else(|| PyValueError::new_err("bind the buffers first"))
    }
}
