//! What makes a ruleset one of the crate's own ("built-in"): its name as
//! a [`Variant`] and its arm of the run-time enums ([`Arm`]). The four
//! rulesets' implementations are here, beside the enums' list, and not in
//! their modules: a ruleset module then knows only the [`Ruleset`] trait
//! and the names ([`Variant`]), and the arrows run one way (rulesets, then
//! the enums, then the bots and the databases that take either).

use crate::any::{AnyGame, AnyPosition, AnyRuleset};
use crate::game::Game;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};
use crate::variant::Variant;

/// One of the crate's own rulesets, named by a [`Variant`]: what
/// [`AnyRuleset`](crate::AnyRuleset) and the examples choose among at run
/// time, and what a [`Visit`](crate::Visit) is given. A game defined
/// elsewhere implements [`Ruleset`] alone.
///
/// Its supertraits are what code written once for every built-in game may
/// use beyond [`Ruleset`] (which already gives the evaluation and the
/// databases' encoding): a default value and its arm of the run-time
/// enums ([`Arm`], given by the list in src/any.rs).
pub trait BuiltIn: Ruleset + Default + Arm {
    /// The variant this ruleset value plays.
    fn variant(&self) -> Variant;

    /// The ruleset with default options for `variant`, if this type plays it.
    fn from_variant(variant: Variant) -> Option<Self>;
}

/// The arm of the run-time enums a built-in ruleset fills; implemented for
/// each ruleset of the list in src/any.rs, by the list.
pub trait Arm: Ruleset {
    /// The ruleset as an [`AnyRuleset`].
    fn into_any(self) -> AnyRuleset;
    /// A position as an [`AnyPosition`].
    fn position_into_any(pos: Position<Self>) -> AnyPosition;
    /// A game as an [`AnyGame`].
    fn game_into_any(game: Game<Self>) -> AnyGame;
}

impl<R: BuiltIn> Position<R> {
    /// The variant (a built-in ruleset's name as a [`Variant`]).
    pub fn variant(&self) -> Variant {
        self.rules().variant()
    }
}

impl BuiltIn for Andada {
    fn variant(&self) -> Variant {
        Variant::Andada(self.pits_per_row())
    }

    fn from_variant(variant: Variant) -> Option<Self> {
        match variant {
            Variant::Andada(n) => Andada::new(n),
            _ => None,
        }
    }
}

impl BuiltIn for SadeqaII {
    fn variant(&self) -> Variant {
        Variant::SadeqaII
    }

    fn from_variant(variant: Variant) -> Option<Self> {
        (variant == Variant::SadeqaII).then(SadeqaII::new)
    }
}

impl BuiltIn for SadeqaIII {
    fn variant(&self) -> Variant {
        if self.game_91 {
            Variant::Game91
        } else {
            Variant::SadeqaIII
        }
    }

    fn from_variant(variant: Variant) -> Option<Self> {
        match variant {
            Variant::SadeqaIII => Some(SadeqaIII::new()),
            Variant::Game91 => Some(SadeqaIII::game_91()),
            _ => None,
        }
    }
}

impl BuiltIn for SadeqaV {
    fn variant(&self) -> Variant {
        Variant::SadeqaV
    }

    fn from_variant(variant: Variant) -> Option<Self> {
        (variant == Variant::SadeqaV).then_some(SadeqaV)
    }
}
