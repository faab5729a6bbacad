//! The endpoints of a game's moves: a person's move, the computer's,
//! undo, redo, and the hint (`/api/games/{id}/...`). A change is kept
//! in the games file before it is answered, and the new turn's undecided
//! moves go to the prover ([`super::with_game`]).

use super::body::{Body, GameId};
use super::{App, search_slot, with_game};
use crate::serve::databases::MoveResult;
use crate::serve::error::ApiError;
use crate::serve::game::Played;
use crate::serve::players;
use crate::serve::view::GameView;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use std::sync::Arc;

#[derive(Serialize)]
pub(super) struct MoveReply {
    #[serde(flatten)]
    played: Played,
    state: GameView,
}

/// `POST /api/games/{id}/move` `{"move": "3"}` (or `{"move": 3}`): a
/// person's move.
pub(super) async fn play_move(
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
pub(super) async fn computer_move(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<MoveReply>, ApiError> {
    let _search = search_slot(&app).await?;
    let (played, state) = with_game(&app, id, true, |s| s.play_computer()).await?;
    Ok(Json(MoveReply { played, state }))
}

#[derive(Serialize)]
pub(super) struct MovesReply {
    moves: Vec<String>,
    state: GameView,
}

/// `POST /api/games/{id}/undo`.
pub(super) async fn undo(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<MovesReply>, ApiError> {
    let (moves, state) = with_game(&app, id, true, |s| s.undo()).await?;
    Ok(Json(MovesReply { moves, state }))
}

/// `POST /api/games/{id}/redo`.
pub(super) async fn redo(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
) -> Result<Json<MovesReply>, ApiError> {
    let (moves, state) = with_game(&app, id, true, |s| s.redo()).await?;
    Ok(Json(MovesReply { moves, state }))
}

#[derive(Serialize)]
pub(super) struct HintReply {
    #[serde(rename = "move")]
    mv: Option<String>,
    player: &'static str,
    /// Where the endgame databases (`--tablebase`) hold the position: each
    /// legal move's result under perfect play, best first; else empty.
    database: Vec<MoveResult>,
    /// Why the databases could not be read for this game's ruleset
    /// (damaged files, files of other options); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    database_error: Option<String>,
}

/// `GET /api/games/{id}/hint`: the databases' best move where they hold
/// the position (with every move's result), else the strongest player's.
pub(super) async fn hint(
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
