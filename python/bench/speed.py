"""Plies per second of random playouts, in one run:

- sowing, driven from Python: ``legal_moves()`` + ``play()`` + ``random.choice``
  in a Python loop, on a lap-limited position (10,000 laps, as the Rust
  benchmarks);
- OpenSpiel's C++ ``oware``, driven from the same Python loop
  (``legal_actions()`` + ``apply_action()``), if ``pyspiel`` is installed;
- ``sowing.playouts`` (the loop in Rust, one thread, then all threads; and
  16 games played over and over, as the criterion benchmark does).

    python python/bench/speed.py [--seconds S] [--variants sadeqa-iii,game-91,...]

Each figure is the best of three runs of about S seconds (default 2).
Compare ``sowing.playouts`` with the Rust playouts of the same games:
``cargo build --release --example playouts && target/release/examples/playouts``.
"""

import argparse
import os
import random
import time

import sowing


def python_loop_sowing(variant, seconds):
    start = sowing.Position(variant, lap_limit=10_000)
    rng = random.Random(1)
    choice = rng.choice
    plies = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        pos = start
        n = 0
        while not pos.is_over() and n < 1000:
            pos = pos.play(choice(pos.legal_moves()))
            n += 1
        plies += n
    return plies / (time.perf_counter() - t0)


def python_loop_oware(seconds):
    import pyspiel

    game = pyspiel.load_game("oware")
    rng = random.Random(1)
    choice = rng.choice
    plies = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal() and n < 1000:
            state.apply_action(choice(state.legal_actions()))
            n += 1
        plies += n
    return plies / (time.perf_counter() - t0)


def bulk(variant, seconds, threads):
    n = 1000
    # Grow n until a call takes about `seconds`.
    while True:
        t0 = time.perf_counter()
        r = sowing.playouts(variant, n, seed=1, threads=threads)
        dt = time.perf_counter() - t0
        if dt >= seconds or n >= 10_000_000:
            return int(r[:, 0].sum()) / dt
        n = int(n * max(2.0, min(10.0, seconds / max(dt, 1e-3))))


def repeated(variant, seconds):
    """The same 16 games over and over, as the criterion benchmark plays
    them (`cargo bench --bench sowing -- playout`): a warm branch predictor
    makes these faster than distinct games."""
    plies = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            plies += int(sowing.playouts(variant, 16, seed=1, threads=1)[:, 0].sum())
    return plies / (time.perf_counter() - t0)


def best(f, *args):
    return max(f(*args) for _ in range(3))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--variants", default="sadeqa-ii,sadeqa-iii,game-91,sadeqa-v,andada-12,andada-24")
    args = ap.parse_args()
    threads = os.cpu_count() or 1
    try:
        oware = best(python_loop_oware, args.seconds)
    except ImportError:
        oware = None
    print(f"plies per second (best of 3 runs of about {args.seconds} s; {threads} threads for the last column)")
    print()
    print("| game | Python loop | sowing.playouts, 1 thread | sowing.playouts, all threads | 16 games repeated, 1 thread |")
    print("|---|---:|---:|---:|---:|")
    if oware is not None:
        print(f"| OpenSpiel oware (C++) | {oware:,.0f} | | | |")
    for v in args.variants.split(","):
        loop = best(python_loop_sowing, v, args.seconds)
        one = best(bulk, v, args.seconds, 1)
        many = best(bulk, v, args.seconds, threads)
        again = best(repeated, v, args.seconds)
        print(f"| sowing {v} | {loop:,.0f} | {one:,.0f} | {many:,.0f} | {again:,.0f} |")


if __name__ == "__main__":
    main()
