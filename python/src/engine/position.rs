//! A position ([`Pos`]): its state, its legal moves (with the endless-sowing
//! test under a check), playing a move with or without its events, and
//! how a game ended.

use sowing::{AnyPosition, Event, Outcome, Pit};

use super::rules::Rules;
use super::{Check, Error, Mv, Result, Side, control, play_error};

/// A position (a small `Copy` value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos(pub(super) AnyPosition);

/// How a game ended, or that it goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeInfo {
    /// Whether the game is over.
    pub over: bool,
    /// The winner; `None` for a draw or an ongoing game.
    pub winner: Option<Side>,
    /// Final points (South, North), for the games that score points.
    pub score: Option<(u16, u16)>,
    /// The engine's words: `South wins 50-30`, `draw (repetition)`.
    pub text: String,
}

pub(super) fn outcome_info(o: Outcome) -> OutcomeInfo {
    OutcomeInfo {
        over: !o.is_ongoing(),
        winner: o.winner().map(Side::of),
        score: o.score().map(|s| (s.south, s.north)),
        text: o.to_string(),
    }
}

/// A value in an event's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A count.
    Int(i64),
    /// A player.
    Side(Side),
    /// A pit: its owner and number.
    Pit(Side, u8),
}

/// One event of a traced move: its kind and named fields.
pub type EventInfo = (&'static str, Vec<(&'static str, Field)>);

pub(super) fn pit(p: Pit) -> Field {
    Field::Pit(Side::of(p.owner), p.number)
}

pub(super) fn event_info(e: Event) -> EventInfo {
    use Field::{Int, Side as S};
    match e {
        Event::Lap {
            origin,
            seeds,
            landing,
        } => (
            "lap",
            vec![
                ("origin", pit(origin)),
                ("seeds", Int(seeds.into())),
                ("landing", pit(landing)),
            ],
        ),
        Event::Capture { by, pit: p, seeds } => (
            "capture",
            vec![
                ("by", S(Side::of(by))),
                ("pit", pit(p)),
                ("seeds", Int(seeds.into())),
            ],
        ),
        Event::WaranaCapture { by, pit: p, seeds } => (
            "warana_capture",
            vec![
                ("by", S(Side::of(by))),
                ("pit", pit(p)),
                ("seeds", Int(seeds.into())),
            ],
        ),
        Event::WaranaMade { owner, pit: p } => (
            "warana_made",
            vec![("owner", S(Side::of(owner))), ("pit", pit(p))],
        ),
        Event::BonusMove { player } => ("bonus_move", vec![("player", S(Side::of(player)))]),
        Event::Pass { player } => ("pass", vec![("player", S(Side::of(player)))]),
        Event::Removed { from, seeds } => (
            "removed",
            vec![("from", pit(from)), ("seeds", Int(seeds.into()))],
        ),
        Event::Sweep { to, seeds } => (
            "sweep",
            vec![("to", S(Side::of(to))), ("seeds", Int(seeds.into()))],
        ),
        Event::Choice { first } => ("choice", vec![("first", S(Side::of(first)))]),
        Event::GameOver => ("game_over", vec![]),
    }
}

impl Pos {
    /// The initial position of `rules`, `first` to move, with an optional
    /// lap limit.
    pub fn new(rules: Rules, first: Side, lap_limit: Option<u32>) -> Pos {
        Pos(AnyPosition::new_with_first(rules.0, first.player()).with_lap_limit(lap_limit))
    }

    /// Reads a position string; `rules` (the options) if given must be of
    /// the string's variant.
    pub fn parse(s: &str, rules: Option<Rules>, lap_limit: Option<u32>) -> Result<Pos> {
        let bad = |e: &dyn std::fmt::Display| Error::Value(format!("bad position {s:?}: {e}"));
        let pos = match rules {
            None => s.parse::<AnyPosition>().map_err(|e| bad(&e))?,
            Some(r) => AnyPosition::from_str_with(r.0, s).map_err(|e| bad(&e))?,
        };
        Ok(Pos(pos.with_lap_limit(lap_limit)))
    }

    /// The variant named in a position string (the first word), unchecked.
    pub fn variant_of(s: &str) -> &str {
        s.split_whitespace().next().unwrap_or("")
    }

    /// The crate's position (for [`crate::vector`], which steps it
    /// generically).
    pub fn any(&self) -> AnyPosition {
        self.0
    }

    /// The ruleset.
    pub fn rules(&self) -> Rules {
        Rules(self.0.rules())
    }

    /// The variant's name.
    pub fn variant(&self) -> &'static str {
        self.0.variant().name()
    }

    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        self.0.pits_per_row()
    }

    /// The lap limit, if any.
    pub fn lap_limit(&self) -> Option<u32> {
        self.0.lap_limit()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        Side::of(self.0.side_to_move())
    }

    /// Seeds captured by `side`.
    pub fn captured(&self, side: Side) -> u16 {
        self.0.captured(side.player())
    }

    /// Points of `side` (the scoring games), else `None`.
    pub fn points(&self, side: Side) -> Option<u16> {
        self.0.points(side.player())
    }

    /// `side`'s row, from his pit 1.
    pub fn row(&self, side: Side) -> Vec<u8> {
        self.0.row(side.player())
    }

    /// The owner of the warana at `side`'s pit `number` (Sadeqa V).
    pub fn warana_owner(&self, side: Side, number: u8) -> Option<Side> {
        self.0
            .warana_owner(Pit::new(side.player(), number))
            .map(Side::of)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The outcome.
    pub fn outcome(&self) -> OutcomeInfo {
        outcome_info(self.0.outcome())
    }

    /// The legal moves if they are known without a long proof.
    pub fn legal_moves_known(&self) -> Option<Vec<Mv>> {
        let l = self.0.legality();
        l.undecided
            .is_empty()
            .then(|| l.ends.into_iter().map(Mv::of).collect())
    }

    /// The exact legal moves, proving undecided sowings with `check` asked
    /// every few milliseconds (and kept: `self` is settled).
    pub fn legal_moves(&mut self, check: Check<'_>) -> Result<Vec<Mv>> {
        self.0.settle(&mut control(check)).map_err(play_error)?;
        Ok(self.0.legal_moves().into_iter().map(Mv::of).collect())
    }

    /// The position after `mv` (and its events if `trace`).
    pub fn play(&self, mv: Mv, trace: bool, check: Check<'_>) -> Result<(Pos, Vec<EventInfo>)> {
        let m = mv.to_move(self.pits_per_row())?;
        let mut next = self.0;
        let mut events: Vec<Event> = Vec::new();
        let mut ctl = control(check);
        if trace {
            next.play_with(m, &mut events, &mut ctl)
        } else {
            next.play_with(m, &mut (), &mut ctl)
        }
        .map_err(play_error)?;
        Ok((Pos(next), events.into_iter().map(event_info).collect()))
    }

    /// The position string.
    pub fn notation(&self) -> String {
        self.0.to_string()
    }

    /// Whether Andada's choice move is due.
    pub(super) fn choice_due(&self) -> bool {
        let c = self.0.candidate_moves();
        c.pits() != c
    }
}
