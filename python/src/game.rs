//! `sowing.Game`: a game from a start position, its record, undo and the
//! repetition rule, over the engine's `GameState`.

use crate::checks::{slow, with_checks};
use crate::convert::{
    lap_limit_arg, move_arg, move_py, moves_py, outcome_word, rules_arg, side_arg,
};
use crate::engine::{self, Error, Pos};
use crate::position::Position;
use crate::{args, to_py};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

/// A game: a start position, the moves played (a record), undo, and the
/// repetition rule: by default a position occurring for the third time with
/// the same player to move ends the game as a draw (engine policy, not a
/// traditional rule).
#[pyclass(module = "sowing", name = "Game")]
pub(crate) struct Game {
    inner: engine::GameState,
}

pub(crate) fn start_arg(
    start: &Bound<'_, PyAny>,
    starter_only: Option<bool>,
    clockwise: Option<bool>,
    reading: Option<String>,
    first: Option<String>,
    lap_limit: Option<i64>,
) -> PyResult<Pos> {
    if let Ok(p) = start.cast::<Position>() {
        if starter_only.is_some()
            || clockwise.is_some()
            || reading.is_some()
            || first.is_some()
            || lap_limit.is_some()
        {
            return Err(PyValueError::new_err(
                "the options are given with a variant name, not with a Position",
            ));
        }
        return Ok(p.get().inner);
    }
    let Ok(variant) = start.cast::<PyString>() else {
        return Err(args::wrong_type(
            start,
            "start",
            "a variant name (a str) or a Position",
        ));
    };
    let rules = rules_arg(&variant.to_cow()?, starter_only, clockwise, reading)?;
    let first = side_arg(first.as_deref().unwrap_or("south"))?;
    Ok(Pos::new(rules, first, lap_limit_arg(lap_limit)?))
}

pub(crate) fn repetition_arg(repetition: Option<i64>) -> PyResult<Option<u32>> {
    match repetition {
        None => Ok(None),
        Some(n) if (2..=u32::MAX as i64).contains(&n) => Ok(Some(n as u32)),
        Some(n) => Err(PyValueError::new_err(format!(
            "repetition is the occurrence that draws, 2 at least (or None), not {n}"
        ))),
    }
}

pub(crate) fn ply_limit_arg(limit: Option<i64>) -> PyResult<Option<usize>> {
    match limit {
        None => Ok(None),
        Some(n) if n >= 1 => Ok(Some(n as usize)),
        Some(n) => Err(PyValueError::new_err(format!(
            "ply_limit must be 1 at least (or None), not {n}"
        ))),
    }
}

#[pymethods]
impl Game {
    /// A game from `start`, a variant name (with the options of `Position`)
    /// or a `Position`. `repetition`: the occurrence of a position that
    /// draws (default 3; `None`: no repetition rule); `ply_limit`: a draw
    /// after so many plies (default none).
    #[new]
    #[pyo3(signature = (start, *, starter_only=None, clockwise=None, reading=None, first=None, lap_limit=None, repetition=Some(3), ply_limit=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        start: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = args::starter_only)] starter_only: Option<bool>,
        #[pyo3(from_py_with = args::clockwise)] clockwise: Option<bool>,
        #[pyo3(from_py_with = args::reading)] reading: Option<String>,
        #[pyo3(from_py_with = args::first_or_none)] first: Option<String>,
        #[pyo3(from_py_with = args::lap_limit)] lap_limit: Option<i64>,
        #[pyo3(from_py_with = args::repetition)] repetition: Option<i64>,
        #[pyo3(from_py_with = args::ply_limit)] ply_limit: Option<i64>,
    ) -> PyResult<Game> {
        let pos = start_arg(start, starter_only, clockwise, reading, first, lap_limit)?;
        Ok(Game {
            inner: engine::GameState::new(
                pos,
                repetition_arg(repetition)?,
                ply_limit_arg(ply_limit)?,
            ),
        })
    }

    /// A game from `start` (as `Game(...)`) with the moves of `record`
    /// played (`"2/8/3/9"`; Andada's choice as `S`/`N`). Raises `ValueError`
    /// for a malformed record and `IllegalMove` naming the first ply that
    /// cannot be played.
    #[staticmethod]
    #[pyo3(signature = (start, record, *, starter_only=None, clockwise=None, reading=None, first=None, lap_limit=None, repetition=Some(3), ply_limit=None))]
    #[allow(clippy::too_many_arguments)]
    fn from_record(
        py: Python<'_>,
        start: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = args::record)] record: String,
        #[pyo3(from_py_with = args::starter_only)] starter_only: Option<bool>,
        #[pyo3(from_py_with = args::clockwise)] clockwise: Option<bool>,
        #[pyo3(from_py_with = args::reading)] reading: Option<String>,
        #[pyo3(from_py_with = args::first_or_none)] first: Option<String>,
        #[pyo3(from_py_with = args::lap_limit)] lap_limit: Option<i64>,
        #[pyo3(from_py_with = args::repetition)] repetition: Option<i64>,
        #[pyo3(from_py_with = args::ply_limit)] ply_limit: Option<i64>,
    ) -> PyResult<Game> {
        let mut game = Game::new(
            start,
            starter_only,
            clockwise,
            reading,
            first,
            lap_limit,
            repetition,
            ply_limit,
        )?;
        game.play_record(py, record)?;
        Ok(game)
    }

    /// Plays the moves of `record` (`"2/8/3/9"`) from the current position.
    fn play_record(
        &mut self,
        py: Python<'_>,
        #[pyo3(from_py_with = args::record)] record: String,
    ) -> PyResult<()> {
        let game = self.inner.clone();
        let played = with_checks(py, move |check| {
            let mut g = game.clone();
            g.play_record(&record, check).map(|()| g)
        })?;
        self.inner = played;
        Ok(())
    }

    /// The current position.
    #[getter]
    fn position(&self) -> Position {
        Position::of(self.inner.position())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Position {
        Position::of(self.inner.start())
    }

    /// The legal moves (none once the game is over, a draw by repetition
    /// included); as `Position.legal_moves()`, but a property, as are the
    /// game's other parts (`position`, `record`, `moves`).
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.inner.is_over() {
            return moves_py(py, &[]);
        }
        Position::of(self.inner.position()).legal_moves(py)
    }

    /// Plays `move`; raises `IllegalMove` (the game unchanged) if it cannot
    /// be played. Microseconds, plus the repetition check (a hash lookup).
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = move_arg(r#move)?;
        // The fast path, GIL held; a long proof stops at once, leaving the
        // game unchanged, and is made again with the GIL released.
        match self.inner.play(mv, &mut || true) {
            Err(Error::Interrupted) => {}
            r => return r.map_err(to_py),
        }
        let game = &mut self.inner;
        slow(py, move |check| game.play(mv, check))
    }

    /// Takes back the last move and returns it (`None` at the start).
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.undo().map(|m| move_py(py, m)).transpose()
    }

    /// The moves played, in order.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        moves_py(py, &self.inner.moves())
    }

    /// The game record, `"2/8/3/9"`.
    #[getter]
    fn record(&self) -> String {
        self.inner.record()
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// How often the current position has occurred (with the same side to
    /// move).
    #[getter]
    fn occurrences(&self) -> u32 {
        self.inner.occurrences()
    }

    /// Whether the game is over (by the rules, the repetition rule or the
    /// ply limit).
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// `"south"`, `"north"`, `"draw"` or `None` while the game goes on.
    fn outcome(&self) -> Option<&'static str> {
        outcome_word(&self.inner.outcome())
    }

    /// The outcome in the engine's words (`"draw (repetition)"`).
    fn result(&self) -> String {
        self.inner.outcome().text
    }

    fn __len__(&self) -> usize {
        self.inner.ply()
    }

    fn __repr__(&self) -> String {
        format!(
            "<sowing.Game {} from {:?}, record {:?}>",
            self.inner.position().variant(),
            self.inner.start().notation(),
            self.inner.record()
        )
    }
}
