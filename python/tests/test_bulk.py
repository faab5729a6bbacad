"""Bulk work in Rust: playouts and observations; the GIL released and
Ctrl-C answered during long work."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import sowing
from sowing import Position

ALL = sowing.variants()


@pytest.mark.parametrize("variant", ALL)
def test_playouts(variant):
    r = sowing.playouts(variant, 50, seed=3, threads=2)
    assert isinstance(r, np.ndarray) and r.dtype == np.int32 and r.shape == (50, 4)
    plies, result, south, north = r.T
    assert (plies > 0).all() and (plies <= sowing.PLAYOUT_MAX_PLIES).all()
    assert set(result.tolist()) <= {0, 1, 2, 3}
    assert (south >= 0).all() and (north >= 0).all()
    if variant in ("sadeqa-v", "sadeqa-iii", "game-91"):
        # The scoring games: a finished game's points are all the seeds, and
        # more points wins.
        total = sum(map(sum, Position(variant).board()))
        done = result < 3
        assert (south[done] + north[done] == total).all()
        assert ((result[done] == 0) == (south[done] > north[done])).all()
        assert ((result[done] == 2) == (south[done] == north[done])).all()
    else:
        assert not (result == 2).any()  # no draws but by repetition


def test_playouts_are_reproducible_whatever_the_threads():
    a = sowing.playouts("sadeqa-iii", 200, seed=11, threads=1)
    b = sowing.playouts("sadeqa-iii", 200, seed=11, threads=2)
    c = sowing.playouts("sadeqa-iii", 200, seed=11, threads=7)
    assert (a == b).all() and (a == c).all()
    assert not (a == sowing.playouts("sadeqa-iii", 200, seed=12, threads=1)).all()
    assert sowing.playouts("sadeqa-iii", 0, seed=1).shape == (0, 4)
    few = sowing.playouts("sadeqa-iii", 5, seed=2, threads=1)
    assert (sowing.playouts("sadeqa-iii", 5, seed=2, threads=64) == few).all()
    assert (sowing.playouts("sadeqa-iii", 5, seed=2, threads=10**6) == few).all()


def test_playouts_from_a_position_and_options():
    pos = Position("sadeqa-iii").play(1)
    r = sowing.playouts(pos, 20, seed=1)
    assert (r[:, 2] >= 8).all()  # South's 8 captured seeds stay his
    assert sowing.playouts("sadeqa-ii", 10, starter_only=True).shape == (10, 4)
    assert sowing.playouts("andada", 10, reading="ludii", clockwise=True).shape == (10, 4)


def test_playouts_release_the_gil():
    result = {}

    def work():
        result["r"] = sowing.playouts("sadeqa-iii", 40_000, seed=5, threads=1)

    worker = threading.Thread(target=work)
    ticks = 0
    started = time.monotonic()
    worker.start()
    while worker.is_alive():
        ticks += 1
        time.sleep(0.005)
    elapsed = time.monotonic() - started
    worker.join()
    assert result["r"].shape == (40_000, 4)
    # The main thread ran all along (a held GIL would have stopped it).
    assert ticks >= 0.3 * elapsed / 0.005


def test_playouts_bad_input():
    for kwargs in (
        dict(n=-1),
        dict(n=10, threads=0),
        dict(n=10, seed=-1),
        dict(n=10, seed=2**64),
    ):
        with pytest.raises(ValueError):
            sowing.playouts("sadeqa-iii", **kwargs)
    with pytest.raises(ValueError):
        sowing.playouts("chess", 10)
    with pytest.raises(ValueError):
        sowing.playouts(Position("sadeqa-iii"), 10, clockwise=True)
    with pytest.raises(TypeError):
        sowing.playouts(3, 10)
    with pytest.raises(TypeError):
        sowing.playouts("sadeqa-iii", 1.5)


def test_without_numpy(monkeypatch):
    monkeypatch.setattr(sowing, "_np", None)
    r = sowing.playouts("game-91", 5, seed=4)
    assert isinstance(r, list) and len(r) == 5 and all(len(t) == 4 for t in r)
    monkeypatch.undo()
    assert [tuple(row) for row in sowing.playouts("game-91", 5, seed=4).tolist()] == r
    monkeypatch.setattr(sowing, "_np", None)
    obs = sowing.observations([Position("game-91")])
    assert obs == [Position("game-91").observation()]


def test_observations():
    rng = np.random.default_rng(0)
    positions = [Position("sadeqa-v")]
    while len(positions) < 100:
        p = positions[-1]
        if p.is_over():
            p = Position("sadeqa-v")
        moves = p.legal_moves()
        positions.append(p.play(moves[rng.integers(len(moves))]))
    obs = sowing.observations(positions)
    assert obs.shape == (100, 44) and obs.dtype == np.float32
    for row, p in zip(obs, positions):
        assert row.tolist() == p.observation()
    north = sowing.observations(positions, ["north"] * 100)
    assert north[0].tolist() == positions[0].observation("north")
    assert sowing.observations([]).shape == (0, 0)
    with pytest.raises(ValueError):
        sowing.observations([Position("sadeqa-v"), Position("sadeqa-ii")])
    with pytest.raises(ValueError):
        sowing.observations(positions, ["north"])
    with pytest.raises(ValueError):
        sowing.observations(positions[:1], ["east"])
    with pytest.raises(TypeError):
        sowing.observations(["sadeqa-v"])


# A Sadeqa III position (docs/GAMES.md, "Endless sowing") with a move whose
# endless cycle runs to 43,964,079,104 laps: minutes to prove exactly.
LONG = "sadeqa-iii 0,14,2,14,2,2,1,3/4,13,0,7,2,7,4,1 S 8-12"


def interrupt_after(seconds):
    main = threading.main_thread().ident

    def fire():
        time.sleep(seconds)
        signal.pthread_kill(main, signal.SIGINT)

    t = threading.Thread(target=fire, daemon=True)
    t.start()
    return t


def test_a_long_proof_releases_the_gil_and_answers_ctrl_c():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    interrupt_after(1.0)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        Position.parse(LONG).legal_moves()
    elapsed = time.monotonic() - started
    stop.set()
    ticker.join()
    assert elapsed < 10
    # The other thread ran while the proof did: the GIL was released.
    assert len([t for t in ticks if started < t < started + 0.9]) > 20
    # Under a lap limit the same position answers at once.
    assert Position.parse(LONG, lap_limit=10_000).legal_moves()


def test_a_long_solve_answers_ctrl_c():
    interrupt_after(1.0)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        # A time bound, so that a missed signal fails the test instead of
        # running the proof for ever.
        sowing.solve(Position("sadeqa-iii", lap_limit=10_000), table_bits=16, time=30)
    assert time.monotonic() - started < 20
