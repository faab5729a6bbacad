"""A vectorised environment: ``num_envs`` games of one variant stepped at
once, in Rust over the machine's cores with the GIL released, for training
at scale (Gymnasium's vector API).

    >>> import numpy as np
    >>> from sowing.vector import VectorEnv
    >>> envs = VectorEnv("sadeqa-iii", 4096)
    >>> obs, info = envs.reset(seed=0)
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(100):
    ...     actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(1)
    ...     obs, rewards, terminated, truncated, info = envs.step(actions)

Self-play by default: the caller moves both sides, and every observation is
seen by the side to move (``info["to_play"]``: 0 South, 1 North). With
``opponent=`` (a spec of :func:`sowing.best_move`: ``"random"``,
``"greedy"``, ``"alphabeta:4"``, ``"mcts:200"``) the caller plays ``agent``
(South by default) and the built-in player the other side, inside ``reset``
and ``step``: every observation is then seen by the agent.

- **Actions**: the numbering of :meth:`sowing.Position.move_to_action`
  (``k - 1`` sows pit ``k`` of the mover's row; in Andada ``n`` and ``n + 1``
  are the choice moves ``"S"`` and ``"N"``), one per environment, any
  integer array of shape ``(num_envs,)``. An illegal action raises
  :class:`sowing.IllegalMove` naming the environment, before any game moves.
- **Observations**: ``int16``, shape ``(num_envs, 4n + 4)``, each row the
  values of :meth:`sowing.Position.observation` for the viewer: his row from
  his pit 1, the opponent's row, the warana marks of those pits (+1 his, -1
  the opponent's; Sadeqa V), his and the opponent's captured seeds, 1 if he
  is to move, 1 if Andada's choice move is due.
- **info**: ``"action_mask"`` (``int8``, ``(num_envs, actions)``, 1 for the
  legal actions; returned by ``reset`` too), ``"to_play"`` (``int8``, the
  side to move), and on a step ``"final_obs"`` (``int16``, the shape of the
  observations: the last observation of each game that ended in this step)
  with ``"_final_obs"`` (``bool``, which rows of it hold one).
- **Rewards** (``float32``) for the player who moved (the agent, against an
  opponent): +1 if the step won the game, -1 if it lost it, 0 for a draw and
  before the end. ``terminated``: the game ended by the rules; ``truncated``:
  it reached ``max_plies`` plies (both sides', default 1,000). There is no
  repetition rule.
- **Auto-reset** in the same step (``AutoresetMode.SAME_STEP``): a game that
  ends is started anew at once, and its row of the returned observation and
  mask is the new game's.

The returned arrays are buffers reused from step to step (written in place
by the next ``step``): copy what you keep, or pass ``copy=True``. Endless
sowings are decided under a lap limit (default 10,000 laps, as
:mod:`sowing.pettingzoo`) so that a step never takes long. The speed is in
``docs/records/speed.md`` ("From Python") and ``python/bench/vector_bench.py``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from . import IllegalMove, Position, best_move
from ._common import DEFAULT_LAP_LIMIT, missing_extra
from ._sowing import _VectorCore

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector.utils import batch_space
    from gymnasium.vector.vector_env import AutoresetMode
except ImportError as e:
    raise missing_extra(__name__, "vector", e) from e

_INT64_MAX = np.iinfo(np.int64).max

__all__ = ["VectorEnv"]


def _whole(name: str, value: Any, low: int, high: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    value = int(value)
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise ValueError(f"{name} must be {bound}, not {value}")
    return value


class VectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games of ``variant`` (a name as :class:`sowing.Position`
    takes it, with its options: ``starter_only``, ``clockwise``,
    ``reading``, ``first``). ``opponent``: a player spec, or ``None`` for
    self-play; ``agent``: the side the caller plays against it;
    ``lap_limit`` (default 10,000; ``None``: the exact test, which can take
    minutes in rare positions); ``max_plies`` (a truncation, default 1,000;
    ``None``: none); ``threads`` (default: one per core); ``copy``: return
    copies instead of the reused buffers. Raises ``ValueError`` for an
    unknown variant, an option it does not have, a bad spec or a bad
    number, ``TypeError`` for an argument of the wrong type."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        variant: str,
        num_envs: int,
        *,
        opponent: Optional[str] = None,
        agent: str = "south",
        lap_limit: Optional[int] = DEFAULT_LAP_LIMIT,
        max_plies: Optional[int] = 1000,
        threads: Optional[int] = None,
        copy: bool = False,
        **options: Any,
    ) -> None:
        if not isinstance(variant, str):
            raise TypeError(f"variant must be a str, not {type(variant).__name__}")
        num_envs = _whole("num_envs", num_envs, 1)
        if lap_limit is not None:
            lap_limit = _whole("lap_limit", lap_limit, 1, 2**32 - 1)
        if max_plies is not None:
            max_plies = _whole("max_plies", max_plies, 1, 2**32 - 1)
        if threads is not None:
            threads = _whole("threads", threads, 1, 1024)
        if opponent is not None and not isinstance(opponent, str):
            raise TypeError(f"opponent must be a str or None, not {type(opponent).__name__}")
        if agent not in ("south", "north"):
            raise ValueError(f"agent must be 'south' or 'north', not {agent!r}")
        start = Position(variant, lap_limit=lap_limit, **options)
        if opponent is not None:
            # A bad spec is refused here, in the words of best_move.
            best_move(Position("sadeqa-ii"), opponent)
        self._core = _VectorCore(
            variant,
            num_envs,
            lap_limit=lap_limit,
            max_plies=max_plies,
            opponent=opponent,
            agent=agent,
            threads=threads,
            **options,
        )
        self.num_envs = num_envs
        self.variant = start.variant
        self.opponent = opponent
        self.agent = agent
        self.copy = bool(copy)
        self.render_mode = None
        n = start.pits_per_row
        width = self._core.obs_len
        actions = self._core.num_actions
        total = sum(sum(row) for row in start.board()) + sum(start.captured())
        low = np.zeros(width, dtype=np.int16)
        low[2 * n : 4 * n] = -1
        high = np.full(width, total, dtype=np.int16)
        high[2 * n : 4 * n] = 1
        high[-2:] = 1
        self.single_observation_space = spaces.Box(low=low, high=high, dtype=np.int16)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, width), dtype=np.int16)
        self._mask = np.zeros((num_envs, actions), dtype=np.int8)
        self._reward = np.zeros(num_envs, dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._final_obs = np.zeros((num_envs, width), dtype=np.int16)
        self._to_play = np.zeros(num_envs, dtype=np.int8)
        self._done = np.zeros(num_envs, dtype=np.bool_)
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._core.bind(
            self._actions,
            self._obs,
            self._mask,
            self._reward,
            self._terminated,
            self._truncated,
            self._final_obs,
            self._to_play,
        )
        self._started = False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts every game: ``(observations, info)`` with
        ``info["action_mask"]`` and ``info["to_play"]``. ``seed`` seeds the
        opponents (environment ``i`` from ``seed`` and ``i``) and
        ``np_random``."""
        if seed is not None:
            seed = _whole("seed", seed, 0, 2**64 - 1)
        super().reset(seed=seed)
        core_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63))
        self._core.reset(core_seed)
        self._started = True
        return self._out(self._obs), self._info(final=False)

    def step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Plays one action per environment (then the opponent's moves):
        ``(observations, rewards, terminated, truncated, info)``."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, not {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {a.shape}")
        # Into the array bound to the engine, converted on the way (the
        # engine refuses what is out of range, naming the environment); an
        # unsigned action past int64 is refused here, before it wraps.
        if a.dtype.kind == "u" and a.itemsize == 8 and a.size and a.max() > _INT64_MAX:
            i = int(np.argmax(a > _INT64_MAX))
            raise IllegalMove(
                f"environment {i}, action {int(a[i])}: actions are 0 to {self.single_action_space.n - 1}"
            )
        np.copyto(self._actions, a, casting="unsafe")
        self._core.step()
        return (
            self._out(self._obs),
            self._out(self._reward),
            self._out(self._terminated),
            self._out(self._truncated),
            self._info(final=True),
        )

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _info(self, final: bool) -> Dict[str, Any]:
        info = {"action_mask": self._out(self._mask), "to_play": self._out(self._to_play)}
        if final:
            np.logical_or(self._terminated, self._truncated, out=self._done)
            info["final_obs"] = self._out(self._final_obs)
            info["_final_obs"] = self._out(self._done)
        return info
