//! [`Setup`]: the fields of a position string (RULES.md section 7),
//! unchecked, and [`Position::from_setup`], which validates one into a
//! position with typed errors. The position string of a [`Position`] is its
//! setup's.

use crate::board::{Board, MAX_SEEDS};
use crate::error::{ParsePositionError, SetupError, Unreachable, excerpt};
use crate::moves::MAX_PITS_PER_ROW;
use crate::player::{Pit, Player};
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::fmt;
use std::str::FromStr;

/// The fields of a position string, read but not checked against the rules:
/// `<variant> <south pits>/<north pits> <side to move> <captured by
/// South>-<captured by North> [<state>]` (RULES.md section 7).
///
/// Parsing (`FromStr`) checks only the syntax; [`Position::from_setup`]
/// checks the rest. With the `serde` feature a setup is written as its
/// position string; one whose string would not read back as the same setup
/// (its fields are public: an empty row, marked pits off the board, ...)
/// is refused with what is wrong.
///
/// **What a setup may hold**: the variant's number of pits a row; seeds on
/// the board plus captured seeds that make the variant's total (a captured
/// seed still counts, in the captured field), or fewer only in a game that
/// removes seeds from play ([`Ruleset::removes_seeds`]: Andada, RULES.md
/// 6.5 and 6.7; never more); marked
/// pits (`w`, waranas) only in Sadeqa V; the state field the variant
/// expects; a custom board with Sadeqa II's first moves still restricted
/// (RULES.md 4.1 foresees it). **What it may not**: a position the rules
/// cannot reach, as each ruleset checks
/// ([`Unreachable`](crate::Unreachable)): Sadeqa V with a side to move that
/// cannot move while the other can; Sadeqa II with one restricted first
/// move whose player is not to move, or both under the starter-only option;
/// Andada's opening on anything but the initial board, its choice on
/// anything but an opening's result (or at all under Ludii's reading), its
/// singleton ending with more seeds than pits (or, under Ludii's reading,
/// with a pit of more than one).
///
/// A setup in which the side to move has no legal move is a finished game
/// and reads back as written: Sadeqa III's seeds left on the board count
/// for the last mover in the outcome, without being swept.
///
/// ```
/// use sowing::{Position, Setup, rulesets::SadeqaIII};
///
/// let setup: Setup = "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0".parse()?;
/// assert_eq!(setup.captured, [8, 0]);
/// let pos = Position::from_setup(SadeqaIII::new(), &setup)?;
/// assert_eq!(pos.to_string(), setup.to_string());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The variant field: the ruleset's notation name
    /// ([`Ruleset::name`]), as written (any case). Reading a string does
    /// not check it: [`Position::from_setup`] does.
    pub variant: String,
    /// South's pits, from his pit 1.
    pub south: Vec<u32>,
    /// North's pits, from his pit 1.
    pub north: Vec<u32>,
    /// Marked pits (written with `w`: waranas, owned by the player who does
    /// not own the row).
    pub marked: Vec<Pit>,
    /// The side to move.
    pub side_to_move: Player,
    /// Seeds captured by South and North.
    pub captured: [u32; 2],
    /// The state field, if any.
    pub state: Option<String>,
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        if s.trim().is_empty() {
            return Err(ParsePositionError::Empty);
        }
        let mut fields = s.split_whitespace();
        let mut field = |name| fields.next().ok_or(ParsePositionError::MissingField(name));
        let variant = field("variant")?.to_string();
        let pits_field = field("pits")?;
        let side_field = field("side-to-move")?;
        let captured_field = field("captured")?;
        let state = fields.next().map(str::to_string);
        if let Some(extra) = fields.next() {
            return Err(ParsePositionError::ExtraField(excerpt(extra)));
        }
        let (south_text, north_text) = pits_field
            .split_once('/')
            .ok_or_else(|| ParsePositionError::Rows(excerpt(pits_field)))?;
        let mut marked = Vec::new();
        let south = parse_row(Player::South, south_text, &mut marked)?;
        let north = parse_row(Player::North, north_text, &mut marked)?;
        // A side's letter in either case, as everywhere (`Player::from_letter`).
        let mut letters = side_field.chars();
        let side_to_move = match (letters.next().and_then(Player::from_letter), letters.next()) {
            (Some(side), None) => side,
            _ => return Err(ParsePositionError::SideToMove(excerpt(side_field))),
        };
        let captured = parse_captured(captured_field)
            .ok_or_else(|| ParsePositionError::Captured(excerpt(captured_field)))?;
        Ok(Setup {
            variant,
            south,
            north,
            marked,
            side_to_move,
            captured,
            state,
        })
    }
}

/// A decimal count of at most 9 digits (so that it fits a `u32` and a
/// thousand digits are refused at once).
fn count(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_row(
    owner: Player,
    text: &str,
    marked: &mut Vec<Pit>,
) -> Result<Vec<u32>, ParsePositionError> {
    let mut row = Vec::new();
    for (i, pit) in text.split(',').enumerate() {
        if i >= MAX_PITS_PER_ROW {
            return Err(ParsePositionError::RowTooLong { row: owner });
        }
        let (digits, mark) = match pit.strip_suffix('w') {
            Some(d) => (d, true),
            None => (pit, false),
        };
        let seeds = count(digits).ok_or_else(|| ParsePositionError::PitValue {
            row: owner,
            pit: i + 1,
            text: excerpt(pit),
        })?;
        if mark {
            marked.push(Pit::new(owner, i as u8 + 1));
        }
        row.push(seeds);
    }
    Ok(row)
}

fn parse_captured(text: &str) -> Option<[u32; 2]> {
    let (s, n) = text.split_once('-')?;
    Some([count(s)?, count(n)?])
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.variant)?;
        for (owner, row) in [(Player::South, &self.south), (Player::North, &self.north)] {
            if owner == Player::North {
                f.write_str("/")?;
            }
            for (i, seeds) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{seeds}")?;
                if self.marked.contains(&Pit::new(owner, i as u8 + 1)) {
                    f.write_str("w")?;
                }
            }
        }
        write!(
            f,
            " {} {}-{}",
            self.side_to_move.letter(),
            self.captured[0],
            self.captured[1]
        )?;
        if let Some(state) = &self.state {
            write!(f, " {state}")?;
        }
        Ok(())
    }
}

impl<R: Ruleset> Position<R> {
    /// Validates `setup` into a position of `rules` (RULES.md section 7;
    /// [`Setup`] says what a setup may and may not hold).
    ///
    /// # Errors
    /// [`SetupError`] naming the field at fault: another variant, a row of
    /// the wrong length, more seeds than the variant has (or fewer, in a
    /// game that removes none, [`SetupError::TooFewSeeds`]), a warana where
    /// there are none, a bad state field, or a position the rules cannot
    /// reach.
    pub fn from_setup(rules: R, setup: &Setup) -> Result<Self, SetupError> {
        let name = rules.name();
        // The name as written, or another name of the same ruleset value
        // (`andada` for `andada-12`).
        let named = setup.variant.eq_ignore_ascii_case(&name)
            || R::from_name(&setup.variant).is_some_and(|r| r.name() == name);
        if !named {
            return Err(SetupError::WrongVariant {
                found: excerpt(&setup.variant),
                expected: name,
            });
        }
        let n = rules.pits_per_row();
        for (row, pits) in [(Player::South, &setup.south), (Player::North, &setup.north)] {
            if pits.len() != n {
                return Err(SetupError::PitCount {
                    row,
                    found: pits.len(),
                    expected: n,
                });
            }
        }
        let found: u64 = setup
            .south
            .iter()
            .chain(&setup.north)
            .chain(&setup.captured)
            .map(|&s| s as u64)
            .sum();
        // The lap tables' bound, whatever a ruleset of someone else's says.
        let total = rules.total_seeds().min(MAX_SEEDS);
        if found > total as u64 {
            return Err(SetupError::TooManySeeds {
                found,
                total,
                variant: name.clone(),
            });
        }
        // Seeds are conserved unless the game removes some (RULES.md 6.5).
        if found < total as u64 && !rules.removes_seeds() {
            return Err(SetupError::TooFewSeeds {
                found,
                total,
                variant: name,
            });
        }
        // Every count is now at most the total, and the total at most 96:
        // each fits a pit.
        let bytes = |row: &[u32]| -> Vec<u8> { row.iter().map(|&s| s as u8).collect() };
        let board = Board::from_rows_sown(
            &bytes(&setup.south),
            &bytes(&setup.north),
            rules.clockwise(),
        )
        .map_err(|_| SetupError::PitCount {
            row: Player::South,
            found: setup.south.len(),
            expected: n,
        })?;
        let mut marks = 0u64;
        for &pit in &setup.marked {
            if !R::MARKS_PITS {
                return Err(SetupError::MarkNotAllowed { pit, variant: name });
            }
            // A hand-built setup can name any pit; a parsed one names only
            // pits of its rows.
            let Some(idx) = board.index(pit) else {
                return Err(SetupError::MarkOffBoard {
                    pit,
                    pits_per_row: board.pits_per_row() as u8,
                });
            };
            marks |= 1 << idx;
        }
        let state = rules.parse_state(setup.state.as_deref())?;
        let captured = setup.captured.map(|c| c as u16);
        let mut pos = Position::raw(rules, board, marks, setup.side_to_move, captured, state);
        // The turn starts as written: its legality is found on a copy, so
        // that a no-move rule's changes (Sadeqa III's sweep) do not alter
        // the position as set up, and it reads back as written.
        let mut started = pos;
        started
            .start_turn(&mut (), &mut ())
            .expect("the uncancellable control does not cancel");
        pos.take_turn_start(&started);
        // The turn started with a pass: the written side cannot move while
        // the other can, and passing is automatic.
        if started.side_to_move() != setup.side_to_move {
            return Err(Unreachable::PassNotAutomatic {
                side: setup.side_to_move,
            }
            .into());
        }
        rules.check_setup(&pos.view())?;
        Ok(pos)
    }

    /// The position's setup: the fields of its position string.
    pub fn to_setup(&self) -> Setup {
        let board = self.board();
        let row = |p| board.row(p).map(u32::from).collect();
        let marked = (0..board.len())
            .filter(|&i| self.marks() >> i & 1 == 1)
            .map(|i| board.pit_at(i))
            .collect();
        Setup {
            variant: self.rules().name().to_string(),
            south: row(Player::South),
            north: row(Player::North),
            marked,
            side_to_move: self.side_to_move(),
            captured: [Player::South, Player::North].map(|p| self.captured(p) as u32),
            state: self.rules().format_state(self.state()).map(str::to_string),
        }
    }

    /// Parses a position string for `rules` (keeps options the string does
    /// not show, such as Andada's direction and reading).
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field at fault.
    pub fn from_str_with(rules: R, s: &str) -> Result<Self, ParsePositionError> {
        let setup: Setup = s.parse()?;
        Ok(Position::from_setup(rules, &setup)?)
    }
}

/// The position string (RULES.md section 7), written without allocating.
impl<R: Ruleset> fmt::Display for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        write!(f, "{} ", self.rules().name())?;
        for player in Player::BOTH {
            if player == Player::North {
                f.write_str("/")?;
            }
            for number in 1..=board.pits_per_row() as u8 {
                if number > 1 {
                    f.write_str(",")?;
                }
                let idx = board.index_of(player, number);
                write!(f, "{}", board.seeds_at(idx))?;
                if self.marks() >> idx & 1 == 1 {
                    f.write_str("w")?;
                }
            }
        }
        write!(
            f,
            " {} {}-{}",
            self.side_to_move().letter(),
            self.captured(Player::South),
            self.captured(Player::North)
        )?;
        if let Some(state) = self.rules().format_state(self.state()) {
            write!(f, " {state}")?;
        }
        Ok(())
    }
}

impl<R: Ruleset> FromStr for Position<R> {
    type Err = ParsePositionError;

    /// Parses a position string; the ruleset comes from the variant field,
    /// with default options.
    fn from_str(s: &str) -> Result<Self, ParsePositionError> {
        // The variant field first, so that a string of another game (or of
        // none) is named as such before its other fields are read.
        let name = s.split_whitespace().next().unwrap_or("");
        if !name.is_empty() && R::from_name(name).is_none() {
            return Err(unknown_name(name));
        }
        let setup: Setup = s.parse()?;
        let Some(rules) = R::from_name(&setup.variant) else {
            return Err(unknown_name(&setup.variant));
        };
        Ok(Position::from_setup(rules, &setup)?)
    }
}

/// The variant field `name` is not one the ruleset plays
/// ([`Ruleset::from_name`] knows no such name). Only the ruleset is asked:
/// a built-in game's name is as unknown to another ruleset as any other
/// word.
fn unknown_name(name: &str) -> ParsePositionError {
    ParsePositionError::UnknownVariant(excerpt(name))
}

crate::serde_str::string_serde!(Position<R>);
crate::serde_str::string_serde!(Setup, check = Setup::check_round_trip);

#[cfg(feature = "serde")]
impl Setup {
    /// For serde: a setup is written as its position string only if that
    /// string reads back as the same setup. A setup's fields are public, so
    /// it can hold what no position string says (an empty row, a state
    /// field with a space, marked pits out of order or off the row, ...).
    fn check_round_trip(&self) -> Result<(), String> {
        let text = self.to_string();
        match text.parse::<Setup>() {
            Ok(back) if back == *self => Ok(()),
            Ok(back) => Err(format!(
                "this setup has no position string: {text:?} reads back as another setup, \
                 {back:?}"
            )),
            Err(e) => Err(format!(
                "this setup has no position string: {text:?} does not read back: {e}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::SetupError;
    use crate::rulesets::{Andada, Resized, SadeqaII, SadeqaIII, SadeqaV};

    /// Issue 32: game 91 never takes seeds out of play (RULES.md section
    /// 5: captures are counted, the end sweeps the board to the last
    /// mover), so a position holding 63 of its 64 seeds is refused with
    /// both counts; 64 is read.
    #[test]
    fn seeds_missing_in_a_game_that_removes_none_are_refused() {
        let err = "game-91 0,0,0,1,0,1,2,0/0,1,0,0,2,0,0,1 S 30-25"
            .parse::<Position<SadeqaIII>>()
            .unwrap_err();
        assert_eq!(
            err,
            ParsePositionError::Setup(SetupError::TooFewSeeds {
                found: 63,
                total: 64,
                variant: "game-91".into(),
            })
        );
        assert_eq!(
            err.to_string(),
            "pits and captured fields: 63 seeds, but game-91 always holds 64 (on the board \
             plus captured): every seed taken from the board is counted as captured"
        );
        assert!(
            "game-91 0,0,0,1,0,1,2,0/0,1,0,0,2,0,0,1 S 30-26"
                .parse::<Position<SadeqaIII>>()
                .is_ok()
        );
        // The same for every built-in game that removes none, through a
        // setup as through a string.
        let short = |text: &str| -> SetupError {
            let setup: Setup = text.parse().unwrap();
            match text.split(' ').next().unwrap() {
                "sadeqa-v" => Position::from_setup(SadeqaV::new(), &setup).unwrap_err(),
                "sadeqa-ii" => Position::from_setup(SadeqaII::new(), &setup).unwrap_err(),
                _ => Position::from_setup(SadeqaIII::new(), &setup).unwrap_err(),
            }
        };
        for (text, variant, found, total) in [
            (
                "sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,3 S 0-0",
                "sadeqa-v",
                79,
                80,
            ),
            (
                "sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 0-0 first:N",
                "sadeqa-ii",
                32,
                36,
            ),
            (
                "sadeqa-iii 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0-0",
                "sadeqa-iii",
                0,
                96,
            ),
        ] {
            assert_eq!(
                short(text),
                SetupError::TooFewSeeds {
                    found,
                    total,
                    variant: variant.into(),
                },
                "{text}"
            );
        }
        // Sadeqa II's forced opening (RULES.md section 4): the 4 seeds
        // removed are counted for South, so all 36 are there.
        assert!(
            "sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 4-0 first:N"
                .parse::<Position<SadeqaII>>()
                .is_ok()
        );
    }

    /// Andada removes seeds from play (the singleton ending, RULES.md
    /// 6.5; Ludii's removal, 6.7): fewer than its start's are read,
    /// never more.
    #[test]
    fn a_game_that_removes_seeds_allows_fewer_never_more() {
        assert!(Andada::default().removes_seeds());
        assert!(!SadeqaIII::game_91().removes_seeds());
        let pos: Position<Andada> =
            "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 S 10-8 singles"
                .parse()
                .unwrap();
        assert_eq!(pos.removed(), 48 - 20);
        let err = "andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S 1-0 play"
            .parse::<Position<Andada>>()
            .unwrap_err();
        assert!(
            matches!(
                err,
                ParsePositionError::Setup(SetupError::TooManySeeds { found: 49, .. })
            ),
            "{err}"
        );
    }

    /// A resized game removes seeds as its game does.
    #[test]
    fn a_resized_game_removes_seeds_as_its_game_does() {
        let iii = Resized::new(SadeqaIII::new(), 4, 2).unwrap();
        assert!(!iii.removes_seeds());
        assert!(
            Resized::new(Andada::default(), 6, 2)
                .unwrap()
                .removes_seeds()
        );
        let err = Position::from_str_with(iii, "sadeqa-iii:4x2 2,2,2,2/2,2,2,1 S 0-0").unwrap_err();
        assert_eq!(
            err,
            ParsePositionError::Setup(SetupError::TooFewSeeds {
                found: 15,
                total: 16,
                variant: "sadeqa-iii:4x2".into(),
            })
        );
        let andada = Resized::new(Andada::default(), 6, 2).unwrap();
        assert!(
            Position::from_str_with(andada, "andada:6x2 0,0,0,0,0,1/1,0,0,0,0,0 S 2-0 singles")
                .is_ok()
        );
    }
}
