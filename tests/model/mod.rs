//! A reference model: the rules of RULES.md written a second time, as
//! plainly as possible, for the differential test and the perft counts.
//!
//! Nothing here is shared with the crate: the board is a `Vec<u8>` per row,
//! indexed by pit number; sowing drops one seed at a time into the next pit
//! (no bulk laps, no registers, no caching); the position string of RULES.md
//! section 7 is read and written here on its own. Where the rule book leaves
//! a detail to the engine's documented decisions (who is named to move in a
//! finished Sadeqa V game, the winner when both Andada rows are empty), the
//! decision is written out where it is used, with the rule book's section.

// Each test crate uses a part of the model.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt;

thread_local! {
    /// How many sowings on this thread were cut off by a lap limit: perft
    /// uses a lap limit only as a guard, and a count is exact only if
    /// nothing was cut off.
    static LIMIT_HITS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Sowings cut off by a lap limit on this thread so far.
pub fn limit_hits() -> u64 {
    LIMIT_HITS.with(|hits| hits.get())
}

/// South (0) or North (1), as indices into per-player arrays.
pub type Side = usize;
pub const SOUTH: Side = 0;
pub const NORTH: Side = 1;

fn other(side: Side) -> Side {
    1 - side
}

fn letter(side: Side) -> char {
    if side == SOUTH { 'S' } else { 'N' }
}

/// Andada's published readings (RULES.md section 6.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Pankhurst's text as RULES.md section 6 decides it.
    Pankhurst,
    /// Wikipedia: a player whose row is empty after any move loses.
    EmptyRowLoses,
    /// Ludii, as RULES.md 6.7 words it: the removal of a last seed in an
    /// empty pit whose next pit belongs to the opponent (every pit of the
    /// opponent's row but his last, and the mover's own last pit).
    Ludii,
}

impl Reading {
    fn ludii(self) -> bool {
        matches!(self, Reading::Ludii)
    }
}

/// A ruleset with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    SadeqaV,
    SadeqaII {
        /// Only the starting player's first move is forced (RULES.md 4.1).
        starter_only: bool,
    },
    SadeqaIII,
    Game91,
    Andada {
        n: usize,
        clockwise: bool,
        reading: Reading,
    },
}

impl Rules {
    /// Every ruleset and option the rule book names (Andada on every size).
    pub fn all() -> Vec<Rules> {
        let mut all = vec![
            Rules::SadeqaV,
            Rules::SadeqaII {
                starter_only: false,
            },
            Rules::SadeqaII { starter_only: true },
            Rules::SadeqaIII,
            Rules::Game91,
        ];
        for n in [12, 15, 18, 21, 24] {
            for clockwise in [false, true] {
                for reading in [Reading::Pankhurst, Reading::EmptyRowLoses, Reading::Ludii] {
                    all.push(Rules::Andada {
                        n,
                        clockwise,
                        reading,
                    });
                }
            }
        }
        all
    }

    /// The variant name of the position string.
    pub fn name(self) -> String {
        match self {
            Rules::SadeqaV => "sadeqa-v".into(),
            Rules::SadeqaII { .. } => "sadeqa-ii".into(),
            Rules::SadeqaIII => "sadeqa-iii".into(),
            Rules::Game91 => "game-91".into(),
            Rules::Andada { n, .. } => format!("andada-{n}"),
        }
    }

    /// The variant name and the options that are not part of it, as the
    /// perft file writes them: `sadeqa-ii starter-only`,
    /// `andada-15 clockwise ludii`.
    pub fn describe(self) -> String {
        let mut s = self.name();
        match self {
            Rules::SadeqaII { starter_only: true } => s.push_str(" starter-only"),
            Rules::Andada {
                clockwise, reading, ..
            } => {
                if clockwise {
                    s.push_str(" clockwise");
                }
                match reading {
                    Reading::Pankhurst => {}
                    Reading::EmptyRowLoses => s.push_str(" empty-row-loses"),
                    Reading::Ludii => s.push_str(" ludii"),
                }
            }
            _ => {}
        }
        s
    }

    /// The inverse of [`Rules::describe`].
    pub fn from_description(text: &str) -> Result<Rules, String> {
        let mut words = text.split(' ');
        let name = words.next().unwrap_or("");
        let mut rules = match name {
            "sadeqa-v" => Rules::SadeqaV,
            "sadeqa-ii" => Rules::SadeqaII {
                starter_only: false,
            },
            "sadeqa-iii" => Rules::SadeqaIII,
            "game-91" => Rules::Game91,
            "andada-12" | "andada-15" | "andada-18" | "andada-21" | "andada-24" => Rules::Andada {
                n: name[7..].parse().expect("two digits"),
                clockwise: false,
                reading: Reading::Pankhurst,
            },
            other => return Err(format!("unknown variant {other:?}")),
        };
        for word in words {
            match (&mut rules, word) {
                (Rules::SadeqaII { starter_only }, "starter-only") => *starter_only = true,
                (Rules::Andada { clockwise, .. }, "clockwise") => *clockwise = true,
                (Rules::Andada { reading, .. }, "empty-row-loses") => {
                    *reading = Reading::EmptyRowLoses
                }
                (Rules::Andada { reading, .. }, "ludii") => *reading = Reading::Ludii,
                _ => return Err(format!("{name}: unknown option {word:?}")),
            }
        }
        Ok(rules)
    }

    /// Pits per row.
    pub fn pits(self) -> usize {
        match self {
            Rules::SadeqaV => 10,
            Rules::SadeqaII { .. } => 6,
            Rules::SadeqaIII | Rules::Game91 => 8,
            Rules::Andada { n, .. } => n,
        }
    }

    /// Seeds per pit at the start.
    pub fn seeds_per_pit(self) -> u8 {
        match self {
            Rules::SadeqaV => 4,
            Rules::SadeqaII { .. } => 3,
            Rules::SadeqaIII => 6,
            Rules::Game91 => 4,
            Rules::Andada { .. } => 2,
        }
    }

    /// Seeds in play at the start.
    pub fn total(self) -> u32 {
        2 * self.pits() as u32 * self.seeds_per_pit() as u32
    }

    fn is_andada(self) -> bool {
        matches!(self, Rules::Andada { .. })
    }

    fn reading(self) -> Option<Reading> {
        match self {
            Rules::Andada { reading, .. } => Some(reading),
            _ => None,
        }
    }

    fn clockwise(self) -> bool {
        matches!(
            self,
            Rules::Andada {
                clockwise: true,
                ..
            }
        )
    }
}

/// A move as the notation writes it: a pit number, or Andada's choice move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mv {
    Pit(usize),
    Choose(Side),
}

impl fmt::Display for Mv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mv::Pit(p) => write!(f, "{p}"),
            Mv::Choose(side) => write!(f, "{}", letter(*side)),
        }
    }
}

impl Mv {
    pub fn parse(s: &str) -> Option<Mv> {
        match s {
            "S" => Some(Mv::Choose(SOUTH)),
            "N" => Some(Mv::Choose(NORTH)),
            _ if !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()) => {
                Some(Mv::Pit(s.parse().ok()?))
            }
            _ => None,
        }
    }
}

/// Andada's phase (RULES.md section 7's state word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Opening,
    Choice,
    Play,
    Singles,
}

/// A pit: its row's owner and its number from the owner's left, 1..=n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pit {
    pub row: Side,
    pub number: usize,
}

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result_ {
    Ongoing,
    /// The winner and, where the game scores, the points (South, North).
    Win(Side, Option<(u32, u32)>),
    /// A draw by equal points.
    DrawEqual(u32, u32),
    /// A draw by the repetition policy (games only).
    DrawRepetition,
}

/// Why a move cannot be carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The game is over.
    Over,
    /// Not one of the moves the rules allow here.
    NotAllowed,
    /// The sowing returned to its first state: it never ends.
    Endless,
    /// The sowing did not end within the lap limit.
    LapLimit,
}

/// How a move (or a lap that stops it) leaves the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    Next,
    Again,
    GameOver,
}

/// A position, and the rules it is played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    pub rules: Rules,
    /// `rows[side][number - 1]`: the seeds in `side`'s pit `number`.
    pub rows: [Vec<u8>; 2],
    /// `warana[side][number - 1]`: `side`'s pit `number` is a warana (owned
    /// by the other player). Sadeqa V only.
    pub warana: [Vec<bool>; 2],
    pub side: Side,
    pub captured: [u32; 2],
    /// Sadeqa II: whose very first move is still to come and restricted.
    pub first: [bool; 2],
    /// Andada's phase; `Play` in the other games.
    pub phase: Phase,
    pub over: bool,
    /// A sowing not finished within this many laps counts as endless; `None`
    /// for the exact test (RULES.md section 2).
    pub lap_limit: Option<u64>,
}

impl Model {
    /// The initial position, `first` to move.
    pub fn new(rules: Rules, first: Side) -> Model {
        let n = rules.pits();
        let mut m = Model {
            rules,
            rows: [
                vec![rules.seeds_per_pit(); n],
                vec![rules.seeds_per_pit(); n],
            ],
            warana: [vec![false; n], vec![false; n]],
            side: first,
            captured: [0, 0],
            first: [false, false],
            phase: if rules.is_andada() {
                Phase::Opening
            } else {
                Phase::Play
            },
            over: false,
            lap_limit: None,
        };
        if let Rules::SadeqaII { starter_only } = rules {
            m.first = [true, true];
            if starter_only {
                m.first[other(first)] = false;
            }
        }
        m.over = m.terminal() || !m.has_legal_move();
        m
    }

    pub fn with_lap_limit(mut self, limit: Option<u64>) -> Model {
        self.lap_limit = limit;
        // A limit can leave the side to move without a legal move: the
        // no-move rule applies at once, as after a move.
        if !self.over {
            if self.terminal() {
                self.over = true;
            } else {
                self.settle();
            }
        }
        self
    }

    fn n(&self) -> usize {
        self.rules.pits()
    }

    fn get(&self, p: Pit) -> u8 {
        self.rows[p.row][p.number - 1]
    }

    fn set(&mut self, p: Pit, seeds: u8) {
        self.rows[p.row][p.number - 1] = seeds;
    }

    fn is_warana(&self, p: Pit) -> bool {
        self.warana[p.row][p.number - 1]
    }

    /// The next pit in sowing order (RULES.md section 1; Andada's clockwise
    /// option is the mirror image, section 6).
    fn next(&self, p: Pit) -> Pit {
        let n = self.n();
        if !self.rules.clockwise() {
            if p.number < n {
                Pit {
                    row: p.row,
                    number: p.number + 1,
                }
            } else {
                Pit {
                    row: other(p.row),
                    number: 1,
                }
            }
        } else if p.number > 1 {
            Pit {
                row: p.row,
                number: p.number - 1,
            }
        } else {
            Pit {
                row: other(p.row),
                number: n,
            }
        }
    }

    /// The pit opposite `p`: South's pit i faces North's pit n+1-i.
    fn opposite(&self, p: Pit) -> Pit {
        Pit {
            row: other(p.row),
            number: self.n() + 1 - p.number,
        }
    }

    /// `side`'s last pit in sowing order: the one whose next pit is the
    /// opponent's.
    fn last_pit(&self, side: Side) -> Pit {
        let number = if self.rules.clockwise() { 1 } else { self.n() };
        Pit { row: side, number }
    }

    pub fn row_sum(&self, side: Side) -> u32 {
        self.rows[side].iter().map(|&s| s as u32).sum()
    }

    pub fn board_sum(&self) -> u32 {
        self.row_sum(SOUTH) + self.row_sum(NORTH)
    }

    /// Seeds removed from play and not captured (Andada's singleton ending
    /// and Ludii's removal).
    pub fn removed(&self) -> u32 {
        self.rules.total() - self.board_sum() - self.captured[0] - self.captured[1]
    }

    fn all_singles(&self) -> bool {
        self.rows.iter().flatten().all(|&s| s <= 1)
    }

    fn some_row_empty(&self) -> bool {
        self.row_sum(SOUTH) == 0 || self.row_sum(NORTH) == 0
    }

    fn empty_row_loses(&self) -> bool {
        matches!(self.rules.reading(), Some(r) if r != Reading::Pankhurst)
    }

    /// Andada's empty-row readings end the game as soon as a row is empty
    /// after a regular move (RULES.md 6.7).
    fn terminal(&self) -> bool {
        self.empty_row_loses()
            && matches!(self.phase, Phase::Play | Phase::Singles)
            && self.some_row_empty()
    }

    // ---- moves ----

    /// The moves the rules allow before endless ones are left out, in
    /// notation order (pits ascending, then S, then N).
    pub fn candidates(&self) -> Vec<Mv> {
        if self.over {
            return Vec::new();
        }
        let side = self.side;
        if self.phase == Phase::Choice {
            return vec![Mv::Choose(SOUTH), Mv::Choose(NORTH)];
        }
        let occupied = |m: &Model| -> Vec<Mv> {
            (1..=m.n())
                .filter(|&k| m.rows[side][k - 1] > 0)
                .map(Mv::Pit)
                .collect()
        };
        match self.rules {
            // 3.1: any own pit with seeds that is not a warana.
            Rules::SadeqaV => (1..=self.n())
                .filter(|&k| self.rows[side][k - 1] > 0 && !self.warana[side][k - 1])
                .map(Mv::Pit)
                .collect(),
            // 4.1: the very first move from pit 6, unless it is empty.
            Rules::SadeqaII { .. } if self.first[side] && self.rows[side][5] > 0 => {
                vec![Mv::Pit(6)]
            }
            _ => occupied(self),
        }
    }

    /// The legal moves: the candidates whose sowing ends.
    pub fn legal_moves(&self) -> Vec<Mv> {
        self.candidates()
            .into_iter()
            .filter(|&mv| self.ends(mv))
            .collect()
    }

    pub fn has_legal_move(&self) -> bool {
        self.candidates().into_iter().any(|mv| self.ends(mv))
    }

    /// Whether the candidate `mv` can be carried out (its sowing ends), on a
    /// copy.
    fn ends(&self, mv: Mv) -> bool {
        self.clone().run(mv).is_ok()
    }

    /// The position after `mv`, or why it cannot be played.
    pub fn after(&self, mv: Mv) -> Result<Model, Refused> {
        if self.over {
            return Err(Refused::Over);
        }
        if !self.candidates().contains(&mv) {
            return Err(Refused::NotAllowed);
        }
        let mut next = self.clone();
        next.apply(mv)?;
        Ok(next)
    }

    /// Plays `mv`; a refused move changes nothing.
    pub fn play(&mut self, mv: Mv) -> Result<(), Refused> {
        *self = self.after(mv)?;
        Ok(())
    }

    /// Carries out a candidate move, then passes the turn.
    fn apply(&mut self, mv: Mv) -> Result<(), Refused> {
        let mover = self.side;
        let turn = self.run(mv)?;
        self.after_move(mover, turn);
        Ok(())
    }

    /// The move itself: the opening, the choice, or the sowing.
    fn run(&mut self, mv: Mv) -> Result<Turn, Refused> {
        let mover = self.side;
        Ok(match (self.phase, mv) {
            (Phase::Opening, Mv::Pit(p)) => {
                self.opening(Pit {
                    row: mover,
                    number: p,
                });
                // 6.7: under Ludii there is no choice move; the opener's
                // opponent makes the first regular move.
                self.phase = if self.rules.reading() == Some(Reading::Pankhurst)
                    || self.rules.reading() == Some(Reading::EmptyRowLoses)
                {
                    Phase::Choice
                } else {
                    Phase::Play
                };
                Turn::Next
            }
            (Phase::Choice, Mv::Choose(first)) => {
                // 6.2: the named player makes the first regular move.
                self.phase = Phase::Play;
                if first == mover {
                    Turn::Again
                } else {
                    Turn::Next
                }
            }
            (_, Mv::Pit(p)) => self.sow_move(Pit {
                row: mover,
                number: p,
            })?,
            (_, Mv::Choose(_)) => unreachable!("a choice move is a candidate only at the choice"),
        })
    }

    /// After the move: bookkeeping, the turn, the end of the game.
    fn after_move(&mut self, mover: Side, turn: Turn) {
        // Bookkeeping after the move.
        if let Rules::SadeqaII { .. } = self.rules {
            self.first[mover] = false;
        }
        if self.rules.is_andada() && matches!(self.phase, Phase::Play | Phase::Singles) {
            let ludii = self.rules.reading().is_some_and(Reading::ludii);
            // 6.5: once in force, for good (Ludii: tested anew every time).
            self.phase = if self.all_singles() || (self.phase == Phase::Singles && !ludii) {
                Phase::Singles
            } else {
                Phase::Play
            };
        }
        self.side = if turn == Turn::Again {
            mover
        } else {
            other(mover)
        };
        if turn == Turn::GameOver || self.terminal() {
            self.over = true;
            return;
        }
        self.settle();
    }

    /// The start of a turn: the player to move has no legal move.
    fn settle(&mut self) {
        if self.has_legal_move() {
            return;
        }
        match self.rules {
            // 3.5, 3.6: he passes; when neither can move the game is over,
            // and the player who could not move first is named next (the
            // engine's documented decision, which the rule book leaves
            // open: "the player who would be next").
            Rules::SadeqaV => {
                let passer = self.side;
                self.side = other(passer);
                if self.has_legal_move() {
                    return;
                }
                self.side = passer;
            }
            // 5.4: every seed left goes to the player who made the last move.
            Rules::SadeqaIII | Rules::Game91 => {
                let last_mover = other(self.side);
                self.captured[last_mover] += self.board_sum();
                for row in &mut self.rows {
                    row.iter_mut().for_each(|s| *s = 0);
                }
            }
            // 4.4, 6.6: the game is over.
            _ => {}
        }
        self.over = true;
    }

    /// Andada's opening chain (6.1) from `start`: lift its 2 seeds, drop them
    /// into the next two pits, then do the same from the pit after the one
    /// where they ended, until every pit holds 3 or 0.
    fn opening(&mut self, start: Pit) {
        let mut origin = start;
        loop {
            let mut hand = self.get(origin);
            self.set(origin, 0);
            let mut at = origin;
            while hand > 0 {
                at = self.next(at);
                self.set(at, self.get(at) + 1);
                hand -= 1;
            }
            if self.rows.iter().flatten().all(|&s| s == 0 || s == 3) {
                return;
            }
            origin = self.next(at);
        }
    }

    /// A regular move from `start`: relay sowing, seed by seed, until a lap
    /// stops; endless when the sowing state (board, pit about to be lifted)
    /// returns to its first state (RULES.md section 2).
    fn sow_move(&mut self, start: Pit) -> Result<Turn, Refused> {
        let mover = self.side;
        // 6.5: the singleton ending, decided at the start of each regular
        // move (not under Ludii, which tests after every lap instead).
        let mut barrier = None;
        if let Some(reading) = self.rules.reading()
            && !reading.ludii()
            && (self.phase == Phase::Singles || self.all_singles())
        {
            self.phase = Phase::Singles;
            barrier = Some(self.last_pit(mover));
        }
        let first_rows = self.rows.clone();
        let mut origin = start;
        let mut laps: u64 = 0;
        loop {
            if self.lap_limit.is_some_and(|limit| laps >= limit) {
                LIMIT_HITS.with(|hits| hits.set(hits.get() + 1));
                return Err(Refused::LapLimit);
            }
            laps += 1;
            let mut hand = self.get(origin);
            self.set(origin, 0);
            let mut at = origin;
            while hand > 0 {
                if Some(at) == barrier {
                    // The next seed would pass from the mover's last pit
                    // into the opponent's row: it and the rest in hand are
                    // removed from play, and the move ends (no capture).
                    return Ok(Turn::Next);
                }
                at = self.next(at);
                self.set(at, self.get(at) + 1);
                hand -= 1;
            }
            if let Some(turn) = self.lap_end(at, mover) {
                return Ok(turn);
            }
            // Relay from the pit where the last seed fell.
            origin = at;
            if origin == start && self.rows == first_rows {
                return Err(Refused::Endless);
            }
        }
    }

    /// The end of a lap whose last seed fell into `p`: `Some(turn)` if the
    /// move stops, `None` for a relay.
    fn lap_end(&mut self, p: Pit, mover: Side) -> Option<Turn> {
        let seeds = self.get(p);
        match self.rules {
            Rules::SadeqaV => {
                if self.is_warana(p) {
                    let owner = other(p.row);
                    // 3.3.1: the mover's own warana.
                    if owner == mover {
                        return Some(Turn::Next);
                    }
                    // 3.3.2: the opponent's: take the dropped seed and one
                    // more (if there is one), and move again.
                    let taken = seeds.min(2);
                    self.set(p, seeds - taken);
                    self.captured[mover] += taken as u32;
                    return Some(Turn::Again);
                }
                if seeds == 1 {
                    // 3.3.3: the pit was empty.
                    return Some(Turn::Next);
                }
                if seeds == 4 && p.row != mover {
                    // 3.3.4: a 3 made 4 in the opponent's row.
                    self.warana[p.row][p.number - 1] = true;
                    return Some(Turn::Next);
                }
                None
            }
            Rules::SadeqaII { .. } => {
                if seeds > 1 {
                    return None;
                }
                // 4.3: on either side of the board, the opposite pit is
                // removed from play, counted for the mover.
                let opp = self.opposite(p);
                self.captured[mover] += self.get(opp) as u32;
                self.set(opp, 0);
                Some(Turn::Next)
            }
            Rules::SadeqaIII | Rules::Game91 => {
                if seeds > 1 {
                    return None;
                }
                if p.row == mover {
                    let opp = self.opposite(p);
                    self.captured[mover] += self.get(opp) as u32;
                    self.set(opp, 0);
                }
                Some(Turn::Next)
            }
            Rules::Andada { reading, .. } => {
                // 6.7 Ludii: a player whose row is empty after any lap loses,
                // once the move's own removal (below) is done: Ludii removes
                // within the move and tests the end afterwards.
                if reading.ludii() && self.some_row_empty() {
                    if seeds == 1 && self.all_singles() && self.next(p).row == other(mover) {
                        self.set(p, 0);
                    }
                    return Some(Turn::GameOver);
                }
                if seeds > 1 {
                    return None;
                }
                if reading.ludii() && self.all_singles() {
                    // 6.7 Ludii, while every pit holds at most one seed: no
                    // capture; a last seed in an empty pit whose next pit
                    // is the opponent's is removed.
                    if self.next(p).row == other(mover) {
                        self.set(p, 0);
                    }
                } else if p.row == mover {
                    // 6.4: the opposite pit's seeds are removed, counted for
                    // the capturer.
                    let opp = self.opposite(p);
                    self.captured[mover] += self.get(opp) as u32;
                    self.set(opp, 0);
                }
                Some(Turn::Next)
            }
        }
    }

    // ---- the result ----

    /// Sadeqa V's points of `side`: captured plus the seeds in his waranas,
    /// which lie in the opponent's row (3.7).
    fn points(&self, side: Side) -> u32 {
        let row = other(side);
        let in_waranas: u32 = (0..self.n())
            .filter(|&i| self.warana[row][i])
            .map(|i| self.rows[row][i] as u32)
            .sum();
        self.captured[side] + in_waranas
    }

    pub fn outcome(&self) -> Result_ {
        if !self.over {
            return Result_::Ongoing;
        }
        let by_points = |south: u32, north: u32| match south.cmp(&north) {
            std::cmp::Ordering::Greater => Result_::Win(SOUTH, Some((south, north))),
            std::cmp::Ordering::Less => Result_::Win(NORTH, Some((south, north))),
            std::cmp::Ordering::Equal => Result_::DrawEqual(south, north),
        };
        let next = self.side;
        let last_mover = other(next);
        match self.rules {
            Rules::SadeqaV => by_points(self.points(SOUTH), self.points(NORTH)),
            // 4.4: the player to move cannot move and loses.
            Rules::SadeqaII { .. } => Result_::Win(last_mover, None),
            // 5.4, 5.5: seeds still on the board (only in a position set up
            // that way) count for the last mover, as the sweep would.
            Rules::SadeqaIII | Rules::Game91 => {
                let mut points = self.captured;
                points[last_mover] += self.board_sum();
                by_points(points[SOUTH], points[NORTH])
            }
            // 6.6: the last player able to move wins; 6.7: a player whose row
            // is empty loses (both empty: the mover wins, he moved last).
            Rules::Andada { .. } => {
                if self.empty_row_loses() && self.row_sum(last_mover) == 0 && self.row_sum(next) > 0
                {
                    Result_::Win(next, None)
                } else {
                    Result_::Win(last_mover, None)
                }
            }
        }
    }

    // ---- the position string (RULES.md section 7) ----

    /// Reads a position string for `rules` (the options are not in it). The
    /// position has the exact endless test.
    pub fn parse(rules: Rules, s: &str) -> Result<Model, String> {
        Model::parse_with_limit(rules, s, None)
    }

    /// [`Model::parse`] with a lap limit in force from the start (whether
    /// the side to move can move is decided under it).
    pub fn parse_with_limit(
        rules: Rules,
        s: &str,
        lap_limit: Option<u64>,
    ) -> Result<Model, String> {
        let fields: Vec<&str> = s.split(' ').collect();
        if fields.len() < 4 || fields.len() > 5 {
            return Err(format!("{} fields, expected 4 or 5", fields.len()));
        }
        if fields[0] != rules.name() {
            return Err(format!(
                "variant {:?}, expected {}",
                fields[0],
                rules.name()
            ));
        }
        let n = rules.pits();
        let (south, north) = fields[1]
            .split_once('/')
            .ok_or_else(|| format!("pits field {:?} has no '/'", fields[1]))?;
        let mut rows = [Vec::new(), Vec::new()];
        let mut warana = [Vec::new(), Vec::new()];
        for (side, text) in [(SOUTH, south), (NORTH, north)] {
            for count in text.split(',') {
                let (digits, w) = match count.strip_suffix('w') {
                    Some(d) => (d, true),
                    None => (count, false),
                };
                if digits.is_empty()
                    || digits.len() > 3
                    || !digits.bytes().all(|b| b.is_ascii_digit())
                {
                    return Err(format!("pit count {count:?}"));
                }
                let seeds: u32 = digits.parse().map_err(|e| format!("{count:?}: {e}"))?;
                if seeds > rules.total() {
                    return Err(format!("pit count {seeds} is more than {}", rules.total()));
                }
                if w && rules != Rules::SadeqaV {
                    return Err(format!("warana mark in {}", rules.name()));
                }
                rows[side].push(seeds as u8);
                warana[side].push(w);
            }
            if rows[side].len() != n {
                return Err(format!("{} pits in a row, expected {n}", rows[side].len()));
            }
        }
        let side = match fields[2] {
            "S" => SOUTH,
            "N" => NORTH,
            other => return Err(format!("side to move {other:?}")),
        };
        let (cs, cn) = fields[3]
            .split_once('-')
            .ok_or_else(|| format!("captured field {:?}", fields[3]))?;
        let count = |t: &str| -> Result<u32, String> {
            if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!("captured count {t:?}"));
            }
            Ok(t.parse().expect("digits"))
        };
        let captured = [count(cs)?, count(cn)?];
        let mut m = Model {
            rules,
            rows,
            warana,
            side,
            captured,
            first: [false, false],
            phase: Phase::Play,
            over: false,
            lap_limit,
        };
        let found = m.board_sum() + captured[0] + captured[1];
        if found > rules.total() {
            return Err(format!("{found} seeds, the variant has {}", rules.total()));
        }
        let state = fields.get(4).copied();
        match (rules, state) {
            (Rules::SadeqaII { starter_only }, state) => {
                m.first = match state {
                    None => [false, false],
                    Some("first:SN") if !starter_only => [true, true],
                    Some("first:S") => [true, false],
                    Some("first:N") => [false, true],
                    Some(other) => return Err(format!("sadeqa-ii state {other:?}")),
                };
            }
            (Rules::Andada { .. }, Some(word)) => {
                m.phase = match word {
                    "opening" => Phase::Opening,
                    "choice" => Phase::Choice,
                    "play" => Phase::Play,
                    "singles" => Phase::Singles,
                    other => return Err(format!("andada state {other:?}")),
                };
            }
            (Rules::Andada { .. }, None) => return Err("andada needs a state field".into()),
            (_, Some(word)) => {
                return Err(format!("{} has no state field: {word:?}", rules.name()));
            }
            (_, None) => {}
        }
        // What the rules cannot reach.
        if m.phase == Phase::Opening && m != Model::new(rules, side).with_lap_limit(lap_limit) {
            return Err("phase opening, but not the initial board".into());
        }
        if m.phase == Phase::Choice {
            let opened = (1..=3).any(|k| {
                let mut o = Model::new(rules, other(side));
                o.opening(Pit {
                    row: other(side),
                    number: k,
                });
                o.rows == m.rows
            });
            if !opened || captured != [0, 0] {
                return Err("phase choice, but not a result of the opening".into());
            }
        }
        m.over = m.terminal() || !m.has_legal_move();
        if rules == Rules::SadeqaV && m.over {
            let mut o = m.clone();
            o.side = other(side);
            if o.has_legal_move() {
                return Err("the side to move cannot move but the other can: he would pass".into());
            }
        }
        Ok(m)
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.rules.name())?;
        for side in [SOUTH, NORTH] {
            if side == NORTH {
                f.write_str("/")?;
            }
            for (i, seeds) in self.rows[side].iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{seeds}")?;
                if self.warana[side][i] {
                    f.write_str("w")?;
                }
            }
        }
        write!(
            f,
            " {} {}-{}",
            letter(self.side),
            self.captured[SOUTH],
            self.captured[NORTH]
        )?;
        match self.rules {
            Rules::SadeqaII { .. } => match self.first {
                [true, true] => f.write_str(" first:SN")?,
                [true, false] => f.write_str(" first:S")?,
                [false, true] => f.write_str(" first:N")?,
                [false, false] => {}
            },
            Rules::Andada { .. } => f.write_str(match self.phase {
                Phase::Opening => " opening",
                Phase::Choice => " choice",
                Phase::Play => " play",
                Phase::Singles => " singles",
            })?,
            _ => {}
        }
        Ok(())
    }
}

/// A game: positions in order and the repetition policy of RULES.md
/// section 2 (the third occurrence of a position, same player to move, is a
/// draw).
#[derive(Clone, Debug)]
pub struct ModelGame {
    pub positions: Vec<Model>,
    pub moves: Vec<Mv>,
    seen: HashMap<String, u32>,
}

impl ModelGame {
    pub fn new(start: Model) -> ModelGame {
        let mut seen = HashMap::new();
        seen.insert(start.to_string(), 1);
        ModelGame {
            positions: vec![start],
            moves: Vec::new(),
            seen,
        }
    }

    pub fn position(&self) -> &Model {
        self.positions.last().expect("a game has its start")
    }

    pub fn outcome(&self) -> Result_ {
        let o = self.position().outcome();
        if o != Result_::Ongoing {
            return o;
        }
        if self.seen[&self.position().to_string()] >= 3 {
            return Result_::DrawRepetition;
        }
        Result_::Ongoing
    }

    pub fn legal_moves(&self) -> Vec<Mv> {
        if self.outcome() == Result_::Ongoing {
            self.position().legal_moves()
        } else {
            Vec::new()
        }
    }

    pub fn play(&mut self, mv: Mv) -> Result<(), Refused> {
        if self.outcome() != Result_::Ongoing {
            return Err(Refused::Over);
        }
        let next = self.position().after(mv)?;
        *self.seen.entry(next.to_string()).or_insert(0) += 1;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// The record: moves separated by `/`.
    pub fn record(&self) -> String {
        self.moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Perft: the number of positions reached after exactly `depth` plies
/// (every legal move is a ply: bonus moves, Andada's opening and choice;
/// automatic passes are not). A finished position has no legal move, so a
/// game that ends before `depth` contributes nothing; `perft(p, 0)` is 1.
/// Repetition (a game policy) does not apply.
///
/// `None` if some sowing on the way (a candidate's, or a child's test for
/// a legal move) was cut off by the position's lap limit: the count would
/// not be exact. With no lap limit the exact test decides, but a cycle of
/// 10^9 laps takes the model hours.
pub fn perft(m: &Model, depth: u32) -> Option<u64> {
    let before = limit_hits();
    let n = perft_inner(m, depth);
    (limit_hits() == before).then_some(n)
}

fn perft_inner(m: &Model, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut leaves = 0;
    for mv in m.candidates() {
        if let Ok(child) = m.after(mv) {
            leaves += if depth == 1 {
                1
            } else {
                perft_inner(&child, depth - 1)
            };
        }
    }
    leaves
}

/// The engine's ruleset for the model's rules: the one bridge from the
/// model to the crate, for the tests that compare the two (the model itself
/// uses nothing of the crate).
#[allow(dead_code)]
pub fn engine_rules(rules: Rules) -> sowing::AnyRuleset {
    use sowing::AnyRuleset;
    use sowing::rulesets::{Andada, Reading as EngineReading, SadeqaII, SadeqaIII, SadeqaV};
    match rules {
        Rules::SadeqaV => AnyRuleset::SadeqaV(SadeqaV),
        Rules::SadeqaII { starter_only } => AnyRuleset::SadeqaII(if starter_only {
            SadeqaII::starter_only()
        } else {
            SadeqaII::new()
        }),
        Rules::SadeqaIII => AnyRuleset::SadeqaIII(SadeqaIII::new()),
        Rules::Game91 => AnyRuleset::SadeqaIII(SadeqaIII::game_91()),
        Rules::Andada {
            n,
            clockwise,
            reading,
        } => AnyRuleset::Andada(
            Andada::new(n as u8)
                .expect("a board size")
                .with_clockwise(clockwise)
                .with_reading(match reading {
                    Reading::Pankhurst => EngineReading::Pankhurst,
                    Reading::EmptyRowLoses => EngineReading::EmptyRowLoses,
                    Reading::Ludii => EngineReading::Ludii,
                }),
        ),
    }
}
