"""CPU's moves: one small immutable record per move, JSON in and out.

A move names cards by their number in the match (see cards.py) and machines by seat. The
JSON form is `{"do": verb, ...fields}` with only the fields the verb uses, e.g.
`{"do": "execute", "item": 17, "target": 2}`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Required, TypedDict

from hacktable.engine.errors import Rejected

# verb -> (required fields, optional fields)
VERBS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "idle": (("n",), ()),
    "download": ((), ()),
    "load": (("cards",), ()),
    "free": (("item",), ()),
    "compile": (("item", "cards"), ()),
    "execute": (("item",), ("target", "disassemble")),
    "daemonise": (("item",), ("target", "disassemble")),
    "fire": (("item",), ("target", "disassemble")),
    "play": (("item",), ("target", "n")),
    "shutdown": ((), ()),
    "restart": ((), ()),
    "stay": ((), ()),
    "install": (("item",), ()),
    "uninstall": (("item",), ()),
    "retake": (("target", "n"), ()),
    "done": ((), ()),
    "discard": (("item",), ()),
    "nullify": ((), ()),
    "allow": ((), ()),
    "react": ((), ()),
    "decline": ((), ()),
}
FIELDS = ("item", "cards", "target", "n", "disassemble")
WINDOW_VERBS = ("nullify", "allow", "react", "decline")
START_VERBS = ("fire", "shutdown")
"""Moves allowed only at the start of a turn (RKHunter too, which is a `play`); `fire` only
while a daemon waits for its target."""


class MoveJson(TypedDict, total=False):
    """A move as JSON (`Move.to_json`): the verb and only the fields it uses, in this order."""

    do: Required[str]
    item: int
    cards: list[int]
    target: int
    n: int
    disassemble: int


def _int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(f"The {field} of a move must be a whole number, not {value!r}.")
    return value


@dataclass(frozen=True, slots=True)
class Move:
    """One move. `item` is a card number (a binary is named by its source card), `cards` a
    tuple of card numbers, `target` a seat, `n` a count, `disassemble` gdb's victim."""

    do: str
    item: int | None = None
    cards: tuple[int, ...] = ()
    target: int | None = None
    n: int | None = None
    disassemble: int | None = None

    def __post_init__(self) -> None:
        if self.do not in VERBS:
            raise Rejected(f"There is no move called {self.do!r}; the moves are: "
                           f"{', '.join(VERBS)}.")
        required, optional = VERBS[self.do]
        for field in FIELDS:
            value = getattr(self, field)
            present = value != () if field == "cards" else value is not None
            if field in required and not present and field != "cards":
                raise Rejected(f"A {self.do} move needs a {field}.")
            if present and field not in required and field not in optional:
                raise Rejected(f"A {self.do} move takes no {field}.")
            if field == "cards":
                if not isinstance(value, tuple):
                    raise Rejected("The cards of a move must be a list of card numbers.")
                for card in value:
                    _int(card, "card")
            elif present:
                _int(value, field)
        if self.do == "load" and not self.cards:
            raise Rejected("Say which card to load.")

    def needs(self, field: Literal["item", "target", "n"]) -> int:
        """A number the move must carry by now: one its verb requires (checked when the move
        was made) or one the rules checked before letting the move through."""
        value = {"item": self.item, "target": self.target, "n": self.n}[field]
        if value is None:
            raise Rejected(f"A {self.do} move needs a {field}.")
        return value

    def to_json(self) -> MoveJson:
        data: MoveJson = {"do": self.do}
        if self.item is not None:
            data["item"] = self.item
        if self.cards or self.do in ("load", "compile"):
            data["cards"] = list(self.cards)
        if self.target is not None:
            data["target"] = self.target
        if self.n is not None:
            data["n"] = self.n
        if self.disassemble is not None:
            data["disassemble"] = self.disassemble
        return data

    @classmethod
    def from_json(cls, data: Any) -> Move:
        if isinstance(data, Move):
            return data
        if not isinstance(data, dict):
            raise Rejected("A CPU move is an object such as {\"do\": \"download\"}.")
        verb = data.get("do")
        if not isinstance(verb, str):
            raise Rejected("A CPU move needs a \"do\" naming the move, e.g. \"download\".")
        unknown = sorted(set(data) - {"do", *FIELDS}, key=str)
        if unknown:
            raise Rejected(f"A CPU move has no field {unknown[0]!r}.")
        cards = data.get("cards", [])
        if not isinstance(cards, list):
            raise Rejected("The cards of a move must be a list of card numbers.")
        return cls(verb, data.get("item"), tuple(cards), data.get("target"), data.get("n"),
                   data.get("disassemble"))

    def label(self) -> str:
        """The name of the move for frequency tables (special actions by their card)."""
        return self.do
