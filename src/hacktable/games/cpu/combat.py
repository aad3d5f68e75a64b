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

from typing import Literal

from hacktable.engine.contract import EVERYONE, Event
from hacktable.games.cpu.actions import Move
from hacktable.games.cpu.cards import PERL
from hacktable.games.cpu.state import (
    OUT,
    Events,
    State,
    card,
    current_window,
    eliminate,
    gain_cycles,
    is_binary,
    lose_cycles,
    machine,
    memory_slots,
    parts,
    spend,
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
    if not reaction:
        state["chain"] = []
    if attacker not in d["attackers"]:
        d["attackers"].append(attacker)
        d["attackers"].sort()
    events.append(Event("attack", {"by": attacker, "target": defender, "value": value,
                                   "reaction": reaction, "perl": perl}, EVERYONE))
    if perl and d["idled_last"] >= state["options"]["perl_idled_cycles"]:
        open_window(state, "nullify", defender, attacker, value, reaction)
        return
    resolve(state, attacker, defender, value, events, reaction=reaction)


def open_window(state: State, kind: Literal["nullify", "react"], seat: int, against: int,
                value: int, reaction: bool) -> None:
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
    # With reaction_chain a daemon returns fire once per chain of attacks, so two walls of
    # daemons cannot trade reactions for ever.
    fresh = [head for head in touched if head not in state["chain"]]
    returned = sum(values(state, head)[2] for head in fresh)
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
        state["chain"] += [head for head in fresh if values(state, head)[2] > 0]
        open_window(state, "react", defender, attacker, returned, True)


def close_window(state: State, choice: str, events: Events) -> None:
    """The defender's answer (or the timeout's): nullify/allow, react/decline."""
    window = current_window(state)
    state["window"] = None
    seat, against, value = window["seat"], window["against"], window["value"]
    if choice == "nullify":
        need = state["options"]["perl_idled_cycles"]
        machine(state, seat)["idled_last"] -= need
        if state["options"]["idled_cycles"] == "counters":
            state["supply"] += lose_cycles(state, seat, need)
            if machine(state, seat)["cycles"] == 0:
                eliminate(state, seat, events)
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


# -- running a binary (execute, daemonise, a daemon's turn-start run) ---------------------

def gdb_owner(state: State, seat: int, target: int | None) -> list[int]:
    """Whose memory gdb's Disassembler may reach: your own, and with `gdb_target=any` the
    machine it attacks."""
    owners = [seat]
    if state["options"]["gdb_target"] == "any" and target is not None:
        owners.append(target)
    return owners


def gdb_reason(state: State, seat: int, head: int, target: int | None,
               victim: int) -> str | None:
    """Why gdb cannot disassemble `victim` now, or None when it can ("You must have the
    memory available": a free slot for each card past the first, where the binary lies)."""
    for owner in gdb_owner(state, seat, target):
        m = machine(state, owner)
        if victim in m["memory"] and victim != head and is_binary(state, victim):
            room = memory_slots(state, owner) - len(m["memory"])
            need = len(parts(state, victim)) - 1
            if need > room:
                return (f"Disassembling that binary needs {need} free memory slots; there "
                        f"are {room}.")
            return None
    return ("gdb disassembles another binary in your own memory" + (
        " or in the memory of the machine it attacks." if state["options"]["gdb_target"]
        == "any" else "."))


def gdb_victims(state: State, seat: int, head: int, target: int | None) -> list[int]:
    found = []
    for owner in gdb_owner(state, seat, target):
        found += [v for v in machine(state, owner)["memory"]
                  if gdb_reason(state, seat, head, target, v) is None]
    return found


def run(state: State, seat: int, move: Move, cost: int, events: Events) -> None:
    """Execute, daemonise or fire: pay, let gdb disassemble, then attack."""
    m = machine(state, seat)
    turn = state["turn"]
    head = move.needs("item")
    spend(state, cost, events)
    if state["over"] or m["status"] == OUT:
        return
    if move.disassemble is not None:
        victim = move.disassemble
        owner = next(o for o in gdb_owner(state, seat, move.target)
                     if victim in machine(state, o)["memory"])
        holder = machine(state, owner)
        libraries = state["binaries"].pop(str(victim))
        at = holder["memory"].index(victim)
        holder["memory"][at + 1:at + 1] = libraries
        if victim in holder["daemons"]:
            holder["daemons"].remove(victim)
        events.append(Event("disassemble", {"seat": owner, "item": victim, "by": seat,
                                            "cards": [victim, *libraries]}, EVERYONE))
    if move.do == "execute":
        m["memory"].remove(head)
        m["hand"].append(head)
    elif move.do == "daemonise":
        m["daemons"].append(head)
    else:
        turn["fired"].append(head)
        if head in turn["pending"]:
            turn["pending"].remove(head)
    events.append(Event(move.do, {"seat": seat, "item": head, "target": move.target,
                                  "cost": cost}, EVERYONE))
    if move.target is not None and machine(state, move.target)["status"] != OUT:
        value = values(state, head)[0]
        if turn["doubled"]:
            value *= state["options"]["meganet_factor"]
        attack(state, seat, move.target, value, events, perl=card(state, head).key == PERL)
