"""Random bad input never crashes the extension: every refusal is a
ValueError (IllegalMove included) or, for a wrong type, a TypeError, never
a Rust panic (PanicException) or another exception (test_hypothesis.py
does the same over every public call)."""

import random

import pytest

import sowing
from sowing import Game, Position

TOKENS = [
    "sadeqa-v", "sadeqa-ii", "sadeqa-iii", "game-91", "andada", "andada-24", "andada-13",
    " ", "  ", ",", "/", "-", "w", "S", "N", "X", "0", "1", "3", "6", "99", "255", "256",
    "4294967296", "-1", "0-0", "8-0", "first:SN", "first:N", "opening", "choice", "play",
    "singles", "\u00e9", "\n", "3w", ",,", "//",
]


def mangled(rng, s):
    chars = list(s)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(3)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice(TOKENS))
        else:
            chars[i:i] = rng.choice(",/ -w0123456789SN")
    return "".join(chars)


@pytest.mark.parametrize("seed", range(5))
def test_random_position_strings(seed):
    rng = random.Random(seed)
    valid = [str(Position(v)) for v in sowing.variants()] + [
        "sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38",
        str(Position("andada").play(1)),
        str(Position("sadeqa-ii").play(6)),
    ]
    for _ in range(400):
        s = mangled(rng, rng.choice(valid)) if rng.random() < 0.8 else "".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 12)))
        try:
            pos = Position.parse(s)
        except ValueError:
            continue
        # A string that reads is a position: it writes back and plays.
        assert Position.parse(str(pos)) == pos
        for mv in pos.legal_moves()[:3]:
            pos.play(mv)


@pytest.mark.parametrize("seed", range(3))
def test_random_records_and_moves(seed):
    rng = random.Random(seed)
    for _ in range(300):
        variant = rng.choice(sowing.variants())
        record = "/".join(rng.choice(["1", "2", "3", "6", "8", "12", "24", "0", "S", "N", "x", ""]) for _ in range(rng.randint(0, 8)))
        try:
            Game.from_record(variant, record, lap_limit=10_000)
        except ValueError:
            pass
        pos = Position(variant, lap_limit=10_000)
        for _ in range(rng.randint(0, 30)):
            mv = rng.choice([rng.randint(-3, 30), rng.choice(["S", "N", "s", "x", "", " 3 ", "1.5"]), None, 2.0, [], -(2**70)])
            try:
                pos = pos.play(mv)
            except ValueError:
                pass
            except TypeError:
                # Only for the moves of a wrong type.
                assert not isinstance(mv, (int, str)) or isinstance(mv, bool)
            if pos.is_over():
                break
