//! `engine` and `match` driven as processes: the engine is this test
//! binary run again for one of the `engine_child_*` tests (which run the
//! tool only when the marker argument is given), so that the test talks to
//! it over its standard input and output as a GUI or the match runner does.

use sowing::{Position, Record};
use sowing_cli::Games;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The argument that makes an `engine_child_*` test run the tool.
const MARKER: &str = "sowing_engine_child_marker";
mod common;
use common::Tiny;

/// Whether this process is an engine child (the marker is among the
/// arguments).
fn is_child() -> bool {
    std::env::args().any(|a| a == MARKER)
}

/// Runs `engine` with `args` for `games` and exits with its status.
fn run_engine(games: &Games, args: &[&str]) {
    let args = std::iter::once(OsString::from("engine")).chain(args.iter().map(OsString::from));
    let code = sowing_cli::engine::main_with(games, args);
    std::io::stdout().flush().unwrap();
    std::process::exit(if code == ExitCode::SUCCESS { 0 } else { 2 });
}

#[test]
fn engine_child_alphabeta() {
    if is_child() {
        run_engine(&Games::built_in(), &["--player", "alphabeta"]);
    }
}

#[test]
fn engine_child_greedy() {
    if is_child() {
        run_engine(&Games::built_in(), &["--player", "greedy"]);
    }
}

#[test]
fn engine_child_tiny() {
    if is_child() {
        run_engine(&Games::from([Tiny]), &[]);
    }
}

/// An engine whose command line is wrong: the real engine with a player
/// it does not know, which says so on its standard error and exits.
#[test]
fn engine_child_bad_player() {
    if is_child() {
        run_engine(&Games::built_in(), &["--player", "alphabeta:eval=bogus"]);
    }
}

/// An engine that speaks the protocol but answers every `go` with pit 9.
#[test]
fn engine_child_illegal() {
    if !is_child() {
        return;
    }
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let reply = match line.split_whitespace().next() {
            Some("uci") => "uciok",
            Some("isready") => "readyok",
            Some("go") => "bestmove 9",
            Some("quit") => std::process::exit(0),
            _ => continue,
        };
        println!("{reply}");
        std::io::stdout().flush().unwrap();
    }
    std::process::exit(0);
}

/// The command that starts the engine child `name`.
fn engine_command(name: &str) -> String {
    format!(
        "{} --exact {name} {MARKER} --nocapture --test-threads=1 --quiet",
        std::env::current_exe().unwrap().display()
    )
}

/// An engine child, talked to line by line.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(name: &str) -> Engine {
        let command = engine_command(name);
        let mut words = command.split_whitespace();
        let mut child = Command::new(words.next().unwrap())
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines: rx,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and with the first starting with `word`, within `limit`.
    fn until(&mut self, word: &str, limit: Duration) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(word);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no {word:?} within {limit:?} ({e}); saw {seen:?}"),
            }
        }
    }

    /// The one line answering `line` (after `isready`: `readyok` ends it).
    fn answer(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut seen = self.until("readyok", Duration::from_secs(10));
        seen.pop();
        seen.retain(|l| !l.is_empty() && !l.starts_with("running "));
        seen
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

const SECOND: Duration = Duration::from_secs(1);

/// The move of a `bestmove` line.
fn best(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{last}"))
        .to_string()
}

#[test]
fn a_scripted_session_gives_a_legal_best_move() {
    let mut e = Engine::start("engine_child_alphabeta");
    e.send("uci");
    let hello = e.until("uciok", 10 * SECOND);
    let hello: Vec<&str> = hello.iter().map(String::as_str).collect();
    assert!(hello.contains(&"id name sowing 0.4.0"), "{hello:?}");
    assert!(
        hello.contains(&"option name Variant type string default sadeqa-v"),
        "{hello:?}"
    );
    assert!(hello.iter().any(|l| l.starts_with("option name Player")));
    assert!(hello.iter().any(|l| l.starts_with("option name Hash")));
    assert!(hello.iter().any(|l| l.starts_with("option name Tablebase")));
    assert!(
        hello.contains(&"option name Eval type combo default auto var auto var standard var tuned"),
        "{hello:?}"
    );
    assert!(
        e.answer("setoption name Variant value sadeqa-iii")
            .is_empty()
    );
    assert!(e.answer("ucinewgame").is_empty());
    assert!(e.answer("position startpos moves 7 6").is_empty());
    let pos = Position::new(sowing::rulesets::SadeqaIII::new());
    let game = sowing::Game::from_record(pos, &"7/6".parse::<Record>().unwrap()).unwrap();
    // Each evaluation.
    for eval in ["auto", "standard", "tuned"] {
        assert!(
            e.answer(&format!("setoption name Eval value {eval}"))
                .is_empty()
        );
        e.send("go depth 4");
        let lines = e.until("bestmove", 10 * SECOND);
        let info = &lines[lines.len() - 2];
        assert!(info.starts_with("info depth 4 score "), "{info}");
        assert!(info.contains(" nodes ") && info.contains(" nps ") && info.contains(" pv "));
        let mv: sowing::Move = best(&lines).parse().unwrap();
        assert!(game.legal_moves().contains(mv), "{mv}");
    }
    // A win the search proves, from a position string, by MCTS too.
    assert!(
        e.answer("setoption name Variant value sadeqa-ii")
            .is_empty()
    );
    assert!(
        e.answer("position fen sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14")
            .is_empty()
    );
    e.send("go depth 8");
    let lines = e.until("bestmove", 10 * SECOND);
    assert!(lines[lines.len() - 2].contains("score win 5"), "{lines:?}");
    assert_eq!(best(&lines), "5");
    assert!(e.answer("setoption name Player value uct").is_empty());
    // UCT has no choice of evaluation (random playouts).
    let refused = e.answer("setoption name Eval value tuned");
    assert!(
        refused[0].starts_with("info string error: setoption Eval: the player uct"),
        "{refused:?}"
    );
    assert!(e.answer("setoption name Player value mcts").is_empty());
    assert!(e.answer("setoption name Eval value tuned").is_empty());
    e.send("go movetime 50");
    let lines = e.until("bestmove", 10 * SECOND);
    assert!(["1", "2", "3", "4", "5", "6"].contains(&best(&lines).as_str()));
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut e = Engine::start("engine_child_alphabeta");
    assert!(e.answer("setoption name Variant value game-91").is_empty());
    assert!(e.answer("position startpos").is_empty());
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // `isready` is answered while it searches.
    e.send("isready");
    e.until("readyok", SECOND);
    let asked = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove", SECOND);
    let took = asked.elapsed();
    eprintln!("stop answered in {took:?}");
    assert!(took < Duration::from_millis(250), "{took:?}");
    assert_ne!(best(&lines), "none");
    e.quit();
}

/// `stop` ends an MCTS or UCT search under a long budget (a minute, or a
/// hundred million playouts) at once, with a move: these searches used to
/// read the flag only when infinite, and ran their budget out.
#[test]
fn stop_ends_a_long_mcts_search_at_once() {
    let mut e = Engine::start("engine_child_alphabeta");
    assert!(e.answer("setoption name Variant value game-91").is_empty());
    for (player, go) in [
        ("mcts", "go movetime 60000"),
        ("uct", "go movetime 60000"),
        ("mcts", "go nodes 100000000"),
        ("uct", "go nodes 100000000"),
    ] {
        assert!(
            e.answer(&format!("setoption name Player value {player}"))
                .is_empty()
        );
        assert!(e.answer("position startpos").is_empty());
        e.send(go);
        std::thread::sleep(Duration::from_millis(200));
        let asked = Instant::now();
        e.send("stop");
        let lines = e.until("bestmove", 10 * SECOND);
        let took = asked.elapsed();
        assert!(
            took < 2 * SECOND,
            "{player}, {go}: stop answered in {took:?}"
        );
        assert_ne!(best(&lines), "none", "{player}, {go}");
    }
    e.quit();
}

#[test]
fn malformed_lines_are_errors_that_change_nothing() {
    let mut e = Engine::start("engine_child_alphabeta");
    assert!(
        e.answer("setoption name Variant value sadeqa-ii")
            .is_empty()
    );
    assert!(
        e.answer("position fen sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14")
            .is_empty()
    );
    for bad in [
        "jump",
        "position",
        "position startpos moves 9",
        "position startpos moves 1 x",
        "position fen",
        "position fen sadeqa-ii 1,2,3 S 0-0",
        "position middle",
        "go depth 0",
        "go depth",
        "go sideways 3",
        "setoption name Variant value chess",
        "setoption name Hash value lots",
        "setoption name Player value minimax",
        "setoption name Eval value best",
        "setoption name Eval",
        "setoption name Colour value red",
        "setoption name Tablebase value /nonexistent/sowing",
        "setoption Variant",
    ] {
        let lines = e.answer(bad);
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{bad}: {lines:?}"
        );
    }
    // A line that is not UTF-8 text is refused as any other bad line, and
    // the engine reads on.
    e.input.write_all(b"\xff\xfe\n").unwrap();
    let lines = e.answer("");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string error: "), "{lines:?}");
    // The position, game and player are those from before.
    e.send("go depth 8");
    let lines = e.until("bestmove", 10 * SECOND);
    assert!(lines[lines.len() - 2].contains("score win 5"), "{lines:?}");
    assert_eq!(best(&lines), "5");
    e.quit();
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut e = Engine::start("engine_child_alphabeta");
    assert!(
        e.answer("setoption name Variant value sadeqa-ii")
            .is_empty()
    );
    // Every seed captured: the game is over (a draw).
    assert!(
        e.answer("position fen sadeqa-ii 0,0,0,0,0,0/0,0,0,0,0,0 S 18-18")
            .is_empty()
    );
    e.send("go depth 3");
    assert_eq!(
        e.until("bestmove", 10 * SECOND).last().unwrap(),
        "bestmove none"
    );
    e.quit();
}

/// After `1 3 6 3` in Sadeqa III, South's move 4 is a relay sowing still
/// undecided after the turn's trials (its exact proof takes minutes,
/// RULES.md section 2); the others are known to end. The engine chooses
/// among those at once, and answers `isready` meanwhile (it hung in a
/// match before).
#[test]
fn a_move_still_undecided_does_not_hold_up_go() {
    let mut e = Engine::start("engine_child_alphabeta");
    assert!(
        e.answer("setoption name Variant value sadeqa-iii")
            .is_empty()
    );
    assert!(e.answer("position startpos moves 1 3 6 3").is_empty());
    e.send("go movetime 50");
    e.send("isready");
    let lines = e.until("bestmove", 10 * SECOND);
    assert!(lines.iter().any(|l| l == "readyok"), "{lines:?}");
    let mv = best(&lines);
    assert!(
        ["1", "2", "3", "5", "6", "7"].contains(&mv.as_str()),
        "{mv}"
    );
    e.quit();
}

#[test]
fn the_engine_plays_a_game_defined_in_the_test() {
    let mut e = Engine::start("engine_child_tiny");
    e.send("uci");
    let hello = e.until("uciok", 10 * SECOND);
    assert!(
        hello.contains(&"option name Variant type string default tiny".to_string()),
        "{hello:?}"
    );
    let err = e.answer("setoption name Variant value sadeqa-v");
    assert!(
        err[0].contains("unknown variant \"sadeqa-v\": expected tiny"),
        "{err:?}"
    );
    assert!(e.answer("position startpos moves 1").is_empty());
    e.send("go depth 6");
    let lines = e.until("bestmove", 10 * SECOND);
    let mv: sowing::Move = best(&lines).parse().unwrap();
    let game =
        sowing::Game::from_record(Position::new(Tiny), &"1".parse::<Record>().unwrap()).unwrap();
    assert!(game.legal_moves().contains(mv), "{mv}");
    e.quit();
}

/// The games of a records file: (result, termination, record).
fn read_records(path: &std::path::Path) -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.split("\n\n")
        .filter(|g| !g.trim().is_empty())
        .map(|g| {
            let tag = |name: &str| {
                g.lines()
                    .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
                    .map(|v| v.trim_end_matches("\"]").to_string())
                    .unwrap()
            };
            let record = g.lines().last().unwrap().to_string();
            (tag("Result"), tag("Termination"), record)
        })
        .collect()
}

/// Two games of Sadeqa III at 20 ms a move, the greedy engine first and
/// `second` second, written to `records`; the games read back.
fn two_games(second: &str, records: &std::path::Path) -> Vec<(String, String, String)> {
    let code = two_game_match(&engine_command("engine_child_greedy"), second, records);
    assert_eq!(code, ExitCode::SUCCESS);
    read_records(records)
}

/// A match of two games of Sadeqa III at 20 ms a move between `first`
/// and `second`, written to `records`; its exit code.
fn two_game_match(first: &str, second: &str, records: &std::path::Path) -> ExitCode {
    sowing_cli::match_runner::main_with(
        &Games::built_in(),
        [
            "match",
            "--engine",
            first,
            "--engine",
            second,
            "--variant",
            "sadeqa-iii",
            "--games",
            "2",
            "--movetime",
            "20",
            "--records",
            records.to_str().unwrap(),
        ]
        .map(OsString::from),
    )
}

#[test]
fn a_short_match_between_two_engines() {
    let dir = std::env::temp_dir().join(format!("sowing-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("games.txt");
    let code = sowing_cli::match_runner::main_with(
        &Games::built_in(),
        [
            "match",
            "--engine",
            &engine_command("engine_child_alphabeta"),
            "--engine",
            &engine_command("engine_child_greedy"),
            "--variant",
            "sadeqa-iii",
            "--games",
            "4",
            "--depth",
            "2",
            "--random-plies",
            "2",
            "--concurrency",
            "2",
            "--records",
            records.to_str().unwrap(),
        ]
        .map(OsString::from),
    );
    assert_eq!(code, ExitCode::SUCCESS);
    let games = read_records(&records);
    assert_eq!(games.len(), 4, "{games:?}");
    for (result, termination, record) in &games {
        // Each record replays under the rules to the result it claims.
        let record: Record = record.parse().unwrap();
        let game =
            sowing::Game::from_record(Position::new(sowing::rulesets::SadeqaIII::new()), &record)
                .unwrap();
        assert_eq!(game.outcome().to_string(), *termination);
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()));
    }
    // An engine that sends an illegal move loses each game, and the match
    // goes on.
    let games = two_games(&engine_command("engine_child_illegal"), &records);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].0, "1-0");
    assert_eq!(games[1].0, "0-1");
    for (_, termination, _) in &games {
        assert!(
            termination.starts_with("the second engine illegal move 9"),
            "{termination}"
        );
    }
    // An engine that cannot play at all, first or second (one that
    // refuses its command line, one that is not there), ends the match
    // before its first game: no game is played or written. (Each would
    // lose every game, and every opening split one game each reads as a
    // match between equals.)
    for engines in [
        [
            engine_command("engine_child_greedy"),
            engine_command("engine_child_bad_player"),
        ],
        [
            "/nonexistent/engine".to_string(),
            engine_command("engine_child_greedy"),
        ],
    ] {
        let _ = std::fs::remove_file(&records);
        let code = two_game_match(&engines[0], &engines[1], &records);
        assert_ne!(code, ExitCode::SUCCESS, "{engines:?}");
        assert!(!records.exists(), "{engines:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An SPRT decided while other games are still being played stops there:
/// those games are not counted (nor written), so the verdict reported is
/// the one reached, never taken back by a game that ended after it.
#[test]
fn an_sprt_stops_at_its_decision_with_games_in_flight() {
    use sowing_cli::match_runner::Sprt;
    let dir = std::env::temp_dir().join(format!("sowing-sprt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("games.txt");
    // Wide bounds (about ±0.4): decided within a few games of mixed results.
    let words = ["elo0=0", "elo1=400", "alpha=0.4", "beta=0.4"];
    let code = sowing_cli::match_runner::main_with(
        &Games::built_in(),
        [
            "match",
            "--engine",
            &engine_command("engine_child_alphabeta"),
            "--engine",
            &engine_command("engine_child_greedy"),
            "--variant",
            "sadeqa-iii",
            "--games",
            "60",
            "--depth",
            "2",
            "--random-plies",
            "4",
            "--concurrency",
            "4",
            "--records",
            records.to_str().unwrap(),
            "--sprt",
        ]
        .into_iter()
        .chain(words)
        .map(OsString::from),
    );
    assert_eq!(code, ExitCode::SUCCESS);
    let sprt = Sprt::parse(&words.map(String::from)).unwrap();
    // The games in the order they were counted (and written): the verdict
    // is first reached at the last of them.
    let text = std::fs::read_to_string(&records).unwrap();
    let games: Vec<&str> = text
        .split("\n\n")
        .filter(|g| !g.trim().is_empty())
        .collect();
    assert!(games.len() < 60, "the SPRT never decided");
    let mut wdl = [0u32; 3];
    for (n, game) in games.iter().enumerate() {
        assert_eq!(
            sprt.decision(wdl),
            None,
            "decided after {n} games, {wdl:?}, yet more were counted"
        );
        let first_south = game.contains(&format!(
            "[South \"{}\"]",
            engine_command("engine_child_alphabeta")
        ));
        let result = game
            .lines()
            .find_map(|l| l.strip_prefix("[Result \""))
            .unwrap()
            .trim_end_matches("\"]");
        let i = match (result, first_south) {
            ("1/2-1/2", _) => 1,
            ("1-0", true) | ("0-1", false) => 0,
            _ => 2,
        };
        wdl[i] += 1;
    }
    assert!(sprt.decision(wdl).is_some(), "{wdl:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The `info` line ending a search, without its timing (`nps`, `time`).
fn searched(lines: &[String]) -> String {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{lines:?}"));
    let words: Vec<&str> = info.split_whitespace().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if matches!(words[i], "nps" | "time") {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

/// Another evaluation (or player) empties the table: the next search is
/// the new evaluation's own, as in a fresh engine, not values read back
/// from the old one's searches (Sadeqa II after the forced opening).
#[test]
fn another_evaluation_searches_afresh() {
    let search = |e: &mut Engine| {
        e.send("position startpos moves 6 6");
        e.send("go depth 8");
        let lines = e.until("bestmove", 30 * SECOND);
        (searched(&lines), best(&lines))
    };
    let mut fresh = Engine::start("engine_child_alphabeta");
    fresh.answer("setoption name Variant value sadeqa-ii");
    fresh.answer("setoption name Eval value standard");
    let standard = search(&mut fresh);
    fresh.quit();
    let mut e = Engine::start("engine_child_alphabeta");
    e.answer("setoption name Variant value sadeqa-ii");
    e.answer("setoption name Eval value tuned");
    let tuned = search(&mut e);
    assert_ne!(tuned, standard, "the two evaluations search alike");
    e.answer("setoption name Eval value standard");
    assert_eq!(search(&mut e), standard);
    e.answer("setoption name Player value alphabeta:eval=tuned");
    assert_eq!(search(&mut e), tuned);
    e.quit();
}
