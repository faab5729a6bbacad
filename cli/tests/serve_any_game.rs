//! The web board serves a game the crate does not know: a small ruleset
//! defined here (2 x 3 pits of 2 seeds, or of its option `seeds`, one lap a move, a lap ending on
//! the opponent's side with 2 or 3 seeds captures them, whoever cannot
//! move ends the game, most seeds captured wins). `serve::main_with` runs
//! for it alone; the JSON API lists it, plays it to its end by people's
//! and the computer's moves, takes moves back, gives hints, and refuses
//! bad requests with its typed errors; its rules page says the rule book
//! does not describe it.

use sowing::options::{OptionError, OptionKind, OptionSpec, OptionValue, find_option};
use sowing::{
    Lap, MoveContext, MoveSet, NoMove, Observer, Outcome, Player, Ruleset, Score, Scoring, Turn,
    View,
};
use sowing_cli::Games;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pebbles {
    seeds: u8,
}

impl Default for Pebbles {
    fn default() -> Pebbles {
        Pebbles { seeds: 2 }
    }
}

impl Ruleset for Pebbles {
    type State = ();
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "pebbles".into()
    }
    fn title(&self) -> std::borrow::Cow<'static, str> {
        "Pebbles (a test game)".into()
    }
    fn from_name(name: &str) -> Option<Self> {
        name.eq_ignore_ascii_case("pebbles").then(Pebbles::default)
    }
    fn options(&self) -> &'static [OptionSpec] {
        &[OptionSpec {
            name: "seeds",
            kind: OptionKind::Number { min: 1, max: 4 },
            default: "2",
            help: "seeds in each pit at the start",
        }]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_option(self, name)?;
        if let OptionValue::Number(n) = spec.read(&self.name(), value)? {
            self.seeds = n as u8;
        }
        Ok(())
    }
    fn option_value(&self, name: &str) -> Option<OptionValue> {
        (name == "seeds").then_some(OptionValue::Number(self.seeds.into()))
    }
    fn pits_per_row(&self) -> usize {
        3
    }
    fn seeds_per_pit(&self) -> u8 {
        self.seeds
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
        if lap.board.owner(lap.landing) != lap.mover && (lap.count == 2 || lap.count == 3) {
            ctx.capture(lap.landing, lap.count, lap.mover);
        }
        Turn::Next
    }
    fn no_move<O: Observer>(&self, _: &mut MoveContext<'_, Self, O>) -> NoMove {
        NoMove::End
    }
    fn outcome(&self, pos: &View<'_, ()>) -> Outcome {
        Outcome::by_score(Score {
            south: pos.captured(Player::South),
            north: pos.captured(Player::North),
        })
    }
}

/// An HTTP/1.1 request to the server; the status and the body.
fn request(port: u16, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let (_, rest) = answer.split_once("\r\n\r\n").unwrap();
    (status, rest.to_string())
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Starts the server for `Pebbles` alone on a free port; its port.
fn serve() -> u16 {
    serve_games(Games::from([Pebbles::default()]))
}

/// Starts the server for `games` on a free port; its port.
fn serve_games(games: Games) -> u16 {
    serve_with(games, &["--memory"])
}

/// Starts the server for `games` on a free port, with the flags `more`; its
/// port.
fn serve_with(games: Games, more: &[&str]) -> u16 {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let more: Vec<String> = more.iter().map(|s| s.to_string()).collect();
    std::thread::spawn(move || {
        let mut args = vec!["serve".to_string(), "--port".into(), port.to_string()];
        args.extend(["--provers".into(), "1".into()]);
        args.extend(more);
        sowing_cli::serve::main_with(&games, args.into_iter().map(Into::into))
    });
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    port
}

#[test]
fn serve_plays_a_game_it_was_given() {
    let port = serve();

    // The page offers the game, by its ruleset's name and title.
    let (status, meta) = request(port, "GET", "/api", None);
    assert_eq!(status, 200);
    let meta = json(&meta);
    assert_eq!(
        meta["variants"],
        json(r#"[{"name":"pebbles","title":"Pebbles (a test game)","pits_per_row":3}]"#)
    );

    // A built-in game is not served here; the refusal names the games.
    let (status, err) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"variant":"sadeqa-ii"}"#),
    );
    assert_eq!(status, 400);
    let err = json(&err);
    assert_eq!(err["error"], "unknown_variant");
    assert_eq!(
        err["message"],
        "unknown variant \"sadeqa-ii\": expected pebbles"
    );
    // An option of the built-in games does not apply.
    let (status, err) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"variant":"pebbles","clockwise":true}"#),
    );
    assert_eq!(status, 400, "{err}");
    assert_eq!(json(&err)["error"], "option_not_applicable");

    // A person (South) against the computer (North), to the end.
    let (status, game) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"variant":"Pebbles","south":"human","north":"greedy","seed":7}"#),
    );
    assert_eq!(status, 201, "{game}");
    let mut state = json(&game);
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["variant"], "pebbles");
    assert_eq!(state["title"], "Pebbles (a test game)");
    assert_eq!(state["start"], "pebbles 2,2,2/2,2,2 S 0-0");
    assert_eq!(state["pits_per_row"], 3);
    assert_eq!(state["tally"]["kind"], "points");
    // The built-in games' option fields are absent; its own option is
    // given by name.
    assert!(state.get("clockwise").is_none(), "{state}");
    assert_eq!(state["options"], json(r#"{"seeds":"2"}"#));

    // A move the rules refuse, and one that is no move, change nothing.
    let (status, err) = request(
        port,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(r#"{"move":"7"}"#),
    );
    assert_eq!(status, 400, "{err}");
    assert_eq!(json(&err)["error"], "bad_move");
    let (status, err) = request(port, "POST", &format!("/api/games/{id}/computer"), None);
    assert_eq!(status, 409, "{err}");
    assert_eq!(json(&err)["error"], "not_computer_turn");

    let (status, hint) = request(port, "GET", &format!("/api/games/{id}/hint"), None);
    assert_eq!(status, 200);
    let hint = json(&hint);
    assert!(
        state["legal"].as_array().unwrap().contains(&hint["move"]),
        "{hint}"
    );

    // Play the hint's move, undo it, redo it.
    let mv = hint["move"].as_str().unwrap().to_string();
    let body = format!(r#"{{"move":"{mv}"}}"#);
    let (status, reply) = request(port, "POST", &format!("/api/games/{id}/move"), Some(&body));
    assert_eq!(status, 200, "{reply}");
    let reply = json(&reply);
    assert_eq!(reply["move"], mv.as_str());
    assert_eq!(reply["events"][0]["type"], "lap");
    assert_eq!(reply["state"]["ply"], 1);
    let (status, undone) = request(port, "POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!(status, 200, "{undone}");
    assert_eq!(json(&undone)["state"]["ply"], 0);
    let (status, redone) = request(port, "POST", &format!("/api/games/{id}/redo"), None);
    assert_eq!(status, 200, "{redone}");
    state = json(&redone)["state"].clone();
    assert_eq!(state["ply"], 1);

    let mut plies = 0;
    while !state["over"].as_bool().unwrap() {
        plies += 1;
        assert!(plies < 500, "the game does not end: {state}");
        let (status, reply) = if state["to_move_seat"] == "human" {
            let mv = state["legal"][0].as_str().unwrap().to_string();
            let body = format!(r#"{{"move":"{mv}"}}"#);
            request(port, "POST", &format!("/api/games/{id}/move"), Some(&body))
        } else {
            request(port, "POST", &format!("/api/games/{id}/computer"), None)
        };
        assert_eq!(status, 200, "{reply}");
        state = json(&reply)["state"].clone();
    }
    assert!(state["headline"].is_string(), "{state}");
    assert!(state["result"].is_string(), "{state}");
    let (status, err) = request(
        port,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(r#"{"move":"1"}"#),
    );
    assert_eq!(status, 409);
    assert_eq!(json(&err)["error"], "game_over");

    // A position string of the game.
    let (status, game) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"position":"pebbles 0,0,1/2,2,2 S 3-2","south":"human","north":"human"}"#),
    );
    assert_eq!(status, 201, "{game}");
    assert_eq!(json(&game)["legal"], json(r#"["3"]"#));

    // The game's own option, in the variant's brackets, and in the state.
    let (status, game) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"variant":"pebbles(seeds=3)","north":"random"}"#),
    );
    assert_eq!(status, 201, "{game}");
    let game = json(&game);
    assert_eq!(game["start"], "pebbles 3,3,3/3,3,3 S 0-0");
    assert_eq!(game["options"], json(r#"{"seeds":"3"}"#));
    let (status, err) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"variant":"pebbles(seeds=9)"}"#),
    );
    assert_eq!(status, 400, "{err}");
    assert_eq!(json(&err)["error"], "bad_option");
    assert!(
        json(&err)["message"].as_str().unwrap().contains("seeds"),
        "{err}"
    );

    // The rules page: the title, and that the rule book does not describe it.
    let (status, page) = request(port, "GET", "/rules/pebbles", None);
    assert_eq!(status, 200);
    assert!(page.contains("How to play Pebbles (a test game)"), "{page}");
    assert!(page.contains("does not describe this game"), "{page}");
    let (status, page) = request(port, "GET", "/rules/sadeqa-v", None);
    assert_eq!(status, 404);
    assert!(page.contains("/rules/pebbles"), "{page}");
}

/// An option in the variant's brackets and again as its own field is
/// refused, as the tools refuse `--option` for an option in the name; once
/// is accepted either way.
#[test]
fn an_option_given_twice_is_refused() {
    let port = serve_games(Games::built_in());
    let (status, body) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"variant":"sadeqa-ii(starter-only)","starter_only":false}"#),
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(json(&body)["error"], "bad_option", "{body}");
    assert!(body.contains("given twice"), "{body}");
    for once in [
        r#"{"variant":"sadeqa-ii(starter-only)"}"#,
        r#"{"variant":"sadeqa-ii","starter_only":true}"#,
    ] {
        let (status, body) = request(port, "POST", "/api/games", Some(once));
        assert_eq!(status, 201, "{body}");
        assert_eq!(json(&body)["starter_only"], true, "{body}");
    }
}

/// A game id that is not UTF-8 text once its %-escapes are decoded names
/// no game: `unknown_game` (404) in the API's JSON like any other id, not
/// axum's plain-text refusal (found by fuzz/fuzz_targets/web_api.rs).
#[test]
fn an_id_that_is_not_text_is_an_unknown_game() {
    let port = serve();
    for (method, path) in [
        ("GET", "/api/games/%FF"),
        ("POST", "/api/games/%FF/move"),
        ("POST", "/api/games/%C3%28/undo"),
    ] {
        let (status, err) = request(port, method, path, Some(r#"{"move":"1"}"#));
        assert_eq!(status, 404, "{path}: {err}");
        let err = json(&err);
        assert_eq!(err["error"], "unknown_game", "{path}");
        assert!(err["message"].as_str().unwrap().contains("%"), "{err}");
    }
}

/// A temporary directory of this test's own.
fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sowing-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A game of a ruleset the crate does not know, with an option set, is kept
/// in the games file (its ruleset and options as the tools name them) and
/// read back by its record; a second server on the file is refused, and a
/// file that is no games file is refused and left as it is.
#[test]
fn a_games_file_keeps_any_game_and_is_one_servers() {
    let data = temp("data").join("games.sqlite3");
    let path = data.to_str().unwrap();
    let port = serve_with(Games::from([Pebbles::default()]), &["--data", path]);
    let (status, body) = request(
        port,
        "POST",
        "/api/games",
        Some(r#"{"variant": "pebbles(seeds=3)", "south": "human", "north": "human"}"#),
    );
    assert_eq!(status, 201, "{body}");
    let id = json(&body)["id"].as_str().unwrap().to_string();
    for mv in ["1", "2"] {
        let (status, body) = request(
            port,
            "POST",
            &format!("/api/games/{id}/move"),
            Some(&format!(r#"{{"move": "{mv}"}}"#)),
        );
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = request(port, "POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!(status, 200);
    let (_, list) = request(port, "GET", "/api/games", None);
    let list = json(&list);
    assert_eq!(list["games"][0]["id"], id.as_str());
    assert_eq!(list["games"][0]["rules"], "pebbles(seeds=3)");
    assert_eq!(list["games"][0]["ply"], 1);
    // A replay of ply 0: the start, three seeds a pit.
    let (status, start) = request(port, "GET", &format!("/api/games/{id}?ply=0"), None);
    assert_eq!(status, 200, "{start}");
    assert_eq!(json(&start)["board"]["south"][0]["seeds"], 3);

    let args = ["serve", "--port", "0", "--data", path];
    let second =
        sowing_cli::serve::main_with(&Games::from([Pebbles::default()]), args.map(Into::into));
    assert_eq!(
        second,
        std::process::ExitCode::from(2),
        "a second server is refused"
    );
    // The first goes on.
    let (status, _) = request(port, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200);

    let text = temp("text").join("notes.txt");
    let words = "not a games file, and long enough for SQLite to read its header:                  one hundred bytes at least, so here are a few more words";
    std::fs::write(&text, words).unwrap();
    let args = ["serve", "--port", "0", "--data", text.to_str().unwrap()];
    let refused =
        sowing_cli::serve::main_with(&Games::from([Pebbles::default()]), args.map(Into::into));
    assert_eq!(refused, std::process::ExitCode::from(2));
    assert_eq!(
        std::fs::read_to_string(&text).unwrap(),
        words,
        "left as it was"
    );
}

/// A burst of hints on one game (each a search of half a second, one at a
/// time under the game's lock) holds up no other game: a request on
/// another game is answered before the burst is over. The searches running
/// at once are bounded (one a core), so they cannot take every blocking
/// thread while they wait for their game.
#[test]
fn a_burst_of_hints_on_one_game_holds_up_no_other() {
    let port = serve_games(Games::built_in());
    let new_game = || {
        let (status, body) = request(
            port,
            "POST",
            "/api/games",
            Some(r#"{"variant":"sadeqa-iii","south":"human","north":"human"}"#),
        );
        assert_eq!(status, 201, "{body}");
        json(&body)["id"].as_str().unwrap().to_string()
    };
    let (busy, other) = (new_game(), new_game());
    const HINTS: usize = 8;
    let done = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let hints: Vec<_> = (0..HINTS)
        .map(|_| {
            let (busy, done) = (busy.clone(), done.clone());
            std::thread::spawn(move || {
                let (status, body) = request(port, "GET", &format!("/api/games/{busy}/hint"), None);
                assert_eq!(status, 200, "{body}");
                done.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let (status, body) = request(port, "GET", &format!("/api/games/{other}"), None);
    assert_eq!(status, 200, "{body}");
    let finished = done.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        finished < 3,
        "the other game was answered after {finished} of the {HINTS} hints"
    );
    for hint in hints {
        hint.join().unwrap();
    }
}
