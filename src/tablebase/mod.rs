//! Endgame databases (retrograde analysis): the value under perfect play
//! of every position with at most `K` seeds on the board.
//!
//! ```
//! use sowing::rulesets::SadeqaIII;
//! use sowing::tablebase::{Builder, Tablebase, Value};
//!
//! let dir = std::env::temp_dir().join(format!("sowing-tb-doc-{}", std::process::id()));
//! Builder::new(SadeqaIII::game_91(), &dir).max_seeds(4).build(|_| {})?;
//! let tb = Tablebase::open(SadeqaIII::game_91(), &dir)?;
//! // Four seeds on the board, 30 captured by each: the database holds it.
//! let pos = "game-91 0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,2 S 30-30".parse()?;
//! let value = tb.probe(&pos).expect("4 seeds on the board");
//! println!("{value}"); // e.g. "the side to move gains 1 seed more"
//! assert!(matches!(value, Value::Margin(_)));
//! # std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What a value is
//!
//! - **Sadeqa III, game 91, Sadeqa V** (the scoring games, RULES.md 3.7 and
//!   5.5): [`Value::Margin`], the points the side to move gains from here
//!   on, minus the points his opponent gains, under perfect play by both
//!   (the final sweep of Sadeqa III included, RULES.md 5.4; Sadeqa V's
//!   seeds in waranas count as their owners' points, so a position's value
//!   is measured from the points the waranas hold now). The final score is
//!   the points each holds now plus that margin:
//!   [`Tablebase::final_margin`].
//! - **Sadeqa II, Andada** (the last mover wins, RULES.md 4.4 and 6.6):
//!   [`Value::Win`] or [`Value::Loss`] for the side to move, with the
//!   plies to the end of the game under perfect play (the winner hurries,
//!   the loser delays), or [`Value::Draw`].
//!
//! # Repetition
//!
//! A database knows nothing of a game's history, so it does not apply the
//! repetition rule of [`Game`](crate::Game) (RULES.md section 2, engine
//! policy). Play that goes on for ever is worth nothing more to either
//! side: in the scoring games the margin of a line that never ends is the
//! points gained before it starts to repeat, and a player who gains by
//! leaving the cycle leaves it; in the last-mover games a position from
//! which neither player can force the end is a [`Value::Draw`]. That is
//! exactly what a game ended by the repetition rule as a draw with the
//! points then held would give, when the repetition comes from play that
//! neither side can profitably leave.
//!
//! # Layers, indices and files
//!
//! Positions are grouped by seeds on the board (a *layer*): a capture
//! leads to a smaller layer, every other move stays in its layer. A
//! position is seen from its mover (his row first; both players' rules
//! are the same), and numbered by combinatorial ranking of its pits (no
//! hash map), its marked pits (Sadeqa V) and its state (Andada's phase).
//! Each layer is one file of one byte a position (module [`file`](mod@file)),
//! read back memory-mapped: a probe costs a page read. How a layer is
//! built, and why the result is exact, is in [`Builder`]'s module
//! documentation (`build`).
//!
//! Sizes: game 91 (2 x 8) has `C(s + 15, 15)` positions with `s` seeds on
//! the board: 300,540,195 with 16, 601,080,390 with at most 16. Sadeqa V's
//! waranas multiply its layers by `2^20` mark sets, so only its smallest
//! layers are within reach.

mod build;
mod codec;
mod compare;
mod edges;
pub mod file;
mod forecast;
mod index;

pub use build::{Builder, Bytes, Layer, LayerReport, LayerValues, Plan, Progress};
pub use codec::{Key, Tabulate};
pub use compare::{LayerCheck, compare_win_draw_loss};
pub use forecast::{AnyTablebase, Forecast};

use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Scoring;
use codec::{Layout, encode};
use file::{LayerFile, layer_path};
use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

/// How a database's values read: margins or last-mover results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// A signed margin of points, one byte (`i8`) a position.
    Margin,
    /// Win, loss or draw with the plies to the end: one byte a position,
    /// 0 a draw, `1 + d` a loss in `d` plies (`d` up to 127), `128 + d` a
    /// win in `d` plies (`d` from 1 to 127).
    LastMover,
    /// The scoring games' win/draw/loss databases ([`Builder::win_draw_loss`]):
    /// two bits a position, four a byte (position `i` in the bits
    /// `2 * (i % 4)` and up of byte `i / 4`): 0 the side to move gains as
    /// much as his opponent from here on, 1 more, 2 less (the sign of the
    /// margin); 3 is never written (a file holding it is refused).
    WinDrawLoss,
}

impl ValueKind {
    /// The kind of `rules`' databases.
    pub fn of<R: crate::Ruleset>(rules: &R) -> ValueKind {
        match rules.scoring() {
            Scoring::Points => ValueKind::Margin,
            Scoring::LastMover => ValueKind::LastMover,
        }
    }

    /// The name in a layer file's header: `margin`, `last-mover` or
    /// `win-draw-loss`.
    pub fn name(self) -> &'static str {
        match self {
            ValueKind::Margin => "margin",
            ValueKind::LastMover => "last-mover",
            ValueKind::WinDrawLoss => "win-draw-loss",
        }
    }

    /// The kind a layer file's `values` line names.
    pub fn from_name(name: &str) -> Option<ValueKind> {
        [
            ValueKind::Margin,
            ValueKind::LastMover,
            ValueKind::WinDrawLoss,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }

    /// Bytes of values a layer of `positions` positions takes.
    pub fn bytes(self, positions: u64) -> u64 {
        match self {
            ValueKind::WinDrawLoss => positions.div_ceil(4),
            _ => positions,
        }
    }
}

/// A result from the side to move's view: whether he wins, draws or loses
/// under perfect play. In the scoring games it is the sign of the margin
/// from here on ([`Value::Margin`]): he gains more seeds than his opponent
/// from here to the end, as many, or fewer, so that the game's result is
/// this one when the points held now are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses (gains fewer seeds from here on).
    Loss,
    /// Neither wins (the same seeds from here on; or, in the last-mover
    /// games, neither can force the end).
    Draw,
    /// The side to move wins (gains more seeds from here on).
    Win,
}

impl Wdl {
    /// The sign of a margin.
    pub fn of_margin(m: i32) -> Wdl {
        match m.cmp(&0) {
            std::cmp::Ordering::Less => Wdl::Loss,
            std::cmp::Ordering::Equal => Wdl::Draw,
            std::cmp::Ordering::Greater => Wdl::Win,
        }
    }

    /// The code of a win/draw/loss file (see [`ValueKind::WinDrawLoss`]).
    pub(crate) fn code(self) -> u8 {
        match self {
            Wdl::Draw => 0,
            Wdl::Win => 1,
            Wdl::Loss => 2,
        }
    }

    /// The result read from a code of a win/draw/loss file; `None` for 3,
    /// which is never written.
    pub(crate) fn from_code(code: u8) -> Option<Wdl> {
        match code {
            0 => Some(Wdl::Draw),
            1 => Some(Wdl::Win),
            2 => Some(Wdl::Loss),
            _ => None,
        }
    }

    /// The same result seen by the other player.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// The two-bit code of position `index` in values stored four a byte
/// ([`ValueKind::WinDrawLoss`]).
#[inline(always)]
pub(crate) fn wdl_code(values: &[u8], index: u64) -> u8 {
    values[(index / 4) as usize] >> (2 * (index % 4)) & 3
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "a win for the side to move",
            Wdl::Draw => "a draw",
            Wdl::Loss => "a loss for the side to move",
        })
    }
}

/// The value of a position for the side to move, under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The scoring games: the points the side to move gains from here on
    /// minus the points his opponent gains (negative when he loses
    /// ground).
    Margin(i32),
    /// The last-mover games: the side to move wins, the game ending after
    /// `plies` plies.
    Win {
        /// Plies to the end of the game.
        plies: u32,
    },
    /// The last-mover games: the side to move loses, the game ending after
    /// `plies` plies (0: he cannot move).
    Loss {
        /// Plies to the end of the game.
        plies: u32,
    },
    /// The last-mover games: neither side can force the end.
    Draw,
    /// A win/draw/loss database of a scoring game
    /// ([`Builder::win_draw_loss`]): the sign of the margin from here on,
    /// not the margin.
    Wdl(Wdl),
}

impl Value {
    /// The value read from a stored byte.
    pub fn from_byte(kind: ValueKind, byte: u8) -> Value {
        match kind {
            ValueKind::Margin => Value::Margin(byte as i8 as i32),
            ValueKind::LastMover => match byte {
                0 => Value::Draw,
                1..=128 => Value::Loss {
                    plies: byte as u32 - 1,
                },
                _ => Value::Win {
                    plies: byte as u32 - 128,
                },
            },
            // 3 is never written: a file holding it is refused when opened.
            ValueKind::WinDrawLoss => Value::Wdl(Wdl::from_code(byte & 3).unwrap_or(Wdl::Draw)),
        }
    }

    /// Whether the side to move wins, draws or loses: the sign of a margin
    /// (from here on), the last-mover games' result.
    ///
    /// ```
    /// use sowing::tablebase::{Value, Wdl};
    /// assert_eq!(Value::Margin(-3).wdl(), Wdl::Loss);
    /// assert_eq!(Value::Win { plies: 7 }.wdl(), Wdl::Win);
    /// assert_eq!(Value::Wdl(Wdl::Draw).wdl(), Wdl::Draw);
    /// ```
    pub fn wdl(self) -> Wdl {
        match self {
            Value::Margin(m) => Wdl::of_margin(m),
            Value::Win { .. } => Wdl::Win,
            Value::Loss { .. } => Wdl::Loss,
            Value::Draw => Wdl::Draw,
            Value::Wdl(w) => w,
        }
    }

    /// The byte a last-mover value is stored as; `None` past 127 plies.
    pub(crate) fn to_byte_last_mover(self) -> Option<u8> {
        match self {
            Value::Draw => Some(0),
            Value::Loss { plies } if plies <= 127 => Some(plies as u8 + 1),
            Value::Win { plies } if (1..=127).contains(&plies) => Some(plies as u8 + 128),
            _ => None,
        }
    }

    /// The same value seen by the other player.
    pub fn flip(self) -> Value {
        match self {
            Value::Margin(m) => Value::Margin(-m),
            Value::Win { plies } => Value::Loss { plies },
            Value::Loss { plies } => Value::Win { plies },
            Value::Draw => Value::Draw,
            Value::Wdl(w) => Value::Wdl(w.flip()),
        }
    }

    /// A number that orders values by how good they are for the side to
    /// move: the margin; for the last-mover games, a quicker win above a
    /// slower one, a draw at 0, a slower loss above a quicker one.
    pub fn rank(self) -> i32 {
        match self {
            Value::Margin(m) => m,
            Value::Win { plies } => 1000 - plies as i32,
            Value::Loss { plies } => -1000 + plies as i32,
            Value::Draw => 0,
            Value::Wdl(w) => w as i32 - 1,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Margin(0) => f.write_str("even: neither side gains more than the other"),
            Value::Margin(m) if m > 0 => {
                write!(f, "the side to move gains {m} seed{} more", plural(m))
            }
            Value::Margin(m) => write!(f, "the side to move gains {} seed{} less", -m, plural(-m)),
            Value::Win { plies } => write!(
                f,
                "the side to move wins in {plies} pl{}",
                if plies == 1 { "y" } else { "ies" }
            ),
            Value::Loss { plies } => write!(
                f,
                "the side to move loses in {plies} pl{}",
                if plies == 1 { "y" } else { "ies" }
            ),
            Value::Draw => f.write_str("a draw: neither side can force the end"),
            Value::Wdl(Wdl::Win) => {
                f.write_str("the side to move gains more seeds than his opponent")
            }
            Value::Wdl(Wdl::Draw) => f.write_str("even: both sides gain as many seeds"),
            Value::Wdl(Wdl::Loss) => {
                f.write_str("the side to move gains fewer seeds than his opponent")
            }
        }
    }
}

fn plural(n: i32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why a database could not be built or opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// Reading or writing a file failed.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The system's message.
        error: String,
    },
    /// A layer file is not one this crate wrote, or is cut short.
    #[error("{}: not a sowing tablebase layer file: {why}", path.display())]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A layer file belongs to another ruleset, other options or another
    /// layer than its name says.
    #[error("{}: built for {found}, not {expected}", path.display())]
    WrongRuleset {
        /// The file.
        path: PathBuf,
        /// What its header says.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// A layer file's values do not match its checksum.
    #[error("{}: the values do not match the header's crc32 (a damaged file: build the layer again)", path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
    },
    /// The directory holds no layer of this ruleset (not even 0 seeds).
    #[error("no database of {ruleset} in {}: the file {ruleset}.0.tb is missing (build one with `tablebase build`)", dir.display())]
    Missing {
        /// The directory.
        dir: PathBuf,
        /// The ruleset's name.
        ruleset: Cow<'static, str>,
    },
    /// A layer is missing below one that is there (a build stopped, or a
    /// file removed): the databases would not know the positions between.
    #[error(
        "{} is missing, but {} is there: build the layers again (a build resumes from the layers it finds)",
        missing.display(),
        found.display()
    )]
    Gap {
        /// The first layer file missing.
        missing: PathBuf,
        /// A larger layer's file that is there.
        found: PathBuf,
    },
    /// More seeds were asked for than the game has.
    #[error(
        "{ruleset} has {total} seeds in play, so a database of up to {max_seeds} seeds on the board cannot be built"
    )]
    TooManySeeds {
        /// The maximum asked for.
        max_seeds: u32,
        /// The game's seeds.
        total: u32,
        /// The ruleset's name.
        ruleset: Cow<'static, str>,
    },
    /// A layer is too large to build (over 2^36 positions).
    #[error(
        "the layer of {seeds} seeds has {positions} positions, more than the 2^36 a build allows"
    )]
    LayerTooLarge {
        /// The layer.
        seeds: u32,
        /// Its positions.
        positions: u64,
    },
    /// A move led to a position the databases do not hold: the ruleset's
    /// state numbering ([`Ruleset::STATES`](crate::Ruleset::STATES),
    /// [`Ruleset::state_index`](crate::Ruleset::state_index)) leaves out a
    /// state its endgames reach.
    #[error(
        "{ruleset}: a move led to a position whose state the databases do not hold (check its STATES and state_index)"
    )]
    NotClosed {
        /// The ruleset's name.
        ruleset: Cow<'static, str>,
    },
    /// A win or loss is more than 127 plies from the end: more than a
    /// byte holds.
    #[error(
        "the layer of {seeds} seeds has a win or loss more than 127 plies from the end, more than a byte holds"
    )]
    TooLong {
        /// The layer.
        seeds: u32,
    },
    /// The worker threads could not be started.
    #[error("could not start the worker threads: {0}")]
    Threads(String),
    /// A win/draw/loss build ([`Builder::win_draw_loss`]) asked of a game
    /// it does not serve.
    #[error("{ruleset}: no win/draw/loss databases: {why}")]
    NoWinDrawLoss {
        /// The ruleset's name.
        ruleset: Cow<'static, str>,
        /// Why.
        why: &'static str,
    },
}

/// The databases of a ruleset, opened from their directory: every layer
/// from 0 seeds up to the largest one there without a gap, memory-mapped.
#[derive(Debug)]
pub struct Tablebase<R> {
    rules: R,
    layout: Layout,
    kind: ValueKind,
    layers: Vec<LayerFile>,
}

impl<R: Tabulate> Tablebase<R> {
    /// Opens the layers of `rules` in `dir` (`<name>.<seeds>.tb`, from 0
    /// seeds up to the first one missing). Checks each header against
    /// `rules`, the file's length and the values' checksum (so `open`
    /// reads every byte once: about a second for game 91's 601 million
    /// positions up to 16 seeds; a damaged file would give wrong answers).
    ///
    /// # Errors
    /// [`TablebaseError::Missing`] if there is no layer 0;
    /// [`TablebaseError::Gap`] if a layer is missing below one that is
    /// there; a header that does not match (another ruleset or options),
    /// [`TablebaseError::Checksum`] for damaged values, a damaged file, or
    /// an I/O error.
    pub fn open(rules: R, dir: impl AsRef<Path>) -> Result<Self, TablebaseError> {
        let dir = dir.as_ref();
        let layout = Layout::of(&rules);
        let mut layers = Vec::new();
        // The margins, or the results (win/draw/loss) of a scoring game's
        // two-bit databases: what the first layer says, if it says the one
        // or the other; every layer must then say the same.
        let kind = match LayerFile::open(&layer_path(dir, &rules.name(), 0)) {
            Ok(first)
                if first.header.values == ValueKind::WinDrawLoss.name()
                    && ValueKind::of(&rules) == ValueKind::Margin =>
            {
                ValueKind::WinDrawLoss
            }
            _ => ValueKind::of(&rules),
        };
        for seeds in 0..=rules.total_seeds() {
            let path = layer_path(dir, &rules.name(), seeds);
            if !path.exists() {
                // A larger layer without this one: say so, rather than
                // answer as if the larger ones were not there.
                if let Some(found) = (seeds + 1..=rules.total_seeds())
                    .map(|s| layer_path(dir, &rules.name(), s))
                    .find(|p| p.exists())
                {
                    return Err(TablebaseError::Gap {
                        missing: path,
                        found,
                    });
                }
                break;
            }
            let mapped = LayerFile::open(&path)?;
            let expected =
                build::header_of(&rules, &layout, kind.name(), seeds, mapped.header.crc32);
            if mapped.header != expected {
                return Err(TablebaseError::WrongRuleset {
                    path,
                    found: describe(&mapped.header, &expected),
                    expected: describe(&expected, &mapped.header),
                });
            }
            if !mapped.verify() {
                return Err(TablebaseError::Checksum { path });
            }
            layers.push(mapped);
        }
        if layers.is_empty() {
            return Err(TablebaseError::Missing {
                dir: dir.to_path_buf(),
                ruleset: rules.name(),
            });
        }
        Ok(Tablebase {
            rules,
            layout,
            kind,
            layers,
        })
    }

    /// Checks every layer's values against its checksum.
    ///
    /// # Errors
    /// [`TablebaseError::Checksum`] naming the first damaged file.
    pub fn verify(&self, dir: impl AsRef<Path>) -> Result<(), TablebaseError> {
        for (seeds, layer) in self.layers.iter().enumerate() {
            if !layer.verify() {
                return Err(TablebaseError::Checksum {
                    path: layer_path(dir.as_ref(), &self.rules.name(), seeds as u32),
                });
            }
        }
        Ok(())
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The most seeds on the board of a position the databases hold.
    pub fn max_seeds(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Positions held, over all layers.
    pub fn positions(&self) -> u64 {
        self.layers.iter().map(|l| l.header.positions).sum()
    }

    /// How the values read.
    pub fn kind(&self) -> ValueKind {
        self.kind
    }

    /// The value of `pos` for its side to move, or `None` if the databases
    /// do not hold it (more seeds on the board than [`Tablebase::max_seeds`],
    /// or a state they do not hold: Andada's opening and choice, Sadeqa II's
    /// restricted first moves). A finished game is worth nothing more
    /// (`Margin(0)`, or `Loss { plies: 0 }` for the player who cannot move).
    pub fn probe(&self, pos: &Position<R>) -> Option<Value> {
        let key = self.key(pos)?;
        if pos.is_over() {
            // The points of a finished game are final (the sweep counted,
            // RULES.md 5.4); the file holds the board as a turn not yet
            // started, worth the sweep still to come.
            return Some(match (self.kind, pos.outcome().winner()) {
                (ValueKind::Margin, _) => Value::Margin(0),
                (ValueKind::LastMover, Some(w)) if w == pos.side_to_move() => {
                    Value::Win { plies: 0 }
                }
                (ValueKind::LastMover, Some(_)) => Value::Loss { plies: 0 },
                (ValueKind::LastMover, None) => Value::Draw,
                (ValueKind::WinDrawLoss, _) => Value::Wdl(Wdl::Draw),
            });
        }
        let values = self.layers[key.seeds as usize].values();
        Some(match self.kind {
            ValueKind::WinDrawLoss => Value::from_byte(self.kind, wdl_code(values, key.index)),
            _ => Value::from_byte(self.kind, values[key.index as usize]),
        })
    }

    /// Whether the side to move of `pos` wins, draws or loses under perfect
    /// play, from any kind of database: in the scoring games the sign of
    /// the margin from here on (a win when he gains more seeds than his
    /// opponent from here to the end; the game's result when the points
    /// held now are equal), in the last-mover games the result. `None` as
    /// for [`Tablebase::probe`].
    ///
    /// So a win/draw/loss database ([`Builder::win_draw_loss`]) answers
    /// "a win?" (`== Some(Wdl::Win)`) and "at least a draw?"
    /// (`>= Some(Wdl::Draw)`) as a margin database does.
    pub fn probe_wdl(&self, pos: &Position<R>) -> Option<Wdl> {
        self.probe(pos).map(Value::wdl)
    }

    /// Where `pos` is held: its layer and index, or `None` as for
    /// [`Tablebase::probe`].
    pub fn key(&self, pos: &Position<R>) -> Option<Key> {
        if pos.seeds_on_board() as usize >= self.layers.len() {
            return None;
        }
        encode(&self.layout, pos)
    }

    /// For the scoring games: South's final points minus North's under
    /// perfect play from `pos` (the points held now plus the margin still to
    /// gain); `None` for the last-mover games or a position not held, and
    /// from win/draw/loss databases for a position won or lost from here
    /// on (by how much is not known; a draw from here on is a margin of 0).
    pub fn final_margin(&self, pos: &Position<R>) -> Option<i32> {
        let m = match self.probe(pos)? {
            Value::Margin(m) => m,
            Value::Wdl(Wdl::Draw) => 0,
            _ => return None,
        };
        let now = build::diff(pos);
        Some(
            now + if pos.side_to_move() == Player::South {
                m
            } else {
                -m
            },
        )
    }
}

/// A header's ruleset with its options in the notation's words
/// (`sadeqa-ii(starter-only)`), and what else differs from `other`'s, for
/// messages ("built for sadeqa-ii(starter-only), not sadeqa-ii").
pub(crate) fn describe(h: &file::Header, other: &file::Header) -> String {
    let mut text = h.options.clone();
    if h.options == other.options {
        // The same ruleset: what else differs.
        let parts = [
            // A header edited by hand may name another ruleset than its
            // options do.
            (h.ruleset != other.ruleset).then(|| format!("ruleset {}", h.ruleset)),
            (h.values != other.values).then(|| format!("{} values", h.values)),
            (h.pits != other.pits).then(|| format!("{} pits", h.pits)),
            (h.seeds != other.seeds).then(|| format!("layer {}", h.seeds)),
            (h.positions != other.positions).then(|| format!("{} positions", h.positions)),
        ];
        for part in parts.into_iter().flatten() {
            text.push_str(", ");
            text.push_str(&part);
        }
    }
    text
}
