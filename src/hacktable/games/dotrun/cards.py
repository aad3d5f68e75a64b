"""The running cards and what a row of them does.

"For each clockwise card, they move one space clockwise. For each counterclockwise card,
they move one space counterclockwise. For each cd card, they move along a path going inward
if an open path is available. For each touch card, they do nothing. An echo card counts as a
copy of the card before it. If the first card is an echo card, it counts as a touch card."
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypedDict

from hacktable.games.dotrun.board import GOAL, Board

CLOCKWISE = "clockwise"
COUNTERCLOCKWISE = "counterclockwise"
CD = "cd"
ECHO = "echo"
TOUCH = "touch"
CARDS = (CLOCKWISE, COUNTERCLOCKWISE, CD, ECHO, TOUCH)
ROW_LENGTH = 3
""""A runner must have three cards in front of them to be able to move.\""""


Step = TypedDict("Step", {"index": int, "card": str, "acts_as": str, "from": str, "to": str,
                          "path": str | None, "result": str})
"""One card of a row resolved: what it counted as, where the runner went, and why."""


def deck_of(copies: int) -> list[str]:
    """The running deck in a fixed order (the set-up shuffles it)."""
    return [card for card in CARDS for _ in range(copies)]


def acting_as(cards: Sequence[str]) -> list[str]:
    """What each card of a row counts as: echo copies the card before it (itself already
    read, so echo after echo copies further back), and a leading echo is a touch."""
    meaning: list[str] = []
    for card in cards:
        if card == ECHO:
            meaning.append(meaning[-1] if meaning else TOUCH)
        else:
            meaning.append(card)
    return meaning


def inward_path(board: Board, space: str, open_paths: Collection[str]) -> str | None:
    """The open path a cd takes from this space. Ruling: with several open, the first in the
    board file's order (the default board never has two paths from one space)."""
    for path in board.inward.get(space, ()):
        if path.id in open_paths:
            return path.id
    return None


def run_row(board: Board, start: str, cards: Sequence[str],
            open_paths: Collection[str]) -> list[Step]:
    """Resolve a row left to right: one step record per card, each with where it ended.

    "If a runner attempts to run inward when no open path is available, that card does
    nothing, but they continue to resolve any other cards they have." Ruling: once at the
    goal, the remaining cards do nothing (the goal is on no ring).
    """
    steps: list[Step] = []
    space = start
    for index, (card, meaning) in enumerate(zip(cards, acting_as(cards), strict=True)):
        before = space
        path = None
        if space == GOAL:
            result = "at goal"
        elif meaning == CLOCKWISE:
            space, result = board.step(space, True), "moved"
        elif meaning == COUNTERCLOCKWISE:
            space, result = board.step(space, False), "moved"
        elif meaning == CD:
            path = inward_path(board, space, open_paths)
            if path is None:
                result = "no open path"
            else:
                space, result = board.by_id[path].end, "moved"
        else:
            result = "nothing"
        steps.append({"index": index, "card": card, "acts_as": meaning, "from": before,
                      "to": space, "path": path, "result": result})
    return steps


def destination(board: Board, start: str, meanings: Sequence[str],
                open_paths: Collection[str]) -> str:
    """Where a row of card meanings (echo already read) leads: the bots' quick version."""
    space = start
    for meaning in meanings:
        if space == GOAL:
            break
        if meaning == CLOCKWISE:
            space = board.step(space, True)
        elif meaning == COUNTERCLOCKWISE:
            space = board.step(space, False)
        elif meaning == CD:
            path = inward_path(board, space, open_paths)
            if path is not None:
                space = board.by_id[path].end
    return space
