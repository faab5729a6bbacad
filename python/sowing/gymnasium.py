"""A Gymnasium environment: one of the games against a built-in player.

    >>> from sowing.gymnasium import SingleAgentEnv
    >>> env = SingleAgentEnv("sadeqa-iii", opponent="alphabeta:4")
    >>> obs, info = env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The agent plays ``agent`` (``"south"`` by default) and the built-in player
(any spec of :func:`sowing.best_move`) the other side; the opponent's moves
are made inside ``reset`` and ``step``, so every observation is one where
the agent is to move (or the game is over). Actions and observations are
those of :mod:`sowing.pettingzoo` (the observation is the float32 vector;
the legal actions are ``info["action_mask"]``). Reward: +1 for a win, -1
for a loss, 0 for a draw and before the end. An illegal action ends the
episode with reward -1 (``info["illegal_action"]`` is true), so that a
policy learns the mask.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from . import Game, Position, best_move
from ._common import DEFAULT_LAP_LIMIT, board_text, missing_extra

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
except ImportError as e:
    raise missing_extra(__name__, "gymnasium", e) from e

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gym.Env):
    """``variant`` against ``opponent`` (a player spec: ``"random"``,
    ``"greedy"``, ``"alphabeta:4"``, ``"mcts:200"``, ...). The rule options
    are those of :class:`sowing.Position`; ``lap_limit`` (10,000 laps),
    ``repetition`` and ``max_plies`` (a truncation) as in
    :mod:`sowing.pettingzoo`. A step costs the opponent's move (depth 4:
    about a millisecond) plus microseconds."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        variant: str = "sadeqa-iii",
        opponent: str = "alphabeta:4",
        *,
        agent: str = "south",
        render_mode: Optional[str] = None,
        lap_limit: Optional[int] = DEFAULT_LAP_LIMIT,
        repetition: Optional[int] = 3,
        max_plies: Optional[int] = 1000,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if agent not in ("south", "north"):
            raise ValueError(f"agent must be 'south' or 'north', not {agent!r}")
        self.render_mode = render_mode
        self.agent = agent
        self.opponent = opponent
        self._start = Position(variant, lap_limit=lap_limit, **options)
        # A bad spec is refused now, not at the first move.
        best_move(Position("sadeqa-ii"), opponent)
        self._repetition = repetition
        self._max_plies = max_plies
        n = self._start.pits_per_row
        total = sum(sum(row) for row in self._start.board()) + sum(self._start.captured())
        obs_len = len(self._start.observation())
        low = np.zeros(obs_len, dtype=np.float32)
        low[2 * n : 4 * n] = -1.0
        high = np.full(obs_len, float(total), dtype=np.float32)
        high[2 * n : 4 * n] = 1.0
        high[-2:] = 1.0
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self._start.num_actions)
        self._game = Game(self._start, repetition=repetition)
        self._opponent_seed = 0
        self._done = True

    @property
    def position(self) -> Position:
        """The current position."""
        return self._game.position

    def _obs(self) -> np.ndarray:
        return np.asarray(self._game.position.observation(self.agent), dtype=np.float32)

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.action_space.n, dtype=np.int8)
        if not self._game.is_over():
            pos = self._game.position
            for mv in self._game.legal_moves:
                mask[pos.move_to_action(mv)] = 1
        return mask

    def _info(self, **extra: Any) -> Dict[str, Any]:
        info: Dict[str, Any] = {"action_mask": self._mask()}
        if self._game.is_over():
            info["result"] = self._game.result()
        info.update(extra)
        return info

    def _truncated(self) -> bool:
        return self._max_plies is not None and self._game.ply >= self._max_plies

    def _opponent_moves(self) -> None:
        while (
            not self._game.is_over()
            and not self._truncated()
            and self._game.position.to_move() != self.agent
        ):
            self._opponent_seed += 1
            mv = best_move(self._game.position, self.opponent, seed=self._opponent_seed)
            if mv is None:  # pragma: no cover - an ongoing game has a move
                break
            self._game.play(mv)

    def _reward(self) -> float:
        outcome = self._game.outcome()
        if outcome == self.agent:
            return 1.0
        if outcome in ("south", "north"):
            return -1.0
        return 0.0

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        self._opponent_seed = int(self.np_random.integers(0, 2**62))
        self._game = Game(self._start, repetition=self._repetition)
        self._done = False
        self._opponent_moves()
        return self._obs(), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if self._done or self._game.is_over() or self._truncated():
            raise RuntimeError("the episode is over: call reset()")
        pos = self._game.position
        a = int(action)
        if not 0 <= a < self.action_space.n or not pos.is_legal(pos.action_to_move(a)):
            self._done = True
            return self._obs(), -1.0, True, False, self._info(illegal_action=True)
        self._game.play(pos.action_to_move(a))
        self._opponent_moves()
        terminated = self._game.is_over()
        truncated = not terminated and self._truncated()
        return self._obs(), self._reward(), terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = board_text(self._game.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text
