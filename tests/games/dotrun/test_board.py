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
    crew = ["o0", "o1", "o2"]
    assert board.goal_reachable(crew, ["o0", "o3", "o6"])  # orange outer, then inward
    assert not board.goal_reachable(["i0", "i1", "i4"], ["i0", "i3"])  # red, green inner
    assert not board.goal_reachable(["m1", "m2", "m3"], ["i2", "i5"])  # blue, orange inner
    assert board.goal_reachable(["goal"], ["i0", "i2", "i3", "i5"])


def test_reachability_counts_the_pawns_a_path_needs():
    """Seed 3: the crew loses when "terminals become locked out in a configuration that
    makes it impossible for anyone to make it to the center"; seed 5.3: the paths to the
    center "must be hacked from two terminals simultaneously". So the goal needs three
    pawns on the inner ring (two hackers and a runner), and a runner needs a hacker
    besides itself (ruling "Goal unreachable" in docs/rules/dotrun.md)."""
    board = load("default")
    assert board.goal_reachable(["i0", "i2", "i1"], [])  # red and blue hackers, a runner
    assert not board.goal_reachable(["i0", "i2"], [])  # nobody left to run
    # The outer pawn has nobody on the outer or middle ring to open a path for it, and
    # the two inner pawns cannot open a goal path and run it too.
    assert not board.goal_reachable(["i0", "i2", "o6"], [])
    assert board.goal_reachable(["i0", "i2", "o6", "o7"], [])  # o6 hacks, o7 runs in
    assert not board.goal_reachable(["o0"], [])  # a lone pawn never gets a path opened


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
