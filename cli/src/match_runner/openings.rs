//! The openings of a match, over `R: Ruleset`: records read from a file
//! and checked, or random plies from the start ([`random_plies`], which
//! `accuracy` uses too), kept only when a depth-8 search values them
//! near even with `--balanced` ([`is_balanced`]). Called by the referee,
//! so below the registry with it.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::{Game, Move, Position, Record, Ruleset};

/// The openings for `rules` ([`Referee::openings`](super::referee::Referee::openings)):
/// each line of `file`'s text checked as a record, or `count` openings of
/// `plies` random legal plies (not ending the game), within `balanced` of
/// even if given ([`is_balanced`]).
pub(super) fn openings<R: Ruleset>(
    rules: R,
    file: Option<&str>,
    count: usize,
    plies: u32,
    seed: u64,
    balanced: Option<u32>,
) -> Result<Vec<Vec<Move>>, String> {
    if let Some(text) = file {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let record: Record = line
                .parse()
                .map_err(|e| format!("openings line {}: {e}", i + 1))?;
            let game = Game::from_record(Position::new(rules), &record)
                .map_err(|e| format!("openings line {}: {e}", i + 1))?;
            if !game.outcome().is_ongoing() {
                return Err(format!("openings line {}: the game is over", i + 1));
            }
            out.push(record.moves().to_vec());
        }
        if out.is_empty() {
            return Err("the openings file has no record".into());
        }
        return Ok(out);
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut table = balanced.map(|_| sowing::bots::Table::new(BALANCE_TABLE_BITS));
    for _ in 0..count {
        // A few tries for an opening that leaves the game going (and,
        // with `balanced`, is balanced).
        let mut chosen = Vec::new();
        // (No random ply: the start, judged once.)
        let tries = match (balanced, plies) {
            (Some(_), 0) => 1,
            (Some(_), _) => 10_000,
            (None, _) => 100,
        };
        let mut found = false;
        for _ in 0..tries {
            let mut game = Game::new(Position::new(rules));
            chosen = crate::sampling::random_plies(&mut game, plies, &mut rng);
            if !game.outcome().is_ongoing() {
                continue;
            }
            found = match (balanced, table.as_mut()) {
                (Some(limit), Some(table)) => is_balanced(game.position(), limit, table),
                _ => true,
            };
            if found {
                break;
            }
        }
        if !found && balanced.is_some() {
            return Err(format!(
                "no opening of {plies} random plies within --balanced {} in {tries} tries",
                balanced.unwrap_or(0)
            ));
        }
        out.push(chosen);
    }
    Ok(out)
}

/// The depth of the search that judges an opening (`--balanced`).
const BALANCE_DEPTH: u8 = 8;
/// Its transposition table: 2^18 entries.
const BALANCE_TABLE_BITS: u8 = 18;

/// Whether a depth-[`BALANCE_DEPTH`] alpha-beta with `alphabeta`'s
/// default evaluation values `pos` within `limit` of even, from its
/// moves known to end (a proven result never is): `--balanced`.
fn is_balanced<R: Ruleset>(
    pos: &Position<R>,
    limit: u32,
    table: &mut sowing::bots::Table<R>,
) -> bool {
    use sowing::bots::{AutoEval, Budget, alphabeta::search};
    // The moves known to end: an undecided one's exact proof can take
    // minutes (RULES.md section 2), and the engines choose among these.
    let legal = pos.legality().ends;
    if legal.is_empty() {
        return false;
    }
    match search(pos, legal, Budget::Depth(BALANCE_DEPTH), &AutoEval, table) {
        Some(report) => {
            !report.value.is_win()
                && !report.value.is_loss()
                && report.value.0.unsigned_abs() <= limit
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--balanced` keeps only openings the depth-8 search values within
    /// the limit, the same for the same seed; a won position is never
    /// balanced.
    #[test]
    fn balanced_openings_are_within_the_limit() {
        use sowing::rulesets::SadeqaIII;
        let rules = SadeqaIII::game_91();
        let found = openings(rules, None, 3, 4, 7, Some(20)).unwrap();
        assert_eq!(found, openings(rules, None, 3, 4, 7, Some(20)).unwrap());
        let mut table = sowing::bots::Table::new(16);
        for moves in &found {
            assert_eq!(moves.len(), 4);
            let mut pos = Position::new(SadeqaIII::game_91());
            for &mv in moves {
                pos.play(mv).unwrap();
            }
            assert!(is_balanced(&pos, 20, &mut table), "{pos}");
        }
        // North to move wins by force (src/bots/mcts.rs's solver test).
        let won: Position<SadeqaIII> = "sadeqa-iii 0,0,0,1,0,1,0,0/4,0,0,0,0,0,3,1 N 46-40"
            .parse()
            .unwrap();
        // No random ply: the start alone, refused at once if it is not
        // within the limit.
        let start = openings(SadeqaIII::new(), None, 1, 0, 1, Some(0));
        assert!(start.is_err() || start == Ok(vec![vec![]]), "{start:?}");
        assert!(!is_balanced(
            &won,
            u32::MAX,
            &mut sowing::bots::Table::new(16)
        ));
    }
}
