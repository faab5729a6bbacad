//! [`AlphaBeta`], the player: a budget, an evaluation and one table per
//! ruleset it has played, around [`search`].

use super::search::{Budget, SearchReport, search};
use super::table::Table;
use crate::any::AnyPosition;
use crate::bots::eval::{Evaluation, StandardEval};
use crate::bots::{Bot, BuiltInBot, Named};
use crate::moves::{Move, MoveSet};
use crate::position::Position;
use crate::ruleset::Ruleset;
use std::any::Any;
use std::fmt;

/// A [`Table`] of some ruleset, behind one type.
trait SomeTable: Any + Send + fmt::Debug {
    fn clone_box(&self) -> Box<dyn SomeTable>;
}

impl<R: Ruleset> SomeTable for Table<R> {
    fn clone_box(&self) -> Box<dyn SomeTable> {
        Box::new(self.clone())
    }
}

/// The tables of an [`AlphaBeta`] player, one per ruleset type it has
/// searched, each made on first use.
#[derive(Debug, Default)]
struct Tables(Vec<Box<dyn SomeTable>>);

impl Clone for Tables {
    fn clone(&self) -> Self {
        Tables(self.0.iter().map(|t| t.clone_box()).collect())
    }
}

impl Tables {
    /// The table for `R`, made with `2^bits` entries if there is none yet.
    fn get<R: Ruleset>(&mut self, bits: u8) -> &mut Table<R> {
        let at = match self
            .0
            .iter()
            .position(|t| (&**t as &dyn Any).is::<Table<R>>())
        {
            Some(i) => i,
            None => {
                self.0.push(Box::new(Table::<R>::new(bits)));
                self.0.len() - 1
            }
        };
        (&mut *self.0[at] as &mut dyn Any)
            .downcast_mut::<Table<R>>()
            .expect("the table of its type")
    }
}

/// The alpha-beta player (see the [module documentation](super)), for
/// every ruleset `R` its evaluation `E` evaluates ([`Bot<R>`] for
/// `E: Evaluation<R>`): every ruleset with the default [`StandardEval`]
/// (the ruleset's own [`Ruleset::evaluate`](crate::Ruleset::evaluate)).
///
/// ```
/// use sowing::bots::{AlphaBeta, Bot};
/// use sowing::{Move, Position, rulesets::SadeqaII};
///
/// // South to move wins with his pit 5 (and only with it), in 5 plies.
/// let pos: Position<SadeqaII> = "sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14".parse()?;
/// let mut bot = AlphaBeta::new(6);
/// assert_eq!(bot.choose(&pos), Some(Move::Pit(5)));
/// let report = bot.last_report().expect("a search");
/// assert!(report.value.is_win());
/// assert_eq!(report.value.to_string(), "win in 5 plies");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E = StandardEval> {
    budget: Budget,
    eval: E,
    table_bits: u8,
    tables: Tables,
    last: Option<SearchReport>,
}

/// Default transposition table size: 2^18 entries of 128 bytes (32 MiB),
/// made per ruleset on first use.
pub const DEFAULT_TABLE_BITS: u8 = 18;

impl AlphaBeta<StandardEval> {
    /// A player searching to `depth` plies with the [`StandardEval`].
    pub fn new(depth: u8) -> Self {
        Self::with_budget(Budget::Depth(depth.max(1)))
    }

    /// A player with the given budget and the [`StandardEval`].
    pub fn with_budget(budget: Budget) -> Self {
        Self::with_eval(budget, StandardEval)
    }
}

impl<E> AlphaBeta<E> {
    /// A player with the given budget and evaluation.
    pub fn with_eval(budget: Budget, eval: E) -> Self {
        AlphaBeta {
            budget: budget.in_use(),
            eval,
            table_bits: DEFAULT_TABLE_BITS,
            tables: Tables::default(),
            last: None,
        }
    }

    /// The same player with a table of `2^bits` entries per ruleset
    /// (`bits` clamped to 4..=24, see [`Table::new`]).
    pub fn with_table_bits(mut self, bits: u8) -> Self {
        self.table_bits = bits;
        self.tables = Tables::default();
        self
    }

    /// The budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The evaluation.
    pub fn eval(&self) -> &E {
        &self.eval
    }

    /// What the last search found.
    pub fn last_report(&self) -> Option<&SearchReport> {
        self.last.as_ref()
    }

    /// Searches the moves `legal` of `pos` (which must be
    /// `pos.legal_moves()`) within the budget, with this player's table for
    /// `R`, and returns the report; `None` without a legal move.
    pub fn search<R: Ruleset>(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<SearchReport>
    where
        E: Evaluation<R>,
    {
        let table = self.tables.get::<R>(self.table_bits);
        let report = search(pos, legal, self.budget, &self.eval, table);
        self.last = report.clone();
        report
    }

    /// [`AlphaBeta::search`] for a position of a built-in ruleset chosen
    /// at run time.
    pub fn search_any(&mut self, pos: &AnyPosition, legal: MoveSet) -> Option<SearchReport>
    where
        Self: BuiltInBot,
    {
        self.choose_any_from(pos, legal)?;
        self.last.clone()
    }
}

impl<E> Named for AlphaBeta<E> {
    fn name(&self) -> String {
        format!("alphabeta:{}", self.budget)
    }
}

impl<R: Ruleset, E: Evaluation<R> + Send> Bot<R> for AlphaBeta<E> {
    fn choose_from(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        self.search(pos, legal).map(|r| r.best)
    }
}
