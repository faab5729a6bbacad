//! Game records (RULES.md section 7); position strings are in `setup`.
//!
//! # One rule for a side's letter
//!
//! Wherever a side's letter is read (Andada's choice move `S`/`N` in a
//! [`Move`] or a [`Record`], a position string's side to move, Sadeqa II's
//! state field `first:SN`), it is read in either case: `n` is `N` and `s`
//! is `S`. It is always written uppercase, so a string read with lowercase
//! letters is written back with uppercase ones (`1/n/2` is written
//! `1/N/2`). The variant field is read in any case too; pit numbers have no
//! case. [`Player::from_letter`](crate::Player::from_letter) is the rule.

use crate::error::RecordError;
use crate::moves::Move;
use std::fmt;
use std::str::FromStr;

/// A game record: the moves in the order played, written separated by `/`
/// as Mancala World writes solutions (`2/8/3/9`). Bonus moves are simply the
/// next entries; automatic passes are not written (RULES.md section 7).
/// A choice move is read in either case (`1/n/2`) and written uppercase
/// (`1/N/2`), as a side's letter is everywhere.
///
/// ```
/// use sowing::{Move, Player, Record};
/// let record: Record = "1/n/2".parse()?;
/// assert_eq!(record.moves(), [Move::Pit(1), Move::First(Player::North), Move::Pit(2)]);
/// assert_eq!(record.to_string(), "1/N/2");
/// # Ok::<(), sowing::RecordError>(())
/// ```
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
    /// Parses `m/m/m`; the empty string is the empty record, and a `/`
    /// after the last move (`1/3/`) ends the record.
    ///
    /// # Errors
    /// [`RecordError::Parse`] with the 1-based ply of the first bad entry
    /// (an empty one too: `1//3` at ply 2).
    fn from_str(s: &str) -> Result<Record, RecordError> {
        if s.trim().is_empty() {
            return Ok(Record::default());
        }
        let t = s.trim_end();
        let s = match t.strip_suffix('/') {
            Some(body) if !body.trim().is_empty() => body,
            _ => s,
        };
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

crate::serde_str::string_serde!(
    Record,
    check = |r: &Record| r.0.iter().try_for_each(Move::check_notation)
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParsePositionError;
    use crate::player::Player;
    use crate::position::Position;
    use crate::rulesets::{Andada, SadeqaII};

    /// Issue 32: a side's letter is read in either case wherever one is
    /// read, and written uppercase.
    #[test]
    fn a_sides_letter_is_read_in_either_case_and_written_uppercase() {
        for (text, player) in [
            ("n", Player::North),
            ("N", Player::North),
            ("s", Player::South),
            ("S", Player::South),
            (" n ", Player::North),
        ] {
            assert_eq!(text.parse::<Move>(), Ok(Move::First(player)), "{text:?}");
        }
        assert_eq!(Move::First(Player::North).to_string(), "N");
        assert_eq!(Move::First(Player::South).to_string(), "S");

        let record: Record = "1/n/2".parse().unwrap();
        assert_eq!(
            record.moves(),
            [Move::Pit(1), Move::First(Player::North), Move::Pit(2)]
        );
        assert_eq!(record.to_string(), "1/N/2");
        assert_eq!("1/s/".parse::<Record>().unwrap().to_string(), "1/S");

        // The position string's side to move.
        let pos: Position<SadeqaII> = "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 n 0-0 first:n"
            .parse()
            .unwrap();
        assert_eq!(pos.side_to_move(), Player::North);
        assert_eq!(
            pos.to_string(),
            "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 N 0-0 first:N"
        );
        // Sadeqa II's state field names sides by their letters too.
        for (field, written) in [
            ("first:sn", "first:SN"),
            ("first:Sn", "first:SN"),
            ("first:s", "first:S"),
        ] {
            let text = format!("sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 {field}");
            let pos: Position<SadeqaII> = text.parse().unwrap();
            assert!(pos.to_string().ends_with(written), "{field}: {pos}");
        }
        // Andada's choice, played from a record with a lowercase letter.
        let mut pos = Position::new(Andada::default());
        for m in "1/n".parse::<Record>().unwrap().moves() {
            pos.play(*m).unwrap();
        }
        assert_eq!(pos.side_to_move(), Player::North);
    }

    /// What is not a side's letter stays refused, whatever its case.
    #[test]
    fn a_sides_name_or_two_letters_are_not_a_side() {
        for text in ["x", "sn", "NS", "south", "ñ"] {
            assert!(text.parse::<Move>().is_err(), "{text:?}");
            let pos = format!("sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 {text} 0-0");
            assert_eq!(
                pos.parse::<Position<SadeqaII>>(),
                Err(ParsePositionError::SideToMove(text.into())),
                "{text:?}"
            );
        }
        assert!(
            "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 FIRST:SN"
                .parse::<Position<SadeqaII>>()
                .is_err()
        );
    }
}
