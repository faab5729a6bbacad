//! The games the tools offer ([`Games`]), and the one place where a game
//! chosen at run time (a `--variant` name, a position string's variant
//! field, a web request) becomes its ruleset's type: [`Games::rules`] gives
//! a [`Rules`], whose crate-private `erased()` entry points run each tool's
//! code, written once for any `R: Ruleset`, with the concrete type.
//!
//! A game of one's own gets every tool by registering it:
//!
//! ```no_run
//! # use sowing::rulesets::SadeqaII as MyGame;
//! fn main() -> std::process::ExitCode {
//!     sowing_cli::run([MyGame::default()])
//! }
//! ```

use sowing::options::{OptionError, OptionSpec, OptionValue};
use sowing::rulesets::{Andada, Resizable, Resized, SadeqaII, SadeqaIII};
use sowing::{AnyRuleset, BuiltIn, Ruleset, Variant, VisitRuleset};
use std::fmt;
use std::sync::Arc;

/// A ruleset chosen at run time, with its options. Cheap to clone.
///
/// Its methods forward to code written once over `R: Ruleset`; each tool
/// adds the entry points it needs to `Erased` (one line each there and
/// in its blanket implementation).
#[derive(Clone)]
pub struct Rules(Arc<dyn Erased>);

impl Rules {
    /// `rules`, of any ruleset type.
    pub fn new<R: Ruleset>(rules: R) -> Rules {
        Rules(Arc::new(rules))
    }

    /// The name alone (`andada-15`), as a position string starts with it.
    pub fn name(&self) -> String {
        self.0.name()
    }

    /// The options the ruleset declares.
    pub fn options(&self) -> &'static [OptionSpec] {
        self.0.options()
    }

    /// Option `name`'s value, if the ruleset has it.
    pub fn option_value(&self, name: &str) -> Option<OptionValue> {
        self.0.option_value(name)
    }

    /// The ruleset with option `name` set to `value` (`None`: a bare flag).
    ///
    /// # Errors
    /// As [`sowing::options::set_option_text`]; `self` is unchanged.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        self.0.with_option(name, value).map(|r| *self = r)
    }

    /// The ruleset as the tools' code sees it: the erased entry points.
    pub(crate) fn erased(&self) -> &dyn Erased {
        &*self.0
    }
}

/// The name with the options that differ from their defaults:
/// `sadeqa-ii(starter-only)`.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.with_options())
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({self})")
    }
}

/// A ruleset with its type erased: what [`Rules`] holds. Implemented for
/// every [`Ruleset`]; a tool's entry point is a method here that calls the
/// tool's generic code with `*self`.
pub(crate) trait Erased: Send + Sync + 'static {
    fn name(&self) -> String;
    fn with_options(&self) -> String;
    fn options(&self) -> &'static [OptionSpec];
    fn option_value(&self, name: &str) -> Option<OptionValue>;
    fn with_option(&self, name: &str, value: Option<&str>) -> Result<Rules, OptionError>;
    // The tools' entry points, one a tool:
    // play
    fn play(&self, args: &crate::play::session::Args) -> std::process::ExitCode;
    // replay
    fn replay(&self, args: &crate::replay::record::Args) -> Result<(), String>;
    // analyse
    fn analyse(
        &self,
        args: &crate::analyse::analysis::Args,
    ) -> Result<std::process::ExitCode, String>;
    // solve
    fn solve(&self, args: &crate::solve::proof::Args) -> Result<std::process::ExitCode, String>;
    fn scoring(&self) -> sowing::Scoring;
    // tablebase
    fn tablebase(&self, command: &crate::tablebase::commands::Command) -> Result<(), String>;
    // playouts
    fn playouts(&self, games: u64);
    // serve
    fn new_served_game(
        &self,
        setup: &crate::serve::game::NewGame,
    ) -> Result<Box<dyn crate::serve::game::ServedGame>, crate::serve::error::ApiError>;
    // selfplay
    fn selfplay_arena(&self, laps: Option<u32>) -> Box<dyn crate::selfplay::arena::Arena>;
    // engine
    fn engine_state(
        &self,
        setup: &crate::engine::state::Setup,
    ) -> Box<dyn crate::engine::state::EngineGame>;
    // match
    fn referee(&self) -> Box<dyn crate::match_runner::referee::Referee>;
    // accuracy
    fn accuracy(&self, args: &crate::accuracy::measure::Args) -> Result<(), String>;
    // tune
    fn tune(&self, args: &crate::tune::fit::Args) -> Result<(), String>;
}

impl<R: Ruleset> Erased for R {
    fn name(&self) -> String {
        Ruleset::name(self).into_owned()
    }
    fn with_options(&self) -> String {
        sowing::options::with_options(self).to_string()
    }
    fn options(&self) -> &'static [OptionSpec] {
        Ruleset::options(self)
    }
    fn option_value(&self, name: &str) -> Option<OptionValue> {
        Ruleset::option_value(self, name)
    }
    fn with_option(&self, name: &str, value: Option<&str>) -> Result<Rules, OptionError> {
        let mut rules = *self;
        sowing::options::set_option_text(&mut rules, name, value)?;
        Ok(Rules::new(rules))
    }
    // play
    fn play(&self, args: &crate::play::session::Args) -> std::process::ExitCode {
        crate::play::session::run(*self, args)
    }
    // replay
    fn replay(&self, args: &crate::replay::record::Args) -> Result<(), String> {
        crate::replay::record::run(*self, args)
    }
    // analyse
    fn analyse(
        &self,
        args: &crate::analyse::analysis::Args,
    ) -> Result<std::process::ExitCode, String> {
        crate::analyse::analysis::run(*self, args)
    }
    // solve
    fn solve(&self, args: &crate::solve::proof::Args) -> Result<std::process::ExitCode, String> {
        crate::solve::proof::run(*self, args)
    }
    fn scoring(&self) -> sowing::Scoring {
        Ruleset::scoring(self)
    }
    // tablebase
    fn tablebase(&self, command: &crate::tablebase::commands::Command) -> Result<(), String> {
        crate::tablebase::commands::run(*self, command)
    }
    // playouts
    fn playouts(&self, games: u64) {
        crate::playouts::timing::run(*self, games)
    }
    // serve
    fn new_served_game(
        &self,
        setup: &crate::serve::game::NewGame,
    ) -> Result<Box<dyn crate::serve::game::ServedGame>, crate::serve::error::ApiError> {
        crate::serve::game::GameState::served(*self, setup)
    }
    // selfplay
    fn selfplay_arena(&self, laps: Option<u32>) -> Box<dyn crate::selfplay::arena::Arena> {
        crate::selfplay::arena::arena(*self, laps)
    }
    // engine
    fn engine_state(
        &self,
        setup: &crate::engine::state::Setup,
    ) -> Box<dyn crate::engine::state::EngineGame> {
        crate::engine::state::state(*self, setup)
    }
    // match
    fn referee(&self) -> Box<dyn crate::match_runner::referee::Referee> {
        crate::match_runner::referee::referee(*self)
    }
    // accuracy
    fn accuracy(&self, args: &crate::accuracy::measure::Args) -> Result<(), String> {
        crate::accuracy::measure::run(*self, args)
    }
    // tune
    fn tune(&self, args: &crate::tune::fit::Args) -> Result<(), String> {
        crate::tune::fit::run(*self, args)
    }
}

/// One game (or family of boards) the tools offer: how its names read.
trait Family: Send + Sync {
    /// Its names, for messages and lists (`andada`'s boards each).
    fn names(&self) -> Vec<String>;
    /// `text` (`name` or `name(option=value, ...)`) as a ruleset, or
    /// `None` when no name of the family matches.
    fn parse(&self, text: &str) -> Option<Result<Rules, String>>;
}

/// The crate's own games, read as [`AnyRuleset`] reads them (so that their
/// messages are the library's).
struct BuiltIns;

impl Family for BuiltIns {
    fn names(&self) -> Vec<String> {
        Variant::ALL.iter().map(|v| v.name().to_string()).collect()
    }
    fn parse(&self, text: &str) -> Option<Result<Rules, String>> {
        let (name, _) = sowing::options::split_options(text).ok()?;
        name.parse::<Variant>().ok()?;
        Some(
            text.parse::<AnyRuleset>()
                .map(|rules| rules.visit(ToRules))
                .map_err(|e| e.to_string()),
        )
    }
}

/// [`AnyRuleset`] to [`Rules`]: the built-in games' one dispatch.
struct ToRules;

impl VisitRuleset for ToRules {
    type Output = Rules;
    fn visit<R: BuiltIn>(self, rules: R) -> Rules {
        Rules::new(rules)
    }
}

/// A game registered by its ruleset value: its name, read by the type's
/// [`Ruleset::from_name`] with options.
struct Registered<R>(R);

impl<R: Ruleset> Family for Registered<R> {
    fn names(&self) -> Vec<String> {
        vec![self.0.name().into_owned()]
    }
    fn parse(&self, text: &str) -> Option<Result<Rules, String>> {
        sowing::options::parse_with_options::<R>(text)
            .map(|r| r.map(Rules::new))
            .map_err(|e| e.to_string())
            .transpose()
    }
}

/// The built-in games on other boards, as docs/SOLVED.md solves them
/// (`sadeqa-iii:5x3`, `sadeqa-ii:4x2`, `andada:6x2`: [`Resized`]): read
/// wherever the built-in games are, so that every tool takes them
/// (`tablebase build --variant sadeqa-iii:4x2`), but not listed among the
/// games (the sizes are the user's to choose).
fn resized(text: &str) -> Option<Result<Rules, String>> {
    fn read<R: Resizable>(text: &str) -> Option<Result<Rules, String>> {
        sowing::options::parse_with_options::<Resized<R>>(text)
            .map(|r| r.map(Rules::new))
            .map_err(|e| e.to_string())
            .transpose()
    }
    read::<SadeqaIII>(text)
        .or_else(|| read::<SadeqaII>(text))
        .or_else(|| read::<Andada>(text))
        .or_else(|| size_refused(text).map(Err))
}

/// Why `text`, a built-in game on another board (`base:MxN`, options
/// after it), cannot be played: its size's error ([`Resized::new`]), where
/// `from_name` only says no. `None` for another form.
fn size_refused(text: &str) -> Option<String> {
    fn refused<R: Resizable>(base: &str, m: usize, n: u8) -> Option<String> {
        let rules = R::from_name(base)?;
        if !rules.base_name().eq_ignore_ascii_case(base) {
            return None;
        }
        Resized::new(rules, m, n).err().map(|e| e.to_string())
    }
    let name = text.split('(').next().unwrap_or(text).trim();
    let (base, size) = name.rsplit_once(':')?;
    let (m, n) = size.split_once(['x', 'X'])?;
    let (m, n) = (m.parse::<usize>().ok()?, n.parse::<u8>().ok()?);
    let why = refused::<SadeqaIII>(base, m, n)
        .or_else(|| refused::<SadeqaII>(base, m, n))
        .or_else(|| refused::<Andada>(base, m, n))?;
    Some(format!("variant {name:?}: {why}"))
}

/// What an unknown name's message adds, where the built-in games are read:
/// the form of a game on another board, which the list leaves out.
const OTHER_BOARDS: &str = "; or sadeqa-ii, sadeqa-iii or andada on another board, as sadeqa-iii:5x3 (5 pits a row, 3 seeds a pit)";

/// The games a program offers, in the order its help lists them; the first
/// is the default.
#[derive(Clone)]
pub struct Games {
    families: Vec<Arc<dyn Family>>,
    built_in: bool,
}

impl Games {
    /// The crate's own games: Sadeqa V (the default), Sadeqa II, Sadeqa
    /// III, game 91 and Andada on every board.
    pub fn built_in() -> Games {
        Games {
            families: vec![Arc::new(BuiltIns)],
            built_in: true,
        }
    }

    /// No game yet.
    pub fn new() -> Games {
        Games {
            families: Vec::new(),
            built_in: false,
        }
    }

    /// `self` with the game `rules` plays (read by its name, with options,
    /// through [`Ruleset::from_name`]).
    #[must_use]
    pub fn with<R: Ruleset>(mut self, rules: R) -> Games {
        self.families.push(Arc::new(Registered(rules)));
        self
    }

    /// Whether these are the crate's own games ([`Games::built_in`]).
    pub fn is_built_in(&self) -> bool {
        self.built_in
    }

    /// Every game's name, in order.
    pub fn names(&self) -> Vec<String> {
        self.families.iter().flat_map(|f| f.names()).collect()
    }

    /// The default game's name: the first.
    pub fn default_name(&self) -> String {
        self.names().into_iter().next().unwrap_or_default()
    }

    /// The name of the one game, in a program that offers only one (its
    /// tools then need no `--variant`).
    pub fn only(&self) -> Option<String> {
        let names = self.names();
        (names.len() == 1).then(|| names[0].clone())
    }

    /// `preferred` if it is one of the games (a tool's usual default, as
    /// `solve`'s `sadeqa-ii`), else [`Games::default_name`].
    pub fn default_for(&self, preferred: &str) -> String {
        if self.rules(preferred).is_ok() {
            preferred.to_string()
        } else {
            self.default_name()
        }
    }

    /// The games that have option `option`, each once, in the
    /// words of the messages (`sadeqa-ii`, `Andada`).
    pub fn having_option(&self, option: &str) -> Vec<String> {
        let mut with: Vec<String> = Vec::new();
        for rules in self.names().iter().filter_map(|n| self.rules(n).ok()) {
            if rules.options().iter().any(|o| o.is_named(option)) {
                let game = match crate::rule_options::family(&rules.name()) {
                    "andada" => "Andada".to_string(),
                    other => other.to_string(),
                };
                if !with.contains(&game) {
                    with.push(game);
                }
            }
        }
        with
    }

    /// The ruleset `text` names (`name` or `name(option=value, ...)`, the
    /// name in any case).
    ///
    /// # Errors
    /// An unknown name (the list of names), or an option's error.
    pub fn rules(&self, text: &str) -> Result<Rules, String> {
        for family in &self.families {
            if let Some(found) = family.parse(text) {
                return found;
            }
        }
        if self.built_in
            && let Some(found) = resized(text)
        {
            return found;
        }
        if self.built_in && self.families.len() == 1 {
            // The library's own words for an unknown variant.
            return Err(text.parse::<AnyRuleset>().err().map_or_else(
                || format!("unknown variant {text:?}"),
                |e| format!("{e}{OTHER_BOARDS}"),
            ));
        }
        let name = text.split('(').next().unwrap_or(text).trim();
        Err(format!(
            "{}: expected {}",
            if name.is_empty() {
                "no variant named".to_string()
            } else {
                format!("unknown variant {name:?}")
            },
            self.names().join(", ")
        ))
    }
}

impl Default for Games {
    fn default() -> Games {
        Games::built_in()
    }
}

impl<R: Ruleset, const N: usize> From<[R; N]> for Games {
    fn from(list: [R; N]) -> Games {
        list.into_iter().fold(Games::new(), Games::with)
    }
}

/// A tool's arguments, read with its help fitted to `games`: in a program
/// that does not offer the built-in games, the help names its own games
/// (`--variant`'s list and default), and the older flags of the built-in
/// games' options (`--starter-only`, `--clockwise`, `--reading`) are
/// hidden where no game of the program has them. `adjust` changes the
/// command further (a default), before it reads `args`; clap's errors and
/// `--help` exit as clap does.
pub(crate) fn parse_args<A: clap::Parser>(
    games: &Games,
    args: impl IntoIterator<Item = std::ffi::OsString>,
    adjust: impl FnOnce(clap::Command) -> clap::Command,
) -> A {
    let command = adjust(fit_help(games, A::command()));
    command
        .try_get_matches_from(args)
        .and_then(|m| A::from_arg_matches(&m))
        .unwrap_or_else(|e| e.exit())
}

/// [`parse_args`]'s help for `games`, on a command and its subcommands.
pub(crate) fn fit_help(games: &Games, mut command: clap::Command) -> clap::Command {
    if games.built_in {
        return command;
    }
    let names = games.names().join(", ");
    let subcommands: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in subcommands {
        command = command.mut_subcommand(name, |s| fit_help(games, s));
    }
    let ids: Vec<String> = command
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    let has = |arg: &str| ids.iter().any(|id| id == arg);
    if has("variant") {
        let help = format!("The game: {names} (default {})", games.default_name());
        command = command.mut_arg("variant", |a| a.help(help.clone()).long_help(help));
    }
    for (flag, option) in [
        ("starter_only", "starter-only"),
        ("clockwise", "clockwise"),
        ("reading", "reading"),
    ] {
        if has(flag) && games.having_option(option).is_empty() {
            command = command.mut_arg(flag, |a| a.hide(true));
        }
    }
    if has("option") {
        let help = "A rule option of the game, `name=value` (a flag alone: `name`); repeatable";
        command = command.mut_arg("option", |a| a.help(help).long_help(help));
    }
    // "... of a two-row mancala game of Ethiopia or Eritrea": the
    // program's games instead.
    let fit = |text: String| {
        text.replace("a two-row mancala game of Ethiopia or Eritrea", &names)
            .replace("the two-row mancala games of Ethiopia and Eritrea", &names)
            .replace("a two-row mancala game", &names)
    };
    if let Some(about) = command.get_about().map(|a| fit(a.to_string())) {
        command = command.about(about);
    }
    if let Some(about) = command.get_long_about().map(|a| fit(a.to_string())) {
        command = command.long_about(about);
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_names_read_with_options() {
        let games = Games::built_in();
        let rules = games.rules("sadeqa-ii(starter-only)").unwrap();
        assert_eq!(rules.name(), "sadeqa-ii");
        assert_eq!(rules.to_string(), "sadeqa-ii(starter-only)");
        assert_eq!(games.rules("Andada-15").unwrap().name(), "andada-15");
        assert_eq!(games.default_name(), "sadeqa-v");
    }

    #[test]
    fn an_unknown_name_lists_the_games() {
        let err = Games::built_in().rules("oware").unwrap_err();
        assert!(err.contains("unknown variant \"oware\""), "{err}");
        assert!(err.contains("sadeqa-v"), "{err}");
        let err = Games::from([sowing::rulesets::SadeqaII::default()])
            .rules("kalah")
            .unwrap_err();
        assert_eq!(err, "unknown variant \"kalah\": expected sadeqa-ii");
    }

    /// A built-in game on a board it cannot have is refused with the
    /// size's reason, not as an unknown name; an unknown name gives the
    /// form of a game on another board.
    #[test]
    fn a_board_of_a_size_refused_says_why() {
        let games = Games::built_in();
        for (text, why) in [
            (
                "sadeqa-iii:24x4",
                "2 x 24 pits with 4 seeds each put 192 seeds in play; at most 96",
            ),
            ("sadeqa-iii:25x1", "a row has 2 to 24 pits, not 25"),
            ("sadeqa-ii:0x0", "a row has 2 to 24 pits, not 0"),
            (
                "sadeqa-iii:5x0(starter-only)",
                "a pit starts with at least one seed, not 0",
            ),
        ] {
            let err = games.rules(text).unwrap_err();
            assert!(err.contains(why), "{text}: {err}");
            assert!(!err.contains("unknown variant"), "{text}: {err}");
        }
        let err = games.rules("andada:4x2").unwrap_err();
        assert!(err.starts_with("variant \"andada:4x2\": "), "{err}");
        let err = games.rules("chess:5x3").unwrap_err();
        assert!(err.contains("unknown variant"), "{err}");
        assert!(err.contains("sadeqa-iii:5x3"), "{err}");
        assert!(games.rules("sadeqa-iii:5x3").is_ok());
    }

    #[test]
    fn options_are_set_as_data() {
        let mut rules = Games::built_in().rules("andada").unwrap();
        rules.set_option("clockwise", None).unwrap();
        assert_eq!(rules.to_string(), "andada-12(clockwise)");
        let err = rules.set_option("starter-only", None).unwrap_err();
        assert!(err.to_string().contains("starter-only"), "{err}");
    }
}
