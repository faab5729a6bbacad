"""The endgame databases and batch searches from Python (issue 30, section
2): Tablebase.build / open / probe / move_values / probe_many, and
best_moves over many positions. Small builds (a few seeds: milliseconds)."""

import random

import pytest

import sowing
from sowing import Position, Tablebase


@pytest.fixture(scope="module")
def game91(tmp_path_factory):
    told = []
    tb = Tablebase.build("game-91", 4, tmp_path_factory.mktemp("game91"), progress=told.append, progress_every=0)
    return tb, told


@pytest.fixture(scope="module")
def sadeqa_ii(tmp_path_factory):
    return Tablebase.build("sadeqa-ii", 5, str(tmp_path_factory.mktemp("sadeqa-ii")))


def test_build_reports_and_progress(game91):
    tb, told = game91
    assert tb.variant == "game-91" and tb.max_seeds == 4
    assert [layer["seeds"] for layer in tb.report] == [0, 1, 2, 3, 4]
    # C(s + 15, 15) positions with s seeds on the board (game 91: 2 x 8).
    assert [layer["positions"] for layer in tb.report] == [1, 16, 136, 816, 3876]
    assert not any(layer["reused"] for layer in tb.report)
    assert told and set(told[0]) == {"seeds", "sweep", "done", "positions", "changed"}
    assert {t["seeds"] for t in told} <= {0, 1, 2, 3, 4}
    assert "game-91 up to 4 seeds" in repr(tb)


def test_a_build_resumes_and_open_finds_the_game(game91):
    tb, _ = game91
    again = Tablebase.build("game-91", 4, tb.dir)
    assert all(layer["reused"] for layer in again.report)
    opened = Tablebase.open(tb.dir)
    assert opened.variant == "game-91" and opened.max_seeds == 4 and opened.report is None
    assert Tablebase.open(tb.dir, "game-91").max_seeds == 4


def test_probe_a_scoring_game(game91):
    tb, _ = game91
    # The crate's doc example: 4 seeds on the board, 30 captured by each.
    s = "game-91 0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,2 S 30-30"
    v = tb.probe(s)
    assert v == tb.probe(Position.parse(s))
    assert set(v) == {"result", "winner", "margin", "final_margin", "plies", "text"}
    assert isinstance(v["margin"], int) and v["plies"] is None
    # 30-30 now, so the final margin (South minus North) is South's gain.
    assert v["final_margin"] == v["margin"]
    assert v["result"] == {1: "win", 0: "draw", -1: "loss"}[(v["margin"] > 0) - (v["margin"] < 0)]
    # Too many seeds on the board: not held.
    assert tb.probe(Position("game-91")) is None
    assert tb.move_values(Position("game-91")) is None


def test_move_values_agree_with_probes(game91):
    tb, _ = game91
    pos = Position.parse("game-91 0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,2 S 30-30")
    values = tb.move_values(pos)
    assert sorted(v["move"] for v in values) == sorted(pos.legal_moves())
    best = tb.probe(pos)
    # The best move's final margin is the position's.
    assert values[0]["final_margin"] == best["final_margin"]
    for v in values:
        after = tb.probe(pos.play(v["move"]))
        assert after["final_margin"] == v["final_margin"]
        assert after["winner"] == v["winner"]


def test_probe_a_last_mover_game(sadeqa_ii):
    # South wins with his pit 5 only (the crate's docs; test_api.py).
    pos = Position.parse("sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14")
    assert sum(pos.board()[0]) + sum(pos.board()[1]) == 8
    tb = sadeqa_ii
    assert tb.probe(pos) is None  # 8 seeds, the databases hold 5
    small = Position.parse("sadeqa-ii 0,0,1,1,1,0/0,1,0,0,0,1 S 15-16")
    v = tb.probe(small)
    assert v["margin"] is None and v["final_margin"] is None
    assert v["result"] in ("win", "loss", "draw")
    if v["result"] != "draw":
        assert v["plies"] >= 1
        assert v["winner"] == ("south" if v["result"] == "win" else "north")
    moves = tb.move_values(small)
    assert moves[0]["result"] == v["result"]
    # The solver agrees with the databases.
    solved = sowing.solve(small)
    assert solved["winner"] == v["winner"]
    over = Position.parse("sadeqa-ii 0,0,0,0,1,0/0,0,0,0,0,0 N 18-17")
    assert tb.probe(over)["result"] == "loss" and tb.probe(over)["plies"] == 0
    assert tb.move_values(over) == []


def random_endgames(variant, seeds, n, rng):
    """Positions reached by random play from the start down to at most
    `seeds` seeds on the board."""
    out = []
    while len(out) < n:
        pos = Position(variant, lap_limit=10_000)
        while not pos.is_over():
            pos = pos.play(rng.choice(pos.legal_moves()))
            if sum(map(sum, pos.board())) <= seeds:
                out.append(pos)
                break
    return out


def test_probe_many_labels_positions(game91):
    np = pytest.importorskip("numpy")
    tb, _ = game91
    rng = random.Random(5)
    positions = random_endgames("game-91", 4, 30, rng) + [Position("game-91")]
    strings = np.array([str(p) for p in positions])
    labels = tb.probe_many(strings)
    assert labels.dtype == np.int32 and labels.shape == (31, 4)
    assert sowing.PROBE_COLUMNS == ("held", "result", "margin", "plies")
    assert (labels == tb.probe_many(positions, threads=3)).all()
    for p, row in zip(positions, labels):
        v = tb.probe(p)
        if v is None:
            assert tuple(row) == (0, 0, 0, -1)
        else:
            assert row[0] == 1
            assert row[1] == {"win": 1, "draw": 0, "loss": -1}[v["result"]]
            assert row[2] == v["margin"] and row[3] == -1
    assert tb.probe_many([]).shape == (0, 4)


def test_bad_input(game91, tmp_path):
    tb, _ = game91
    with pytest.raises(ValueError, match="the databases of game-91"):
        tb.probe(Position("sadeqa-iii"))
    with pytest.raises(ValueError, match=r"^positions\[1\]: bad position"):
        tb.probe_many(["game-91 0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,2 S 30-30", "nonsense"])
    with pytest.raises(TypeError, match=r"^positions\[0\] must be"):
        tb.probe_many([3])
    with pytest.raises(TypeError, match="^positions must be"):
        tb.probe_many("game-91")
    with pytest.raises(TypeError, match="^position must be"):
        tb.probe(None)
    with pytest.raises(ValueError, match="no database"):
        Tablebase.open(tmp_path)
    with pytest.raises(ValueError):
        Tablebase.open(tmp_path / "missing")
    with pytest.raises(ValueError, match="cannot be built"):
        Tablebase.build("sadeqa-ii", 99, tmp_path)
    with pytest.raises(ValueError, match="max_seeds must be 0 or more"):
        Tablebase.build("sadeqa-ii", -1, tmp_path)
    with pytest.raises(TypeError, match="^dir must be"):
        Tablebase.build("sadeqa-ii", 1, 3)
    with pytest.raises(TypeError, match="^progress must be"):
        Tablebase.build("sadeqa-ii", 1, tmp_path, progress=3)
    with pytest.raises(ValueError, match="unknown variant"):
        Tablebase.build("chess", 1, tmp_path)
    with pytest.raises(ValueError, match="options"):
        Tablebase.open(tb.dir, starter_only=True)
    with pytest.raises(ValueError, match="no database of sadeqa-iii"):
        Tablebase.open(tb.dir, "sadeqa-iii")


def test_a_progress_callbacks_exception_is_raised(tmp_path):
    def fail(p):
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError, match="stop"):
        Tablebase.build("sadeqa-ii", 2, tmp_path, progress=fail)


def test_best_moves():
    positions = random_endgames("sadeqa-iii", 30, 12, random.Random(2))
    positions.append(Position.parse("sadeqa-ii 0,0,0,0,1,0/0,0,0,0,0,0 N 18-17"))  # over
    one = sowing.best_moves(positions, "alphabeta:3", threads=1)
    assert one == sowing.best_moves(positions, "alphabeta:3", threads=4)
    assert one == [sowing.best_move(p, "alphabeta:3") for p in positions]
    assert one[-1] is None
    for p, mv in zip(positions[:-1], one):
        assert mv in p.legal_moves()
    # Random players: seeded per position, the same whatever the threads.
    r1 = sowing.best_moves(positions, "random", seed=9, threads=1)
    assert r1 == sowing.best_moves(positions, "random", seed=9)
    assert sowing.best_moves([]) == []
    with pytest.raises(ValueError):
        sowing.best_moves(positions, "minimax")
    with pytest.raises(TypeError, match=r"^positions\[0\] must be a sowing.Position"):
        sowing.best_moves(["sadeqa-iii"])
    with pytest.raises(ValueError, match="threads must be 1 or more"):
        sowing.best_moves(positions, threads=0)
