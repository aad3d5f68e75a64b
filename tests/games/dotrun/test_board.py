"""The board as data: loading, validation, reachability and the SVG drawing."""

from __future__ import annotations

import pytest

from hacktable.games.dotrun import svg
from hacktable.games.dotrun.board import BoardError, board_names, load, loads

from .helpers import GAME, plan, table

SMALL = """
[rings]
outer = 4
middle = 3
inner = 3
[terminals]
o0 = "red"
m0 = "blue"
i0 = "red"
i1 = "blue"
[[paths]]
from = "o1"
to = "m1"
colours = ["red"]
[[paths]]
from = "m1"
to = "i2"
colours = ["blue"]
[[paths]]
from = "i2"
to = "goal"
colours = ["red", "blue"]
"""


def test_three_rings_and_the_goal():
    """"The board consists of three rings of spaces, called the outer, middle, and inner
    rings, as well as the goal space at the center." """
    board = load("default")
    assert board.sizes == (12, 8, 6)
    assert {p.layer for p in board.paths} == {1, 2, 3}
    assert all(len(p.colours) == 2 for p in board.paths if p.layer == 3)
    assert all(len(p.colours) == 1 for p in board.paths if p.layer < 3)
    assert "default" in board_names() and "compact" in board_names()


def test_every_shipped_board_is_valid_and_playable():
    for name in board_names():
        board = load(name)
        assert board.goal_reachable(board.spaces(0), ())
        match = table(board.spaces(0)[:4], board=name)
        GAME.check_invariants(match.state)


def test_a_designers_board_loads():
    board = loads("small", SMALL)
    assert board.hackable_from("o0")[0].id == "o1-m1"


@pytest.mark.parametrize(("change", "message"), [
    (("colours = [\"blue\"]", "colours = [\"green\"]"), "no green terminal"),
    (("to = \"i2\"", "to = \"goal\""), "one ring inwards"),
    (("colours = [\"red\", \"blue\"]", "colours = [\"red\"]"), "two different colours"),
    (("outer = 4", "outer = 2"), "3 to 24 spaces"),
    (("o0 = \"red\"", "o0 = \"purple\""), "terminals are"),
    (("from = \"o1\"", "from = \"o9\""), "no space"),
])
def test_bad_boards_are_refused_with_a_reason(change, message):
    with pytest.raises(BoardError, match=message):
        loads("bad", SMALL.replace(*change, 1))


def test_unreachable_goal_is_refused():
    text = SMALL.replace('i0 = "red"', 'm2 = "red"')
    with pytest.raises(BoardError, match="no red terminal on the inner ring"):
        loads("bad", text)


def test_reachability_with_lockouts():
    """Pawns never move outwards: outer terminals stop mattering once everyone is in."""
    board = load("default")
    assert board.goal_reachable(["o0"], ["o0", "o3", "o6"])  # orange outer, then inward
    assert not board.goal_reachable(["i0"], ["i0", "i3"])  # red and green inner locked
    assert not board.goal_reachable(["m1"], ["i2", "i5"])  # blue and orange inner locked
    assert board.goal_reachable(["goal"], ["i0", "i2", "i3", "i5"])


def test_svg_draws_everything_with_letters_and_titles():
    """Colours also carry a letter; pawns, open paths, lockouts and the track are drawn."""
    match = table(["o0", "o3", "o2", "o4"])
    match.state["locked"] = ["o6"]
    match.state["supply"] = 4
    plan(match, "o3-m2", "run", "hold", "hold")
    text = svg.draw(match.view(1))
    assert text.startswith("<svg") and text.endswith("</svg>")
    assert ">R</text>" in text and ">B</text>" in text and "R+B" in text
    assert "green terminal, locked out" in text
    assert "Ada on o0" in text and "alertness 0 of 9" in text
    assert "being hacked" in text
    assert text.count('class="pawn"') == 4
