//! Andada (Kunama, western Eritrea; Pankhurst 1971 p. 170): RULES.md
//! section 6; source `seeds/004_*.txt` (Italian), Mancala World "Andada",
//! Wikipedia "Andada (game)", Ludii's definition (id 346).
//!
//! # Decisions where the sources are silent or differ
//!
//! - The opening, the choice move and the singleton ending are as RULES.md
//!   section 6 decides them; Wikipedia's and Ludii's readings are options
//!   ([`Reading`]).
//! - **Ludii's removal rule** (RULES.md section 6.7; source: Ludii's
//!   `Andada.lud`, whose test is `(is In ("NextHole" (to)) (sites Next))`):
//!   while every pit holds at most one seed, a last seed that lands in an
//!   empty pit whose next pit in sowing order belongs to the mover's
//!   opponent is removed. That is every pit of the opponent's row except his
//!   last, and the mover's own last pit; a last seed in any other pit stays.
//!   The removal is part of the move: it is made before the empty-row test
//!   that ends the game, even when the move emptied the mover's row (Ludii
//!   applies the sow's removal within the move and tests the end after it;
//!   `ludii_removal_comes_before_the_empty_row_end`).
//!   Ludii's two stored random trials of Andada show both kinds
//!   (`tests/ludii_trials.rs` replays them ply by ply). Ludii sends captured
//!   and removed seeds alike to the mover's hand; here, as RULES.md section
//!   6.4 says, only captures are counted in the captured field.
//! - Ludii plays the opening as a chain of moves of the opener (each lap its
//!   own move, ended by a forced pass) and each relay lap as a move again;
//!   here the opening is one move and a relay sowing one move (RULES.md
//!   sections 6.1 and 2). The boards are the same.
//! - Under the "empty row loses" readings, if both rows are empty after a
//!   move, the mover wins (he was the last player able to move).
//! - Under the singleton ending, a lap cut at the mover's last pit ends the
//!   move with its last seed removed, not landed: there is no capture, even
//!   if a seed of that lap fell into the empty last pit before the cut.
//! - **The opening player under Ludii** is whoever the caller starts with:
//!   South by default, which is Ludii's game (its first player, P1, owns the
//!   bottom row and always opens; RULES.md section 6.7), and North with
//!   [`Position::new_with_first`](crate::Position::new_with_first), as in every ruleset (RULES.md section 1).
//!   The board and the rules are the same seen from either row, so a game
//!   started with North is Ludii's game with the two seats exchanged. Either
//!   way there is no choice move: the opener's opponent makes the first
//!   regular move.
//! - A `play` position in which every pit holds at most one seed is read as
//!   written; its next move is under the singleton ending all the same
//!   (6.5 decides at the start of each move).
//! - **Seeds out of play.** Andada removes seeds without counting them as
//!   captured (the singleton ending, RULES.md 6.5; Ludii's removal, 6.7),
//!   so its position strings may hold fewer seeds on the board and captured
//!   than the start's 2 x n x 2, never more
//!   ([`Ruleset::removes_seeds`]); every other built-in game holds all its
//!   seeds in every position, and a setup with fewer is refused.
//! - A position string for Andada always carries its phase; a position in
//!   phase `opening` must be the initial board (every pit 2, nothing
//!   captured), since the opening chain is defined only from there, and one
//!   in phase `choice` must be one of the opening's three results.

use crate::board::Board;
use crate::error::{StateError, Unreachable};
use crate::event::{Event, Observer};
use crate::moves::{Move, MoveSet};
use crate::options::{OptionError, OptionKind, OptionSpec, OptionValue, find_option};
use crate::outcome::Outcome;
use crate::player::Player;
use crate::ruleset::{Lap, MoveContext, NoMove, Ruleset, Scoring, Start, Turn};
use crate::rulesets::capture;
use crate::variant::{ANDADA_SIZES, Variant};
use crate::view::View;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Andada: 2 x n (n = 12, 15, 18, 21, 24), 2 seeds per pit.
///
/// - Opening (6.1): the first player chooses one of his pits; its 2 seeds go
///   into the next two pits, then the 2 seeds of the pit after the one where
///   that sowing ended are sown the same way, round the whole board, until
///   every pit holds 0 or 3. One move, no captures.
/// - Choice (6.2): the other player names who makes the first regular move
///   (`S` or `N`).
/// - Regular moves (6.3): any own pit with seeds, relay sowing, the move
///   ends when the last seed falls into an empty pit.
/// - Capture (6.4): that empty pit is in the mover's row and the opposite pit
///   is occupied: its seeds are removed from play, counted for the capturer
///   for information only.
/// - Singleton ending (6.5): from the first regular move that starts with
///   every pit holding at most one seed, for the rest of the game, a seed
///   that would pass from the mover's last pit into the opponent's row is
///   removed with the seeds still in hand, and the move ends.
/// - End (6.6): a player with no legal move on his turn loses.
/// - Other readings (6.7): see [`Reading`].
///
/// Build it with [`Andada::new`] (which checks the board size) or
/// [`Andada::default`] (12 pits per row); deserialisation checks the size
/// too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "AndadaFields"))]
pub struct Andada {
    /// Pits per row: 12, 15, 18, 21 or 24 (private: checked by `new`).
    pits_per_row: u8,
    /// Sow clockwise (the mirror image) instead of counter-clockwise.
    pub clockwise: bool,
    /// Which published reading of the rules (RULES.md section 6.7).
    pub reading: Reading,
}

/// The published readings of Andada's rules (RULES.md section 6.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Reading {
    /// Pankhurst's text as RULES.md section 6 decides it (default): the
    /// choice move, the singleton ending in force for good, the last player
    /// able to move wins.
    #[default]
    Pankhurst,
    /// Wikipedia: as the default, and a player whose row is empty after any
    /// move loses at once.
    EmptyRowLoses,
    /// Ludii's definition (id 346): no choice move, the opening player
    /// (South by default) opens and his opponent makes the first regular
    /// move; the singleton test is made after every lap over the whole
    /// board, not once for good; while it holds there are no captures, and a
    /// last seed that lands in an empty pit whose next pit in sowing order
    /// is the opponent's (any pit of his row but his last, or the mover's
    /// own last pit) is removed; relays may carry seeds across; a player
    /// whose row is empty after any lap loses.
    Ludii,
}

/// The phase of an Andada game (the position string's state field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Phase {
    /// The opening move is due (`opening`).
    #[default]
    Opening,
    /// The choice move is due (`choice`).
    Choice,
    /// Regular moves (`play`).
    Play,
    /// Regular moves under the singleton ending (`singles`): it is in force,
    /// or every pit holds at most one seed (RULES.md section 7).
    Singles,
}

impl Phase {
    /// The state field's word.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Choice => "choice",
            Phase::Play => "play",
            Phase::Singles => "singles",
        }
    }
}

/// Andada's fields as serialised, checked on the way in.
#[cfg(feature = "serde")]
#[derive(Deserialize)]
struct AndadaFields {
    pits_per_row: u8,
    clockwise: bool,
    reading: Reading,
}

#[cfg(feature = "serde")]
impl TryFrom<AndadaFields> for Andada {
    type Error = String;
    fn try_from(f: AndadaFields) -> Result<Andada, String> {
        Andada::new(f.pits_per_row)
            .map(|a| a.with_clockwise(f.clockwise).with_reading(f.reading))
            .ok_or_else(|| {
                format!(
                    "andada has 12, 15, 18, 21 or 24 pits per row, not {}",
                    f.pits_per_row
                )
            })
    }
}

impl Andada {
    /// Pits per row: 12, 15, 18, 21 or 24.
    pub const fn pits_per_row(&self) -> u8 {
        self.pits_per_row
    }

    /// Andada on `pits_per_row` pits per row (12, 15, 18, 21 or 24; other
    /// sizes give `None`), counter-clockwise, default reading.
    pub fn new(pits_per_row: u8) -> Option<Self> {
        ANDADA_SIZES.contains(&pits_per_row).then_some(Andada {
            pits_per_row,
            clockwise: false,
            reading: Reading::Pankhurst,
        })
    }

    /// The same with sowing clockwise (`true`) or counter-clockwise.
    pub fn with_clockwise(self, clockwise: bool) -> Self {
        Andada { clockwise, ..self }
    }

    /// The same under another reading.
    pub fn with_reading(self, reading: Reading) -> Self {
        Andada { reading, ..self }
    }

    fn empty_row_loses(self) -> bool {
        self.reading != Reading::Pankhurst
    }

    // Not inlined: inlined in `relays`, its row masks were prepared for
    // every trial of every reading (they are loop-invariant), 5 % of
    // Andada-24's instructions; in the laps only Ludii's reading calls it.
    #[inline(never)]
    fn some_row_empty(board: &Board) -> bool {
        Player::BOTH.iter().any(|&p| board.row_is_empty(p))
    }

    /// The opening chain (6.1) from sowing-order index `start`: lift the 2
    /// seeds, sow them into the next two pits, then go on from the pit after
    /// the one where that sowing ended, until every pit holds 0 or 3.
    fn opening<O: Observer>(ctx: &mut MoveContext<'_, Self, O>, start: usize) {
        let len = ctx.board().len();
        let mut origin = start;
        // The chain visits every third pit once round the board, and the
        // test below ends it there; the bound only keeps the loop finite
        // (so `len * 3` is an equivalent mutant, docs/MUTANTS.md).
        for _ in 0..len / 3 {
            let landing = ctx.sow_lap(origin);
            let board = ctx.board();
            if (0..len).all(|i| matches!(board.seeds_at(i), 0 | 3)) {
                break;
            }
            origin = board.next_index(landing);
        }
    }
}

impl Default for Andada {
    fn default() -> Self {
        Andada {
            pits_per_row: 12,
            clockwise: false,
            reading: Reading::Pankhurst,
        }
    }
}

impl Ruleset for Andada {
    type State = Phase;
    /// The databases hold the phases `play` and `singles`: the opening and
    /// the choice come only with every seed on the board (RULES.md 6.1,
    /// 6.2).
    const STATES: u64 = 2;

    fn options(&self) -> &'static [OptionSpec] {
        &[
            OptionSpec {
                name: "clockwise",
                kind: OptionKind::Flag,
                default: "false",
                help: "sow clockwise, the mirror image (RULES.md section 6)",
            },
            OptionSpec {
                name: "reading",
                kind: OptionKind::Choice(&["pankhurst", "empty-row", "ludii"]),
                default: "pankhurst",
                help: "which published reading of the rules (RULES.md section 6.7)",
            },
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_option(self, name)?;
        match spec.read(&self.name(), value)? {
            OptionValue::Flag(on) => self.clockwise = on,
            OptionValue::Choice("empty-row") => self.reading = Reading::EmptyRowLoses,
            OptionValue::Choice("ludii") => self.reading = Reading::Ludii,
            _ => self.reading = Reading::Pankhurst,
        }
        Ok(())
    }

    fn option_value(&self, name: &str) -> Option<OptionValue> {
        match name {
            "clockwise" => Some(OptionValue::Flag(self.clockwise)),
            "reading" => Some(OptionValue::Choice(match self.reading {
                Reading::Pankhurst => "pankhurst",
                Reading::EmptyRowLoses => "empty-row",
                Reading::Ludii => "ludii",
            })),
            _ => None,
        }
    }

    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(Variant::Andada(self.pits_per_row).name())
    }

    fn title(&self) -> Cow<'static, str> {
        Cow::Owned(format!(
            "Andada (Kunama), {} pits per row",
            self.pits_per_row
        ))
    }

    /// The last player able to move wins (RULES.md section 6.6); under the
    /// empty-row and Ludii readings (section 6.7) a row emptied once the
    /// opening is over ends the game, and its owner loses.
    fn end_reason(&self, pos: &View<'_, Self::State>) -> String {
        let next = pos.side_to_move();
        let last = next.other();
        let empty = |p: Player| pos.board().row_is_empty(p);
        if self.reading != Reading::Pankhurst
            && *pos.state() != Phase::Opening
            && (empty(Player::South) || empty(Player::North))
        {
            let loser = if empty(last) && !empty(next) {
                last
            } else {
                next
            };
            format!("{loser}'s row is empty")
        } else {
            format!("{next} cannot move")
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        match name.parse() {
            Ok(Variant::Andada(n)) => Andada::new(n),
            _ => None,
        }
    }

    fn pits_per_row(&self) -> usize {
        self.pits_per_row as usize
    }

    fn seeds_per_pit(&self) -> u8 {
        2
    }

    fn scoring(&self) -> Scoring {
        Scoring::LastMover
    }

    /// Seeds leave play uncounted: the singleton ending's (6.5) and, under
    /// Ludii's reading, the removal of a last seed (6.7). A position may
    /// hold fewer seeds on the board and captured than the start's.
    fn removes_seeds(&self) -> bool {
        true
    }

    fn clockwise(&self) -> bool {
        self.clockwise
    }

    fn initial_state(&self, _first: Player) -> Phase {
        // `Phase::default()` is also the opening: `Default::default()` here
        // is an equivalent mutant (docs/MUTANTS.md).
        Phase::Opening
    }

    /// The choice move (6.2), or any own pit with seeds (6.1, 6.3); none
    /// under the empty-row readings once a row is empty (6.7).
    fn candidates(&self, pos: &View<'_, Phase>) -> MoveSet {
        let board = pos.board();
        match pos.state() {
            Phase::Choice => [Move::First(Player::South), Move::First(Player::North)]
                .into_iter()
                .collect(),
            Phase::Play | Phase::Singles
                if self.empty_row_loses() && Self::some_row_empty(board) =>
            {
                MoveSet::EMPTY
            }
            _ => MoveSet::from_pit_mask(board.occupied(pos.side_to_move())),
        }
    }

    /// The opening and the choice are not sowings (they always end); a
    /// regular move sows from the mover's pit, with the barrier of the
    /// singleton ending when it is in force.
    #[inline(always)]
    fn start(&self, pos: &View<'_, Phase>, mv: Move) -> Start {
        let (board, mover) = (pos.board(), pos.side_to_move());
        match (*pos.state(), mv) {
            (Phase::Opening, _) | (_, Move::First(_)) => Start::Done(if mv == Move::First(mover) {
                Turn::Again
            } else {
                Turn::Next
            }),
            (phase, Move::Pit(p)) => {
                // 6.5: decided once, at the start of a regular move; then in
                // force for good. Ludii tests after every lap instead.
                let barrier = (self.reading != Reading::Ludii
                    && (phase == Phase::Singles || board.all_at_most_one()))
                .then(|| board.last_index(mover));
                Start::Sow {
                    origin: board.row_index(mover, p),
                    barrier,
                }
            }
        }
    }

    /// Carries out the opening (6.1) and the choice (6.2), and enters the
    /// singleton ending (6.5) with its first barrier move.
    fn begin<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, mv: Move, start: Start) {
        let mover = ctx.mover();
        match (*ctx.state(), mv, start) {
            (Phase::Opening, Move::Pit(p), _) => {
                let origin = ctx.board().index_of(mover, p);
                Self::opening(ctx, origin);
                *ctx.state_mut() = if self.reading == Reading::Ludii {
                    Phase::Play
                } else {
                    Phase::Choice
                };
            }
            (_, Move::First(first), _) => {
                ctx.event(Event::Choice { first });
                *ctx.state_mut() = Phase::Play;
            }
            (
                _,
                _,
                Start::Sow {
                    barrier: Some(_), ..
                },
            ) => *ctx.state_mut() = Phase::Singles,
            _ => {}
        }
    }

    /// Relay (6.3); under Ludii's reading a lap that empties a row ends the
    /// move (and the game, 6.7).
    #[inline]
    fn relays(&self, lap: &Lap<'_>, _: &Phase) -> bool {
        lap.count > 1 && !(self.reading == Reading::Ludii && Self::some_row_empty(lap.board))
    }

    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        let board = *lap.board;
        if self.reading == Reading::Ludii {
            if board.all_at_most_one() {
                // Ludii, while every pit holds at most one seed: no capture;
                // a last seed in an empty pit whose next pit in sowing order
                // is the opponent's is removed (his pits but his last, and
                // the mover's own last pit). The removal is part of the
                // move, so it comes before the empty-row test (6.7), which
                // the next turn's candidates apply: Ludii ends the game
                // after the move's removal, not before it.
                if board.owner(board.next_index(lap.landing)) == lap.mover.other() {
                    let seeds = ctx.remove(lap.landing, 1);
                    ctx.event(Event::Removed {
                        from: board.pit_at(lap.landing),
                        seeds,
                    });
                }
                return Turn::Next;
            }
            if Self::some_row_empty(&board) {
                return Turn::Next;
            }
        }
        capture::opposite_in_own_row(ctx, lap.landing);
        Turn::Next
    }

    fn end_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) {
        let singles = ctx.board().all_at_most_one();
        let ludii = self.reading == Reading::Ludii;
        let state = ctx.state_mut();
        *state = match (*state, singles) {
            (Phase::Opening | Phase::Choice, _) => *state,
            (_, true) => Phase::Singles,
            (Phase::Singles, false) if !ludii => Phase::Singles,
            _ => Phase::Play,
        };
    }

    fn no_move<O: Observer>(&self, _ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }

    /// The last player able to move wins; under the empty-row readings, a
    /// player whose row is empty loses (the mover wins if both are).
    fn outcome(&self, pos: &View<'_, Phase>) -> Outcome {
        let board = pos.board();
        let next = pos.side_to_move();
        let mover = next.other();
        let winner =
            if self.empty_row_loses() && board.row_is_empty(mover) && !board.row_is_empty(next) {
                next
            } else {
                mover
            };
        Outcome::Win {
            winner,
            score: None,
        }
    }

    fn format_state(&self, state: &Phase) -> Option<&'static str> {
        Some(state.name())
    }

    fn parse_state(&self, field: Option<&str>) -> Result<Phase, StateError> {
        const EXPECTED: &str = "opening, choice, play, singles";
        match field {
            Some("opening") => Ok(Phase::Opening),
            Some("choice") => Ok(Phase::Choice),
            Some("play") => Ok(Phase::Play),
            Some("singles") => Ok(Phase::Singles),
            Some(other) => Err(StateError::Unknown {
                variant: "andada".into(),
                expected: EXPECTED,
                found: crate::error::excerpt(other),
            }),
            None => Err(StateError::Missing {
                variant: "andada".into(),
                expected: EXPECTED,
            }),
        }
    }

    /// Each phase holds only what the rules can reach (6.1, 6.2, 6.5).
    fn state_index(&self, state: &Phase) -> Option<u64> {
        match state {
            Phase::Play => Some(0),
            Phase::Singles => Some(1),
            Phase::Opening | Phase::Choice => None,
        }
    }

    fn state_at(&self, index: u64) -> Phase {
        if index == 0 {
            Phase::Play
        } else {
            Phase::Singles
        }
    }

    fn check_setup(&self, pos: &View<'_, Phase>) -> Result<(), Unreachable> {
        let board = pos.board();
        let len = board.len();
        // The opening's and the choice's boards hold all the seeds, so a
        // capture on either side is already refused as too many seeds: `||`
        // for `&&` here is an equivalent mutant (docs/MUTANTS.md).
        let nothing_taken = pos.captured(Player::South) == 0 && pos.captured(Player::North) == 0;
        match pos.state() {
            Phase::Opening if !((0..len).all(|i| board.seeds_at(i) == 2) && nothing_taken) => {
                Err(Unreachable::OpeningNotInitial)
            }
            // The choice follows the opening at once: its board is one of the
            // opening's three results, nothing removed. (`start` runs over
            // every residue mod 3, so `i + 3 + start` would test the same
            // three patterns: an equivalent mutant, docs/MUTANTS.md.)
            Phase::Choice
                if !((0..3).any(|start| {
                    (0..len)
                        .all(|i| board.seeds_at(i) == if (i + 3 - start) % 3 == 0 { 0 } else { 3 })
                }) && nothing_taken) =>
            {
                Err(Unreachable::ChoiceNotOpened)
            }
            Phase::Choice if self.reading == Reading::Ludii => Err(Unreachable::NoChoiceUnderLudii),
            Phase::Singles if self.reading == Reading::Ludii && !board.all_at_most_one() => {
                Err(Unreachable::LudiiSinglesNotSingle)
            }
            // The ending starts with at most a seed a pit; seeds only leave.
            Phase::Singles if board.seeds_on_board() > len as u32 => {
                Err(Unreachable::TooManyForSingles {
                    seeds: board.seeds_on_board(),
                    pits: len as u32,
                })
            }
            _ => Ok(()),
        }
    }
}
