"""Environment steps per second of the vectorised environment, beside the
same loop over OpenSpiel's C++ ``oware`` (through ``pyspiel``) and over
the PettingZoo environment, in one run:

- ``sowing.vector.VectorEnv("sadeqa-iii", 4096)``: self-play, every step
  one random legal action per game, chosen in NumPy from
  ``info["action_mask"]`` (:class:`Sampler`), games reset in the same step;
  on all threads, then on one;
- the same loop (the masks gathered into one array, the same sampler, one
  action per game, a finished game started anew) over ``pyspiel``'s
  ``oware`` states and over ``sowing.pettingzoo`` environments, each game
  stepped from Python (``--python-batch`` games, default 256: a Python
  loop's rate does not depend on the batch).

    python python/bench/vector_bench.py [--seconds S] [--batch 4096]
        [--variant sadeqa-iii] [--python-batch 256]

Each figure is the best of three runs of about S seconds (default 3), the
runs interleaved so that the ratios compare figures taken under the same
load; the load average before and after is printed, since the machine may
be shared.
"""

import argparse
import os
import time

import numpy as np

from sowing.vector import VectorEnv


#: lcm(1, ..., 8): a uniform draw below it, taken modulo any count of legal
#: actions up to 8, is uniform.
LCM_8 = 840


class Sampler:
    """A uniformly random legal action per row of an action mask (int8,
    ``(n, actions)``, at most 16 actions), in a few NumPy calls: each row's
    mask becomes a number, which indexes a table of the legal actions of
    every mask (for 8 actions, a table of the action for every mask and
    every draw below 840)."""

    def __init__(self, num_actions, seed=0):
        if num_actions > 16:
            raise ValueError("at most 16 actions")
        self.a = num_actions
        self.rng = np.random.default_rng(seed)
        masks = ((np.arange(1 << num_actions)[:, None] >> np.arange(num_actions)) & 1).astype(np.int8)
        codes = self.codes(masks)
        size = int(codes.max()) + 1
        self.count = np.ones(size, dtype=np.uint32)
        self.table = np.zeros((size, num_actions), dtype=np.int64)
        for m, c in zip(masks, codes):
            legal = np.flatnonzero(m)
            if len(legal):
                self.count[c] = len(legal)
                self.table[c, : len(legal)] = legal
        self.flat = self.table.ravel()
        if num_actions == 8:
            draws = np.arange(LCM_8)
            pick = self.table[:, None, :].repeat(LCM_8, 1)
            chosen = pick[np.arange(size)[:, None], draws[None, :], draws[None, :] % self.count[:, None]]
            # int8: 215 KB, which the caches hold.
            self.by_draw = chosen.astype(np.int8).ravel()

    def codes(self, mask):
        if self.a == 8:
            # The eight 0/1 bytes of a row gathered into one byte by one multiply.
            return (mask.view(np.uint64)[:, 0] * np.uint64(0x0102040810204080)) >> np.uint64(56)
        packed = np.packbits(mask.astype(bool), axis=1, bitorder="little")
        if packed.shape[1] == 1:
            return packed[:, 0].astype(np.int64)
        return packed[:, 0].astype(np.int64) | (packed[:, 1].astype(np.int64) << 8)

    def __call__(self, mask):
        if self.a == 8:
            # The same draws as `codes` and a table index, in buffers made
            # once (each NumPy call a pass over the batch, no new array).
            n = len(mask)
            if getattr(self, "_index", None) is None or len(self._index) != n:
                self._index = np.empty(n, dtype=np.uint64)
                self._actions = np.empty(n, dtype=np.int8)
            index = self._index
            np.multiply(mask.view(np.uint64)[:, 0], np.uint64(0x0102040810204080), out=index)
            np.right_shift(index, np.uint64(56), out=index)
            np.multiply(index, np.uint64(LCM_8), out=index)
            np.add(index, self.rng.integers(0, LCM_8, n, dtype=np.uint16), out=index, casting="unsafe")
            return self.by_draw.take(index.view(np.int64), out=self._actions)
        code = self.codes(mask)
        r = self.rng.integers(0, 1 << 31, len(code), dtype=np.uint32)
        return self.flat[code.astype(np.int64) * self.a + r % self.count[code]]


def vector_steps(envs, seconds):
    """Steps per second, and per second of the process's CPU time (all
    its threads: a figure the other load on the machine changes less)."""
    sample = Sampler(envs.single_action_space.n, seed=1)
    obs, info = envs.reset(seed=1)
    mask = info["action_mask"]
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            obs, rewards, terminated, truncated, info = envs.step(sample(mask))
            mask = info["action_mask"]
        steps += 20 * envs.num_envs
    return steps / (time.perf_counter() - t0), steps / (time.process_time() - c0)


def oware_steps(batch, seconds):
    import pyspiel

    game = pyspiel.load_game("oware")
    sample = Sampler(game.num_distinct_actions(), seed=1)
    states = [game.new_initial_state() for _ in range(batch)]
    mask = np.zeros((batch, game.num_distinct_actions()), dtype=np.int8)
    steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        for i, s in enumerate(states):
            mask[i] = s.legal_actions_mask()
        for i, a in enumerate(sample(mask).tolist()):
            s = states[i]
            s.apply_action(a)
            if s.is_terminal():
                states[i] = game.new_initial_state()
        steps += batch
    return steps / (time.perf_counter() - t0)


def pettingzoo_steps(variant, batch, seconds):
    from sowing.pettingzoo import env

    envs = [env(variant) for _ in range(batch)]
    for i, e in enumerate(envs):
        e.reset(seed=i)
    sample = Sampler(envs[0].action_space("south").n, seed=1)
    mask = np.zeros((batch, sample.a), dtype=np.int8)
    steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        for i, e in enumerate(envs):
            mask[i] = e.observe(e.agent_selection)["action_mask"]
        for i, a in enumerate(sample(mask).tolist()):
            e = envs[i]
            e.step(a)
            if any(e.terminations.values()) or any(e.truncations.values()):
                e.reset()
        steps += batch
    return steps / (time.perf_counter() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--variant", default="sadeqa-iii")
    ap.add_argument("--python-batch", type=int, default=256)
    args = ap.parse_args()
    try:
        import pyspiel  # noqa: F401

        have_oware = True
    except ImportError:
        have_oware = False
    threads = os.cpu_count() or 1
    load = os.getloadavg()
    every = VectorEnv(args.variant, args.batch)
    one = VectorEnv(args.variant, args.batch, threads=1)
    best = {"all": 0.0, "one": 0.0, "oware": 0.0, "pettingzoo": 0.0}
    cpu = {"all": 0.0, "one": 0.0}
    for _ in range(3):
        for key, envs in (("all", every), ("one", one)):
            rate, per_cpu = vector_steps(envs, args.seconds)
            best[key] = max(best[key], rate)
            cpu[key] = max(cpu[key], per_cpu)
        if have_oware:
            best["oware"] = max(best["oware"], oware_steps(args.python_batch, args.seconds))
        best["pettingzoo"] = max(
            best["pettingzoo"], pettingzoo_steps(args.variant, args.python_batch, args.seconds)
        )
    after = os.getloadavg()
    print(
        f"environment steps per second, {args.variant}, random legal actions chosen in NumPy "
        f"from the masks; best of 3 runs of about {args.seconds} s, interleaved; "
        f"{threads} cores, load average {load[0]:.1f} before and {after[0]:.1f} after"
    )
    print()
    print("| loop | steps/s | VectorEnv (all threads) / this |")
    print("|---|---:|---:|")
    rows = [
        (f"sowing.vector.VectorEnv, batch {args.batch}, {threads} threads", best["all"]),
        (f"sowing.vector.VectorEnv, batch {args.batch}, 1 thread", best["one"]),
    ]
    if have_oware:
        rows.append((f"OpenSpiel oware (pyspiel), batch {args.python_batch}", best["oware"]))
    rows.append((f"sowing.pettingzoo, batch {args.python_batch}", best["pettingzoo"]))
    for name, rate in rows:
        print(f"| {name} | {rate:,.0f} | {best['all'] / rate:.1f} |")
    print()
    print(
        f"steps per second of CPU time (all the process's threads): {cpu['all']:,.0f} on "
        f"{threads} threads, {cpu['one']:,.0f} on 1"
    )


if __name__ == "__main__":
    main()
