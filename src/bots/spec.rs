//! Player specs: `random`, `greedy`, `alphabeta[:budget][:eval=E]`,
//! `mcts[:budget][:eval=E]`, `uct[:budget]`, read into a [`BotSpec`] and made into a
//! `Box<dyn BuiltInBot>` (the built-in games) or a `Box<dyn Bot<R>>` (any
//! ruleset).

use super::{
    AlphaBeta, AutoEval, Bot, Budget, BuiltInBot, Evaluation, GreedyBot, Mcts, MctsBudget, Named,
    RandomBot, StandardEval, TunedEval,
};
use crate::moves::{Move, MoveSet};
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The default depth of `alphabeta`.
pub const DEFAULT_DEPTH: u8 = 6;
/// The default iterations of `mcts` and playouts of `uct`.
pub const DEFAULT_PLAYOUTS: u32 = 2_000;

/// A computer player by name and budget.
///
/// | spec | player |
/// | --- | --- |
/// | `random` | [`RandomBot`] |
/// | `greedy` | [`GreedyBot`] |
/// | `alphabeta` | [`AlphaBeta`], depth 6 |
/// | `alphabeta:D` | depth `D` plies (1..=64) |
/// | `alphabeta:Nnodes` | about `N` nodes a move |
/// | `alphabeta:Ts`, `alphabeta:Tms` | about `T` seconds / milliseconds a move |
/// | `alphabeta[:budget]:eval=E` | the same with evaluation `E`: `auto` (the default, [`AutoEval`]: [`TunedEval`] on the built-in games (Sadeqa V, Sadeqa II, Sadeqa III, game 91, Andada-12), [`StandardEval`] elsewhere), `standard` ([`StandardEval`], 0.3's) or `tuned` ([`TunedEval`]) |
/// | `mcts` | [`Mcts`]: evaluation at the leaves, implicit minimax, solver; 2,000 iterations |
/// | `mcts:N` | `N` iterations (leaf expansions) a move |
/// | `mcts:Ts`, `mcts:Tms` | about `T` seconds / milliseconds a move |
/// | `mcts[:budget]:eval=E` | the same with evaluation `E` at the leaves, as for `alphabeta` (default `auto`) |
/// | `uct` | [`Mcts::uct`]: plain UCT with random playouts (0.3's `mcts`); 2,000 playouts |
/// | `uct:N` | `N` playouts a move |
/// | `uct:Ts`, `uct:Tms` | about `T` seconds / milliseconds a move |
///
/// Names are case-insensitive; `ab` is short for `alphabeta`. The
/// evaluation comes last (`alphabeta:100ms:eval=tuned`, or
/// `alphabeta:eval=tuned` at depth 6, `mcts:100ms:eval=standard`), only for
/// `alphabeta` and `mcts`, and is written back only when it is not the
/// default. The spec
/// reads back from its `Display`, which writes the budget as the player
/// uses it: a depth of 0 as 1 and one over 64 as 64, no nodes or playouts
/// as 1, a time to the nanosecond (`0.5ms`), no time as 1 ns
/// (`0.000001ms`) and more than a day as a day (`86400000ms`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// `random`.
    Random,
    /// `greedy`.
    Greedy,
    /// `alphabeta[:budget][:eval=E]`.
    AlphaBeta(Budget, EvalKind),
    /// `mcts[:budget][:eval=E]`.
    Mcts(MctsBudget, EvalKind),
    /// `uct[:budget]`.
    Uct(MctsBudget),
}

/// The evaluation of an `alphabeta` or `mcts` spec (`eval=auto|standard|tuned`),
/// which is itself an [`Evaluation`] of every ruleset (the one it names).
///
/// ```
/// use sowing::bots::EvalKind;
///
/// assert_eq!("tuned".parse(), Ok(EvalKind::Tuned));
/// assert_eq!(EvalKind::default(), EvalKind::Auto);
/// assert!("best".parse::<EvalKind>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// [`AutoEval`]: the tuned evaluation where it won its SPRT (the
    /// built-in games: Sadeqa V, Sadeqa II, Sadeqa III, game 91,
    /// Andada-12), the standard one elsewhere: `auto`, the default.
    #[default]
    Auto,
    /// [`StandardEval`], the ruleset's own (0.3's default): `standard`.
    Standard,
    /// [`TunedEval`], weights fitted to data: `tuned`.
    Tuned,
}

impl EvalKind {
    /// The name in a spec: `standard` or `tuned`.
    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::Auto => "auto",
            EvalKind::Standard => "standard",
            EvalKind::Tuned => "tuned",
        }
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EvalKind {
    type Err = SpecError;

    /// `auto`, `standard` or `tuned`, in any case.
    fn from_str(s: &str) -> Result<EvalKind, SpecError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(EvalKind::Auto),
            "standard" => Ok(EvalKind::Standard),
            "tuned" => Ok(EvalKind::Tuned),
            _ => Err(SpecError::UnknownEval(s.trim().to_string())),
        }
    }
}

impl<R: Ruleset> Evaluation<R> for EvalKind {
    #[inline]
    fn evaluate(&self, pos: &Position<R>) -> i32 {
        match self {
            EvalKind::Auto => AutoEval.evaluate(pos),
            EvalKind::Standard => StandardEval.evaluate(pos),
            EvalKind::Tuned => TunedEval.evaluate(pos),
        }
    }

    fn logit_scale(&self, rules: &R) -> f64 {
        match self {
            EvalKind::Auto => AutoEval.logit_scale(rules),
            EvalKind::Standard => StandardEval.logit_scale(rules),
            EvalKind::Tuned => TunedEval.logit_scale(rules),
        }
    }
}

/// Why a player spec could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The name is not one of the players.
    #[error(
        "unknown player {0:?} (expected random, greedy, alphabeta[:depth|:Nnodes|:Ts|:Tms][:eval=auto|standard|tuned], mcts[:iterations|:Ts|:Tms][:eval=auto|standard|tuned] or uct[:playouts|:Ts|:Tms])"
    )]
    UnknownPlayer(String),
    /// The budget after the colon is not valid for the player.
    #[error("bad budget {budget:?} for {player}: {reason}")]
    BadBudget {
        /// The player's name.
        player: &'static str,
        /// The budget as written.
        budget: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The evaluation after `eval=` is not one of them.
    #[error("unknown evaluation {0:?} (expected auto, standard or tuned)")]
    UnknownEval(String),
    /// An option after the budget (`key=value`) the player does not take,
    /// or one given twice.
    #[error("bad option {option:?} for {player}: {reason}")]
    BadOption {
        /// The player's name.
        player: &'static str,
        /// The option as written.
        option: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// A time written `Ts` or `Tms` (`T` a decimal number), if it is one. A
/// plain decimal (`1.5ms`) is read exactly, to the nanosecond, so that a
/// budget's `Display` ([`write_time`]) reads back as the same time; any
/// other number (`1e-3s`) to the nearest nanosecond.
fn parse_time(s: &str) -> Option<Result<Duration, &'static str>> {
    let (number, nanos_per_unit) = if let Some(n) = s.strip_suffix("ms") {
        (n, 1_000_000u128)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1_000_000_000)
    } else {
        return None;
    };
    const DAY_NANOS: u128 = DAY.as_nanos();
    let nanos = match exact_nanos(number, nanos_per_unit) {
        Some(n) => n,
        None => match number.parse::<f64>() {
            Ok(t) if t.is_finite() && t >= 0.0 => (t * nanos_per_unit as f64).round() as u128,
            Ok(_) => return Some(Err(TIME_RANGE)),
            Err(_) => return Some(Err("expected a number before s or ms")),
        },
    };
    Some(if (1..=DAY_NANOS).contains(&nanos) {
        Ok(Duration::from_nanos(nanos as u64))
    } else {
        Err(TIME_RANGE)
    })
}

/// `number` (digits, optionally a point and more digits) times
/// `nanos_per_unit`, in whole nanoseconds, if it is written so and has no
/// digit below a nanosecond (`None` otherwise, or past `u128`).
fn exact_nanos(number: &str, nanos_per_unit: u128) -> Option<u128> {
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let places = nanos_per_unit.ilog10() as usize;
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > places || whole.len() > 20 {
        return None;
    }
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let part: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse::<u128>().ok()? * 10u128.pow((places - fraction.len()) as u32)
    };
    whole.checked_mul(nanos_per_unit)?.checked_add(part)
}

/// Why a spec's time is refused when it is a number.
const TIME_RANGE: &str = "a time must be positive (1 ns at least) and at most a day";

/// The longest time a spec takes: a day.
const DAY: Duration = Duration::from_secs(86_400);

/// A budget's time as a search uses it: the range a spec takes, 1 ns to a
/// day (a search of more than a day is one that is stopped by hand).
pub(crate) fn time_in_use(t: Duration) -> Duration {
    t.clamp(Duration::from_nanos(1), DAY)
}

/// Writes `t` as the spec reads it: whole milliseconds as `1500ms`, a time
/// with a part of a millisecond exactly, as `0.5ms` or `1.000001ms`; a time
/// outside a spec's range ([`time_in_use`]) as the nearest it takes.
pub(crate) fn write_time(f: &mut fmt::Formatter<'_>, t: Duration) -> fmt::Result {
    let nanos = time_in_use(t).as_nanos();
    let (ms, part) = (nanos / 1_000_000, nanos % 1_000_000);
    if part == 0 {
        write!(f, "{ms}ms")
    } else {
        let digits = format!("{part:06}");
        write!(f, "{ms}.{}ms", digits.trim_end_matches('0'))
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<BotSpec, SpecError> {
        let lower = s.trim().to_ascii_lowercase();
        let (name, rest) = match lower.split_once(':') {
            Some((n, b)) => (n, Some(b)),
            None => (lower.as_str(), None),
        };
        // An option (`key=value`) comes after the budget: `budget:option`,
        // or the option alone.
        let (budget, option) = match rest {
            None => (None, None),
            Some(r) => match r.split_once(':') {
                Some((b, _)) if b.contains('=') => (None, Some(r)),
                Some((b, o)) => (Some(b), Some(o)),
                None if r.contains('=') => (None, Some(r)),
                None => (Some(r), None),
            },
        };
        let eval = match option {
            None => EvalKind::Auto,
            Some(o) => {
                let player = match name {
                    "ab" => "alphabeta",
                    _ => ["random", "greedy", "alphabeta", "mcts", "uct"]
                        .into_iter()
                        .find(|p| *p == name)
                        .ok_or_else(|| SpecError::UnknownPlayer(s.trim().to_string()))?,
                };
                if player != "alphabeta" && player != "mcts" {
                    return Err(SpecError::BadOption {
                        player,
                        option: o.to_string(),
                        reason: "only alphabeta and mcts take an option (eval=auto|standard|tuned)",
                    });
                }
                match o.split_once('=') {
                    Some(("eval", v)) if !v.contains([':', '=']) => v.parse::<EvalKind>()?,
                    _ => {
                        return Err(SpecError::BadOption {
                            player,
                            option: o.to_string(),
                            reason: "expected one eval=auto|standard|tuned after the budget",
                        });
                    }
                }
            }
        };
        let bad = |player: &'static str, reason: &'static str| SpecError::BadBudget {
            player,
            budget: budget.unwrap_or("").to_string(),
            reason,
        };
        match (name, budget) {
            ("random", None) => Ok(BotSpec::Random),
            ("greedy", None) => Ok(BotSpec::Greedy),
            ("random", Some(_)) => Err(bad("random", "random takes no budget")),
            ("greedy", Some(_)) => Err(bad(
                "greedy",
                "greedy looks one ply ahead and takes no budget",
            )),
            ("alphabeta" | "ab", None) => {
                Ok(BotSpec::AlphaBeta(Budget::Depth(DEFAULT_DEPTH), eval))
            }
            ("alphabeta" | "ab", Some(b)) => {
                if let Some(n) = b.strip_suffix("nodes") {
                    return match n.parse::<u64>() {
                        Ok(n) if n > 0 => Ok(BotSpec::AlphaBeta(Budget::Nodes(n), eval)),
                        _ if is_big_number(n) => {
                            Err(bad("alphabeta", "at most 18446744073709551615 nodes"))
                        }
                        _ => Err(bad(
                            "alphabeta",
                            "expected a positive number of nodes before \"nodes\"",
                        )),
                    };
                }
                if let Some(t) = parse_time(b) {
                    return t
                        .map(|t| BotSpec::AlphaBeta(Budget::Time(t), eval))
                        .map_err(|r| bad("alphabeta", r));
                }
                match b.parse::<u8>() {
                    Ok(d) if (1..=super::alphabeta::MAX_DEPTH).contains(&d) => {
                        Ok(BotSpec::AlphaBeta(Budget::Depth(d), eval))
                    }
                    _ => Err(bad(
                        "alphabeta",
                        "expected a depth from 1 to 64, Nnodes, Ts or Tms",
                    )),
                }
            }
            ("mcts", None) => Ok(BotSpec::Mcts(MctsBudget::Playouts(DEFAULT_PLAYOUTS), eval)),
            ("uct", None) => Ok(BotSpec::Uct(MctsBudget::Playouts(DEFAULT_PLAYOUTS))),
            ("mcts", Some(b)) => mcts_budget(b)
                .map(|b| BotSpec::Mcts(b, eval))
                .map_err(|r| bad("mcts", r)),
            ("uct", Some(b)) => mcts_budget(b).map(BotSpec::Uct).map_err(|r| bad("uct", r)),
            _ => Err(SpecError::UnknownPlayer(s.trim().to_string())),
        }
    }
}

/// The budget of `mcts` or `uct` written after the colon, or why not.
fn mcts_budget(b: &str) -> Result<MctsBudget, &'static str> {
    if let Some(t) = parse_time(b) {
        return t.map(MctsBudget::Time);
    }
    match b.parse::<u32>() {
        Ok(n) if n > 0 => Ok(MctsBudget::Playouts(n)),
        _ if is_big_number(b) => Err("at most 4294967295 iterations (mcts) or playouts (uct)"),
        _ => Err("expected a positive number of iterations (mcts) or playouts (uct), Ts or Tms"),
    }
}

/// Whether `s` is all digits but too big for its type (a budget's count).
fn is_big_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && !s.trim_start_matches('0').is_empty()
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::AlphaBeta(b, EvalKind::Auto) => write!(f, "alphabeta:{b}"),
            BotSpec::AlphaBeta(b, e) => write!(f, "alphabeta:{b}:eval={e}"),
            BotSpec::Mcts(b, EvalKind::Auto) => write!(f, "mcts:{b}"),
            BotSpec::Mcts(b, e) => write!(f, "mcts:{b}:eval={e}"),
            BotSpec::Uct(b) => write!(f, "uct:{b}"),
        }
    }
}

/// The player of a spec, boxed as the caller's trait object: one list of
/// players for [`BotSpec::build`] (`dyn BuiltInBot`) and
/// [`BotSpec::build_for`] (`dyn Bot<R>`), whose boxes differ only in type.
macro_rules! build {
    ($spec:expr, $seed:expr) => {{
        let (spec, seed) = ($spec, $seed);
        match spec {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::AlphaBeta(b, EvalKind::Auto) => Box::new(AlphaBeta::with_eval(b, AutoEval)),
            BotSpec::AlphaBeta(b, EvalKind::Standard) => Box::new(Labelled {
                bot: AlphaBeta::with_budget(b),
                name: spec.to_string(),
            }),
            BotSpec::AlphaBeta(b, EvalKind::Tuned) => Box::new(Labelled {
                bot: AlphaBeta::with_eval(b, TunedEval),
                name: spec.to_string(),
            }),
            BotSpec::Mcts(b, e) => Box::new(Labelled {
                bot: Mcts::with_eval(b, seed, e),
                name: spec.to_string(),
            }),
            BotSpec::Uct(b) => Box::new(Mcts::uct(b, seed)),
        }
    }};
}

impl BotSpec {
    /// The player of the built-in games, seeded with `seed` (random
    /// choices, tie-breaks, playouts, drawn from `rand` 0.10's `SmallRng`,
    /// re-exported as [`sowing::rand`](crate::rand); the alpha-beta player
    /// is deterministic). The greedy player uses the
    /// [`StandardEval`](super::StandardEval); the alpha-beta player the
    /// spec's evaluation ([`EvalKind`]: by default [`AutoEval`], the
    /// tuned evaluation on the built-in games).
    pub fn build(self, seed: u64) -> Box<dyn BuiltInBot> {
        build!(self, seed)
    }

    /// The player of ruleset `R` (any ruleset, one from another crate
    /// too), seeded as [`BotSpec::build`] seeds it: the same players, the
    /// greedy one with the [`StandardEval`](super::StandardEval) (the
    /// ruleset's own [`Ruleset::evaluate`]), the alpha-beta one with the
    /// spec's evaluation (by default [`AutoEval`]: on a ruleset of another
    /// crate, the [`StandardEval`]).
    pub fn build_for<R: Ruleset>(self, seed: u64) -> Box<dyn Bot<R>> {
        build!(self, seed)
    }
}

/// A player under its spec's name: the alpha-beta player with another
/// evaluation than the default, whose own name gives only its budget.
struct Labelled<B> {
    bot: B,
    name: String,
}

impl<B> Named for Labelled<B> {
    fn name(&self) -> String {
        self.name.clone()
    }
}

impl<R: Ruleset, B: Bot<R>> Bot<R> for Labelled<B> {
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        self.bot.choose_from(pos, legal)
    }
}

/// The player of the built-in games named by `spec` (see [`BotSpec`] and
/// [`BotSpec::build`]), seeded with `seed` (`rand` 0.10's `SmallRng`,
/// re-exported as [`sowing::rand`](crate::rand)).
///
/// ```
/// use sowing::bots::{Named, SpecError, from_spec};
///
/// assert_eq!(from_spec("alphabeta:6", 1)?.name(), "alphabeta:6");
/// assert_eq!(from_spec("mcts:2000", 1)?.name(), "mcts:2000");
/// assert_eq!(from_spec("AB:2s", 1)?.name(), "alphabeta:2000ms");
/// assert_eq!(from_spec("ab:20ms:eval=tuned", 1)?.name(), "alphabeta:20ms:eval=tuned");
/// assert!(matches!(from_spec("ab:eval=best", 1), Err(SpecError::UnknownEval(_))));
/// assert!(matches!(from_spec("minimax", 1), Err(SpecError::UnknownPlayer(_))));
/// assert!(matches!(from_spec("mcts:0", 1), Err(SpecError::BadBudget { .. })));
/// # Ok::<(), SpecError>(())
/// ```
///
/// # Errors
/// [`SpecError`]: an unknown name or a budget the player cannot take.
pub fn from_spec(spec: &str, seed: u64) -> Result<Box<dyn BuiltInBot>, SpecError> {
    Ok(spec.parse::<BotSpec>()?.build(seed))
}

/// The player of ruleset `R` named by `spec` (see [`BotSpec`] and
/// [`BotSpec::build_for`]), seeded with `seed` (`rand` 0.10's `SmallRng`,
/// re-exported as [`sowing::rand`](crate::rand)).
///
/// ```
/// use sowing::bots::{Bot, Named, from_spec_for};
/// use sowing::{Position, rulesets::SadeqaIII};
///
/// let mut bot = from_spec_for::<SadeqaIII>("alphabeta:2", 1)?;
/// let pos = Position::new(SadeqaIII::new());
/// assert!(pos.is_legal(bot.choose(&pos).expect("a move")));
/// assert_eq!(bot.name(), "alphabeta:2");
/// # Ok::<(), sowing::bots::SpecError>(())
/// ```
///
/// # Errors
/// [`SpecError`]: an unknown name or a budget the player cannot take.
pub fn from_spec_for<R: Ruleset>(spec: &str, seed: u64) -> Result<Box<dyn Bot<R>>, SpecError> {
    Ok(spec.parse::<BotSpec>()?.build_for(seed))
}
