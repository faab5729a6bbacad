//! The rulesets as the user names them: a variant with its options
//! (`starter-only`, `clockwise`, `reading`), and the built-in variants' names.

use sowing::AnyRuleset;
use sowing::options::{OptionError, OptionValue};

use super::{Error, Result};

/// A ruleset with its options, as the user named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules(pub(super) AnyRuleset);

/// The name with the options that differ from their defaults
/// (`sadeqa-ii(starter-only)`), as [`Rules::new`]'s variant reads it.
impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The rule options a caller may give (`None`: not given).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Sadeqa II: only the starter's first move is forced to pit 6.
    pub starter_only: Option<bool>,
    /// Andada: sow clockwise.
    pub clockwise: Option<bool>,
    /// Andada: `pankhurst`, `empty-row` or `ludii`.
    pub reading: Option<String>,
}

impl Rules {
    /// The ruleset named `variant` (any case) with `opts`; an option the
    /// variant does not have is refused.
    pub fn new(variant: &str, opts: &Options) -> Result<Rules> {
        let mut rules: AnyRuleset = variant
            .parse()
            .map_err(|e: sowing::RulesetError| Error::Value(e.to_string()))?;
        let name = rules.name();
        let flag = |b: Option<bool>| b.map(|b| if b { "true" } else { "false" });
        let given = [
            ("starter_only", "starter-only", flag(opts.starter_only)),
            ("clockwise", "clockwise", flag(opts.clockwise)),
            ("reading", "reading", opts.reading.as_deref()),
        ];
        for (keyword, option, value) in given {
            let Some(value) = value else { continue };
            match rules.set_option(option, Some(value)) {
                Ok(()) => {}
                Err(OptionError::NotForGame { others, .. }) => {
                    let games = if others.starts_with("andada") {
                        "Andada"
                    } else {
                        others.as_str()
                    };
                    return Err(Error::Value(format!(
                        "{keyword} applies to {games}, not {name}"
                    )));
                }
                Err(e @ OptionError::BadValue { .. }) if option == "reading" => {
                    return Err(Error::Value(format!("unknown reading {value:?} ({e})")));
                }
                Err(e) => return Err(Error::Value(e.to_string())),
            }
        }
        Ok(Rules(rules))
    }

    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        self.0.variant().pits_per_row()
    }

    /// The options of the variants that have them (`None` where the
    /// variant has no such option), as [`Rules::new`] reads them.
    pub fn options(&self) -> Options {
        let flag = |name| match self.0.option_value(name) {
            Some(OptionValue::Flag(b)) => Some(b),
            _ => None,
        };
        Options {
            starter_only: flag("starter-only"),
            clockwise: flag("clockwise"),
            reading: self.0.option_value("reading").map(|v| v.to_string()),
        }
    }
}

/// Every built-in variant's name.
pub fn variant_names() -> Vec<&'static str> {
    sowing::Variant::ALL.iter().map(|v| v.name()).collect()
}
