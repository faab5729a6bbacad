"""Errors in Python's terms (issue 30, section 4): a wrong type is a
TypeError naming the argument, a value out of range a ValueError, a move
that cannot be played IllegalMove; messages say each thing once; the
package's namespace holds its own names only; Game's parts are
properties."""

import pathlib
import re

import pytest

import sowing
from sowing import Game, IllegalMove, Position


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: Position(3), "variant must be a str, not int"),
        (lambda: Position(None), "variant must be a str, not NoneType"),
        (lambda: Position(b"sadeqa-iii"), "variant must be a str, not bytes"),
        (lambda: Position("andada", clockwise=1), "clockwise must be a bool, not int"),
        (lambda: Position("sadeqa-ii", starter_only="yes"), "starter_only must be a bool, not str"),
        (lambda: Position("andada", reading=3), "reading must be a str, not int"),
        (lambda: Position("andada", first=0), "first must be a str, not int"),
        (lambda: Position("andada", lap_limit=1.5), "lap_limit must be an int, not float"),
        (lambda: Position.parse(7), "s must be a str, not int"),
        (lambda: Position("sadeqa-iii").play(None), "move must be a pit number"),
        (lambda: Position("sadeqa-iii").play(1.5), "move must be a pit number"),
        (lambda: Position("sadeqa-iii").play(True), "move must be a pit number"),
        (lambda: Position("sadeqa-iii").points(1), "player must be a str, not int"),
        (lambda: Position("sadeqa-v").warana_owner("south", "1"), "pit must be an int, not str"),
        (lambda: Position("sadeqa-v").warana_owner(None, 1), "player must be a str, not NoneType"),
        (lambda: Position("andada").action_to_move("1"), "action must be an int, not str"),
        (lambda: Position("andada").observation(0), "player must be a str, not int"),
        (lambda: Game(42), "start must be a variant name"),
        (lambda: Game("sadeqa-iii", repetition="3"), "repetition must be an int, not str"),
        (lambda: Game("sadeqa-iii", ply_limit=2.0), "ply_limit must be an int, not float"),
        (lambda: Game.from_record("sadeqa-iii", 12), "record must be a str, not int"),
        (lambda: Game("sadeqa-iii").play(None), "move must be a pit number"),
        (lambda: sowing.best_move("sadeqa-iii"), "position must be a sowing.Position, not str"),
        (lambda: sowing.best_move(Position("sadeqa-iii"), 4), "player must be a str, not int"),
        (lambda: sowing.best_move(Position("sadeqa-iii"), seed=0.5), "seed must be an int, not float"),
        (lambda: sowing.analyse(Position("sadeqa-iii"), depth="2"), "depth must be an int, not str"),
        (lambda: sowing.analyse(Position("sadeqa-iii"), time="1s"), "time must be a number, not str"),
        (lambda: sowing.solve(None), "position must be a sowing.Position, not NoneType"),
        (lambda: sowing.solve(Position("sadeqa-ii"), nodes=1.0), "nodes must be an int, not float"),
        (lambda: sowing.playouts(5, 1), "start must be a variant name"),
        (lambda: sowing.playouts("game-91", 1.0), "n must be an int, not float"),
        (lambda: sowing.playouts("game-91", 1, threads=None), "threads must be an int, not NoneType"),
        (lambda: sowing.observations([1]), "each of positions must be a sowing.Position, not int"),
        (lambda: sowing.observations([Position("andada")], [1]), "each of players must be a str, not int"),
    ],
)
def test_a_wrong_type_is_a_type_error_naming_the_argument(call, message):
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value).startswith(message)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: Position("sadeqa-v").warana_owner("south", 99), "pit must be from 1 to 10, not 99"),
        (lambda: Position("sadeqa-v").warana_owner("south", 0), "pit must be from 1 to 10, not 0"),
        (lambda: Position("sadeqa-v").warana_owner("south", 2**70), "pit is out of range"),
        (lambda: Position("sadeqa-v").warana_owner("east", 1), "unknown player"),
        (lambda: Position("andada").action_to_move(-1), "action -1 is out of range"),
        (lambda: Position("andada").action_to_move(2**64), "action is out of range"),
        (lambda: Position("andada", lap_limit=2**64), "lap_limit is out of range"),
        (lambda: Position("andada", lap_limit=0), "lap_limit must be from 1"),
        (lambda: Game("sadeqa-iii", repetition=1), "repetition is the occurrence"),
        (lambda: sowing.best_move(Position("sadeqa-iii"), seed=-1), "seed must be 0 or more"),
        (lambda: sowing.analyse(Position("sadeqa-iii"), table_bits=99), "table_bits must be from 10 to 26"),
        (lambda: sowing.solve(Position("sadeqa-iii"), time=float("inf")), "time must be"),
        (lambda: sowing.playouts("game-91", -1), "n must be from 0"),
        (lambda: sowing.playouts("game-91", 1, seed=2**64), "seed must be from 0 to"),
    ],
)
def test_a_value_out_of_range_is_a_value_error(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert not isinstance(e.value, IllegalMove)
    assert str(e.value).startswith(message)


def test_an_illegal_move_is_illegal_move():
    pos = Position("sadeqa-iii").play(1)
    with pytest.raises(IllegalMove, match="^move 4 is not legal: pit 4 is empty$"):
        pos.play(4)
    with pytest.raises(IllegalMove, match="there is no pit 9"):
        pos.play(9)
    with pytest.raises(IllegalMove):
        Game.from_record("sadeqa-iii", "1/4")


@pytest.mark.parametrize(
    "call, quoted",
    [
        (lambda: Position("sadeqa-iii").play("q"), '"q"'),
        (lambda: Position("sadeqa-iii").play("x"), '"x"'),
        (lambda: Position("andada").play("q3"), '"q3"'),
        (lambda: Position.parse("sadeqa-iii 1,2"), '"sadeqa-iii 1,2"'),
        (lambda: Position.parse("chess 1,2/3,4 S 0-0"), '"chess 1,2'),
        (lambda: Game.from_record("sadeqa-iii", "1/x"), '"x"'),
        (lambda: Position("chess"), '"chess"'),
    ],
)
def test_messages_say_each_thing_once(call, quoted):
    with pytest.raises(ValueError) as e:
        call()
    text = str(e.value)
    assert text.count(quoted) == 1, text
    # No prefix repeated: "bad move "n": malformed move "n": ..." was.
    words = re.findall(r"[a-z]+ (?:move|position|record|variant)\b", text)
    assert len(words) == len(set(words)), text


def test_the_namespace_holds_the_packages_names():
    names = dir(sowing)
    for leaked in ["Any", "Optional", "Union", "Iterable", "Sequence", "annotations"]:
        assert leaked not in names
        assert not hasattr(sowing, leaked)
    assert sorted(names) == sorted(sowing.__all__)
    for name in sowing.__all__:
        assert hasattr(sowing, name), name


def test_games_parts_are_properties():
    game = Game("sadeqa-iii")
    game.play(1)
    for name in ["legal_moves", "record", "position", "start", "moves", "ply", "occurrences"]:
        # A data descriptor on the class (PyO3's getset), not a method.
        assert not callable(getattr(game, name)) or name == "position", name
        assert hasattr(type(Game.__dict__[name]), "__set__"), name
    assert game.legal_moves == game.position.legal_moves()
    assert game.record == "1" and game.moves == [1]
    # The stub says the same.
    stub = (pathlib.Path(sowing.__file__).parent / "_sowing.pyi").read_text(encoding="utf-8")
    game_stub = stub.split("class Game")[1].split("\nclass ")[0].split("\ndef ")[0]
    for name in ["legal_moves", "record", "position"]:
        assert re.search(rf"@property\n    def {name}\(self\)", game_stub), name
