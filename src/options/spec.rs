//! A ruleset's options as data, with no ruleset: what an option is
//! ([`OptionSpec`], [`OptionKind`]), its value ([`OptionValue`]), what goes
//! wrong ([`OptionError`]), and the notation `name(option=value, ...)` split
//! into its parts. The [`Ruleset`](crate::Ruleset) trait names these types,
//! so they sit below it; the functions over a ruleset are in the parent
//! module, above it.

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

/// One named option of a ruleset: what [`Ruleset::options`](crate::Ruleset::options) lists.
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
            value: crate::text::excerpt(value),
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
        text: crate::text::excerpt(text),
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

/// The spec named `name` among `options`, the options of game `game`.
///
/// # Errors
/// [`OptionError::Unknown`] naming the options there are.
pub(crate) fn find_in(
    options: &'static [OptionSpec],
    game: &str,
    name: &str,
) -> Result<&'static OptionSpec, OptionError> {
    options
        .iter()
        .find(|o| o.is_named(name))
        .ok_or_else(|| OptionError::Unknown {
            option: crate::text::excerpt(name.trim()),
            game: game.to_string(),
            options: option_names(options),
        })
}
