//! [`AlphaBeta`]: negamax with alpha-beta pruning, principal-variation
//! search, iterative deepening and a transposition table; and
//! [`analyse`], the value of every legal move of a position.
//!
//! The module is split by concern: the encoding of values
//! ([`SearchValue`], [`WIN`]), the transposition table ([`Table`], the
//! crate's bounded table that the solver uses too), the search itself
//! ([`Budget`], [`search`], [`analyse`], [`table_line`]) and the player
//! ([`AlphaBeta`]).
//!
//! # The search
//!
//! - **Negamax** over the values of [`SearchValue`], always from the view of
//!   the side to move. A move after which the same player moves again
//!   (Sadeqa V's bonus move, or a pass of the opponent, RULES.md 3.3.2 and
//!   3.5) keeps the sign: only a change of the side to move negates.
//! - **Finished games** are scored from their outcome: a win is worth
//!   `WIN + 1000 * margin - plies` (the margin in points for the scoring
//!   games, RULES.md 3.7 and 5.5, so the search prefers bigger and then
//!   quicker wins), a draw 0. Unfinished leaves get the caller's
//!   [`Evaluation`](crate::bots::Evaluation).
//! - **Repetition:** a position that already occurs on the line being
//!   searched ends the line as [`Game`](crate::Game) ends a game by
//!   repetition: scored by the ruleset's
//!   [`Ruleset::repetition_outcome`](crate::Ruleset::repetition_outcome)
//!   after its [`Ruleset::repetition_end`](crate::Ruleset::repetition_end)
//!   (by default a draw, 0, RULES.md section 2's policy; Oware's collects
//!   the seeds and counts them). A ruleset without a repetition rule scores
//!   it 0. Under a repetition count above 2 (the default's 3) this is the
//!   usual approximation: a side that can repeat once can repeat again.
//! - **Transposition table:** a fixed number of entries (a power of two),
//!   indexed by a 64-bit hash; each entry keeps the whole position, and a
//!   hit counts only when the position is equal (collisions are checked).
//!   It keeps its contents from one move to the next.
//! - **Move ordering:** the table's move first, then captures (moves that
//!   add to the mover's captured seeds, biggest first), then the rest in
//!   pit order.
//! - **Budget:** a depth in plies, a number of nodes or a time
//!   ([`Budget`]); iterative deepening returns the best move of the last
//!   depth completed.
//! - **Endless sowing:** inside the tree, positions use a lap limit of
//!   [`SEARCH_LAP_LIMIT`](crate::search::SEARCH_LAP_LIMIT) laps (RULES.md
//!   section 2's option, for bounded time); the moves searched at the root
//!   are the caller's exact legal moves, so the move returned is legal
//!   under the exact rule.

mod player;
mod search;
mod table;
mod value;

pub use player::{AlphaBeta, DEFAULT_TABLE_BITS};
pub use search::{
    Analysis, Budget, MAX_DEPTH, MoveValue, SearchReport, analyse, search, search_until, table_line,
};
pub use table::{MAX_TABLE_BITS, Table};
pub use value::{SearchValue, WIN};

#[cfg(test)]
mod tests {
    use super::table::Entry;
    use crate::rulesets::{Andada, SadeqaII, SadeqaIII, SadeqaV};

    /// The table's memory per entry, as [`DEFAULT_TABLE_BITS`] states it.
    #[test]
    fn entries_fit_the_documented_size() {
        let sizes = [
            std::mem::size_of::<Option<Entry<SadeqaV>>>(),
            std::mem::size_of::<Option<Entry<SadeqaII>>>(),
            std::mem::size_of::<Option<Entry<SadeqaIII>>>(),
            std::mem::size_of::<Option<Entry<Andada>>>(),
        ];
        eprintln!("alpha-beta entry bytes: {sizes:?}");
        assert!(sizes.iter().all(|&s| s <= 128), "{sizes:?}");
    }

    /// Sadeqa II's first move is forced (pit 6, RULES.md section 4): under
    /// a time budget it is played after depth 1, not after the time; at a
    /// depth asked for, the search goes to that depth.
    #[test]
    fn a_forced_move_under_a_time_budget_is_played_at_once() {
        use super::{Budget, Table, search};
        use crate::Move;
        use crate::bots::StandardEval;
        use crate::position::Position;
        use std::time::Duration;
        let pos = Position::new(SadeqaII::new());
        let legal = pos.legal_moves();
        assert_eq!(legal.len(), 1);
        let mut table = Table::new(12);
        let timed = search(
            &pos,
            legal,
            Budget::Time(Duration::from_secs(60)),
            &StandardEval,
            &mut table,
        )
        .unwrap();
        assert_eq!((timed.best, timed.depth), (Move::Pit(6), 1));
        let deep = search(
            &pos,
            legal,
            Budget::Depth(3),
            &StandardEval,
            &mut Table::new(12),
        )
        .unwrap();
        assert_eq!((deep.best, deep.depth), (Move::Pit(6), 3));
    }

    /// A search whose cancel flag is set stops at its first check (1,024
    /// nodes), with the last depth completed; a flag never set changes
    /// nothing.
    #[test]
    fn search_until_stops_when_cancelled() {
        use super::{Budget, Table, search, search_until};
        use crate::bots::StandardEval;
        use crate::position::Position;
        use std::sync::atomic::AtomicBool;
        let pos = Position::new(SadeqaIII::new());
        let legal = pos.legal_moves();
        let mut table = Table::new(12);
        let stopped = search_until(
            &pos,
            legal,
            Budget::Depth(30),
            &StandardEval,
            &mut table,
            &AtomicBool::new(true),
        )
        .unwrap();
        assert!(stopped.depth < 30, "{}", stopped.depth);
        assert!(stopped.nodes <= 1024, "{}", stopped.nodes);
        let (mut fresh, mut other) = (Table::new(12), Table::new(12));
        let free = search_until(
            &pos,
            legal,
            Budget::Depth(4),
            &StandardEval,
            &mut fresh,
            &AtomicBool::new(false),
        )
        .unwrap();
        let plain = search(&pos, legal, Budget::Depth(4), &StandardEval, &mut other).unwrap();
        assert_eq!(
            (free.best, free.value, free.depth),
            (plain.best, plain.value, plain.depth)
        );
    }
}
