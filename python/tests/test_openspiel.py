"""The games registered with OpenSpiel: loading, OpenSpiel's own MCTS bot
played to the end on each, evaluate_bots, and the observation tensor."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import sowing
import sowing.openspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

sowing.openspiel.register()

NAMES = sowing.openspiel.game_names()


def test_names():
    assert NAMES == [
        "sowing_sadeqa_v",
        "sowing_sadeqa_ii",
        "sowing_sadeqa_iii",
        "sowing_game_91",
        "sowing_andada_12",
        "sowing_andada_15",
        "sowing_andada_18",
        "sowing_andada_21",
        "sowing_andada_24",
    ]
    registered = pyspiel.registered_names()
    assert all(n in registered for n in NAMES)
    sowing.openspiel.register()  # a second call does nothing


@pytest.mark.parametrize("name", NAMES)
def test_mcts_game_to_the_end(name):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 1.4, 20, evaluator, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 3),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert sum(returns) == 0.0


def test_evaluate_bots_and_the_rules():
    game = pyspiel.load_game("sowing_sadeqa_iii")
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(8))
    state.apply_action(0)  # South's pit 1 (RULES.md 5)
    assert str(state) == "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0"
    assert state.current_player() == 1
    assert state.legal_actions() == [0, 1, 2, 5, 6, 7]
    clone = state.clone()
    clone.apply_action(0)
    assert str(state) == "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0"
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 1.4, 10, evaluator, random_state=rng),
        mcts.MCTSBot(game, 1.4, 10, evaluator, random_state=rng),
    ]
    returns = evaluate_bots(game.new_initial_state(), bots, rng)
    assert sum(returns) == 0.0


def test_parameters_and_observations():
    game = pyspiel.load_game("sowing_sadeqa_ii", {"starter_only": True})
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    andada = pyspiel.load_game("sowing_andada_12", {"clockwise": True, "max_plies": 50})
    assert andada.num_distinct_actions() == 14
    assert andada.max_game_length() == 50
    s = andada.new_initial_state()
    s.apply_action(0)
    assert s.legal_actions() == [12, 13]
    assert s.action_to_string(s.current_player(), 12) == "S"
    tensor = np.array(s.observation_tensor(0))
    assert tensor.shape == (4 * 12 + 4,)
    assert s.observation_string(0) == str(s)
    with pytest.raises(Exception):
        pyspiel.load_game("sowing_sadeqa_iii", {"starter_only": True})
