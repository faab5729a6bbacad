//! Game records (RULES.md section 7); position strings are in `setup`.

use crate::error::RecordError;
use crate::moves::Move;
use std::fmt;
use std::str::FromStr;

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
