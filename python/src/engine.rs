//! Every call into the `sowing` crate lives here, behind the bindings' own
//! small types ([`Pos`], [`GameState`], [`Mv`], [`Side`], [`Error`]), so
//! that a change of the crate's API is met in this one file. The rest of
//! the bindings (`lib.rs`) knows nothing of `sowing`'s types.
//!
//! What is used, for whoever changes the core:
//!
//! - `AnyRuleset`: `FromStr` (a variant name, options allowed), `name()`,
//!   `variant()`, `set_option` and `option_value` (the options
//!   `starter-only`, `clockwise`, `reading`; `options::{OptionError,
//!   OptionValue}`), `RulesetError`'s message; `Variant::ALL`,
//!   `Variant::name`, `Variant::pits_per_row`.
//! - `AnyPosition`: `new_with_first`, `FromStr`, `from_str_with`,
//!   `with_lap_limit`, `rules`, `variant`, `pits_per_row`, `lap_limit`,
//!   `side_to_move`, `captured`, `points`, `row`, `warana_owner`,
//!   `is_over`, `outcome`, `legality` (`ends`, `undecided`), `settle`,
//!   `legal_moves`, `candidate_moves`, `play_with` (observers `()` and
//!   `Vec<Event>`), `play_unchecked`, `Display`, `Copy`/`Eq`/`Hash`; `visit`
//!   (a `Visit` of any `BuiltIn`), to reach `Position<R>` for the solver
//!   and the analysis.
//! - `MoveSet` (`into_iter`, `nth`, `len`, `pits`), `Move::{Pit, First}`
//!   and `FromStr`, `Player`, `Pit::new` / `owner` / `number`, every
//!   `Event` variant, `Outcome` (`is_ongoing`, `winner`, `score`, its
//!   variants, `Display`), `PlayError` (`Cancelled`, `Display`), a closure
//!   `FnMut(Move, u64) -> ControlFlow<()>` as the `Control`.
//! - `AnyGame`: `new`, `with_repetition`, `with_ply_limit`,
//!   `play_record_with`, `position`, `start`, `outcome`, `play_with`,
//!   `undo`, `moves`, `record`, `ply`, `occurrences`, `Clone`; `Record`
//!   (`FromStr`, `Display`), `RecordError::Play` and its `Display`.
//! - `bots::BotSpec` (`FromStr`, `build(seed)`), `Bot::choose_any_from`,
//!   `SpecError`'s message; `bots::alphabeta::{analyse, Table, Budget,
//!   Analysis, MoveValue, SearchValue}`, `bots::StandardEval` and the bound
//!   `StandardEval: Evaluation<R>`.
//! - `solver::{Solver::new, Solver::solve, Limits, Solution, Verdict}`;
//!   `Ruleset` and `Position<R>` as generic bounds.
//!
//! The bulk playouts ([`playout`]) are the core's lazy random play
//! (`sowing::playout`, through `AnyPosition::visit`) on a lap-limited `AnyPosition`.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::bots::alphabeta::{self, Budget, Table};
use sowing::bots::{BotSpec, StandardEval};
use sowing::options::{OptionError, OptionValue};
use sowing::solver::{Limits, Solver, Verdict};
use sowing::{
    AnyGame, AnyPosition, AnyRuleset, BuiltIn, Event, Move, Outcome, Pit, PlayError, Player,
    Record, Ruleset, Variant, Visit,
};
use std::ops::ControlFlow;
use std::time::Duration;

/// The lap limit of the bulk playouts (the benchmarks' limit, RULES.md
/// section 2's option).
pub const PLAYOUT_LAP_LIMIT: u32 = 10_000;
/// The longest bulk playout, in plies (as the benchmarks).
pub const PLAYOUT_MAX_PLIES: u32 = 1_000;

/// What went wrong, in words for the user.
#[derive(Debug)]
pub enum Error {
    /// Bad input: a malformed string, an unknown variant, an option the
    /// variant does not have.
    Value(String),
    /// A move that cannot be played here, with the engine's reason.
    Illegal(String),
    /// The caller's check (Ctrl-C in Python) stopped a long computation.
    Interrupted,
}

/// The result type of this module.
pub type Result<T> = std::result::Result<T, Error>;

fn play_error(e: PlayError) -> Error {
    match e {
        PlayError::Cancelled { .. } => Error::Interrupted,
        e => Error::Illegal(e.to_string()),
    }
}

/// A player: South or North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// South, who moves first by default.
    South,
    /// North.
    North,
}

impl Side {
    fn player(self) -> Player {
        match self {
            Side::South => Player::South,
            Side::North => Player::North,
        }
    }

    fn of(p: Player) -> Side {
        match p {
            Player::South => Side::South,
            Player::North => Side::North,
        }
    }

    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// `"south"` or `"north"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Index 0 (South) or 1 (North).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Reads `south`/`north`/`S`/`N` in any case.
    pub fn parse(s: &str) -> Result<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(Error::Value(format!(
                "unknown player {s:?} (expected \"south\" or \"north\")"
            ))),
        }
    }
}

/// A move: a pit number of the mover's row, or Andada's choice move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mv {
    /// The mover's pit `1..=n`, counted from his own left (any number is
    /// held; the engine refuses those outside the board).
    Pit(i64),
    /// Andada's choice: who makes the first regular move.
    Choice(Side),
}

impl Mv {
    /// Reads a move as the notation writes it (`3`, `S`, `N`).
    pub fn parse(s: &str) -> Result<Mv> {
        let t = s.trim();
        if let Ok(n) = t.parse::<i64>() {
            return Ok(Mv::Pit(n));
        }
        match t.parse::<Move>() {
            Ok(m) => Ok(Mv::of(m)),
            // The core's message names the move ("malformed move \"x\": ...").
            Err(e) => Err(Error::Value(e.to_string())),
        }
    }

    fn of(m: Move) -> Mv {
        match m {
            Move::Pit(n) => Mv::Pit(n.into()),
            Move::First(p) => Mv::Choice(Side::of(p)),
        }
    }

    /// The engine's move, or the refusal of a pit number outside the board
    /// (as the engine words it).
    fn to_move(self, pits_per_row: usize) -> Result<Move> {
        match self {
            Mv::Choice(s) => Ok(Move::First(s.player())),
            Mv::Pit(n) if (1..=pits_per_row as i64).contains(&n) => Ok(Move::Pit(n as u8)),
            Mv::Pit(n) => Err(Error::Illegal(format!(
                "move {n} is not legal: there is no pit {n}: pits are numbered 1 to {pits_per_row}"
            ))),
        }
    }
}

/// A ruleset with its options, as the user named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules(AnyRuleset);

/// The name with the options that differ from their defaults
/// (`sadeqa-ii(starter-only)`), as [`Rules::new`]'s variant reads it.
impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The rule options a caller may give (`None`: not given).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Sadeqa II: only the starter's first move is forced to pit 6.
    pub starter_only: Option<bool>,
    /// Andada: sow clockwise.
    pub clockwise: Option<bool>,
    /// Andada: `pankhurst`, `empty-row` or `ludii`.
    pub reading: Option<String>,
}

impl Rules {
    /// The ruleset named `variant` (any case) with `opts`; an option the
    /// variant does not have is refused.
    pub fn new(variant: &str, opts: &Options) -> Result<Rules> {
        let mut rules: AnyRuleset = variant
            .parse()
            .map_err(|e: sowing::RulesetError| Error::Value(e.to_string()))?;
        let name = rules.name();
        let flag = |b: Option<bool>| b.map(|b| if b { "true" } else { "false" });
        let given = [
            ("starter_only", "starter-only", flag(opts.starter_only)),
            ("clockwise", "clockwise", flag(opts.clockwise)),
            ("reading", "reading", opts.reading.as_deref()),
        ];
        for (keyword, option, value) in given {
            let Some(value) = value else { continue };
            match rules.set_option(option, Some(value)) {
                Ok(()) => {}
                Err(OptionError::NotForGame { others, .. }) => {
                    let games = if others.starts_with("andada") {
                        "Andada"
                    } else {
                        others.as_str()
                    };
                    return Err(Error::Value(format!(
                        "{keyword} applies to {games}, not {name}"
                    )));
                }
                Err(e @ OptionError::BadValue { .. }) if option == "reading" => {
                    return Err(Error::Value(format!("unknown reading {value:?} ({e})")));
                }
                Err(e) => return Err(Error::Value(e.to_string())),
            }
        }
        Ok(Rules(rules))
    }

    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        self.0.variant().pits_per_row()
    }

    /// The options of the variants that have them (`None` where the
    /// variant has no such option), as [`Rules::new`] reads them.
    pub fn options(&self) -> Options {
        let flag = |name| match self.0.option_value(name) {
            Some(OptionValue::Flag(b)) => Some(b),
            _ => None,
        };
        Options {
            starter_only: flag("starter-only"),
            clockwise: flag("clockwise"),
            reading: self.0.option_value("reading").map(|v| v.to_string()),
        }
    }
}

/// Every built-in variant's name.
pub fn variant_names() -> Vec<&'static str> {
    sowing::Variant::ALL.iter().map(|v| v.name()).collect()
}

/// A position (a small `Copy` value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos(AnyPosition);

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

fn outcome_info(o: Outcome) -> OutcomeInfo {
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

fn pit(p: Pit) -> Field {
    Field::Pit(Side::of(p.owner), p.number)
}

fn event_info(e: Event) -> EventInfo {
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

/// A check called during long computations: `true` stops them.
pub type Check<'a> = &'a mut dyn FnMut() -> bool;

/// The engine's [`sowing::Control`] for a check.
fn control<'a>(check: Check<'a>) -> impl FnMut(Move, u64) -> ControlFlow<()> + 'a {
    move |_, _| {
        if check() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
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
    fn choice_due(&self) -> bool {
        let c = self.0.candidate_moves();
        c.pits() != c
    }
}

// ---- actions and observations (the learning environments) ----

/// The number of actions of a variant: one per pit, and for Andada two
/// more, the choice moves `S` and `N`.
pub fn action_count(rules: Rules) -> usize {
    let n = rules.pits_per_row();
    if matches!(rules.0.variant(), Variant::Andada(_)) {
        n + 2
    } else {
        n
    }
}

/// The action of a move: pit `k` is `k - 1`, `S` is `n`, `N` is `n + 1`.
pub fn action_of(mv: Mv, pits_per_row: usize) -> usize {
    match mv {
        Mv::Pit(k) => (k - 1) as usize,
        Mv::Choice(s) => pits_per_row + s.index(),
    }
}

/// The move of an action (inverse of [`action_of`]).
pub fn move_of(action: usize, pits_per_row: usize) -> Mv {
    if action < pits_per_row {
        Mv::Pit(action as i64 + 1)
    } else if action == pits_per_row {
        Mv::Choice(Side::South)
    } else if action == pits_per_row + 1 {
        Mv::Choice(Side::North)
    } else {
        Mv::Pit(action as i64 + 1)
    }
}

/// The length of [`Pos::observe`]'s vector for a variant: `4n + 4`.
pub fn observation_len(rules: Rules) -> usize {
    4 * rules.pits_per_row() + 4
}

impl Pos {
    /// The position seen by `viewer`, appended to `out`: the viewer's row
    /// (from his pit 1), the opponent's row, then for the same `2n` pits
    /// the warana marks (+1 the viewer's, -1 the opponent's, 0 none), the
    /// viewer's and the opponent's captured seeds, 1 if the viewer is to
    /// move, 1 if Andada's choice move is due.
    pub fn observe(&self, viewer: Side, out: &mut Vec<f32>) {
        let n = self.pits_per_row();
        let sides = [viewer, viewer.other()];
        for s in sides {
            out.extend(self.row(s).into_iter().map(f32::from));
        }
        for s in sides {
            for k in 1..=n as u8 {
                out.push(match self.warana_owner(s, k) {
                    Some(o) if o == viewer => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                });
            }
        }
        for s in sides {
            out.push(f32::from(self.captured(s)));
        }
        out.push(if self.side_to_move() == viewer {
            1.0
        } else {
            0.0
        });
        out.push(if self.choice_due() { 1.0 } else { 0.0 });
    }
}

// ---- games ----

/// A game: history, undo, the repetition rule and a ply limit.
#[derive(Clone, Debug)]
pub struct GameState(AnyGame);

impl GameState {
    /// A game from `start`; `repetition`: the occurrence that draws (`None`
    /// switches it off); `ply_limit`: a draw after so many plies.
    pub fn new(start: Pos, repetition: Option<u32>, ply_limit: Option<usize>) -> GameState {
        GameState(
            AnyGame::new(start.0)
                .with_repetition(repetition)
                .with_ply_limit(ply_limit),
        )
    }

    /// Plays the moves of a record (`2/8/3/9`), checking `check` during
    /// long proofs.
    pub fn play_record(&mut self, record: &str, check: Check<'_>) -> Result<()> {
        let rec: Record = record
            .parse()
            .map_err(|e| Error::Value(format!("bad record {record:?}: {e}")))?;
        let mut ctl = control(check);
        self.0.play_record_with(&rec, &mut ctl).map_err(|e| {
            if matches!(
                e,
                sowing::RecordError::Play {
                    source: PlayError::Cancelled { .. },
                    ..
                }
            ) {
                Error::Interrupted
            } else {
                Error::Illegal(e.to_string())
            }
        })
    }

    /// The current position.
    pub fn position(&self) -> Pos {
        Pos(self.0.position())
    }

    /// The start position.
    pub fn start(&self) -> Pos {
        Pos(self.0.start())
    }

    /// Whether the game is over (the repetition rule and ply limit
    /// included).
    pub fn is_over(&self) -> bool {
        !self.0.outcome().is_ongoing()
    }

    /// The outcome, the repetition rule and ply limit included.
    pub fn outcome(&self) -> OutcomeInfo {
        outcome_info(self.0.outcome())
    }

    /// Plays `mv`.
    pub fn play(&mut self, mv: Mv, check: Check<'_>) -> Result<()> {
        let m = mv.to_move(self.position().pits_per_row())?;
        let mut ctl = control(check);
        self.0.play_with(m, &mut (), &mut ctl).map_err(play_error)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Mv> {
        self.0.undo().map(Mv::of)
    }

    /// The moves played.
    pub fn moves(&self) -> Vec<Mv> {
        self.0.moves().iter().map(|&m| Mv::of(m)).collect()
    }

    /// The game record.
    pub fn record(&self) -> String {
        self.0.record().to_string()
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.0.ply()
    }

    /// How often the current position has occurred.
    pub fn occurrences(&self) -> u32 {
        self.0.occurrences()
    }
}

// ---- players, analysis, solver ----

/// Checks a player spec (`random`, `greedy`, `alphabeta:4`, `mcts:1s`).
pub fn check_spec(spec: &str) -> Result<()> {
    spec.parse::<BotSpec>()
        .map(|_| ())
        .map_err(|e| Error::Value(e.to_string()))
}

/// The move the player `spec` (seeded with `seed`) chooses; `None` if the
/// game is over. `pos`'s undecided moves are proved first, with `check`.
pub fn best_move(pos: &Pos, spec: &str, seed: u64, check: Check<'_>) -> Result<Option<Mv>> {
    let mut bot = spec
        .parse::<BotSpec>()
        .map_err(|e| Error::Value(e.to_string()))?
        .build(seed);
    let mut p = *pos;
    p.0.settle(&mut control(check)).map_err(play_error)?;
    let legal = p.0.legal_moves();
    Ok(bot.choose_any_from(&p.0, legal).map(Mv::of))
}

/// The budget of an analysis: a depth or a time.
#[derive(Clone, Copy, Debug)]
pub enum SearchBudget {
    /// Iterate to this depth (plies).
    Depth(u8),
    /// About this long.
    Time(Duration),
}

/// One move's value in an analysis.
#[derive(Clone, Debug)]
pub struct MoveValueInfo {
    /// The move.
    pub mv: Mv,
    /// The search score for the side to move (evaluation units, or a
    /// proven result's large value).
    pub score: i32,
    /// Whether the search proved a win / a loss.
    pub win: bool,
    /// Proven loss.
    pub loss: bool,
    /// For a proven result: plies to the end.
    pub plies_to_end: Option<u32>,
    /// The depth searched.
    pub depth: u8,
    /// The value in words: `win in 7 plies`, `+12`.
    pub text: String,
}

/// Every legal move of `pos` with its alpha-beta value, best first, and the
/// principal variation. `pos` must be settled (see [`Pos::legal_moves`]).
pub fn analyse(
    pos: &Pos,
    budget: SearchBudget,
    table_bits: u8,
) -> (Vec<MoveValueInfo>, Vec<Mv>, u64) {
    let budget = match budget {
        SearchBudget::Depth(d) => Budget::Depth(d),
        SearchBudget::Time(t) => Budget::Time(t),
    };
    fn run<R: Ruleset>(p: &sowing::Position<R>, budget: Budget, bits: u8) -> alphabeta::Analysis
    where
        StandardEval: sowing::bots::Evaluation<R>,
    {
        alphabeta::analyse(p, budget, &StandardEval, &mut Table::new(bits))
    }
    struct Run(Budget, u8);
    impl Visit for Run {
        type Output = alphabeta::Analysis;
        fn visit<R: BuiltIn>(self, p: sowing::Position<R>) -> Self::Output {
            run(&p, self.0, self.1)
        }
    }
    let a = pos.0.visit(Run(budget, table_bits));
    let moves = a
        .moves
        .iter()
        .map(|m| MoveValueInfo {
            mv: Mv::of(m.mv),
            score: m.value.0,
            win: m.value.is_win(),
            loss: m.value.is_loss(),
            plies_to_end: m.value.plies_to_end(),
            depth: m.depth,
            text: m.value.to_string(),
        })
        .collect();
    (moves, a.pv.iter().map(|&m| Mv::of(m)).collect(), a.nodes)
}

/// What the solver found.
#[derive(Clone, Debug)]
pub struct SolveInfo {
    /// `win`, `loss` (for the side to move), `draw` or `unknown`.
    pub verdict: &'static str,
    /// The proved winner.
    pub winner: Option<Side>,
    /// Nodes expanded.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Repetitions met on the searched lines.
    pub repetitions: u64,
}

/// Solves `pos` (settled) within `nodes` and `time`, in slices of
/// doubling size so that `check` is asked between them (the solver keeps
/// its table from slice to slice). `Err(Interrupted)` if `check` stops it.
pub fn solve(
    pos: &Pos,
    nodes: Option<u64>,
    time: Option<Duration>,
    table_bits: u8,
    check: Check<'_>,
) -> Result<SolveInfo> {
    fn run<R: Ruleset>(
        p: &sowing::Position<R>,
        nodes: Option<u64>,
        time: Option<Duration>,
        bits: u8,
        check: Check<'_>,
    ) -> Result<SolveInfo> {
        let started = std::time::Instant::now();
        let mut solver = Solver::<R>::new(bits);
        let mut slice: u64 = 1 << 16;
        let mut spent: u64 = 0;
        let mut repetitions = 0;
        loop {
            let left_nodes = nodes.map(|n| n.saturating_sub(spent));
            let left_time = time.map(|t| t.saturating_sub(started.elapsed()));
            let this = left_nodes.map_or(slice, |l| l.min(slice));
            let limits = Limits {
                nodes: Some(this.max(1)),
                time: left_time,
            };
            let s = solver.solve(p, limits);
            spent += s.nodes;
            repetitions += s.repetitions;
            let out_of_budget = left_nodes.is_some_and(|l| s.nodes >= l)
                || left_time.is_some_and(|t| s.time >= t)
                || time.is_some_and(|t| started.elapsed() >= t);
            if s.verdict != Verdict::Unknown || out_of_budget {
                return Ok(SolveInfo {
                    verdict: match s.verdict {
                        Verdict::Win => "win",
                        Verdict::Loss => "loss",
                        Verdict::Draw => "draw",
                        Verdict::Unknown => "unknown",
                    },
                    winner: s.winner.map(Side::of),
                    nodes: spent,
                    seconds: started.elapsed().as_secs_f64(),
                    repetitions,
                });
            }
            if check() {
                return Err(Error::Interrupted);
            }
            slice = slice.saturating_mul(2);
        }
    }
    struct Run<'a>(Option<u64>, Option<Duration>, u8, Check<'a>);
    impl Visit for Run<'_> {
        type Output = Result<SolveInfo>;
        fn visit<R: BuiltIn>(self, p: sowing::Position<R>) -> Self::Output {
            run(&p, self.0, self.1, self.2, self.3)
        }
    }
    pos.0.visit(Run(nodes, time, table_bits, check))
}

// ---- bulk work ----

/// One random playout's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Plies played.
    pub plies: u32,
    /// 0: South won, 1: North won, 2: a draw, 3: unfinished (the ply cap).
    pub result: u8,
    /// Final points (the scoring games; else captured seeds), South, North.
    pub south: u16,
    /// North's.
    pub north: u16,
}

/// The seed of game `i` of a run seeded `seed` (SplitMix64), so that a run
/// gives the same games whatever the number of threads (also the seed of
/// the search of position `i` of a `best_moves` batch).
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One uniformly random playout from `start` (lap-limited), at most
/// [`PLAYOUT_MAX_PLIES`] plies, by the core's lazy random play.
fn playout(start: AnyPosition, seed: u64) -> PlayoutResult {
    // The engine's lazy random play: a uniform legal move a ply.
    struct Playout(u64);
    impl Visit for Playout {
        type Output = (u32, AnyPosition);
        fn visit<R: BuiltIn>(self, mut pos: sowing::Position<R>) -> Self::Output {
            let mut rng = SmallRng::seed_from_u64(self.0);
            let plies = sowing::playout(&mut pos, &mut rng, PLAYOUT_MAX_PLIES as usize) as u32;
            (plies, pos.into())
        }
    }
    let (plies, pos) = start.visit(Playout(seed));
    let o = pos.outcome();
    let points = |p: Player| pos.points(p).unwrap_or_else(|| pos.captured(p));
    PlayoutResult {
        plies,
        result: match o {
            Outcome::Win {
                winner: Player::South,
                ..
            } => 0,
            Outcome::Win { .. } => 1,
            Outcome::Draw { .. } => 2,
            Outcome::Ongoing => 3,
        },
        south: points(Player::South),
        north: points(Player::North),
    }
}

/// The most threads [`playouts`] starts.
pub const MAX_THREADS: usize = 256;

/// `n` random playouts from `start` (given the bulk lap limit) on
/// `threads` threads (at most [`MAX_THREADS`] and `n`); game `i` is seeded
/// from `seed` and `i`.
pub fn playouts(start: &Pos, n: usize, seed: u64, threads: usize) -> Vec<PlayoutResult> {
    let start = start.0.with_lap_limit(Some(PLAYOUT_LAP_LIMIT));
    let mut out = vec![PlayoutResult::default(); n];
    let threads = threads.clamp(1, n.clamp(1, MAX_THREADS));
    let chunk = n.div_ceil(threads).max(1);
    if threads == 1 {
        for (i, r) in out.iter_mut().enumerate() {
            *r = playout(start, game_seed(seed, i as u64));
        }
        return out;
    }
    std::thread::scope(|scope| {
        for (c, part) in out.chunks_mut(chunk).enumerate() {
            scope.spawn(move || {
                for (j, r) in part.iter_mut().enumerate() {
                    *r = playout(start, game_seed(seed, (c * chunk + j) as u64));
                }
            });
        }
    });
    out
}

// ---- endgame databases ----

/// How a database build goes (the core's `tablebase::Progress`).
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The layer being built (seeds on the board).
    pub seeds: u32,
    /// Its sweep, from 1.
    pub sweep: u32,
    /// Positions done in this sweep.
    pub done: u64,
    /// Positions in the layer.
    pub positions: u64,
    /// Values changed in this sweep so far.
    pub changed: u64,
}

/// What building one layer took (the core's `LayerReport`).
#[derive(Clone, Debug)]
pub struct LayerInfo {
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions.
    pub positions: u64,
    /// Sweeps until nothing changed (0: read from its file).
    pub sweeps: u32,
    /// Seconds.
    pub seconds: f64,
    /// Whether the layer's file was there already.
    pub reused: bool,
}

/// The value of a position (or of a move) under perfect play, read from
/// the databases.
#[derive(Clone, Debug, PartialEq)]
pub struct DbValue {
    /// For the side to move (or the player making the move): 1 a win, 0 a
    /// draw, -1 a loss (the scoring games: by the final points).
    pub result: i8,
    /// The winner.
    pub winner: Option<Side>,
    /// The scoring games: the points the side to move gains from here on
    /// minus his opponent's (the core's `Value::Margin`); not for moves.
    pub margin: Option<i32>,
    /// The scoring games: South's final points minus North's.
    pub final_margin: Option<i32>,
    /// The last-mover games: plies to the end (none for a draw).
    pub plies: Option<u32>,
    /// In words: `South wins by 4 seeds`, `North wins in 7 plies`.
    pub text: String,
}

/// The endgame databases of one ruleset, opened.
#[derive(Clone, Debug)]
pub struct Db(sowing::tablebase::AnyTablebase);

fn db_error(e: sowing::tablebase::TablebaseError) -> Error {
    Error::Value(e.to_string())
}

fn result_for(winner: Option<Player>, mover: Player) -> i8 {
    match winner {
        None => 0,
        Some(w) if w == mover => 1,
        Some(_) => -1,
    }
}

fn forecast_value(f: sowing::tablebase::Forecast, mover: Player) -> DbValue {
    use sowing::tablebase::Forecast;
    DbValue {
        result: match f {
            // A win/draw/loss database: the sign from here on.
            Forecast::FromHere { result, .. } => result as i8 - 1,
            _ => result_for(f.winner(), mover),
        },
        winner: f.winner().map(Side::of),
        margin: None,
        final_margin: match f {
            Forecast::Ahead {
                winner: Player::South,
                by,
            } => Some(by as i32),
            Forecast::Ahead { by, .. } => Some(-(by as i32)),
            Forecast::Level => Some(0),
            Forecast::Wins { .. } | Forecast::Endless | Forecast::FromHere { .. } => None,
        },
        plies: match f {
            Forecast::Wins { plies, .. } => Some(plies),
            _ => None,
        },
        text: f.to_string(),
    }
}

impl Db {
    /// Builds the layers of `rules` up to `max_seeds` seeds on the board
    /// into `dir` (a layer already there is read, not built), on
    /// `threads` worker threads (default: one a core), telling `progress`
    /// after every chunk of positions.
    pub fn build(
        rules: Rules,
        max_seeds: u32,
        dir: &std::path::Path,
        threads: Option<usize>,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<Vec<LayerInfo>> {
        struct Build<'a> {
            max_seeds: u32,
            dir: &'a std::path::Path,
            threads: Option<usize>,
            progress: &'a (dyn Fn(BuildProgress) + Sync),
        }
        impl sowing::VisitRuleset for Build<'_> {
            type Output = std::result::Result<
                Vec<sowing::tablebase::LayerReport>,
                sowing::tablebase::TablebaseError,
            >;
            fn visit<R: BuiltIn>(self, rules: R) -> Self::Output {
                let mut b =
                    sowing::tablebase::Builder::new(rules, self.dir).max_seeds(self.max_seeds);
                if let Some(t) = self.threads {
                    b = b.threads(t);
                }
                b.build(|p| {
                    (self.progress)(BuildProgress {
                        seeds: p.seeds,
                        sweep: p.sweep,
                        done: p.done,
                        positions: p.positions,
                        changed: p.changed,
                    })
                })
            }
        }
        let reports = rules
            .0
            .visit(Build {
                max_seeds,
                dir,
                threads,
                progress,
            })
            .map_err(db_error)?;
        Ok(reports
            .into_iter()
            .map(|r| LayerInfo {
                seeds: r.seeds,
                positions: r.positions,
                sweeps: r.sweeps,
                seconds: r.time.as_secs_f64(),
                reused: r.reused,
            })
            .collect())
    }

    /// Opens the databases of `rules` in `dir` (every layer checked).
    pub fn open(rules: Rules, dir: &std::path::Path) -> Result<Db> {
        sowing::tablebase::AnyTablebase::open(rules.0, dir)
            .map(Db)
            .map_err(db_error)
    }

    /// The ruleset.
    pub fn rules(&self) -> Rules {
        Rules(self.0.rules())
    }

    /// The most seeds on the board of a position held.
    pub fn max_seeds(&self) -> u32 {
        self.0.max_seeds()
    }

    /// Refuses a position of another ruleset or other options.
    fn same_rules(&self, pos: &Pos) -> Result<()> {
        if pos.0.rules() == self.0.rules() {
            Ok(())
        } else {
            Err(Error::Value(format!(
                "the position is of {}, the databases of {}",
                pos.0.rules(),
                self.0.rules()
            )))
        }
    }

    /// The value of `pos` for its side to move; `None` if not held (too
    /// many seeds on the board, or a state the databases do not hold).
    pub fn probe(&self, pos: &Pos) -> Result<Option<DbValue>> {
        self.same_rules(pos)?;
        struct Probe<'a>(&'a sowing::tablebase::AnyTablebase);
        impl Visit for Probe<'_> {
            type Output = Option<DbValue>;
            fn visit<R: BuiltIn>(self, pos: sowing::Position<R>) -> Option<DbValue> {
                use sowing::tablebase::{Forecast, Value};
                let db = self.0.get::<R>()?;
                let value = db.probe(&pos)?;
                let mut v = forecast_value(Forecast::of(&pos, value), pos.side_to_move());
                if let Value::Margin(m) = value {
                    v.margin = Some(m);
                }
                Some(v)
            }
        }
        Ok(pos.0.visit(Probe(&self.0)))
    }

    /// Each legal move of `pos` with its value for the player making it,
    /// best first; `None` if `pos` is not held.
    pub fn move_values(&self, pos: &Pos) -> Result<Option<Vec<(Mv, DbValue)>>> {
        self.same_rules(pos)?;
        let mover = pos.0.side_to_move();
        Ok(self.0.move_forecasts(&pos.0).map(|moves| {
            moves
                .into_iter()
                .map(|(m, f)| (Mv::of(m), forecast_value(f, mover)))
                .collect()
        }))
    }
}

impl Db {
    /// The ruleset (with its options) of the databases in `dir`, read
    /// from the header of its layer 0; refused if `dir` holds none, or
    /// those of several games.
    pub fn rules_in(dir: &std::path::Path) -> Result<Rules> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| Error::Value(format!("{}: {e}", dir.display())))?;
        let mut found = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".0.tb"))
            {
                let layer = sowing::tablebase::file::LayerFile::open(&path).map_err(db_error)?;
                found.push(layer.header.options);
            }
        }
        found.sort();
        match found.as_slice() {
            [one] => one
                .parse::<AnyRuleset>()
                .map(Rules)
                .map_err(|e| Error::Value(format!("{}: {e}", dir.display()))),
            [] => Err(Error::Value(format!(
                "no database in {}: no layer 0 file (<game>.0.tb); build one with Tablebase.build",
                dir.display()
            ))),
            several => Err(Error::Value(format!(
                "{} holds the databases of {}: name the game with variant=",
                dir.display(),
                several.join(", ")
            ))),
        }
    }
}
