//! Words shared by the tools, so that all say the same: why a game ended
//! ("North cannot move: South wins."), the game's title, a move and a
//! record as a person types them, a search's value, and the checks of
//! count and time flags (`--games`, `--time`) and of `--position`. It
//! names no registry (choosing the game is cli/src/choose.rs), so the
//! tools' code with the ruleset's type uses it.

use sowing::bots::SearchValue;
use sowing::options::OptionValue;
use sowing::{DrawReason, Game, Move, Outcome, Position, Record, Refusal, Ruleset, Scoring};

/// How the result of a finished game reads: the reason, then who won, with
/// the final points where the game scores points. `None` while the game
/// goes on. Andada's and Sadeqa II's removed seeds are never shown as a
/// score: those games have none.
pub fn ending<R: Ruleset>(game: &Game<R>) -> Option<String> {
    let outcome = game.outcome();
    let pos = game.position();
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Draw {
            reason: DrawReason::Repetition,
            ..
        } => Some(
            "The same position occurred for the third time with the same player to move: \
             a draw by repetition."
                .to_string(),
        ),
        Outcome::Draw {
            reason: DrawReason::PlyLimit,
            ..
        } => Some(format!(
            "The ply limit of {} pl{} was reached: a draw.",
            game.ply(),
            if game.ply() == 1 { "y" } else { "ies" }
        )),
        _ => Some(format!("{}: {}.", reason(pos), verdict(outcome))),
    }
}

/// Why the position is over, by the ruleset's end rule
/// ([`Ruleset::end_reason`]: each game says it in its own module).
fn reason<R: Ruleset>(pos: &Position<R>) -> String {
    pos.rules().end_reason(&pos.view())
}

/// "North wins 44-36" (the winner's points first, as the library's
/// [`Outcome`] writes a result), "North wins", "a draw, 40-40".
fn verdict(outcome: Outcome) -> String {
    match (outcome.winner(), outcome.score()) {
        (Some(_), _) => outcome.to_string(),
        (None, Some(s)) => format!("a draw, {}-{}", s.south, s.north),
        (None, None) => "a draw".to_string(),
    }
}

/// A search value's evaluation part beyond which, in the games won by
/// moving last, a value is the databases' (`TablebaseEval` scores a held
/// position `±5000` less the plies to its end; mobility stays below a
/// few hundred).
const DATABASE_VALUE: i32 = 4000;

/// An alpha-beta search's value in words, with its unit, for the side to
/// move (`scoring`: how the game is won):
///
/// - a proven result: "a win by 6 seeds in 7 plies", "a loss in 4
///   plies" (the margin where the game scores points);
/// - the games won on points (Sadeqa V, Sadeqa III, game 91): the
///   evaluation in seeds of points ahead, `+1.75 seeds` (the evaluation
///   counts 4 a point, and in Sadeqa V 2 a warana owned: half a seed);
/// - the games won by moving last (Sadeqa II, Andada): mobility, counted
///   in seeds, `+7 seeds of mobility` (1 a seed in one's row, 4 a pit one
///   can play, 4 more a pit of 2 seeds or more, less the opponent's); a
///   value from the endgame databases at the search's leaves, "a database
///   win".
#[allow(dead_code)]
pub fn search_value(value: SearchValue, scoring: Scoring) -> String {
    let seeds = |n: f64| format!("{n:+} seed{}", if n.abs() == 1.0 { "" } else { "s" });
    if let Some(plies) = value.plies_to_end() {
        let word = if value.is_win() { "a win" } else { "a loss" };
        let plies = format!("{plies} pl{}", if plies == 1 { "y" } else { "ies" });
        return match value.margin().filter(|&m| m != 0) {
            Some(m) => format!(
                "{word} by {} seed{} in {plies}",
                m.abs(),
                if m.abs() == 1 { "" } else { "s" }
            ),
            None => format!("{word} in {plies}"),
        };
    }
    match scoring {
        Scoring::Points => seeds(f64::from(value.0) / 4.0),
        Scoring::LastMover if value.0 >= DATABASE_VALUE => "a database win".to_string(),
        Scoring::LastMover if value.0 <= -DATABASE_VALUE => "a database loss".to_string(),
        Scoring::LastMover => format!("{} of mobility", seeds(f64::from(value.0))),
    }
}

/// The full name of the game, with its options.
pub fn title<R: Ruleset>(rules: &R) -> String {
    let name = rules.title().into_owned();
    let mut options = Vec::new();
    if rules.option_value("starter-only") == Some(OptionValue::Flag(true)) {
        options.push("only the starter's first move is forced".to_string())
    }
    if let Some(OptionValue::Flag(clockwise)) = rules.option_value("clockwise") {
        options.push(format!(
            "sowing {}",
            if clockwise {
                "clockwise"
            } else {
                "counter-clockwise"
            }
        ));
    }
    if let Some(reading) = rules.option_value("reading") {
        options.push(format!("reading: {reading}"));
    }
    if options.is_empty() {
        name
    } else {
        format!("{name}; {}", options.join(", "))
    }
}

/// A move as a person types it: a pit number or `S`/`N` (any case). A
/// number outside this board is refused with the board's own range
/// ("there is no pit 25: pits are numbered 1 to 8"), not the notation's.
pub fn parse_move(word: &str, pits_per_row: usize) -> Result<Move, String> {
    let t = word.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        let digits = t.trim_start_matches('0');
        let pit = if digits.len() > 3 {
            None
        } else {
            digits.parse::<u16>().ok().or(Some(0))
        };
        return match pit {
            Some(p) if (1..=pits_per_row as u16).contains(&p) => Ok(Move::Pit(p as u8)),
            _ => Err(no_such_pit(t, pits_per_row)),
        };
    }
    t.to_ascii_uppercase().parse::<Move>().map_err(|_| {
        format!(
            "malformed move {:?}: expected a pit number or S/N",
            shorten(t)
        )
    })
}

/// Why the number `typed` is no pit of a board of `pits_per_row` pits a
/// row: the library's own words ([`Refusal::NoSuchPit`], "there is no pit 0:
/// pits are numbered 1 to 8"), so that `play`, `replay` and the web board
/// say the same for a pit outside the board, 0 included.
pub fn no_such_pit(typed: &str, pits_per_row: usize) -> String {
    let digits = typed.trim().trim_start_matches('0');
    match (digits.parse::<u8>(), u8::try_from(pits_per_row)) {
        (Ok(pit), Ok(pits_per_row)) => Refusal::NoSuchPit { pit, pits_per_row }.to_string(),
        (Err(_), Ok(pits_per_row)) if digits.is_empty() => Refusal::NoSuchPit {
            pit: 0,
            pits_per_row,
        }
        .to_string(),
        // Too long a number for a pit: the same words, as typed (a very
        // long one cut).
        _ => {
            let t = typed.trim();
            let shown = match t.char_indices().nth(40) {
                Some((cut, _)) => format!("{}...", &t[..cut]),
                None => t.to_string(),
            };
            format!("there is no pit {shown}: pits are numbered 1 to {pits_per_row}")
        }
    }
}

/// A count flag (`--games`, `--ply-limit`, `--threads`): 1 or more, as 0
/// would play nothing, end every game at once or run no worker. Refused in
/// words rather than as clap's range `1..18446744073709551615`; a flag
/// that takes it also takes a negative number as its value
/// (`allow_negative_numbers`), so that `-1` is refused here too, not as
/// "unexpected argument '-1' found".
#[allow(dead_code)]
pub fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("0 is not allowed: 1 at least".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(not_whole(s, "1 at least")),
    }
}

/// A whole-number flag from `lo` to `hi` (`--lap-limit`, `--depth`,
/// `--table-bits`, `--seed`), refused in words: "-1 is negative: a whole
/// number from 1 to 64"; as [`at_least_one`], a negative number reaches
/// it.
#[allow(dead_code)]
pub fn whole_number<T: TryFrom<u64>>(s: &str, lo: u64, hi: u64) -> Result<T, String> {
    let range = if hi == u64::MAX {
        format!("{lo} at least")
    } else {
        format!("from {lo} to {hi}")
    };
    match s.trim().parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => {
            T::try_from(n).map_err(|_| format!("{n} is too large: a whole number, {range}"))
        }
        Ok(n) if n < lo => Err(format!("{n} is too small: a whole number, {range}")),
        Ok(n) => Err(format!("{n} is too large: a whole number, {range}")),
        Err(_) => Err(not_whole(s, &range)),
    }
}

/// Why `s` is no whole number of the range `range` ("1 at least").
fn not_whole(s: &str, range: &str) -> String {
    let t = s.trim();
    if t.starts_with('-') && t[1..].parse::<f64>().is_ok() {
        format!("{} is negative: a whole number, {range}", shorten(t))
    } else if t.parse::<f64>().is_ok() {
        format!("{} is not a whole number: {range}", shorten(t))
    } else {
        format!("{:?} is not a number: a whole number, {range}", shorten(t))
    }
}

/// A time flag's seconds (`--hint-time`, `--time`, `--solve-time`),
/// checked after clap read it as a number (a negative one included,
/// `allow_negative_numbers`): more than 0, or from 0 where `zero` is
/// allowed (`--solve-time 0`: no proof search), and at most a day.
/// Refused in the tool's words: "--hint-time must be a positive number of
/// seconds (more than 0, at most 86400: a day), got -1".
#[allow(dead_code)]
pub fn seconds(flag: &str, s: f64, zero: bool) -> Result<std::time::Duration, String> {
    let low = if zero { s >= 0.0 } else { s > 0.0 };
    if s.is_finite() && low && s <= 86_400.0 {
        return Ok(std::time::Duration::from_secs_f64(s));
    }
    Err(if zero {
        format!("{flag} must be a number of seconds from 0 (none) to 86400 (a day), got {s}")
    } else {
        format!(
            "{flag} must be a positive number of seconds (more than 0, at most 86400: a day), \
             got {s}"
        )
    })
}

/// A game record read for a board of `pits_per_row` pits a row, every entry
/// checked before any is played: an entry that is not a move, or a pit
/// outside this board ("ply 2: move 9 is not legal: there is no pit 9:
/// pits are numbered 1 to 8", the board's range, not the notation's), is
/// refused naming its ply. As the library's `Record` reads it, a `/` after
/// the last move ends the record; as a person types a move, `s`/`n` are
/// the choice moves too.
#[allow(dead_code)]
pub fn parse_record(text: &str, pits_per_row: usize) -> Result<Record, String> {
    if text.trim().is_empty() {
        return Ok(Record::default());
    }
    let body = match text.trim_end().strip_suffix('/') {
        Some(body) if !body.trim().is_empty() => body,
        _ => text,
    };
    let mut moves = Vec::new();
    for (i, entry) in body.split('/').enumerate() {
        match parse_move(entry, pits_per_row) {
            Ok(mv) => moves.push(mv),
            Err(why) => {
                let t = entry.trim();
                return Err(if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                    format!("ply {}: move {} is not legal: {why}", i + 1, shorten(t))
                } else {
                    format!("ply {}: {why}", i + 1)
                });
            }
        }
    }
    Ok(Record(moves))
}

/// `text` cut to 40 characters, for a message that quotes input.
pub(crate) fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

/// `--position` read with `rules` (which its variant field named).
pub fn position_flag<R: Ruleset>(rules: R, position: &str) -> Result<Position<R>, String> {
    Position::from_str_with(rules, position)
        .map_err(|e| format!("bad --position {:?}: {e}", shorten(position)))
}
