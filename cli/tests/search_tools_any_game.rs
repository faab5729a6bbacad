//! `analyse`, `solve`, `tablebase` and `playouts` run on a game the crate
//! does not know, defined here: the tools are written once over
//! `R: Ruleset`, and a program offers them for its own games through
//! `main_with(&Games, args)`.

use sowing::{
    Lap, MoveContext, MoveSet, NoMove, Observer, Outcome, Player, Ruleset, Score, Scoring, Turn,
    View,
};
use sowing_cli::{Games, analyse, playouts, solve, tablebase};
use std::borrow::Cow;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

/// A tiny game won on points: 2 x 3 pits of 2 seeds, one lap a move
/// (counter-clockwise, from the pit played), the landing pit's seeds
/// captured when it is the opponent's and holds 2 or 3 then; a player who
/// cannot move ends the game, each side collecting its own row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Tiny;

impl Ruleset for Tiny {
    type State = ();
    fn name(&self) -> Cow<'static, str> {
        "tiny".into()
    }
    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("tiny").then_some(Tiny)
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
    fn lap_end<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>, lap: &Lap<'_>) -> Turn {
        let by = ctx.mover();
        if ctx.board().owner(lap.landing) != by && (lap.count == 2 || lap.count == 3) {
            ctx.capture(lap.landing, lap.count, by);
        }
        Turn::Next
    }
    fn no_move<O: Observer>(&self, ctx: &mut MoveContext<'_, Self, O>) -> NoMove {
        for player in Player::BOTH {
            ctx.sweep_row(player, player);
        }
        NoMove::End
    }
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(Score {
            south: pos.captured(Player::South),
            north: pos.captured(Player::North),
        })
    }
}

/// `words` as a command line: the program's name, then the flags.
fn line(program: &str, words: &[&str]) -> Vec<OsString> {
    std::iter::once(program)
        .chain(words.iter().copied())
        .map(OsString::from)
        .collect()
}

/// A directory of its own for this test run.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sowing-cli-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn analyse_solve_and_the_databases_run_on_a_game_of_ones_own() {
    let games = Games::from([Tiny]);
    let position = "tiny 2,2,2/2,2,2 S 0-0";
    // `analyse`: the game's start (its only game, the default), a
    // position string, a budget in plies.
    let run = |words: &[&str]| analyse::main_with(&games, line("analyse", words));
    assert_eq!(
        run(&["--depth", "4", "--solve-time", "0.1"]),
        ExitCode::SUCCESS
    );
    assert_eq!(
        run(&["--position", position, "--time", "0.2", "--solve-time", "0"]),
        ExitCode::SUCCESS
    );
    // A game the program does not offer, a position of another game, and a
    // built-in game's option flag are refused, status 2.
    assert_eq!(run(&["--variant", "sadeqa-ii"]), ExitCode::from(2));
    assert_eq!(
        run(&["--position", "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0"]),
        ExitCode::from(2)
    );
    assert_eq!(run(&["--clockwise"]), ExitCode::from(2));

    // `solve`: who wins from the start, the margin, the strategy written
    // and checked.
    let dir = scratch("search-tools");
    let strategy = dir.join("tiny.strategy");
    let strategy = strategy.to_str().expect("a UTF-8 path");
    let run = |words: &[&str]| solve::main_with(&games, line("solve", words));
    assert_eq!(
        run(&["--margin", "--strategy", strategy, "--time", "60"]),
        ExitCode::SUCCESS
    );
    // North wins the tiny game by 6 seeds.
    let written = std::fs::read_to_string(strategy).expect("the strategy is written");
    assert!(
        written.contains("# root: tiny 2,2,2/2,2,2 S 0-0"),
        "{written}"
    );
    assert_eq!(run(&["--check", strategy]), ExitCode::SUCCESS);
    assert_eq!(
        run(&["--check", strategy, "--winner", "S"]),
        ExitCode::from(2)
    );
    assert_eq!(
        run(&[
            "--variant",
            "tiny",
            "--position",
            position,
            "--nodes",
            "4096"
        ]),
        ExitCode::SUCCESS
    );

    // `tablebase`: every position of the game built, then probed; the
    // other tools read the databases with --tablebase.
    let tb = dir.join("tb");
    let tb = tb.to_str().expect("a UTF-8 path");
    let run = |words: &[&str]| tablebase::main_with(&games, line("tablebase", words));
    assert_eq!(
        run(&[
            "build",
            "--variant",
            "tiny",
            "--max-seeds",
            "12",
            "--dir",
            tb
        ]),
        ExitCode::SUCCESS
    );
    assert!(std::path::Path::new(tb).join("tiny.12.tb").exists());
    assert_eq!(run(&["probe", "--dir", tb, position]), ExitCode::SUCCESS);
    assert_eq!(
        run(&["probe", "--dir", tb, "tiny 2,2,2/2,2,2 Q 0-0"]),
        ExitCode::FAILURE
    );
    assert_eq!(
        analyse::main_with(&games, line("analyse", &["--tablebase", tb])),
        ExitCode::SUCCESS
    );
    assert_eq!(
        solve::main_with(&games, line("solve", &["--tablebase", tb, "--margin"])),
        ExitCode::SUCCESS
    );
    // A certificate over the databases up to 6 seeds: the margin's two
    // bounds, written, then checked with those databases; without them
    // the check fails and says what it needs.
    let tb6 = dir.join("tb6");
    let tb6 = tb6.to_str().expect("a UTF-8 path");
    assert_eq!(
        run(&[
            "build",
            "--variant",
            "tiny",
            "--max-seeds",
            "6",
            "--dir",
            tb6
        ]),
        ExitCode::SUCCESS
    );
    let cert = dir.join("tiny.cert");
    let cert = cert.to_str().expect("a UTF-8 path");
    let solve = |words: &[&str]| solve::main_with(&games, line("solve", words));
    assert_eq!(
        solve(&["--tablebase", tb6, "--margin", "--certificate", cert]),
        ExitCode::SUCCESS
    );
    let written = std::fs::read_to_string(cert).expect("the certificate is written");
    assert!(written.contains("# claim: North at least +6"), "{written}");
    assert!(written.contains("# claim: South at least -6"), "{written}");
    assert!(
        written.contains("# leaves: the endgame databases up to 6 seeds"),
        "{written}"
    );
    assert_eq!(
        solve(&["--tablebase", tb6, "--check", cert]),
        ExitCode::SUCCESS
    );
    assert_eq!(solve(&["--check", cert]), ExitCode::FAILURE);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn playouts_measure_a_game_of_ones_own() {
    let games = Games::from([Tiny]);
    let run = |words: &[&str]| playouts::main_with(&games, line("playouts", words));
    assert_eq!(run(&["tiny", "5"]), ExitCode::SUCCESS);
    assert_eq!(run(&["TINY", "1"]), ExitCode::SUCCESS);
    assert_eq!(run(&[]), ExitCode::SUCCESS);
    assert_eq!(run(&["sadeqa-ii"]), ExitCode::from(2));
    assert_eq!(run(&["tiny", "0"]), ExitCode::from(2));
}
