//! The rule-option flags shared by the tools: Sadeqa II's starter-only
//! reading and Andada's direction and readings (RULES.md sections 4.1, 6,
//! 6.7). Their reading against the registered games
//! (`RuleOptions::apply`, `RuleOptions::build`) is in cli/src/choose.rs,
//! above the registry, as this module is below it.

use clap::{Args, ValueEnum};
use sowing::options::OptionError;

/// Options of the rulesets that have them: `--option name=value`
/// (repeatable; any game's options, see `sowing::options`) and the older
/// spellings of the built-in games' options.
#[derive(Args, Clone, Debug)]
pub struct RuleOptions {
    /// A rule option, `name=value` (a flag alone: `name`); repeatable:
    /// `--option starter-only` (sadeqa-ii), `--option clockwise`,
    /// `--option reading=ludii` (Andada).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub option: Vec<String>,

    /// Sadeqa II: restrict only the starting player's first move to pit 6
    /// (= `--option starter-only`).
    #[arg(long)]
    pub starter_only: bool,

    /// Andada: sow clockwise, the mirror image (= `--option clockwise`).
    #[arg(long)]
    pub clockwise: bool,

    /// Andada: which published reading of the rules (RULES.md section 6.7);
    /// case-insensitive, as variant names are (= `--option reading=...`).
    #[arg(long, value_enum, ignore_case = true)]
    pub reading: Option<ReadingArg>,
}

/// Andada's readings (RULES.md section 6.7).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ReadingArg {
    /// Pankhurst's text as RULES.md decides it (default).
    Pankhurst,
    /// Wikipedia: a player whose row is empty after any move loses.
    EmptyRow,
    /// Ludii's definition (id 346).
    Ludii,
}

impl ReadingArg {
    /// The option's value in the notation.
    fn value(self) -> &'static str {
        match self {
            ReadingArg::Pankhurst => "pankhurst",
            ReadingArg::EmptyRow => "empty-row",
            ReadingArg::Ludii => "ludii",
        }
    }
}

impl RuleOptions {
    /// Every option given, as `(flag as written, name, value)`; `None`
    /// for a bare flag.
    pub fn given(&self) -> Vec<(String, &str, Option<&str>)> {
        let mut given = Vec::new();
        if self.starter_only {
            given.push(("--starter-only".to_string(), "starter-only", None));
        }
        if self.clockwise {
            given.push(("--clockwise".to_string(), "clockwise", None));
        }
        if let Some(reading) = self.reading {
            given.push(("--reading".to_string(), "reading", Some(reading.value())));
        }
        for o in &self.option {
            let (name, value) = match o.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim())),
                None => (o.trim(), None),
            };
            given.push((format!("--option {o}"), name, value));
        }
        given
    }

    /// Refuses an option given twice (in `variant`'s brackets, `--option`
    /// or the older flags) and an `--option` that holds several.
    pub(crate) fn check_given(&self, variant: &str) -> Result<(), String> {
        let (name, pairs) = sowing::options::split_options(variant).map_err(|e| format!("{e}"))?;
        for o in &self.option {
            if o.contains(',') {
                return Err(format!(
                    "--option {o}: one option per --option (or write {name}({}))",
                    o.replace(' ', "")
                ));
            }
        }
        let mut seen: Vec<String> = pairs
            .iter()
            .map(|(o, _)| sowing::options::option_key(o))
            .collect();
        for (flag, option, _) in self.given() {
            let key = sowing::options::option_key(option);
            if seen.contains(&key) {
                return Err(format!("{flag}: {}", OptionError::Twice { option: key }));
            }
            seen.push(key);
        }
        Ok(())
    }
}

/// The game (`andada` for every Andada board) that `name` (`andada-15`)
/// is a board of.
pub fn family(name: &str) -> &str {
    match name.rsplit_once('-') {
        Some((base, n)) if n.bytes().all(|b| b.is_ascii_digit()) && base == "andada" => base,
        _ => name,
    }
}
