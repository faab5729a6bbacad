"""Plies per second of random playouts, in one run:

- sowing, driven from Python: ``legal_moves()`` + ``play()`` + ``random.choice``
  in a Python loop, on a lap-limited position (10,000 laps, as the Rust
  benchmarks);
- OpenSpiel's C++ ``oware``, driven from the same Python loop
  (``legal_actions()`` + ``apply_action()``), if ``pyspiel`` is installed;
- ``sowing.playouts`` (the loop in Rust, one thread, then all threads; and
  16 games played over and over, as the criterion benchmark does).

    python python/bench/speed.py [--seconds S] [--variants sadeqa-iii,game-91,...]
        [--rust target/release/examples/playouts]

Each figure is the best of three runs of about S seconds (default 2); the
runs of one variant are interleaved, so that the ratios compare figures
taken under the same load on a shared machine. ``--rust`` runs the Rust
playouts of ``cli/src/playouts/`` (the benchmark's playouts, 5,000
distinct games) beside ``sowing.playouts``; build it as the benchmarks are
built: ``cargo build --profile bench --example playouts``.
"""

import argparse
import os
import random
import subprocess
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


def rust_playouts(binary, variant, games=5000):
    """The Rust playouts of `cli/src/playouts/` (the benchmark's
    playouts), in plies per second, as the binary prints them."""
    out = subprocess.run([binary, variant, str(games)], capture_output=True, text=True, check=True).stdout
    return float(out.split(",")[-1].split()[0]) * 1e6


def best(f, *args):
    return max(f(*args) for _ in range(3))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--variants", default="sadeqa-ii,sadeqa-iii,game-91,sadeqa-v,andada-12,andada-24")
    ap.add_argument(
        "--rust",
        default=None,
        help="the built playouts example (target/release/examples/playouts), run beside sowing.playouts",
    )
    args = ap.parse_args()
    threads = os.cpu_count() or 1
    try:
        import pyspiel  # noqa: F401

        have_oware = True
    except ImportError:
        have_oware = False
    print(
        f"plies per second, best of 3 runs of about {args.seconds} s each, the runs of each "
        f"row interleaved (OpenSpiel's oware beside each variant's Python loop, the Rust "
        f"example beside sowing.playouts); {threads} threads where it says all"
    )
    print()
    print(
        "| variant | Python loop | oware, same loop | loop / oware | sowing.playouts, 1 thread "
        "| all threads | Rust playouts | Rust / sowing.playouts | 16 games repeated |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for v in args.variants.split(","):
        loop = oware = one = rust = 0.0
        for _ in range(3):
            loop = max(loop, python_loop_sowing(v, args.seconds))
            if have_oware:
                oware = max(oware, python_loop_oware(args.seconds))
            one = max(one, bulk(v, args.seconds, 1))
            if args.rust:
                rust = max(rust, rust_playouts(args.rust, v))
        many = best(bulk, v, args.seconds, threads)
        again = best(repeated, v, args.seconds)
        cells = [
            f"{loop:,.0f}",
            f"{oware:,.0f}" if have_oware else "",
            f"{loop / oware:.2f}" if have_oware else "",
            f"{one:,.0f}",
            f"{many:,.0f}",
            f"{rust:,.0f}" if args.rust else "",
            f"{rust / one:.2f}" if args.rust else "",
            f"{again:,.0f}",
        ]
        print(f"| {v} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
