"""Attacks: HP is "the amount of attacks you can take without dying. Once you take an
attack at 0 HP, you die." (Rules for Runners, Stats). Shared by the GM's attack and a
runner's attack that passes its check."""

from __future__ import annotations

from hacktable.engine.contract import Audience, Event
from hacktable.games.runners import turns
from hacktable.games.runners.state import GM_ONLY, State, combatant, hidden, seat_of


def strike(state: State, ref: str, events: list[Event]) -> None:
    """One attack lands on `ref`: attack_damage HP, or death at 0 HP. A hit taken while
    hidden is never counted as one the runners saw."""
    body = combatant(state, ref)
    damage = state["options"]["attack_damage"]
    body["hits"] = body.get("hits", 0) + 1
    if not hidden(state, ref):  # what the runners can have seen: never a hit taken hidden
        body["seen_hits"] = body.get("seen_hits", 0) + 1
    if body["hp"] <= 0:
        body["dead"] = True
        if "sneak" in body:
            body["sneak"] = None
    else:
        body["hp"] = max(0, body["hp"] - damage)
    audience: Audience = GM_ONLY if hidden(state, ref) else "all"
    data = {"ref": ref, "hp": body["hp"], "dead": body["dead"]}
    if seat_of(ref) is None and not hidden(state, ref):
        data = {"ref": ref, "dead": body["dead"]}
        events.append(Event("hit_gm", {"ref": ref, "hp": body["hp"]}, GM_ONLY))
    events.append(Event("hit", data, audience))
    seat = seat_of(ref)
    if body["dead"] and seat is not None:
        state["requests"].pop(str(seat), None)
        state["called"].pop(str(seat), None)
        state["readied"].pop(str(seat), None)
    if body["dead"] and state["turn"] and state["turn"]["ref"] == ref:
        turns.end(state, events, "dead")
