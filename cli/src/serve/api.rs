//! The JSON API the page uses (documented in docs/API.md), on axum. Every
//! refusal is a 4xx answer with a JSON body that says why ([`ApiError`]);
//! engine work runs on tokio's blocking threads, proofs on the prover's.

use crate::Games;
use crate::serve::assets;
use crate::serve::engine::{
    self, Databases, GameSetup, GameView, Played, RuleChoice, ServedGame, VariantInfo,
};
use crate::serve::error::ApiError;
use crate::serve::players;
use crate::serve::prover::Prover;
use crate::serve::saved::Summary;
use crate::serve::store::Store;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Request, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// The server's state.
pub struct App {
    /// The games the server offers.
    pub games: Games,
    /// Each of them, as `GET /api` and the rules pages list them.
    pub variants: Vec<VariantInfo>,
    /// The page, its titles naming the games (`assets::page`).
    pub page: String,
    pub store: Store,
    pub prover: Prover,
    /// Seeds for the computer players of games that do not give one.
    seeds: AtomicU64,
    /// The endgame databases (`--tablebase`), read by the hint.
    databases: Option<Databases>,
    /// How long a client may take to send a request's body: a slow one is
    /// answered 408 (no game is locked while a body is read).
    request_time: Duration,
    /// The searches (hints, computer moves) running at once: one a core.
    /// A search waits for its game's lock on a blocking thread; without
    /// this bound, a burst of hints on one game would take every blocking
    /// thread (twice the cores, `serve::blocking_threads`), and a request
    /// on any other game would wait for them.
    searches: tokio::sync::Semaphore,
}

/// How long a client may take to send a request's headers, and again its
/// body, unless the server is told otherwise (`--request-timeout`).
pub const REQUEST_TIME: Duration = Duration::from_secs(10);

impl App {
    /// A server whose games live in memory only, at most `max_games`: for
    /// a driver of the router in process (a test, a fuzz target).
    #[allow(dead_code)]
    pub fn new(
        games: Games,
        max_games: usize,
        prover_threads: usize,
        tablebase: Option<std::path::PathBuf>,
    ) -> Arc<App> {
        App::with_store(
            games,
            Store::new(max_games),
            prover_threads,
            tablebase,
            REQUEST_TIME,
        )
    }

    /// A server whose games are kept by `store` (in a games file, or in
    /// memory), reading a request's body for at most `request_time`.
    pub fn with_store(
        games: Games,
        store: Store,
        prover_threads: usize,
        tablebase: Option<std::path::PathBuf>,
        request_time: Duration,
    ) -> Arc<App> {
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Arc::new(App {
            variants: engine::catalogue(&games),
            page: assets::page(&games),
            games,
            store,
            prover: Prover::start(prover_threads),
            seeds: AtomicU64::new(clock),
            databases: tablebase.map(Databases::new),
            request_time,
            searches: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            ),
        })
    }
}

/// The bound on request bodies, for the refusal's words.
static BODY_LIMIT: AtomicUsize = AtomicUsize::new(0);

/// The routes, with request bodies bounded to `body_limit` bytes.
pub fn router(app: Arc<App>, body_limit: usize) -> Router {
    BODY_LIMIT.store(body_limit, Ordering::Relaxed);
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::icon))
        .route("/favicon.ico", get(assets::icon))
        .route("/rules/{game}", get(crate::serve::rules::rules))
        .route("/api", get(meta))
        .route("/api/games", post(new_game).get(list_games))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/move", post(play_move))
        .route("/api/games/{id}/computer", post(computer_move))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/redo", post(redo))
        .route("/api/games/{id}/hint", get(hint))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(app)
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "no such page or API route",
    )
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not take that method",
    )
}

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
pub struct GameId(String);

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
    fn only(&self, known: &[&str]) -> Result<(), ApiError> {
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
    fn string(&self, name: &str) -> Result<Option<String>, ApiError> {
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
    fn boolean(&self, name: &str) -> Result<Option<bool>, ApiError> {
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
    fn whole(&self, name: &str) -> Result<Option<u64>, ApiError> {
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
    fn mv(&self, name: &str) -> Result<String, ApiError> {
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
fn describe_short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

#[derive(Serialize)]
struct Meta {
    variants: Vec<VariantInfo>,
    players: Vec<PlayerInfo>,
    hint_player: &'static str,
}

#[derive(Serialize)]
struct PlayerInfo {
    name: &'static str,
    label: &'static str,
}

/// `GET /api`: the variants and the players the page offers.
async fn meta(State(app): State<Arc<App>>) -> Json<Meta> {
    let variants = app.variants.clone();
    let mut players = vec![PlayerInfo {
        name: players::HUMAN,
        label: "a person",
    }];
    players.extend(
        players::COMPUTERS
            .iter()
            .map(|&(name, label)| PlayerInfo { name, label }),
    );
    Json(Meta {
        variants,
        players,
        hint_player: players::STRONGEST,
    })
}

/// The fields of `POST /api/games`.
const NEW_GAME_FIELDS: [&str; 10] = [
    "variant",
    "starter_only",
    "clockwise",
    "reading",
    "first",
    "south",
    "north",
    "position",
    "record",
    "seed",
];

/// `POST /api/games`.
struct NewGame {
    variant: Option<String>,
    starter_only: Option<bool>,
    clockwise: Option<bool>,
    reading: Option<String>,
    first: Option<String>,
    south: Option<String>,
    north: Option<String>,
    position: Option<String>,
    record: Option<String>,
    seed: Option<u64>,
}

impl NewGame {
    fn read(body: &Body) -> Result<NewGame, ApiError> {
        body.only(&NEW_GAME_FIELDS)?;
        Ok(NewGame {
            variant: body.string("variant")?,
            starter_only: body.boolean("starter_only")?,
            clockwise: body.boolean("clockwise")?,
            reading: body.string("reading")?,
            first: body.string("first")?,
            south: body.string("south")?,
            north: body.string("north")?,
            position: body.string("position")?,
            record: body.string("record")?,
            seed: body.whole("seed")?,
        })
    }
}

async fn new_game(
    State(app): State<Arc<App>>,
    body: Body,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let req = NewGame::read(&body)?;
    let seed = req
        .seed
        .unwrap_or_else(|| app.seeds.fetch_add(0x9e37_79b9, Ordering::Relaxed));
    let setup = GameSetup {
        rules: RuleChoice {
            variant: req.variant,
            starter_only: req.starter_only,
            clockwise: req.clockwise,
            reading: req.reading,
        },
        first: req.first,
        position: req.position.filter(|p| !p.trim().is_empty()),
        record: req.record.filter(|r| !r.trim().is_empty()),
        seats: [
            req.south.unwrap_or_else(|| players::HUMAN.to_string()),
            req.north.unwrap_or_else(|| players::STRONGEST.to_string()),
        ],
        seed,
    };
    let app2 = app.clone();
    let view = blocking(move || {
        let game = engine::new_game(&app2.games, &setup)?;
        let turn = game.turn();
        let (id, shared) = app2.store.insert(game)?;
        app2.prover.submit(turn);
        let view = lock(&shared).view(&id);
        Ok(view)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Runs engine work on a blocking thread; a panic there becomes a 500
/// answer, not a dead server.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.unwrap_or_else(|e| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("the engine failed: {e}"),
        ))
    })
}

/// Waits (without a thread) for one of the searches' slots.
async fn search_slot(app: &App) -> Result<tokio::sync::SemaphorePermit<'_>, ApiError> {
    app.searches.acquire().await.map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("the searches' slots are closed: {e}"),
        )
    })
}

fn lock(shared: &crate::serve::store::Shared) -> std::sync::MutexGuard<'_, Box<dyn ServedGame>> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on game `id` on a blocking thread; after a change (`changes`),
/// the new turn's undecided moves go to the prover.
async fn with_game<T: Send + 'static>(
    app: &Arc<App>,
    id: String,
    changes: bool,
    f: impl FnOnce(&mut dyn ServedGame) -> Result<T, ApiError> + Send + 'static,
) -> Result<(T, GameView), ApiError> {
    let app = app.clone();
    blocking(move || {
        // Read back from the games file if it is not in memory.
        let found = app
            .store
            .get(&id, |saved| engine::restore(&app.games, saved))?;
        let shared = found.ok_or_else(|| {
            let why = if app.store.file().is_some() {
                "no such game"
            } else {
                "games unused for long are dropped, and a restart loses them all"
            };
            ApiError::new(
                StatusCode::NOT_FOUND,
                "unknown_game",
                format!("there is no game {:?} ({why})", describe_short(&id)),
            )
        })?;
        let mut game = lock(&shared);
        let out = f(&mut **game)?;
        if changes {
            // Written with the change, before it is answered.
            app.store.save(&id, &**game)?;
            app.prover.submit(game.turn());
        }
        Ok((out, game.view(&id)))
    })
    .await
}

#[derive(Serialize)]
struct GameList {
    games: Vec<Summary>,
}

/// How many games `GET /api/games` lists, the last changed first.
const LISTED: usize = 100;

/// `GET /api/games`: the games changed last, in progress or over.
async fn list_games(State(app): State<Arc<App>>) -> Result<Json<GameList>, ApiError> {
    let app = app.clone();
    let games = blocking(move || app.store.list(LISTED)).await?;
    Ok(Json(GameList { games }))
}

/// `GET /api/games/{id}`; with `?ply=N`, the game as it stood after its
/// first N plies, for a replay (the game itself is not changed).
async fn show(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    uri: axum::http::Uri,
) -> Result<Json<GameView>, ApiError> {
    let Some(ply) = ply_asked(uri.query())? else {
        return Ok(Json(with_game(&app, id, false, |_| Ok(())).await?.1));
    };
    let games = app.clone();
    let view_id = id.clone();
    let (past, _) = with_game(&app, id, false, move |g| {
        let past = engine::at_ply(&games.games, g, ply)?;
        let mut view = past.view(&view_id);
        let seats = g.saved().seats;
        view.to_move_seat = seats[if view.to_move == 'S' { 0 } else { 1 }].clone();
        view.seats = engine::Seats {
            south: seats[0].clone(),
            north: seats[1].clone(),
        };
        Ok(view)
    })
    .await?;
    Ok(Json(past))
}

/// The `ply` of a query string (`ply=12`), if it asks for one.
fn ply_asked(query: Option<&str>) -> Result<Option<usize>, ApiError> {
    let pairs: Vec<&str> = query
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .collect();
    let [pair] = pairs[..] else {
        return match pairs.len() {
            0 => Ok(None),
            _ => Err(ApiError::bad_request(
                "bad_query",
                "give one query parameter at most: ply",
            )),
        };
    };
    let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
    if name != "ply" {
        return Err(ApiError::bad_request(
            "bad_query",
            format!(
                "unknown query parameter {:?}: the only one is ply",
                describe_short(name)
            ),
        ));
    }
    value.parse().map(Some).map_err(|_| {
        ApiError::bad_request(
            "bad_query",
            format!(
                "ply must be a whole number of plies, not {:?}",
                describe_short(value)
            ),
        )
    })
}

#[derive(Serialize)]
struct MoveReply {
    #[serde(flatten)]
    played: Played,
    state: GameView,
}

/// `POST /api/games/{id}/move` `{"move": "3"}` (or `{"move": 3}`): a
/// person's move.
async fn play_move(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    body: Body,
) -> Result<Json<MoveReply>, ApiError> {
    body.only(&["move"])?;
    let mv = body.mv("move")?;
    let (played, state) = with_game(&app, id, true, move |s| s.play_person(&mv)).await?;
    Ok(Json(MoveReply { played, state }))
}

/// `POST /api/games/{id}/computer`: the computer player's move.
async fn computer_move(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<MoveReply>, ApiError> {
    let _search = search_slot(&app).await?;
    let (played, state) = with_game(&app, id, true, |s| s.play_computer()).await?;
    Ok(Json(MoveReply { played, state }))
}

#[derive(Serialize)]
struct MovesReply {
    moves: Vec<String>,
    state: GameView,
}

/// `POST /api/games/{id}/undo`.
async fn undo(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<MovesReply>, ApiError> {
    let (moves, state) = with_game(&app, id, true, |s| s.undo()).await?;
    Ok(Json(MovesReply { moves, state }))
}

/// `POST /api/games/{id}/redo`.
async fn redo(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<MovesReply>, ApiError> {
    let (moves, state) = with_game(&app, id, true, |s| s.redo()).await?;
    Ok(Json(MovesReply { moves, state }))
}

#[derive(Serialize)]
struct HintReply {
    #[serde(rename = "move")]
    mv: Option<String>,
    player: &'static str,
    /// Where the endgame databases (`--tablebase`) hold the position: each
    /// legal move's result under perfect play, best first; else empty.
    database: Vec<engine::MoveResult>,
    /// Why the databases could not be read for this game's ruleset
    /// (damaged files, files of other options); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    database_error: Option<String>,
}

/// `GET /api/games/{id}/hint`: the databases' best move where they hold
/// the position (with every move's result), else the strongest player's.
async fn hint(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<HintReply>, ApiError> {
    let _search = search_slot(&app).await?;
    let shared = app.clone();
    let ((mv, database, database_error), _) = with_game(&app, id, false, move |s| {
        let (database, error) = match &shared.databases {
            Some(databases) => s.move_results(databases),
            None => (Vec::new(), None),
        };
        let mv = match database.first() {
            Some(best) => Some(best.mv.clone()),
            None => s.hint(),
        };
        Ok((mv, database, error))
    })
    .await?;
    Ok(Json(HintReply {
        mv,
        player: if database.is_empty() {
            players::STRONGEST
        } else {
            "databases"
        },
        database,
        database_error,
    }))
}
