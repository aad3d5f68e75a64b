"""What each viewer may see. The GM (seat 0, and the host's "gm" viewer) sees everything;
a runner sees their own sheet, rolls and requests, the team, and only the NPCs that are
not hidden; the spectator sees what every runner sees. Hidden NPCs leave no trace in a
runner's view: not a name, not a count (their references are random), not a gap in the
order, and their turns show as "the GM has the floor"."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from hacktable.games.runners import asks, common, hacking, initiative, kept
from hacktable.games.runners.calls import called_view
from hacktable.games.runners.characters import STATS, export, speed
from hacktable.games.runners.checks import visible_roll
from hacktable.games.runners.state import GM_SEAT, State, hidden, name_of, seat_of

ROLLS_SHOWN = 40


def _passives(state: State, character: Mapping[str, Any]) -> dict[str, int]:
    base = state["options"]["passive_base"]
    return {k: base + character["stats"][k] for k in STATS}


def _runner_public(state: State, seat: int, character: Mapping[str, Any]) -> dict:
    return {"seat": seat, "ref": f"s{seat}", "name": character["name"],
            "stats": dict(character["stats"]), "hp": character["hp"],
            "max_hp": character["max_hp"], "dead": character["dead"],
            "speed": speed(character["stats"]["dex"], state["options"]),
            "sneaking": character["sneak"] is not None, "spotted": character["spotted"],
            "outside": character["outside"], "pos": character["pos"],
            "ran": character.get("ran", 0),
            "conditions": [dict(c) for c in character["conditions"]],
            "readied": str(seat) in state["readied"],
            "asking": (state["requests"].get(str(seat)) or {}).get("kind")}


def _runner_full(state: State, seat: int, character: Mapping[str, Any],
                 gm: bool = False) -> dict:
    full = _runner_public(state, seat, character)
    full.update({"inventory": list(character["inventory"]), "notes": character["notes"],
                 "sneak": character["sneak"], "passives": _passives(state, character),
                 "kept": [dict(k) for k in character.get("kept", [])] if gm
                 else kept.shown(character),
                 "export": json.dumps(export(character), sort_keys=True)})
    return full


def _turn(state: State, gm: bool) -> dict | None:
    turn = state["turn"]
    if turn is None:
        return None
    ref = turn["ref"]
    if not gm and hidden(state, ref):
        return {"floor": True, "round": turn["round"], "ref": None, "name": None,
                "seat": None, "seconds": None, "waiting": False}
    seat = seat_of(ref)
    return {"floor": False, "round": turn["round"], "ref": ref, "name": name_of(state, ref),
            "seat": seat, "seconds": turn["seconds"] if seat is not None else None,
            "waiting": seat is not None and asks.holds_clock(state, seat),
            "hidden": hidden(state, ref) if gm else False}


def _order(state: State, gm: bool) -> list[dict]:
    entries = state["order"] if gm else initiative.public_order(state)
    current = (state["turn"] or {}).get("ref")
    shown = []
    for entry in entries:
        ref = entry["ref"]
        row = {"ref": ref, "name": name_of(state, ref), "init": entry["init"],
               "dice": list(entry["dice"]), "current": ref == current,
               "dead": _body(state, ref)["dead"]}
        if gm:
            row["hidden"] = hidden(state, ref)
        shown.append(row)
    return shown


def _body(state: State, ref: str) -> Mapping[str, Any]:
    from hacktable.games.runners.state import combatant

    return combatant(state, ref)


def _common(state: State) -> dict[str, Any]:
    return {"phase": state["phase"], "names": list(state["names"]),
            "options": dict(state["options"]), "result": state["result"],
            "map": None if state["map"] is None else list(state["map"]),
            "ties": [[{"ref": r, "name": name_of(state, r)} for r in refs]
                     for refs in state["ties"]]}


def gm_view(state: State, seat: int | None) -> dict[str, Any]:
    view = _common(state)
    view.update({
        "gm": True, "seat": seat,
        "runners": [_runner_full(state, int(s), c, gm=True)
                    for s, c in sorted(state["characters"].items(), key=lambda kv: int(kv[0]))],
        "npcs": [dict(n) for n in state["npcs"]],
        "order": _order(state, gm=True), "turn": _turn(state, gm=True),
        "requests": {s: dict(r) for s, r in state["requests"].items()},
        "waiting": asks.seats_waiting(state),
        "called": {s: dict(c) for s, c in state["called"].items()},
        "readied": {s: dict(r) for s, r in state["readied"].items()},
        "rolls": [dict(r) for r in state["rolls"][-ROLLS_SHOWN:]],
        "tasks": hacking.gm_view(state),
        "actions": common.targets(state, None),
        "undo": None if state["undo"] is None or state["undo"]["turns"] != state["turns"]
        else state["undo"]["do"],
    })
    return view


def runner_view(state: State, seat: int | None) -> dict[str, Any]:
    """A runner's view (seat) or the spectator's (None): no hidden NPC, DC or GM roll."""
    view = _common(state)
    chars = sorted(state["characters"].items(), key=lambda kv: int(kv[0]))
    rolls = [shown for r in state["rolls"]
             if (shown := visible_roll(state, r, seat if seat is not None else "spectator"))]
    me = state["characters"].get(str(seat)) if seat is not None else None
    view.update({
        "gm": False, "seat": seat,
        "me": _runner_full(state, seat, me) if me is not None and seat is not None else None,
        "runners": [_runner_public(state, int(s), c) for s, c in chars],
        "npcs": [{"ref": n["id"], "name": n["name"], "pos": n["pos"], "dead": n["dead"],
                  "hits": n.get("seen_hits", 0),
                  "conditions": [dict(c) for c in n["conditions"]]}
                 for n in state["npcs"] if not n["hidden"]],
        "order": _order(state, gm=False), "turn": _turn(state, gm=False),
        "rolls": rolls[-ROLLS_SHOWN:],
        "request": None, "called": None, "readied": None, "hack": None,
        "actions": common.targets(state, seat),
    })
    if seat is not None:
        request = state["requests"].get(str(seat))
        called = state["called"].get(str(seat))
        view["request"] = None if request is None else dict(request)
        view["called"] = None if called is None else called_view(called)
        readied = state["readied"].get(str(seat))
        view["readied"] = None if readied is None else dict(readied)
        view["hack"] = hacking.seat_view(state, seat)
    return view


def view(state: State, viewer: Any) -> dict[str, Any]:
    if viewer == "gm" or viewer == GM_SEAT:
        return gm_view(state, GM_SEAT if viewer == GM_SEAT else None)
    return runner_view(state, viewer if isinstance(viewer, int) else None)
