//! The endpoints of the games as a whole: what the page offers (`GET
//! /api`), a new game (`POST /api/games`), the games kept (`GET
//! /api/games`) and one game, now or at a ply of its record (`GET
//! /api/games/{id}`).

use super::body::{Body, GameId, describe_short};
use super::{App, blocking, lock, with_game};
use crate::serve::catalogue::VariantInfo;
use crate::serve::error::ApiError;
use crate::serve::players;
use crate::serve::saved::Summary;
use crate::serve::setup::{self, GameSetup, RuleChoice};
use crate::serve::view::GameView;
use crate::serve::view::Seats;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::Ordering;

#[derive(Serialize)]
pub(super) struct Meta {
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
pub(super) async fn meta(State(app): State<Arc<App>>) -> Json<Meta> {
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

pub(super) async fn new_game(
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
        let game = setup::new_game(&app2.games, &setup)?;
        let turn = game.turn();
        let (id, shared) = app2.store.insert(game)?;
        app2.prover.submit(turn);
        let view = lock(&shared).view(&id);
        Ok(view)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[derive(Serialize)]
pub(super) struct GameList {
    games: Vec<Summary>,
}

/// How many games `GET /api/games` lists, the last changed first.
const LISTED: usize = 100;

/// `GET /api/games`: the games changed last, in progress or over.
pub(super) async fn list_games(State(app): State<Arc<App>>) -> Result<Json<GameList>, ApiError> {
    let app = app.clone();
    let games = blocking(move || app.store.list(LISTED)).await?;
    Ok(Json(GameList { games }))
}

/// `GET /api/games/{id}`; with `?ply=N`, the game as it stood after its
/// first N plies, for a replay (the game itself is not changed).
pub(super) async fn show(
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
        let past = setup::at_ply(&games.games, g, ply)?;
        let mut view = past.view(&view_id);
        let seats = g.saved().seats;
        view.to_move_seat = seats[if view.to_move == 'S' { 0 } else { 1 }].clone();
        view.seats = Seats {
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
