"""sowing: the rules engine for the two-row mancala ("sowing") games of
Ethiopia and Eritrea recorded by Pankhurst (Sadeqa V, Sadeqa II, Sadeqa III,
game 91, Andada), from Python.

The games, positions, computer players and the solver are the Rust crate's
(``sowing``), reached through a compiled extension: a position is an
immutable value, ``play`` returns a new one in a few microseconds.

    >>> import sowing
    >>> pos = sowing.Position("sadeqa-iii")
    >>> pos = pos.play(1)
    >>> str(pos)
    'sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0'
    >>> pos.legal_moves()
    [1, 2, 3, 6, 7, 8]

Front ends for learning: :mod:`sowing.pettingzoo` (an AEC environment),
:mod:`sowing.gymnasium` (a single-agent environment against a built-in
player) and :mod:`sowing.openspiel` (the games registered with ``pyspiel``).
"""

# The typing names under private aliases, and no `from __future__ import
# annotations` (which binds `annotations`): the module's namespace holds
# the package's names only, and `__dir__` below lists `__all__`.
from typing import Any as _Any
from typing import Iterable as _Iterable
from typing import Optional as _Optional
from typing import Sequence as _Sequence
from typing import Union as _Union

from . import _sowing
from ._sowing import (
    PLAYOUT_LAP_LIMIT,
    PLAYOUT_MAX_PLIES,
    Game,
    IllegalMove,
    Position,
    Tablebase,
    analyse,
    best_move,
    best_moves,
    solve,
    variants,
)

__all__ = [
    "__version__",
    "PLAYOUT_LAP_LIMIT",
    "PLAYOUT_MAX_PLIES",
    "PLAYOUT_COLUMNS",
    "PROBE_COLUMNS",
    "Game",
    "IllegalMove",
    "Position",
    "Tablebase",
    "analyse",
    "best_move",
    "best_moves",
    "observations",
    "playouts",
    "solve",
    "variants",
]

try:
    from importlib.metadata import version as _version

    __version__ = _version("sowing")
except Exception:  # pragma: no cover - not installed as a distribution
    __version__ = "0.4.0"

#: The columns of :func:`playouts`' array.
PLAYOUT_COLUMNS = ("plies", "result", "south", "north")

#: The columns of :meth:`Tablebase.probe_many`'s array.
PROBE_COLUMNS = ("held", "result", "margin", "plies")

try:  # NumPy is optional: without it the bulk calls return lists.
    import numpy as _np
except ImportError:  # pragma: no cover - exercised only without numpy
    _np = None


def __dir__() -> "list[str]":
    return sorted(__all__)


def _check_int(value: object, name: str, low: int, high: "_Optional[int]" = None) -> int:
    """``value`` as an int from ``low`` to ``high``: ``TypeError`` naming
    ``name`` for another type (a bool included), ``ValueError`` out of
    range."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    value = value.__index__()
    if value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high}"
        raise ValueError(f"{name} must be from {low}{top}, not {value}")
    return value


def _start(
    start: "_Union[str, Position]",
    options: dict,
) -> Position:
    if isinstance(start, Position):
        if options:
            raise ValueError("the options are given with a variant name, not with a Position")
        return start
    if not isinstance(start, str):
        raise TypeError(
            f"start must be a variant name (a str) or a Position, not {type(start).__name__}"
        )
    return Position(start, **options)


def playouts(
    start: "_Union[str, Position]",
    n: int,
    seed: int = 0,
    threads: int = 1,
    **options: "_Any",
) -> "_Any":
    """Plays ``n`` games of uniformly random legal moves from ``start`` (a
    variant name, with the options of :class:`Position`, or a position), in
    Rust on ``threads`` threads with the GIL released.

    Returns an int32 NumPy array of shape ``(n, 4)``, columns
    :data:`PLAYOUT_COLUMNS`: plies played, the result (0: South won, 1: North
    won, 2: a draw, 3: unfinished at :data:`PLAYOUT_MAX_PLIES` plies), and
    South's and North's points (the scoring games) or captured seeds.
    Without NumPy, a list of ``n`` 4-tuples.

    Game ``i`` is seeded from ``seed`` and ``i``, so a run gives the same
    games whatever the number of threads. Sowings are bounded by the
    benchmarks' lap limit, :data:`PLAYOUT_LAP_LIMIT` (10,000 laps: no
    sowing seen in random play is longer). Costs a fraction of a
    microsecond a ply and thread (docs/records/speed.md, "From Python").
    """
    pos = _start(start, options)
    # n: at most 2**40 games (a 16 TiB result), so that the size fits.
    n = _check_int(n, "n", 0, 2**40)
    # More threads than 256 are not started (nor more than games).
    threads = min(_check_int(threads, "threads", 1), 256)
    seed = _check_int(seed, "seed", 0, 2**64 - 1)
    raw = _sowing._playouts(pos, n, seed, threads)
    if _np is not None:
        return _np.frombuffer(raw, dtype=_np.int32).reshape(n, 4).copy()
    import array

    flat = array.array("i")
    flat.frombytes(raw)
    return [tuple(flat[i : i + 4]) for i in range(0, len(flat), 4)]


def observations(
    positions: "_Iterable[Position]",
    players: "_Optional[_Sequence[str]]" = None,
) -> "_Any":
    """The observations of many positions at once (each as
    :meth:`Position.observation`), seen by the matching entry of ``players``
    (``"south"``/``"north"``; default: each position's side to move).

    Returns a float32 NumPy array of shape ``(len(positions), 4n + 4)``
    (``n`` pits a row; all positions of one size), or a list of lists
    without NumPy. Computed in Rust with the GIL released: well under a
    microsecond a position.
    """
    raw, rows, width = _sowing._observations(list(positions), players)
    if _np is not None:
        return _np.frombuffer(raw, dtype=_np.float32).reshape(rows, width).copy()
    import array

    flat = array.array("f")
    flat.frombytes(raw)
    return [list(flat[i * width : (i + 1) * width]) for i in range(rows)]

