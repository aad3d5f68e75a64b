"""Daemons at the start of their owner's turn (CPU, §8: "Daemonised binaries execute
automatically at the start of your turn. If the binary has a special action, you can choose
whether or not to use it.").

When a turn begins every daemon is queued (`turn["pending"]`, in daemonisation order) and
runs by itself. The owner is asked only when there is a real choice: more than one machine
it could attack, or gdb's Disassembler. A daemon that could only defend, has nothing to
attack or cannot pay `daemon_cycles` does nothing. On a timeout, or when the owner's first
act is something else, each daemon runs its `default`: the first attackable machine after
its owner in turn order, without the special.
"""

from __future__ import annotations

from hacktable.games.cpu import combat
from hacktable.games.cpu.actions import Move
from hacktable.games.cpu.cards import GDB
from hacktable.games.cpu.state import (
    Events,
    State,
    attackable,
    card,
    free_cycles,
    machine,
    turn_order,
    values,
)


def targets(state: State, seat: int) -> list[int]:
    """Machines this seat may attack, starting with the next one in turn order."""
    order = turn_order(state)
    at = order.index(seat)
    return [s for s in order[at + 1:] + order[:at] if attackable(state, s)]


def cost(state: State, move: Move) -> int:
    extra = state["options"]["gdb_cycles"] if move.disassemble is not None else 0
    return state["options"]["daemon_cycles"] + extra


def choices(state: State, seat: int, head: int) -> list[Move]:
    """Every way this daemon may run now, the default first; empty when it has nothing to
    do (no attack value and no special to use, nothing to attack, or too few cycles)."""
    m = machine(state, seat)
    if head not in m["daemons"] or head not in state["turn"]["pending"]:
        return []
    free = free_cycles(state)
    if state["options"]["daemon_cycles"] > free:
        return []
    aims = targets(state, seat) if values(state, head)[0] >= 1 else []
    found = [Move("fire", head, target=t) for t in aims]
    if card(state, head).key == GDB:
        aimed: list[int | None] = [*aims] or [None]
        special = [Move("fire", head, target=aim, disassemble=victim)
                   for aim in aimed
                   for victim in combat.gdb_victims(state, seat, head, aim)]
        special = [move for move in special if cost(state, move) <= free]
        if special and not aims:
            found.append(Move("fire", head))  # the special is optional: run without it
        found += special
    return found


def default(state: State, seat: int, head: int) -> Move | None:
    """What the daemon does when its owner does not choose: the first machine in turn
    order after its owner, no special."""
    options = choices(state, seat, head)
    plain = [move for move in options if move.disassemble is None]
    return (plain or options)[0] if options else None


def fire(state: State, seat: int, move: Move, events: Events) -> None:
    combat.run(state, seat, move, cost(state, move), events)


def run_pending(state: State, events: Events) -> bool:
    """Run every queued daemon that needs no choice. False while the owner must choose;
    True when the queue is done or an attack is waiting for a defender."""
    turn = state["turn"]
    seat = turn["seat"]
    while turn["pending"]:
        head = turn["pending"][0]
        options = choices(state, seat, head)
        if not options:
            turn["pending"].pop(0)
            continue
        if len(options) > 1:
            return False
        fire(state, seat, options[0], events)
        if state["window"] is not None or state["over"] or turn["step"] != "daemons":
            return True
    turn["step"] = "next" if turn["missed"] else "start"
    return True


def fire_defaults(state: State, events: Events) -> None:
    """Every queued daemon runs its default, until an attack waits for a defender."""
    turn = state["turn"]
    seat = turn["seat"]
    while turn["pending"] and state["window"] is None and not state["over"]:
        head = turn["pending"][0]
        move = default(state, seat, head)
        if move is None:
            turn["pending"].pop(0)
            continue
        fire(state, seat, move, events)
        if turn["step"] != "daemons":
            return
    if not turn["pending"] and turn["step"] == "daemons" and state["window"] is None:
        turn["step"] = "next" if turn["missed"] else "start"
