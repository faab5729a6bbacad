//! What the databases say of a position in a player's words ("South wins
//! by 4 seeds"), for any ruleset ([`AnyTablebase`]): what the examples
//! print and the web board shows.

use super::{Tablebase, TablebaseError, Tabulate, Value};
use crate::any::{AnyPosition, AnyRuleset, BuiltIn, Visit, VisitRuleset};
use crate::moves::Move;
use crate::player::Player;
use crate::position::Position;
use std::any::Any;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// Where perfect play from a position ends, read from the databases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forecast {
    /// The scoring games (RULES.md 3.7, 5.5): `winner` ends `by` points
    /// ahead (the points held now included).
    Ahead {
        /// The player with more points at the end.
        winner: Player,
        /// His points minus his opponent's at the end (1 or more).
        by: u32,
    },
    /// The scoring games: equal points at the end.
    Level,
    /// The last-mover games (RULES.md 4.4, 6.6): `winner` moves last, the
    /// game ending after `plies` plies (the winner hurrying, the loser
    /// delaying).
    Wins {
        /// The last player able to move.
        winner: Player,
        /// Plies to the end.
        plies: u32,
    },
    /// The last-mover games: neither player can force the end (play
    /// repeats for ever).
    Endless,
    /// A scoring game's win/draw/loss database: whether `player` (the side
    /// to move) gains more seeds than his opponent from here on or fewer
    /// (never `Wdl::Draw`: as many seeds from here on is an exact margin
    /// of 0, forecast as [`Forecast::Ahead`] or [`Forecast::Level`] from
    /// the points held now); the game's result when those are equal.
    FromHere {
        /// The side to move.
        player: Player,
        /// What he gains from here on, against his opponent.
        result: super::Wdl,
    },
}

impl Forecast {
    /// The forecast of `pos`, whose value for its side to move is `value`.
    pub fn of<R: Tabulate>(pos: &Position<R>, value: Value) -> Forecast {
        let mover = pos.side_to_move();
        // A win/draw/loss database's draw is as many seeds for each from
        // here on: a margin of 0, exact, as a margin database says it (and
        // a finished game's points are final), so the forecast is the same:
        // who wins, by how much.
        let value = match value {
            Value::Wdl(super::Wdl::Draw) => Value::Margin(0),
            v => v,
        };
        match value {
            Value::Margin(m) => {
                let now = super::build::diff(pos);
                let end = now + if mover == Player::South { m } else { -m };
                match end {
                    0 => Forecast::Level,
                    e if e > 0 => Forecast::Ahead {
                        winner: Player::South,
                        by: e as u32,
                    },
                    e => Forecast::Ahead {
                        winner: Player::North,
                        by: e.unsigned_abs(),
                    },
                }
            }
            Value::Win { plies } => Forecast::Wins {
                winner: mover,
                plies,
            },
            Value::Loss { plies } => Forecast::Wins {
                winner: mover.other(),
                plies,
            },
            Value::Draw => Forecast::Endless,
            Value::Wdl(result) => Forecast::FromHere {
                player: mover,
                result,
            },
        }
    }

    /// The winner, if there is one.
    pub fn winner(self) -> Option<Player> {
        match self {
            Forecast::Ahead { winner, .. } | Forecast::Wins { winner, .. } => Some(winner),
            // A win/draw/loss database says who gains more from here on,
            // not by how much: not who wins.
            Forecast::Level | Forecast::Endless | Forecast::FromHere { .. } => None,
        }
    }

    /// A number that orders forecasts by how good they are for `player`:
    /// a larger win above a smaller one (a quicker last-mover win above a
    /// slower one), a draw at 0.
    pub fn rank_for(self, player: Player) -> i32 {
        let (winner, score) = match self {
            Forecast::Ahead { winner, by } => (winner, by as i32),
            Forecast::Wins { winner, plies } => (winner, 1000 - plies as i32),
            Forecast::Level | Forecast::Endless => return 0,
            Forecast::FromHere { player: p, result } => {
                let sign = result as i32 - 1;
                return if p == player { sign } else { -sign };
            }
        };
        if winner == player { score } else { -score }
    }
}

/// `South wins by 4 seeds`, `North wins in 7 plies`, `draw (equal
/// points)`, `draw (neither side can force the end)`.
impl fmt::Display for Forecast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Forecast::Ahead { winner, by } => {
                write!(
                    f,
                    "{winner} wins by {by} seed{}",
                    if by == 1 { "" } else { "s" }
                )
            }
            Forecast::Level => f.write_str("draw (equal points)"),
            Forecast::FromHere { player, result } => write!(
                f,
                "{player} gains {} {} from here on",
                match result {
                    super::Wdl::Win => "more seeds than",
                    super::Wdl::Draw => "as many seeds as",
                    super::Wdl::Loss => "fewer seeds than",
                },
                player.other()
            ),
            Forecast::Wins { winner, plies } => write!(
                f,
                "{winner} wins in {plies} pl{}",
                if plies == 1 { "y" } else { "ies" }
            ),
            Forecast::Endless => f.write_str("draw (neither side can force the end)"),
        }
    }
}

impl<R: Tabulate> Tablebase<R> {
    /// Where perfect play from `pos` ends, or `None` if the databases do
    /// not hold it (see [`Tablebase::probe`]).
    pub fn forecast(&self, pos: &Position<R>) -> Option<Forecast> {
        Some(Forecast::of(pos, self.probe(pos)?))
    }

    /// Each legal move of `pos` with where perfect play after it ends, best
    /// first for the side to move; `None` if the databases do not hold
    /// `pos` (a move never adds seeds, so they hold every move's
    /// position then). Empty for a finished game.
    ///
    /// From win/draw/loss databases ([`Forecast::FromHere`]) the order is
    /// by the sign after each move, which leaves out what the move itself
    /// captures: not best first when a move captures.
    pub fn move_forecasts(&self, pos: &Position<R>) -> Option<Vec<(Move, Forecast)>> {
        self.probe(pos)?;
        let me = pos.side_to_move();
        let mut moves: Vec<(Move, Forecast)> = pos
            .successors()
            .filter_map(|(mv, child)| Some((mv, self.forecast(&child)?)))
            .collect();
        moves.sort_by_key(|(_, f)| -f.rank_for(me));
        Some(moves)
    }
}

/// The databases of any built-in ruleset, for code that handles
/// [`AnyPosition`]s (the examples, the web board): a [`Tablebase`] of the
/// ruleset's own type, reached through the one dispatch point
/// ([`AnyPosition::visit`]).
#[derive(Clone)]
pub struct AnyTablebase {
    rules: AnyRuleset,
    max_seeds: u32,
    /// An `Arc<Tablebase<R>>` for `rules`' type `R`.
    db: Arc<dyn Any + Send + Sync>,
}

impl fmt::Debug for AnyTablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyTablebase")
            .field("rules", &format_args!("{}", self.rules))
            .field("max_seeds", &self.max_seeds)
            .finish()
    }
}

struct Open<'a>(&'a Path);

impl VisitRuleset for Open<'_> {
    type Output = Result<AnyTablebase, TablebaseError>;
    fn visit<R: BuiltIn>(self, rules: R) -> Self::Output {
        let db = Arc::new(Tablebase::open(rules, self.0)?);
        Ok(AnyTablebase {
            rules: rules.into_any(),
            max_seeds: db.max_seeds(),
            db: Arc::new(db),
        })
    }
}

/// `F` run on the databases and a position of the same ruleset and
/// options.
struct Same<'a, F>(&'a AnyTablebase, F);

/// What [`Same`] runs.
trait WithSame {
    type Output;
    fn run<R: Tabulate>(self, db: &Tablebase<R>, pos: &Position<R>) -> Option<Self::Output>;
}

impl<F: WithSame> Visit for Same<'_, F> {
    type Output = Option<F::Output>;
    fn visit<R: BuiltIn>(self, pos: Position<R>) -> Self::Output {
        let db = self.0.get::<R>()?;
        if db.rules() != pos.rules() {
            return None;
        }
        self.1.run(&db, &pos)
    }
}

struct ForecastOf;
impl WithSame for ForecastOf {
    type Output = Forecast;
    fn run<R: Tabulate>(self, db: &Tablebase<R>, pos: &Position<R>) -> Option<Forecast> {
        db.forecast(pos)
    }
}

struct MoveForecasts;
impl WithSame for MoveForecasts {
    type Output = Vec<(Move, Forecast)>;
    fn run<R: Tabulate>(self, db: &Tablebase<R>, pos: &Position<R>) -> Option<Self::Output> {
        db.move_forecasts(pos)
    }
}

impl AnyTablebase {
    /// Opens the databases of `rules` in `dir`, as [`Tablebase::open`].
    ///
    /// # Errors
    /// As [`Tablebase::open`].
    pub fn open(rules: AnyRuleset, dir: impl AsRef<Path>) -> Result<Self, TablebaseError> {
        rules.visit(Open(dir.as_ref()))
    }

    /// The ruleset the databases are built for.
    pub fn rules(&self) -> AnyRuleset {
        self.rules
    }

    /// The databases as those of ruleset `R`, if they are (for code
    /// generic over the built-in rulesets: a searching player's
    /// [`TablebaseEval`](crate::bots::TablebaseEval), a solver's
    /// [`with_tablebase`](crate::solver::Solver::with_tablebase)).
    pub fn get<R: Tabulate + 'static>(&self) -> Option<Arc<Tablebase<R>>> {
        self.db.downcast_ref::<Arc<Tablebase<R>>>().cloned()
    }

    /// The most seeds on the board of a position held.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// [`Tablebase::forecast`]; `None` also for a position of another
    /// ruleset or other options than the databases'.
    pub fn forecast(&self, pos: &AnyPosition) -> Option<Forecast> {
        pos.visit(Same(self, ForecastOf))
    }

    /// [`Tablebase::move_forecasts`]; `None` also for a position of
    /// another ruleset or other options than the databases'.
    pub fn move_forecasts(&self, pos: &AnyPosition) -> Option<Vec<(Move, Forecast)>> {
        pos.visit(Same(self, MoveForecasts))
    }
}
