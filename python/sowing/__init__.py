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

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence, Union

from . import _sowing
from ._sowing import (
    PLAYOUT_LAP_LIMIT,
    PLAYOUT_MAX_PLIES,
    Game,
    IllegalMove,
    Position,
    analyse,
    best_move,
    solve,
    variants,
)

__all__ = [
    "__version__",
    "PLAYOUT_LAP_LIMIT",
    "PLAYOUT_MAX_PLIES",
    "PLAYOUT_COLUMNS",
    "Game",
    "IllegalMove",
    "Position",
    "analyse",
    "best_move",
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

try:  # NumPy is optional: without it the bulk calls return lists.
    import numpy as _np
except ImportError:  # pragma: no cover - exercised only without numpy
    _np = None


def _start(
    start: Union[str, Position],
    options: dict,
) -> Position:
    if isinstance(start, Position):
        if options:
            raise ValueError("the options are given with a variant name, not with a Position")
        return start
    if not isinstance(start, str):
        raise ValueError(f"a variant name or a Position, not {start!r}")
    return Position(start, **options)


def playouts(
    start: Union[str, Position],
    n: int,
    seed: int = 0,
    threads: int = 1,
    **options: Any,
) -> Any:
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
    microsecond a ply and thread (docs/SPEED.md, "From Python").
    """
    pos = _start(start, options)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number, 0 or more, not {n!r}")
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a whole number, 1 or more, not {threads!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    raw = _sowing._playouts(pos, n, seed, threads)
    if _np is not None:
        return _np.frombuffer(raw, dtype=_np.int32).reshape(n, 4).copy()
    import array

    flat = array.array("i")
    flat.frombytes(raw)
    return [tuple(flat[i : i + 4]) for i in range(0, len(flat), 4)]


def observations(
    positions: Iterable[Position],
    players: Optional[Sequence[str]] = None,
) -> Any:
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

