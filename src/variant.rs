//! The variants by name (RULES.md section 7): board shape and start.

use std::fmt;
use std::str::FromStr;

/// A variant as the notation names it. Options that are not part of the
/// name (Sadeqa II's starter-only reading, Andada's direction and readings)
/// live in the ruleset values.
///
/// Non-exhaustive: a built-in game added later adds its names here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variant {
    /// `sadeqa-v`: 2 x 10, 4 seeds (RULES.md section 3).
    SadeqaV,
    /// `sadeqa-ii`: 2 x 6, 3 seeds (RULES.md section 4).
    SadeqaII,
    /// `sadeqa-iii`: 2 x 8, 6 seeds (RULES.md section 5).
    SadeqaIII,
    /// `game-91`: 2 x 8, 4 seeds (RULES.md section 5).
    Game91,
    /// `andada-12` .. `andada-24`: 2 x n, 2 seeds (RULES.md section 6). The
    /// number is the pits per row: 12, 15, 18, 21 or 24 (any other number
    /// reads as 12, and serde refuses to serialise it;
    /// [`Andada::new`](crate::rulesets::Andada::new) refuses it).
    Andada(u8),
}

/// Andada's board sizes (pits per row).
pub const ANDADA_SIZES: [u8; 5] = [12, 15, 18, 21, 24];

impl Variant {
    /// Every variant, in the order the examples list them.
    pub const ALL: [Variant; 9] = [
        Variant::SadeqaV,
        Variant::SadeqaII,
        Variant::SadeqaIII,
        Variant::Game91,
        Variant::Andada(12),
        Variant::Andada(15),
        Variant::Andada(18),
        Variant::Andada(21),
        Variant::Andada(24),
    ];

    /// The notation name, e.g. `sadeqa-iii`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::SadeqaV => "sadeqa-v",
            Variant::SadeqaII => "sadeqa-ii",
            Variant::SadeqaIII => "sadeqa-iii",
            Variant::Game91 => "game-91",
            Variant::Andada(15) => "andada-15",
            Variant::Andada(18) => "andada-18",
            Variant::Andada(21) => "andada-21",
            Variant::Andada(24) => "andada-24",
            Variant::Andada(_) => "andada-12",
        }
    }

    /// Pits per row.
    pub const fn pits_per_row(self) -> usize {
        match self {
            Variant::SadeqaV => 10,
            Variant::SadeqaII => 6,
            Variant::SadeqaIII | Variant::Game91 => 8,
            Variant::Andada(15) => 15,
            Variant::Andada(18) => 18,
            Variant::Andada(21) => 21,
            Variant::Andada(24) => 24,
            // Like `name`: a size Andada does not have reads as 12, so no
            // board can outgrow the pit array.
            Variant::Andada(_) => 12,
        }
    }

    /// Seeds per pit at the start.
    pub const fn seeds_per_pit(self) -> u8 {
        match self {
            Variant::SadeqaV => 4,
            Variant::SadeqaII => 3,
            Variant::SadeqaIII => 6,
            Variant::Game91 => 4,
            Variant::Andada(_) => 2,
        }
    }

    /// Seeds in play at the start: `2 * n * seeds_per_pit`.
    pub const fn total_seeds(self) -> u32 {
        2 * self.pits_per_row() as u32 * self.seeds_per_pit() as u32
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name (empty, when none was given).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}: expected sadeqa-v, sadeqa-ii, sadeqa-iii, game-91, andada (= andada-12), andada-15, andada-18, andada-21 or andada-24{}",
    if .0.is_empty() { "no variant named".to_string() } else { format!("unknown variant {:?}", .0) },
    if .0.contains('(') {
        " (a position string names the variant alone: give its options with the ruleset, as --option name=value or --variant name(options))"
    } else {
        ""
    }
)]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    /// Parses a notation name, in any case (`Sadeqa-III`); `andada` means
    /// `andada-12`.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        if s.eq_ignore_ascii_case("andada") {
            return Ok(Variant::Andada(12));
        }
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(crate::error::excerpt(s)))
    }
}

impl Variant {
    /// `Ok` if the variant has a name (Andada: a real board size);
    /// otherwise what is wrong. Serde refuses to write one that has none.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) fn check_notation(&self) -> Result<(), String> {
        match self {
            Variant::Andada(n) if !ANDADA_SIZES.contains(n) => Err(format!(
                "andada has 12, 15, 18, 21 or 24 pits per row, not {n}"
            )),
            _ => Ok(()),
        }
    }
}

crate::serde_str::string_serde!(Variant, check = Variant::check_notation);
