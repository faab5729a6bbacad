//! The request's parts as the API reads them: a JSON body whose fields are
//! read one by one ([`Body`]), so that a refusal names the field in the
//! API's own terms, and a game's id in the path ([`GameId`]).

use super::App;
use crate::serve::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The bound on request bodies, for the refusal's words.
pub(super) static BODY_LIMIT: AtomicUsize = AtomicUsize::new(0);

/// A request body: a JSON object whose fields are read one by one, so that
/// a refusal names the field and what it should hold in the API's own
/// terms, never a Rust type nor the JSON library's words ([`ApiError`]
/// `bad_field`, 422), also for a number no JSON reader holds
/// (`{"move": 1e400}`). A body that is not well-formed JSON is
/// `malformed_json` (400), one sent without the JSON content type
/// `not_json` (415), one over the limit `body_too_large` (413), one not
/// sent in full within the server's time (`--request-timeout`)
/// `request_timeout` (408); a body that is JSON but no object (`[]`, `3`)
/// is `bad_body` (422). The body is read before the game is looked up:
/// a slow client holds no game.
pub struct Body(serde_json::Map<String, Value>);

impl FromRequest<Arc<App>> for Body {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &Arc<App>) -> Result<Self, ApiError> {
        if !json_content_type(req.headers()) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "not_json",
                "the request body must be JSON, sent with the header \
                 Content-Type: application/json",
            ));
        }
        let read = tokio::time::timeout(state.request_time, Bytes::from_request(req, state)).await;
        let Ok(read) = read else {
            return Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "request_timeout",
                format!(
                    "the request body was not sent in full within {} s",
                    state.request_time.as_secs_f64()
                ),
            ));
        };
        let bytes = match read {
            Ok(bytes) => bytes,
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "body_too_large",
                    format!(
                        "the request body is over the limit of {} bytes",
                        BODY_LIMIT.load(Ordering::Relaxed)
                    ),
                ));
            }
            Err(rejection) => {
                return Err(ApiError::new(
                    rejection.status(),
                    "bad_body",
                    "the request body could not be read to its end",
                ));
            }
        };
        Body::parse(&bytes)
    }
}

/// A game's id, the `{id}` of the path. One that is not UTF-8 text once its
/// %-escapes are decoded (`/api/games/%FF`) names no game: `unknown_game`
/// (404) as for any other, in the API's JSON, not axum's plain-text
/// refusal (found by fuzz/fuzz_targets/web_api.rs).
pub struct GameId(pub(super) String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(_) => {
                let raw = parts.uri.path().strip_prefix("/api/games/").unwrap_or("");
                Err(unknown_game(raw.split('/').next().unwrap_or(raw)))
            }
        }
    }
}

/// 404: no game of that id (one that is not text, as `%FF`: no game has
/// one).
fn unknown_game(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "unknown_game",
        format!("there is no game {id:?} (no such game: a game's id is text)"),
    )
}

/// `Content-Type: application/json`, or another JSON type
/// (`application/<name>+json`), with or without parameters.
fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(Ok(value)) = headers.get(header::CONTENT_TYPE).map(|v| v.to_str()) else {
        return false;
    };
    let mime = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
}

impl Body {
    /// Reads a request body, naming the field whose value cannot be read.
    fn parse(bytes: &[u8]) -> Result<Body, ApiError> {
        let mut field = None;
        let mut de = serde_json::Deserializer::from_slice(bytes);
        let read = TopLevel { field: &mut field }
            .deserialize(&mut de)
            .and_then(|top| de.end().map(|()| top));
        match read {
            Ok(Ok(fields)) => Ok(Body(fields)),
            Ok(Err(kind)) => Err(ApiError::unprocessable(
                "bad_body",
                format!(
                    "the request body must be a JSON object of named fields (such as \
                     {{\"move\": \"3\"}}), not {kind}"
                ),
            )),
            Err(e) if e.to_string().starts_with("number out of range") => {
                let place = format!("line {} column {}", e.line(), e.column());
                Err(match field {
                    Some(name) => bad_field(format!(
                        "field {:?} holds a number out of range (at {place}): it must be {}",
                        describe_short(&name),
                        expected(&name)
                    )),
                    None => ApiError::unprocessable(
                        "bad_body",
                        format!(
                            "the request body holds a number out of range (at {place}); it \
                             must be a JSON object of named fields (such as {{\"move\": \"3\"}})"
                        ),
                    ),
                })
            }
            Err(e) => {
                let within = match &field {
                    Some(name) => format!(" in field {:?}", describe_short(name)),
                    None => String::new(),
                };
                Err(ApiError::bad_request(
                    "malformed_json",
                    format!(
                        "the request body is not well-formed JSON{within}: {} at line {} \
                         column {}",
                        json_problem(&e),
                        e.line(),
                        e.column()
                    ),
                ))
            }
        }
    }
}

/// What is wrong in malformed JSON, in a person's words.
fn json_problem(e: &serde_json::Error) -> &'static str {
    let text = e.to_string();
    match e.classify() {
        serde_json::error::Category::Eof => "it ends too early",
        _ if text.starts_with("trailing") => "something follows the JSON value",
        _ if text.starts_with("key must be a string") => "a field name is not in quotes",
        _ if text.starts_with("recursion limit") => "values are nested too deeply",
        _ if text.starts_with("control character") => "a string holds a control character",
        _ if text.starts_with("invalid escape") || text.starts_with("invalid unicode") => {
            "a string holds an invalid escape"
        }
        _ if text.starts_with("invalid number") => "a number is written wrongly",
        _ => "a character is out of place",
    }
}

/// What each field of the API holds, for the refusals.
fn expected(name: &str) -> &'static str {
    match name {
        "move" => "a pit number (3 or \"3\") or \"S\"/\"N\"",
        "seed" => "a whole number from 0 to 18446744073709551615",
        "starter_only" | "clockwise" => "true or false",
        "variant" | "reading" | "first" | "south" | "north" | "position" | "record" => "a string",
        _ => "one of the API's fields",
    }
}

/// The top level of a request body: its fields, or (as the error) what
/// else the JSON value is. The name of the field being read is kept in
/// `field`, for a refusal of its value.
struct TopLevel<'a> {
    field: &'a mut Option<String>,
}

type Fields = serde_json::Map<String, Value>;

impl<'de> DeserializeSeed<'de> for TopLevel<'_> {
    type Value = Result<Fields, String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TopLevel<'_> {
    type Value = Result<Fields, String>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = Fields::new();
        while let Some(name) = map.next_key::<String>()? {
            *self.field = Some(name.clone());
            let value = map.next_value::<Value>()?;
            fields.insert(name, value);
        }
        *self.field = None;
        Ok(Ok(fields))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Err(kind(&Value::Array(Vec::new()))))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Err(kind(&Value::Null)))
    }

    fn visit_bool<E>(self, b: bool) -> Result<Self::Value, E> {
        Ok(Err(kind(&Value::Bool(b))))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Self::Value, E> {
        Ok(Err(kind(&Value::from(n))))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Self::Value, E> {
        Ok(Err(kind(&Value::from(n))))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Self::Value, E> {
        Ok(Err(kind(&Value::from(n))))
    }

    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(Err(kind(&Value::String(String::new()))))
    }
}

/// What a JSON value is, in JSON's words.
fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(_) => "a string".to_string(),
        Value::Array(_) => "an array".to_string(),
        Value::Object(_) => "an object".to_string(),
    }
}

fn bad_field(message: String) -> ApiError {
    ApiError::unprocessable("bad_field", message)
}

impl Body {
    /// Refuses a field not among `known`.
    pub(super) fn only(&self, known: &[&str]) -> Result<(), ApiError> {
        match self.0.keys().find(|k| !known.contains(&k.as_str())) {
            None => Ok(()),
            Some(k) => Err(bad_field(format!(
                "unknown field {:?}: the fields are {}",
                describe_short(k),
                known.join(", ")
            ))),
        }
    }

    /// A field's value, `None` when it is absent or null.
    fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name).filter(|v| !v.is_null())
    }

    /// A string field.
    pub(super) fn string(&self, name: &str) -> Result<Option<String>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(bad_field(format!(
                "field {name:?} must be a string, not {}",
                kind(other)
            ))),
        }
    }

    /// A true/false field.
    pub(super) fn boolean(&self, name: &str) -> Result<Option<bool>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(other) => Err(bad_field(format!(
                "field {name:?} must be true or false, not {}",
                kind(other)
            ))),
        }
    }

    /// A whole number from 0 to 2^64 - 1.
    pub(super) fn whole(&self, name: &str) -> Result<Option<u64>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or_else(|| {
                bad_field(format!(
                    "field {name:?} must be a whole number from 0 to {}, not {}",
                    u64::MAX,
                    kind(v)
                ))
            }),
        }
    }

    /// A move: a pit number, as a JSON number (`3`) or a string (`"3"`),
    /// or `"S"`/`"N"`.
    pub(super) fn mv(&self, name: &str) -> Result<String, ApiError> {
        match self.get(name) {
            None => Err(bad_field(format!(
                "field {name:?} is missing: give a pit number (3 or \"3\") or \"S\"/\"N\""
            ))),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(Value::Number(n)) if n.is_u64() => Ok(n.to_string()),
            Some(other) => Err(bad_field(format!(
                "field {name:?} must be a pit number (3 or \"3\") or \"S\"/\"N\", not {}",
                kind(other)
            ))),
        }
    }
}

/// A field name from the request, cut to 40 characters.
pub(super) fn describe_short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}
