//! The rule-option flags shared by the examples: Sadeqa II's starter-only
//! reading and Andada's direction and readings (RULES.md sections 4.1, 6,
//! 6.7).

use clap::{Args, ValueEnum};
use sowing::AnyRuleset;
use sowing::rulesets::Reading;

/// Options of the rulesets that have them.
#[derive(Args, Clone, Copy, Debug)]
pub struct RuleOptions {
    /// Sadeqa II: restrict only the starting player's first move to pit 6.
    #[arg(long)]
    pub starter_only: bool,

    /// Andada: sow clockwise (the mirror image).
    #[arg(long)]
    pub clockwise: bool,

    /// Andada: which published reading of the rules (RULES.md section 6.7);
    /// case-insensitive, as variant names are.
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

impl From<ReadingArg> for Reading {
    fn from(r: ReadingArg) -> Reading {
        match r {
            ReadingArg::Pankhurst => Reading::Pankhurst,
            ReadingArg::EmptyRow => Reading::EmptyRowLoses,
            ReadingArg::Ludii => Reading::Ludii,
        }
    }
}

impl RuleOptions {
    /// The ruleset named `variant` with the options applied where it has
    /// them.
    pub fn apply(&self, variant: &str) -> Result<AnyRuleset, String> {
        let mut rules: AnyRuleset = variant.parse().map_err(|e| format!("{e}"))?;
        match &mut rules {
            AnyRuleset::SadeqaII(r) => r.starter_only = self.starter_only,
            AnyRuleset::Andada(r) => {
                r.clockwise = self.clockwise;
                if let Some(reading) = self.reading {
                    r.reading = reading.into();
                }
            }
            _ => {}
        }
        Ok(rules)
    }

    /// [`RuleOptions::apply`], and an option the variant does not have is an
    /// error.
    #[allow(dead_code)] // not every example needs it
    pub fn build(&self, variant: &str) -> Result<AnyRuleset, String> {
        let rules = self.apply(variant)?;
        let is_andada = matches!(rules, AnyRuleset::Andada(_));
        if self.starter_only && !matches!(rules, AnyRuleset::SadeqaII(_)) {
            return Err(format!("--starter-only applies to sadeqa-ii, not {rules}"));
        }
        if self.clockwise && !is_andada {
            return Err(format!("--clockwise applies to Andada, not {rules}"));
        }
        if self.reading.is_some() && !is_andada {
            return Err(format!("--reading applies to Andada, not {rules}"));
        }
        Ok(rules)
    }
}
