"""Random games played through the bindings, checked ply by ply against the
Rust engine's own `replay` example (its position strings, the legal moves
at the end and the result).

The binary is `$SOWING_REPLAY`, or `target/release/examples/replay` (built
by the root's `cargo test --release`, as `.ci/run` runs it first, or by
`cargo build --release --example replay`). Without it the tests are
skipped, unless `SOWING_REQUIRE_REPLAY=1` (as in `.ci/run`), when they fail.
"""

import os
import pathlib
import random
import subprocess

import pytest

import sowing

ROOT = pathlib.Path(__file__).resolve().parents[2]


def replay_binary():
    env = os.environ.get("SOWING_REPLAY")
    if env:
        return pathlib.Path(env)
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "examples" / "replay"
        if p.exists():
            return p
    return None


REPLAY = replay_binary()
if REPLAY is None or not REPLAY.exists():
    if os.environ.get("SOWING_REQUIRE_REPLAY") == "1":
        raise RuntimeError(
            "SOWING_REQUIRE_REPLAY=1 but the replay example is not built "
            "(cargo build --release --example replay)"
        )
    pytest.skip("the replay example is not built", allow_module_level=True)

CASES = [
    ("sadeqa-v", {}, []),
    ("sadeqa-ii", {}, []),
    ("sadeqa-ii", {"starter_only": True}, ["--starter-only"]),
    ("sadeqa-iii", {}, []),
    ("game-91", {}, []),
    ("andada-12", {}, []),
    ("andada-15", {"clockwise": True}, ["--clockwise"]),
    ("andada-18", {"reading": "empty-row"}, ["--reading", "empty-row"]),
    ("andada-21", {"reading": "ludii"}, ["--reading", "ludii"]),
    ("andada-24", {}, []),
]

LAP_LIMIT = 10_000
GAMES = 4


def random_game(variant, options, seed):
    rng = random.Random(seed)
    game = sowing.Game(variant, lap_limit=LAP_LIMIT, **options)
    positions = []
    while not game.is_over() and game.ply < 400:
        game.play(rng.choice(game.legal_moves))
        positions.append(str(game.position))
    # A few games stop part-way, to compare the legal moves of an ongoing
    # position too.
    if seed % 2 == 1:
        cut = len(positions) // 2
        while game.ply > cut:
            game.undo()
        positions = positions[:cut]
    return game, positions


@pytest.mark.parametrize("variant,options,flags", CASES, ids=[f"{c[0]}{''.join(c[2])}" for c in CASES])
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_matches_replay(variant, options, flags, seed):
    game, positions = random_game(variant, options, seed)
    out = subprocess.run(
        [str(REPLAY), "--variant", variant, "--lap-limit", str(LAP_LIMIT), *flags, game.record],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.splitlines()
    assert len(out) == len(positions) + 2
    for ply, (line, mine) in enumerate(zip(out, positions), start=1):
        number, mv, theirs = line.split(" ", 2)
        assert int(number) == ply
        assert mv == str(game.moves[ply - 1])
        assert theirs == mine, f"ply {ply}"
    legal = game.legal_moves
    assert out[-2] == "legal: " + (" ".join(map(str, legal)) if legal else "none")
    assert out[-1] == "result: " + game.result()
