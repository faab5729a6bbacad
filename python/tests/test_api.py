"""The Python API: positions, games, players, the solver, and bad input."""

import copy
import pickle

import pytest

import sowing
from sowing import Game, IllegalMove, Position

ALL = sowing.variants()


def test_variants():
    assert ALL == [
        "sadeqa-v",
        "sadeqa-ii",
        "sadeqa-iii",
        "game-91",
        "andada-12",
        "andada-15",
        "andada-18",
        "andada-21",
        "andada-24",
    ]


@pytest.mark.parametrize("variant", ALL)
def test_start_positions_round_trip(variant):
    pos = Position(variant)
    assert pos.variant == variant
    assert Position.parse(str(pos)) == pos
    assert hash(Position.parse(str(pos))) == hash(pos)
    assert pos.to_move() == "south"
    assert pos.outcome() is None and not pos.is_over()
    assert pos.captured() == (0, 0)
    south, north = pos.board()
    assert len(south) == len(north) == pos.pits_per_row
    assert pos.legal_moves()
    assert repr(pos) == f"Position.parse({str(pos)!r})"


def test_the_readme_example():
    pos = Position("sadeqa-iii")
    pos, events = pos.play_traced(1)
    assert len(events) == 6
    assert pos.captured() == (8, 0)
    assert str(pos) == "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0"
    assert pos.legal_moves() == [1, 2, 3, 6, 7, 8]
    with pytest.raises(IllegalMove, match="move 4 is not legal: pit 4 is empty"):
        pos.play(4)


def test_play_returns_a_new_position():
    start = Position("game-91")
    after = start.play(8)
    assert start == Position("game-91")
    assert after != start
    assert start.play("8") == after


def test_options():
    assert Position("andada", clockwise=True).variant == "andada-12"
    assert Position("andada-15", reading="ludii").legal_moves()
    assert Position("andada", reading="empty-row").pits_per_row == 12
    assert Position("sadeqa-iii", first="north").to_move() == "north"
    assert Position("sadeqa-iii", lap_limit=10_000).lap_limit == 10_000
    assert Position("sadeqa-iii").lap_limit is None
    # Options survive parsing when given again.
    s = str(Position("sadeqa-ii", starter_only=True).play(6))
    assert Position.parse(s, starter_only=True).legal_moves() == [1, 2, 3, 4, 5, 6]
    # The string carries whose first move is still forced.
    forced = str(Position("sadeqa-ii").play(6))
    assert forced.endswith("first:N")
    assert Position.parse(forced).legal_moves() == [6]


def test_clockwise_is_the_mirror_image():
    a = Position("andada").play(1).play("S")
    b = Position("andada", clockwise=True).play(1).play("S")
    # The opening from pit 1 leaves 0,3,3,... in both directions.
    assert a.board() == b.board()
    # South's 2 (3 seeds), worked out by hand from RULES.md 2 and 6:
    # counter-clockwise S3, S4, S5 (relay 4), S6..S9 (relay 4), S10..N1
    # (empty: the move ends in North's row, no capture).
    assert a.play(2).board() == (
        (0, 0, 4, 1, 0, 4, 1, 4, 0, 1, 4, 4),
        (1, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3),
    )
    # Clockwise: S1, N12, N11 (relay 4), N10..N7 (empty: ends, no capture).
    assert b.play(2).board() == (
        (1, 0, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3),
        (0, 3, 3, 0, 3, 3, 1, 4, 4, 1, 0, 4),
    )


def test_points_and_outcome_words():
    pos = Position.parse("sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38").play(5)
    assert pos.outcome() == "draw"
    assert pos.result() == "draw (equal score) 40-40"
    assert pos.points("south") == 40 and pos.points("N") == 40
    assert Position("andada").points("south") is None


def test_events_are_dicts():
    pos, events = Position("sadeqa-v").play_traced(1)
    assert all(isinstance(e, dict) and "type" in e for e in events)
    lap = events[0]
    assert lap["type"] == "lap"
    assert lap["origin"] == ("south", 1)
    assert lap["seeds"] == 4


def test_game_record_undo_and_repetition():
    game = Game.from_record("sadeqa-iii", "1/3")
    assert game.record == "1/3"
    assert game.moves == [1, 3]
    assert game.ply == len(game) == 2
    assert game.undo() == 3
    assert game.record == "1"
    game.play(3)
    assert game.record == "1/3"
    assert game.start == Position("sadeqa-iii")
    assert game.position == Position("sadeqa-iii").play(1).play(3)
    assert Game("sadeqa-iii").undo() is None


def test_game_from_record_with_a_choice_move():
    game = Game.from_record("andada", "1/S/2")
    assert game.moves == [1, "S", 2]
    assert game.record == "1/S/2"


def test_repetition_draw():
    # Two lone seeds chasing each other round an Andada board never end:
    # the third occurrence of a position is a draw by repetition.
    row = lambda pits: ",".join(str(pits.get(i, 0)) for i in range(1, 13))
    start = Position.parse(f"andada-12 {row({1: 1})}/{row({1: 1})} S 0-0 play")
    game = Game(start)
    while not game.is_over():
        game.play(game.legal_moves[0])
        assert game.ply < 200
    assert game.outcome() in ("south", "north", "draw")
    off = Game(start, repetition=None, ply_limit=50)
    while not off.is_over():
        off.play(off.legal_moves[0])
    assert off.ply <= 50


def test_repetition_with_a_handmade_cycle():
    game = Game("sadeqa-iii", repetition=2)
    assert game.occurrences == 1
    assert game.outcome() is None


def test_game_bad_input():
    with pytest.raises(ValueError, match="record"):
        Game.from_record("sadeqa-iii", "1/x")
    with pytest.raises(IllegalMove, match="ply 2"):
        Game.from_record("sadeqa-iii", "1/4")
    with pytest.raises(ValueError):
        Game("sadeqa-iii", repetition=1)
    with pytest.raises(ValueError):
        Game("sadeqa-iii", ply_limit=0)
    with pytest.raises(ValueError, match="not with a Position"):
        Game(Position("sadeqa-iii"), clockwise=True)
    with pytest.raises(TypeError, match="start must be"):
        Game(42)
    game = Game("sadeqa-iii")
    with pytest.raises(IllegalMove):
        game.play(9)
    assert game.ply == 0


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "sadeqa-iii",
        "chess 1,2/3,4 S 0-0",
        "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6 S 0-0",
        "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 X 0-0",
        "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0",
        "sadeqa-iii 99,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0",
        "sadeqa-iii 6,6,6,6,6,6,6,6w/6,6,6,6,6,6,6,6 S 0-0",
        "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0 extra",
        "sadeqa-iii \u00e9,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0",
    ],
)
def test_malformed_position_strings(bad):
    with pytest.raises(ValueError, match="bad position"):
        Position.parse(bad)


def test_bad_constructor_input():
    with pytest.raises(ValueError, match="unknown variant"):
        Position("chess")
    with pytest.raises(ValueError, match="starter_only applies to sadeqa-ii"):
        Position("sadeqa-iii", starter_only=True)
    with pytest.raises(ValueError, match="clockwise applies to Andada"):
        Position("sadeqa-v", clockwise=False)
    with pytest.raises(ValueError, match="reading applies to Andada"):
        Position("game-91", reading="ludii")
    with pytest.raises(ValueError, match="unknown reading"):
        Position("andada", reading="wikipedia")
    with pytest.raises(ValueError, match="unknown player"):
        Position("andada", first="east")
    with pytest.raises(ValueError, match="lap_limit"):
        Position("andada", lap_limit=0)
    with pytest.raises(ValueError, match="lap_limit"):
        Position("andada", lap_limit=-5)
    with pytest.raises(ValueError, match="starter_only applies"):
        Position.parse(str(Position("game-91")), starter_only=True)
    with pytest.raises(TypeError):
        Position()


@pytest.mark.parametrize("move", [0, -1, 9, 2**70, "0", "x", "S", ""])
def test_bad_moves(move):
    pos = Position("sadeqa-iii")
    with pytest.raises(ValueError):
        pos.play(move)
    assert not pos.is_legal(move)


@pytest.mark.parametrize("move", [1.5, None, True, [1], b"1"])
def test_moves_of_a_wrong_type(move):
    pos = Position("sadeqa-iii")
    with pytest.raises(TypeError, match="^move must be a pit number"):
        pos.play(move)
    # is_legal answers for anything: what is not a move is not legal.
    assert not pos.is_legal(move)


def test_illegal_move_is_a_value_error_with_the_engines_words():
    assert issubclass(IllegalMove, ValueError)
    with pytest.raises(IllegalMove, match="there is no pit 9: pits are numbered 1 to 8"):
        Position("sadeqa-iii").play(9)
    over = Position.parse("sadeqa-ii 0,0,0,0,1,0/0,0,0,0,0,0 N 18-17")
    with pytest.raises(IllegalMove, match="game is over"):
        over.play(1)
    assert over.legal_moves() == []


def test_copies_and_pickles():
    pos = Position("sadeqa-iii").play(1)
    assert copy.copy(pos) == pos
    assert copy.deepcopy(pos) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos
    # The options and the lap limit come back too.
    a = Position("andada-15", clockwise=True, reading="ludii", lap_limit=500)
    b = pickle.loads(pickle.dumps(a))
    assert b == a and b.lap_limit == 500
    assert b.play(3).board() == a.play(3).board()
    s = Position("sadeqa-ii", starter_only=True).play(6)
    assert pickle.loads(pickle.dumps(s)).legal_moves() == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("spec", ["random", "greedy", "alphabeta:2", "alphabeta:0.05s", "ab:1000nodes", "mcts:50", "mcts:20ms"])
def test_best_move_specs(spec):
    pos = Position("sadeqa-iii")
    mv = sowing.best_move(pos, spec, seed=3)
    assert mv in pos.legal_moves()


def test_best_move_finds_the_win():
    # RULES.md-checked in the crate's docs: South wins with his pit 5 only.
    pos = Position.parse("sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14")
    assert sowing.best_move(pos, "alphabeta:6") == 5
    over = Position.parse("sadeqa-ii 0,0,0,0,1,0/0,0,0,0,0,0 N 18-17")
    assert sowing.best_move(over, "random") is None


@pytest.mark.parametrize("spec", ["minimax", "alphabeta:0", "alphabeta:99", "mcts:0", "random:3", "mcts:-1s", ""])
def test_bad_specs(spec):
    with pytest.raises(ValueError):
        sowing.best_move(Position("sadeqa-iii"), spec)


def test_analyse():
    pos = Position.parse("sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14")
    values = sowing.analyse(pos, depth=6)
    assert sorted(v["move"] for v in values) == sorted(pos.legal_moves())
    best = values[0]
    assert best["move"] == 5 and best["win"]
    assert best["value"] == "win in 5 plies"
    assert best["plies_to_end"] == 5
    assert [v["score"] for v in values] == sorted((v["score"] for v in values), reverse=True)
    assert sowing.analyse(Position("sadeqa-iii"), time=0.05)
    with pytest.raises(ValueError):
        sowing.analyse(pos, depth=0)
    with pytest.raises(ValueError):
        sowing.analyse(pos, depth=3, time=1.0)
    with pytest.raises(ValueError):
        sowing.analyse(pos, time=float("nan"))


def test_solve():
    pos = Position.parse("sadeqa-ii 0,0,1,2,1,0/0,1,0,0,0,3 S 14-14")
    s = sowing.solve(pos, table_bits=16)
    assert s["verdict"] == "win" and s["winner"] == "south"
    assert s["nodes"] > 0 and s["seconds"] >= 0
    # Sadeqa II is solved (docs/SOLVED.md): the first player wins; under the
    # starter-only reading the second.
    start = sowing.solve(Position("sadeqa-ii"))
    assert start["verdict"] == "win" and start["winner"] == "south"
    other = sowing.solve(Position("sadeqa-ii", starter_only=True))
    assert other["verdict"] == "loss" and other["winner"] == "north"
    unknown = sowing.solve(Position("sadeqa-iii"), nodes=5000, table_bits=16)
    assert unknown["verdict"] == "unknown" and unknown["winner"] is None
    with pytest.raises(ValueError):
        sowing.solve(pos, nodes=0)
    with pytest.raises(ValueError):
        sowing.solve(pos, time=-1.0)
    with pytest.raises(ValueError):
        sowing.solve(pos, table_bits=40)


def test_actions_and_observations():
    pos = Position("andada")
    assert pos.num_actions == 14
    assert pos.move_to_action(1) == 0
    assert pos.move_to_action("S") == 12 and pos.move_to_action("N") == 13
    assert pos.action_to_move(13) == "N" and pos.action_to_move(11) == 12
    with pytest.raises(ValueError):
        pos.action_to_move(14)
    with pytest.raises(IllegalMove):
        pos.move_to_action(13)
    choice = pos.play(1)
    assert choice.action_mask() == [0] * 12 + [1, 1]
    obs = choice.observation()
    assert len(obs) == 4 * 12 + 4
    assert obs[-1] == 1.0  # the choice move is due
    assert obs[-2] == 1.0  # the viewer (North) is to move
    south_view = choice.observation("south")
    assert south_view[:12] == list(map(float, choice.board()[0]))
    assert south_view[12:24] == list(map(float, choice.board()[1]))
    assert south_view[-2] == 0.0
    v = Position.parse("sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38")
    o = v.observation("south")
    assert o[20 + 5] == -1.0  # S6 is North's warana: the opponent's
    assert v.observation("north")[30 + 5] == 1.0
    assert Position("sadeqa-iii").num_actions == 8
