"""Turns: whose turn it is, the game seconds left in it, and how it ends (seconds spent,
the runner says so, or the 30 real seconds run out and the runtime calls `timeout`).

A hidden NPC's turn shows to the runners as "the GM has the floor", told once however
many hidden turns follow each other, so they learn neither who nor how many.
"""

from __future__ import annotations

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners.state import (
    GM_ONLY,
    MISSION,
    OVER,
    State,
    alive_runners,
    combatant,
    hidden,
    private,
    seat_of,
)


def begin(state: State, events: list[Event]) -> None:
    """The first turn of the mission: the top of the order."""
    state["turn"] = {"ref": "", "index": -1, "round": 1, "seconds": 0}
    advance(state, events, first=True)


def advance(state: State, events: list[Event], first: bool = False) -> None:
    """Pass the turn to the next living combatant, wrapping into a new round."""
    if state["phase"] != MISSION:
        return
    turn = state["turn"]
    was_visible = first or not hidden(state, turn["ref"])
    order = state["order"]
    for _ in range(len(order) + 1):
        turn["index"] += 1
        if turn["index"] >= len(order):
            turn["index"] = 0
            if not first or turn["ref"]:
                turn["round"] += 1
                limit = state["options"]["round_limit"]
                if limit and turn["round"] > limit:
                    finish(state, "time", events)
                    return
                events.append(Event("round", {"round": turn["round"]}, "all"))
        if not order:
            break
        ref = order[turn["index"]]["ref"]
        if not combatant(state, ref)["dead"]:
            _start(state, ref, was_visible, events)
            return
    finish(state, "failure", events)


def _start(state: State, ref: str, was_visible: bool, events: list[Event]) -> None:
    turn = state["turn"]
    turn["ref"] = ref
    turn["seconds"] = state["options"]["game_seconds"]
    state["turns"] += 1
    state["undo"] = None
    seat = seat_of(ref)
    if seat is not None and str(seat) in state["readied"]:
        readied = state["readied"].pop(str(seat))
        events.append(Event("lapsed", {"seat": seat, "seconds": readied["seconds"]}, "all"))
        events.append(Event("lapsed_detail", {"seat": seat, "text": readied["text"]},
                            private(seat)))
    if hidden(state, ref):
        events.append(Event("turn", {"ref": ref, "round": turn["round"]}, GM_ONLY))
        if was_visible:
            events.append(Event("floor", {"round": turn["round"]}, "all"))
    else:
        events.append(Event("turn", {"ref": ref, "round": turn["round"],
                                     "seconds": turn["seconds"]}, "all"))


def spend(state: State, seat: int, seconds: int) -> None:
    """Take game seconds from a runner's turn, or say how many are left."""
    turn = state["turn"]
    if seconds > turn["seconds"]:
        raise Rejected(f"That takes {seconds} s and you have {turn['seconds']} s left this "
                       f"turn; pick something quicker or end your turn.")
    turn["seconds"] -= seconds


def settle(state: State, seat: int, events: list[Event]) -> None:
    """A runner with no seconds left and nothing to accept has finished their turn."""
    turn = state["turn"]
    if (state["phase"] == MISSION and turn["ref"] == f"s{seat}" and turn["seconds"] <= 0
            and not _awaiting(state, seat)):
        end(state, events, "spent")


def _awaiting(state: State, seat: int) -> bool:
    request = state["requests"].get(str(seat))
    return bool(request and request.get("price") is not None)


def end(state: State, events: list[Event], why: str) -> None:
    """End the current turn: unspent seconds are wasted, unanswered price offers lapse."""
    turn = state["turn"]
    ref = turn["ref"]
    seat = seat_of(ref)
    if seat is not None:
        request = state["requests"].get(str(seat))
        if request and request.get("price") is not None:
            del state["requests"][str(seat)]
        if request and request["kind"] in ("custom", "ready") and request.get("price") is None:
            del state["requests"][str(seat)]
    audience = GM_ONLY if hidden(state, ref) else "all"
    events.append(Event("turn_end", {"ref": ref, "why": why, "wasted": turn["seconds"]},
                        audience))
    advance(state, events)


def finish(state: State, result: str, events: list[Event]) -> None:
    state["phase"] = OVER
    state["result"] = result
    state["undo"] = None
    state["requests"] = {}
    state["called"] = {}
    events.append(Event("mission_over", {"result": result,
                                         "survivors": alive_runners(state)}, "all"))


def check_survivors(state: State, events: list[Event]) -> None:
    if state["phase"] == MISSION and not alive_runners(state):
        finish(state, "failure", events)
