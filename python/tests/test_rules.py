"""Rule cases written out by hand from docs/RULES.md (the worked cases and
checks of sections 3 to 6), not copied from the engine's output."""

import pytest

import sowing
from sowing import Position


def sadeqa_v(south, north, captured, to_move="S"):
    """A Sadeqa V position from two rows given as {pit: "count[w]"} and the
    seeds captured (South, North): the board and the captured seeds hold
    all 80 seeds of the start (RULES.md 3: no seed leaves play)."""

    def row(pits):
        return ",".join(str(pits.get(i, 0)) for i in range(1, 11))

    s, n = captured
    return Position.parse(f"sadeqa-v {row(south)}/{row(north)} {to_move} {s}-{n}")


# RULES.md 3, the worked cases: South to move, North 10 = 1 so that North can
# move; the seeds not on the board are captured, as in tests/model_rules.rs.
def test_sadeqa_v_new_warana():
    pos = sadeqa_v({10: 1}, {1: 3, 10: 1}, (38, 37)).play(10)
    south, north = pos.board()
    assert north[0] == 4
    assert pos.warana_owner("north", 1) == "south"
    assert pos.to_move() == "north"


def test_sadeqa_v_own_three_to_four_relays():
    pos = sadeqa_v({1: 1, 2: 3}, {10: 1}, (38, 37)).play(1)
    south, _ = pos.board()
    assert south[:6] == (0, 0, 1, 1, 1, 1)
    assert pos.warana_owner("south", 2) is None
    assert pos.to_move() == "north"


def test_sadeqa_v_capture_and_bonus_move():
    pos = sadeqa_v({5: 1, 6: "3w", 1: 1}, {10: 1}, (37, 37)).play(5)
    assert pos.captured() == (39, 37)
    assert pos.board()[0][5] == 2
    assert pos.to_move() == "south"


def test_sadeqa_v_capture_from_an_empty_warana():
    pos = sadeqa_v({5: 1, 6: "0w", 1: 1}, {10: 1}, (39, 38)).play(5)
    assert pos.captured() == (40, 38)
    assert pos.board()[0][5] == 0
    assert pos.to_move() == "south"


def test_sadeqa_v_own_warana_ends_the_move():
    pos = sadeqa_v({10: 1}, {1: "2w", 10: 1}, (38, 38)).play(10)
    assert pos.board()[1][0] == 3
    assert pos.captured() == (38, 38)
    assert pos.to_move() == "north"


def test_sadeqa_v_pass_after_a_capture():
    pos, events = sadeqa_v({5: 1, 6: "3w"}, {10: 1}, (38, 37)).play_traced(5)
    assert pos.captured() == (40, 37)
    assert pos.board()[0][5] == 2
    assert pos.to_move() == "north"
    assert {"type": "pass", "player": "south"} in events


def test_sadeqa_v_game_ends_in_a_draw_forty_all():
    # 38 captured each before; South captures 2, North keeps the 2 in its warana.
    pos = sadeqa_v({5: 1, 6: "3w"}, {}, (38, 38)).play(5)
    assert pos.is_over()
    assert pos.outcome() == "draw"
    assert pos.points("south") == 40 and pos.points("north") == 40


def test_sadeqa_v_opening_move_one():
    pos = Position("sadeqa-v").play(1)
    assert pos.board() == ((1, 6, 6, 6, 1, 5, 5, 5, 5, 0), (5, 5, 5, 5, 0, 5, 5, 5, 5, 0))


# RULES.md 4: Sadeqa II.
def test_sadeqa_ii_forced_opening():
    start = Position("sadeqa-ii")
    assert start.legal_moves() == [6]
    with pytest.raises(sowing.IllegalMove, match="first move must be from pit 6"):
        start.play(1)
    pos = start.play(6)
    assert pos.board() == ((0, 4, 4, 0, 0, 1), (5, 5, 1, 4, 4, 4))
    assert sum(map(sum, pos.board())) == 32
    assert pos.to_move() == "north"
    assert pos.legal_moves() == [6]


def test_sadeqa_ii_starter_only():
    pos = Position("sadeqa-ii", starter_only=True).play(6)
    assert pos.legal_moves() == [1, 2, 3, 4, 5, 6]


def test_sadeqa_ii_player_without_a_move_loses():
    # North to move with an empty row: South wins.
    pos = Position.parse("sadeqa-ii 0,0,0,0,1,0/0,0,0,0,0,0 N 18-17")
    assert pos.is_over()
    assert pos.outcome() == "south"
    assert pos.points("south") is None


# RULES.md 5: Sadeqa III and game 91.
def test_sadeqa_iii_south_one_captures_north_four():
    pos, events = Position("sadeqa-iii").play_traced(1)
    assert pos.board() == ((2, 9, 9, 9, 1, 8, 1, 8), (8, 8, 8, 0, 0, 1, 8, 8))
    assert pos.captured() == (8, 0)
    laps = [e for e in events if e["type"] == "lap"]
    assert len(laps) == 5
    assert laps[-1]["landing"] == ("south", 5)
    assert {"type": "capture", "by": "south", "pit": ("north", 4), "seeds": 8} in events


def test_sadeqa_iii_south_five_ends_without_capture():
    pos, events = Position("sadeqa-iii").play_traced(5)
    assert pos.captured() == (0, 0)
    laps = [e for e in events if e["type"] == "lap"]
    assert laps[-1]["landing"] == ("north", 1)
    assert not [e for e in events if e["type"] == "capture"]


def test_game_91_south_eight():
    pos = Position("game-91").play(8)
    assert pos.board() == ((1, 5, 5, 5, 5, 0, 5, 1), (6, 6, 0, 1, 6, 6, 6, 0))
    assert pos.captured() == (6, 0)


def test_sadeqa_iii_seeds_left_go_to_the_last_mover():
    # South's 1 sows into empty S2: a capture of N7 (1 seed); then North
    # has no seed and cannot move, so the seeds left (S2's 1, S8's 2) go to
    # South, who moved last.
    pos = Position.parse("sadeqa-iii 1,0,0,0,0,0,0,2/0,0,0,0,0,0,1,0 S 46-46").play(1)
    assert pos.is_over()
    assert pos.board() == ((0,) * 8, (0,) * 8)
    assert pos.captured() == (50, 46)
    assert pos.outcome() == "south"


# RULES.md 6: Andada.
def test_andada_openings():
    pos = Position("andada").play(1)
    assert pos.board() == ((0, 3, 3) * 4, (0, 3, 3) * 4)
    assert pos.legal_moves() == ["S", "N"]
    pos = Position("andada").play(2)
    assert pos.board() == ((3, 0, 3) * 4, (3, 0, 3) * 4)


def test_andada_choice_names_the_first_regular_mover():
    pos = Position("andada").play(1)
    assert pos.to_move() == "north"
    after = pos.play("S")
    assert after.to_move() == "south"
    assert pos.play("N").to_move() == "north"
    with pytest.raises(sowing.IllegalMove, match="choice move is due"):
        pos.play(2)


def test_andada_singleton_seed_removed_at_the_last_pit():
    row = lambda pits: ",".join(str(pits.get(i, 0)) for i in range(1, 13))
    pos = Position.parse(f"andada-12 {row({12: 1})}/{row({1: 1})} S 0-0 singles")
    after = pos.play(12)
    south, north = after.board()
    assert sum(south) == 0
    assert north[0] == 1


def test_andada_singleton_capture_still_applies():
    row = lambda pits: ",".join(str(pits.get(i, 0)) for i in range(1, 13))
    pos = Position.parse(f"andada-12 {row({11: 1})}/{row({1: 1})} S 0-0 singles")
    after = pos.play(11)
    south, north = after.board()
    assert south[11] == 1
    assert sum(north) == 0
