"""Attacks: daemons defending, cycles taken, perl's Abysmal Code and reactions (seed §8–9).

An attack of value X from machine A on machine D:

1. If it comes from perl and D idled enough cycles last turn, D is asked whether to
   nullify it (the *nullify* window).
2. It meets D's daemons one by one (`defence_order`). A daemon whose defence the attack
   matches is defeated and trashed; with `overflow=spend` it uses up that much of the
   attack and the rest goes on; a daemon it cannot match stops it.
3. Whatever is left takes that many of D's cycle counters, which go to A.
4. If any daemon was touched and their reaction values add up to more than nothing, D is
   asked whether to return fire with that sum against A (the *react* window).
"""

from __future__ import annotations

from hacktable.engine.contract import EVERYONE, Event
from hacktable.games.cpu.state import (
    OUT,
    Events,
    State,
    eliminate,
    gain_cycles,
    lose_cycles,
    machine,
    trash,
    values,
)


def ordered_daemons(state: State, seat: int) -> list[int]:
    daemons = list(machine(state, seat)["daemons"])
    order = state["options"]["defence_order"]
    if order == "strongest":
        daemons.sort(key=lambda head: -values(state, head)[1])
    elif order == "weakest":
        daemons.sort(key=lambda head: values(state, head)[1])
    return daemons


def attack(state: State, attacker: int, defender: int, value: int, events: Events, *,
           perl: bool = False, reaction: bool = False) -> None:
    """Start an attack; it may stop at a window waiting for the defender."""
    d = machine(state, defender)
    if attacker not in d["attackers"]:
        d["attackers"].append(attacker)
        d["attackers"].sort()
    events.append(Event("attack", {"by": attacker, "target": defender, "value": value,
                                   "reaction": reaction, "perl": perl}, EVERYONE))
    if perl and d["idled_last"] >= state["options"]["perl_idled_cycles"]:
        open_window(state, "nullify", defender, attacker, value, reaction)
        return
    resolve(state, attacker, defender, value, events, reaction=reaction)


def open_window(state: State, kind: str, seat: int, against: int, value: int,
                reaction: bool) -> None:
    state["windows"] += 1
    state["window"] = {"kind": kind, "seat": seat, "against": against, "value": value,
                       "reaction": reaction}


def resolve(state: State, attacker: int, defender: int, value: int, events: Events, *,
            reaction: bool) -> None:
    """The attack meets the daemons, then takes cycles; a reaction may follow."""
    d = machine(state, defender)
    touched: list[int] = []
    defeated: list[int] = []
    left = value
    daemons = ordered_daemons(state, defender)
    if state["options"]["overflow"] == "all":
        touched = daemons
        if value >= sum(values(state, head)[1] for head in daemons):
            defeated = list(daemons)
        else:
            left = 0
    else:
        for head in daemons:
            if left <= 0:
                break
            touched.append(head)
            defence = values(state, head)[1]
            if left >= defence:
                defeated.append(head)
                left -= defence
            else:
                left = 0
    returned = sum(values(state, head)[2] for head in touched)
    for head in defeated:
        d["memory"].remove(head)
        d["daemons"].remove(head)
        trash(state, head)
    taken = lose_cycles(state, defender, left)
    if taken:
        gain_cycles(state, attacker, taken)
    events.append(Event("hit", {"by": attacker, "target": defender, "value": value,
                                "touched": touched, "defeated": defeated, "taken": taken},
                        EVERYONE))
    if d["cycles"] == 0:
        eliminate(state, defender, events)
        return
    if state["over"] or machine(state, attacker)["status"] == OUT:
        return
    if returned > 0 and (not reaction or state["options"]["reaction_chain"]):
        open_window(state, "react", defender, attacker, returned, True)


def close_window(state: State, choice: str, events: Events) -> None:
    """The defender's answer (or the timeout's): nullify/allow, react/decline."""
    window = state["window"]
    state["window"] = None
    seat, against, value = window["seat"], window["against"], window["value"]
    if choice == "nullify":
        machine(state, seat)["idled_last"] -= state["options"]["perl_idled_cycles"]
        events.append(Event("nullified", {"seat": seat, "by": against, "value": value},
                            EVERYONE))
    elif choice == "allow":
        resolve(state, against, seat, value, events, reaction=window["reaction"])
    elif choice == "react":
        events.append(Event("reacted", {"seat": seat, "target": against, "value": value},
                            EVERYONE))
        if machine(state, against)["status"] != OUT:
            attack(state, seat, against, value, events, reaction=True)
    else:
        events.append(Event("declined", {"seat": seat, "target": against, "value": value},
                            EVERYONE))
