"""A PettingZoo AEC environment for each of the games.

    >>> from sowing.pettingzoo import env
    >>> e = env("sadeqa-iii")
    >>> e.reset(seed=1)
    >>> for agent in e.agent_iter():
    ...     obs, reward, termination, truncation, info = e.last()
    ...     action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
    ...     e.step(action)

Agents are ``"south"`` and ``"north"``; the agent to act is the side to move
(after a bonus move in Sadeqa V, or a pass, the same agent acts again).
Actions: ``k - 1`` sows pit ``k`` (the mover's own numbering); in Andada,
``n`` and ``n + 1`` are the choice moves ``"S"`` and ``"N"``. The observation
is a dict: ``"observation"``, the float32 vector of
:meth:`sowing.Position.observation` seen by the agent, and
``"action_mask"``, int8, 1 for the legal actions (all 0 for the agent not
to move). Rewards are +1 to the winner and -1 to the loser when the game
ends, 0 for a draw and before the end. A game ends by the rules, by the
repetition rule (a draw on the third occurrence of a position) or, as a
truncation, after ``max_plies`` plies.

Endless sowings are decided under a lap limit (default 10,000 laps, which
refuses no sowing seen in random play) so that a step never takes long;
``lap_limit=None`` asks for the exact test.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from . import Game, Position
from ._common import DEFAULT_LAP_LIMIT, board_text, missing_extra

# The extra's own package first, so that a bare install is told of it,
# not of numpy.
try:
    from pettingzoo import AECEnv

    import numpy as np
    from gymnasium import spaces
except ImportError as e:
    raise missing_extra(__name__, "pettingzoo", e) from e

__all__ = ["env", "raw_env"]


def env(variant: str = "sadeqa-iii", **kwargs: Any) -> "raw_env":
    """The AEC environment of ``variant`` (see :class:`raw_env` for the
    keyword arguments)."""
    return raw_env(variant, **kwargs)


class raw_env(AECEnv):
    """The AEC environment of one game.

    ``variant`` and the rule options (``starter_only``, ``clockwise``,
    ``reading``, ``first``) are those of :class:`sowing.Position`;
    ``lap_limit`` defaults to 10,000 laps; ``repetition`` is the occurrence
    of a position that draws (3; ``None``: no repetition rule);
    ``max_plies`` truncates a game (default 1,000 plies). ``render_mode``:
    ``"ansi"`` (``render()`` returns the board as text), ``"human"`` (it
    prints it) or ``None``.
    A step costs a few microseconds of engine time.
    """

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "sowing_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "sadeqa-iii",
        *,
        render_mode: Optional[str] = None,
        lap_limit: Optional[int] = DEFAULT_LAP_LIMIT,
        repetition: Optional[int] = 3,
        max_plies: Optional[int] = 1000,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        self._start = Position(variant, lap_limit=lap_limit, **options)
        self._repetition = repetition
        self._max_plies = max_plies
        self.variant = self._start.variant
        self.metadata = dict(self.metadata, name=f"sowing_{self.variant.replace('-', '_')}_v0")
        n = self._start.pits_per_row
        total = sum(sum(row) for row in self._start.board()) + sum(self._start.captured())
        obs_len = len(self._start.observation())
        self._num_actions = self._start.num_actions
        self.possible_agents = ["south", "north"]
        self.agents = self.possible_agents[:]
        low = np.zeros(obs_len, dtype=np.float32)
        low[2 * n : 4 * n] = -1.0
        high = np.full(obs_len, float(total), dtype=np.float32)
        high[2 * n : 4 * n] = 1.0
        high[-2:] = 1.0
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self._num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self._game = Game(self._start, repetition=repetition)
        self._reset_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def position(self) -> Position:
        """The current position."""
        return self._game.position

    @property
    def game(self) -> Game:
        """The game so far (a copy's worth: do not play on it)."""
        return self._game

    def _reset_state(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._game.position.to_move()

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game (the games are deterministic: ``seed`` only
        seeds the action spaces' sampling)."""
        if seed is not None:
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
        self._game = Game(self._start, repetition=self._repetition)
        self._reset_state()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        pos = self._game.position
        obs = np.asarray(pos.observation(agent), dtype=np.float32)
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if agent == self.agent_selection and not self._game.is_over():
            for mv in self._game.legal_moves:
                mask[pos.move_to_action(mv)] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        pos = self._game.position
        if action is None:
            raise ValueError(f"{agent} is to move and must give an action")
        mv = pos.action_to_move(int(action))
        self._game.play(mv)  # IllegalMove if the mask forbids it
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        outcome = self._game.outcome()
        if self._game.is_over():
            if outcome in ("south", "north"):
                loser = "north" if outcome == "south" else "south"
                self.rewards[outcome] = 1
                self.rewards[loser] = -1
            self.terminations = {a: True for a in self.agents}
            for a in self.agents:
                self.infos[a] = {"result": self._game.result()}
        elif self._max_plies is not None and self._game.ply >= self._max_plies:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = self._game.position.to_move()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The board as text (``render_mode="ansi"``; ``"human"`` prints
        it): North's row above, from his pit n down to pit 1, South's below,
        then the position string."""
        if self.render_mode is None:
            return None
        text = board_text(self._game.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

