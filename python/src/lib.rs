//! The extension module `sowing._sowing`: Python classes and functions over
//! [`engine`], the one module that calls the `sowing` crate. The Python
//! package (`python/sowing/`) re-exports these and adds the NumPy
//! conversions and the learning environments.

mod args;
mod batch;
mod crew;
mod engine;
mod tablebase;
mod vector;

use engine::{Error, Mv, Pos, Side};
use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use std::time::Duration;

create_exception!(
    _sowing,
    IllegalMove,
    PyValueError,
    "A move that cannot be played in the position; the message is the engine's reason."
);

pub(crate) fn to_py(e: Error) -> PyErr {
    match e {
        Error::Value(m) => PyValueError::new_err(m),
        Error::Illegal(m) => IllegalMove::new_err(m),
        Error::Interrupted => PyKeyboardInterrupt::new_err("interrupted"),
    }
}

/// Runs `f` with a check that stops it at once (`true` at the first call):
/// the fast path, GIL held, for the common case that needs no long proof.
/// If `f` is stopped (`Interrupted`), runs it again with the GIL released
/// and a check that looks for Ctrl-C (signals) every few milliseconds; a
/// signal's exception (`KeyboardInterrupt`) is raised.
fn with_checks<T: Send>(
    py: Python<'_>,
    f: impl Fn(engine::Check<'_>) -> engine::Result<T> + Send + Sync,
) -> PyResult<T> {
    match f(&mut || true) {
        Err(Error::Interrupted) => {}
        r => return r.map_err(to_py),
    }
    slow(py, f)
}

/// [`with_checks`]'s slow path alone (for work known to be long).
fn slow<T: Send>(
    py: Python<'_>,
    f: impl FnOnce(engine::Check<'_>) -> engine::Result<T> + Send,
) -> PyResult<T> {
    let mut signal: Option<PyErr> = None;
    let r = py.detach(|| {
        let mut check = || {
            Python::attach(|py| match py.check_signals() {
                Ok(()) => false,
                Err(e) => {
                    signal = Some(e);
                    true
                }
            })
        };
        f(&mut check)
    });
    match r {
        Err(Error::Interrupted) => Err(signal.unwrap_or_else(|| to_py(Error::Interrupted))),
        r => r.map_err(to_py),
    }
}

/// A move from Python: an int (a pit) or a string (`"3"`, `"S"`, `"N"`).
fn move_arg(mv: &Bound<'_, PyAny>) -> PyResult<Mv> {
    // The common case first: a plain int.
    if mv.is_exact_instance_of::<pyo3::types::PyInt>()
        && let Ok(n) = mv.extract::<i64>()
    {
        return Ok(Mv::Pit(n));
    }
    if let Ok(s) = mv.cast::<PyString>() {
        return Mv::parse(&s.to_cow()?).map_err(to_py);
    }
    // A NumPy int, or an int too large for any pit (a ValueError).
    args::int(mv, "move").map(Mv::Pit).map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyTypeError>(mv.py()) {
            args::wrong_type(mv, "move", "a pit number (an int) or \"S\"/\"N\" (a str)")
        } else {
            e
        }
    })
}

fn move_py(py: Python<'_>, mv: Mv) -> PyResult<Bound<'_, PyAny>> {
    match mv {
        Mv::Pit(n) => n.into_bound_py_any(py),
        Mv::Choice(Side::South) => "S".into_bound_py_any(py),
        Mv::Choice(Side::North) => "N".into_bound_py_any(py),
    }
}

fn moves_py<'py>(py: Python<'py>, moves: &[Mv]) -> PyResult<Bound<'py, PyList>> {
    let items = moves
        .iter()
        .map(|&m| move_py(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

fn side_arg(s: &str) -> PyResult<Side> {
    Side::parse(s).map_err(to_py)
}

fn lap_limit_arg(limit: Option<i64>) -> PyResult<Option<u32>> {
    match limit {
        None => Ok(None),
        Some(n) if (1..=u32::MAX as i64).contains(&n) => Ok(Some(n as u32)),
        Some(n) => Err(PyValueError::new_err(format!(
            "lap_limit must be from 1 to {}, not {n}",
            u32::MAX
        ))),
    }
}

fn outcome_word(o: &engine::OutcomeInfo) -> Option<&'static str> {
    if !o.over {
        None
    } else {
        Some(o.winner.map_or("draw", Side::name))
    }
}

fn rules_arg(
    variant: &str,
    starter_only: Option<bool>,
    clockwise: Option<bool>,
    reading: Option<String>,
) -> PyResult<engine::Rules> {
    engine::Rules::new(
        variant,
        &engine::Options {
            starter_only,
            clockwise,
            reading,
        },
    )
    .map_err(to_py)
}

/// A position of one of the games: the board, the side to move, the
/// captured seeds and the game's state. Immutable: `play` returns a new
/// position.
#[pyclass(frozen, module = "sowing", name = "Position", eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Position {
    inner: Pos,
}

impl Position {
    fn of(inner: Pos) -> Position {
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
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
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

/// A game: a start position, the moves played (a record), undo, and the
/// repetition rule: by default a position occurring for the third time with
/// the same player to move ends the game as a draw (engine policy, not a
/// traditional rule).
#[pyclass(module = "sowing", name = "Game")]
struct Game {
    inner: engine::GameState,
}

fn start_arg(
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

fn repetition_arg(repetition: Option<i64>) -> PyResult<Option<u32>> {
    match repetition {
        None => Ok(None),
        Some(n) if (2..=u32::MAX as i64).contains(&n) => Ok(Some(n as u32)),
        Some(n) => Err(PyValueError::new_err(format!(
            "repetition is the occurrence that draws, 2 at least (or None), not {n}"
        ))),
    }
}

fn ply_limit_arg(limit: Option<i64>) -> PyResult<Option<usize>> {
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

/// The move the computer player `player` chooses in `position`: a spec as
/// the crate's examples take it, `"random"`, `"greedy"`, `"alphabeta"`
/// (depth 6), `"alphabeta:D"`, `"alphabeta:Nnodes"`, `"alphabeta:0.1s"`,
/// `"mcts"` (2,000 iterations), `"mcts:N"`, `"mcts:500ms"`, `"uct"` (0.3's
/// `mcts`: 2,000 random playouts), `"uct:N"`, `"uct:500ms"`. `None` if the
/// game is over. Costs what the spec says (a time budget is about that long;
/// depth 6 is milliseconds to a second); the GIL is released meanwhile.
/// Raises `ValueError` for a bad spec.
#[pyfunction]
#[pyo3(signature = (position, player="alphabeta".to_owned(), *, seed=0))]
fn best_move<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = position_arg)] position: Pos,
    #[pyo3(from_py_with = args::player)] player: String,
    #[pyo3(from_py_with = args::seed)] seed: i64,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    engine::check_spec(&player).map_err(to_py)?;
    let seed = seed_arg(seed)?;
    let pos = position;
    let spec = player;
    let mv = slow(py, move |check| engine::best_move(&pos, &spec, seed, check))?;
    mv.map(|m| move_py(py, m)).transpose()
}

/// The moves the computer player `player` (a spec as `best_move` takes it)
/// chooses in each of `positions` (a sequence of `Position`s), as a list
/// (`None` for a finished game): the searches spread over `threads`
/// threads (default: one a core) with the GIL released, each thread taking
/// the next position when done. Position `i` is searched with the seed
/// mixed from `seed` and `i`: the same moves whatever `threads` (a time
/// budget aside). Ctrl-C stops the batch (`KeyboardInterrupt`) once the
/// searches under way end (each within its budget). Raises `ValueError`
/// for a bad spec.
#[pyfunction]
#[pyo3(signature = (positions, player="alphabeta".to_owned(), *, seed=0, threads=None))]
fn best_moves<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::player)] player: String,
    #[pyo3(from_py_with = args::seed)] seed: i64,
    #[pyo3(from_py_with = args::threads)] threads: Option<i64>,
) -> PyResult<Bound<'py, PyList>> {
    engine::check_spec(&player).map_err(to_py)?;
    let seed = seed_arg(seed)?;
    let threads = match threads {
        None => None,
        Some(t) if t >= 1 => Some(t.min(1024) as usize),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "threads must be 1 or more (or None), not {t}"
            )));
        }
    };
    let positions = positions_arg(positions, "positions", |item, i| {
        item.cast::<Position>()
            .map(|p| p.get().inner)
            .map_err(|_| args::wrong_type(item, &format!("positions[{i}]"), "a sowing.Position"))
    })?;
    let n = positions.len();
    let moves = batch::run(py, n, batch::thread_count(threads, n), |i, check| {
        engine::best_move(
            &positions[i],
            &player,
            engine::game_seed(seed, i as u64),
            check,
        )
    })?;
    let items = moves
        .into_iter()
        .map(|m| m.map(|m| move_py(py, m)).transpose())
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The items of a sequence (any iterable: a list, a NumPy array),
/// each read by `read(item, index)`.
fn positions_arg(
    obj: &Bound<'_, PyAny>,
    name: &str,
    mut read: impl FnMut(&Bound<'_, PyAny>, usize) -> PyResult<Pos>,
) -> PyResult<Vec<Pos>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(args::wrong_type(obj, name, "a sequence of positions"));
    }
    let items = obj
        .try_iter()
        .map_err(|_| args::wrong_type(obj, name, "a sequence of positions"))?;
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        out.push(read(&item?, i)?);
    }
    Ok(out)
}

/// Rows of int32 as a NumPy array of shape `(len(rows), N)`, or a list of
/// tuples without NumPy.
fn int32_table<'py, const N: usize>(
    py: Python<'py>,
    rows: &[[i32; N]],
) -> PyResult<Bound<'py, PyAny>> {
    match py.import("numpy") {
        Ok(np) => {
            let bytes: Vec<u8> = rows
                .iter()
                .flatten()
                .flat_map(|v| v.to_ne_bytes())
                .collect();
            let flat = np.call_method1("frombuffer", (PyBytes::new(py, &bytes), "int32"))?;
            flat.call_method1("reshape", ((rows.len(), N),))?
                .call_method0("copy")
        }
        Err(_) => {
            let list = PyList::empty(py);
            for r in rows {
                list.append(PyTuple::new(py, r)?)?;
            }
            Ok(list.into_any())
        }
    }
}

/// Every legal move of `position` with its alpha-beta value for the side to
/// move, best first: a list of dicts `{"move", "score", "value", "depth",
/// "win", "loss", "plies_to_end"}` (`value` in words: `"win in 7 plies"`,
/// `"+12"`). The budget is a `depth` (default 6) or a `time` in seconds
/// (about that long in all). The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (position, *, depth=None, time=None, table_bits=18))]
fn analyse<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = position_arg)] position: Pos,
    #[pyo3(from_py_with = args::depth)] depth: Option<i64>,
    #[pyo3(from_py_with = args::time)] time: Option<f64>,
    #[pyo3(from_py_with = args::table_bits)] table_bits: i64,
) -> PyResult<Bound<'py, PyList>> {
    let budget = match (depth, time) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err("give a depth or a time, not both"));
        }
        (Some(d), None) if (1..=64).contains(&d) => engine::SearchBudget::Depth(d as u8),
        (Some(d), None) => {
            return Err(PyValueError::new_err(format!(
                "depth must be from 1 to 64, not {d}"
            )));
        }
        (None, Some(t)) => engine::SearchBudget::Time(time_arg(t)?),
        (None, None) => engine::SearchBudget::Depth(6),
    };
    let table_bits = table_bits_arg(table_bits)?;
    let pos = position;
    let (moves, _pv, _nodes) = slow(py, move |check| {
        let mut p = pos;
        p.legal_moves(check)?;
        Ok(engine::analyse(&p, budget, table_bits))
    })?;
    let list = PyList::empty(py);
    for m in moves {
        let d = PyDict::new(py);
        d.set_item("move", move_py(py, m.mv)?)?;
        d.set_item("score", m.score)?;
        d.set_item("value", m.text)?;
        d.set_item("depth", m.depth)?;
        d.set_item("win", m.win)?;
        d.set_item("loss", m.loss)?;
        d.set_item("plies_to_end", m.plies_to_end)?;
        list.append(d)?;
    }
    Ok(list)
}

/// A `Position` argument, read as its inner position.
fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<Pos> {
    match obj.cast::<Position>() {
        Ok(p) => Ok(p.get().inner),
        Err(_) => Err(args::wrong_type(obj, "position", "a sowing.Position")),
    }
}

fn seed_arg(seed: i64) -> PyResult<u64> {
    u64::try_from(seed)
        .map_err(|_| PyValueError::new_err(format!("seed must be 0 or more, not {seed}")))
}

fn table_bits_arg(bits: i64) -> PyResult<u8> {
    if (10..=26).contains(&bits) {
        Ok(bits as u8)
    } else {
        Err(PyValueError::new_err(format!(
            "table_bits must be from 10 to 26, not {bits}"
        )))
    }
}

fn time_arg(t: f64) -> PyResult<Duration> {
    if t.is_finite() && t > 0.0 && t <= 86_400.0 {
        Ok(Duration::from_secs_f64(t))
    } else {
        Err(PyValueError::new_err(format!(
            "time must be a number of seconds above 0 and at most a day, not {t}"
        )))
    }
}

/// Proves who wins `position` with best play (proof-number search): a dict
/// `{"verdict": "win" | "loss" | "draw" | "unknown" (for the side to move),
/// "winner": "south" | "north" | None, "nodes", "seconds", "repetitions"}`.
/// `nodes` and `time` (seconds) bound it (`"unknown"` when they run out);
/// without them it runs until it answers, with the GIL released, and Ctrl-C
/// stops it (`KeyboardInterrupt`; it is looked for between slices of work
/// that double in size, so it may take as long again as the solve so far).
/// The table holds `2^table_bits` entries of about 70 bytes (default 20: 75
/// MB). A small endgame takes milliseconds; Sadeqa II's start about a
/// minute.
#[pyfunction]
#[pyo3(signature = (position, *, nodes=None, time=None, table_bits=20))]
fn solve<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = position_arg)] position: Pos,
    #[pyo3(from_py_with = args::nodes)] nodes: Option<i64>,
    #[pyo3(from_py_with = args::time)] time: Option<f64>,
    #[pyo3(from_py_with = args::table_bits)] table_bits: i64,
) -> PyResult<Bound<'py, PyDict>> {
    let nodes = match nodes {
        None => None,
        Some(n) if n >= 1 => Some(n as u64),
        Some(n) => {
            return Err(PyValueError::new_err(format!(
                "nodes must be 1 at least, not {n}"
            )));
        }
    };
    let time = time.map(time_arg).transpose()?;
    let table_bits = table_bits_arg(table_bits)?;
    let pos = position;
    let s = slow(py, move |check| {
        let mut p = pos;
        p.legal_moves(check)?;
        engine::solve(&p, nodes, time, table_bits, check)
    })?;
    let d = PyDict::new(py);
    d.set_item("verdict", s.verdict)?;
    d.set_item("winner", s.winner.map(Side::name))?;
    d.set_item("nodes", s.nodes)?;
    d.set_item("seconds", s.seconds)?;
    d.set_item("repetitions", s.repetitions)?;
    Ok(d)
}

/// `n` uniformly random playouts from `start` (the bytes of an int32 array
/// of shape (n, 4): plies, result (0 South won, 1 North won, 2 draw, 3
/// unfinished at 1,000 plies), South's and North's points or captured
/// seeds). Seeded per game from `seed`: the same games whatever `threads`.
#[pyfunction]
#[pyo3(signature = (start, n, seed, threads))]
fn _playouts<'py>(
    py: Python<'py>,
    start: PyRef<'py, Position>,
    n: usize,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let pos = start.inner;
    let results = py.detach(move || engine::playouts(&pos, n, seed, threads));
    let mut bytes = Vec::with_capacity(n * 16);
    for r in results {
        for v in [
            r.plies as i32,
            r.result as i32,
            r.south as i32,
            r.north as i32,
        ] {
            bytes.extend_from_slice(&v.to_ne_bytes());
        }
    }
    Ok(PyBytes::new(py, &bytes))
}

/// The observations of many positions (see `Position.observation`), each
/// seen by the matching entry of `players` (default: its side to move), as
/// the bytes of a float32 array of shape (len(positions), 4n + 4). All
/// positions must have the same number of pits.
#[pyfunction]
#[pyo3(signature = (positions, players=None))]
fn _observations<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, usize, usize)> {
    let mut items: Vec<(Pos, Option<Side>)> = Vec::new();
    for p in positions.try_iter()? {
        let p = p?;
        let pos = p
            .cast::<Position>()
            .map_err(|_| args::wrong_type(&p, "each of positions", "a sowing.Position"))?;
        items.push((pos.get().inner, None));
    }
    if let Some(players) = players {
        let mut i = 0;
        for s in players.try_iter()? {
            let s = args::string(&s?, "each of players")?;
            if i >= items.len() {
                return Err(PyValueError::new_err(
                    "more players than positions in observations",
                ));
            }
            items[i].1 = Some(side_arg(&s)?);
            i += 1;
        }
        if i != items.len() {
            return Err(PyValueError::new_err(format!(
                "{} positions but {i} players in observations",
                items.len()
            )));
        }
    }
    let width = items
        .first()
        .map_or(0, |(p, _)| engine::observation_len(p.rules()));
    if let Some((p, _)) = items
        .iter()
        .find(|(p, _)| engine::observation_len(p.rules()) != width)
    {
        return Err(PyValueError::new_err(format!(
            "observations of positions of different sizes ({})",
            p.variant()
        )));
    }
    let rows = items.len();
    let bytes = py.detach(move || {
        let mut obs = Vec::with_capacity(rows * width);
        for (p, viewer) in &items {
            p.observe(viewer.unwrap_or_else(|| p.side_to_move()), &mut obs);
        }
        obs.iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect::<Vec<u8>>()
    });
    Ok((PyBytes::new(py, &bytes), rows, width))
}

/// Rebuilds a pickled position (see `Position.__reduce__`).
#[pyfunction]
#[pyo3(signature = (s, starter_only, clockwise, reading, lap_limit))]
fn _restore(
    s: &str,
    starter_only: Option<bool>,
    clockwise: Option<bool>,
    reading: Option<String>,
    lap_limit: Option<i64>,
) -> PyResult<Position> {
    Position::parse(s.to_owned(), starter_only, clockwise, reading, lap_limit)
}

/// The built-in variants' names.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    engine::variant_names()
}

/// The lap limit of `playouts` (the benchmarks').
const PLAYOUT_LAP_LIMIT: u32 = engine::PLAYOUT_LAP_LIMIT;

#[pymodule]
fn _sowing(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    m.add_class::<Game>()?;
    m.add_class::<vector::VectorCore>()?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add_function(wrap_pyfunction!(best_move, m)?)?;
    m.add_function(wrap_pyfunction!(best_moves, m)?)?;
    m.add_class::<tablebase::Tablebase>()?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(_observations, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    m.add("PLAYOUT_LAP_LIMIT", PLAYOUT_LAP_LIMIT)?;
    m.add("PLAYOUT_MAX_PLIES", engine::PLAYOUT_MAX_PLIES)?;
    Ok(())
}
