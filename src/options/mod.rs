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

// The option types (below the `Ruleset` trait, which names them), then the
// functions over a ruleset (above it).
pub(crate) mod spec;
pub use spec::*;

use crate::ruleset::Ruleset;
use std::fmt;

/// The spec of `rules`' option `name`.
///
/// # Errors
/// [`OptionError::Unknown`] naming the options `rules` has.
pub fn find_option<R: Ruleset>(rules: &R, name: &str) -> Result<&'static OptionSpec, OptionError> {
    spec::find_in(rules.options(), &rules.name(), name)
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
