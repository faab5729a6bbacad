//! The round trips of a position ([`Check::Notation`]): its string read
//! back, and with the `serde` feature its JSON.

use super::report::{Check, Report};
use crate::position::Position;
use crate::ruleset::Ruleset;

/// The position string and serde round trips. A position where the lap
/// limit cut a candidate off and no move is legal is not parsed back:
/// parsing uses the exact test, whose proof can take minutes.
pub(super) fn notation<R: Ruleset>(p: &Position<R>, cut_off: bool, report: &mut Report) {
    if cut_off && p.legal_moves().is_empty() {
        return;
    }
    let s = p.to_string();
    match Position::from_str_with(*p.rules(), &s) {
        Ok(back) if back == *p && back.to_string() == s => {}
        Ok(back) => report.fail(
            Check::Notation,
            p,
            None,
            "the position string to read back as the same position",
            format!(
                "{back} (Ruleset::format_state and parse_state must agree on the state, {:?})",
                p.state()
            ),
        ),
        Err(e) => report.fail(
            Check::Notation,
            p,
            None,
            "the position string to read back",
            format!("{e} (Ruleset::name, from_name, format_state and parse_state must agree)"),
        ),
    }
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(p);
        let back = json
            .as_ref()
            .map_err(|e| e.to_string())
            .and_then(|j| serde_json::from_str::<Position<R>>(j).map_err(|e| e.to_string()));
        match back {
            // Read back with the options of the ruleset's name (serde
            // knows no other), so compared as position strings.
            Ok(back) if back.to_string() == s => {}
            Ok(back) => report.fail(
                Check::Notation,
                p,
                None,
                "serde (JSON) to read back the same position string",
                format!("{back}"),
            ),
            Err(e) => report.fail(
                Check::Notation,
                p,
                None,
                "serde (JSON) to round-trip the position",
                e,
            ),
        }
    }
}
