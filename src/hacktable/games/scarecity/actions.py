"""Scare-City's moves: one small immutable record per move, JSON in and out.

`{"do": "claim", "card": 17}` places a token on shop card 17; `restore`, `decommission`
and `buy` add to this round's plan (carried out when the phase closes); `pass`, `unclaim`,
`cancel` and `done` take no card. Cards are named by their number in the match.
`"confirm": true` on a restore, decommission or buy says the player knows the step leaves
them with $0 or less and so puts them out of the game (the seed's "Losing the game").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Required, TypedDict

from hacktable.engine.errors import Rejected

CARD_VERBS = ("claim", "unclaim", "restore", "decommission", "buy")
PLAIN_VERBS = ("pass", "cancel", "done")
VERBS = CARD_VERBS + PLAIN_VERBS
CLAIM_VERBS = ("claim", "unclaim", "pass")
CITY_VERBS = ("restore", "decommission", "buy", "cancel", "done")
SPENDING_VERBS = ("restore", "decommission", "buy")


class MoveJson(TypedDict, total=False):
    """A move as JSON (`Move.to_json`): the verb, its card, and `confirm` only when set."""

    do: Required[str]
    card: int
    confirm: bool


@dataclass(frozen=True, slots=True)
class Move:
    """One move; `card` is a Program Card's number for the verbs that name one."""

    do: str
    card: int | None = None
    confirm: bool = False
    """Set on a plan step that leaves the player with $0 or less: they accept going out."""

    def __post_init__(self) -> None:
        if self.do not in VERBS:
            raise Rejected(f"There is no move called {self.do!r}; the moves are: "
                           f"{', '.join(VERBS)}.")
        if self.do in CARD_VERBS:
            if isinstance(self.card, bool) or not isinstance(self.card, int):
                raise Rejected(f"Say which card to {self.do} (its number), e.g. "
                               f"{{\"do\": \"{self.do}\", \"card\": 3}}.")
        elif self.card is not None:
            raise Rejected(f"A {self.do} move names no card.")
        if not isinstance(self.confirm, bool):
            raise Rejected("\"confirm\" is true or false.")
        if self.confirm and self.do not in SPENDING_VERBS:
            raise Rejected(f"Only a move that spends $ is confirmed, not {self.do}.")

    def needs(self, field: Literal["card"]) -> int:
        """The card a card verb names (checked when the move was made), for the rules to
        read as a number."""
        if self.card is None:
            raise Rejected(f"Say which card to {self.do} (its number).")
        return self.card

    def to_json(self) -> MoveJson:
        data: MoveJson = {"do": self.do}
        if self.card is not None:
            data["card"] = self.card
        if self.confirm:
            data["confirm"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Move:
        if isinstance(data, Move):
            return data
        if not isinstance(data, dict):
            raise Rejected("A Scare-City move is an object such as {\"do\": \"pass\"}.")
        verb = data.get("do")
        if not isinstance(verb, str):
            raise Rejected("A Scare-City move needs a \"do\" naming the move, e.g. \"buy\".")
        unknown = sorted(set(data) - {"do", "card", "confirm"}, key=str)
        if unknown:
            raise Rejected(f"A Scare-City move has no field {unknown[0]!r}.")
        return cls(verb, data.get("card"), data.get("confirm", False))
