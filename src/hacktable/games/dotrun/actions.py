"""./Run's actions as small typed records, with their JSON and a short written notation.

    {"do": "start", "space": "o4"}        start o4         choose a start space
    {"do": "hack", "path": "o3-m2"}       hack o3-m2       planning: hack a path
    {"do": "run"}                         run              planning: run
    {"do": "hold"}                        hold             planning: hold
    {"do": "answer", "answer": "K3PX"}    answer K3PX      stress: a hacker's answer
    {"do": "draw"}                        draw             stress: draw a running card
    {"do": "place", "side": "left"}       left | right     stress: keep the drawn card
    {"do": "discard"}                     discard          stress: discard it face up
    {"do": "stop"}                        stop             stress: draw no more this turn
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from hacktable.engine.errors import Rejected

MAX_ANSWER = 200
MAX_PLACE = 16
"""A space's or path's name is short ("o4", "o3-m2"): a longer one is refused unread."""
SIDES = ("left", "right")


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's move, one of the records below: ./Run's action type (`DotRun.apply` takes
    it, `to_json` writes it down, `from_json` and `parse` read it back)."""

    do: ClassVar[str] = ""

    def to_json(self) -> dict[str, str]:
        return {"do": self.do}


@dataclass(frozen=True, slots=True)
class Start(Action):
    space: str
    do: ClassVar[str] = "start"

    def to_json(self) -> dict[str, str]:
        return {"do": self.do, "space": self.space}


@dataclass(frozen=True, slots=True)
class Hack(Action):
    path: str
    do: ClassVar[str] = "hack"

    def to_json(self) -> dict[str, str]:
        return {"do": self.do, "path": self.path}


@dataclass(frozen=True, slots=True)
class Run(Action):
    do: ClassVar[str] = "run"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    do: ClassVar[str] = "hold"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    answer: str
    do: ClassVar[str] = "answer"

    def to_json(self) -> dict[str, str]:
        return {"do": self.do, "answer": self.answer}


@dataclass(frozen=True, slots=True)
class Draw(Action):
    do: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Place(Action):
    side: str
    do: ClassVar[str] = "place"

    def to_json(self) -> dict[str, str]:
        return {"do": self.do, "side": self.side}


@dataclass(frozen=True, slots=True)
class Discard(Action):
    do: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    do: ClassVar[str] = "stop"


PLANS = (Hack, Run, Hold)
KINDS: dict[str, type[Action]] = {kind.do: kind for kind in
                                  (Start, Hack, Run, Hold, Answer, Draw, Place, Discard, Stop)}
FIELDS: dict[type[Action], str] = {Start: "space", Hack: "path", Answer: "answer",
                                   Place: "side"}
"""The actions that carry text, and the name of its field."""
WITH_TEXT: dict[type[Action], Callable[[str], Action]] = {
    Start: Start, Hack: Hack, Answer: Answer, Place: Place}
"""How each of those is made from its text (`type[Action]` alone takes no argument)."""


def from_json(data: object) -> Action:
    """Read an action from JSON, refusing anything that is not exactly one of the shapes."""
    if not isinstance(data, dict) or not isinstance(data.get("do"), str):
        raise Rejected('An ./Run action is an object such as {"do": "draw"}.')
    kind = KINDS.get(data["do"])
    if kind is None:
        raise Rejected(f"There is no ./Run action {data['do']!r}; try one of: "
                       f"{', '.join(KINDS)}.")
    name = FIELDS.get(kind)
    expected = {"do"} | ({name} if name else set())
    if set(data) != expected:
        extra = sorted(set(data) - expected, key=str)
        missing = sorted(expected - set(data))
        what = f"needs {missing[0]!r}" if missing else f"does not take {extra[0]!r}"
        raise Rejected(f"The {kind.do} action {what}.")
    if name is None:
        return kind()
    value = data[name]
    if not isinstance(value, str):
        raise Rejected(f"The {kind.do} action needs text for {name!r}.")
    if kind in (Start, Hack) and len(value) > MAX_PLACE:
        raise Rejected(f"There is no {name} {value[:MAX_PLACE]!r}…: {name}s are named like "
                       f"{'o4' if kind is Start else 'o3-m2'}.")
    if kind is Answer and len(value) > MAX_ANSWER:
        raise Rejected(f"An answer is at most {MAX_ANSWER} characters.")
    if kind is Place and value not in SIDES:
        raise Rejected("Place the card at the left or the right end of your row.")
    return WITH_TEXT[kind](value)


def parse(text: str) -> Action:
    """The written notation: `start o4`, `hack o3-m2`, `run`, `hold`, `answer K3PX`,
    `draw`, `left`, `right`, `discard`, `stop`."""
    words = text.split()
    if not words:
        raise Rejected("Write an action, such as 'draw' or 'hack o3-m2'.")
    verb, rest = words[0].lower(), words[1:]
    if verb in SIDES and not rest:
        return Place(verb)
    if verb == "place" and len(rest) == 1 and rest[0].lower() in SIDES:
        return Place(rest[0].lower())
    if verb == "answer":
        if not rest:
            raise Rejected("Write your answer after 'answer'.")
        return from_json({"do": "answer", "answer": " ".join(rest)})
    kind = KINDS.get(verb)
    if kind is None or kind in (Answer, Place):
        raise Rejected(f"I could not read {words[0]!r}; write one of: start, hack, run, hold, "
                       "answer, draw, left, right, discard, stop.")
    name = FIELDS.get(kind)
    if name is None:
        if rest:
            raise Rejected(f"'{verb}' takes nothing after it; I could not read {rest[0]!r}.")
        return kind()
    if len(rest) != 1:
        raise Rejected(f"Write '{verb}' and one {name}, such as "
                       f"'{verb} {'o4' if kind is Start else 'o3-m2'}'.")
    return from_json({"do": kind.do, name: rest[0].lower()})
