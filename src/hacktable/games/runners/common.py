"""The common actions in one step: attack, unlock, hack and search (Rules for Runners, Making
a Check: "To make a generic check (ie, unlock a door, search a trash can) takes 2
seconds ... you can spend 3 seconds and take +5 on a check, or only spend 1 second but get
-5"). The runner names the action and its target and pays the generic check's seconds at
once; the check's stat defaults to the action's (options `attack_stat`, `unlock_stat`,
`hack_stat`, `search_stat`; the GM may name another), so the GM's only step is the secret
DC. When the check passes, what follows is done without another ruling: an attack lands
(attack_damage HP), a door named by its square opens. Anything else is "something else":
asked in words and priced by the GM.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners import combat, maps
from hacktable.games.runners.state import State, combatant, hidden, name_of

ACTIONS = ("attack", "unlock", "hack", "search")
STAT_OPTION = {what: f"{what}_stat" for what in ACTIONS}
TEXT_LIMIT = 60
SQUARE_KINDS = {"unlock": ("+", "a closed door"), "hack": ("T", "a terminal")}


def what_of(value: Any) -> str:
    if value not in ACTIONS:
        raise Rejected("Say what you do: attack, unlock, hack or search (anything else: "
                       "ask the GM, who names its price).")
    return value


def default_stat(options: Mapping[str, Any], what: str) -> str:
    return options[STAT_OPTION[what]]


def foes(state: State, seat: int | None) -> list[dict[str, Any]]:
    """Who this runner can see and attack: the other living runners inside and the NPCs
    that are not hidden (a hidden NPC is nobody they know of); with no seat, everyone any
    runner could attack."""
    found = [{"ref": f"s{s}", "name": c["name"]}
             for s, c in sorted(state["characters"].items(), key=lambda kv: int(kv[0]))
             if int(s) != seat and not c["dead"] and not c["outside"]]
    found += [{"ref": n["id"], "name": n["name"]} for n in state["npcs"]
              if not n["hidden"] and not n["dead"]]
    return found


def squares(state: State, what: str) -> list[dict[str, Any]]:
    """The squares of the (public) map an unlock or a hack may name."""
    rows = state["map"]
    if rows is None or what not in SQUARE_KINDS:
        return []
    char, word = SQUARE_KINDS[what]
    return [{"at": [x, y], "name": f"{word} at ({x}, {y})"}
            for y, row in enumerate(rows) for x, c in enumerate(row) if c == char]


def targets(state: State, seat: int | None) -> list[dict[str, Any]]:
    """Each common action with its stat and what it may aim at, for a runner's screen (and
    the same table, for any runner, on the GM's and the spectators')."""
    options = state["options"]
    return [{"what": what, "stat": default_stat(options, what),
             "targets": foes(state, seat) if what == "attack" else squares(state, what)}
            for what in ACTIONS]


def target_of(state: State, seat: int, what: str, value: Any) -> Any:
    """The action's target as the runner named it, checked against what they can see: a
    combatant's reference for an attack, a square for an unlock or a hack on a map, else
    a few words (or nothing)."""
    if what == "attack":
        seen = foes(state, seat)
        if not any(f["ref"] == value for f in seen):  # hidden or unknown: the same words
            names = ", ".join(f"{f['name']} ({f['ref']})" for f in seen) or "nobody"
            raise Rejected(f"Name someone you can see to attack: {names}.")
        return value
    if isinstance(value, list | str) and what in SQUARE_KINDS and state["map"] is not None \
            and (isinstance(value, list) or maps.looks_like_square(value)):
        x, y = maps.coordinates(value)
        char, word = SQUARE_KINDS[what]
        if maps.square(state["map"], x, y) != char:
            raise Rejected(f"Square ({x}, {y}) is not {word}; name {word}'s square, or "
                           "leave the target out and tell the GM.")
        return [x, y]
    if value is None:
        return None
    if not isinstance(value, str):
        raise Rejected("Name the target in a few words (or a square of the map).")
    return " ".join(value.split())[:TEXT_LIMIT] or None


def target_name(state: State, target: Any) -> str:
    if isinstance(target, list):
        return f"({target[0]}, {target[1]})"
    if isinstance(target, str) and (target.startswith("s") or target.startswith("n")):
        try:
            return name_of(state, target)
        except Rejected:
            return target
    return str(target or "")


def consequence(state: State, request: Mapping[str, Any], record: Mapping[str, Any],
                events: list[Event]) -> None:
    """What a passed common action does by itself: the attack lands, the door opens."""
    what, target = request.get("what"), request.get("target")
    if not record["passed"] or what is None:
        return
    if what == "attack" and isinstance(target, str):
        try:
            body = combatant(state, target)
        except Rejected:
            return
        if not body["dead"]:
            combat.strike(state, target, events)
    elif what == "unlock" and isinstance(target, list) and state["map"] is not None \
            and maps.square(state["map"], target[0], target[1]) == "+":
        state["map"] = maps.set_door(state["map"], target[0], target[1], True)
        events.append(Event("door", {"at": list(target), "open": True}, "all"))


def public(state: State, request: Mapping[str, Any]) -> dict[str, Any]:
    """What everyone is told of a common action: what and at whom (a hidden target cannot
    happen: the runner could not name it)."""
    target = request.get("target")
    if isinstance(target, str) and target.startswith("n") and hidden(state, target):
        target = None
    return {"what": request.get("what"), "target": target}
