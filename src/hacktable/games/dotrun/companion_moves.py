"""The ./Run companion's moves, its terminals and the move that picks one, shared by the
game, its bot and its screen (kept apart from the game so the bot need not import it).

A move is plain JSON, checked by `companion.check_action` into one of these shapes:

    {"do": "choose", "colour": "red", "ring": "outer", "goal": false}   pick a terminal
    {"do": "answer", "answer": "K3PX"}                                  answer the task
    {"do": "skip"} | {"do": "center"} | {"do": "alarm"}                 the rest
"""

from __future__ import annotations

from typing import Literal, TypedDict

COLOURS = ("red", "blue", "green", "orange")
RINGS = ("outer", "middle", "inner")


class ChooseMove(TypedDict):
    """Hack from the terminal of this colour and ring (its path a goal path or not)."""

    do: Literal["choose"]
    colour: str
    ring: str
    goal: bool


class AnswerMove(TypedDict):
    """A hacker's one answer to its task (empty: giving up)."""

    do: Literal["answer"]
    answer: str


class PlainMove(TypedDict):
    """Not hacking this turn, "I reached the center", or "The alarm went off"."""

    do: Literal["skip", "center", "alarm"]


CompanionAction = ChooseMove | AnswerMove | PlainMove
"""What a companion seat hands in (`DotRunCompanion.apply` takes it)."""


def choose(colour: str, ring: str, goal: bool = False) -> ChooseMove:
    """The move that picks the terminal of this colour and ring (a goal terminal or not)."""
    return {"do": "choose", "colour": colour, "ring": ring, "goal": goal}
