"""What the front ends share, with no optional dependency: each of
:mod:`sowing.vector`, :mod:`sowing.gymnasium`, :mod:`sowing.pettingzoo` and
:mod:`sowing.openspiel` imports only its own extra's packages and this
module, so that installing one extra is enough for its module (and a
missing package is reported as the extra to install, not as a
``ModuleNotFoundError`` for a package the caller never asked for)."""

from . import Position

#: The lap limit the environments use unless told otherwise: 10,000 laps
#: refuses no sowing seen in random play, and keeps every step short.
DEFAULT_LAP_LIMIT = 10_000

# The distribution that provides an importable module, where the names
# differ (pip installs `open_spiel`, Python imports `pyspiel`).
_DISTRIBUTIONS = {"pyspiel": "open_spiel"}


def missing_extra(module: str, extra: str, error: ImportError) -> ModuleNotFoundError:
    """The error for ``module`` (a ``sowing.*`` name) whose import of an
    optional dependency failed with ``error``: it names the package and
    the extra that installs it, e.g. ``sowing.pettingzoo needs pettingzoo:
    pip install "sowing[pettingzoo]"``. Raise it ``from error`` so that the
    original failure stays in the traceback.

    A ``ModuleNotFoundError`` (a subclass of ``ImportError``) so that code
    catching either, as it did before the extras, still does; its ``name``
    is the missing package's."""
    top = (error.name or "").split(".")[0]
    if top:
        dist = _DISTRIBUTIONS.get(top, top)
        what = dist if dist == top else f"{dist} (the module {top})"
    else:
        # An import that failed inside an installed package (a broken or
        # mismatched install): its own message says what.
        what = f"its dependencies ({error})"
    return ModuleNotFoundError(
        f'{module} needs {what}: pip install "sowing[{extra}]" '
        f'(from a checkout: pip install "./python[{extra}]"; a wheel file: its path, then [{extra}])',
        name=top or None,
    )


def board_text(pos: Position) -> str:
    """The board drawn as text, North's row on top (his pits from n down to
    1, as seen from South), then the position string and the result."""
    south, north = pos.board()
    width = max(2, max(len(str(v)) for v in south + north))
    top = " ".join(f"{v:>{width}}" for v in reversed(north))
    bottom = " ".join(f"{v:>{width}}" for v in south)
    lines = [f"N {top}", f"S {bottom}", str(pos)]
    if pos.is_over():
        lines.append(pos.result())
    else:
        lines.append(f"{pos.to_move()} to move")
    return "\n".join(lines)
