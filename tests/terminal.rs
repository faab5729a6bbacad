//! The terminal examples as a new user meets them (issue 10): `play`'s lines
//! fit 80 columns, its result says why, a bad `--position` is refused as
//! `replay` refuses it, a pit outside the board gets the board's range; a bad
//! move in a long record is named without repeating the record; `solve
//! --check` names a strategy of another reading or winner; `play` proves an
//! undecided move on another thread, and a typed line stops the proof.
//!
//! Runs the example binaries that `cargo test` builds next to the test
//! binaries (`target/<profile>/examples/`).

use sowing::AnyPosition;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The example binary `name`, built by `cargo test` with the tests.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/terminal-<hash> -> target/<profile>/examples/<name>
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    let path = dir.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is missing: run the whole `cargo test`, which builds the examples",
        path.display()
    );
    path
}

fn run(name: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the example ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `--time` bounds the proofs of endless sowings at the root too: `solve`
/// answers "unknown", `analyse` says what it could not finish (on the
/// slow position of docs/GAMES.md, whose move 5 takes minutes to prove).
#[test]
fn time_bounds_the_root_proofs_of_solve_and_analyse() {
    let slow = "sadeqa-iii 0,14,2,14,2,2,1,3/4,13,0,7,2,7,4,1 S 8-12";
    let out = ran("solve", &["--position", slow, "--time", "0.5"], "");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("result: unknown: the time ran out proving whether move 5 ever ends"),
        "{stdout}"
    );
    let out = run("analyse", &["--position", slow, "--time", "0.5"], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the time (--time 0.5) ran out proving whether move 5 ever ends"),
        "{stderr}"
    );
    for example in ["solve", "analyse"] {
        let out = run(example, &["--position", slow, "--time", "0"], "");
        assert_eq!(out.status.code(), Some(2), "{example}");
        assert!(text(&out.stderr).contains("more than 0"), "{example}");
    }
}

/// `solve <flag> <file>` for a file that cannot be written: refused, the
/// file named, before any search.
fn solve_refuses_before_the_search(flag: &str, file: &str) {
    let out = run(
        "solve",
        &["--variant", "game-91", "--time", "5", flag, file],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{flag}");
    assert!(text(&out.stderr).contains(&format!("cannot create {file}")));
    assert!(
        !text(&out.stdout).contains("result:"),
        "{flag}: refused before the search"
    );
}

/// `solve --certificate FILE`, as `--strategy`: a file that cannot be
/// written is named before the search (it was named only after it); one
/// made for a result that was not proved is not left behind, and a file
/// that was there is left as it was.
#[test]
fn solve_names_an_unwritable_certificate_before_the_search() {
    solve_refuses_before_the_search("--certificate", "/nonexistent/dir/x.cert");
    let file = std::env::temp_dir().join(format!("sowing-unproved-{}.cert", std::process::id()));
    let path = file.to_str().expect("a UTF-8 temporary path");
    let args = [
        "--variant",
        "game-91",
        "--nodes",
        "4096",
        "--certificate",
        path,
    ];
    let out = ran("solve", &args, "");
    assert!(text(&out.stdout).contains("nothing was proved"));
    assert!(!file.exists(), "no empty certificate left behind");
    std::fs::write(&file, "kept").expect("a file");
    ran("solve", &args, "");
    assert_eq!(std::fs::read_to_string(&file).expect("still there"), "kept");
    std::fs::remove_file(&file).ok();
}

/// `solve --strategy FILE`: a file that cannot be written is named before
/// the search; with no proved winner nothing is written, and it says so;
/// `--margin` is refused where the game has no score.
#[test]
fn solve_names_an_unwritable_or_unwritten_strategy_and_a_pointless_margin() {
    solve_refuses_before_the_search("--strategy", "/nonexistent/dir/x");
    let file =
        std::env::temp_dir().join(format!("sowing-unwritten-{}.strategy", std::process::id()));
    let path = file.to_str().expect("a UTF-8 temporary path");
    let out = ran(
        "solve",
        &[
            "--variant",
            "game-91",
            "--nodes",
            "4096",
            "--strategy",
            path,
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("result: unknown"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "strategy: not written to {path}: no side was proved to win"
        )),
        "{stdout}"
    );
    assert!(!file.exists(), "the file made for it is removed");
    let out = run("solve", &["--variant", "sadeqa-ii", "--margin"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--margin applies to the games with a score"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn every_line_of_play_fits_80_columns_and_the_result_says_why() {
    for variant in [
        "sadeqa-v",
        "sadeqa-ii",
        "sadeqa-iii",
        "game-91",
        "andada",
        "andada-24",
    ] {
        for seed in ["1", "2"] {
            let out = ran(
                "play",
                &[
                    "--variant",
                    variant,
                    "--south",
                    "random",
                    "--north",
                    "greedy",
                    "--seed",
                    seed,
                ],
                "",
            );
            let stdout = text(&out.stdout);
            for line in stdout.lines() {
                assert!(
                    line.chars().count() <= 80,
                    "{variant}: {} columns: {line}",
                    line.len()
                );
            }
            let result = stdout
                .lines()
                .find(|l| l.starts_with("Result: "))
                .unwrap_or_else(|| panic!("{variant}: a result line in\n{stdout}"));
            assert!(
                [
                    "cannot move",
                    "row is empty",
                    "repetition",
                    "Neither player can move"
                ]
                .iter()
                .any(|why| result.contains(why)),
                "{variant}: {result}"
            );
            if variant.starts_with("andada") || variant == "sadeqa-ii" {
                // Removed seeds are no score: the result shows none.
                assert!(!result.chars().any(|c| c.is_ascii_digit()), "{result}");
                assert!(stdout.contains("(no score)"));
            }
            // A bonus move is never announced right before the end.
            let lines: Vec<&str> = stdout.lines().collect();
            for pair in lines.windows(2) {
                assert!(
                    !(pair[0].contains("bonus move") && pair[1].contains("The game is over")),
                    "{variant}: {pair:?}"
                );
            }
        }
    }
}

#[test]
fn a_wrapped_position_string_joins_back_into_one() {
    let out = run(
        "play",
        &[
            "--variant",
            "andada-24",
            "--south",
            "random",
            "--north",
            "random",
            "--seed",
            "5",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    let start = stdout.find("  Position: ").expect("a position line") + "  Position: ".len();
    let rest = &stdout[start..];
    // A shell removes backslash-newline inside double quotes.
    let mut joined = String::new();
    for line in rest.lines() {
        match line.strip_suffix('\\') {
            Some(part) => joined.push_str(part.trim_start()),
            None => {
                joined.push_str(line.trim_start());
                break;
            }
        }
    }
    let pos: AnyPosition = joined.parse().expect("the joined string parses");
    assert_eq!(pos.to_string(), joined);
}

#[test]
fn play_announces_the_andada_opening_before_asking_for_it() {
    let out = run("play", &["--variant", "andada", "--south", "human"], "");
    let stdout = text(&out.stdout);
    let announced = stdout.find("makes the opening move").expect("announced");
    let asked = stdout.find("your move").expect("asked");
    assert!(announced < asked);
}

#[test]
fn play_refuses_a_position_of_another_variant_as_replay_does() {
    let position = "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0";
    let play = run(
        "play",
        &["--variant", "sadeqa-v", "--position", position],
        "",
    );
    let replay = run(
        "replay",
        &["--variant", "sadeqa-v", "--position", position],
        "",
    );
    assert_eq!(play.status.code(), Some(2));
    assert_eq!(replay.status.code(), Some(2));
    let why = "--variant sadeqa-v and the position string name different games: the string \
               is a sadeqa-iii position, not sadeqa-v";
    assert!(text(&play.stderr).contains(why), "{}", text(&play.stderr));
    assert!(
        text(&replay.stderr).contains(why),
        "{}",
        text(&replay.stderr)
    );
}

#[test]
fn a_pit_outside_the_board_gets_the_boards_range() {
    let out = run("play", &["--variant", "sadeqa-iii"], "0\n25\nquit\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("there is no pit 0: pits are numbered 1 to 8"),
        "{stdout}"
    );
    assert!(
        stdout.contains("there is no pit 25: pits are numbered 1 to 8"),
        "{stdout}"
    );
    assert!(!stdout.contains("24 at most"));
}

#[test]
fn a_bad_move_in_a_long_record_is_named_without_the_record() {
    // 1 is legal from the start, then North's pit 4 is empty; 60,000 moves
    // follow.
    let record = format!("1/4/{}", vec!["1"; 60_000].join("/"));
    let out = run("replay", &["--variant", "sadeqa-iii", &record], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.len() < 200, "{} bytes: {stderr}", stderr.len());
    assert!(stderr.contains("ply 2: move 4 is not legal"), "{stderr}");
    // An entry that is not a move: named, not the whole record.
    let record = format!("1/zz/{}", vec!["1"; 60_000].join("/"));
    let out = run("replay", &["--variant", "sadeqa-iii", &record], "");
    let stderr = text(&out.stderr);
    assert!(stderr.len() < 200, "{} bytes: {stderr}", stderr.len());
    assert!(
        stderr.contains("ply 2") && stderr.contains("\"zz\""),
        "{stderr}"
    );
}

#[test]
fn solve_check_names_a_strategy_of_another_reading_or_winner() {
    let file =
        std::env::temp_dir().join(format!("sowing-terminal-{}.strategy", std::process::id()));
    let path = file.to_str().expect("a UTF-8 temporary path");
    let made = run(
        "solve",
        &[
            "--variant",
            "sadeqa-ii",
            "--starter-only",
            "--strategy",
            path,
        ],
        "",
    );
    assert!(made.status.success(), "{}", text(&made.stderr));

    // Checked under the default reading: the root's state field differs.
    let other = run("solve", &["--variant", "sadeqa-ii", "--check", path], "");
    let err = text(&other.stderr);
    assert_eq!(other.status.code(), Some(2), "{err}");
    assert!(
        err.contains("was written for sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:S, not for"),
        "{err}"
    );

    // North wins that reading; asking for South names both.
    let args = [
        "--variant",
        "sadeqa-ii",
        "--starter-only",
        "--check",
        path,
        "--winner",
        "S",
    ];
    let wrong = run("solve", &args, "");
    let err = text(&wrong.stderr);
    assert_eq!(wrong.status.code(), Some(2), "{err}");
    assert!(
        err.contains("is a strategy for North, not for South"),
        "{err}"
    );

    let right = run("solve", &args[..5], "");
    assert!(right.status.success(), "{}", text(&right.stdout));
    assert!(text(&right.stdout).contains("OK, North wins"));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn play_proves_an_undecided_move_while_a_typed_line_stops_it() {
    // South's pit 5 here has an endless cycle of 43,964,079,104 laps: its
    // proof would take minutes. The empty line stops it; the game goes on.
    let pos = "sadeqa-iii 0,14,2,14,2,2,1,3/4,13,0,7,2,7,4,1 S 8-12";
    let out = ran(
        "play",
        &["--position", pos, "--north", "random"],
        "5\n\n2\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Proving that move 5 ever ends"), "{stdout}");
    assert!(stdout.contains("Stopped proving move 5 after"), "{stdout}");
    assert!(stdout.contains("Ply 1: South plays 2."), "{stdout}");
    assert!(!stdout.contains("South plays 5"), "{stdout}");
}

#[test]
fn a_line_typed_during_a_proof_that_ends_first_is_read_as_a_move() {
    // South's pit 4 is endless after 205,848 laps: over the turn's budget,
    // so undecided at the prompt, but proved before the proof first looks
    // for a stop. The "3" typed meanwhile is then the next move.
    let pos = "sadeqa-iii 1,2,1,23,4,3,2,3/0,1,0,1,3,2,8,0 S 22-20";
    let args = ["--position", pos, "--north", "random", "--seed", "1"];
    let out = ran("play", &args, "4\n3\nquit\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("undecided, proved when chosen: 4"),
        "{stdout}"
    );
    assert!(stdout.contains("Refused: move 4 is endless"), "{stdout}");
    assert!(stdout.contains("Ply 1: South plays 3."), "{stdout}");

    // Proved endless, it is refused at once when chosen again.
    let out = run("play", &args, "4\n4\n3\nquit\n");
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("Proving that move 4").count(), 1, "{stdout}");
    assert!(stdout.contains("repeats forever (proved)"), "{stdout}");
    assert!(stdout.contains("Ply 1: South plays 3."), "{stdout}");
}

/// A hint comes within its time even where a move is undecided (its proof
/// would take about a minute here): it weighs the moves known to end and
/// says so.
#[test]
fn play_hint_weighs_only_the_moves_known_to_end() {
    let out = run(
        "play",
        &[
            "--position",
            "sadeqa-iii 5,0,5,11,1,4,12,0/1,11,13,0,11,8,1,0 N 4-9",
            "--north",
            "human",
            "--hint-time",
            "0.2",
        ],
        "hint\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("(Only moves known to end are weighed: not 2, undecided.)"),
        "{stdout}"
    );
    assert!(stdout.contains("Hint: play "), "{stdout}");
}

/// `analyse` and `solve` prove their position's undecided moves first, with
/// the progress on standard error, rather than silently inside the search.
#[test]
fn analyse_and_solve_report_the_proof_of_an_undecided_move() {
    // South's pit 1 returns to its first state after 16,484,936 laps: a
    // tenth of a second here alone, more on a busy machine (the time
    // bounds the proof too).
    let pos = "sadeqa-iii 9,7,3,2,1,3,6,1/0,3,8,3,2,3,4,1 S 33-7";
    for (name, args) in [
        ("analyse", vec!["--position", pos, "--time", "1"]),
        ("solve", vec!["--position", pos, "--time", "1"]),
    ] {
        let out = run(name, &args, "");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("proving whether move 1 ever ends"),
            "{name}: {stderr}"
        );
        assert!(stderr.contains("proved: legal moves"), "{name}: {stderr}");
        assert!(
            !stderr.contains("--lap-limit"),
            "{name} has no --lap-limit: {stderr}"
        );
    }
}

/// Under a lap limit the proof is bounded and says so; a move over the
/// limit is then refused at once, as over the limit, not as proved endless.
#[test]
fn play_under_a_lap_limit_names_the_limit_and_remembers_the_refusal() {
    let out = run(
        "play",
        &[
            "--position",
            "sadeqa-iii 5,0,5,11,1,4,12,0/1,11,13,0,11,8,1,0 N 4-9",
            "--north",
            "human",
            "--lap-limit",
            "100000",
        ],
        "2\n2\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("(at most 100000 laps)"), "{stdout}");
    assert_eq!(
        stdout.matches("did not end within the lap limit").count(),
        2,
        "{stdout}"
    );
    assert!(!stdout.contains("(proved)"), "{stdout}");
    assert!(stdout.contains("Legal moves: 1 3 5 6 7;"), "{stdout}");
    assert!(!stdout.contains("minutes"), "{stdout}");
}

/// [`run`] of a command that must succeed (the message shows its standard
/// error otherwise).
fn ran(name: &str, args: &[&str], stdin: &str) -> Output {
    let out = run(name, args, stdin);
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        text(&out.stderr)
    );
    out
}

/// A refused command line: a non-zero status and a message naming `flag`.
fn assert_refused(name: &str, args: &[&str], flag: &str, why: &str) {
    let out = run(name, args, "");
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{name} {args:?} ran: {stderr}");
    assert!(
        stderr.contains(flag) && stderr.contains(why),
        "{name} {args:?}: {stderr}"
    );
}

/// A position string names the side to move: `--first` with it is refused,
/// not ignored.
#[test]
fn first_with_a_position_is_refused() {
    let pos = "sadeqa-ii 1,5,5,1,0,1/5,5,0,4,4,0 S 4-1";
    for name in ["play", "replay"] {
        assert_refused(
            name,
            &["--first", "N", "--position", pos],
            "--first",
            "cannot be used with '--position",
        );
    }
    // Alone, each is accepted.
    ran("replay", &["--position", pos, "1"], "");
    ran("replay", &["--variant", "sadeqa-ii", "--first", "N"], "");
}

/// `solve --variant X --position "Y ..."` solved Y and said nothing.
#[test]
fn solve_refuses_a_variant_the_position_contradicts() {
    let pos = "sadeqa-ii 1,5,5,1,0,1/5,5,0,4,4,0 S 4-1";
    let out = run("solve", &["--variant", "sadeqa-v", "--position", pos], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--variant sadeqa-v and the position string name different games"),
        "{stderr}"
    );
    // The same variant is accepted.
    let args = ["--variant", "sadeqa-ii", "--position", pos, "--time", "0.1"];
    let out = ran("solve", &args, "");
    assert!(text(&out.stdout).contains(&format!("position: {pos}")));
}

/// Flags that did nothing, or values that play nothing, are refused.
#[test]
fn pointless_selfplay_and_play_flags_are_refused() {
    assert_refused(
        "selfplay",
        &["--players", "random,greedy"],
        "--tournament",
        "required",
    );
    for flag in ["--threads", "--games", "--ply-limit"] {
        assert_refused("selfplay", &[flag, "0"], flag, "1 at least");
    }
    assert_refused("play", &["--ply-limit", "0"], "--ply-limit", "1 at least");
    // Two commas in a row named no variant, and the message said only that.
    for list in ["sadeqa-ii,,sadeqa-iii", "sadeqa-ii,"] {
        assert_refused(
            "selfplay",
            &["--variant", list],
            "--variant",
            "an empty name",
        );
    }
    // The smallest values that mean something run.
    ran(
        "selfplay",
        &[
            "--variant",
            "sadeqa-ii",
            "--games",
            "1",
            "--threads",
            "1",
            "--ply-limit",
            "1",
        ],
        "",
    );
    ran(
        "selfplay",
        &[
            "--variant",
            "sadeqa-ii",
            "--games",
            "1",
            "--tournament",
            "--players",
            "random,greedy",
        ],
        "",
    );
}

/// `play --seed` with two people and `--hint-time` with two computer
/// players changed nothing and were accepted without a word.
#[test]
fn play_refuses_a_seed_or_a_hint_time_no_player_uses() {
    let humans = ["--south", "human", "--north", "human"];
    assert_refused(
        "play",
        &[&humans[..], &["--seed", "7"]].concat(),
        "--seed",
        "both sides are human",
    );
    let computers = ["--south", "random", "--north", "random"];
    assert_refused(
        "play",
        &[&computers[..], &["--hint-time", "1"]].concat(),
        "--hint-time",
        "no side is human",
    );
    // Where a player uses it, each is accepted.
    let args = ["--variant", "sadeqa-ii", "--north", "random", "--seed", "7"];
    ran(
        "play",
        &[&args[..], &["--hint-time", "1"]].concat(),
        "quit\n",
    );
    let args = [
        "--variant",
        "sadeqa-ii",
        "--south",
        "random",
        "--north",
        "random",
    ];
    ran("play", &[&args[..], &["--seed", "7"]].concat(), "");
}

/// The solver counts its nodes in steps of 4096: `--nodes 1000` searched
/// 4096 nodes and said so only in the result. A smaller budget is refused,
/// and `--help` states the minimum.
#[test]
fn solve_refuses_a_node_budget_below_its_step() {
    assert_refused(
        "solve",
        &["--nodes", "1000"],
        "--nodes",
        "below the minimum of 4096 nodes",
    );
    let out = ran("solve", &["--nodes", "4096"], "");
    assert!(
        text(&out.stdout).contains("nodes: 4096 expanded"),
        "{}",
        text(&out.stdout)
    );
    let help = text(&run("solve", &["--help"], "").stdout);
    assert!(help.contains("4096 at least"), "{help}");
}

/// Move 0 was "out of range: pit numbers run from 1 to 24 at most" in
/// `replay` and "there is no pit 0" in `play`: both now refuse it as a pit
/// outside the board, in the library's words.
#[test]
fn move_0_is_refused_in_the_same_words_by_play_and_replay() {
    let words = "move 0 is not legal: there is no pit 0: pits are numbered 1 to 8";
    let replay = run("replay", &["--variant", "sadeqa-iii", "0"], "");
    let stderr = text(&replay.stderr);
    assert_eq!(replay.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(words), "{stderr}");
    assert!(!stderr.contains("24 at most"), "{stderr}");
    let play = run("play", &["--variant", "sadeqa-iii"], "0\nquit\n");
    let stdout = text(&play.stdout);
    assert!(stdout.contains(words), "{stdout}");
    // Zeros, as many as may be typed.
    let zeros = "0".repeat(30);
    let replay = run(
        "replay",
        &["--variant", "sadeqa-iii", &format!("1/{zeros}")],
        "",
    );
    let stderr = text(&replay.stderr);
    assert!(
        stderr.contains(&format!(
            "ply 2: move {zeros} is not legal: there is no pit 0"
        )),
        "{stderr}"
    );
    let play = run(
        "play",
        &["--variant", "sadeqa-iii"],
        &format!("{zeros}\nquit\n"),
    );
    let stdout = text(&play.stdout);
    assert!(
        stdout.contains(&format!("move {zeros} is not legal: there is no pit 0")),
        "{stdout}"
    );
    // A pit past the board, too.
    let replay = run("replay", &["--variant", "sadeqa-iii", "1/25"], "");
    let stderr = text(&replay.stderr);
    assert!(
        stderr
            .contains("ply 2: move 25 is not legal: there is no pit 25: pits are numbered 1 to 8"),
        "{stderr}"
    );
}

/// End of input during a proof stopped it and asked again, and the game
/// ended on a second "End of input." without saying that the move was
/// dropped for the end of input. Now play says so, and a move typed just
/// before the end is still played.
#[test]
fn play_says_why_it_stops_when_input_ends_during_a_proof() {
    // South's pit 5 has an endless cycle of 43,964,079,104 laps.
    let pos = "sadeqa-iii 0,14,2,14,2,2,1,3/4,13,0,7,2,7,4,1 S 8-12";
    let args = ["--position", pos, "--north", "human"];
    let out = ran("play", &args, "5\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("End of input: stopped proving move 5 after"),
        "{stdout}"
    );
    assert!(stdout.contains("stops here"), "{stdout}");
    assert_eq!(stdout.matches("your move").count(), 1, "{stdout}");
    assert!(stdout.contains("Game abandoned after 0 plies."), "{stdout}");

    // The last line, typed during the proof, is the move played.
    let out = run("play", &args, "5\n2");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Ply 1: South plays 2."), "{stdout}");
    assert!(
        stdout.contains("End of input: the game stops here."),
        "{stdout}"
    );
    assert!(stdout.contains("Game abandoned after 1 ply."), "{stdout}");
}

/// `selfplay --exact` proves long cycles silently, and `--verbose` told of a
/// proof only once it ended: its progress now goes to standard error as it
/// runs, naming the game.
#[test]
fn selfplay_exact_reports_a_long_proof_as_it_runs() {
    // Game 102 of Sadeqa III meets a cycle of about 4,000,000 laps.
    let args = [
        "--variant",
        "sadeqa-iii",
        "--games",
        "102",
        "--threads",
        "1",
        "--exact",
    ];
    let out = ran("selfplay", &args, "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("sadeqa-iii game 102, ply 23, South: proving whether move 5 ever ends"),
        "{stderr}"
    );
    assert!(
        stderr.contains("move 5 never ends: its sowing returns to its start after"),
        "{stderr}"
    );
    // How long a proof can take, and how to stop it, is said once.
    assert_eq!(
        stderr
            .matches("an endless sowing's proof can take minutes")
            .count(),
        1,
        "{stderr}"
    );
    // Under the default lap limit the same games report nothing.
    let out = ran("selfplay", &args[..6], "");
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("proving whether"), "{stderr}");
}

/// `selfplay --tournament --exact`: a long proof is reported as it runs,
/// naming the variant, the pairing, the game and the ply.
#[test]
fn tournament_exact_reports_a_long_proof_as_it_runs() {
    // With seed 1, game 8 of random (South) against greedy meets a cycle of
    // 6,565,648 laps.
    let args = [
        "--tournament",
        "--players",
        "random,greedy",
        "--variant",
        "sadeqa-iii",
        "--games",
        "8",
        "--threads",
        "1",
        "--seed",
        "1",
        "--exact",
    ];
    let out = ran("selfplay", &args, "");
    let stderr = text(&out.stderr);
    let at = "sadeqa-iii random vs greedy game 8, ply 13, South: ";
    assert!(
        stderr.contains(&format!("{at}proving whether move 5 ever ends")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "{at}move 5 never ends: its sowing returns to its start after 6565648 laps"
        )),
        "{stderr}"
    );
    // Under the default lap limit the same games report nothing.
    let out = ran("selfplay", &args[..args.len() - 1], "");
    assert!(!text(&out.stderr).contains("proving whether"));
}

/// `--position ""` was "no variant named: ": now the library's own words for
/// an empty position string, in `play` and `replay`.
#[test]
fn an_empty_position_is_refused_in_the_librarys_words() {
    for name in ["play", "replay", "solve", "analyse"] {
        for pos in ["", "  "] {
            assert_refused(
                name,
                &["--position", pos],
                "--position",
                "position string is empty: expected <variant>",
            );
        }
    }
}

/// A game of no plies printed an empty "Record: "; a ply limit of 1 was
/// "1 plies".
#[test]
fn play_names_an_empty_record_and_a_ply_limit_of_one_ply() {
    let out = run("play", &["--variant", "sadeqa-iii"], "quit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Game abandoned after 0 plies."), "{stdout}");
    assert!(stdout.contains("\nRecord: (no moves)\n"), "{stdout}");
    let args = [
        "--variant",
        "sadeqa-v",
        "--south",
        "random",
        "--north",
        "random",
    ];
    let out = run(
        "play",
        &[&args[..], &["--seed", "1", "--ply-limit", "1"]].concat(),
        "",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("The ply limit of 1 ply was reached: a draw."),
        "{stdout}"
    );
}

/// `replay "1/0"` printed nothing before its error, `"1/4"` printed ply 1:
/// now the plies before a bad entry are shown in both cases.
#[test]
fn replay_shows_the_plies_before_a_bad_entry() {
    // A move the rules refuse is found by playing: the plies before it are
    // shown.
    let ply1 = "1 1 sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0\n";
    let out = run("replay", &["--variant", "sadeqa-iii", "1/4"], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(text(&out.stdout), ply1);
    assert!(
        stderr.contains("ply 2: move 4 is not legal: pit 4 is empty"),
        "{stderr}"
    );
    // An entry that is no move of this board is found before any is played
    // (issue 24): nothing is printed.
    for (record, why) in [
        ("1/0", "ply 2: move 0 is not legal: there is no pit 0"),
        ("1/99", "ply 2: move 99 is not legal: there is no pit 99"),
        ("1/9", "ply 2: move 9 is not legal: there is no pit 9"),
        ("1/a", "ply 2: malformed move \"a\""),
        ("zz/1", "ply 1: malformed move \"zz\""),
    ] {
        let out = run("replay", &["--variant", "sadeqa-iii", record], "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{record}: {stderr}");
        assert_eq!(text(&out.stdout), "", "{record}");
        assert!(
            stderr.contains(&format!("bad record: {why}")),
            "{record}: {stderr}"
        );
    }
}

/// `--south` and `--north` were ignored by `--tournament`; too few or
/// repeated players, and a repeated variant, played a pointless table.
#[test]
fn selfplay_refuses_what_a_tournament_would_ignore_or_repeat() {
    for flag in ["--south", "--north"] {
        assert_refused(
            "selfplay",
            &["--tournament", flag, "greedy"],
            flag,
            "cannot be used with",
        );
    }
    let t = ["--tournament", "--players"];
    assert_refused(
        "selfplay",
        &[&t[..], &["random"]].concat(),
        "--players",
        "2 players at least",
    );
    assert_refused(
        "selfplay",
        &[&t[..], &["greedy,random,Random"]].concat(),
        "--players",
        "random is given twice",
    );
    assert_refused(
        "selfplay",
        &["--variant", "sadeqa-v,sadeqa-ii,sadeqa-v"],
        "--variant",
        "sadeqa-v is given twice",
    );
    assert_refused(
        "selfplay",
        &["--variant", "andada,andada-12"],
        "--variant",
        "andada-12 is given twice",
    );
}

/// `selfplay --variant sadeqa-v --starter-only` printed its header, then
/// refused the option: now nothing is printed on standard output.
#[test]
fn selfplay_checks_rule_options_before_printing() {
    for extra in [&[][..], &["--tournament"][..]] {
        let args = [&["--variant", "sadeqa-v", "--starter-only"][..], extra].concat();
        let out = run("selfplay", &args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        assert!(text(&out.stderr).contains("--starter-only applies to sadeqa-ii"));
    }
    // The options in force are listed in a tournament as in plain selfplay.
    for extra in [&[][..], &["--tournament", "--players", "random,greedy"][..]] {
        let args = [
            &["--variant", "andada", "--games", "1", "--clockwise"][..],
            extra,
        ]
        .concat();
        let out = ran("selfplay", &args, "");
        assert!(
            text(&out.stdout).contains("\noptions: andada --clockwise\n"),
            "{args:?}: {}",
            text(&out.stdout)
        );
    }
}

/// "1 players", "1 games": the counts of one now read as such.
#[test]
fn selfplay_counts_one_in_the_singular() {
    let one = ["--variant", "sadeqa-ii", "--games", "1", "--threads", "1"];
    let out = run("selfplay", &one, "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains(", 1 game per variant,"), "{stdout}");
    assert!(stdout.contains(", 1 thread\n"), "{stdout}");
    let args = [&one[..], &["--tournament", "--players", "random,greedy"]].concat();
    let out = run("selfplay", &args, "");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "tournament: 2 players, 1 variant, 1 game per pair and seat (2 games), seed 2026, \
             1 thread\n"
        ),
        "{stdout}"
    );
}

/// `selfplay --exact` repeated how long a proof can take, and how to stop
/// or bound it, with every proof: now once a run, the progress lines stay.
#[test]
fn selfplay_exact_says_once_how_long_a_proof_can_take() {
    // With seed 8, games 48 and 52 of Sadeqa III each meet a cycle of some
    // ten million laps.
    let args = [
        "--variant",
        "sadeqa-iii",
        "--seed",
        "8",
        "--games",
        "52",
        "--threads",
        "1",
        "--exact",
    ];
    let out = ran("selfplay", &args, "");
    let stderr = text(&out.stderr);
    // A proof says how far it is every second: at least one line each
    // (more on a busy machine), and one verdict each.
    assert!(stderr.matches("proving whether").count() >= 2, "{stderr}");
    assert_eq!(stderr.matches("never ends").count(), 2, "{stderr}");
    assert_eq!(
        stderr
            .matches("an endless sowing's proof can take minutes")
            .count(),
        1,
        "{stderr}"
    );
    // `--lap-limit` is not offered: it conflicts with `--exact`.
    assert!(!stderr.contains("--lap-limit"), "{stderr}");
}

/// `playouts`: `all` (the default) runs every variant, so that GAMES can be
/// given for all of them; an empty name is refused, not read as `all`.
#[test]
fn playouts_all_runs_every_variant_and_an_empty_name_is_refused() {
    let out = ran("playouts", &["all", "1"], "");
    let stdout = text(&out.stdout);
    let variants: Vec<&str> = stdout
        .lines()
        .map(|line| line.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(
        variants,
        [
            "sadeqa-ii",
            "sadeqa-iii",
            "game-91",
            "sadeqa-v",
            "andada-12",
            "andada-24"
        ],
        "{stdout}"
    );
    assert!(stdout.contains(": 1 games, "), "{stdout}");
    let out = ran("playouts", &["sadeqa-ii", "1"], "");
    assert_eq!(text(&out.stdout).lines().count(), 1);
    assert_refused("playouts", &["", "1"], "not \"\"", "all (the default)");
}

/// Found by review: `selfplay` starts no more threads than it has games;
/// `--reading` is case-insensitive, as variant names are; `replay` without
/// a start names both ways to give one; a `--position` whose variant field
/// is unknown is named as the position's error; `solve` on a finished
/// game says so; `serve --max-games 0` is refused in words.
#[test]
fn review_findings_of_session_12() {
    let out = ran(
        "selfplay",
        &[
            "--games",
            "1",
            "--threads",
            "100000",
            "--variant",
            "sadeqa-ii",
        ],
        "",
    );
    assert!(
        text(&out.stdout).contains(", 1 thread\n"),
        "{}",
        text(&out.stdout)
    );
    let out = ran(
        "replay",
        &["--variant", "andada", "--reading", "LUDII", "1"],
        "",
    );
    assert!(
        text(&out.stdout).contains("andada-12"),
        "{}",
        text(&out.stdout)
    );
    assert_refused("replay", &["--", "1/3"], "--variant", "--position");
    for example in ["play", "replay", "solve", "analyse"] {
        assert_refused(
            example,
            &["--position", "garbage"],
            "bad --position \"garbage\"",
            "unknown variant",
        );
    }
    let over = "sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 40-38";
    let out = ran("solve", &["--position", over], "");
    assert!(
        text(&out.stdout).contains("result: the game is over: draw (equal score) 40-40"),
        "{}",
        text(&out.stdout)
    );
    assert_refused("serve", &["--max-games", "0"], "--max-games", "1 at least");
    // A bad time is refused before anything is printed.
    let slow = "sadeqa-ii 1,5,5,1,0,1/5,5,0,4,4,0 S 4-1";
    let out = run("analyse", &["--position", slow, "--solve-time", "nan"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("--solve-time must be"),
        "{}",
        text(&out.stderr)
    );
    let out = ran("playouts", &["SADEQA-II", "1"], "");
    assert!(text(&out.stdout).starts_with("sadeqa-ii: 1 games"));
}

// Issue 24: the rough edges a new user met in the terminal examples.

/// `replay --variant sadeqa-iii "1//3"` printed ply 1, then the error: the
/// whole record is now checked first. A trailing `/` ends the record.
#[test]
fn replay_checks_the_whole_record_before_playing_any_of_it() {
    let out = run("replay", &["--variant", "sadeqa-iii", "1//3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("replay: bad record: ply 2: malformed move \"\""),
        "{}",
        text(&out.stderr)
    );
    let slash = ran("replay", &["--variant", "sadeqa-iii", "1/3/"], "");
    let plain = ran("replay", &["--variant", "sadeqa-iii", "1/3"], "");
    assert_eq!(text(&slash.stdout), text(&plain.stdout));
    assert!(text(&slash.stdout).starts_with("1 1 "));
    assert!(text(&slash.stdout).contains("\n2 3 "));
}

/// A record's error names the board's own pit range, as a single move
/// does, not the notation's 1 to 24.
#[test]
fn a_records_error_names_the_boards_pit_range() {
    let out = run(
        "replay",
        &["--variant", "sadeqa-iii", "1/99999999999999999999"],
        "",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("pits are numbered 1 to 8"), "{stderr}");
    assert!(!stderr.contains("24 at most"), "{stderr}");
    assert_eq!(text(&out.stdout), "");
    // A number of a thousand digits is cut, not repeated.
    let long = format!("1/{}", "9".repeat(1000));
    let out = run("replay", &["--variant", "sadeqa-iii", &long], "");
    let stderr = text(&out.stderr);
    assert!(stderr.len() < 300, "{stderr}");
    assert!(stderr.contains("pits are numbered 1 to 8"), "{stderr}");
}

/// `--variant` and a position string of another game: said in the flags'
/// words, by each example that takes both.
#[test]
fn variant_and_position_naming_different_games_are_said_to_disagree() {
    let pos = "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0";
    for name in ["play", "replay", "solve"] {
        let out = run(name, &["--variant", "sadeqa-v", "--position", pos], "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(
                "--variant sadeqa-v and the position string name different games: the string \
                 is a sadeqa-iii position, not sadeqa-v"
            ),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("ruleset"), "{name}: {stderr}");
    }
    // Two names of one game agree.
    let pos = "andada-12 2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 S 0-0 opening";
    ran(
        "replay",
        &["--variant", "andada", "--position", pos, "1"],
        "",
    );
}

/// The side-to-move field reads `s` and `n`, as variant names and the
/// choice move are read in any case.
#[test]
fn the_side_to_move_field_reads_either_case() {
    let out = ran(
        "replay",
        &[
            "--position",
            "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 n 0-0",
            "1",
        ],
        "",
    );
    assert_eq!(
        text(&out.stdout).lines().next(),
        Some("1 1 sadeqa-iii 8,8,8,0,0,1,8,8/2,9,9,9,1,8,1,8 S 0-8")
    );
    let out = ran(
        "play",
        &[
            "--position",
            "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 s 0-0",
            "--north",
            "random",
        ],
        "quit\n",
    );
    assert!(text(&out.stdout).contains("South, your move"));
}

/// The prompt, as a person sees it: what standard output holds, with each
/// prompt on a line of its own (the person's Enter ends it).
fn screen(stdout: &str) -> Vec<String> {
    let prompt = "your move (or hint, undo, board, help, quit): ";
    stdout
        .replace(prompt, &format!("{prompt}\n"))
        .lines()
        .map(str::to_string)
        .collect()
}

/// One prompt everywhere: the legal moves on a line of their own (with the
/// undecided ones), then `<side>, your move (or hint, ...)`, at the start,
/// in an undecided position and at Andada's opening and choice.
#[test]
fn play_prompts_in_one_format_everywhere() {
    for (args, input, legal) in [
        (
            vec!["--variant", "sadeqa-iii"],
            "quit\n",
            "Legal moves: 1 2 3 4 5 6 7 8.",
        ),
        (
            vec![
                "--position",
                "sadeqa-iii 5,0,5,11,1,4,12,0/1,11,13,0,11,8,1,0 N 4-9",
                "--north",
                "human",
            ],
            "quit\n",
            "Legal moves: 1 3 5 6 7; undecided, proved when chosen: 2.",
        ),
        (
            vec!["--variant", "andada", "--north", "human"],
            "1\nquit\n",
            "Legal moves: S N.",
        ),
    ] {
        let out = ran("play", &args, input);
        let stdout = text(&out.stdout);
        let lines = screen(&stdout);
        let prompts: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].contains("your move"))
            .collect();
        assert!(!prompts.is_empty(), "{stdout}");
        for &i in &prompts {
            assert!(
                lines[i] == "South, your move (or hint, undo, board, help, quit): "
                    || lines[i] == "North, your move (or hint, undo, board, help, quit): ",
                "{:?}",
                lines[i]
            );
            assert!(
                lines[i - 1].starts_with("Legal moves: "),
                "{:?}",
                lines[i - 1]
            );
        }
        assert!(stdout.contains(legal), "{legal}: {stdout}");
        assert!(!stdout.contains("(legal:"), "{stdout}");
    }
}

/// `hint`'s line, which can pass 100 columns, wraps between moves, never
/// inside one; every line of the hint fits 80 columns.
#[test]
fn play_hint_wraps_between_moves_within_80_columns() {
    // North loses here (docs/SOLVED.md's endgame table): no proved win, so the
    // hint is the search's value and line.
    let pos = "andada-12 0,0,1,0,2,1,1,0,0,0,1,6/0,0,0,0,2,0,1,1,0,0,1,0 N 15-16 play";
    let out = ran(
        "play",
        &[
            "--position",
            pos,
            "--north",
            "human",
            "--south",
            "random",
            "--hint-time",
            "1",
        ],
        "hint\nquit\n",
    );
    let stdout = text(&out.stdout);
    let lines = screen(&stdout);
    for line in &lines {
        assert!(line.chars().count() <= 80, "{} columns: {line}", line.len());
    }
    let hint = lines
        .iter()
        .position(|l| l.starts_with("Hint: play "))
        .unwrap_or_else(|| panic!("a hint in\n{stdout}"));
    let first = lines[hint..]
        .iter()
        .position(|l| l.starts_with("  Line: "))
        .map(|i| hint + i)
        .unwrap_or_else(|| panic!("the hint's line in\n{stdout}"));
    // The line's pieces: each but the last ends with a `/`; together they
    // read as a record of whole moves.
    let mut joined = lines[first]["  Line: ".len()..].to_string();
    let mut i = first;
    while joined.ends_with('/') {
        i += 1;
        joined.push_str(lines[i].trim());
    }
    let record: sowing::Record = joined.parse().expect("the hint's line reads as a record");
    assert!(!record.moves().is_empty());
    assert!(
        joined.chars().all(|c| c.is_ascii_digit() || c == '/'),
        "{joined}"
    );
}

/// The cells of a markdown table row (`| a | b |`), trimmed.
fn cells(row: &str) -> Vec<&str> {
    let inner = row.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(str::trim).collect()
}

/// The rows of the table whose head follows the line `title` in `out`.
fn table<'a>(out: &'a str, title: &str) -> Vec<Vec<&'a str>> {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(title))
        .unwrap_or_else(|| panic!("{title:?} in\n{out}"));
    // title, blank, head, rule, rows.
    lines[at + 4..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|l| cells(l))
        .collect()
}

/// `selfplay --study sadeqa-v` (docs/SOLVED.md), with tiny budgets: its
/// header, and tables whose counts add up: each player's games, the
/// waranas by pit (South and North rows of ten pits and their sum) and the
/// player-games by the waranas made (two a game).
#[test]
fn selfplay_study_sadeqa_v_prints_its_tables() {
    let players = ["random", "alphabeta:1", "mcts:10", "strategy+random"];
    let list = players.join(",");
    let args = [
        "--study",
        "sadeqa-v",
        "--games",
        "3",
        "--players",
        &list,
        "--random-opening",
        "2",
        "--threads",
        "2",
    ];
    let out = ran("selfplay", &args, "");
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(
            "study sadeqa-v: 4 players, each against itself, 3 games each (12 games), \
             first 2 plies random, seed 2026, repetition draw on the 3rd occurrence, \
             ply limit 1000, "
        ),
        "{stdout}"
    );
    let results = table(&stdout, "Results");
    assert_eq!(results.len(), players.len(), "{stdout}");
    for (row, player) in results.iter().zip(players) {
        assert_eq!(row.len(), 13, "{row:?}");
        assert_eq!(row[0], player);
        let n = |i: usize| row[i].parse::<usize>().expect("a count");
        assert_eq!(n(1), 3);
        assert!(n(2) <= 3, "different games: {row:?}");
        assert_eq!(
            (3..=7).map(n).sum::<usize>(),
            3,
            "ends of the games: {row:?}"
        );
        let (south, north) = row[8].split_once(':').expect("S:N");
        let points: f64 = south.parse::<f64>().unwrap() + north.parse::<f64>().unwrap();
        assert!(
            (points - 80.0).abs() < 0.2 || row[6] != "0" || row[7] != "0",
            "{row:?}"
        );
    }
    let made = table(&stdout, "Waranas made");
    assert_eq!(made.len(), 2 * players.len(), "{stdout}");
    for (i, row) in made.iter().enumerate() {
        assert_eq!(row.len(), 13, "{row:?}");
        assert_eq!(row[0], players[i / 2]);
        assert_eq!(row[1], ["South", "North"][i % 2]);
        let pits: u32 = row[2..12].iter().map(|c| c.parse::<u32>().unwrap()).sum();
        assert_eq!(row[12].parse::<u32>().unwrap(), pits, "{row:?}");
    }
    for title in ["Seeds in a warana", "Score of the maker"] {
        let rows = table(&stdout, title);
        assert_eq!(rows.len(), players.len(), "{title}: {stdout}");
        assert!(
            rows.iter().all(|r| r.len() == 13 && r[1] == "both"),
            "{rows:?}"
        );
    }
    let claim = table(&stdout, "Each player of each game");
    assert_eq!(claim.len(), players.len(), "{stdout}");
    for row in &claim {
        assert_eq!(row.len(), 10, "{row:?}");
        let sum: u32 = [1, 4, 7]
            .iter()
            .map(|&i| row[i].parse::<u32>().unwrap())
            .sum();
        assert_eq!(sum, 6, "two player-games a game: {row:?}");
    }
    // Flags of other modes, and the strategy outside the study, are refused.
    assert_refused(
        "selfplay",
        &["--study", "sadeqa-v", "--variant", "sadeqa-ii"],
        "--variant",
        "cannot be used with",
    );
    assert_refused(
        "selfplay",
        &["--study", "sadeqa-v", "--south", "greedy"],
        "--south",
        "cannot be used with",
    );
    assert_refused(
        "selfplay",
        &["--random-opening", "2"],
        "--study",
        "required",
    );
    assert_refused(
        "selfplay",
        &["--tournament", "--players", "random,strategy"],
        "--players",
        "strategy+random plays in --study sadeqa-v only",
    );
    assert_refused(
        "selfplay",
        &[
            "--study",
            "sadeqa-v",
            "--players",
            "strategy,strategy+RANDOM",
        ],
        "--players",
        "strategy+random is given twice",
    );
    assert_refused(
        "selfplay",
        &["--study", "sadeqa-v", "--players", "strategic"],
        "--players",
        "or with --study strategy[+PLAYER]",
    );
}

/// `--tablebase DIR` (issue 23): `tablebase probe`, `analyse`, `solve` and
/// `play`'s hint say what the databases know of a position they hold
/// ("database: North wins by 4 seeds": five seeds on the board, South to
/// move, 30-29; whatever South plays North ends 4 seeds ahead), and
/// `solve` names a position they do not hold; a directory without the
/// ruleset's files is refused, saying which file is missing.
#[test]
fn the_examples_read_the_databases_with_tablebase() {
    let dir = std::env::temp_dir().join(format!("sowing-terminal-tb-{}", std::process::id()));
    let d = dir.to_str().expect("a UTF-8 path");
    let said = |name: &str, args: &[&str]| text(&ran(name, args, "").stdout);
    let out = said(
        "tablebase",
        &[
            "build",
            "--variant",
            "game-91",
            "--max-seeds",
            "6",
            "--dir",
            d,
        ],
    );
    assert!(out.contains("total: "), "{out}");
    let held = "game-91 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 30-29";
    let out = said("tablebase", &["probe", "--dir", d, held]);
    assert!(out.contains("database: North wins by 4 seeds"), "{out}");
    let out = said("analyse", &["--position", held, "--tablebase", d]);
    assert!(out.contains("database: North wins by 4 seeds"), "{out}");
    assert!(out.contains("  6: North wins by 4 seeds"), "{out}");
    assert!(out.contains("  7: North wins by 4 seeds"), "{out}");
    let out = said("solve", &["--position", held, "--tablebase", d, "--margin"]);
    assert!(out.contains("database: North wins by 4 seeds"), "{out}");
    assert!(
        out.contains("final margin with best play: -4 seeds"),
        "{out}"
    );
    let out = text(
        &run(
            "play",
            &["--position", held, "--tablebase", d, "--seed", "1"],
            "hint\nquit\n",
        )
        .stdout,
    );
    assert!(
        out.contains("Hint: play 6 (losing for South: North wins by 4 seeds, from the databases)"),
        "{out}"
    );
    let far = "game-91 0,0,0,0,3,1,2,0/0,1,0,0,0,2,0,1 S 27-27";
    let out = said("solve", &["--position", far, "--tablebase", d, "--margin"]);
    assert!(
        out.contains("database: not held (10 seeds on the board; the databases hold up to 6)"),
        "{out}"
    );
    assert!(
        out.contains("final margin with best play: -6 seeds"),
        "{out}"
    );
    let start = "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0";
    let out = run("analyse", &["--position", start, "--tablebase", d], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("sadeqa-iii.0.tb is missing"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every line of `screen`'s output fits 80 columns (counted in characters),
/// and no wrapped line is a lone fragment ("1." on a line of its own).
fn assert_fits_80_columns(what: &str, stdout: &str) {
    for line in screen(stdout) {
        assert!(
            line.chars().count() <= 80,
            "{what}: {} columns: {line}\n{stdout}",
            line.chars().count()
        );
        let t = line.trim();
        assert!(
            t.is_empty() || t.chars().count() >= 4,
            "{what}: a lone fragment {t:?}\n{stdout}"
        );
    }
}

/// Issue 32: every screen of `play` fits an 80-column terminal: the help,
/// the opening text (either sowing direction), a hint in each built-in
/// game (at the start, and one with a long line), and the end of a game in
/// each; no line wraps to a lone fragment.
#[test]
fn every_screen_of_play_fits_80_columns() {
    // The help and the opening.
    for args in [
        vec!["--variant", "sadeqa-v"],
        vec!["--variant", "andada", "--clockwise"],
    ] {
        let out = ran("play", &args, "help\nquit\n");
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Commands:"), "{stdout}");
        assert_fits_80_columns(&format!("help, {args:?}"), &stdout);
    }
    // A hint in each game, from its start (Andada's after the opening and
    // the choice, where the search weighs the moves).
    let andada = "andada-12 0,0,1,0,2,1,1,0,0,0,1,6/0,0,0,0,2,0,1,1,0,0,1,0 N 15-16 play";
    for args in [
        vec!["--variant", "sadeqa-v"],
        vec!["--variant", "sadeqa-ii"],
        vec!["--variant", "sadeqa-iii"],
        vec!["--variant", "game-91"],
        vec!["--variant", "andada"],
        vec![
            "--position",
            andada,
            "--north",
            "human",
            "--south",
            "random",
        ],
    ] {
        let args = [&args[..], &["--hint-time", "0.4"]].concat();
        let out = ran("play", &args, "hint\nquit\n");
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Hint: play "), "{args:?}: {stdout}");
        assert_fits_80_columns(&format!("hint, {args:?}"), &stdout);
    }
    // The end of a game in each.
    for variant in ["sadeqa-v", "sadeqa-ii", "game-91", "andada-24"] {
        let out = ran(
            "play",
            &[
                "--variant",
                variant,
                "--south",
                "random",
                "--north",
                "greedy",
                "--seed",
                "3",
            ],
            "",
        );
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Result: "), "{variant}: {stdout}");
        assert_fits_80_columns(&format!("the end, {variant}"), &stdout);
    }
}

/// Issue 32: `help` says what the hint does, in the order the code does
/// it: the databases, then the solver, then the alpha-beta search; and the
/// units of its value, the game's own (mobility in a game won by moving
/// last; seeds ahead in a game won on points).
#[test]
fn play_help_says_what_the_hint_does() {
    let points = ran("play", &["--variant", "sadeqa-iii"], "help\nquit\n");
    let points = text(&points.stdout);
    assert!(
        points.contains("The value is yours: the seeds you are ahead."),
        "{points}"
    );
    assert!(!points.contains("mobility"), "{points}");
    let out = ran("play", &["--variant", "sadeqa-ii"], "help\nquit\n");
    let help: String = text(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let order = [
        "With --tablebase, where the databases hold the position",
        "the solver tries to prove a winning move in half of --hint-time",
        "an alpha-beta search in the other half",
        "mobility counted in seeds",
    ];
    let mut at = 0;
    for phrase in order {
        let found = help[at..]
            .find(phrase)
            .unwrap_or_else(|| panic!("{phrase:?} after byte {at} of\n{help}"));
        at += found + phrase.len();
    }
}

/// Issue 32: every value printed names its unit: seeds ahead in the games
/// won on points, seeds of mobility in the games won by moving last, seeds
/// for a final margin.
#[test]
fn values_name_their_unit() {
    let hint = |args: &[&str]| {
        let args = [args, &["--hint-time", "0.4"]].concat();
        let out = ran("play", &args, "hint\nquit\n");
        let stdout = text(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let at = stdout.find("Hint: play ").expect("a hint");
        stdout[at..]
            .split(").")
            .next()
            .unwrap_or_default()
            .to_string()
    };
    let h = hint(&["--variant", "sadeqa-iii"]);
    assert!(
        h.contains(" seeds for South, depth ") || h.contains(" seed for South, depth "),
        "{h}"
    );
    let h = hint(&[
        "--position",
        "andada-12 0,0,1,0,2,1,1,0,0,0,1,6/0,0,0,0,2,0,1,1,0,0,1,0 N 15-16 play",
        "--north",
        "human",
        "--south",
        "random",
    ]);
    assert!(h.contains(" seeds of mobility for North, depth "), "{h}");
    // `analyse`: each row's value and search score with its unit.
    for (pos, unit) in [
        ("sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0", " seeds"),
        (
            "sadeqa-ii 1,5,5,1,0,1/5,5,0,4,4,0 S 4-1",
            " seeds of mobility",
        ),
    ] {
        let out = ran(
            "analyse",
            &["--position", pos, "--depth", "4", "--solve-time", "0"],
            "",
        );
        let stdout = text(&out.stdout);
        let rows: Vec<&str> = stdout
            .lines()
            .filter(|l| l.starts_with('|') && !l.contains("move") && !l.contains("---"))
            .collect();
        assert!(!rows.is_empty(), "{stdout}");
        for row in rows {
            let cells = cells(row);
            assert!(
                cells[1].ends_with(unit) && cells[2].ends_with(unit),
                "{row}"
            );
        }
    }
}

/// Issue 32: a result is said with the winner's score first, in `play`'s
/// result line and `replay`'s `result:` line alike ("North wins 55-25").
#[test]
fn the_winners_score_comes_first() {
    // North wins this one on points (analyse: South loses by 15 seeds).
    let pos = "sadeqa-iii 0,0,0,0,0,1,2,0/0,1,0,0,0,0,0,1 S 41-50";
    let out = ran("replay", &["--position", pos, "6/1/8/1"], "");
    let stdout = text(&out.stdout);
    let result = stdout
        .lines()
        .find_map(|l| l.strip_prefix("result: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(result, "North wins 55-41");
    let out = ran(
        "play",
        &[
            "--position",
            pos,
            "--south",
            "alphabeta",
            "--north",
            "alphabeta",
        ],
        "",
    );
    // The result line may wrap: its words, joined.
    let words = |out: &Output| {
        text(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let stdout = words(&out);
    assert!(stdout.contains("North wins 55-41."), "{stdout}");
    // Every win with a score, either side's, in either tool: the first
    // number is the larger.
    let mut checked = 0;
    for seed in ["1", "2", "3", "4"] {
        for variant in ["sadeqa-iii", "sadeqa-v", "game-91"] {
            let out = ran(
                "play",
                &[
                    "--variant",
                    variant,
                    "--south",
                    "random",
                    "--north",
                    "greedy",
                    "--seed",
                    seed,
                ],
                "",
            );
            let stdout = format!("{stdout} {}", words(&out));
            for (_, rest) in stdout
                .match_indices(" wins ")
                .map(|(i, _)| ((), &stdout[i + 6..]))
            {
                let score: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '-')
                    .collect();
                if let Some((a, b)) = score.split_once('-') {
                    let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
                    assert!(
                        a > b,
                        "the winner's score first: {score} in {variant} {seed}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0);
}

/// Issue 32: a negative or zero time, and a negative count, are refused in
/// the tool's own words, not as clap's "unexpected argument '-1' found".
#[test]
fn negative_times_and_counts_are_refused_in_the_tools_words() {
    for value in ["-1", "0", "-0.5"] {
        let why = format!(
            "--hint-time must be a positive number of seconds (more than 0, at most 86400: a day), got {value}"
        );
        assert_refused("play", &["--hint-time", value], "--hint-time", &why);
        for (example, flag) in [("analyse", "--time"), ("solve", "--time")] {
            let args = [
                "--position",
                "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:SN",
                flag,
                value,
            ];
            assert_refused(
                example,
                &args,
                flag,
                &format!("{flag} must be a positive number of seconds"),
            );
        }
    }
    assert_refused(
        "analyse",
        &[
            "--position",
            "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:SN",
            "--solve-time",
            "-1",
        ],
        "--solve-time",
        "--solve-time must be a number of seconds from 0 (none) to 86400 (a day), got -1",
    );
    for (example, flag) in [
        ("play", "--ply-limit"),
        ("play", "--lap-limit"),
        ("play", "--seed"),
        ("replay", "--lap-limit"),
        ("analyse", "--depth"),
        ("solve", "--nodes"),
        ("solve", "--table-bits"),
        ("selfplay", "--games"),
        ("selfplay", "--threads"),
        ("selfplay", "--ply-limit"),
        ("selfplay", "--lap-limit"),
        ("selfplay", "--seed"),
    ] {
        let out = run(example, &[flag, "-1"], "");
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{example} {flag} -1 ran");
        assert!(
            stderr.contains(flag) && stderr.contains("-1 is negative: a whole number"),
            "{example} {flag} -1: {stderr}"
        );
        assert!(!stderr.contains("unexpected argument"), "{stderr}");
    }
}

/// Issue 32: one rule for a side's letter. `replay` reads Andada's choice
/// in either case and writes it uppercase, as the library does
/// (`describe::parse_record`, which the web API's record and move fields
/// use too).
#[test]
fn replay_reads_a_sides_letter_in_either_case() {
    let upper = run("replay", &["--variant", "andada-12", "1/N/2"], "");
    assert_eq!(upper.status.code(), Some(0), "{}", text(&upper.stderr));
    let lower = run("replay", &["--variant", "andada-12", "1/n/2"], "");
    assert_eq!(lower.status.code(), Some(0), "{}", text(&lower.stderr));
    let stdout = text(&lower.stdout);
    assert_eq!(stdout, text(&upper.stdout));
    assert!(
        stdout.contains(
            "\n2 N andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 N 0-0 play\n"
        ),
        "{stdout}"
    );
    // And a position string's side to move.
    let replay_from = |side: &str| {
        let pos = format!("sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 {side} 8-0");
        let out = run("replay", &["--position", &pos, "1"], "");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let stdout = replay_from("n");
    assert_eq!(stdout, replay_from("N"));
    assert!(stdout.starts_with("1 1 sadeqa-iii "), "{stdout}");
}

/// Issue 32: `tablebase build` refuses a maximum above the game's seeds
/// before it prints any size, and prints sizes in the unit that fits.
#[test]
fn tablebase_build_refuses_first_and_sizes_fit_their_unit() {
    let dir = std::env::temp_dir().join(format!("sowing-terminal-tb-{}", std::process::id()));
    let dir_arg = dir.to_str().expect("a UTF-8 temporary directory");
    let out = run(
        "tablebase",
        &[
            "build",
            "--variant",
            "game-91",
            "--max-seeds",
            "1000",
            "--dir",
            dir_arg,
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("game-91 has 64 seeds in play"), "{stderr}");
    assert!(!stderr.contains("positions"), "{stderr}");
    assert!(!stderr.contains("GB"), "{stderr}");
    assert!(!dir.exists(), "nothing written for a refused build");

    let out = run(
        "tablebase",
        &[
            "build",
            "--variant",
            "game-91",
            "--max-seeds",
            "4",
            "--dir",
            dir_arg,
        ],
        "",
    );
    let stderr = text(&out.stderr);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            ": 4845 positions (4.8 KB of files); the largest layer, 3876 positions, needs \
             about 5.3 KB of memory and up to 54.3 KB of scratch (memory if it fits, else \
             files) while it is built"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("0.0 GB"), "{stderr}");
}

/// `--option name=value` sets any game's option without the tool naming
/// the game; the older spellings are the same options; an option the game
/// does not have, or a bad value, is refused in the options' words.
#[test]
fn rule_options_by_name() {
    let out = ran(
        "selfplay",
        &[
            "--variant",
            "andada",
            "--games",
            "1",
            "--option",
            "clockwise",
        ],
        "",
    );
    assert!(
        text(&out.stdout).contains("\noptions: andada --option clockwise\n"),
        "{}",
        text(&out.stdout)
    );
    let out = run(
        "selfplay",
        &["--variant", "sadeqa-v", "--option", "starter-only"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("--option starter-only applies to sadeqa-ii, which is not played"),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        "selfplay",
        &["--variant", "andada", "--option", "reading=wiki"],
        "",
    );
    assert!(
        text(&out.stderr).contains(
            "--option reading=wiki: bad value \"wiki\" for andada-12's option reading: expected \
             pankhurst, empty-row, ludii"
        ),
        "{}",
        text(&out.stderr)
    );
}

/// An option given twice, between the variant's brackets, `--option` and
/// the older flags, is refused with the option's name, not the last one
/// winning; an `--option` holding several is refused too.
#[test]
fn an_option_given_twice_is_refused() {
    for (args, option) in [
        (
            &[
                "--variant",
                "andada",
                "--clockwise",
                "--option",
                "clockwise=false",
            ][..],
            "clockwise",
        ),
        (
            &[
                "--variant",
                "andada(clockwise)",
                "--option",
                "clockwise=false",
            ][..],
            "clockwise",
        ),
        (
            &[
                "--variant",
                "sadeqa-ii",
                "--option",
                "starter-only",
                "--option",
                "starter_only=false",
            ][..],
            "starter-only",
        ),
        (
            &[
                "--variant",
                "andada",
                "--reading",
                "ludii",
                "--option",
                "reading=pankhurst",
            ][..],
            "reading",
        ),
    ] {
        let args = [args, &["--games", "1"]].concat();
        let out = run("selfplay", &args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(&format!("option {option} given twice")),
            "{args:?}: {stderr}"
        );
    }
    let out = run(
        "selfplay",
        &[
            "--variant",
            "andada",
            "--option",
            "clockwise,reading=ludii",
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("one option per --option (or write andada(clockwise,reading=ludii))"),
        "{stderr}"
    );
    let out = ran(
        "selfplay",
        &[
            "--variant",
            "andada",
            "--option",
            "reading=empty_row",
            "--games",
            "1",
        ],
        "",
    );
    // `_` reads as `-` in a value: the option is accepted.
    assert!(
        text(&out.stdout).contains("\n| andada-12(reading=empty-row) "),
        "{}",
        text(&out.stdout)
    );
}
