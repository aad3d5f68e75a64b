"""Initiative: rolled at the mission start, GM-set for NPCs, settled among tied runners,
and rolled again by whoever enters the mission area later.

The order is a list of entries `{"ref", "init", "dice"}`, highest first. At equal
initiative runners go before NPCs (the GM chose the NPC's number knowing this) and a
latecomer goes after those already in the order.
"""

from __future__ import annotations

import random
from itertools import groupby
from typing import Any

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners.state import (
    MISSION,
    TIES,
    OrderEntry,
    State,
    dice,
    hidden,
    name_of,
    round_now,
)


def roll(state: State, rng: random.Random, seat: int, count: int,
         late: bool) -> OrderEntry:
    """A runner's public initiative roll: count d6 plus DEX."""
    character = state["characters"][str(seat)]
    rolled = dice(rng, count)
    total = sum(rolled) + character["stats"]["dex"]
    state["rolls"].append({"id": len(state["rolls"]) + 1, "kind": "initiative", "seat": seat,
                           "npc": None, "stat": "dex", "dice": rolled, "dropped": [],
                           "modifier": 0, "total": total, "dc": None, "passed": None,
                           "visibility": "public", "note": "entering late" if late else "",
                           "round": round_now(state)})
    return {"ref": f"s{seat}", "init": total, "dice": rolled}


def _key(entry: OrderEntry) -> tuple[int, int]:
    return (-entry["init"], 0 if entry["ref"].startswith("s") else 1)


def build(state: State, rng: random.Random, events: list[Event]) -> None:
    """Roll for every runner inside and sort everyone; tied runners wait for their
    rock-paper-scissors (or the server plays it, option `ties`)."""
    options = state["options"]
    entries: list[OrderEntry] = []
    for seat, character in sorted(state["characters"].items(), key=lambda kv: int(kv[0])):
        if character["dead"] or character["outside"]:
            continue
        entry = roll(state, rng, int(seat), options["initiative_dice"], late=False)
        entries.append(entry)
        events.append(Event("initiative", {"ref": entry["ref"], "dice": entry["dice"],
                                           "init": entry["init"]}, "all"))
    for n in state["npcs"]:
        if not n["dead"]:
            entries.append({"ref": n["id"], "init": n["init"], "dice": []})
            events.append(Event("initiative", {"ref": n["id"], "init": n["init"],
                                               "dice": []}, (0,)))
    entries.sort(key=_key)  # stable: runners by seat, NPCs in the order the GM added them
    state["order"] = entries
    ties = []
    for (_value, runner), group in groupby(entries, key=_key):
        refs = [e["ref"] for e in group]
        if runner == 0 and len(refs) > 1:
            ties.append(refs)
    state["ties"] = []
    for refs in ties:
        if options["ties"] == "server":
            played = list(refs)
            rng.shuffle(played)
            settle(state, played)
            events.append(Event("rps", {"order": played, "by": "server"}, "all"))
        else:
            state["ties"].append(refs)
    if state["ties"]:
        state["phase"] = TIES
        for refs in state["ties"]:
            events.append(Event("tie", {"refs": refs, "init": _init(state, refs[0])}, "all"))
    else:
        state["phase"] = MISSION


def _init(state: State, ref: str) -> int:
    return next(e["init"] for e in state["order"] if e["ref"] == ref)


def settle(state: State, order: list[str]) -> None:
    """Put tied runners in the order their rock-paper-scissors gave."""
    positions = sorted(i for i, e in enumerate(state["order"]) if e["ref"] in order)
    by_ref = {e["ref"]: e for e in state["order"]}
    for position, ref in zip(positions, order, strict=True):
        state["order"][position] = by_ref[ref]


def record_tie(state: State, order: Any, events: list[Event]) -> None:
    """The GM records the outcome of a tie: the tied runners, winner first."""
    if not state["ties"]:
        raise Rejected("No tie is waiting to be settled.")
    if not isinstance(order, list) or not all(isinstance(r, str) for r in order):
        raise Rejected("Give the tied runners in the order they go, winner first, e.g. "
                       "[\"s3\", \"s1\"].")
    for refs in state["ties"]:
        if sorted(refs) == sorted(order) and len(set(order)) == len(order):
            settle(state, order)
            state["ties"].remove(refs)
            events.append(Event("rps", {"order": order, "by": "table"}, "all"))
            if not state["ties"]:
                state["phase"] = MISSION
            return
    waiting = "; ".join(", ".join(name_of(state, r) for r in refs) for refs in state["ties"])
    raise Rejected(f"Those are not the tied runners; the tie waiting is between {waiting}.")


def insert(state: State, entry: OrderEntry) -> None:
    """A latecomer (a runner entering, an NPC the GM adds mid-mission) joins the order
    after everyone already there with the same or a higher initiative."""
    order = state["order"]
    position = len(order)
    for i, other in enumerate(order):
        if other["init"] < entry["init"]:
            position = i
            break
    order.insert(position, entry)
    turn = state["turn"]
    if turn is not None and position <= turn["index"]:
        turn["index"] += 1


def remove(state: State, ref: str) -> None:
    order = state["order"]
    for i, entry in enumerate(order):
        if entry["ref"] == ref:
            del order[i]
            turn = state["turn"]
            if turn is not None and i < turn["index"]:
                turn["index"] -= 1
            return


def public_order(state: State) -> list[OrderEntry]:
    """The order as the runners know it: hidden combatants left out without a trace."""
    return [e for e in state["order"] if not hidden(state, e["ref"])]
