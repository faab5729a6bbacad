//! The flags `analyse` and `solve` share, written once: the position
//! (`--variant`, `--position` and the rule options), the time the search
//! may take (`--time`) and the endgame databases (`--tablebase`), with
//! their checks. Each tool flattens [`SearchArgs`] into its own flags and
//! words the help of the flags whose meaning is its own (`--time`,
//! `--tablebase`) with `mut_arg`.

use crate::rule_options::RuleOptions;
use crate::{database, describe};
use sowing::tablebase::Tablebase;
use sowing::{Position, Ruleset};
use std::sync::Arc;
use std::time::Duration;

/// The position a search starts from, its time and its databases.
#[derive(clap::Args, Debug)]
pub(crate) struct SearchArgs {
    /// The game, when no --position is given (built in: sadeqa-v,
    /// sadeqa-ii, sadeqa-iii, game-91, andada (= andada-12), andada-15 ..
    /// andada-24). With --position, the position string must be of this
    /// game.
    #[arg(long)]
    pub variant: Option<String>,

    /// The position string (RULES.md section 7) instead of the game's
    /// start; its variant field names the game.
    #[arg(long)]
    pub position: Option<String>,

    #[command(flatten)]
    pub rules: RuleOptions,

    /// Search for about this many seconds, more than 0.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub time: Option<f64>,

    /// The endgame databases' directory (built by the `tablebase`
    /// example).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<String>,
}

impl SearchArgs {
    /// `--time`, checked: more than 0, at most a day.
    pub fn time(&self) -> Result<Option<Duration>, String> {
        self.time
            .map(|t| describe::seconds("--time", t, false))
            .transpose()
    }

    /// The position: `--position` read with `rules` (those
    /// [`SearchArgs::rules`] chose), or the start of `rules`.
    pub fn position<R: Ruleset>(&self, rules: R) -> Result<Position<R>, String> {
        match &self.position {
            Some(s) => describe::position_flag(rules, s),
            None => Ok(Position::new(rules)),
        }
    }

    /// The databases of `rules` in the `--tablebase` directory, if one is
    /// given.
    pub fn tablebase<R: Ruleset>(&self, rules: R) -> Result<Option<Arc<Tablebase<R>>>, String> {
        self.tablebase
            .as_deref()
            .map(|dir| database::open(dir, rules).map(Arc::new))
            .transpose()
    }
}
