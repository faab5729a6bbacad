//! `--tablebase DIR`: the endgame databases (module `sowing::tablebase`,
//! built by `sowing tablebase build`) opened for a position's ruleset, and
//! what they say of it, in the words every example prints.

use sowing::tablebase::Tablebase;
use sowing::{Position, Ruleset};

/// Opens the databases of `rules` in `dir`, or says why it cannot.
pub fn open<R: Ruleset>(dir: &str, rules: R) -> Result<Tablebase<R>, String> {
    Tablebase::open(rules, dir).map_err(|e| format!("--tablebase {dir}: {e}"))
}

/// `database: South wins by 4 seeds`, or why the databases do not know.
pub fn line<R: Ruleset>(tb: &Tablebase<R>, pos: &Position<R>) -> String {
    match tb.forecast(pos) {
        Some(f) => format!("database: {f}"),
        None => format!(
            "database: not held ({} seeds on the board; the databases hold up to {})",
            pos.seeds_on_board(),
            tb.max_seeds()
        ),
    }
}

/// Prints [`line`] and, when the databases hold `pos`, each legal move's
/// result under perfect play, best first; whether they hold it.
pub fn report<R: Ruleset>(tb: &Tablebase<R>, pos: &Position<R>) -> bool {
    println!("{}", line(tb, pos));
    let Some(moves) = tb.move_forecasts(pos) else {
        return false;
    };
    for (mv, f) in moves {
        println!("  {mv}: {f}");
    }
    true
}
