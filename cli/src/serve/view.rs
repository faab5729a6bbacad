//! The JSON views of a game, as the page draws it ([`GameView`]: the
//! board, the tallies, the legal, endless and undecided moves and why the
//! others are refused) and of a move's traced events ([`EventView`]), in
//! the words of the terminal game (`crate::narrate`, `crate::tally`).
//! Written once over `R: Ruleset`, below the games' registry: a
//! [`ServedGame`](super::game::ServedGame)'s signatures name these types.

use crate::describe;
use crate::narrate::Narration;
use crate::serve::game::GameState;
use crate::serve::turn::{Proving, refusal};
use serde::Serialize;
use sowing::options::OptionValue;
use sowing::{Event, Move, Pit, Player, Position, Ruleset};
use std::collections::BTreeMap;

impl<R: Ruleset> GameState<R> {
    /// The game as the page draws it, under the id `id`
    /// ([`ServedGame::view`](super::game::ServedGame::view)).
    pub(super) fn view_as(&self, id: &str) -> GameView {
        let pos = self.game.position();
        let rules = pos.rules();
        let n = pos.pits_per_row();
        let legality = self.turn.legality();
        let ongoing = self.game.outcome().is_ongoing();
        let side = pos.side_to_move();
        let row = |owner: Player| -> Vec<PitView> {
            (1..=n as u8)
                .map(|number| {
                    let pit = Pit::new(owner, number);
                    PitView {
                        seeds: pos.seeds(pit),
                        warana: pos.warana_owner(pit).map(|p| p.letter()),
                    }
                })
                .collect()
        };
        let refusals = if ongoing {
            let candidates = pos.candidate_moves();
            let choice = candidates.iter().any(|m| m.pit().is_none());
            let mut moves: Vec<Move> = (1..=n as u8).map(Move::Pit).collect();
            if choice {
                moves.extend([Move::First(Player::South), Move::First(Player::North)]);
            }
            moves
                .into_iter()
                .filter(|&mv| !legality.ends.contains(mv))
                .map(|mv| (mv.to_string(), refusal(pos, mv, &legality)))
                .collect()
        } else {
            Vec::new()
        };
        let flag = |name| match rules.option_value(name) {
            Some(OptionValue::Flag(b)) => Some(b),
            _ => None,
        };
        let option_reading = match rules.option_value("reading") {
            Some(OptionValue::Choice(c)) => Some(c),
            _ => None,
        };
        // Any other option of the game, by its name.
        let options = rules
            .options()
            .iter()
            .filter(|o| !NAMED_OPTIONS.contains(&o.name))
            .filter_map(|o| Some((o.name, rules.option_value(o.name)?.to_string())))
            .collect();
        let position = pos.to_string();
        let phase = position.split_whitespace().nth(4).map(str::to_string);
        GameView {
            id: id.to_string(),
            variant: rules.name().into_owned(),
            title: describe::title(rules),
            starter_only: flag("starter-only"),
            clockwise: flag("clockwise"),
            reading: option_reading,
            options,
            pits_per_row: n,
            seats: Seats {
                south: self.seats[0].clone(),
                north: self.seats[1].clone(),
            },
            start: self.start.clone(),
            position,
            record: self.game.record().to_string(),
            ply: self.game.ply(),
            can_undo: self.game.ply() > 0,
            can_redo: !self.redo.is_empty(),
            phase,
            to_move: side.letter(),
            to_move_seat: self.seats[side.index()].clone(),
            board: Board {
                south: row(Player::South),
                north: row(Player::North),
            },
            tally: tally(pos),
            legal: legality.ends.iter().map(|m| m.to_string()).collect(),
            endless: legality.endless.iter().map(|m| m.to_string()).collect(),
            undecided: legality
                .undecided
                .iter()
                .map(|m| Undecided {
                    mv: m.to_string(),
                    laps: legality.laps(m),
                })
                .collect(),
            refusals,
            over: !ongoing,
            result: describe::ending(&self.game),
            winner: self.game.outcome().winner().map(|p| p.letter()),
            headline: headline(self.game.outcome()),
        }
    }
}

/// The options the view gives fields of their own (`starter_only`,
/// `clockwise`, `reading`); a game's other options are in `options`.
const NAMED_OPTIONS: [&str; 3] = ["starter-only", "clockwise", "reading"];

/// The result in a few words, the winner's score first ("North wins
/// 44-36"); `None` while the game goes on.
pub(super) fn headline(outcome: sowing::Outcome) -> Option<String> {
    if outcome == sowing::Outcome::Ongoing {
        return None;
    }
    let score = outcome.score();
    Some(match (outcome.winner(), score) {
        (Some(w), Some(s)) => {
            let (mine, theirs) = if w == Player::South {
                (s.south, s.north)
            } else {
                (s.north, s.south)
            };
            format!("{w} wins {mine}-{theirs}")
        }
        (Some(w), None) => format!("{w} wins"),
        (None, Some(s)) => format!("A draw, {}-{}", s.south, s.north),
        (None, None) => "A draw".to_string(),
    })
}

/// What each side has, and what it means in this game, with the words
/// the terminal game uses ([`crate::tally::Tally`]).
fn tally<R: Ruleset>(pos: &Position<R>) -> Tally {
    let t = crate::tally::Tally::of(pos);
    Tally {
        kind: match t.kind {
            crate::tally::Kind::Points => "points",
            crate::tally::Kind::Removed => "removed",
        },
        south: t.value[0],
        north: t.value[1],
        captured: (t.kind == crate::tally::Kind::Points).then_some(t.captured),
        in_waranas: t.in_waranas,
        removed: t.removed,
        text: Seats {
            south: t.words(Player::South),
            north: t.words(Player::North),
        },
    }
}

/// A game as the page draws it (`GET /api/games/{id}`).
#[derive(Serialize)]
pub struct GameView {
    pub id: String,
    pub variant: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starter_only: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clockwise: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<&'static str>,
    /// The game's other options (none of the built-in games has one), by
    /// name, each value as the notation writes it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<&'static str, String>,
    pub pits_per_row: usize,
    pub seats: Seats,
    pub start: String,
    pub position: String,
    pub record: String,
    pub ply: usize,
    pub can_undo: bool,
    pub can_redo: bool,
    pub phase: Option<String>,
    pub to_move: char,
    pub to_move_seat: String,
    pub board: Board,
    pub tally: Tally,
    pub legal: Vec<String>,
    pub endless: Vec<String>,
    pub undecided: Vec<Undecided>,
    pub refusals: Vec<(String, String)>,
    pub over: bool,
    pub result: Option<String>,
    pub winner: Option<char>,
    /// The result in a few words, the winner's score first: `North wins
    /// 44-36`, `South wins` (a game without points), `A draw, 40-40`;
    /// `None` while the game goes on.
    pub headline: Option<String>,
}

#[derive(Serialize)]
pub struct Seats {
    pub south: String,
    pub north: String,
}

#[derive(Serialize)]
pub struct Board {
    /// South's pits from his pit 1.
    pub south: Vec<PitView>,
    /// North's pits from his pit 1.
    pub north: Vec<PitView>,
}

#[derive(Serialize)]
pub struct PitView {
    pub seeds: u8,
    /// The owner of the warana this pit is (Sadeqa V).
    pub warana: Option<char>,
}

#[derive(Serialize)]
pub struct Tally {
    /// `points` (a score) or `removed` (seeds removed by one's captures,
    /// which are no score).
    pub kind: &'static str,
    pub south: u16,
    pub north: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured: Option<[u16; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_waranas: Option<[u16; 2]>,
    /// Andada: seeds removed by the singleton ending.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed: Option<u32>,
    /// Each side's tally in words, as the terminal game says it.
    pub text: Seats,
}

#[derive(Serialize)]
pub struct Undecided {
    #[serde(rename = "move")]
    pub mv: String,
    /// Laps the proof has tried so far.
    pub laps: u64,
}

/// One traced event, with the words the page shows for it.
#[derive(Serialize)]
pub struct EventView {
    #[serde(flatten)]
    pub kind: EventKind,
    pub text: String,
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    Lap {
        origin: String,
        seeds: u8,
        landing: String,
        /// The lap passes its emptied origin by (`Ruleset::SKIPS_ORIGIN`:
        /// Oware's lap of 12 seeds or more); absent when it does not.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        skips_origin: bool,
    },
    Capture {
        by: char,
        pit: String,
        seeds: u8,
        removed_from_play: bool,
    },
    WaranaCapture {
        by: char,
        pit: String,
        seeds: u8,
    },
    WaranaMade {
        owner: char,
        pit: String,
    },
    BonusMove {
        player: char,
    },
    Pass {
        player: char,
    },
    Removed {
        from: String,
        seeds: u8,
    },
    Sweep {
        to: char,
        seeds: u16,
    },
    Choice {
        first: char,
    },
    GameOver,
}

/// The events of a move played from `before`, as the page animates them,
/// in the words of the terminal game ([`Narration`]). A bonus move that
/// the end of the game cancels is left out.
pub(super) fn views<R: Ruleset>(before: &Position<R>, events: &[Event]) -> Vec<EventView> {
    let words = Narration::of(before, events);
    let removing = before.rules().scoring() == sowing::Scoring::LastMover;
    events
        .iter()
        .filter_map(|&e| {
            let text = match e {
                Event::Lap {
                    origin,
                    seeds,
                    landing,
                } => words.lap(origin, seeds, landing),
                e => words.event(e)?,
            };
            let kind = match e {
                Event::Lap {
                    origin,
                    seeds,
                    landing,
                } => EventKind::Lap {
                    origin: origin.to_string(),
                    seeds,
                    landing: landing.to_string(),
                    skips_origin: R::SKIPS_ORIGIN
                        && usize::from(seeds) >= 2 * before.pits_per_row(),
                },
                Event::Capture { by, pit, seeds } => EventKind::Capture {
                    by: by.letter(),
                    pit: pit.to_string(),
                    seeds,
                    removed_from_play: removing,
                },
                Event::WaranaCapture { by, pit, seeds } => EventKind::WaranaCapture {
                    by: by.letter(),
                    pit: pit.to_string(),
                    seeds,
                },
                Event::WaranaMade { owner, pit } => EventKind::WaranaMade {
                    owner: owner.letter(),
                    pit: pit.to_string(),
                },
                Event::BonusMove { player } => EventKind::BonusMove {
                    player: player.letter(),
                },
                Event::Pass { player } => EventKind::Pass {
                    player: player.letter(),
                },
                Event::Removed { from, seeds } => EventKind::Removed {
                    from: from.to_string(),
                    seeds,
                },
                Event::Sweep { to, seeds } => EventKind::Sweep {
                    to: to.letter(),
                    seeds,
                },
                Event::Choice { first } => EventKind::Choice {
                    first: first.letter(),
                },
                Event::GameOver => EventKind::GameOver,
            };
            Some(EventView { kind, text })
        })
        .collect()
}
