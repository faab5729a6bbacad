//! The JSON API the page uses (documented in docs/API.md), on axum: the
//! server's state ([`App`]), the routes, and how a request reaches its
//! game (off the async threads, under the game's lock). Every refusal is a
//! 4xx answer with a JSON body that says why ([`ApiError`]); engine work
//! runs on tokio's blocking threads, proofs on the prover's. The request
//! bodies are read in `body`, the endpoints are in `games` (the games
//! offered, started, listed and shown) and `moves` (a game's moves, undo,
//! redo and hint).

mod body;
mod games;
mod moves;

use crate::Games;
use crate::serve::assets;
use crate::serve::catalogue::{self, VariantInfo};
use crate::serve::databases::Databases;
use crate::serve::error::ApiError;
use crate::serve::game::ServedGame;
use crate::serve::prover::Prover;
use crate::serve::setup;
use crate::serve::store::{Shared, Store};
use crate::serve::view::GameView;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use body::describe_short;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
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
            variants: catalogue::catalogue(&games),
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

/// The routes, with request bodies bounded to `body_limit` bytes.
pub fn router(app: Arc<App>, body_limit: usize) -> Router {
    body::BODY_LIMIT.store(body_limit, Ordering::Relaxed);
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::icon))
        .route("/favicon.ico", get(assets::icon))
        .route("/rules/{game}", get(crate::serve::rules::rules))
        .route("/api", get(games::meta))
        .route("/api/games", post(games::new_game).get(games::list_games))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/move", post(moves::play_move))
        .route("/api/games/{id}/computer", post(moves::computer_move))
        .route("/api/games/{id}/undo", post(moves::undo))
        .route("/api/games/{id}/redo", post(moves::redo))
        .route("/api/games/{id}/hint", get(moves::hint))
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

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Box<dyn ServedGame>> {
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
            .get(&id, |saved| setup::restore(&app.games, saved))?;
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
