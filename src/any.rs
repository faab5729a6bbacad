//! Choosing the ruleset at run time, by name: [`AnyRuleset`],
//! [`AnyPosition`] and [`AnyGame`] forward to the concrete generic types
//! (which stay the fast path: no dynamic dispatch inside a game).
//!
//! All of them come from one list of rulesets (the `rulesets!` macro
//! below). Adding a built-in ruleset means its module, one line there,
//! and the places that still name each built-in game: its `Variant`
//! (`variant.rs`), its `StandardEval` and `BuiltInBot` (`bots`), its
//! `Tabulate` and `forecast` arms (`tablebase`), and the examples', the
//! Python bindings' and `sowing-dist`'s matches.

use crate::board::Board;
use crate::error::{ParsePositionError, PlayError, RecordError};
use crate::event::{Event, Observer};
use crate::game::Game;
use crate::moves::{Move, MoveSet};
use crate::notation::Record;
use crate::outcome::Outcome;
use crate::player::{Pit, Player};
use crate::position::{Legality, Position, Proof};
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use crate::setup::Setup;
use crate::sow::Control;
use crate::variant::{BuiltIn, UnknownVariant, Variant};
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
        }
    };
}

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

impl AnyRuleset {
    /// The variant.
    pub fn variant(&self) -> Variant {
        each!(AnyRuleset, self, r => r.variant())
    }

    /// How the game is won ([`Ruleset::scoring`](crate::Ruleset::scoring)).
    pub fn scoring(&self) -> crate::Scoring {
        each!(AnyRuleset, self, r => crate::Ruleset::scoring(r))
    }
}

impl FromStr for AnyRuleset {
    type Err = UnknownVariant;
    /// A variant name (`sadeqa-ii`, `game-91`, `andada`, ..., in any case),
    /// default options.
    fn from_str(s: &str) -> Result<Self, UnknownVariant> {
        let variant: Variant = s.parse()?;
        AnyRuleset::from_variant(variant).ok_or_else(|| UnknownVariant(crate::error::excerpt(s)))
    }
}

/// The variant name only (`andada-12`), without options: the name a
/// position string starts with. `Debug` and serde show the options.
impl fmt::Display for AnyRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant().name())
    }
}

impl AnyPosition {
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

    /// See [`Position::board`].
    pub fn board(&self) -> Board {
        each!(AnyPosition, self, p => *p.board())
    }

    /// See [`Position::points`].
    pub fn points(&self, player: Player) -> Option<u16> {
        each!(AnyPosition, self, p => p.points(player))
    }

    /// See [`Position::lap_limit`].
    pub fn lap_limit(&self) -> Option<u32> {
        each!(AnyPosition, self, p => p.lap_limit())
    }

    /// See [`Position::to_setup`].
    pub fn to_setup(&self) -> Setup {
        each!(AnyPosition, self, p => p.to_setup())
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

    /// See [`Position::is_legal`].
    pub fn is_legal(&self, mv: Move) -> bool {
        each!(AnyPosition, self, p => p.is_legal(mv))
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

    /// See [`Position::play_random`]; `rng` is a generator of `rand` 0.10,
    /// re-exported as [`sowing::rand`](crate::rand).
    #[cfg(feature = "bots")]
    pub fn play_random<G: rand::Rng + ?Sized>(&mut self, rng: &mut G) -> Option<Move> {
        each!(AnyPosition, self, p => p.play_random(rng))
    }

    /// Random play to the end or `max_plies`: see [`playout`](crate::playout);
    /// `rng` is a generator of `rand` 0.10, re-exported as
    /// [`sowing::rand`](crate::rand).
    #[cfg(feature = "bots")]
    pub fn playout<G: rand::Rng + ?Sized>(&mut self, rng: &mut G, max_plies: usize) -> usize {
        each!(AnyPosition, self, p => crate::playout(p, rng, max_plies))
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
        if !name.is_empty() && name.parse::<AnyRuleset>().is_err() {
            return Err(ParsePositionError::UnknownVariant(crate::error::excerpt(
                name,
            )));
        }
        let setup: Setup = s.parse()?;
        let rules = setup.variant.parse::<AnyRuleset>().map_err(|_| {
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
