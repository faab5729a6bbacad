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
//!
//! Here: the configuration, the buffers and [`Vector`], the batch the
//! Python class steps; in [`envs`] the environments and their threads, in
//! [`observe`] what a game writes into its rows, in [`python`] the class.

mod envs;
mod observe;
mod python;

pub use python::VectorCore;

use envs::{Batch, Env, Envs, OPPONENT_TABLE_BITS, Pool, zeroed};

use crate::crew::Crew;
use crate::engine::{self, Error, Pos, Rules, Side};
use sowing::bots::BotSpec;
use sowing::bots::alphabeta::Table;
use sowing::{BuiltIn, Position, Visit};
use std::sync::Mutex;

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
