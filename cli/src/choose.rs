//! Choosing the game from the command line: the rules a tool runs with,
//! from `--variant`, the variant field of `--position` (the two checked
//! against each other) and the rule-option flags, looked up in the
//! registered [`Games`]. The flags' types are below the registry
//! ([`RuleOptions`], [`SearchArgs`]), as the tools' code written over
//! `R: Ruleset` takes them; what reads them against the registry is here,
//! above it, with the tools' fronts.

use crate::rule_options::RuleOptions;
use crate::search_args::SearchArgs;
use crate::{Games, Rules};
use sowing::options::OptionError;

/// The variant field of a position string: its first word, if it names a
/// variant (so that the caller can say the error is the position string's).
/// A blank string is refused in the library's words
/// ([`sowing::ParsePositionError::Empty`], "position string is empty:
/// expected <variant> ..."), not as a variant named "".
pub fn variant_of<'a>(games: &Games, position: &'a str) -> Result<&'a str, String> {
    match position.split_whitespace().next() {
        Some(variant) => games.rules(variant).map(|_| variant),
        None => Err(position
            .parse::<sowing::Setup>()
            .map(|_| ())
            .expect_err("a blank position string does not parse")
            .to_string()),
    }
}

/// The game a `--position` string names (its variant field), checked
/// against a `--variant` given with it: the two must name the same game;
/// otherwise they are said to disagree, in the flags' words.
pub fn position_variant<'a>(
    games: &Games,
    variant: Option<&str>,
    position: &'a str,
) -> Result<&'a str, String> {
    let bad = |e: String| {
        format!(
            "bad --position {:?}: {e}",
            crate::describe::shorten(position)
        )
    };
    let named = variant_of(games, position).map_err(bad)?;
    if let Some(flag) = variant {
        let chosen = games.rules(flag)?.name();
        let theirs = games.rules(named)?.name();
        if chosen != theirs {
            return Err(format!(
                "--variant {flag} and the position string name different games: the string \
                 is a {theirs} position, not {chosen}"
            ));
        }
    }
    Ok(named)
}

/// The rules a tool runs with: those `--position` names, checked against
/// `--variant`, or `--variant`'s, or the default game's; with the option
/// flags applied.
pub fn chosen_rules(
    games: &Games,
    variant: Option<&str>,
    position: Option<&str>,
    options: &crate::rule_options::RuleOptions,
) -> Result<Rules, String> {
    let name = match position {
        Some(p) => position_variant(games, variant, p)?.to_string(),
        None => variant.map_or_else(|| games.default_name(), str::to_string),
    };
    options.build(games, &name)
}

impl RuleOptions {
    /// The ruleset named `variant` (which may carry options of its own,
    /// `sadeqa-ii(starter-only)`) with the options applied where it has
    /// them; an option it does not have is skipped (for a tool that plays
    /// several games with one set of options).
    pub fn apply(&self, games: &Games, variant: &str) -> Result<Rules, String> {
        self.check_given(variant)?;
        let mut rules = games.rules(variant)?;
        for (flag, name, value) in self.given() {
            match rules.set_option(name, value) {
                Ok(()) => {}
                Err(OptionError::Unknown { .. } | OptionError::NotForGame { .. }) => {}
                Err(e) => return Err(format!("{flag}: {e}")),
            }
        }
        Ok(rules)
    }

    /// [`RuleOptions::apply`], and an option the variant does not have is an
    /// error.
    pub fn build(&self, games: &Games, variant: &str) -> Result<Rules, String> {
        self.check_given(variant)?;
        let mut rules = games.rules(variant)?;
        for (flag, name, value) in self.given() {
            match rules.set_option(name, value) {
                Ok(()) => {}
                Err(
                    OptionError::NotForGame { option, .. } | OptionError::Unknown { option, .. },
                ) if !flag.starts_with("--option") => {
                    let with = games.having_option(&option).join(", ");
                    if with.is_empty() {
                        return Err(format!("{flag}: {} has no option {option}", rules.name()));
                    }
                    return Err(format!("{flag} applies to {with}, not {}", rules.name()));
                }
                Err(e) => return Err(format!("{flag}: {e}")),
            }
        }
        Ok(rules)
    }
}

impl SearchArgs {
    /// The rules of the position: those `--position` names (checked
    /// against `--variant`), or `--variant`'s, or the game `default`
    /// (a tool's usual one, where `games` has it; else `games`' first);
    /// with the option flags applied.
    pub fn rules(&self, games: &Games, default: &str) -> Result<Rules, String> {
        let variant = match (&self.variant, &self.position) {
            (Some(v), _) => Some(v.clone()),
            (None, Some(_)) => None,
            (None, None) => Some(games.default_for(default)),
        };
        chosen_rules(
            games,
            variant.as_deref(),
            self.position.as_deref(),
            &self.rules,
        )
    }
}
