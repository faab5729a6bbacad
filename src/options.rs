//! A ruleset's options as data: what [`Ruleset::options`] lists, and the
//! notation `name(option=value, ...)` that builds and prints a ruleset with
//! its options (as OpenSpiel's `load_game("oware(num_seeds=4)")`).
//!
//! - `sadeqa-ii(starter-only)`: a flag may be written bare (it means
//!   `starter-only=true`);
//! - `andada-15(clockwise,reading=ludii)`: options are separated by commas;
//!   spaces around names and values are ignored;
//! - names and values are read in any case, as variant names are, and `_`
//!   reads as `-` in an option's name and value (`starter_only`,
//!   `reading=empty_row`); an option given twice is refused
//!   ([`OptionError::Twice`]);
//! - printed, a ruleset is its name alone when every option has its
//!   default, otherwise the name and the options that differ from their
//!   defaults, in the order [`Ruleset::options`] lists them, a true flag
//!   bare: `andada-12(clockwise,reading=empty-row)`.
//!
//! The options of the built-in games (RULES.md sections 4.1, 6 and 6.7):
//! Sadeqa II's `starter-only` (flag), Andada's `clockwise` (flag) and
//! `reading` (`pankhurst`, `empty-row` or `ludii`). Sadeqa V and Sadeqa III
//! have none (game 91 is a variant of its own, `game-91`, not an option).

use crate::ruleset::Ruleset;
use std::fmt;

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`); written
    /// bare, it is `true`.
    Flag,
    /// One of these names (lower case).
    Choice(&'static [&'static str]),
    /// A whole number from `min` to `max`, both included.
    Number {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
}

/// One named option of a ruleset: what [`Ruleset::options`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OptionSpec {
    /// The option's name in the notation: lower case, words joined by `-`
    /// (`starter-only`).
    pub name: &'static str,
    /// The values it takes.
    pub kind: OptionKind,
    /// Its default value, as written (`false`, `pankhurst`).
    pub default: &'static str,
    /// One line of help, ending with the rule book's section.
    pub help: &'static str,
}

/// A ruleset's option could not be set, or a ruleset with options could not
/// be read; nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No game here has an option of that name.
    #[error("unknown option {option:?} for {game}: {}", has(options))]
    Unknown {
        /// The option as given.
        option: String,
        /// The game's name (`sadeqa-v`).
        game: String,
        /// The options the game has, comma-separated (empty for none).
        options: String,
    },
    /// Another game has the option, this one does not.
    #[error("{game} has no option {option:?} ({others} has it): {}", has(options))]
    NotForGame {
        /// The option as given.
        option: String,
        /// The game's name.
        game: String,
        /// The games that have it, comma-separated (`andada` for every
        /// Andada board).
        others: String,
        /// The options the game has, comma-separated (empty for none).
        options: String,
    },
    /// The value is not one the option takes.
    #[error("bad value {value:?} for {game}'s option {option}: expected {expected}")]
    BadValue {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        value: String,
        /// The game's name.
        game: String,
        /// What the option takes, in words.
        expected: String,
    },
    /// The same option given twice (in the brackets, or in the brackets
    /// and again by a tool's flag): refused, not the last one winning.
    #[error("option {option} given twice")]
    Twice {
        /// The option's name as given the second time, in lower case with
        /// `-` for `_`.
        option: String,
    },
    /// The text is not `name` or `name(option=value, ...)`.
    #[error("malformed ruleset {text:?}: {reason}")]
    Malformed {
        /// The text (or its start).
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
}

fn has(options: &str) -> String {
    if options.is_empty() {
        "it has no options".to_string()
    } else {
        format!("its options are {options}")
    }
}

impl OptionKind {
    /// What the option takes, in words.
    pub fn expected(&self) -> String {
        match self {
            OptionKind::Flag => "true or false".to_string(),
            OptionKind::Choice(names) => names.join(", "),
            OptionKind::Number { min, max } => format!("a whole number from {min} to {max}"),
        }
    }
}

impl OptionSpec {
    /// Whether `name` names this option (any case; `_` reads as `-`).
    pub fn is_named(&self, name: &str) -> bool {
        let name = name.trim();
        name.len() == self.name.len()
            && name
                .bytes()
                .zip(self.name.bytes())
                .all(|(a, b)| a.to_ascii_lowercase() == b || (a == b'_' && b == b'-'))
    }

    /// `value` read for this option of `game`: a flag's `true`/`false`, a
    /// choice's name as listed, a number's digits.
    ///
    /// # Errors
    /// [`OptionError::BadValue`], saying what the option takes.
    pub fn read(&self, game: &str, value: &str) -> Result<OptionValue, OptionError> {
        let v = value.trim();
        let bad = || OptionError::BadValue {
            option: self.name,
            value: crate::error::excerpt(value),
            game: game.to_string(),
            expected: self.kind.expected(),
        };
        match self.kind {
            OptionKind::Flag => match v.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => Ok(OptionValue::Flag(true)),
                "false" | "no" | "off" | "0" => Ok(OptionValue::Flag(false)),
                _ => Err(bad()),
            },
            OptionKind::Choice(names) => names
                .iter()
                .position(|n| same_option_name(n, v))
                .map(|i| OptionValue::Choice(names[i]))
                .ok_or_else(bad),
            OptionKind::Number { min, max } => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Number(n)),
                _ => Err(bad()),
            },
        }
    }
}

/// An option's value, read and checked by [`OptionSpec::read`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionValue {
    /// A flag's value.
    Flag(bool),
    /// A choice, as [`OptionKind::Choice`] lists it.
    Choice(&'static str),
    /// A number.
    Number(i64),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Flag(b) => write!(f, "{b}"),
            OptionValue::Choice(c) => f.write_str(c),
            OptionValue::Number(n) => write!(f, "{n}"),
        }
    }
}

/// The options a ruleset has, comma-separated (`starter-only`), for
/// messages.
pub fn option_names(options: &[OptionSpec]) -> String {
    options
        .iter()
        .map(|o| o.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The spec of `rules`' option `name`.
///
/// # Errors
/// [`OptionError::Unknown`] naming the options `rules` has.
pub fn find_option<R: Ruleset>(rules: &R, name: &str) -> Result<&'static OptionSpec, OptionError> {
    rules
        .options()
        .iter()
        .find(|o| o.is_named(name))
        .ok_or_else(|| OptionError::Unknown {
            option: crate::error::excerpt(name.trim()),
            game: rules.name().to_string(),
            options: option_names(rules.options()),
        })
}

/// The options of `name(option=value, ...)` as written: `(option, value)`,
/// `None` for a bare flag.
pub type OptionPairs<'a> = Vec<(&'a str, Option<&'a str>)>;

/// Splits `name(option=value, ...)` into the name and its options, each
/// `(option, value)` with `None` for a bare flag.
///
/// # Errors
/// [`OptionError::Malformed`] for unbalanced brackets, an empty option or
/// text after the closing bracket.
pub fn split_options(text: &str) -> Result<(&str, OptionPairs<'_>), OptionError> {
    let text = text.trim();
    let malformed = |reason| OptionError::Malformed {
        text: crate::error::excerpt(text),
        reason,
    };
    let Some(open) = text.find('(') else {
        if text.contains(')') {
            return Err(malformed("a ')' without '('"));
        }
        return Ok((text, Vec::new()));
    };
    let Some(inner) = text[open + 1..].strip_suffix(')') else {
        return Err(malformed("the options must end with ')'"));
    };
    if inner.contains(['(', ')']) {
        return Err(malformed("one pair of brackets only"));
    }
    let name = text[..open].trim_end();
    let mut pairs = Vec::new();
    if inner.trim().is_empty() {
        return Ok((name, pairs));
    }
    for item in inner.split(',') {
        let (option, value) = match item.split_once('=') {
            Some((o, v)) => (o.trim(), Some(v.trim())),
            None => (item.trim(), None),
        };
        if option.is_empty() {
            return Err(malformed("an option without a name"));
        }
        if pairs
            .iter()
            .any(|&(o, _): &(&str, _)| same_option_name(o, option))
        {
            return Err(OptionError::Twice {
                option: option_key(option),
            });
        }
        pairs.push((option, value));
    }
    Ok((name, pairs))
}

/// An option's name as options are compared: lower case, `-` for `_`.
pub fn option_key(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| {
            if c == '_' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// Whether `a` and `b` name the same option (any case; `_` reads as `-`).
fn same_option_name(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes().zip(b.bytes()).all(|(x, y)| {
            let norm = |c: u8| {
                if c == b'_' {
                    b'-'
                } else {
                    c.to_ascii_lowercase()
                }
            };
            norm(x) == norm(y)
        })
}

/// Sets `value` (`None`: a bare flag, `true`) for `rules`' option `option`.
///
/// # Errors
/// As [`Ruleset::set_option`]; a bare option that is not a flag is a
/// [`OptionError::BadValue`].
pub fn set_option_text<R: Ruleset>(
    rules: &mut R,
    option: &str,
    value: Option<&str>,
) -> Result<(), OptionError> {
    let value = match value {
        Some(v) => v,
        None => {
            let spec = find_option(rules, option)?;
            if spec.kind != OptionKind::Flag {
                return Err(OptionError::BadValue {
                    option: spec.name,
                    value: String::new(),
                    game: rules.name().to_string(),
                    expected: spec.kind.expected(),
                });
            }
            "true"
        }
    };
    rules.set_option(option, value)
}

/// Writes `rules` as `name` or `name(option=value, ...)` (the options that
/// differ from their defaults; a true flag bare).
///
/// # Errors
/// Those of the formatter.
pub fn write_with_options<R: Ruleset>(rules: &R, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(&rules.name())?;
    let mut first = true;
    for spec in rules.options() {
        let Some(value) = rules.option_value(spec.name) else {
            continue;
        };
        let text = value.to_string();
        if text == spec.default {
            continue;
        }
        f.write_str(if first { "(" } else { "," })?;
        first = false;
        match value {
            OptionValue::Flag(true) => f.write_str(spec.name)?,
            _ => write!(f, "{}={text}", spec.name)?,
        }
    }
    if !first {
        f.write_str(")")?;
    }
    Ok(())
}

/// `rules` printed as [`write_with_options`] writes it.
pub fn with_options<R: Ruleset>(rules: &R) -> impl fmt::Display + '_ {
    struct Shown<'a, R>(&'a R);
    impl<R: Ruleset> fmt::Display for Shown<'_, R> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_with_options(self.0, f)
        }
    }
    Shown(rules)
}

/// Every option of `rules` with its value, in the order
/// [`Ruleset::options`] lists them.
pub fn option_values<R: Ruleset>(rules: &R) -> Vec<(&'static str, OptionValue)> {
    rules
        .options()
        .iter()
        .filter_map(|s| rules.option_value(s.name).map(|v| (s.name, v)))
        .collect()
}

/// `text` (`name` or `name(option=value, ...)`) read as a ruleset of type
/// `R`: [`Ruleset::from_name`] and then the options.
///
/// # Errors
/// `Ok(None)` when `R` has no game of that name; the options' errors.
pub fn parse_with_options<R: Ruleset>(text: &str) -> Result<Option<R>, OptionError> {
    let (name, pairs) = split_options(text)?;
    let Some(mut rules) = R::from_name(name) else {
        return Ok(None);
    };
    for (option, value) in pairs {
        set_option_text(&mut rules, option, value)?;
    }
    Ok(Some(rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{Andada, Reading, SadeqaII, SadeqaV};

    #[test]
    fn options_bare_flag_sets_it() {
        let r: SadeqaII = parse_with_options("Sadeqa-II(starter-only)")
            .unwrap()
            .unwrap();
        assert!(r.starter_only);
        assert_eq!(with_options(&r).to_string(), "sadeqa-ii(starter-only)");
        assert_eq!(with_options(&SadeqaII::new()).to_string(), "sadeqa-ii");
    }

    #[test]
    fn options_choice_and_order() {
        let r: Andada = parse_with_options("andada-15( reading = LUDII , clockwise=true)")
            .unwrap()
            .unwrap();
        assert!(r.clockwise);
        assert_eq!(r.reading, Reading::Ludii);
        assert_eq!(
            with_options(&r).to_string(),
            "andada-15(clockwise,reading=ludii)"
        );
        let back: Andada = parse_with_options(&with_options(&r).to_string())
            .unwrap()
            .unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn options_errors_name_what_is_wrong() {
        let e = parse_with_options::<SadeqaV>("sadeqa-v(clockwise)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option \"clockwise\" for sadeqa-v: it has no options"
        );
        let e = parse_with_options::<Andada>("andada(reading=wiki)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value \"wiki\" for andada-12's option reading: expected pankhurst, empty-row, ludii"
        );
        let e = parse_with_options::<Andada>("andada(reading)").unwrap_err();
        assert!(matches!(
            e,
            OptionError::BadValue {
                option: "reading",
                ..
            }
        ));
        let e = parse_with_options::<Andada>("andada(clockwise").unwrap_err();
        assert!(matches!(e, OptionError::Malformed { .. }));
        assert!(parse_with_options::<Andada>("sadeqa-v").unwrap().is_none());
    }

    #[test]
    fn options_flag_false_and_underscore() {
        let mut r = SadeqaII::starter_only();
        set_option_text(&mut r, "STARTER_ONLY", Some("no")).unwrap();
        assert!(!r.starter_only);
        let mut a = Andada::default();
        assert!(a.set_option("clockwise", "maybe").is_err());
        assert_eq!(a, Andada::default());
    }

    #[test]
    fn options_given_twice_are_refused() {
        for text in [
            "andada(clockwise,clockwise=false)",
            "andada(clockwise,clockwise)",
            "andada-15(Clockwise, clockwise=true)",
        ] {
            let e = parse_with_options::<Andada>(text).unwrap_err();
            assert_eq!(
                e,
                OptionError::Twice {
                    option: "clockwise".into()
                },
                "{text}"
            );
            assert_eq!(e.to_string(), "option clockwise given twice");
            let any = text.parse::<crate::AnyRuleset>().unwrap_err();
            assert_eq!(any.to_string(), "option clockwise given twice", "{text}");
        }
        let e = "andada(reading=ludii,reading=pankhurst)"
            .parse::<crate::AnyRuleset>()
            .unwrap_err();
        assert_eq!(e.to_string(), "option reading given twice");
        let e = parse_with_options::<SadeqaII>("sadeqa-ii(starter-only,starter_only=false)")
            .unwrap_err();
        assert_eq!(e.to_string(), "option starter-only given twice");
    }

    #[test]
    fn options_underscore_reads_as_dash_in_values() {
        let r: Andada = parse_with_options("andada(reading=empty_row)")
            .unwrap()
            .unwrap();
        assert_eq!(r.reading, Reading::EmptyRowLoses);
        let r: Andada = parse_with_options("andada(READING=Empty_Row)")
            .unwrap()
            .unwrap();
        assert_eq!(r.reading, Reading::EmptyRowLoses);
    }
}
