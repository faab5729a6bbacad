//! Choosing the ruleset at run time, by name: [`AnyRuleset`],
//! [`AnyPosition`] and [`AnyGame`], the one dispatch point. A run-time
//! choice (a variant name, a position string, a database header, a Python
//! call) becomes one of them here, and code written once for any
//! [`Position<R>`] runs on it through a visitor: [`AnyPosition::visit`]
//! with a [`Visit`], [`AnyRuleset::visit`] with a [`VisitRuleset`]. The
//! concrete generic types stay the fast path: no dynamic dispatch inside a
//! game.
//!
//! ```
//! use sowing::{AnyPosition, BuiltIn, Position, Visit};
//!
//! /// Code for any built-in game, written once.
//! struct Mobility;
//! impl Visit for Mobility {
//!     type Output = usize;
//!     fn visit<R: BuiltIn>(self, pos: Position<R>) -> usize {
//!         pos.legal_moves().len()
//!     }
//! }
//! let pos: AnyPosition = "andada-12(clockwise)".parse::<sowing::AnyRuleset>()?.start();
//! assert_eq!(pos.visit(Mobility), 12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! All of them come from one list of rulesets (the `rulesets!` macro
//! below). A fifth built-in game is its ruleset module and one line in
//! that list, its [`BuiltIn`] implementation (src/any/builtin.rs: its
//! [`Variant`]), plus its names in [`Variant`] (the notation's list of
//! names, RULES.md section 7, in src/variant.rs). Its evaluation
//! ([`Ruleset::evaluate`]) and its databases' encoding
//! ([`Ruleset::state_index`]) are provided items of the trait, overridden
//! in its module if it wants. Parsing and printing with options, the
//! visitors, the bots ([`BuiltInBot`](crate::bots::BuiltInBot)), the
//! databases ([`AnyTablebase`](crate::tablebase::AnyTablebase)), the
//! examples (whose per-game words fall back to the game's name), the
//! Python bindings and `dist` then take it with no other change.

mod builtin;
pub use builtin::{Arm, BuiltIn};

use crate::error::{ParsePositionError, PlayError, RecordError};
use crate::event::{Event, Observer};
use crate::game::Game;
use crate::moves::{Move, MoveSet};
use crate::notation::Record;
use crate::options::{OptionError, OptionSpec, OptionValue};
use crate::outcome::Outcome;
use crate::player::{Pit, Player};
use crate::position::{Legality, Position, Proof};
use crate::ruleset::Ruleset;
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use crate::setup::Setup;
use crate::sow::Control;
use crate::variant::{UnknownVariant, Variant};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The one list of rulesets: `Arm: Type "doc"`. Calls `$m!` with the
/// tokens `$args` and then the list.
macro_rules! rulesets {
    ($m:ident ! ($($args:tt)*)) => {
        $m! { ($($args)*)
            SadeqaV: SadeqaV "Sadeqa V (RULES.md section 3).",
            SadeqaII: SadeqaII "Sadeqa II (RULES.md section 4).",
            SadeqaIII: SadeqaIII "Sadeqa III or game 91 (RULES.md section 5).",
            Andada: Andada "Andada, any size (RULES.md section 6).",
        }
    };
}

/// Defines the three run-time enums from the list.
macro_rules! define_enums {
    (() $($arm:ident : $ty:ident $doc:literal,)*) => {
        /// Any of the rulesets, with its options.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
        pub enum AnyRuleset {
            $(#[doc = $doc] $arm($ty),)*
        }

        /// A position of any ruleset.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AnyPosition {
            $(#[doc = $doc] $arm(Position<$ty>),)*
        }

        /// A game of any ruleset.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(#[doc = $doc] $arm(Game<$ty>),)*
        }

        impl AnyRuleset {
            /// The ruleset with default options for `variant`; `None` for an
            /// Andada size other than 12, 15, 18, 21 or 24.
            pub fn from_variant(variant: Variant) -> Option<AnyRuleset> {
                None$(.or_else(|| $ty::from_variant(variant).map(AnyRuleset::$arm)))*
            }

            /// The ruleset named `name` (no options), of whichever type
            /// plays it.
            fn from_name(name: &str) -> Option<AnyRuleset> {
                None$(.or_else(|| <$ty as Ruleset>::from_name(name).map(AnyRuleset::$arm)))*
            }

            /// The built-in games that have option `name` (comma-separated).
            fn games_with_option(name: &str) -> String {
                let mut games: Vec<String> = Vec::new();
                $(
                    let r = <$ty>::default();
                    if r.options().iter().any(|o| o.is_named(name)) {
                        // `andada` for all its boards.
                        let name = Ruleset::name(&r);
                        let game = match name.rsplit_once('-') {
                            Some((base, n))
                                if n.bytes().all(|b| b.is_ascii_digit())
                                    && base.parse::<Variant>().is_ok() => base,
                            _ => &name,
                        }
                        .to_string();
                        if !games.contains(&game) {
                            games.push(game);
                        }
                    }
                )*
                games.join(", ")
            }
        }

        $(
            impl Arm for $ty {
                fn into_any(self) -> AnyRuleset {
                    AnyRuleset::$arm(self)
                }
                fn position_into_any(pos: Position<Self>) -> AnyPosition {
                    AnyPosition::$arm(pos)
                }
                fn game_into_any(game: Game<Self>) -> AnyGame {
                    AnyGame::$arm(game)
                }
            }
        )*
    };
}

// The bots define their trait of a bot for each ruleset from the list.
#[cfg(feature = "bots")]
pub(crate) use rulesets;

rulesets!(define_enums!());

/// The arms of a `match` on one of the enums: `$body` with `$p` bound to
/// the concrete value.
macro_rules! each_arms {
    (($ty:ident, $value:expr, $p:ident, $body:expr) $($arm:ident : $r:ident $doc:literal,)*) => {
        match $value {
            $($ty::$arm($p) => $body,)*
        }
    };
}

/// Runs `$body` with `$p` bound to the concrete value inside `$value`, an
/// `$ty` (one of the enums).
macro_rules! each {
    ($ty:ident, $value:expr, $p:ident => $body:expr) => {
        rulesets!(each_arms!($ty, $value, $p, $body))
    };
}

/// The arms of a `match` mapping one enum to another, arm to same arm.
macro_rules! each_map_arms {
    (($from:ident, $to:ident, $value:expr, $p:ident, $body:expr) $($arm:ident : $r:ident $doc:literal,)*) => {
        match $value {
            $($from::$arm($p) => $to::$arm($body),)*
        }
    };
}

/// The arms of [`AnyPosition::children`]: each arm's children, wrapped in
/// the same arm.
macro_rules! children_arms {
    (($value:expr) $($arm:ident : $r:ident $doc:literal,)*) => {
        match $value {
            $(AnyPosition::$arm(p) => Box::new(p.children().map(|(m, c)| (m, AnyPosition::$arm(c)))),)*
        }
    };
}

/// Runs `$body` with `$p` bound to the concrete value inside an arm of
/// `$from`, and wraps the result in the same arm of `$to`.
macro_rules! each_map {
    ($from:ident => $to:ident, $value:expr, $p:ident => $body:expr) => {
        rulesets!(each_map_arms!($from, $to, $value, $p, $body))
    };
}

/// Code written once for a position of any built-in ruleset: what
/// [`AnyPosition::visit`] runs with the position's concrete type.
pub trait Visit {
    /// What the visit returns.
    type Output;
    /// Runs on `pos`, whatever its ruleset.
    fn visit<R: BuiltIn>(self, pos: Position<R>) -> Self::Output;
}

/// Code written once for any built-in ruleset: what [`AnyRuleset::visit`]
/// runs with the ruleset's concrete type.
pub trait VisitRuleset {
    /// What the visit returns.
    type Output;
    /// Runs on `rules`, whatever its type.
    fn visit<R: BuiltIn>(self, rules: R) -> Self::Output;
}

impl<R: BuiltIn> From<Position<R>> for AnyPosition {
    fn from(pos: Position<R>) -> AnyPosition {
        R::position_into_any(pos)
    }
}

impl<R: BuiltIn> From<R> for AnyRuleset {
    fn from(rules: R) -> AnyRuleset {
        rules.into_any()
    }
}

impl<R: BuiltIn> From<Game<R>> for AnyGame {
    fn from(game: Game<R>) -> AnyGame {
        R::game_into_any(game)
    }
}

/// A ruleset written as `name` or `name(option=value, ...)` could not be
/// read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// No game of that name.
    #[error(transparent)]
    UnknownVariant(#[from] UnknownVariant),
    /// An option the game does not have, a bad value or malformed options.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl AnyRuleset {
    /// Runs `visitor` on the ruleset, with its concrete type.
    pub fn visit<V: VisitRuleset>(self, visitor: V) -> V::Output {
        each!(AnyRuleset, self, r => visitor.visit(r))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        each!(AnyRuleset, self, r => r.variant())
    }

    /// The notation name (`andada-15`), without options: the name a
    /// position string starts with.
    pub fn name(&self) -> &'static str {
        self.variant().name()
    }

    /// How the game is won ([`Ruleset::scoring`](crate::Ruleset::scoring)).
    pub fn scoring(&self) -> crate::Scoring {
        each!(AnyRuleset, self, r => crate::Ruleset::scoring(r))
    }

    /// The game's named options ([`Ruleset::options`]).
    pub fn options(&self) -> &'static [OptionSpec] {
        each!(AnyRuleset, self, r => r.options())
    }

    /// The value of option `name` ([`Ruleset::option_value`]).
    pub fn option_value(&self, name: &str) -> Option<OptionValue> {
        each!(AnyRuleset, self, r => r.option_value(name))
    }

    /// Sets option `name` to `value` (`None`: a bare flag), as
    /// `name(option=value)` and the tools' `--option name=value` do.
    ///
    /// # Errors
    /// [`OptionError::NotForGame`] for an option another built-in game has
    /// (naming this game's options), [`OptionError::Unknown`] for one none
    /// has, [`OptionError::BadValue`]; `self` is unchanged.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let result = each!(AnyRuleset, self, r => crate::options::set_option_text(r, name, value));
        match result {
            Err(OptionError::Unknown {
                option,
                game,
                options,
            }) => {
                let others = AnyRuleset::games_with_option(&option);
                Err(if others.is_empty() {
                    OptionError::Unknown {
                        option,
                        game,
                        options,
                    }
                } else {
                    OptionError::NotForGame {
                        option,
                        game,
                        others,
                        options,
                    }
                })
            }
            other => other,
        }
    }

    /// The initial position, South to move.
    pub fn start(self) -> AnyPosition {
        AnyPosition::new(self)
    }
}

impl FromStr for AnyRuleset {
    type Err = RulesetError;
    /// A variant name (`sadeqa-ii`, `game-91`, `andada`, ..., in any case)
    /// with options, if any, in brackets: `sadeqa-ii(starter-only)`,
    /// `andada-15(clockwise, reading=ludii)` (see [`crate::options`]).
    fn from_str(s: &str) -> Result<Self, RulesetError> {
        let (name, pairs) = crate::options::split_options(s)?;
        let variant: Variant = name.parse()?;
        let mut rules = AnyRuleset::from_name(variant.name())
            .ok_or_else(|| UnknownVariant(crate::error::excerpt(name)))?;
        for (option, value) in pairs {
            rules.set_option(option, value)?;
        }
        Ok(rules)
    }
}

/// The name with the options that differ from their defaults, as
/// [`FromStr`] reads it: `andada-12`, `sadeqa-ii(starter-only)`,
/// `andada-15(clockwise,reading=ludii)`. [`AnyRuleset::name`] is the name
/// alone, the name a position string starts with.
impl fmt::Display for AnyRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(AnyRuleset, self, r => crate::options::write_with_options(r, f))
    }
}

impl AnyPosition {
    /// Runs `visitor` on the position, with its concrete type.
    pub fn visit<V: Visit>(self, visitor: V) -> V::Output {
        each!(AnyPosition, self, p => visitor.visit(p))
    }

    /// The initial position of `rules`, South to move.
    pub fn new(rules: AnyRuleset) -> AnyPosition {
        Self::new_with_first(rules, Player::South)
    }

    /// The initial position of `rules` with `first` to move.
    pub fn new_with_first(rules: AnyRuleset, first: Player) -> AnyPosition {
        each_map!(AnyRuleset => AnyPosition, rules, r => Position::new_with_first(r, first))
    }

    /// Parses a position string for `rules` (keeps options the string does
    /// not show).
    ///
    /// # Errors
    /// As [`Position::from_str_with`].
    pub fn from_str_with(rules: AnyRuleset, s: &str) -> Result<AnyPosition, ParsePositionError> {
        Ok(each_map!(AnyRuleset => AnyPosition, rules, r => Position::from_str_with(r, s)?))
    }

    /// The ruleset.
    pub fn rules(&self) -> AnyRuleset {
        each_map!(AnyPosition => AnyRuleset, self, p => *p.rules())
    }

    /// See [`Position::with_lap_limit`].
    pub fn with_lap_limit(self, limit: Option<u32>) -> AnyPosition {
        each_map!(AnyPosition => AnyPosition, self, p => p.with_lap_limit(limit))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        each!(AnyPosition, self, p => p.variant())
    }

    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        each!(AnyPosition, self, p => p.pits_per_row())
    }

    /// See [`Position::side_to_move`].
    pub fn side_to_move(&self) -> Player {
        each!(AnyPosition, self, p => p.side_to_move())
    }

    /// See [`Position::captured`].
    pub fn captured(&self, player: Player) -> u16 {
        each!(AnyPosition, self, p => p.captured(player))
    }

    /// See [`Position::seeds`].
    pub fn seeds(&self, pit: Pit) -> u8 {
        each!(AnyPosition, self, p => p.seeds(pit))
    }

    /// `player`'s row, from his pit 1.
    pub fn row(&self, player: Player) -> Vec<u8> {
        each!(AnyPosition, self, p => p.row(player).collect())
    }

    /// See [`Position::warana_owner`].
    pub fn warana_owner(&self, pit: Pit) -> Option<Player> {
        each!(AnyPosition, self, p => p.warana_owner(pit))
    }

    /// See [`Position::removed`].
    pub fn removed(&self) -> u32 {
        each!(AnyPosition, self, p => p.removed())
    }

    /// See [`Position::seeds_on_board`].
    pub fn seeds_on_board(&self) -> u32 {
        each!(AnyPosition, self, p => p.seeds_on_board())
    }

    /// See [`Position::is_over`].
    pub fn is_over(&self) -> bool {
        each!(AnyPosition, self, p => p.is_over())
    }

    /// See [`Position::outcome`].
    pub fn outcome(&self) -> Outcome {
        each!(AnyPosition, self, p => p.outcome())
    }

    /// See [`Position::legal_moves`].
    pub fn legal_moves(&self) -> MoveSet {
        each!(AnyPosition, self, p => p.legal_moves())
    }

    /// See [`Position::candidate_moves`].
    pub fn candidate_moves(&self) -> MoveSet {
        each!(AnyPosition, self, p => p.candidate_moves())
    }

    /// See [`Position::legality`].
    pub fn legality(&self) -> Legality {
        each!(AnyPosition, self, p => p.legality())
    }

    /// See [`Position::prove`].
    ///
    /// # Errors
    /// As [`Position::prove`].
    pub fn prove<C: Control>(&self, mv: Move, control: &mut C) -> Result<Proof, PlayError> {
        each!(AnyPosition, self, p => p.prove(mv, control))
    }

    /// See [`Position::settle`].
    ///
    /// # Errors
    /// As [`Position::settle`].
    pub fn settle<C: Control>(&mut self, control: &mut C) -> Result<(), PlayError> {
        each!(AnyPosition, self, p => p.settle(control))
    }

    /// See [`Position::points`].
    pub fn points(&self, player: Player) -> Option<u16> {
        each!(AnyPosition, self, p => p.points(player))
    }

    /// See [`Position::lap_limit`].
    pub fn lap_limit(&self) -> Option<u32> {
        each!(AnyPosition, self, p => p.lap_limit())
    }

    /// See [`Position::successors`]: every legal move with the position it
    /// leads to.
    pub fn successors(&self) -> impl Iterator<Item = (Move, AnyPosition)> + '_ {
        self.legal_moves().into_iter().map(move |mv| {
            let mut child = *self;
            child.play_unchecked(mv);
            (mv, child)
        })
    }

    /// See [`Position::children`]: [`AnyPosition::successors`] whose
    /// children find their legality lazily, for search.
    pub fn children(&self) -> Box<dyn Iterator<Item = (Move, AnyPosition)> + '_> {
        rulesets!(children_arms!(self))
    }

    /// See [`Position::play_with`].
    ///
    /// # Errors
    /// [`PlayError`]; the position is unchanged.
    pub fn play_with<O: Observer, C: Control>(
        &mut self,
        mv: Move,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        each!(AnyPosition, self, p => p.play_with(mv, obs, control))
    }

    /// See [`Position::check`].
    ///
    /// # Errors
    /// Why `mv` is not legal.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        each!(AnyPosition, self, p => p.check(mv))
    }

    /// See [`Position::play`].
    ///
    /// # Errors
    /// [`PlayError`]; the position is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        each!(AnyPosition, self, p => p.play(mv))
    }

    /// See [`Position::play_traced`].
    ///
    /// # Errors
    /// [`PlayError`]; the position is unchanged.
    pub fn play_traced(&mut self, mv: Move) -> Result<Vec<Event>, PlayError> {
        each!(AnyPosition, self, p => p.play_traced(mv))
    }

    /// See [`Position::play_unchecked`].
    pub fn play_unchecked(&mut self, mv: Move) {
        each!(AnyPosition, self, p => p.play_unchecked(mv))
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(AnyPosition, self, p => fmt::Display::fmt(p, f))
    }
}

impl FromStr for AnyPosition {
    type Err = ParsePositionError;
    /// Parses any position string; the variant field picks the ruleset
    /// (default options).
    fn from_str(s: &str) -> Result<AnyPosition, ParsePositionError> {
        // The variant field first (see `Position::from_str`).
        let name = s.split_whitespace().next().unwrap_or("");
        if !name.is_empty() && name.parse::<Variant>().is_err() {
            return Err(ParsePositionError::UnknownVariant(crate::error::excerpt(
                name,
            )));
        }
        let setup: Setup = s.parse()?;
        let rules = setup
            .variant
            .parse::<Variant>()
            .ok()
            .and_then(AnyRuleset::from_variant)
            .ok_or_else(|| {
                ParsePositionError::UnknownVariant(crate::error::excerpt(&setup.variant))
            })?;
        Ok(each_map!(AnyRuleset => AnyPosition, rules, r => Position::from_setup(r, &setup)?))
    }
}

// Serialised as its position string; as for [`Position`], the ruleset's
// options are not in it (serialise the [`AnyRuleset`] too and read back with
// [`AnyPosition::from_str_with`]). Read back, the variant field picks the
// ruleset, with default options.
crate::serde_str::string_serde!(AnyPosition);

impl AnyGame {
    /// A game from `start` with the default policy (see [`Game::new`]).
    pub fn new(start: AnyPosition) -> AnyGame {
        each_map!(AnyPosition => AnyGame, start, p => Game::new(p))
    }

    /// See [`Game::with_repetition`].
    pub fn with_repetition(self, count: Option<u32>) -> AnyGame {
        each_map!(AnyGame => AnyGame, self, g => g.with_repetition(count))
    }

    /// See [`Game::with_ply_limit`].
    pub fn with_ply_limit(self, plies: Option<usize>) -> AnyGame {
        each_map!(AnyGame => AnyGame, self, g => g.with_ply_limit(plies))
    }

    /// A game from `start` with the moves of `record` played (see
    /// [`Game::from_record`]).
    ///
    /// # Errors
    /// [`RecordError`] naming the first ply that cannot be played.
    pub fn from_record(start: AnyPosition, record: &Record) -> Result<AnyGame, RecordError> {
        let mut game = AnyGame::new(start);
        game.play_record(record)?;
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        each_map!(AnyGame => AnyPosition, self, g => *g.position())
    }

    /// The start position (see [`Game::start`]).
    pub fn start(&self) -> AnyPosition {
        each_map!(AnyGame => AnyPosition, self, g => *g.start())
    }

    /// The moves played (see [`Game::moves`]).
    pub fn moves(&self) -> &[Move] {
        each!(AnyGame, self, g => g.moves())
    }

    /// How often the current position has occurred (see
    /// [`Game::occurrences`]).
    pub fn occurrences(&self) -> u32 {
        each!(AnyGame, self, g => g.occurrences())
    }

    /// See [`Game::outcome`].
    pub fn outcome(&self) -> Outcome {
        each!(AnyGame, self, g => g.outcome())
    }

    /// See [`Game::legal_moves`].
    pub fn legal_moves(&self) -> MoveSet {
        each!(AnyGame, self, g => g.legal_moves())
    }

    /// See [`Game::play`].
    ///
    /// # Errors
    /// [`PlayError`]; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        each!(AnyGame, self, g => g.play(mv))
    }

    /// See [`Game::play_traced`].
    ///
    /// # Errors
    /// [`PlayError`]; the game is unchanged.
    pub fn play_traced(&mut self, mv: Move) -> Result<Vec<Event>, PlayError> {
        each!(AnyGame, self, g => g.play_traced(mv))
    }

    /// See [`Game::play_with`].
    ///
    /// # Errors
    /// [`PlayError`]; the game is unchanged.
    pub fn play_with<O: Observer, C: Control>(
        &mut self,
        mv: Move,
        obs: &mut O,
        control: &mut C,
    ) -> Result<(), PlayError> {
        each!(AnyGame, self, g => g.play_with(mv, obs, control))
    }

    /// See [`Game::play_record`].
    ///
    /// # Errors
    /// [`RecordError`] naming the first ply that cannot be played.
    pub fn play_record(&mut self, record: &Record) -> Result<(), RecordError> {
        each!(AnyGame, self, g => g.play_record(record))
    }

    /// See [`Game::play_record_with`].
    ///
    /// # Errors
    /// As [`Game::play_record_with`].
    pub fn play_record_with<C: Control>(
        &mut self,
        record: &Record,
        control: &mut C,
    ) -> Result<(), RecordError> {
        each!(AnyGame, self, g => g.play_record_with(record, control))
    }

    /// See [`Game::undo`].
    pub fn undo(&mut self) -> Option<Move> {
        each!(AnyGame, self, g => g.undo())
    }

    /// See [`Game::ply`].
    pub fn ply(&self) -> usize {
        each!(AnyGame, self, g => g.ply())
    }

    /// See [`Game::record`].
    pub fn record(&self) -> Record {
        each!(AnyGame, self, g => g.record())
    }
}

#[cfg(test)]
mod tests;
