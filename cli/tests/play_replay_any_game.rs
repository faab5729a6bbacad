//! `play` and `replay` for a game the crates do not know: a tiny game
//! defined here, offered by a program through `Games::from([Tiny])`.
//!
//! Each test runs the tool's `main_with` in a child process (this test
//! binary run again, for the one test, with `TOOL_CHILD` set), so that what
//! a person types reaches its standard input and what it prints can be
//! read back.

use sowing::tablebase::Builder;
use sowing_cli::Games;
use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, ExitCode, Stdio};
mod common;
use common::Tiny;

/// The tool `tool` of a program that offers only [`Tiny`], run in a child
/// process with `args` and `stdin`: its exit status and standard output.
fn run(test: &str, tool: &str, args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env("TOOL_CHILD", tool)
        .env("TOOL_ARGS", args.join("\u{1f}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// In the child process: runs the tool and exits with its status (0, or 2
/// for an error). `false` in the parent.
fn child() -> bool {
    let Ok(tool) = std::env::var("TOOL_CHILD") else {
        return false;
    };
    let args = std::env::var("TOOL_ARGS").unwrap();
    let args = std::iter::once(OsString::from(tool.as_str())).chain(
        args.split('\u{1f}')
            .filter(|a| !a.is_empty())
            .map(OsString::from),
    );
    let games = Games::from([Tiny]);
    let code = match tool.as_str() {
        "play" => sowing_cli::play::main_with(&games, args),
        "replay" => sowing_cli::replay::main_with(&games, args),
        _ => unreachable!(),
    };
    std::io::stdout().flush().unwrap();
    std::process::exit(if code == ExitCode::SUCCESS { 0 } else { 2 });
}

#[test]
fn play_offers_a_game_defined_outside_the_crates() {
    if child() {
        return;
    }
    let test = "play_offers_a_game_defined_outside_the_crates";
    // Its default game is the program's first: the person moves, asks for
    // a hint (the solver and the alpha-beta search on Tiny), types a pit
    // off the board (the board's own range), and quits.
    let (code, out, err) = run(
        test,
        "play",
        &["--north", "alphabeta:2", "--hint-time", "0.2"],
        "2\nhint\n4\nundo\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("Tiny (a test game of 2 x 3 pits)"), "{out}");
    assert!(out.contains("Position: tiny 2,2,2/2,2,2 S 0-0"), "{out}");
    assert!(out.contains("Ply 1: South plays 2."), "{out}");
    assert!(out.contains("Hint: play"), "{out}");
    assert!(
        out.contains("Refused: move 4 is not legal: there is no pit 4: pits are numbered 1 to 3."),
        "{out}"
    );
    assert!(out.contains("Took back 2 move(s)"), "{out}");
    assert!(out.contains("Game abandoned after 0 plies."), "{out}");
    // Between computer players, the game is played to its end.
    let (code, out, err) = run(
        test,
        "play",
        &["--south", "random", "--north", "greedy", "--seed", "7"],
        "",
    );
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("Result: "), "{out}");
    assert!(out.contains("Record: "), "{out}");
    // A built-in game is not this program's.
    let (code, out, err) = run(test, "play", &["--variant", "sadeqa-v"], "");
    assert_eq!(code, Some(2), "{out}");
    assert!(
        err.contains("play: unknown variant \"sadeqa-v\": expected tiny"),
        "{err}"
    );
}

#[test]
fn play_hints_from_the_databases_of_a_game_defined_outside_the_crates() {
    if child() {
        return;
    }
    let test = "play_hints_from_the_databases_of_a_game_defined_outside_the_crates";
    let dir = std::env::temp_dir().join(format!("sowing-cli-tiny-tb-{}", std::process::id()));
    Builder::new(Tiny, &dir)
        .max_seeds(12)
        .threads(1)
        .build(|_| {})
        .unwrap();
    let (code, out, err) = run(
        test,
        "play",
        &["--tablebase", dir.to_str().unwrap(), "--north", "random"],
        "hint\nquit\n",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("from the databases)."), "{out}");
}

#[test]
fn replay_replays_a_game_defined_outside_the_crates() {
    if child() {
        return;
    }
    let test = "replay_replays_a_game_defined_outside_the_crates";
    let (code, out, err) = run(test, "replay", &["--variant", "tiny", "1/1"], "");
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("1 1 tiny 0,3,3/2,2,2 N 0-0\n"), "{out}");
    assert!(out.contains("2 1 tiny 0,3,3/0,3,3 S 0-0\n"), "{out}");
    assert!(out.contains("legal: 2 3\n"), "{out}");
    assert!(out.contains("result: ongoing\n"), "{out}");
    // From a position string, whose variant field names the game.
    let (code, out, err) = run(
        test,
        "replay",
        &["--position", "tiny 0,0,1/2,0,0 S 5-4", "3"],
        "",
    );
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("1 3 tiny 0,0,0/0,0,0 N 8-4\n"), "{out}");
    assert!(out.contains("result: South wins 8-4\n"), "{out}");
    // A pit off this board, named before anything is played.
    let (code, out, err) = run(test, "replay", &["--variant", "tiny", "1/5"], "");
    assert_eq!(code, Some(2));
    assert!(!out.contains("1 1 tiny"), "{out}");
    assert!(
        err.contains("replay: bad record: ply 2: move 5 is not legal: there is no pit 5"),
        "{err}"
    );
}
