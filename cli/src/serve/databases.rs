//! The endgame databases (`--tablebase DIR`) as the hint reads them: each
//! ruleset's databases opened once, when a hint first asks, and a
//! position's legal moves with their results under perfect play.

use crate::describe;
use serde::Serialize;
use sowing::tablebase::{Forecast, Tablebase, TablebaseError};
use sowing::{Game, Ruleset};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The endgame databases' directory and what was found there, ruleset by
/// ruleset (opened once, when a hint first asks: opening reads every byte
/// to check it).
pub struct Databases {
    dir: std::path::PathBuf,
    opened: Mutex<HashMap<(TypeId, String), Opened>>,
}

/// The databases of one ruleset (a `Tablebase<R>`, its type erased): there,
/// not there, or why they cannot be read.
type Opened = Result<Option<Arc<dyn Any + Send + Sync>>, String>;

impl Databases {
    /// The databases in `dir`, none opened yet.
    pub fn new(dir: std::path::PathBuf) -> Databases {
        Databases {
            dir,
            opened: Mutex::new(HashMap::new()),
        }
    }

    /// The databases of `rules`: `None` if the directory has none, an
    /// error (the message) if its files are damaged or of other options.
    fn of<R: Ruleset>(&self, rules: R) -> Result<Option<Arc<Tablebase<R>>>, String> {
        let key = (TypeId::of::<R>(), format!("{rules:?}"));
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        let found = opened
            .entry(key)
            .or_insert_with(|| match Tablebase::open(rules, &self.dir) {
                Ok(db) => Ok(Some(Arc::new(db) as Arc<dyn Any + Send + Sync>)),
                Err(TablebaseError::Missing { .. }) => Ok(None),
                Err(e) => Err(e.to_string()),
            })
            .clone()?;
        Ok(found.and_then(|db| db.downcast::<Tablebase<R>>().ok()))
    }

    /// Each legal move of `game`'s position with its result under perfect
    /// play, best first, where the databases of its ruleset and options
    /// hold the position (empty where they do not, or the game is over);
    /// and why those databases cannot be read, if they cannot.
    pub(super) fn move_results<R: Ruleset>(
        &self,
        game: &Game<R>,
    ) -> (Vec<MoveResult>, Option<String>) {
        let pos = game.position();
        let db = match self.of(*pos.rules()) {
            Ok(Some(db)) => db,
            Ok(None) => return (Vec::new(), None),
            Err(e) => return (Vec::new(), Some(e)),
        };
        if describe::ending(game).is_some() {
            return (Vec::new(), None);
        }
        let me = pos.side_to_move();
        let results = db
            .move_forecasts(pos)
            .unwrap_or_default()
            .into_iter()
            .map(|(mv, f)| MoveResult {
                mv: mv.to_string(),
                verdict: match (f, f.winner()) {
                    // Win/draw/loss databases: the sign from here on, the
                    // points held now unequal, says not who wins.
                    (Forecast::FromHere { .. }, _) => "undecided",
                    (_, Some(w)) if w == me => "winning",
                    (_, Some(_)) => "losing",
                    (_, None) => "drawing",
                },
                result: f.to_string(),
            })
            .collect();
        (results, None)
    }
}

/// A move and its result under perfect play, from the endgame databases.
#[derive(Clone, Debug, Serialize)]
pub struct MoveResult {
    #[serde(rename = "move")]
    pub mv: String,
    /// For the side to move: `winning`, `drawing` or `losing`
    /// (`undecided` from win/draw/loss databases, the points now unequal).
    pub verdict: &'static str,
    /// `South wins by 4 seeds`, `North wins in 7 plies`, `draw (...)`.
    pub result: String,
}
