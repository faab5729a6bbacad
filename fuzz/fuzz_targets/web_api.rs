//! The web board's JSON API (docs/API.md) in process: the router of
//! `serve` (`sowing_cli::serve::router_in_memory`, games in memory) called
//! as a tower service on a tokio runtime. The input is a script, read
//! lossily as text: its first line is the body of `POST /api/games` (a
//! new game), each further line a step on that game ([`Step`]): a move (any
//! JSON value, or the n-th legal move), any move body, undo, redo, show,
//! the computer's move, or any request (method, path, content type, body;
//! `{id}` in the path is the game's id).
//!
//! Every answer: never a 5xx (a panic on the engine's thread is a 500);
//! a refusal (4xx) is a JSON object `{"error": <string>, "message":
//! <string>}` (HEAD answers carry no body; the rules pages, `/rules/...`,
//! answer in HTML); an `/api` answer is JSON.
//!
//! Bounded: the hint (half a second of alpha-beta) is never asked, and the
//! computer's move only when the seat to move is a person (refused),
//! `random` or `greedy`.

#![no_main]

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use std::sync::OnceLock;
use tower::ServiceExt;

/// Request bodies over this many bytes are refused (413): small, so that
/// the fuzzer reaches the limit.
const MAX_BODY: usize = 2048;

struct Server {
    runtime: tokio::runtime::Runtime,
    router: Router,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| Server {
        runtime: tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime"),
        // A few games: older ones are dropped (their proofs cancelled).
        router: sowing_cli::serve::router_in_memory(&sowing_cli::Games::built_in(), 8, MAX_BODY),
    })
}

/// One line of the script after the first.
enum Step<'a> {
    /// `move V`: `{"move": V}`, V as written (`3`, `"S"`, `1e400`, `[1]`).
    Move(&'a str),
    /// `legal N`: the N-th legal move of the game's last view.
    Legal(usize),
    /// `body TEXT`: TEXT as the move's body.
    Body(&'a str),
    Undo,
    Redo,
    Show,
    Computer,
    /// `req METHOD PATH CONTENT-TYPE BODY`: any request (`-`: no
    /// content type; `{id}` in the path: the game's id).
    Request {
        method: &'a str,
        path: String,
        content_type: &'a str,
        body: &'a str,
    },
}

impl<'a> Step<'a> {
    fn read(line: &'a str, id: &str) -> Option<Step<'a>> {
        let (op, rest) = line.split_once(' ').unwrap_or((line, ""));
        Some(match op {
            "move" => Step::Move(rest),
            "legal" => Step::Legal(rest.trim().parse().ok()?),
            "body" => Step::Body(rest),
            "undo" => Step::Undo,
            "redo" => Step::Redo,
            "show" => Step::Show,
            "computer" => Step::Computer,
            "req" => {
                let mut words = rest.splitn(4, ' ');
                let method = words.next()?;
                let path = words.next()?.replace("{id}", id);
                let content_type = match words.next()? {
                    "-" => "",
                    "json" => "application/json",
                    other => other,
                };
                Step::Request {
                    method,
                    path,
                    content_type,
                    body: words.next().unwrap_or(""),
                }
            }
            _ => return None,
        })
    }
}

/// One request and its answer, checked: no 5xx, a refusal is a JSON error,
/// an API answer is JSON. Returns the status and the JSON answer (if any).
fn call(
    method: &str,
    path: &str,
    content_type: &str,
    body: Vec<u8>,
) -> Option<(StatusCode, Value)> {
    let Ok(method) = Method::from_bytes(method.as_bytes()) else {
        return None;
    };
    let mut request = Request::builder().method(method.clone()).uri(path);
    if !content_type.is_empty() {
        request = request.header(header::CONTENT_TYPE, content_type);
    }
    // A URI or header the HTTP library itself refuses never reaches a server.
    let request = request.body(Body::from(body)).ok()?;
    let s = server();
    let answer = s
        .runtime
        .block_on(s.router.clone().oneshot(request))
        .expect("the router is infallible");
    let status = answer.status();
    let bytes = s
        .runtime
        .block_on(axum::body::to_bytes(answer.into_body(), usize::MAX))
        .expect("the answer's body reads");
    assert!(
        !status.is_server_error(),
        "{method} {path:?}: {status}: {}",
        String::from_utf8_lossy(&bytes)
    );
    if method == Method::HEAD {
        return None;
    }
    let json: Option<Value> = serde_json::from_slice(&bytes).ok();
    // The rules pages are for a browser: their refusals are pages too.
    if status.is_client_error() && !path.starts_with("/rules/") {
        let error = json.as_ref().unwrap_or_else(|| {
            panic!(
                "{method} {path:?}: {status} is not JSON: {:?}",
                String::from_utf8_lossy(&bytes)
            )
        });
        assert!(
            error["error"].is_string() && error["message"].is_string(),
            "{method} {path:?}: {status}: {error}"
        );
    } else if path.starts_with("/api") && status.is_success() {
        assert!(
            json.as_ref().is_some_and(Value::is_object),
            "{method} {path:?}: {status} is not a JSON object: {:?}",
            String::from_utf8_lossy(&bytes)
        );
    }
    Some((status, json.unwrap_or(Value::Null)))
}

fn post_json(path: &str, body: Vec<u8>) -> Option<(StatusCode, Value)> {
    call("POST", path, "application/json", body)
}

/// Paths the harness does not send: the hint (half a second of search),
/// the computer's move (checked by seat in `Step::Computer`).
/// Percent-escapes are decoded first, as a router might.
fn slow(path: &str) -> bool {
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                decoded.push(b);
                i += 3;
            }
            (b, _) => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    let p = String::from_utf8_lossy(&decoded).to_ascii_lowercase();
    p.contains("hint") || p.contains("computer")
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 8192 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let Some((status, view)) = post_json("/api/games", first.as_bytes().to_vec()) else {
        return;
    };
    let mut game = None;
    if status == StatusCode::CREATED {
        let id = view["id"]
            .as_str()
            .expect("a new game has an id")
            .to_string();
        game = Some((id, view));
    }
    for line in lines.take(32) {
        let id = game
            .as_ref()
            .map_or("g0-0".to_string(), |(id, _)| id.clone());
        let Some(step) = Step::read(line, &id) else {
            continue;
        };
        let base = format!("/api/games/{id}");
        let answer = match step {
            Step::Move(value) => post_json(
                &format!("{base}/move"),
                format!("{{\"move\": {value}}}").into_bytes(),
            ),
            Step::Legal(i) => {
                let legal = game.as_ref().map(|(_, v)| v["legal"].clone());
                let mv = match legal.as_ref().and_then(Value::as_array) {
                    Some(l) if !l.is_empty() => l[i % l.len()].clone(),
                    _ => json!("1"),
                };
                post_json(
                    &format!("{base}/move"),
                    serde_json::to_vec(&json!({ "move": mv })).expect("JSON"),
                )
            }
            Step::Body(body) => post_json(&format!("{base}/move"), body.as_bytes().to_vec()),
            Step::Undo => post_json(&format!("{base}/undo"), Vec::new()),
            Step::Redo => post_json(&format!("{base}/redo"), Vec::new()),
            Step::Show => call("GET", &base, "", Vec::new()),
            Step::Computer => {
                let fast = game.as_ref().is_some_and(|(_, v)| {
                    v["to_move_seat"]
                        .as_str()
                        .is_some_and(|s| s == "random" || s == "greedy" || s == "human")
                });
                if !fast {
                    continue;
                }
                post_json(&format!("{base}/computer"), Vec::new())
            }
            Step::Request {
                method,
                path,
                content_type,
                body,
            } => {
                if slow(&path) {
                    continue;
                }
                call(method, &path, content_type, body.as_bytes().to_vec())
            }
        };
        // Keep the game's latest view (a move's, undo's and redo's answer
        // holds it as `state`).
        if let (Some((status, json)), Some((id, view))) = (answer, game.as_mut())
            && status.is_success()
        {
            let state = if json["state"].is_object() {
                &json["state"]
            } else {
                &json
            };
            if state["id"].as_str() == Some(id.as_str()) {
                *view = state.clone();
            }
        }
    }
});
