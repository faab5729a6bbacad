//! A new game as a request asks for it: the seats, the ruleset (a variant
//! name of the program's [`Games`], with options, or a position string's)
//! and where it starts are read here, then the game's own type is entered
//! once, through the registry's `new_served_game`; and a game read back
//! from the games file, or as it stood at a ply of its record, the same
//! way. The front of the engine's part of the server: it names the
//! registry (`Games`, `Rules`), which sits above the code over
//! `R: Ruleset` (`super::game`).

use crate::serve::error::{ApiError, short};
use crate::serve::game::{NewGame, ServedGame, Start};
use crate::serve::players;
use crate::serve::saved::SavedGame;
use crate::{Games, Rules};
use sowing::Player;

/// The rules a new game is played under, as the API names them.
#[derive(Clone, Debug, Default)]
pub struct RuleChoice {
    pub variant: Option<String>,
    pub starter_only: Option<bool>,
    pub clockwise: Option<bool>,
    pub reading: Option<String>,
}

/// How a new game starts, as the request gives it.
#[derive(Clone, Debug, Default)]
pub struct GameSetup {
    pub rules: RuleChoice,
    /// `S` or `N`: who moves first from the initial position.
    pub first: Option<String>,
    /// A position string to start from instead of the initial position.
    pub position: Option<String>,
    /// A game record to play from the start position.
    pub record: Option<String>,
    /// Who plays South and North: `human` or a computer player.
    pub seats: [String; 2],
    pub seed: u64,
}

/// A new game from the request's `setup`, of one of `games`: the seats,
/// the ruleset (a variant name, with options, or a position string's) and
/// where it starts are read here, then the game's own type is entered
/// once, through the registry's `new_served_game`.
///
/// # Errors
/// An unknown variant, player or option; a malformed position string or
/// record; a record move that cannot be played.
pub fn new_game(games: &Games, setup: &GameSetup) -> Result<Box<dyn ServedGame>, ApiError> {
    for seat in &setup.seats {
        players::check(seat).map_err(|e| ApiError::bad_request("unknown_player", e))?;
    }
    let (rules, start) = match &setup.position {
        // The position string names the side to move.
        Some(_) if setup.first.is_some() => {
            return Err(ApiError::bad_request(
                "first_with_position",
                "\"first\" applies to the initial position only: a position string \
                 names the side to move itself",
            ));
        }
        Some(text) => {
            let name = text.split_whitespace().next().unwrap_or("");
            let rules = ruleset(games, &setup.rules, name)?;
            if let Some(v) = &setup.rules.variant {
                let chosen = ruleset(games, &RuleChoice::default(), v)?.name();
                if chosen != rules.name() {
                    return Err(ApiError::bad_request(
                        "variant_mismatch",
                        format!(
                            "the position string is a {} position, but the variant chosen is {chosen}",
                            rules.name()
                        ),
                    ));
                }
            }
            (rules, Start::Position(text.clone()))
        }
        None => {
            let name = setup.rules.variant.as_deref().ok_or_else(|| {
                ApiError::bad_request("missing_variant", "give a variant or a position string")
            })?;
            let rules = ruleset(games, &setup.rules, name)?;
            let first = match setup.first.as_deref().map(str::trim) {
                None | Some("S") | Some("s") => Player::South,
                Some("N") | Some("n") => Player::North,
                Some(other) => {
                    return Err(ApiError::bad_request(
                        "bad_first",
                        format!("who starts: expected S or N, found {other:?}"),
                    ));
                }
            };
            (rules, Start::Initial(first))
        }
    };
    rules.erased().new_served_game(&NewGame {
        start,
        record: setup.record.clone(),
        seats: setup.seats.clone(),
        seed: setup.seed,
        redo: Vec::new(),
        restoring: false,
    })
}

/// A game read back from the games file, of one of `games`: its ruleset
/// (with its options) entered through the registry, its record replayed
/// from its start, its undos kept for redo.
///
/// # Errors
/// The program offers no such game, or the saved start or moves cannot
/// be played (a file written by another program's rules).
pub fn restore(games: &Games, saved: &SavedGame) -> Result<Box<dyn ServedGame>, ApiError> {
    let unreadable = |why: String| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "unreadable_game",
            format!("the saved game cannot be read back: {}", short(&why)),
        )
    };
    let rules = games.rules(&saved.rules).map_err(unreadable)?;
    rules
        .erased()
        .new_served_game(&NewGame {
            start: Start::Position(saved.start.clone()),
            record: Some(saved.record.clone()).filter(|r| !r.is_empty()),
            seats: saved.seats.clone(),
            seed: saved.seed,
            redo: saved.redo.clone(),
            restoring: true,
        })
        .map_err(|e| unreadable(e.message))
}

/// The ruleset named by the API's choice: `name` (any case; a game's
/// options may follow in brackets, `oware(seeds=3)`) among `games`, with
/// the choice's options set.
pub fn ruleset(games: &Games, choice: &RuleChoice, name: &str) -> Result<Rules, ApiError> {
    let name = name.trim().to_ascii_lowercase();
    let mut rules = games.rules(&name).map_err(|e| {
        // A known name with options in brackets that cannot be set.
        let bare = name.split('(').next().unwrap_or_default().trim();
        let code = if bare != name && games.rules(bare).is_ok() {
            "bad_option"
        } else {
            "unknown_variant"
        };
        ApiError::bad_request(code, e)
    })?;
    let flag = |on: Option<bool>| on.map(|b| if b { "true" } else { "false" });
    let given = [
        ("starter-only", flag(choice.starter_only), Some(true)),
        ("clockwise", flag(choice.clockwise), Some(true)),
        ("reading", choice.reading.as_deref(), None),
    ];
    // The options written in the variant's brackets.
    let bracketed: Vec<String> = sowing::options::split_options(&name)
        .map(|(_, pairs)| {
            pairs
                .iter()
                .map(|(o, _)| sowing::options::option_key(o))
                .collect()
        })
        .unwrap_or_default();
    for (option, value, refused_when) in given {
        let Some(value) = value else { continue };
        if bracketed.contains(&sowing::options::option_key(option)) {
            // As the tools refuse `--option` for an option in the name.
            let field = option.replace('-', "_");
            return Err(ApiError::bad_request(
                "bad_option",
                format!(
                    "option {option} given twice: in the variant {name:?} and as the field \
                     {field}; give it once"
                ),
            ));
        }
        let has = rules.options().iter().any(|o| o.name == option);
        if !has {
            // A false flag asks for what the game plays anyway.
            if refused_when.is_none() || value == "true" {
                let with = games.having_option(option).join(", ");
                let field = option.replace('-', "_");
                return Err(ApiError::bad_request(
                    "option_not_applicable",
                    if with.is_empty() {
                        format!("the option {field} applies to no game here")
                    } else {
                        format!("the option {field} applies to {with}, not {}", rules.name())
                    },
                ));
            }
            continue;
        }
        rules.set_option(option, Some(value)).map_err(|e| {
            let code = if option == "reading" {
                "unknown_reading"
            } else {
                "bad_option"
            };
            ApiError::bad_request(code, e.to_string())
        })?;
    }
    Ok(rules)
}

/// Game `game` as it stood after its first `ply` plies (a replay): a game
/// of its own, people at both seats, its record cut there.
///
/// # Errors
/// `ply` is past the game's plies (`bad_ply`, 422).
pub fn at_ply(
    games: &Games,
    game: &dyn ServedGame,
    ply: usize,
) -> Result<Box<dyn ServedGame>, ApiError> {
    let mut saved = game.saved();
    if ply > saved.ply {
        return Err(ApiError::unprocessable(
            "bad_ply",
            format!("the game has {} plies, not {ply}", saved.ply),
        ));
    }
    saved.record = saved
        .record
        .split('/')
        .take(ply)
        .collect::<Vec<_>>()
        .join("/");
    saved.redo.clear();
    saved.seats = [players::HUMAN.to_string(), players::HUMAN.to_string()];
    restore(games, &saved)
}
