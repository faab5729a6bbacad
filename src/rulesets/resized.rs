//! A built-in game's rules on another board: [`Resized`].
//!
//! Small boards make games that can be solved exactly (2 x 4 with 2 seeds a
//! pit, 2 x 5 with 3, ...), in the style of the solved-games tables of
//! Kalah (Irving et al.). [`Resized`] plays a ruleset's rules, hook for
//! hook, on `2 x m` pits with `n` seeds a pit; the position string names it
//! `<game>:<m>x<n>` (`sadeqa-iii:5x3`, `sadeqa-ii:4x2`, `andada:6x2`).
//!
//! # Decisions where the sources are silent
//!
//! The sources describe each game on its own board only; on another board:
//!
//! - Sadeqa II's forced first move is from the player's rightmost pit, his
//!   pit `m` (RULES.md 4.1 calls it "his rightmost pit (his pit 6)").
//! - Andada's opening chain (RULES.md 6.1) leaves 0,3,3,0,3,3,... only from
//!   2 seeds a pit and only when the board's pits are a multiple of 3, so
//!   Andada is resized to `m` a multiple of 3 with 2 seeds a pit.
//! - Every other rule reads the board as it is (rows, opposite pits, last
//!   pits), so it holds on any board unchanged.

use crate::error::{Refusal, StateError, Unreachable};
use crate::event::Observer;
use crate::moves::{MAX_PITS_PER_ROW, Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::ruleset::{Lap, MoveContext, NoMove, Ruleset, Scoring, Start, Turn};
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use crate::view::View;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The most seeds in play on any board: the lap tables' bound (96).
const MAX_SEEDS: u32 = 96;

/// Why a ruleset cannot be played on a board ([`Resized::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizeError {
    /// The pits per row are outside 2 to 24
    /// ([`MAX_PITS_PER_ROW`]).
    #[error("a row has 2 to 24 pits, not {pits_per_row}")]
    PitsPerRow {
        /// The pits per row asked for.
        pits_per_row: usize,
    },
    /// No seeds: a game needs at least one seed a pit.
    #[error("a pit starts with at least one seed, not 0")]
    NoSeeds,
    /// More than 96 seeds in play (the engine's bound): `2 * m * n`.
    #[error(
        "2 x {pits_per_row} pits with {seeds_per_pit} seeds each put {seeds} seeds in play; \
         at most 96"
    )]
    TooManySeeds {
        /// Pits per row.
        pits_per_row: usize,
        /// Seeds a pit.
        seeds_per_pit: u8,
        /// Seeds in play, `2 * pits_per_row * seeds_per_pit`.
        seeds: u32,
    },
    /// A board the game's own rules cannot use (Andada's opening chain:
    /// pits per row a multiple of 3 and 2 seeds a pit, RULES.md 6.1).
    #[error(
        "{game} cannot be played on 2 x {pits_per_row} with {seeds_per_pit} seeds a pit: {rule}"
    )]
    NotForGame {
        /// The game, as messages name it (`Andada`).
        game: &'static str,
        /// Pits per row asked for.
        pits_per_row: usize,
        /// Seeds a pit asked for.
        seeds_per_pit: u8,
        /// The rule that needs another size, with its RULES.md section.
        rule: &'static str,
    },
}

/// A ruleset that [`Resized`] can play on another board: the name its
/// resized forms start with, and the boards its rules can use.
///
/// Implemented by the four built-in games; a game of another crate
/// implements it (both methods have defaults) to be resized too.
pub trait Resizable: Ruleset {
    /// The name a resized form's notation name starts with (before
    /// `:<m>x<n>`). Default: [`Ruleset::name`]; Andada's is `andada`.
    /// [`Ruleset::from_name`] must accept it.
    fn base_name(&self) -> Cow<'static, str> {
        self.name()
    }

    /// Whether the game's own rules can use 2 x `pits_per_row` pits with
    /// `seeds_per_pit` seeds each (the engine's bounds are checked by
    /// [`Resized::new`] before). Default: any board.
    ///
    /// # Errors
    /// [`SizeError::NotForGame`], naming the rule.
    fn check_size(&self, pits_per_row: usize, seeds_per_pit: u8) -> Result<(), SizeError> {
        // `Ok(())` for this body is an equivalent mutant (docs/MUTANTS.md).
        let _ = (pits_per_row, seeds_per_pit);
        Ok(())
    }
}

impl Resizable for SadeqaV {}

/// The forced first move is from the rightmost pit, pit `m` (RULES.md 4.1).
impl Resizable for SadeqaII {}

impl Resizable for SadeqaIII {}

/// RULES.md 6.1: the opening chain sows 2 seeds a pit into the next two
/// and goes on from the pit after, every third pit round the board, until
/// every pit holds 0 or 3: 2 seeds a pit, and pits per row a multiple of 3.
impl Resizable for Andada {
    fn base_name(&self) -> Cow<'static, str> {
        Cow::Borrowed("andada")
    }

    fn check_size(&self, pits_per_row: usize, seeds_per_pit: u8) -> Result<(), SizeError> {
        let rule = if !pits_per_row.is_multiple_of(3) {
            "the opening chain needs the pits per row to be a multiple of 3 (RULES.md 6.1)"
        } else if seeds_per_pit != 2 {
            "the opening chain sows 2 seeds a pit (RULES.md 6.1)"
        } else {
            return Ok(());
        };
        Err(SizeError::NotForGame {
            game: "Andada",
            pits_per_row,
            seeds_per_pit,
            rule,
        })
    }
}

/// The rules of `R` on 2 x `m` pits with `n` seeds a pit.
///
/// Every hook and constant is `R`'s, so the game is `R`'s in every rule
/// that does not name a size (RULES.md: the board's rows, opposite pits
/// and last pits are read from the board); only the board
/// ([`Ruleset::pits_per_row`], [`Ruleset::seeds_per_pit`]) and the name
/// differ. See the [module docs](self) for what the rules say on another
/// board. `R`'s options are kept (`SadeqaII::starter_only()`, Andada's
/// direction and readings); the size `R` carries itself (Andada's) is
/// ignored.
///
/// The notation name (the position string's variant field) is
/// `<base>:<m>x<n>`, with [`Resizable::base_name`]: `sadeqa-iii:5x3`,
/// `sadeqa-ii:4x2`, `andada:6x2`. As for `R`, the name does not show the
/// options: read a position string of a ruleset with options with
/// [`Position::from_str_with`](crate::Position::from_str_with).
///
/// Not a [`BuiltIn`](crate::BuiltIn) ruleset: use it as a generic
/// `Position<Resized<R>>` (and with the generic players, the solver and
/// `perft`), not through `AnyPosition`.
///
/// ```
/// use sowing::rulesets::{Resized, SadeqaII, SadeqaIII};
/// use sowing::{Move, Position};
///
/// // Sadeqa III on 2 x 5 with 3 seeds a pit.
/// let rules = Resized::new(SadeqaIII::new(), 5, 3)?;
/// let mut pos = Position::new(rules);
/// assert_eq!(pos.to_string(), "sadeqa-iii:5x3 3,3,3,3,3/3,3,3,3,3 S 0-0");
/// pos.play(Move::Pit(1))?;
/// let back: Position<Resized<SadeqaIII>> = pos.to_string().parse()?;
/// assert_eq!(back, pos);
///
/// // Sadeqa II's first move is from the rightmost pit: pit 4 on 2 x 4.
/// let pos = Position::new(Resized::new(SadeqaII::starter_only(), 4, 2)?);
/// assert_eq!(pos.legal_moves().to_string(), "4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "ResizedFields<R>",
        bound(
            serialize = "R: Serialize",
            deserialize = "R: Resizable + Deserialize<'de>"
        )
    )
)]
pub struct Resized<R> {
    rules: R,
    pits_per_row: u8,
    seeds_per_pit: u8,
}

/// Resized's fields as serialised, checked on the way in.
#[cfg(feature = "serde")]
#[derive(Deserialize)]
struct ResizedFields<R> {
    rules: R,
    pits_per_row: u8,
    seeds_per_pit: u8,
}

#[cfg(feature = "serde")]
impl<R: Resizable> TryFrom<ResizedFields<R>> for Resized<R> {
    type Error = SizeError;
    fn try_from(f: ResizedFields<R>) -> Result<Self, SizeError> {
        Resized::new(f.rules, f.pits_per_row as usize, f.seeds_per_pit)
    }
}

impl<R: Resizable> Resized<R> {
    /// `rules` on 2 x `pits_per_row` pits with `seeds_per_pit` seeds each.
    ///
    /// # Errors
    /// [`SizeError`]: pits per row outside 2 to 24, no seeds, more than 96
    /// seeds in play, or a board the game's own rules cannot use
    /// ([`Resizable::check_size`]: Andada needs a multiple of 3 pits a row
    /// and 2 seeds a pit).
    pub fn new(rules: R, pits_per_row: usize, seeds_per_pit: u8) -> Result<Self, SizeError> {
        if !(2..=MAX_PITS_PER_ROW).contains(&pits_per_row) {
            return Err(SizeError::PitsPerRow { pits_per_row });
        }
        if seeds_per_pit == 0 {
            return Err(SizeError::NoSeeds);
        }
        let seeds = 2 * pits_per_row as u32 * seeds_per_pit as u32;
        if seeds > MAX_SEEDS {
            return Err(SizeError::TooManySeeds {
                pits_per_row,
                seeds_per_pit,
                seeds,
            });
        }
        rules.check_size(pits_per_row, seeds_per_pit)?;
        Ok(Resized {
            rules,
            pits_per_row: pits_per_row as u8,
            seeds_per_pit,
        })
    }

    /// The ruleset played (with its options).
    pub fn rules(&self) -> R {
        self.rules
    }
}

/// Reads `<base>:<m>x<n>` (any case) into the base name and the sizes.
fn split_name(name: &str) -> Option<(&str, usize, u8)> {
    let (base, size) = name.rsplit_once(':')?;
    let (m, n) = size.split_once(['x', 'X'])?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(m) || !digits(n) {
        return None;
    }
    Some((base, m.parse().ok()?, n.parse().ok()?))
}

impl<R: Resizable> Ruleset for Resized<R> {
    type State = R::State;
    const MARKS_PITS: bool = R::MARKS_PITS;
    const SKIPS_ORIGIN: bool = R::SKIPS_ORIGIN;
    /// A game on another board (the solved-games table, docs/SOLVED.md)
    /// keeps its game's states. Its database files are named after the
    /// resized game (`sadeqa-iii:5x3.30.tb`), and their headers give its
    /// pits.
    const STATES: u64 = R::STATES;

    /// `<base>:<m>x<n>`, made when asked (the position string, messages;
    /// never in play or search).
    fn name(&self) -> Cow<'static, str> {
        Cow::Owned(format!(
            "{}:{}x{}",
            self.rules.base_name(),
            self.pits_per_row,
            self.seeds_per_pit
        ))
    }

    /// The base game's options.
    fn options(&self) -> &'static [crate::options::OptionSpec] {
        self.rules.options()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), crate::options::OptionError> {
        self.rules.set_option(name, value)
    }

    fn option_value(&self, name: &str) -> Option<crate::options::OptionValue> {
        self.rules.option_value(name)
    }

    /// `<base>:<m>x<n>` in any case, with `R`'s default options; `None`
    /// for another form or a board the game cannot use.
    fn from_name(name: &str) -> Option<Self> {
        let (base, m, n) = split_name(name)?;
        let rules = R::from_name(base)?;
        // Only the base name itself (`andada`, not `andada-15`).
        if !rules.base_name().eq_ignore_ascii_case(base) {
            return None;
        }
        Resized::new(rules, m, n).ok()
    }

    fn pits_per_row(&self) -> usize {
        self.pits_per_row as usize
    }

    fn seeds_per_pit(&self) -> u8 {
        self.seeds_per_pit
    }

    fn scoring(&self) -> Scoring {
        self.rules.scoring()
    }

    fn removes_seeds(&self) -> bool {
        self.rules.removes_seeds()
    }

    fn clockwise(&self) -> bool {
        self.rules.clockwise()
    }

    fn initial_state(&self, first: Player) -> Self::State {
        self.rules.initial_state(first)
    }

    #[inline]
    fn candidates(&self, pos: &View<'_, Self::State>) -> MoveSet {
        self.rules.candidates(pos)
    }

    fn refusal(&self, pos: &View<'_, Self::State>, mv: Move) -> Option<Refusal> {
        self.rules.refusal(pos, mv)
    }

    #[inline(always)]
    fn start(&self, pos: &View<'_, Self::State>, mv: Move) -> Start {
        self.rules.start(pos, mv)
    }

    #[inline(always)]
    fn begin<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, mv: Move, start: Start) {
        self.rules.begin(&mut ctx.as_ruleset(), mv, start);
    }

    #[inline]
    fn relays(&self, lap: &Lap<'_>, state: &Self::State) -> bool {
        self.rules.relays(lap, state)
    }

    #[inline]
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        self.rules.lap_end(&mut ctx.as_ruleset(), lap)
    }

    #[inline]
    fn end_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
        self.rules.end_move(&mut ctx.as_ruleset());
    }

    fn no_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        self.rules.no_move(&mut ctx.as_ruleset())
    }

    fn outcome(&self, pos: &View<'_, Self::State>) -> Outcome {
        self.rules.outcome(pos)
    }

    fn points(&self, pos: &View<'_, Self::State>, player: Player) -> Option<u16> {
        self.rules.points(pos, player)
    }

    fn end_reason(&self, pos: &View<'_, Self::State>) -> String {
        self.rules.end_reason(pos)
    }

    #[inline]
    fn evaluate(&self, pos: &View<'_, Self::State>) -> i32 {
        self.rules.evaluate(pos)
    }

    fn format_state(&self, state: &Self::State) -> Option<&'static str> {
        self.rules.format_state(state)
    }

    fn parse_state(&self, field: Option<&str>) -> Result<Self::State, StateError> {
        self.rules.parse_state(field)
    }

    fn repetition(&self) -> Option<u32> {
        self.rules.repetition()
    }

    fn repetition_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
        self.rules.repetition_end(&mut ctx.as_ruleset());
    }

    fn repetition_outcome(&self, pos: &View<'_, Self::State>) -> Outcome {
        self.rules.repetition_outcome(pos)
    }

    fn state_index(&self, state: &Self::State) -> Option<u64> {
        self.rules.state_index(state)
    }

    fn state_at(&self, index: u64) -> Self::State {
        self.rules.state_at(index)
    }

    fn check_setup(&self, pos: &View<'_, Self::State>) -> Result<(), Unreachable> {
        self.rules.check_setup(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_from_the_base_name_and_sizes() {
        let a = Resized::new(SadeqaIII::new(), 5, 3).unwrap();
        assert_eq!(a.name(), "sadeqa-iii:5x3");
        let b = Resized::new(Andada::new(15).unwrap(), 6, 2).unwrap();
        assert_eq!(b.name(), "andada:6x2");
    }

    #[test]
    fn names_split_into_base_and_sizes() {
        assert_eq!(split_name("andada:6x2"), Some(("andada", 6, 2)));
        assert_eq!(split_name("SADEQA-II:4X2"), Some(("SADEQA-II", 4, 2)));
        for bad in [
            "andada",
            "andada:6",
            "andada:x2",
            "andada:6x",
            "a:6x2x",
            "a:+6x2",
            "a:1000x2",
        ] {
            assert_eq!(split_name(bad), None, "{bad}");
        }
    }
}
