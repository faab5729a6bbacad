//! The [`Ruleset`] trait: the hooks in which the games differ. Everything
//! else (sowing, relay laps, endless-sowing detection, turn order, passing,
//! notation) is written once in the core and provided by [`Position`].

use crate::error::{ParsePositionError, Refusal};
use crate::event::Observer;
use crate::moves::{Move, MoveSet};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::variant::Variant;
use std::fmt::Debug;
use std::hash::Hash;

/// What happens to the turn when a move (or a lap that stops it) ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The opponent moves next.
    Next,
    /// The mover moves again (Sadeqa V's bonus move).
    Again,
    /// The game is over at once (e.g. Andada's "empty row loses" option).
    GameOver,
}

/// The ruleset's decision at the end of a lap (RULES.md section 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LapEnd {
    /// Lift the landing pit's seeds and sow them in the next lap.
    Relay,
    /// The move ends here.
    Stop(Turn),
}

/// How a move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveStart {
    /// Relay-sow from the sowing-order index `origin`. With `barrier`, no
    /// seed may pass beyond that index: a seed that would is removed from
    /// play with the rest in hand and the move ends (Andada's singleton
    /// ending, RULES.md section 6.5).
    Sow {
        /// Sowing-order index of the origin pit.
        origin: usize,
        /// Sowing-order index of the last pit seeds may fall into.
        barrier: Option<usize>,
    },
    /// The ruleset carried the move out itself (Andada's opening and choice).
    Done(Turn),
}

/// What happens when the player to move has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMove {
    /// He passes; if the opponent cannot move either, the game is over
    /// (Sadeqa V, RULES.md section 3.5).
    Pass,
    /// The game is over.
    GameOver,
}

/// The rules of one game, as hooks called by the core.
///
/// A ruleset is a small value (its options); a [`Position`] carries it.
/// Indices in the hooks are sowing-order indices: South's pits `0..n`, then
/// North's `n..2n` (RULES.md section 1); [`Position`] converts them to and from
/// [`Pit`](crate::Pit)s.
///
/// The required methods are what differs between games: which pits may be
/// played, what happens when a lap ends, what happens when the player to
/// move has no legal move, and the result. The provided ones have defaults
/// that most games keep.
pub trait Ruleset: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + Sized + 'static {
    /// Per-position state of this game beyond pits, side to move and
    /// captured seeds: waranas, first-move restrictions, the phase.
    type State: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;

    /// The game's name, for messages (`"Sadeqa III"`).
    const NAME: &'static str;

    /// Whether the game has waranas (only Sadeqa V): the position string may
    /// mark pits with `w` only then.
    const HAS_WARANAS: bool = false;

    /// A promise that [`Ruleset::lap_end`] relays exactly when the landing
    /// pit was occupied before the last seed fell (it now holds more than
    /// one), and changes nothing when it relays. The core then sows relay
    /// laps of small boards in registers, which makes long sowings (and the
    /// endless-sowing proof) several times faster. Default `false`.
    const PLAIN_RELAY: bool = false;

    /// The variant this ruleset value plays.
    fn variant(&self) -> Variant;

    /// The ruleset with default options for `variant`, if this type plays it.
    fn from_variant(variant: Variant) -> Option<Self>;

    /// The state of the initial position, with `first` to move.
    fn initial_state(&self, first: Player) -> Self::State;

    /// The moves that may be tried: the game's own conditions on which pits
    /// may be played, before the core removes endless ones.
    fn candidate_moves(&self, pos: &Position<Self>) -> MoveSet;

    /// The end of a lap whose last seed fell at `landing`: stop (with any
    /// capture, warana, bonus move) or relay.
    fn lap_end<O: Observer>(&self, pos: &mut Position<Self>, landing: usize, obs: &mut O)
    -> LapEnd;

    /// The player to move (`pos.side_to_move()`) has no legal move.
    fn no_legal_move<O: Observer>(&self, pos: &mut Position<Self>, obs: &mut O) -> NoMove;

    /// The result of a finished game (called only when it is over).
    fn outcome(&self, pos: &Position<Self>) -> Outcome;

    /// Sowing direction: `false` for counter-clockwise (every game's
    /// default). Clockwise is the mirror image: only the mapping between pit
    /// numbers and sowing order changes.
    fn clockwise(&self) -> bool {
        false
    }

    /// Starts the move `mv` (already known to be a candidate). The default
    /// sows from the mover's pit without barrier.
    fn start_move<O: Observer>(
        &self,
        pos: &mut Position<Self>,
        mv: Move,
        obs: &mut O,
    ) -> MoveStart {
        let _ = obs;
        let pit = mv.pit().unwrap_or(1);
        MoveStart::Sow {
            origin: pos.index_of(pos.side_to_move(), pit),
            barrier: None,
        }
    }

    /// Called once after the move's sowing ended, before the turn passes: a
    /// place for bookkeeping (first-move flags, phases) and for rules that
    /// end the game after a move. Returns the turn, by default unchanged.
    fn after_move(&self, pos: &mut Position<Self>, mover: Player, turn: Turn) -> Turn {
        let _ = (pos, mover);
        turn
    }

    /// Whether the game is over for a reason of the ruleset's own, beyond
    /// "the player to move has no legal move" (e.g. Andada's "empty row
    /// loses" option). Checked after every move and for a position built
    /// from outside. Default: never.
    fn is_terminal(&self, pos: &Position<Self>) -> bool {
        let _ = pos;
        false
    }

    /// Why `mv` is not a candidate. The default covers pit range, empty pits
    /// and choice moves.
    fn refusal(&self, pos: &Position<Self>, mv: Move) -> Refusal {
        let n = pos.pits_per_row() as u8;
        match mv {
            Move::First(_) => Refusal::PitExpected,
            Move::Pit(p) if p == 0 || p > n => Refusal::NoSuchPit {
                pit: p,
                pits_per_row: n,
            },
            Move::Pit(p) => Refusal::EmptyPit { pit: p },
        }
    }

    /// A score for `player` after a move, for the greedy computer player:
    /// higher is better. The default is the difference in captured seeds.
    fn heuristic(&self, pos: &Position<Self>, player: Player) -> i32 {
        pos.captured(player) as i32 - pos.captured(player.other()) as i32
    }

    /// Sowing-order indices of waranas as a bit mask (Sadeqa V only).
    fn warana_mask(&self, state: &Self::State) -> u64 {
        let _ = state;
        0
    }

    /// The state field of the position string, if the state needs one
    /// (RULES.md section 7).
    fn format_state(&self, state: &Self::State) -> Option<String> {
        let _ = state;
        None
    }

    /// Reads the state from the warana marks of the pits field and the
    /// optional state field.
    fn parse_state(
        &self,
        waranas: u64,
        field: Option<&str>,
    ) -> Result<Self::State, ParsePositionError>;

    /// Checks a position built from outside for what the rules cannot reach.
    fn check_setup(&self, pos: &Position<Self>) -> Result<(), ParsePositionError> {
        let _ = pos;
        Ok(())
    }
}
