"""Type stubs of the compiled extension `sowing._sowing` (see the
docstrings of the real objects for what each call costs)."""

import os
from typing import Any, Callable, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union

Move = Union[int, str]
"""A pit number of the mover's row (1 to n), or Andada's choice move
``"S"``/``"N"``. Strings of digits are read as pit numbers."""

Side = Literal["south", "north"]
Outcome = Optional[Literal["south", "north", "draw"]]

PLAYOUT_LAP_LIMIT: int
PLAYOUT_MAX_PLIES: int

class IllegalMove(ValueError):
    """A move that cannot be played here; the message is the engine's
    reason (``"move 4 is not legal: pit 4 is empty"``).

    Throughout the package an argument of the wrong type raises
    ``TypeError`` naming it (``"variant must be a str, not int"``), a value
    out of range or malformed ``ValueError``, a move that cannot be played
    ``IllegalMove``."""

class Position:
    """An immutable position of one of the games."""

    def __init__(
        self,
        variant: str,
        *,
        starter_only: Optional[bool] = None,
        clockwise: Optional[bool] = None,
        reading: Optional[str] = None,
        first: str = "south",
        lap_limit: Optional[int] = None,
    ) -> None: ...
    @staticmethod
    def parse(
        s: str,
        *,
        starter_only: Optional[bool] = None,
        clockwise: Optional[bool] = None,
        reading: Optional[str] = None,
        lap_limit: Optional[int] = None,
    ) -> Position: ...
    @property
    def variant(self) -> str: ...
    @property
    def pits_per_row(self) -> int: ...
    @property
    def lap_limit(self) -> Optional[int]: ...
    @property
    def num_actions(self) -> int: ...
    def legal_moves(self) -> List[Move]: ...
    def is_legal(self, move: Any) -> bool: ...
    def play(self, move: Move) -> Position: ...
    def play_traced(self, move: Move) -> Tuple[Position, List[Dict[str, Any]]]: ...
    def is_over(self) -> bool: ...
    def outcome(self) -> Outcome: ...
    def result(self) -> str: ...
    def points(self, player: str) -> Optional[int]: ...
    def board(self) -> Tuple[Tuple[int, ...], Tuple[int, ...]]: ...
    def to_move(self) -> Side: ...
    def captured(self) -> Tuple[int, int]: ...
    def warana_owner(self, player: str, pit: int) -> Optional[Side]: ...
    def move_to_action(self, move: Move) -> int: ...
    def action_to_move(self, action: int) -> Move: ...
    def action_mask(self) -> List[int]: ...
    def observation(self, player: Optional[str] = None) -> List[float]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: Any) -> Position: ...

class Game:
    """A game: a start, the moves played, undo, the repetition rule."""

    def __init__(
        self,
        start: Union[str, Position],
        *,
        starter_only: Optional[bool] = None,
        clockwise: Optional[bool] = None,
        reading: Optional[str] = None,
        first: Optional[str] = None,
        lap_limit: Optional[int] = None,
        repetition: Optional[int] = 3,
        ply_limit: Optional[int] = None,
    ) -> None: ...
    @staticmethod
    def from_record(
        start: Union[str, Position],
        record: str,
        *,
        starter_only: Optional[bool] = None,
        clockwise: Optional[bool] = None,
        reading: Optional[str] = None,
        first: Optional[str] = None,
        lap_limit: Optional[int] = None,
        repetition: Optional[int] = 3,
        ply_limit: Optional[int] = None,
    ) -> Game: ...
    def play_record(self, record: str) -> None: ...
    @property
    def position(self) -> Position: ...
    @property
    def start(self) -> Position: ...
    @property
    def moves(self) -> List[Move]: ...
    @property
    def record(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def occurrences(self) -> int: ...
    @property
    def legal_moves(self) -> List[Move]: ...
    def play(self, move: Move) -> None: ...
    def undo(self) -> Optional[Move]: ...
    def is_over(self) -> bool: ...
    def outcome(self) -> Outcome: ...
    def result(self) -> str: ...
    def __len__(self) -> int: ...

def best_move(position: Position, player: str = "alphabeta", *, seed: int = 0) -> Optional[Move]: ...
def best_moves(
    positions: Iterable[Position],
    player: str = "alphabeta",
    *,
    seed: int = 0,
    threads: Optional[int] = None,
) -> List[Optional[Move]]: ...

class Tablebase:
    """Endgame databases of one game: every position with at most
    ``max_seeds`` seeds on the board, valued under perfect play."""

    @staticmethod
    def build(
        variant: str,
        max_seeds: int,
        dir: Union[str, "os.PathLike[str]"],
        *,
        progress: Optional[Callable[[Dict[str, int]], Any]] = None,
        progress_every: float = 0.5,
        threads: Optional[int] = None,
        starter_only: Optional[bool] = None,
        clockwise: Optional[bool] = None,
        reading: Optional[str] = None,
    ) -> Tablebase: ...
    @staticmethod
    def open(
        dir: Union[str, "os.PathLike[str]"],
        variant: Optional[str] = None,
        *,
        starter_only: Optional[bool] = None,
        clockwise: Optional[bool] = None,
        reading: Optional[str] = None,
    ) -> Tablebase: ...
    @property
    def variant(self) -> str: ...
    @property
    def max_seeds(self) -> int: ...
    @property
    def dir(self) -> str: ...
    @property
    def report(self) -> Optional[List[Dict[str, Any]]]: ...
    def probe(self, position: Union[Position, str]) -> Optional[Dict[str, Any]]: ...
    def move_values(self, position: Union[Position, str]) -> Optional[List[Dict[str, Any]]]: ...
    def probe_many(self, positions: Iterable[Union[Position, str]], *, threads: Optional[int] = None) -> Any: ...

def analyse(
    position: Position,
    *,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    table_bits: int = 18,
) -> List[Dict[str, Any]]: ...
def solve(
    position: Position,
    *,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    table_bits: int = 20,
) -> Dict[str, Any]: ...
def variants() -> List[str]: ...
def _playouts(start: Position, n: int, seed: int, threads: int) -> bytes: ...
def _observations(
    positions: Iterable[Position], players: Optional[Sequence[str]] = None
) -> Tuple[bytes, int, int]: ...

class _VectorCore:
    """The engine of ``sowing.vector.VectorEnv`` (private: use that class)."""

    def __init__(
        self,
        variant: str,
        num_envs: int,
        *,
        starter_only: Optional[bool] = None,
        clockwise: Optional[bool] = None,
        reading: Optional[str] = None,
        first: str = "south",
        lap_limit: Optional[int] = None,
        max_plies: Optional[int] = None,
        opponent: Optional[str] = None,
        agent: str = "south",
        threads: Optional[int] = None,
    ) -> None: ...
    @property
    def obs_len(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    def bind(
        self,
        actions: Any,
        obs: Any,
        mask: Any,
        reward: Any,
        terminated: Any,
        truncated: Any,
        final_obs: Any,
        to_play: Any,
    ) -> None: ...
    def reset(self, seed: int) -> None: ...
    def step(self) -> None: ...
