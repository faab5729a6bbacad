//! `sowing::testing::check_ruleset` on every built-in ruleset and option
//! (as OpenSpiel's `RandomSimTest` runs on every game), and on a ruleset
//! with a deliberate mistake, which it must catch.

use sowing::rulesets::{Andada, Reading, Resized, SadeqaII, SadeqaIII, SadeqaV};
use sowing::testing::{Check, check_ruleset};
use sowing::{
    ANDADA_SIZES, Lap, Move, MoveContext, MoveSet, NoMove, Observer, Outcome, PlayError, Player,
    Position, Ruleset, Scoring, Turn, View,
};

/// Random games per configuration: the harness checks the first 100
/// plies of each in full.
const GAMES: usize = 20;

#[test]
fn sadeqa_v() {
    check_ruleset(SadeqaV, GAMES, 1).assert_ok();
}

#[test]
fn sadeqa_ii_both_readings() {
    check_ruleset(SadeqaII::new(), GAMES, 2).assert_ok();
    check_ruleset(SadeqaII::starter_only(), GAMES, 3).assert_ok();
}

#[test]
fn sadeqa_iii_and_game_91() {
    check_ruleset(SadeqaIII::new(), GAMES, 4).assert_ok();
    check_ruleset(SadeqaIII::game_91(), GAMES, 5).assert_ok();
}

/// Every Andada size, both directions, the three readings (odd games
/// start with North: either player opens).
#[test]
fn andada_every_size_direction_and_reading() {
    for n in ANDADA_SIZES {
        for clockwise in [false, true] {
            for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
                let rules = Andada::new(n)
                    .unwrap()
                    .with_clockwise(clockwise)
                    .with_reading(reading);
                check_ruleset(rules, 4, u64::from(n)).assert_ok();
            }
        }
    }
}

/// The games on other boards (`Resized`).
#[test]
fn resized_boards() {
    for (m, n) in [(2, 1), (3, 2), (4, 2), (5, 3), (8, 4)] {
        check_ruleset(Resized::new(SadeqaII::new(), m, n).unwrap(), 4, 6).assert_ok();
        check_ruleset(Resized::new(SadeqaII::starter_only(), m, n).unwrap(), 4, 7).assert_ok();
        check_ruleset(Resized::new(SadeqaIII::new(), m, n).unwrap(), 4, 8).assert_ok();
        check_ruleset(Resized::new(SadeqaV, m, n).unwrap(), 4, 9).assert_ok();
    }
    for m in [3, 6] {
        for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
            let rules = Andada::default().with_reading(reading);
            check_ruleset(Resized::new(rules, m, 2).unwrap(), 4, 10).assert_ok();
        }
    }
}

/// A ruleset with a mistake: its candidates are all of the mover's pits,
/// empty ones included (2 x 3 pits of 2 seeds, one lap a move, no
/// captures, whoever cannot move loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct EveryPit;

impl Ruleset for EveryPit {
    type State = ();
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "every-pit".into()
    }
    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("every-pit").then_some(EveryPit)
    }
    fn pits_per_row(&self) -> usize {
        3
    }
    fn seeds_per_pit(&self) -> u8 {
        2
    }
    fn scoring(&self) -> Scoring {
        Scoring::LastMover
    }
    /// The mistake: every pit, not only the occupied ones.
    fn candidates(&self, _: &View<'_, ()>) -> MoveSet {
        MoveSet::from_pit_mask(0b111)
    }
    fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
        false
    }
    fn lap_end<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>, _: &Lap<'_>) -> Turn {
        Turn::Next
    }
    fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::Win {
            winner: pos.side_to_move().other(),
            score: None,
        }
    }
}

/// The engine refuses a candidate with no seed to sow, with the error that
/// names the ruleset's mistake; it is not a legal move; nothing changes.
#[test]
fn an_empty_candidate_is_refused_as_the_rulesets_mistake() {
    let mut pos: Position<EveryPit> = "every-pit 2,2,0/3,3,2 S 0-0".parse().unwrap();
    assert_eq!(pos.candidate_moves(), MoveSet::from_pit_mask(0b111));
    assert_eq!(pos.legal_moves(), MoveSet::from_pit_mask(0b011));
    assert!(!pos.is_legal(Move::Pit(3)));
    assert!(pos.legality().endless.contains(Move::Pit(3)));
    let before = pos;
    let err = pos.play(Move::Pit(3)).unwrap_err();
    assert_eq!(err, PlayError::EmptySowing { mv: Move::Pit(3) });
    assert!(err.to_string().contains("sows no seed"), "{err}");
    assert_eq!(pos.check(Move::Pit(3)), Err(err));
    assert_eq!(pos.prove(Move::Pit(3), &mut ()), Err(err));
    assert_eq!(pos, before);
    pos.play_unchecked(Move::Pit(3));
    assert_eq!(pos, before);
    // A player whose only candidates are empty pits has no legal move.
    let stuck: Position<EveryPit> = "every-pit 0,0,0/3,3,2 S 4-0".parse().unwrap();
    assert!(stuck.is_over());
    assert_eq!(
        stuck.outcome(),
        Outcome::Win {
            winner: Player::North,
            score: None
        }
    );
}

/// The harness flags the mistake, in words its author can act on.
#[test]
fn check_ruleset_flags_an_empty_candidate() {
    let report = check_ruleset(EveryPit, 4, 1);
    assert!(!report.is_ok());
    assert!(report.failed(Check::EmptySowing), "{report}");
    let finding = report
        .findings()
        .iter()
        .find(|f| f.check == Check::EmptySowing)
        .unwrap();
    assert!(finding.mv.is_some());
    assert!(finding.position.starts_with("every-pit "), "{finding}");
    let text = report.to_string();
    assert!(text.contains("sows no seed"), "{text}");
    assert!(text.contains("leave it out of the candidates"), "{text}");
    eprintln!("{text}");
}

/// A ruleset that takes seeds out of play without reporting it (the
/// context's `capture` reports itself; `remove` leaves the report to the
/// ruleset, as Andada's singleton ending makes it): the conservation check
/// says which move and what the events added up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct SilentCapture;

impl Ruleset for SilentCapture {
    type State = ();
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "silent".into()
    }
    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("silent").then_some(SilentCapture)
    }
    fn pits_per_row(&self) -> usize {
        3
    }
    fn seeds_per_pit(&self) -> u8 {
        2
    }
    fn scoring(&self) -> Scoring {
        Scoring::Points
    }
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
    }
    fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
        false
    }
    /// Removes the landing pit's seeds when it holds 2 or 3, without an
    /// event.
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        if lap.count == 2 || lap.count == 3 {
            ctx.remove(lap.landing, lap.count);
        }
        Turn::Next
    }
    fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(sowing::Score {
            south: pos.captured(Player::South),
            north: pos.captured(Player::North),
        })
    }
}

#[test]
fn check_ruleset_flags_seeds_taken_out_of_play_without_an_event() {
    let report = check_ruleset(SilentCapture, 4, 1);
    assert!(report.failed(Check::Conservation), "{report}");
    assert!(!report.failed(Check::EmptySowing), "{report}");
    assert!(
        report.to_string().contains("removed from play by events"),
        "{report}"
    );
}

/// A scratch ruleset: `PITS` pits a row of `SEEDS` seeds, every pit a
/// candidate, occupied or not (so a start with no seeds ends at once, for
/// want of a legal move); `PANICS`: its candidates panic for North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Scratch<const PITS: usize, const SEEDS: u8, const PANICS: bool>;

impl<const PITS: usize, const SEEDS: u8, const PANICS: bool> Ruleset
    for Scratch<PITS, SEEDS, PANICS>
{
    type State = ();
    fn name(&self) -> std::borrow::Cow<'static, str> {
        format!("scratch-{PITS}-{SEEDS}-{PANICS}").into()
    }
    fn from_name(name: &str) -> Option<Self> {
        (name == Scratch::<PITS, SEEDS, PANICS>.name()).then_some(Scratch)
    }
    fn pits_per_row(&self) -> usize {
        PITS
    }
    fn seeds_per_pit(&self) -> u8 {
        SEEDS
    }
    fn scoring(&self) -> Scoring {
        Scoring::LastMover
    }
    fn candidates(&self, pos: &View<'_, ()>) -> MoveSet {
        assert!(
            !(PANICS && pos.side_to_move() == Player::North),
            "scratch: no candidates for North"
        );
        if SEEDS == 0 {
            MoveSet::from_pit_mask((1 << PITS.min(24)) - 1)
        } else {
            MoveSet::from_pit_mask(pos.board().occupied(pos.side_to_move()))
        }
    }
    fn relays(&self, _: &Lap<'_>, _: &()) -> bool {
        false
    }
    fn lap_end<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>, _: &Lap<'_>) -> Turn {
        Turn::Next
    }
    fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::Win {
            winner: pos.side_to_move().other(),
            score: None,
        }
    }
}

/// A board the engine cannot hold is reported, not a panic: 30 pits a
/// row, one pit a row, 25 pits of 4 seeds (200 seeds).
#[test]
fn check_ruleset_reports_an_impossible_board() {
    let report = check_ruleset(Scratch::<30, 2, false>, 4, 1);
    assert!(report.failed(Check::BoardSize), "{report}");
    assert_eq!(report.findings().len(), 1, "{report}");
    assert_eq!(report.games, 0);
    let text = report.to_string();
    assert!(text.contains("2 to 24 pits a row"), "{text}");
    assert!(text.contains("30 pits a row"), "{text}");
    assert!(check_ruleset(Scratch::<1, 2, false>, 4, 1).failed(Check::BoardSize));
    assert!(check_ruleset(Scratch::<0, 2, false>, 4, 1).failed(Check::BoardSize));
    let many = check_ruleset(Scratch::<12, 5, false>, 4, 1);
    assert!(many.failed(Check::BoardSize), "{many}");
    assert!(many.to_string().contains("120 seeds"), "{many}");
    // The largest boards are fine.
    assert!(!check_ruleset(Scratch::<24, 2, false>, 1, 1).failed(Check::BoardSize));
}

/// A ruleset whose code panics is reported, game by game, with the
/// position and the panic's message; the harness goes on.
#[test]
fn check_ruleset_reports_a_panicking_ruleset() {
    let report = check_ruleset(Scratch::<3, 2, true>, 4, 1);
    assert!(report.failed(Check::NoPanic), "{report}");
    let panics: Vec<_> = report
        .findings()
        .iter()
        .filter(|f| f.check == Check::NoPanic)
        .collect();
    // Every game panics (South's at its first move, North's at the start).
    assert_eq!(panics.len(), 4, "{report}");
    assert!(
        panics
            .iter()
            .all(|f| f.found.contains("scratch: no candidates for North")),
        "{report}"
    );
    // South's games panic in a known position.
    assert!(
        panics[0].position.starts_with("scratch-3-2-true "),
        "{report}"
    );
    assert!(panics[1].position.contains("game 1"), "{report}");
}

/// A start with no seeds whose candidates are empty pits: the harness
/// names the empty candidates; the finished position has no candidate, no
/// legal and no undecided move, and its legality keeps the refused
/// candidates in `endless` (why the player to move could not move).
#[test]
fn check_ruleset_flags_empty_candidates_of_a_start_with_no_seeds() {
    let report = check_ruleset(Scratch::<3, 0, false>, 2, 1);
    assert!(report.failed(Check::EmptySowing), "{report}");
    assert!(!report.failed(Check::LegalMoves), "{report}");
    let start = Position::new(Scratch::<3, 0, false>);
    assert!(start.is_over());
    assert!(start.candidate_moves().is_empty());
    let l = start.legality();
    assert!(l.ends.is_empty() && l.undecided.is_empty());
    assert_eq!(l.endless.len(), 3);
}

/// A finding's text stays short: a game that does not end is given by
/// its first and last moves and its length.
#[test]
fn a_findings_text_stays_short() {
    let checks = sowing::testing::Checks {
        ply_bound: 60,
        checked_plies: 5,
        ..Default::default()
    };
    let report = checks.run(Andada::default(), 6, 1);
    let finding = report
        .findings()
        .iter()
        .find(|f| f.check == Check::GameEnds)
        .expect("a game longer than 60 plies");
    assert!(finding.found.contains(" ... (60 plies) ... "), "{finding}");
    assert!(finding.to_string().len() < 500, "{finding}");
    let mut long = sowing::testing::Report::new("x");
    long.push(sowing::testing::Finding {
        check: Check::Custom,
        position: "p".into(),
        mv: None,
        expected: "e".repeat(10_000),
        found: "f".into(),
    });
    let text = long.findings()[0].to_string();
    assert!(text.len() < 600, "{text}");
    assert!(text.contains("(9640 characters)"), "{text}");
}
