"""Checks one of the package's extras in an environment that has the wheel
with that extra only (.ci/python-extras.sh makes one venv per extra): the
extra's module imports and plays a few steps, and the modules of the other
extras, whose packages are missing, say which extra to install.

    python extras_check.py NAME    # NAME: none, vector, gymnasium, pettingzoo, openspiel

Not a pytest test (pytest collects python/tests/ only): it runs in venvs
without pytest, and each run needs its own environment.
"""

import importlib
import random
import sys

import sowing

# The extra of each front-end module, and a package that extra installs and
# no other extra here does (so its absence shows which extras are missing).
MODULES = {
    "vector": ("sowing.vector", "gymnasium"),
    "gymnasium": ("sowing.gymnasium", "gymnasium"),
    "pettingzoo": ("sowing.pettingzoo", "pettingzoo"),
    "openspiel": ("sowing.openspiel", "pyspiel"),
}


def installed(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def check_none() -> None:
    """The core API alone: a game played to the end with random moves."""
    rng = random.Random(1)
    game = sowing.Game("sadeqa-iii", lap_limit=10_000)
    while not game.is_over() and game.ply < 10_000:
        game.play(rng.choice(game.legal_moves))
    assert game.is_over(), f"no end after {game.ply} plies: {game.position}"
    print(f"none: sadeqa-iii over after {game.ply} plies, {game.result()}")
    # Without numpy the bulk calls return lists.
    rows = sowing.playouts("sadeqa-ii", 3, seed=1)
    assert len(rows) == 3 and len(rows[0]) == 4, rows


def check_vector() -> None:
    import numpy as np
    from sowing.vector import VectorEnv

    envs = VectorEnv("sadeqa-iii", 8, threads=1)
    obs, info = envs.reset(seed=0)
    assert obs.shape == (8, envs.single_observation_space.shape[0]), obs.shape
    rng = np.random.default_rng(0)
    for _ in range(20):
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(1)
        obs, rewards, terminated, truncated, info = envs.step(actions)
    print(f"vector: 20 steps of 8 games, rewards {rewards.tolist()}")


def check_gymnasium() -> None:
    from sowing.gymnasium import SingleAgentEnv

    env = SingleAgentEnv("sadeqa-iii", opponent="random")
    obs, info = env.reset(seed=0)
    steps = 0
    while steps < 20:
        action = int(info["action_mask"].argmax())
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            obs, info = env.reset()
    print(f"gymnasium: {steps} steps, observation of {len(obs)} values")


def check_pettingzoo() -> None:
    from sowing.pettingzoo import env

    e = env("sadeqa-iii")
    e.reset(seed=1)
    steps = 0
    for agent in e.agent_iter(max_iter=20):
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
        steps += 1
    print(f"pettingzoo: {steps} steps, {e.agent_selection} to act")


def check_openspiel() -> None:
    import pyspiel
    import sowing.openspiel

    sowing.openspiel.register()
    game = pyspiel.load_game("sowing_sadeqa_iii")
    state = game.new_initial_state()
    rng = random.Random(2)
    plies = 0
    while not state.is_terminal() and plies < 20:
        state.apply_action(rng.choice(state.legal_actions()))
        plies += 1
    print(f"openspiel: {plies} random actions, {state}")


CHECKS = {
    "none": check_none,
    "vector": check_vector,
    "gymnasium": check_gymnasium,
    "pettingzoo": check_pettingzoo,
    "openspiel": check_openspiel,
}


def check_missing(name: str) -> None:
    """Each front-end module whose extra's packages are absent here raises
    ImportError naming its extra. (Which are absent depends on the extra:
    pettingzoo installs gymnasium and numpy, so the vector module imports
    there too.)"""
    for extra, (module, package) in MODULES.items():
        if extra == name or installed(package):
            continue
        try:
            importlib.import_module(module)
        except ImportError as e:
            want = f"pip install \"sowing[{extra}]\""
            assert want in str(e), f"{module}: {e!r} does not say {want!r}"
            assert e.__cause__ is not None, f"{module}: the original error is not chained"
            print(f"{name}: import {module}: {e}")
        else:
            raise AssertionError(f"{module} imported without {package}")


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in CHECKS:
        sys.exit(f"usage: {sys.argv[0]} {{{','.join(CHECKS)}}}")
    name = sys.argv[1]
    # The wheel's package, not the checkout's python/sowing/.
    assert "site-packages" in sowing.__file__, f"sowing from {sowing.__file__}"
    if name == "none":
        # The wheel alone: no numpy either.
        assert not installed("numpy"), "numpy is installed without an extra"
    CHECKS[name]()
    check_missing(name)
    print(f"{name}: ok")


if __name__ == "__main__":
    main()
