"""The match state and the small helpers every rule module shares.

Seat 0 is the gamemaster (a person at the table, or a bot); seats 1.. are runners.
Combatants are named by reference: "s2" is the runner in seat 2, "n1" the first NPC.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from hacktable.engine.contract import SPECTATOR
from hacktable.engine.errors import Rejected
from hacktable.games.runners import maps
from hacktable.games.runners.characters import pregen

State = dict[str, Any]
GM_SEAT = 0
GM_ONLY = (GM_SEAT,)
"""The audience of an event only the gamemaster may know: the GM's seat (and the host's
"gm" viewer, which sees every event)."""

PREP, TIES, MISSION, OVER = "prep", "ties", "mission", "over"


def private(seat: int) -> tuple[int, ...]:
    """An event for one runner and the GM."""
    return (GM_SEAT, seat) if seat != GM_SEAT else GM_ONLY


def all_but_gm(state: State) -> tuple[int | str, ...]:
    """Every runner and the spectators, not the GM: the audience of a cut of something the
    GM is told whole in an event of their own (so the GM reads it once)."""
    return (*range(1, len(state["names"])), SPECTATOR)


def setup(seats: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> State:
    chars = {}
    for seat in range(1, len(seats)):
        character = (pregen(seat - 1, options) if options["pregens"]
                     else pregen(len(seats) + seat, options))
        if not options["pregens"]:
            character["name"] = seats[seat][:24]
        chars[str(seat)] = character
    return {
        "options": dict(options),
        "names": list(seats),
        "phase": PREP,
        "characters": chars,
        "npcs": [],
        "order": [],
        "ties": [],
        "turn": None,
        "turns": 0,
        "stretch": 0,
        "requests": {},
        "called": {},
        "readied": {},
        "rolls": [],
        "map": maps.initial(options),
        "undo": None,
        "result": None,
        "tasks": {},
    }


def seat_of(ref: str) -> int | None:
    return int(ref[1:]) if ref.startswith("s") else None


def runner(state: State, seat: Any) -> dict[str, Any]:
    if (not isinstance(seat, int) or isinstance(seat, bool)
            or str(seat) not in state["characters"]):
        raise Rejected(f"There is no runner in seat {seat!r}.")
    return state["characters"][str(seat)]


def npc(state: State, ref: Any) -> dict[str, Any]:
    for candidate in state["npcs"]:
        if candidate["id"] == ref:
            return candidate
    raise Rejected(f"There is no NPC {ref!r}; the NPCs are "
                   f"{', '.join(n['id'] for n in state['npcs']) or 'none yet'}.")


def combatant(state: State, ref: Any) -> dict[str, Any]:
    if isinstance(ref, str) and ref.startswith("s") and ref[1:].isdigit():
        return runner(state, int(ref[1:]))
    return npc(state, ref)


def name_of(state: State, ref: str) -> str:
    return combatant(state, ref)["name"]


def hidden(state: State, ref: str) -> bool:
    """Whether the runners may not know this combatant exists."""
    return not ref.startswith("s") and npc(state, ref)["hidden"]


def current(state: State) -> str | None:
    turn = state["turn"]
    return None if turn is None else turn["ref"]


def on_turn(state: State, seat: int) -> bool:
    return state["phase"] == MISSION and current(state) == f"s{seat}"


def alive_runners(state: State) -> list[int]:
    return [int(s) for s, c in state["characters"].items() if not c["dead"]]


def dice(rng: random.Random, count: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


def whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Rejected(f"{what} must be a whole number from {low} to {high}.")
    return value
