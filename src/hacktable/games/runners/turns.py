"""Turns: whose turn it is, the game seconds left in it, and how it ends (seconds spent,
the runner says so, or the 30 real seconds run out and the runtime calls `timeout`).

Only runners have seconds: an NPC's turn has no budget, so it never reads "3 s unused".
A stretch of NPC turns in a row (hidden or not) is one phase for the runtime (`stretch`):
one deadline for all of it when `npc_turn_seconds` is set, so the runners can neither
count the hidden NPCs by a clock restarting nor time them. The GM plays an NPC's turn and
ends it, or lets every NPC hold until the next runner (`pass_npcs`). A hidden NPC's turn
shows to the runners as "the GM has the floor", told once however many hidden turns
follow each other, so they learn neither who nor how many.
"""

from __future__ import annotations

from typing import Literal

from hacktable.engine.contract import Audience, Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners.asks import keeps_turn_open
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
    seconds_left,
    turn_now,
)


def begin(state: State, events: list[Event]) -> None:
    """The first turn of the mission: the top of the order."""
    state["turn"] = {"ref": "", "index": -1, "round": 1, "seconds": 0}
    advance(state, events, first=True)


def advance(state: State, events: list[Event], first: bool = False) -> None:
    """Pass the turn to the next living combatant, wrapping into a new round."""
    if state["phase"] != MISSION:
        return
    turn = turn_now(state)
    was_visible = first or not hidden(state, turn["ref"])
    after_npc = not first and bool(turn["ref"]) and seat_of(turn["ref"]) is None
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
            _start(state, ref, was_visible, after_npc, events)
            return
    finish(state, "failure", events)


def _start(state: State, ref: str, was_visible: bool, after_npc: bool,
           events: list[Event]) -> None:
    turn = turn_now(state)
    seat = seat_of(ref)
    turn["ref"] = ref
    turn["seconds"] = state["options"]["game_seconds"] if seat is not None else None
    state["turns"] += 1
    if seat is not None or not after_npc:  # a runner's turn, or a stretch of NPCs begins
        state["stretch"] = state.get("stretch", 0) + 1
    state["undo"] = None
    if seat is not None and str(seat) in state["readied"]:
        readied = state["readied"].pop(str(seat))
        events.append(Event("lapsed", {"seat": seat, "seconds": readied["seconds"]}, "all"))
        events.append(Event("lapsed_detail", {"seat": seat, "text": readied["text"]},
                            private(seat)))
    if hidden(state, ref):
        events.append(Event("turn", {"ref": ref, "round": turn["round"]}, GM_ONLY))
        if was_visible:
            events.append(Event("floor", {"round": turn["round"]}, "all"))
    elif seat is None:
        events.append(Event("turn", {"ref": ref, "round": turn["round"]}, "all"))
    else:
        events.append(Event("turn", {"ref": ref, "round": turn["round"],
                                     "seconds": turn["seconds"]}, "all"))


def spend(state: State, seat: int, seconds: int) -> None:
    """Take game seconds from a runner's turn, or say how many are left."""
    left = seconds_left(state)
    if seconds > left:
        raise Rejected(f"That takes {seconds} s and you have {left} s left this "
                       f"turn; pick something quicker or end your turn.")
    turn_now(state)["seconds"] = left - seconds


def settle(state: State, seat: int, events: list[Event]) -> None:
    """A runner with no seconds left and nothing asked still open has finished their turn
    (what was asked is ruled, accepted or rolled first: the turn waits for it)."""
    turn = turn_now(state)
    if (state["phase"] == MISSION and turn["ref"] == f"s{seat}" and seconds_left(state) <= 0
            and not keeps_turn_open(state, seat)):
        end(state, events, "spent")


def settle_current(state: State, events: list[Event]) -> None:
    """After the GM's ruling: the runner whose turn it is may have finished it."""
    if state["phase"] == MISSION:
        seat = seat_of(turn_now(state)["ref"])
        if seat is not None:
            settle(state, seat, events)


def end(state: State, events: list[Event], why: str) -> None:
    """End the current turn: a runner's unspent seconds are wasted, unanswered price offers
    and unasked-for custom actions lapse, and so does a check the GM called for this turn
    that costs seconds (it had to be rolled on this turn)."""
    turn = turn_now(state)
    ref = turn["ref"]
    seat = seat_of(ref)
    data: dict = {"ref": ref, "why": why}
    if seat is not None:
        request = state["requests"].get(str(seat))
        if request and request.get("price") is not None:
            del state["requests"][str(seat)]
        if request and request["kind"] in ("custom", "ready") and request.get("price") is None:
            del state["requests"][str(seat)]
        called = state["called"].get(str(seat))
        if called and called.get("charge"):
            del state["called"][str(seat)]
            events.append(Event("call_lapsed", {"seat": seat, "stat": called["stat"]},
                                private(seat)))
        data["wasted"] = turn["seconds"]
    audience: Audience = GM_ONLY if hidden(state, ref) else "all"
    events.append(Event("turn_end", data, audience))
    advance(state, events)


def pass_npcs(state: State, events: list[Event], why: str) -> None:
    """Every NPC holds until the next runner's turn: the current NPC's turn and each NPC
    turn after it end (at most once round the order: with no runner inside, it stops).
    Hidden turns passed over in the same breath are not announced as the GM having the
    floor: the floor was never held."""
    start = len(events)
    for _ in range(len(state["order"]) + 1):
        if state["phase"] != MISSION or seat_of(turn_now(state)["ref"]) is not None:
            break
        end(state, events, why)
    if state["phase"] == MISSION and seat_of(turn_now(state)["ref"]) is not None:
        events[start:] = [e for e in events[start:] if e.kind != "floor"]


def finish(state: State, result: Literal["success", "failure", "time"],
           events: list[Event]) -> None:
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
