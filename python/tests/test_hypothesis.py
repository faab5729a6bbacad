"""Property tests (Hypothesis) over every public call of the bindings
(issue 31, section 4): arbitrary strings, numbers, bytes, None and values
of other types, in every argument, give a result or one of the documented
exceptions (TypeError for a wrong type, ValueError for a bad value,
IllegalMove, a ValueError, for a move that cannot be played), never a crash
of the interpreter nor a Rust panic (PanicException, which is not an
Exception and so fails the test).

Brief by default: the profile "ci" runs 50 examples a test without a
deadline; HYPOTHESIS_PROFILE=long runs 5,000."""

import math
import os
import tempfile

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import sowing  # noqa: E402
from sowing import Game, Position  # noqa: E402

settings.register_profile(
    "ci", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

DOCUMENTED = (TypeError, ValueError)

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

# Values of every kind, the plausible ones among them: names, sides,
# moves, position strings.
PLAUSIBLE = st.sampled_from(
    sowing.variants()
    + ["south", "north", "S", "N", "s", "n", "", " ", "1", "3", "0", "-1", "1/2", "random", "greedy"]
    + [str(Position(v)) for v in sowing.variants()]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-3, max_value=30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.binary(max_size=20),
    PLAUSIBLE,
)
NUMPY = (
    st.sampled_from([np.int64(3), np.int8(-1), np.uint64(2**64 - 1), np.float32(1.5), np.bool_(True), np.zeros(3)])
    if np is not None
    else st.nothing()
)
ANY = st.one_of(
    SCALARS,
    NUMPY,
    st.lists(SCALARS, max_size=3),
    st.tuples(SCALARS, SCALARS),
    st.dictionaries(st.text(max_size=5), SCALARS, max_size=2),
    st.just(object()),
    st.just(Position("sadeqa-iii")),
    st.just(Position("andada").play(1)),
)


def documented(call, *args, **kwargs):
    """Calls; any exception must be one of the documented ones."""
    try:
        return call(*args, **kwargs)
    except DOCUMENTED:
        return None


def cheap(value, most):
    """Leaves out values that are valid and would make the call long
    (a deep search, a large table, many games)."""
    if isinstance(value, (bool, str, bytes)) or (np is not None and isinstance(value, np.bool_)):
        return
    try:
        number = float(value)
    except Exception:
        return
    if not math.isnan(number):
        assume(number <= most)


POSITIONS = [
    Position("sadeqa-iii"),
    Position("sadeqa-v"),
    Position("andada"),
    Position("andada").play(1),
    Position.parse("sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14"),
    Position.parse("sadeqa-ii 0,0,0,0,1,0/0,0,0,0,0,0 N 18-17"),
]

# Small databases (Sadeqa II up to 3 seeds: milliseconds), built once.
DB_DIR = tempfile.mkdtemp(prefix="sowing-hypothesis-")
DB = sowing.Tablebase.build("sadeqa-ii", 3, DB_DIR)

# One argument arbitrary, the others sound: (name, function of the value).
CALLS = [
    ("Position(variant)", lambda v: Position(v)),
    ("Position(starter_only)", lambda v: Position("sadeqa-ii", starter_only=v)),
    ("Position(clockwise)", lambda v: Position("andada", clockwise=v)),
    ("Position(reading)", lambda v: Position("andada", reading=v)),
    ("Position(first)", lambda v: Position("andada", first=v)),
    ("Position(lap_limit)", lambda v: Position("andada", lap_limit=v)),
    ("Position.parse", lambda v: Position.parse(v)),
    ("Position.parse(lap_limit)", lambda v: Position.parse(str(POSITIONS[0]), lap_limit=v)),
    ("is_legal", lambda v: [p.is_legal(v) for p in POSITIONS]),
    ("play", lambda v: [documented(p.play, v) for p in POSITIONS]),
    ("play_traced", lambda v: [documented(p.play_traced, v) for p in POSITIONS]),
    ("points", lambda v: [p.points(v) for p in POSITIONS]),
    ("warana_owner(player)", lambda v: POSITIONS[1].warana_owner(v, 1)),
    ("warana_owner(pit)", lambda v: POSITIONS[1].warana_owner("south", v)),
    ("move_to_action", lambda v: [documented(p.move_to_action, v) for p in POSITIONS]),
    ("action_to_move", lambda v: [documented(p.action_to_move, v) for p in POSITIONS]),
    ("observation", lambda v: [p.observation(v) for p in POSITIONS]),
    ("Game(start)", lambda v: Game(v)),
    ("Game(first)", lambda v: Game("andada", first=v)),
    ("Game(repetition)", lambda v: Game("sadeqa-iii", repetition=v)),
    ("Game(ply_limit)", lambda v: Game("sadeqa-iii", ply_limit=v)),
    ("Game.from_record(start)", lambda v: Game.from_record(v, "1")),
    ("Game.from_record(record)", lambda v: Game.from_record("andada", v, lap_limit=10_000)),
    ("Game.play", lambda v: Game("andada").play(v)),
    ("Game.play_record", lambda v: Game("sadeqa-iii").play_record(v)),
    ("best_move(position)", lambda v: sowing.best_move(v, "random")),
    ("best_move(player)", lambda v: sowing.best_move(POSITIONS[4], v)),
    ("best_move(seed)", lambda v: sowing.best_move(POSITIONS[4], "random", seed=v)),
    ("analyse(position)", lambda v: sowing.analyse(v, depth=1)),
    ("solve(position)", lambda v: sowing.solve(v, nodes=1000, table_bits=10)),
    ("playouts(start)", lambda v: sowing.playouts(v, 2)),
    ("playouts(seed)", lambda v: sowing.playouts("sadeqa-ii", 2, seed=v)),
    ("observations(positions)", lambda v: sowing.observations(v)),
    ("observations(players)", lambda v: sowing.observations(POSITIONS[:2], v)),
    ("best_moves(positions)", lambda v: sowing.best_moves(v, "random")),
    ("best_moves([value])", lambda v: sowing.best_moves([v], "greedy")),
    ("best_moves(player)", lambda v: sowing.best_moves(POSITIONS[4:], v)),
    ("best_moves(seed)", lambda v: sowing.best_moves(POSITIONS, "random", seed=v)),
    ("Tablebase.open(dir)", lambda v: sowing.Tablebase.open(v)),
    ("Tablebase.open(variant)", lambda v: sowing.Tablebase.open(DB_DIR, v)),
    ("Tablebase.build(variant)", lambda v: sowing.Tablebase.build(v, 0, DB_DIR)),
    ("Tablebase.build(dir)", lambda v: sowing.Tablebase.build("sadeqa-ii", 0, v) if not isinstance(v, str) else None),
    ("Tablebase.build(progress)", lambda v: sowing.Tablebase.build("sadeqa-ii", 2, DB_DIR, progress=v)),
    ("Tablebase.probe", lambda v: DB.probe(v)),
    ("Tablebase.move_values", lambda v: DB.move_values(v)),
    ("Tablebase.probe_many", lambda v: DB.probe_many(v)),
    ("Tablebase.probe_many([value])", lambda v: DB.probe_many([v])),
]

# Arguments whose valid values can make the call long: bounded.
BOUNDED = [
    ("analyse(depth)", lambda v: sowing.analyse(POSITIONS[4], depth=v), 3),
    ("analyse(time)", lambda v: sowing.analyse(POSITIONS[4], time=v), 0.01),
    ("analyse(table_bits)", lambda v: sowing.analyse(POSITIONS[4], depth=1, table_bits=v), 16),
    ("solve(nodes)", lambda v: sowing.solve(POSITIONS[4], nodes=v, table_bits=10), 10_000),
    # A node bound too: a time of 0 may mean "no limit", and the start of
    # Sadeqa III is not solved in any time.
    ("solve(time)", lambda v: sowing.solve(POSITIONS[4], time=v, nodes=10_000, table_bits=10), 0.01),
    ("solve(table_bits)", lambda v: sowing.solve(POSITIONS[4], nodes=100, table_bits=v), 16),
    ("playouts(n)", lambda v: sowing.playouts("sadeqa-ii", v), 50),
    ("playouts(threads)", lambda v: sowing.playouts("sadeqa-ii", 4, threads=v), 64),
    ("best_moves(threads)", lambda v: sowing.best_moves(POSITIONS, "random", threads=v), 16),
    ("Tablebase.build(max_seeds)", lambda v: sowing.Tablebase.build("sadeqa-ii", v, DB_DIR), 3),
    ("Tablebase.probe_many(threads)", lambda v: DB.probe_many(POSITIONS[4:], threads=v), 16),
]


@pytest.mark.parametrize("name, call", CALLS, ids=[c[0] for c in CALLS])
@given(value=ANY)
def test_any_argument_gives_a_value_or_a_documented_error(name, call, value):
    documented(call, value)


@pytest.mark.parametrize("name, call, most", BOUNDED, ids=[c[0] for c in BOUNDED])
@given(value=ANY)
def test_any_bounded_argument_gives_a_value_or_a_documented_error(name, call, most, value):
    cheap(value, most)
    documented(call, value)


@given(record=st.lists(st.one_of(st.integers(-2, 26), st.sampled_from(["S", "N", "x", ""])), max_size=12))
def test_records_of_moves(record):
    # A record of plausible moves plays, or stops at the first bad one with
    # a ValueError (IllegalMove for a move that cannot be played).
    for variant in ["sadeqa-v", "sadeqa-ii", "game-91", "andada"]:
        documented(Game.from_record, variant, "/".join(map(str, record)), lap_limit=10_000)


@given(moves=st.lists(ANY, max_size=8))
def test_a_game_survives_any_moves(moves):
    game = Game("andada", lap_limit=10_000)
    for mv in moves:
        before = game.record
        try:
            game.play(mv)
        except DOCUMENTED:
            assert game.record == before  # a refused move leaves the game
    while game.ply:
        game.undo()
    assert game.record == ""
