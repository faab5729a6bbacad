//! The notation of RULES.md section 7: position strings and game records.

use crate::error::{ParsePositionError, RecordError};
use crate::moves::Move;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

impl<R: Ruleset> fmt::Display for Position<R> {
    /// The position string:
    /// `<variant> <south pits>/<north pits> <side to move> <captured S>-<captured N> [<state>]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let waranas = self.rules().warana_mask(self.state());
        write!(f, "{} ", self.variant().name())?;
        for player in Player::BOTH {
            if player == Player::North {
                f.write_str("/")?;
            }
            for number in 1..=self.pits_per_row() as u8 {
                if number > 1 {
                    f.write_str(",")?;
                }
                let idx = self.index_of(player, number);
                write!(f, "{}", self.seeds_at(idx))?;
                if waranas >> idx & 1 == 1 {
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

impl<R: Ruleset> Position<R> {
    /// Parses a position string for the ruleset value `rules` (use this to
    /// keep options that the string does not show, such as Andada's
    /// direction). The variant field must be `rules`' variant.
    ///
    /// Lenient in form, strict in content: any run of whitespace separates
    /// fields, counts may have leading zeros, and `andada` names
    /// `andada-12`; `Display` writes the canonical string (single spaces, no
    /// leading zeros, the full variant name), so `parse(display(p)) == p`.
    ///
    /// ```
    /// use sowing::{Move, Position, rulesets::{Andada, Reading}};
    ///
    /// // Andada on 15 pits a row, sown clockwise, Ludii's reading: options
    /// // the string does not show.
    /// let rules = Andada::new(15).unwrap().with_clockwise(true).with_reading(Reading::Ludii);
    /// let mut pos = Position::from_str_with(
    ///     rules,
    ///     "andada-15 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2,2,2,2 S 0-0 opening",
    /// )?;
    /// pos.play(Move::Pit(1))?; // the opening
    /// assert!(pos.to_string().ends_with(" N 0-0 play")); // Ludii: no choice move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field that is malformed or
    /// impossible.
    pub fn from_str_with(rules: R, s: &str) -> Result<Self, ParsePositionError> {
        let mut fields = s.split_whitespace();
        let variant_field = fields
            .next()
            .ok_or(ParsePositionError::MissingField("variant"))?;
        let variant: Variant = variant_field
            .parse()
            .map_err(|_| ParsePositionError::UnknownVariant(variant_field.to_string()))?;
        if variant != rules.variant() {
            return Err(ParsePositionError::WrongVariant {
                found: variant_field.to_string(),
                expected: rules.variant().name(),
            });
        }
        let pits_field = fields
            .next()
            .ok_or(ParsePositionError::MissingField("pits"))?;
        let side_field = fields
            .next()
            .ok_or(ParsePositionError::MissingField("side-to-move"))?;
        let captured_field = fields
            .next()
            .ok_or(ParsePositionError::MissingField("captured"))?;
        let state_field = fields.next();
        if let Some(extra) = fields.next() {
            return Err(ParsePositionError::ExtraField(extra.to_string()));
        }

        let (south_text, north_text) = pits_field
            .split_once('/')
            .ok_or_else(|| ParsePositionError::Rows(pits_field.to_string()))?;
        let n = variant.pits_per_row();
        let mut rows = [[0u8; crate::moves::MAX_PITS_PER_ROW]; 2];
        let mut marks = [0u32; 2];
        for (player, text) in [(Player::South, south_text), (Player::North, north_text)] {
            let counts: Vec<&str> = text.split(',').collect();
            if counts.len() != n {
                return Err(ParsePositionError::PitCount {
                    row: player,
                    found: counts.len(),
                    expected: n,
                });
            }
            for (i, count) in counts.iter().enumerate() {
                let (digits, warana) = match count.strip_suffix('w') {
                    Some(d) => (d, true),
                    None => (*count, false),
                };
                let bad = || ParsePositionError::PitValue {
                    row: player,
                    pit: i + 1,
                    text: count.to_string(),
                };
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                let seeds: u32 = digits.parse().map_err(|_| bad())?;
                if seeds > variant.total_seeds() {
                    return Err(ParsePositionError::TooManySeeds {
                        found: seeds,
                        total: variant.total_seeds(),
                        variant: variant.name(),
                    });
                }
                rows[player.index()][i] = seeds as u8;
                if warana {
                    if !R::HAS_WARANAS {
                        return Err(ParsePositionError::WaranaNotAllowed {
                            row: player,
                            pit: i + 1,
                            variant: variant.name(),
                        });
                    }
                    marks[player.index()] |= 1 << i;
                }
            }
        }

        let side = match side_field {
            "S" => Player::South,
            "N" => Player::North,
            other => return Err(ParsePositionError::SideToMove(other.to_string())),
        };

        let captured = parse_captured(captured_field)
            .ok_or_else(|| ParsePositionError::Captured(captured_field.to_string()))?;

        // Warana marks by sowing-order index, through a scratch position so
        // the pit numbering (and direction) is the core's.
        let scratch = Position::new(rules);
        let mut waranas = 0u64;
        for player in Player::BOTH {
            for i in 0..n {
                if marks[player.index()] >> i & 1 == 1 {
                    waranas |= 1 << scratch.index_of(player, i as u8 + 1);
                }
            }
        }
        let state = rules.parse_state(waranas, state_field)?;
        Position::from_parts(rules, &rows[0][..n], &rows[1][..n], side, captured, state)
    }
}

fn parse_captured(text: &str) -> Option<[u16; 2]> {
    let (s, n) = text.split_once('-')?;
    let num = |t: &str| -> Option<u16> {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        t.parse().ok()
    };
    Some([num(s)?, num(n)?])
}

impl<R: Ruleset> FromStr for Position<R> {
    type Err = ParsePositionError;
    /// Parses a position string with the default options of its variant.
    fn from_str(s: &str) -> Result<Self, ParsePositionError> {
        let name = s
            .split_whitespace()
            .next()
            .ok_or(ParsePositionError::MissingField("variant"))?;
        let variant: Variant = name
            .parse()
            .map_err(|_| ParsePositionError::UnknownVariant(name.to_string()))?;
        let rules = R::from_variant(variant).ok_or_else(|| ParsePositionError::WrongVariant {
            found: name.to_string(),
            expected: R::NAME,
        })?;
        Position::from_str_with(rules, s)
    }
}

/// Serialised as its position string. The string does not show the options
/// of a ruleset (Sadeqa II's starter-only reading, Andada's direction and
/// reading) nor a lap limit: to keep them, serialise the ruleset value too
/// (it serialises with its options) and read the string back with
/// [`Position::from_str_with`].
impl<R: Ruleset> Serialize for Position<R> {
    /// Serialised as its position string.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Read from a position string, with the default options of its variant
/// (see the note on `Serialize`).
impl<'de, R: Ruleset> Deserialize<'de> for Position<R> {
    /// Read from a position string, with the variant's default options.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A game record: the moves in the order played, written separated by `/`
/// as Mancala World writes solutions (`2/8/3/9`). Bonus moves are simply the
/// next entries; automatic passes are not written (RULES.md section 7).
///
/// Serialised as its string.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Record(pub Vec<Move>);

impl Record {
    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.0
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;
    /// Parses `m/m/m`; the empty string is the empty record.
    ///
    /// # Errors
    /// [`RecordError::Parse`] with the 1-based ply of the first bad entry.
    fn from_str(s: &str) -> Result<Record, RecordError> {
        if s.trim().is_empty() {
            return Ok(Record::default());
        }
        s.split('/')
            .enumerate()
            .map(|(i, t)| {
                t.parse::<Move>()
                    .map_err(|source| RecordError::Parse { ply: i + 1, source })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Record)
    }
}

impl Serialize for Record {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
