"""The PettingZoo and Gymnasium environments, with the libraries' own
checkers, on every variant."""

import numpy as np
import pytest

import sowing
from sowing.gymnasium import SingleAgentEnv
from sowing.pettingzoo import env as aec_env

ALL = sowing.variants()


@pytest.mark.parametrize("variant", ALL)
def test_pettingzoo_api_test(variant):
    from pettingzoo.test import api_test

    api_test(aec_env(variant), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("variant", ["sadeqa-v", "andada-12"])
def test_pettingzoo_seed_and_render(variant):
    from pettingzoo.test import render_test, seed_test

    seed_test(lambda: aec_env(variant), num_cycles=200)
    render_test(lambda render_mode=None: aec_env(variant, render_mode=render_mode))
    e = aec_env(variant, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text.splitlines()[0].startswith("N ") and str(e.position) in text


def test_pettingzoo_game_to_the_end():
    e = aec_env("sadeqa-iii")
    e.reset(seed=0)
    rewards = {"south": 0, "north": 0}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        rewards[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert agent == e.position.to_move()
        mask = obs["action_mask"]
        assert obs["observation"].dtype == np.float32
        legal = [e.position.move_to_action(m) for m in e.position.legal_moves()]
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        e.step(int(np.flatnonzero(mask)[0]))
    outcome = e.game.outcome()
    expected = {"south": 1, "north": -1} if outcome == "south" else {"south": -1, "north": 1} if outcome == "north" else {"south": 0, "north": 0}
    assert rewards == expected


def test_pettingzoo_bad_input():
    with pytest.raises(ValueError):
        aec_env("chess")
    with pytest.raises(ValueError):
        aec_env("sadeqa-iii", render_mode="rgb_array")
    e = aec_env("sadeqa-iii")
    e.reset()
    e.step(0)  # pit 1
    with pytest.raises(sowing.IllegalMove):
        e.step(3)  # North's pit 4 is empty after South's 1


@pytest.mark.parametrize("variant", ALL)
def test_gymnasium_check_env(variant):
    from gymnasium.utils.env_checker import check_env

    check_env(SingleAgentEnv(variant, opponent="alphabeta:2", render_mode="ansi"))


def test_gymnasium_episode_against_alphabeta_4():
    env = SingleAgentEnv("sadeqa-iii", opponent="alphabeta:4", render_mode="ansi")
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    done = False
    steps = 0
    total = 0.0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
        steps += 1
    assert total in (-1.0, 0.0, 1.0)
    assert "result" in info
    assert env.render()


def test_gymnasium_north_and_illegal_actions():
    env = SingleAgentEnv("game-91", opponent="random", agent="north")
    obs, info = env.reset(seed=5)
    assert env.position.to_move() == "north"
    illegal = [a for a in range(env.action_space.n) if not info["action_mask"][a]]
    if illegal:
        obs, reward, terminated, truncated, info = env.step(illegal[0])
        assert reward == -1.0 and terminated and info["illegal_action"]
        with pytest.raises(RuntimeError):
            env.step(0)
    with pytest.raises(ValueError):
        SingleAgentEnv("game-91", opponent="minimax")
    with pytest.raises(ValueError):
        SingleAgentEnv("game-91", agent="east")
