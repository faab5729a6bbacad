//! The unit tests of `any` (any.rs), kept beside it in a file of their own.

use super::*;
use crate::options::OptionValue;
use crate::rulesets::{Andada, Reading, SadeqaII, SadeqaIII};

#[test]
fn any_ruleset_reads_and_prints_options() {
    let r: AnyRuleset = "Sadeqa-II(starter-only)".parse().unwrap();
    assert_eq!(r, AnyRuleset::from(SadeqaII::starter_only()));
    assert_eq!(r.to_string(), "sadeqa-ii(starter-only)");
    assert_eq!(r.name(), "sadeqa-ii");
    let r: AnyRuleset = "andada-15(reading=ludii, clockwise)".parse().unwrap();
    let a = Andada::new(15)
        .unwrap()
        .with_clockwise(true)
        .with_reading(Reading::Ludii);
    assert_eq!(r, AnyRuleset::from(a));
    assert_eq!(r.to_string(), "andada-15(clockwise,reading=ludii)");
    assert_eq!(r.to_string().parse::<AnyRuleset>().unwrap(), r);
    // Defaults print as the name alone.
    let g: AnyRuleset = "game-91(  )".parse().unwrap();
    assert_eq!(g, AnyRuleset::from(SadeqaIII::game_91()));
    assert_eq!(g.to_string(), "game-91");
    assert_eq!(
        "andada"
            .parse::<AnyRuleset>()
            .unwrap()
            .option_value("reading"),
        Some(OptionValue::Choice("pankhurst"))
    );
}

#[test]
fn any_ruleset_option_errors_name_the_options() {
    let e = "sadeqa-v(starter-only)".parse::<AnyRuleset>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "sadeqa-v has no option \"starter-only\" (sadeqa-ii has it): it has no options"
    );
    let e = "sadeqa-ii(clockwise)".parse::<AnyRuleset>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "sadeqa-ii has no option \"clockwise\" (andada has it): its options are starter-only"
    );
    let e = "andada(colour=red)".parse::<AnyRuleset>().unwrap_err();
    assert!(
        matches!(e, RulesetError::Option(OptionError::Unknown { .. })),
        "{e}"
    );
    let e = "mancala(clockwise)".parse::<AnyRuleset>().unwrap_err();
    assert!(matches!(e, RulesetError::UnknownVariant(_)), "{e}");
    let mut r: AnyRuleset = "andada".parse().unwrap();
    let before = r;
    assert!(r.set_option("reading", Some("wikipedia")).is_err());
    assert_eq!(r, before);
}

/// Position strings keep the name alone (RULES.md section 7): the
/// options are not written, and a name with options is not a variant
/// field.
#[test]
fn position_strings_keep_the_name_alone() {
    let r: AnyRuleset = "sadeqa-ii(starter-only)".parse().unwrap();
    let s = r.start().to_string();
    assert!(s.starts_with("sadeqa-ii "), "{s}");
    assert!(
        "sadeqa-ii(starter-only) 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0"
            .parse::<AnyPosition>()
            .is_err()
    );
}

struct Pits;
impl Visit for Pits {
    type Output = usize;
    fn visit<R: BuiltIn>(self, pos: Position<R>) -> usize {
        pos.pits_per_row()
    }
}

#[test]
fn visit_reaches_the_concrete_position() {
    for v in Variant::ALL {
        let r = AnyRuleset::from_variant(v).unwrap();
        assert_eq!(r.start().visit(Pits), v.pits_per_row());
        let back: AnyPosition = Position::new(SadeqaII::new()).into();
        assert_eq!(back.variant(), Variant::SadeqaII);
    }
}
