"""The vectorised environment (sowing.vector.VectorEnv): every step of the
batch equals the same games played one by one through sowing.Position
with the same actions (observations, masks, rewards, ends, auto-reset),
on every variant and option; the opponents; Gymnasium's vector API."""

import numpy as np
import pytest

import sowing
from sowing.vector import VectorEnv

gym = pytest.importorskip("gymnasium")

LAP_LIMIT = 10_000

# (variant, options): every game, and each rule option.
GAMES = [(v, {}) for v in sowing.variants()] + [
    ("sadeqa-ii", {"starter_only": True}),
    ("sadeqa-iii", {"first": "north"}),
    ("andada", {"clockwise": True}),
    ("andada", {"reading": "ludii"}),
    ("andada-15", {"reading": "empty-row", "first": "north"}),
]


def ids(game):
    variant, options = game
    return variant + "".join(f"-{k}={v}" for k, v in options.items())


def random_actions(rng, mask):
    """A uniformly random legal action per row of `mask`."""
    noise = rng.random(mask.shape) * mask
    return noise.argmax(axis=1)


def mover_reward(pos, mover):
    outcome = pos.outcome()
    if outcome == mover:
        return 1.0
    if outcome in ("south", "north"):
        return -1.0
    return 0.0


def check_rows(obs, mask, to_play, positions, viewers=None):
    for i, pos in enumerate(positions):
        viewer = viewers[i] if viewers else pos.to_move()
        assert obs[i].tolist() == [int(v) for v in pos.observation(viewer)], (i, str(pos))
        assert mask[i].tolist() == pos.action_mask(), (i, str(pos))
        assert to_play[i] == (0 if pos.to_move() == "south" else 1)


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_self_play_equals_positions_one_by_one(game):
    variant, options = game
    n, max_plies, steps = 6, 80, 400
    envs = VectorEnv(variant, n, max_plies=max_plies, **options)
    start = sowing.Position(variant, lap_limit=LAP_LIMIT, **options)
    obs, info = envs.reset(seed=3)
    positions = [start] * n
    plies = [0] * n
    check_rows(obs, info["action_mask"], info["to_play"], positions)
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(steps):
        actions = random_actions(rng, info["action_mask"])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert obs.dtype == np.int16 and rewards.dtype == np.float32
        for i in range(n):
            mover = positions[i].to_move()
            pos = positions[i].play(positions[i].action_to_move(int(actions[i])))
            plies[i] += 1
            over = pos.is_over()
            assert terminated[i] == over, (i, str(pos))
            assert truncated[i] == (not over and plies[i] >= max_plies)
            assert rewards[i] == (mover_reward(pos, mover) if over else 0.0)
            assert info["_final_obs"][i] == (terminated[i] or truncated[i])
            if terminated[i] or truncated[i]:
                ended += 1
                final = [int(v) for v in pos.observation()]
                assert info["final_obs"][i].tolist() == final
                pos, plies[i] = start, 0
            positions[i] = pos
        check_rows(obs, info["action_mask"], info["to_play"], positions)
    assert ended > 0


# best_move makes a fresh 32 MiB table a call: a few games only.
@pytest.mark.parametrize(
    "variant, agent", [("sadeqa-iii", "north"), ("sadeqa-v", "south"), ("andada-12", "north")]
)
def test_alphabeta_opponent_equals_best_move(variant, agent):
    spec = "alphabeta:2"
    n, steps = 2, 50
    envs = VectorEnv(variant, n, opponent=spec, agent=agent, max_plies=None)
    start = sowing.Position(variant, lap_limit=LAP_LIMIT)

    def opponent_moves(pos):
        while not pos.is_over() and pos.to_move() != agent:
            pos = pos.play(sowing.best_move(pos, spec))
        return pos

    obs, info = envs.reset(seed=1)
    first = opponent_moves(start)
    positions = [first] * n
    check_rows(obs, info["action_mask"], info["to_play"], positions, [agent] * n)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(steps):
        actions = random_actions(rng, info["action_mask"])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(n):
            pos = positions[i].play(positions[i].action_to_move(int(actions[i])))
            pos = opponent_moves(pos)
            assert terminated[i] == pos.is_over()
            assert not truncated[i]
            assert rewards[i] == (mover_reward(pos, agent) if pos.is_over() else 0.0)
            if pos.is_over():
                assert info["final_obs"][i].tolist() == [int(v) for v in pos.observation(agent)]
                pos = first
                ended += 1
            positions[i] = pos
        check_rows(obs, info["action_mask"], info["to_play"], positions, [agent] * n)
    assert ended > 0


def replies(pos, agent):
    """Every position the opponent's moves can reach from `pos` before the
    agent is to move again (or the game ends)."""
    frontier, done = [pos], []
    while frontier:
        p = frontier.pop()
        if p.is_over() or p.to_move() == agent:
            done.append(p)
        else:
            frontier.extend(p.play(m) for m in p.legal_moves())
    return done


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:20"])
def test_other_opponents_make_legal_moves(spec):
    variant, agent, n = "sadeqa-iii", "south", 4
    envs = VectorEnv(variant, n, opponent=spec, agent=agent, max_plies=None)
    start = sowing.Position(variant, lap_limit=LAP_LIMIT)
    obs, info = envs.reset(seed=5)
    # The candidates for each game: the positions its observations allow.
    candidates = [[start] for _ in range(n)]
    rng = np.random.default_rng(3)
    for _ in range(150):
        actions = random_actions(rng, info["action_mask"])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(n):
            reached = [
                q for p in candidates[i] for q in replies(p.play(p.action_to_move(int(actions[i]))), agent)
            ]
            if terminated[i]:
                reached = [q for q in reached if q.is_over()]
                final = info["final_obs"][i].tolist()
                reached = [q for q in reached if [int(v) for v in q.observation(agent)] == final]
                assert reached, i
                assert rewards[i] in {mover_reward(q, agent) for q in reached}
                reached = replies(start, agent)
            row = obs[i].tolist()
            reached = [q for q in reached if [int(v) for v in q.observation(agent)] == row]
            assert reached, (i, row)
            assert all(q.action_mask() == info["action_mask"][i].tolist() for q in reached)
            candidates[i] = list({str(q): q for q in reached}.values())


def test_same_seed_same_games_whatever_the_threads():
    runs = []
    for threads in (1, 2, 3):
        envs = VectorEnv("sadeqa-iii", 40, opponent="random", threads=threads, copy=True)
        obs, info = envs.reset(seed=11)
        rng = np.random.default_rng(0)
        trace = [obs]
        for _ in range(100):
            obs, r, te, tr, info = envs.step(random_actions(rng, info["action_mask"]))
            trace += [obs, r, te, tr, info["action_mask"]]
        runs.append(trace)
    for other in runs[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(runs[0], other))


def test_helper_threads_that_fell_asleep_still_step_every_game():
    """The helper threads of a step watch for the next one for a while and
    then sleep: steps back to back and steps after a pause give the games
    one thread gives, and the threads end with the environments."""
    import gc
    import os
    import time

    def threads_now():
        return len(os.listdir("/proc/self/task"))

    before = threads_now()
    runs = []
    for threads in (1, 2, 4):
        envs = VectorEnv("sadeqa-iii", 300, threads=threads, copy=True)
        obs, info = envs.reset(seed=5)
        rng = np.random.default_rng(3)
        trace = [obs]
        for step in range(60):
            if step % 20 == 19:
                time.sleep(0.02)
            obs, r, te, tr, info = envs.step(random_actions(rng, info["action_mask"]))
            trace += [obs, r, te, tr, info["action_mask"]]
        runs.append(trace)
        del envs
        gc.collect()
    for other in runs[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(runs[0], other))
    assert threads_now() <= before


def test_gymnasium_vector_api():
    from gymnasium.vector import AutoresetMode

    envs = VectorEnv("sadeqa-v", 16)
    assert isinstance(envs, gym.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.num_envs == 16
    assert envs.single_action_space == gym.spaces.Discrete(10)
    assert envs.action_space.shape == (16,)
    assert envs.observation_space.shape == (16, 44)
    obs, info = envs.reset(seed=0)
    assert envs.observation_space.contains(obs)
    assert info["action_mask"].shape == (16, 10) and info["action_mask"].dtype == np.int8
    rng = np.random.default_rng(0)
    for _ in range(200):
        obs, rewards, terminated, truncated, info = envs.step(random_actions(rng, info["action_mask"]))
        assert envs.observation_space.contains(obs)
        assert envs.observation_space.contains(info["final_obs"])
        assert rewards.shape == terminated.shape == truncated.shape == (16,)
        assert terminated.dtype == truncated.dtype == np.bool_
    # Gymnasium's own vector wrappers take it.
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    wrapped = RecordEpisodeStatistics(VectorEnv("sadeqa-iii", 8))
    obs, info = wrapped.reset(seed=0)
    episodes = 0
    for _ in range(300):
        obs, r, te, tr, info = wrapped.step(random_actions(rng, info["action_mask"]))
        if "episode" in info:
            episodes += int(info["_episode"].sum())
    assert episodes > 0


def test_buffers_are_reused_unless_copy():
    envs = VectorEnv("sadeqa-iii", 4)
    obs, info = envs.reset(seed=0)
    obs2, *_ = envs.step(info["action_mask"].argmax(1))
    assert obs2 is obs
    envs = VectorEnv("sadeqa-iii", 4, copy=True)
    obs, info = envs.reset(seed=0)
    obs2, *_ = envs.step(info["action_mask"].argmax(1))
    assert obs2 is not obs


def test_illegal_action_raises_and_changes_nothing():
    envs = VectorEnv("sadeqa-ii", 3, copy=True)
    obs, info = envs.reset(seed=0)
    # Sadeqa II's first move is pit 6 (action 5): action 0 is refused.
    with pytest.raises(sowing.IllegalMove, match=r"^environment 1, action 0: "):
        envs.step(np.array([5, 0, 5]))
    with pytest.raises(sowing.IllegalMove, match="environment 0, action 9: actions are 0 to 5"):
        envs.step([9, 5, 5])
    # An unsigned action past int64 is named as given, not wrapped.
    huge = np.array([5, 2**64 - 1, 5], dtype=np.uint64)
    with pytest.raises(sowing.IllegalMove, match=f"environment 1, action {2**64 - 1}: actions are 0 to 5"):
        envs.step(huge)
    # Any integer dtype plays.
    for dtype in (np.int8, np.uint16, np.int32):
        other = VectorEnv("sadeqa-ii", 3)
        other.reset(seed=0)
        other.step(np.array([5, 5, 5], dtype=dtype))
    obs2, *_ = envs.step([5, 5, 5])
    assert (obs2 != obs).any()
    assert (obs2 == obs2[0]).all()


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown"):
        VectorEnv("chess", 4)
    with pytest.raises(TypeError, match="variant must be a str, not int"):
        VectorEnv(3, 4)
    with pytest.raises(ValueError, match="num_envs must be 1 or more, not 0"):
        VectorEnv("sadeqa-iii", 0)
    with pytest.raises(ValueError, match="not enough memory for 1152921504606846976 environments"):
        VectorEnv("sadeqa-iii", 2**60)
    with pytest.raises(TypeError, match="num_envs must be an int"):
        VectorEnv("sadeqa-iii", 2.5)
    with pytest.raises(ValueError, match="unknown player"):
        VectorEnv("sadeqa-iii", 4, opponent="minimax")
    with pytest.raises(ValueError, match="clockwise applies to Andada"):
        VectorEnv("sadeqa-iii", 4, clockwise=True)
    with pytest.raises(ValueError, match="agent"):
        VectorEnv("sadeqa-iii", 4, opponent="random", agent="east")
    envs = VectorEnv("sadeqa-iii", 4)
    with pytest.raises(RuntimeError, match="reset"):
        envs.step([0, 0, 0, 0])
    envs.reset()
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        envs.step([0, 0, 0])
    with pytest.raises(TypeError, match="integers"):
        envs.step([0.0, 0.0, 0.0, 0.0])


def test_the_private_core_binds_numpy_arrays_only():
    """`_VectorCore.bind` writes through the arrays' addresses: an object
    that only claims an array interface (its address anywhere) is refused,
    as is a subclass of ndarray, where the engine would have written to
    memory that is not the array's."""
    from sowing._sowing import _VectorCore

    n = 2
    core = _VectorCore("sadeqa-iii", n)
    w, a = core.obs_len, core.num_actions

    class Liar:
        __array_interface__ = {
            "typestr": "<i2",
            "shape": (n, w),
            "data": (0x10, False),
            "version": 3,
        }

    class Sub(np.ndarray):
        pass

    def buffers(obs):
        return (
            np.zeros(n, dtype=np.int64),
            obs,
            np.zeros((n, a), dtype=np.int8),
            np.zeros(n, dtype=np.float32),
            np.zeros(n, dtype=np.bool_),
            np.zeros(n, dtype=np.bool_),
            np.zeros((n, w), dtype=np.int16),
            np.zeros(n, dtype=np.int8),
        )

    with pytest.raises(ValueError, match="obs: not a NumPy array"):
        core.bind(*buffers(Liar()))
    with pytest.raises(ValueError, match="obs: not a NumPy array"):
        core.bind(*buffers(np.zeros((n, w), dtype=np.int16).view(Sub)))
    with pytest.raises(ValueError, match="bind the buffers first"):
        core.reset(1)
    core.bind(*buffers(np.zeros((n, w), dtype=np.int16)))
    core.reset(1)
