"""A table for Rules for Runners tests: seat 0 the GM, then Mica, Damien and Luke, with
dice the test chooses (the seed's examples name every die)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from hacktable.engine.contract import Event
from hacktable.games.runners import GAME

GM, MICA, DAMIEN, LUKE = 0, 1, 2, 3


class Dice(random.Random):
    """A generator whose d6 rolls are scripted; anything else is seeded randomness."""

    def __init__(self, rolls: Iterable[int] = ()) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6) and self.rolls:
            return self.rolls.pop(0)
        return super().randint(a, b)


class Table:
    """A state and the events every move made, applied straight through the game."""

    def __init__(self, runners: int = 3, **options: Any) -> None:
        self.options = GAME.options.resolve(options)
        names = ["Gamemaster", *["Player" + str(i) for i in range(1, runners + 1)]]
        self.state = GAME.setup(names, self.options, Dice())
        self.events: list[Event] = []

    def act(self, who: int, rolls: Iterable[int] = (), **action: Any) -> list[Event]:
        events = GAME.apply(self.state, who, action, Dice(rolls))
        self.events += events
        return events

    def gm(self, rolls: Iterable[int] = (), **action: Any) -> list[Event]:
        return self.act(GM, rolls, **action)

    def timeout(self) -> list[Event]:
        events = GAME.timeout(self.state, Dice())
        self.events += events
        return events

    def view(self, viewer: Any) -> dict:
        return GAME.view(self.state, viewer)

    def seen_by(self, viewer: Any) -> list[Event]:
        return [e for e in self.events if e.visible_to(viewer)]

    @property
    def turn(self) -> Mapping[str, Any]:
        return self.state["turn"]

    def character(self, seat: int) -> dict:
        return self.state["characters"][str(seat)]


def mission(table: Table, rolls: Iterable[int], npcs: Iterable[tuple[str, int]] = (),
            hidden: bool = True) -> None:
    """Add NPCs then start the mission with these initiative dice (seat order)."""
    for name, init in npcs:
        table.gm(do="npc", name=name, init=init, hidden=hidden)
    table.gm(rolls, do="start")


def npc_ref(table: Table, name: str) -> str:
    return next(n["id"] for n in table.state["npcs"] if n["name"] == name)


def until_turn_of(table: Table, ref: str) -> None:
    """End turns (the GM's NPCs, runners' clocks) until `ref` has the turn."""
    for _ in range(20):
        if table.turn["ref"] == ref:
            return
        table.timeout()
    raise AssertionError(f"{ref} never got the turn")
