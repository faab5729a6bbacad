//! `sowing.Position`: an immutable position of one of the games (the
//! board, the side to move, the captured seeds), its legal moves, `play`,
//! the observation and action numbering of the learning front ends, and
//! pickling (`_restore`).

use crate::checks::{slow, with_checks};
use crate::convert::{
    lap_limit_arg, move_arg, move_py, moves_py, outcome_word, rules_arg, side_arg,
};
use crate::engine::{self, Mv, Pos, Side};
use crate::{IllegalMove, args, to_py};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

/// A position of one of the games: the board, the side to move, the
/// captured seeds and the game's state. Immutable: `play` returns a new
/// position.
#[pyclass(frozen, module = "sowing", name = "Position", eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    pub(crate) inner: Pos,
}

impl Position {
    pub(crate) fn of(inner: Pos) -> Position {
        Position { inner }
    }
}

#[pymethods]
impl Position {
    /// The initial position of `variant` (`"sadeqa-v"`, `"sadeqa-ii"`,
    /// `"sadeqa-iii"`, `"game-91"`, `"andada"`, `"andada-12"` ...
    /// `"andada-24"`), South to move unless `first="north"`. Options:
    /// `starter_only` (Sadeqa II), `clockwise` and `reading` (Andada:
    /// `"pankhurst"`, `"empty-row"`, `"ludii"`), `lap_limit` (a sowing not
    /// finished within so many laps counts as endless; default: the exact
    /// test). Raises `ValueError` for an unknown variant or an option the
    /// variant does not have. Costs a few microseconds.
    #[new]
    #[pyo3(signature = (variant, *, starter_only=None, clockwise=None, reading=None, first="south".to_owned(), lap_limit=None))]
    fn new(
        #[pyo3(from_py_with = args::variant)] variant: String,
        #[pyo3(from_py_with = args::starter_only)] starter_only: Option<bool>,
        #[pyo3(from_py_with = args::clockwise)] clockwise: Option<bool>,
        #[pyo3(from_py_with = args::reading)] reading: Option<String>,
        #[pyo3(from_py_with = args::first)] first: String,
        #[pyo3(from_py_with = args::lap_limit)] lap_limit: Option<i64>,
    ) -> PyResult<Position> {
        let rules = rules_arg(&variant, starter_only, clockwise, reading)?;
        let first = side_arg(&first)?;
        Ok(Position::of(Pos::new(
            rules,
            first,
            lap_limit_arg(lap_limit)?,
        )))
    }

    /// Reads a position string (`"sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N
    /// 8-0"`). The string does not carry the rule options: give them here.
    /// Raises `ValueError` naming what is wrong.
    #[staticmethod]
    #[pyo3(signature = (s, *, starter_only=None, clockwise=None, reading=None, lap_limit=None))]
    fn parse(
        #[pyo3(from_py_with = args::position_string)] s: String,
        #[pyo3(from_py_with = args::starter_only)] starter_only: Option<bool>,
        #[pyo3(from_py_with = args::clockwise)] clockwise: Option<bool>,
        #[pyo3(from_py_with = args::reading)] reading: Option<String>,
        #[pyo3(from_py_with = args::lap_limit)] lap_limit: Option<i64>,
    ) -> PyResult<Position> {
        let lap_limit = lap_limit_arg(lap_limit)?;
        let rules = if starter_only.is_some() || clockwise.is_some() || reading.is_some() {
            Some(rules_arg(
                Pos::variant_of(&s),
                starter_only,
                clockwise,
                reading,
            )?)
        } else {
            None
        };
        Pos::parse(&s, rules, lap_limit)
            .map(Position::of)
            .map_err(to_py)
    }

    /// The variant's name (`"sadeqa-iii"`, `"andada-12"`).
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant()
    }

    /// Pits per row.
    #[getter]
    fn pits_per_row(&self) -> usize {
        self.inner.pits_per_row()
    }

    /// The lap limit, or `None` for the exact endless-sowing test.
    #[getter]
    fn lap_limit(&self) -> Option<u32> {
        self.inner.lap_limit()
    }

    /// The legal moves: ints for pits (the mover's own numbering, 1 to n),
    /// `"S"`/`"N"` for Andada's choice move. Usually microseconds; a move
    /// whose sowing may be endless is proved exactly, which in rare
    /// positions takes minutes (with the GIL released; Ctrl-C stops it with
    /// `KeyboardInterrupt`). A lap limit bounds it.
    pub(crate) fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = match self.inner.legal_moves_known() {
            Some(m) => m,
            None => {
                let pos = self.inner;
                slow(py, move |check| pos.clone().legal_moves(check))?
            }
        };
        moves_py(py, &moves)
    }

    /// Whether `move` is legal here (as `legal_moves`, the same cost).
    #[pyo3(name = "is_legal")]
    fn is_legal_py(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = match move_arg(r#move) {
            Ok(m) => m,
            Err(_) => return Ok(false),
        };
        let pos = self.inner;
        let moves = match pos.legal_moves_known() {
            Some(m) => m,
            None => slow(py, move |check| pos.clone().legal_moves(check))?,
        };
        Ok(moves.contains(&mv))
    }

    /// The position after `move` (an int pit or `"S"`/`"N"`). Raises
    /// `IllegalMove` with the engine's reason (`"move 4 is not legal: pit 4
    /// is empty"`). A few microseconds (the sowing, and the next player's
    /// legality); a long endless-sowing proof releases the GIL and answers
    /// Ctrl-C.
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Position> {
        let mv = move_arg(r#move)?;
        let pos = self.inner;
        with_checks(py, move |check| pos.play(mv, false, check)).map(|(p, _)| Position::of(p))
    }

    /// As `play`, and the events of the move, in order, as dicts: `{"type":
    /// "lap", "origin": ("south", 1), "seeds": 6, "landing": ("north",
    /// 3)}`, `capture`, `warana_capture`, `warana_made`, `bonus_move`,
    /// `pass`, `removed`, `sweep`, `choice`, `game_over`. Returns
    /// `(position, events)`.
    fn play_traced<'py>(
        &self,
        py: Python<'py>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<(Position, Bound<'py, PyList>)> {
        let mv = move_arg(r#move)?;
        let pos = self.inner;
        let (next, events) = with_checks(py, move |check| pos.play(mv, true, check))?;
        let list = PyList::empty(py);
        for (kind, fields) in events {
            let d = PyDict::new(py);
            d.set_item("type", kind)?;
            for (name, value) in fields {
                match value {
                    engine::Field::Int(n) => d.set_item(name, n)?,
                    engine::Field::Side(s) => d.set_item(name, s.name())?,
                    engine::Field::Pit(s, k) => d.set_item(name, (s.name(), k))?,
                }
            }
            list.append(d)?;
        }
        Ok((Position::of(next), list))
    }

    /// Whether the game is over (no player can move, or the rules ended it).
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// `"south"`, `"north"` (the winner), `"draw"`, or `None` while the game
    /// goes on.
    fn outcome(&self) -> Option<&'static str> {
        outcome_word(&self.inner.outcome())
    }

    /// The outcome in the engine's words: `"ongoing"`, `"South wins 50-30"`,
    /// `"draw (equal score) 2-2"`.
    fn result(&self) -> String {
        self.inner.outcome().text
    }

    /// `player`'s points (`"south"`/`"north"`): captured seeds, plus in Sadeqa
    /// V the seeds in his waranas; `None` for the games that do not score
    /// points (Sadeqa II, Andada).
    fn points(&self, #[pyo3(from_py_with = args::player)] player: String) -> PyResult<Option<u16>> {
        Ok(self.inner.points(side_arg(&player)?))
    }

    /// The board as `(south_row, north_row)`, each a tuple of seed counts
    /// from its owner's pit 1 (so North's row reads right to left as seen
    /// from South).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let south = PyTuple::new(py, self.inner.row(Side::South))?;
        let north = PyTuple::new(py, self.inner.row(Side::North))?;
        PyTuple::new(py, [south, north])
    }

    /// `"south"` or `"north"`.
    fn to_move(&self) -> &'static str {
        self.inner.side_to_move().name()
    }

    /// Seeds captured, `(south, north)`.
    fn captured(&self) -> (u16, u16) {
        (
            self.inner.captured(Side::South),
            self.inner.captured(Side::North),
        )
    }

    /// Sadeqa V: the owner (`"south"`/`"north"`) of the warana at `player`'s
    /// pit `pit` (1 to `pits_per_row`: else `ValueError`), or `None`.
    fn warana_owner(
        &self,
        #[pyo3(from_py_with = args::player)] player: String,
        #[pyo3(from_py_with = args::pit)] pit: i64,
    ) -> PyResult<Option<&'static str>> {
        let side = side_arg(&player)?;
        let n = self.inner.pits_per_row();
        if !(1..=n as i64).contains(&pit) {
            return Err(PyValueError::new_err(format!(
                "pit must be from 1 to {n}, not {pit}"
            )));
        }
        Ok(self.inner.warana_owner(side, pit as u8).map(Side::name))
    }

    /// The number of actions of the learning environments: one per pit
    /// (action `k - 1` is pit `k`), and for Andada two more (`"S"`, `"N"`).
    #[getter]
    fn num_actions(&self) -> usize {
        engine::action_count(self.inner.rules())
    }

    /// The action of a move (see `num_actions`).
    fn move_to_action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.inner.pits_per_row();
        match move_arg(r#move)? {
            Mv::Pit(k) if (1..=n as i64).contains(&k) => Ok(engine::action_of(Mv::Pit(k), n)),
            Mv::Pit(k) => Err(IllegalMove::new_err(format!(
                "there is no pit {k}: pits are numbered 1 to {n}"
            ))),
            m => Ok(engine::action_of(m, n)),
        }
    }

    /// The move of an action (see `num_actions`).
    fn action_to_move<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::action)] action: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let count = self.num_actions();
        if !(0..count as i64).contains(&action) {
            return Err(PyValueError::new_err(format!(
                "action {action} is out of range 0..{count}"
            )));
        }
        move_py(
            py,
            engine::move_of(action as usize, self.inner.pits_per_row()),
        )
    }

    /// The legal moves as a mask over the actions: a list of 0/1 of length
    /// `num_actions`.
    fn action_mask(&self, py: Python<'_>) -> PyResult<Vec<i32>> {
        let pos = self.inner;
        let moves = match pos.legal_moves_known() {
            Some(m) => m,
            None => slow(py, move |check| pos.clone().legal_moves(check))?,
        };
        let mut mask = vec![0; self.num_actions()];
        for m in moves {
            mask[engine::action_of(m, pos.pits_per_row())] = 1;
        }
        Ok(mask)
    }

    /// The position as `player` (default: the side to move) sees it, a list
    /// of `4 * pits_per_row + 4` floats: his row from his pit 1, the
    /// opponent's row, the warana marks of the same pits (+1 his, -1 the
    /// opponent's), his and the opponent's captured seeds, 1.0 if he is to
    /// move, 1.0 if Andada's choice move is due. `sowing.observations`
    /// does many at once.
    #[pyo3(signature = (player=None))]
    fn observation(
        &self,
        #[pyo3(from_py_with = args::player_or_none)] player: Option<String>,
    ) -> PyResult<Vec<f32>> {
        let viewer = match player {
            Some(p) => side_arg(&p)?,
            None => self.inner.side_to_move(),
        };
        let mut out = Vec::with_capacity(engine::observation_len(self.inner.rules()));
        self.inner.observe(viewer, &mut out);
        Ok(out)
    }

    fn __str__(&self) -> String {
        self.inner.notation()
    }

    fn __repr__(&self) -> String {
        format!("Position.parse('{}')", self.inner.notation())
    }

    /// Pickles as the position string with the ruleset's options and the
    /// lap limit.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let pos = slf.get().inner;
        let o = pos.rules().options();
        let restore = py.import("sowing._sowing")?.getattr("_restore")?;
        let args = (
            pos.notation(),
            o.starter_only,
            o.clockwise,
            o.reading,
            pos.lap_limit(),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// A `Position` argument, read as its inner position.
pub(crate) fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<Pos> {
    match obj.cast::<Position>() {
        Ok(p) => Ok(p.get().inner),
        Err(_) => Err(args::wrong_type(obj, "position", "a sowing.Position")),
    }
}

/// Rebuilds a pickled position (see `Position.__reduce__`).
#[pyfunction]
#[pyo3(signature = (s, starter_only, clockwise, reading, lap_limit))]
pub(crate) fn _restore(
    s: &str,
    starter_only: Option<bool>,
    clockwise: Option<bool>,
    reading: Option<String>,
    lap_limit: Option<i64>,
) -> PyResult<Position> {
    Position::parse(s.to_owned(), starter_only, clockwise, reading, lap_limit)
}
