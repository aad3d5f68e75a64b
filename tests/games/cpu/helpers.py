"""Helpers for the CPU rule tests.

`Table` builds a match and then arranges the state exactly as a test says: backing stores
emptied into the draw pile, chosen cards handed out, loaded, compiled or daemonised. Every
move goes through the match (so it is logged and replayable), and after each one the
conservation laws are checked.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games import get_game
from hacktable.games.cpu import flow
from hacktable.games.cpu.actions import Move
from hacktable.games.cpu.cards import deck
from hacktable.games.cpu.state import new_turn

NAMES = ("Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Farah")
ADA, BRUNO, CHIARA, DMITRI = range(4)
GAME = get_game("cpu")


def snapshot(state: Any) -> str:
    return json.dumps(state, sort_keys=True)


class Table:
    """A CPU match whose hands and memory the test sets up card by card."""

    def __init__(self, players: int = 2, seed: int = 5, **options: Any) -> None:
        options.setdefault("first_player", "seat1")  # the tests say who plays first
        self.match = Match(GAME, NAMES[:players], options, seed)
        self.types = deck(self.match.options)
        for m in self.state["machines"]:
            self.state["deck"] += m["hand"]
            m["hand"] = []
        self.events: list = []

    @property
    def state(self) -> dict:
        return self.match.state

    @property
    def turn(self) -> dict:
        return self.state["turn"]

    def m(self, seat: int) -> dict:
        return self.state["machines"][seat]

    def key(self, number: int) -> str:
        return self.types[number].key

    # -- arranging --------------------------------------------------------------------------

    def take(self, key: str) -> int:
        """A card of this type out of the draw pile."""
        for number in reversed(self.state["deck"]):
            if self.types[number].key == key:
                self.state["deck"].remove(number)
                return number
        raise AssertionError(f"no {key} left in the draw pile")

    def give(self, seat: int, *keys: str) -> list[int]:
        numbers = [self.take(key) for key in keys]
        self.m(seat)["hand"] += numbers
        return numbers

    def put(self, seat: int, *keys: str) -> list[int]:
        """Cards straight into memory, loaded and uncompiled."""
        numbers = [self.take(key) for key in keys]
        self.m(seat)["memory"] += numbers
        return numbers

    def binary(self, seat: int, source: str, *libraries: str, daemon: bool = False,
               where: str = "memory") -> int:
        head = self.take(source)
        self.state["binaries"][str(head)] = [self.take(key) for key in libraries]
        self.m(seat)[where].append(head)
        if daemon:
            self.m(seat)["daemons"].append(head)
        return head

    def install(self, seat: int, *keys: str) -> list[int]:
        numbers = [self.take(key) for key in keys]
        self.m(seat)["roms"] += numbers
        return numbers

    def cycles(self, *counts: int) -> None:
        """Set each machine's counters, taking from or returning to the supply."""
        for seat, count in enumerate(counts):
            self.state["supply"] += self.m(seat)["cycles"] - count
            self.m(seat)["cycles"] = count
        assert self.state["supply"] >= 0

    # -- playing ----------------------------------------------------------------------------

    def do(self, seat: int, move: str | Move | dict) -> list:
        if isinstance(move, str):
            self.events = self.match.submit_text(seat, move)
        elif isinstance(move, dict):
            self.events = self.match.submit_json(seat, move)
        else:
            self.events = self.match.submit(seat, move)
        GAME.check_invariants(self.state)
        return self.events

    def timeout(self) -> list:
        self.events = self.match.close_phase()
        GAME.check_invariants(self.state)
        return self.events

    def rejected(self, seat: int, move: str | Move | dict) -> str:
        before = snapshot(self.state)
        with pytest.raises(Rejected) as caught:
            if isinstance(move, str):
                self.match.submit_text(seat, move)
            elif isinstance(move, dict):
                self.match.submit_json(seat, move)
            else:
                self.match.submit(seat, move)
        assert snapshot(self.state) == before
        reason = caught.value.reason
        assert reason.strip() and reason.rstrip()[-1] in ".?", reason
        return reason

    def kinds(self) -> list[str]:
        return [event.kind for event in self.events]

    def event(self, kind: str):
        found = [event for event in self.events if event.kind == kind]
        assert len(found) == 1, (kind, self.events)
        return found[0]

    def end_turn(self, seat: int) -> None:
        """Idle out the active machine's turn (and discard down if asked)."""
        assert self.turn["seat"] == seat
        free = self.view(seat)["turn"]["free"]
        self.do(seat, f"idle {free}")
        while self.turn["step"] == "discard":
            self.do(self.turn["seat"], "discard 1")

    def begin_turn(self) -> list:
        """Start the active machine's turn afresh, so daemons arranged by the test queue up
        as they would at the real start of a turn."""
        turn = self.turn
        self.state["turn"] = new_turn(turn["seat"], turn["number"], turn["round"])
        self.events = []
        flow.settle(self.state, self.events)
        GAME.check_invariants(self.state)
        return self.events

    def view(self, viewer: Any) -> dict:
        return self.match.view(viewer)
