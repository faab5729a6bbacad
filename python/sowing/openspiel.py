"""The games as OpenSpiel (``pyspiel``) Python games.

    >>> import pyspiel
    >>> import sowing.openspiel
    >>> sowing.openspiel.register()
    >>> game = pyspiel.load_game("sowing_sadeqa_iii")
    >>> state = game.new_initial_state()
    >>> state.legal_actions()
    [0, 1, 2, 3, 4, 5, 6, 7]

:func:`register` registers one game per built-in variant:
``sowing_sadeqa_v``, ``sowing_sadeqa_ii``, ``sowing_sadeqa_iii``,
``sowing_game_91``, ``sowing_andada_12``, ``sowing_andada_15``,
``sowing_andada_18``, ``sowing_andada_21`` and ``sowing_andada_24``. Player
0 is South, 1 is North; the actions are those of :mod:`sowing.pettingzoo`
(action ``k - 1`` sows pit ``k``; Andada's choice moves ``S`` and ``N`` are
``n`` and ``n + 1``). Returns are +1/-1 for a win and 0 for a draw, at the
end. After a bonus move (Sadeqa V) or a pass the same player moves again.

Parameters (``pyspiel.load_game("sowing_sadeqa_ii", {"starter_only":
True})``): ``lap_limit`` (default 10,000 laps; 0 for the exact
endless-sowing test), ``max_plies`` (default 1,000: the game is then a
draw; OpenSpiel's games need a bounded length), and the variant's rule
options: ``starter_only`` for Sadeqa II, ``clockwise`` and ``reading`` for
Andada. There is no repetition rule here (the ply limit bounds a game).

A state holds an immutable :class:`sowing.Position`, so ``clone`` costs a
Python object and ``apply_action`` a few microseconds of engine time.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from . import Position, variants
from ._common import DEFAULT_LAP_LIMIT, missing_extra

# The extra's own package first, so that a bare install is told of it,
# not of numpy.
try:
    import pyspiel

    import numpy as np
except ImportError as e:
    raise missing_extra(__name__, "openspiel", e) from e

__all__ = ["register", "game_names"]

_registered = False


def game_names() -> List[str]:
    """The names :func:`register` registers, one per built-in variant."""
    return ["sowing_" + v.replace("-", "_") for v in variants()]


def _params(variant: str) -> Dict[str, Any]:
    params: Dict[str, Any] = {"lap_limit": DEFAULT_LAP_LIMIT, "max_plies": 1_000}
    if variant == "sadeqa-ii":
        params["starter_only"] = False
    if variant.startswith("andada"):
        params["clockwise"] = False
        params["reading"] = "pankhurst"
    return params


def _game_type(variant: str) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name="sowing_" + variant.replace("-", "_"),
        long_name=f"sowing {variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_params(variant),
    )


def _make_game_class(variant: str) -> type:
    game_type = _game_type(variant)
    defaults = _params(variant)

    class SowingGame(pyspiel.Game):
        __doc__ = f"The sowing game {variant} for OpenSpiel."

        def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
            p = dict(defaults)
            p.update(params or {})
            unknown = set(p) - set(defaults)
            if unknown:
                raise ValueError(f"unknown parameters for {variant}: {sorted(unknown)}")
            lap_limit = int(p["lap_limit"])
            options: Dict[str, Any] = {}
            if "starter_only" in p:
                options["starter_only"] = bool(p["starter_only"])
            if "clockwise" in p:
                options["clockwise"] = bool(p["clockwise"])
                options["reading"] = str(p["reading"])
            self.start = Position(variant, lap_limit=lap_limit or None, **options)
            self.max_plies = int(p["max_plies"])
            if self.max_plies < 1:
                raise ValueError(f"max_plies must be 1 at least, not {self.max_plies}")
            info = pyspiel.GameInfo(
                num_distinct_actions=self.start.num_actions,
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=self.max_plies,
            )
            super().__init__(game_type, info, p)

        def new_initial_state(self) -> "SowingState":
            return SowingState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "_Observer":
            return _Observer(self.start, params)

    SowingGame.__name__ = "SowingGame_" + variant.replace("-", "_")
    return SowingGame


class SowingState(pyspiel.State):
    """A state: a :class:`sowing.Position` and the ply count."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.pos: Position = game.start
        self.plies = 0
        self._max_plies = game.max_plies

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return 0 if self.pos.to_move() == "south" else 1

    def _legal_actions(self, player: int) -> List[int]:
        pos = self.pos
        return sorted(pos.move_to_action(m) for m in pos.legal_moves())

    def _apply_action(self, action: int) -> None:
        self.pos = self.pos.play(self.pos.action_to_move(action))
        self.plies += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.pos.action_to_move(action))

    def is_terminal(self) -> bool:
        return self.pos.is_over() or self.plies >= self._max_plies

    def returns(self) -> List[float]:
        outcome = self.pos.outcome()
        if outcome == "south":
            return [1.0, -1.0]
        if outcome == "north":
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def __str__(self) -> str:
        return str(self.pos)


class _Observer:
    """The observation of :meth:`sowing.Position.observation` as OpenSpiel's
    PyObserver: ``tensor`` (float32) and ``dict``."""

    def __init__(self, start: Position, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(len(start.observation()), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SowingState, player: int) -> None:
        self.tensor[:] = state.pos.observation("south" if player == 0 else "north")

    def string_from(self, state: SowingState, player: int) -> str:
        return str(state.pos)


def register() -> None:
    """Registers the games with ``pyspiel`` (once; later calls do nothing)."""
    global _registered
    if _registered:
        return
    for variant in variants():
        pyspiel.register_game(_game_type(variant), _make_game_class(variant))
    _registered = True
