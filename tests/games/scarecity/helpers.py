"""Helpers for the Scare-City rule tests.

`Table` builds a match and then arranges the state exactly as a test says: cities emptied
into the deck, chosen cards placed (blue or red), chosen cards in the shop, chosen $ and
Bitizens, the next Impact Card on top. Every move goes through the match, so it is logged
and replayable, and the conservation laws are checked after each one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games import get_game
from hacktable.games.scarecity.actions import Move
from hacktable.games.scarecity.cards import IMPACT_BY_KEY, IMPACTS, PROGRAMS

NAMES = ("Ada", "Bruno", "Chiara", "Dmitri")
ADA, BRUNO, CHIARA, DMITRI = range(4)
GAME = get_game("scarecity")


def snapshot(state: Any) -> str:
    return json.dumps(state, sort_keys=True)


class Table:
    """A Scare-City match in round 1's claiming phase, arranged card by card."""

    def __init__(self, players: int = 2, seed: int = 3, **options: Any) -> None:
        self.match = Match(GAME, NAMES[:players], options, seed)

    @property
    def state(self) -> dict:
        return self.match.state

    def p(self, seat: int) -> dict:
        return self.state["players"][seat]

    # -- arranging ------------------------------------------------------------------------

    def take(self, key: str) -> int:
        """A card of this type, taken from wherever it lies (deck, discard, shop, a city)."""
        for pile in (self.state["deck"], self.state["discard"], self.state["shop"]):
            for number in pile:
                if PROGRAMS[number].key == key:
                    pile.remove(number)
                    return number
        for player in self.state["players"]:
            for slot in player["city"]:
                if PROGRAMS[slot["card"]].key == key:
                    player["city"].remove(slot)
                    return slot["card"]
        raise AssertionError(f"no free {key}")

    def city(self, seat: int, *keys: str, degraded: tuple[str, ...] = ()) -> list[int]:
        """Replace `seat`'s city with these cards (the old ones go back into the deck)."""
        player = self.p(seat)
        self.state["deck"] += [slot["card"] for slot in player["city"]]
        player["city"] = []
        numbers = []
        for key in keys:
            number = self.take(key)
            player["city"].append({"card": number, "degraded": key in degraded})
            numbers.append(number)
        return numbers

    def shop(self, *keys: str) -> list[int]:
        """Replace the shop with these cards."""
        self.state["deck"] += self.state["shop"]
        self.state["shop"] = []
        numbers = [self.take(key) for key in keys]
        self.state["shop"] = numbers
        return numbers

    def money(self, seat: int, money: int, bitizens: int | None = None) -> None:
        self.p(seat)["money"] = money
        if bitizens is not None:
            self.p(seat)["bitizens"] = bitizens

    def next_impact(self, key: str) -> None:
        number = IMPACTS.index(IMPACT_BY_KEY[key])
        for pile in (self.state["impact_deck"], self.state["impact_discard"]):
            if number in pile:
                pile.remove(number)
        self.state["impact_deck"].append(number)

    def number(self, seat: int, key: str) -> int:
        return next(s["card"] for s in self.p(seat)["city"] if PROGRAMS[s["card"]].key == key)

    # -- playing ----------------------------------------------------------------------------

    def do(self, seat: int, verb: str, card: int | None = None) -> list:
        events = self.match.submit(seat, Move(verb, card))
        GAME.check_invariants(self.state)
        return events

    def rejected(self, seat: int, verb: str, card: int | None = None) -> str:
        before = snapshot(self.state)
        with pytest.raises(Rejected) as caught:
            self.match.submit(seat, Move(verb, card))
        assert snapshot(self.state) == before, "a rejected move changed the state"
        return caught.value.reason

    def pass_claims(self) -> None:
        """Everyone passes until claiming is over."""
        while self.state["phase"] == "claim":
            self.do(self.state["claim_turn"], "pass")

    def finish_round(self) -> list:
        """Claims passed; every player still in says done (closing phases 2–3)."""
        self.pass_claims()
        events: list = []
        for seat, player in enumerate(self.state["players"]):
            if not player["out"] and not self.state["plans"][seat]["done"] \
                    and self.state["phase"] == "city":
                events += self.do(seat, "done")
        return events


def reopen(table: Table, *ranking: int) -> None:
    """Start claiming afresh with this ranking (best first), after arranging the table."""
    from hacktable.games.scarecity.claims import open_claims

    table.state["ranking"] = list(ranking)
    open_claims(table.state, [])
