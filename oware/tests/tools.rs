//! The tools for a game from another crate: `oware` (src/main.rs) is
//! `sowing_cli::run([Oware])`, and each tool runs for Oware with the
//! flags, words and errors of the built-in programs: `play`, `replay`,
//! `analyse`, `solve`, `tablebase build` / `probe`, `selfplay`, `serve`'s
//! help (the web board itself is played by clicks in
//! tests/browser/oware.test.mjs).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `oware ARGS` with `stdin` as its input.
fn oware(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_oware"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("oware starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("oware ends")
}

/// `oware ARGS`'s standard output, which must succeed.
fn said(args: &[&str], stdin: &str) -> String {
    let out = oware(args, stdin);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        out.status.success(),
        "oware {args:?} failed: {stderr}\n{stdout}"
    );
    stdout
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Four seeds on the board, South to move, 20-24: small enough to solve.
const ENDGAME: &str = "oware 0,0,0,1,1,0/1,0,0,0,1,0 S 20-24";

#[test]
fn the_program_lists_every_tool() {
    let out = said(&["--help"], "");
    for tool in [
        "play",
        "replay",
        "analyse",
        "solve",
        "tablebase",
        "selfplay",
        "serve",
    ] {
        assert!(out.contains(tool), "{tool} missing from:\n{out}");
    }
    assert!(out.contains("oware"), "{out}");
    // Each tool's help names the program's game, not the built-in ones,
    // and `help TOOL` is the tool's own help.
    for tool in ["play", "replay", "analyse", "solve", "selfplay"] {
        let help = said(&[tool, "--help"], "");
        assert!(!help.contains("sadeqa-v (the default)"), "{tool}: {help}");
        assert!(!help.contains("--clockwise"), "{tool}: {help}");
    }
    let help = said(&["help", "tablebase", "build"], "");
    assert!(help.contains("--max-seeds"), "{help}");
    assert!(help.contains("The game: oware"), "{help}");
    let out = oware(&["castle"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("castle"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn play_draws_the_oware_board_and_plays_to_the_end() {
    // A person who quits at once: the title and the 6-pit board.
    let out = said(&["play", "--south", "human", "--north", "random"], "quit\n");
    assert!(out.contains("Oware (abapa), OpenSpiel's rules"), "{out}");
    assert!(out.contains(" 4 "), "{out}");
    // The in-game help speaks of this game: points, and no choice move.
    let out = said(
        &["play", "--south", "human", "--north", "random"],
        "help\nquit\n",
    );
    assert!(out.contains("the seeds you are ahead"), "{out}");
    assert!(!out.contains("Andada") && !out.contains("S or N"), "{out}");
    // Two computer players, to the end, with the result in words.
    let out = said(
        &[
            "play", "--south", "greedy", "--north", "random", "--seed", "3",
        ],
        "",
    );
    assert!(out.contains("Result: "), "{out}");
    assert!(out.contains("wins") || out.contains("draw"), "{out}");
}

#[test]
fn a_game_of_another_crate_is_named_and_the_built_in_games_are_not_offered() {
    let out = oware(&["play", "--variant", "sadeqa-v"], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown variant \"sadeqa-v\": expected oware"),
        "{err}"
    );
    // A position string of Oware with the wrong seed count is refused in
    // the library's words.
    let out = oware(
        &[
            "analyse",
            "--position",
            "oware 4,4,4,4,4,4/4,4,4,4,4,4 S 1-0",
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("bad --position"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn analyse_and_solve_an_oware_position() {
    // North holds 24 and takes the 4 seeds left whatever South plays:
    // analyse, solve and the databases say the same.
    let out = said(&["analyse", "--position", ENDGAME, "--depth", "12"], "");
    assert!(out.contains("South to move; legal moves: 4 5"), "{out}");
    assert!(out.contains("a loss by 8 seeds"), "{out}");
    let out = said(&["solve", "--position", ENDGAME, "--margin"], "");
    assert!(
        out.contains("result: North wins (South to move loses)"),
        "{out}"
    );
    assert!(
        out.contains("final margin with best play: -8 seeds"),
        "{out}"
    );
}

#[test]
fn replay_an_oware_record() {
    // The one game of the program is the default start.
    let out = said(&["replay", "3/3"], "");
    assert!(out.contains("oware 5,4,0,5,5,5/5,4,0,5,5,5 S 0-0"), "{out}");
    assert!(out.contains("result: ongoing"), "{out}");
}

#[test]
fn tablebase_build_and_probe_for_oware() {
    let dir = std::env::temp_dir().join(format!("oware-tools-tb-{}", std::process::id()));
    let d = dir.to_str().expect("a UTF-8 path");
    let out = said(&["tablebase", "build", "--max-seeds", "12", "--dir", d], "");
    assert!(out.contains("total: "), "{out}");
    let out = said(&["tablebase", "probe", "--dir", d, ENDGAME], "");
    assert!(out.contains("database: North wins by 8 seeds"), "{out}");
    assert!(out.contains("  4: North wins by 8 seeds"), "{out}");
    // The databases agree with the solver on the same position.
    let solved = said(
        &["solve", "--position", ENDGAME, "--tablebase", d, "--margin"],
        "",
    );
    assert!(solved.contains("database: "), "{solved}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn selfplay_and_serve_take_oware() {
    let out = said(&["selfplay", "--games", "4", "--seed", "1"], "");
    assert!(out.contains("oware"), "{out}");
    let out = said(&["serve", "--help"], "");
    assert!(out.contains("--port"), "{out}");
}
