"""Helpers for the Rex Furum rule tests.

`Table` builds a match and then sets every player's companies and money directly in the
state, so each scenario starts exactly where the test says. `play` submits orders written in
the seed's notation, closes the round, and checks on every round that money is conserved:
each change of a player's money has a ledger line, and the ledger's flows add up to the
changes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from hacktable.engine import EVERYONE, GM_ONLY, Event, Match, Rejected
from hacktable.games import get_game

NAMES = ("Arthur", "Stephen", "Amy", "Tyler", "Felix", "Zeina")
ARTHUR, STEPHEN, AMY, TYLER, FELIX, ZEINA = range(6)
ALPHA, BETA, GAMMA, DELTA = range(4)
SALARY = 10_000


def snapshot(state: Any) -> str:
    return json.dumps(state, sort_keys=True)


class Table:
    """A Rex Furum match with exact companies and money, driven by player names."""

    def __init__(self, jobs: Sequence[Sequence[int]], money: Sequence[int] | None = None,
                 **options: Any) -> None:
        n = len(jobs)
        self.n = n
        self.match = Match(get_game("rexfurum"), NAMES[:n], options, seed=7)
        state = self.match.state
        state["jobs"] = [sorted(companies) for companies in jobs]
        money = list(money) if money is not None else [100_000] * n
        state["money"] = list(money)
        state["round_base"] = list(money)
        self.closed: list[Event] = []
        self.lines: list[dict] = []
        self.before: list[int] = list(money)

    # -- moving the match -----------------------------------------------------------

    @property
    def state(self) -> dict:
        return self.match.state

    @staticmethod
    def seat(who: str | int) -> int:
        return who if isinstance(who, int) else NAMES.index(who.capitalize())

    def submit(self, **orders: str) -> None:
        for who, text in orders.items():
            self.match.submit_text(self.seat(who), text)

    def play(self, **orders: str) -> list[Event]:
        """Submit each named player's orders, then close the round."""
        self.submit(**orders)
        return self.close()

    def close(self) -> list[Event]:
        state = self.state
        self.before = list(state["money"])
        start = len(state["ledger"])
        self.closed = self.match.close_phase()
        self.lines = state["ledger"][start:]
        self.check_conservation()
        return self.closed

    def check_conservation(self) -> None:
        """The ledger lines of the round explain every dollar that changed hands."""
        flows = [0] * self.n
        for line in self.lines:
            assert line["amount"] > 0, line
            assert line["rule"], line
            if line["from"] is not None:
                flows[line["from"]] -= line["amount"]
            if line["to"] is not None:
                flows[line["to"]] += line["amount"]
        after = self.state["money"]
        assert [b + f for b, f in zip(self.before, flows, strict=True)] == after

    def rejected(self, who: str | int, text: str) -> str:
        """Submit orders that must be refused; the state must not change. Returns the reason."""
        before = snapshot(self.state)
        with pytest.raises(Rejected) as caught:
            self.match.submit_text(self.seat(who), text)
        assert snapshot(self.state) == before
        reason = caught.value.reason
        assert reason[:1].isupper() and reason.rstrip()[-1] in ".?", reason
        return reason

    # -- reading the result -----------------------------------------------------------

    def money(self, who: str | int) -> int:
        return self.state["money"][self.seat(who)]

    def jobs(self, who: str | int) -> list[int]:
        return self.state["jobs"][self.seat(who)]

    def change(self, who: str | int) -> int:
        """What the last round's resolution did to a player's money (next salary excluded)."""
        seat = self.seat(who)
        total = 0
        for line in self.lines:
            if line["rule"] == "salary":
                continue
            if line["from"] == seat:
                total -= line["amount"]
            if line["to"] == seat:
                total += line["amount"]
        return total

    def paid(self, rule: str) -> list[tuple[int | None, int | None, int]]:
        return [(line["from"], line["to"], line["amount"]) for line in self.lines
                if line["rule"] == rule]

    def events(self, kind: str) -> list[Event]:
        return [event for event in self.closed if event.kind == kind]

    def event(self, kind: str) -> Event:
        found = self.events(kind)
        assert len(found) == 1, (kind, found)
        return found[0]

    def audience(self, kind: str) -> set[int]:
        """The seats that may see at least one event of this kind from the last round."""
        return {seat for seat in range(self.n)
                if any(event.visible_to(seat) for event in self.events(kind))}

    def is_public(self, kind: str) -> bool:
        found = self.events(kind)
        return bool(found) and all(event.audience == EVERYONE for event in found)

    def notices(self, who: str | int) -> list[Mapping[str, Any]]:
        """The notices of the player's latest round-beginning report."""
        return self.match.view(self.seat(who))["reports"][-1]["notices"]

    def kinds(self, who: str | int) -> list[str]:
        return [notice["kind"] for notice in self.notices(who)]

    def notice(self, who: str | int, kind: str) -> Mapping[str, Any]:
        found = [notice for notice in self.notices(who) if notice["kind"] == kind]
        assert len(found) == 1, (who, kind, self.notices(who))
        return found[0]

    def gm_only(self, kind: str) -> bool:
        found = self.events(kind)
        return bool(found) and all(event.audience == GM_ONLY for event in found)

    def text(self, who: str | int) -> str:
        """The player's round-beginning email, in words."""
        game = self.match.game
        return game.render(self.match.view(self.seat(who)))
