//! The `sowing` program (the binary target, `cargo install --path cli`)
//! as a user runs it: from a directory of its own (not the checkout), its
//! help listing every tool, and selfplay, replay, engine (a protocol
//! script on standard input), serve (one HTTP request), completions and
//! the manual page.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// The program, run in a fresh directory outside the checkout.
fn sowing(dir: &str) -> (Command, PathBuf) {
    let cwd = std::env::temp_dir().join(format!("sowing-program-{dir}-{}", std::process::id()));
    std::fs::create_dir_all(&cwd).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_sowing"));
    command.current_dir(&cwd);
    (command, cwd)
}

fn run(dir: &str, args: &[&str]) -> Output {
    let (mut command, cwd) = sowing(dir);
    let out = command.args(args).output().unwrap();
    std::fs::remove_dir_all(cwd).ok();
    out
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "status {:?}; stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn help_lists_every_tool() {
    let help = stdout(&run("help", &["--help"]));
    for tool in [
        "play",
        "replay",
        "analyse",
        "solve",
        "tablebase",
        "selfplay",
        "playouts",
        "serve",
        "engine",
        "match",
        "accuracy",
        "tune",
        "completions",
        "man",
    ] {
        assert!(help.contains(&format!("\n  {tool} ")), "{tool} in\n{help}");
    }
    let version = stdout(&run("version", &["--version"]));
    assert!(version.starts_with("sowing "), "{version}");
    assert!(version.contains(env!("CARGO_PKG_VERSION")), "{version}");
    // `help TOOL` is the tool's own help, with its flags.
    let replay = stdout(&run("help-replay", &["help", "replay"]));
    assert!(replay.contains("Usage: sowing replay"), "{replay}");
    assert!(replay.contains("--position"), "{replay}");
    // `help` of the program's own words is clap's: no tool is named so.
    let help = stdout(&run("help-help", &["help", "help"]));
    assert!(help.contains("Usage: sowing"), "{help}");
    assert_eq!(run("help-nope", &["help", "nope"]).status.code(), Some(2));
}

/// Every tool the program's help lists answers `TOOL --help` and has a
/// manual page: a tool in run.rs's table but missing from its dispatch
/// or from the full command (the completions' and man pages') fails here.
#[test]
fn every_listed_tool_has_its_help_and_page() {
    let help = stdout(&run("listed", &["--help"]));
    let commands = help
        .split_once("Commands:\n")
        .expect("a Commands section")
        .1
        .split("\n\n")
        .next()
        .unwrap();
    let tools: Vec<&str> = commands
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| !["completions", "man", "help"].contains(name))
        .collect();
    assert!(tools.len() >= 12, "{tools:?}");
    for tool in tools {
        let own = stdout(&run(&format!("help-of-{tool}"), &[tool, "--help"]));
        assert!(own.contains(tool), "{tool} --help:\n{own}");
        let page = stdout(&run(&format!("man-of-{tool}"), &["man", tool]));
        assert!(page.contains(".TH"), "man {tool}:\n{page}");
    }
}

#[test]
fn selfplay_plays_games() {
    let out = stdout(&run(
        "selfplay",
        &["selfplay", "--variant", "sadeqa-iii", "--games", "4"],
    ));
    assert!(out.contains("sadeqa-iii"), "{out}");
}

#[test]
fn replay_replays_a_record() {
    // RULES.md section 5's worked opening of Sadeqa III: South's pit 1.
    let out = stdout(&run("replay", &["replay", "--variant", "sadeqa-iii", "1"]));
    assert!(
        out.contains("sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0"),
        "{out}"
    );
}

#[test]
fn engine_answers_a_protocol_script() {
    let (mut command, cwd) = sowing("engine");
    let mut child = command
        .args(["engine", "--variant", "sadeqa-iii"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"uci\nisready\nposition startpos moves 1\ngo depth 3\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(cwd).ok();
    let text = stdout(&out);
    assert!(text.contains("uciok\n"), "{text}");
    assert!(text.contains("readyok\n"), "{text}");
    // After South's pit 1, North may play 1, 2, 3, 6, 7 or 8.
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    assert!(["1", "2", "3", "6", "7", "8"].contains(&best), "{text}");
}

#[test]
fn serve_answers_a_request() {
    let (mut command, cwd) = sowing("serve");
    let mut child = command
        .args(["serve", "--port", "0", "--memory"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The address is on the line "serving the board on http://...".
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let address = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| {
            l.split_once("http://")
                .map(|(_, a)| a.trim_end_matches('/').to_string())
        })
        .expect("the server names its address");
    let mut stream = TcpStream::connect(&address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream
        .write_all(b"GET /api HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    child.kill().ok();
    child.wait().ok();
    std::fs::remove_dir_all(cwd).ok();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"sadeqa-iii\""), "{response}");
}

#[test]
fn completions_and_the_manual_page() {
    let bash = stdout(&run("bash", &["completions", "bash"]));
    assert!(bash.contains("_sowing()"), "{bash}");
    // The tools' own flags are completed, not only their names.
    assert!(bash.contains("--max-seeds"), "tablebase build's flag");
    for shell in ["zsh", "fish"] {
        assert!(!stdout(&run(shell, &["completions", shell])).is_empty());
    }
    let man = stdout(&run("man", &["man"]));
    assert!(man.contains(".TH sowing 1"), "{man}");
    let play = stdout(&run("man-play", &["man", "play"]));
    assert!(play.contains(".TH sowing-play 1"), "{play}");
    assert!(play.contains("\\-\\-variant"), "{play}");
    // A shell or tool it does not know is a usage error.
    assert_eq!(run("bad", &["completions", "tcsh"]).status.code(), Some(2));
    assert_eq!(run("bad-man", &["man", "chess"]).status.code(), Some(2));
}
