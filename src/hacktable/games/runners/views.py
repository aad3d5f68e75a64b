"""What each viewer may see. The GM (seat 0, and the host's "gm" viewer) sees everything;
a runner sees their own sheet, rolls and requests, the team, and only the NPCs that are
not hidden; the spectator sees what every runner sees. Hidden NPCs leave no trace in a
runner's view: not a name, not a count (their references are random), not a gap in the
order, and their turns show as "the GM has the floor"."""

from __future__ import annotations

import json
from typing import Any, NotRequired, TypedDict, cast

from hacktable.engine.contract import Viewer
from hacktable.games.runners import asks, common, hacking, initiative, kept
from hacktable.games.runners.calls import called_view
from hacktable.games.runners.characters import STATS, export, speed
from hacktable.games.runners.checks import visible_roll
from hacktable.games.runners.state import (
    GM_SEAT,
    Character,
    Combatant,
    Condition,
    RunnersOptions,
    State,
    combatant,
    hidden,
    name_of,
    seat_of,
)

ROLLS_SHOWN = 40


# -- the typed view: what `view` returns, key for key (the screen builder reads these) --------

class RunnerView(TypedDict):
    """A runner as the table sees them; their own sheet (`me`, and every runner on the GM's
    view) adds the keys from `inventory` on."""

    seat: int
    ref: str
    name: str
    stats: dict[str, int]
    hp: int
    max_hp: int
    dead: bool
    speed: float
    sneaking: bool
    spotted: bool
    outside: bool
    pos: list[int] | None
    ran: int
    conditions: list[Condition]
    readied: bool
    asking: str | None
    inventory: NotRequired[list[str]]
    notes: NotRequired[str]
    sneak: NotRequired[int | None]
    passives: NotRequired[dict[str, int]]
    kept: NotRequired[list[dict[str, Any]]]
    export: NotRequired[str]


class NpcView(TypedDict):
    """An NPC a runner may see (`ref`, and `hits` as seen), or the whole record on the GM's
    view (`id`, `hidden` and the rest)."""

    name: str
    pos: list[int] | None
    dead: bool
    hits: int
    conditions: list[Condition]
    ref: NotRequired[str]
    id: NotRequired[str]
    hidden: NotRequired[bool]
    init: NotRequired[int]
    hp: NotRequired[int]
    max_hp: NotRequired[int]
    stats: NotRequired[dict[str, int]]
    notes: NotRequired[str]
    seen_hits: NotRequired[int]


class OrderView(TypedDict):
    """One place in the initiative order (`hidden` on the GM's view only)."""

    ref: str
    name: str
    init: int
    dice: list[int]
    current: bool
    dead: bool
    hidden: NotRequired[bool]


class TurnView(TypedDict):
    """Whose turn it is; a hidden NPC's shows as `floor` (the GM has the floor)."""

    floor: bool
    round: int
    ref: str | None
    name: str | None
    seat: int | None
    seconds: int | None
    waiting: bool
    hidden: NotRequired[bool]


class RollView(TypedDict):
    """A roll as this viewer may see it (`checks.visible_roll`): a blind one only happened;
    an initiative roll has no `passive`, `fail` or `disadvantage`."""

    kind: str
    seat: int | None
    npc: str | None
    stat: str
    visibility: str
    note: str
    round: int
    id: NotRequired[int]
    dice: NotRequired[list[int]]
    dropped: NotRequired[list[int]]
    modifier: NotRequired[int]
    passive: NotRequired[bool]
    fail: NotRequired[bool]
    disadvantage: NotRequired[bool]
    total: NotRequired[int | None]
    dc: NotRequired[int | None]
    passed: NotRequired[bool | None]
    blind: NotRequired[bool]
    """A blind roll, as its roller sees it."""
    kept: NotRequired[bool]
    """A check answered with a roll kept for later."""


class ActionView(TypedDict):
    """A common action, its stat and what it may aim at (`common.targets`)."""

    what: str
    stat: str
    targets: list[dict[str, Any]]


class CalledView(TypedDict):
    """A check the GM called for, as its runner sees it (`calls.called_view`)."""

    stat: str
    note: str
    sight: bool
    charged: bool
    keep: bool


class NamedRef(TypedDict):
    ref: str
    name: str


class RunnersView(TypedDict):
    """One viewer's view: the common part, then the GM's (`gm_view`: every sheet and NPC,
    requests, calls and readied actions by seat, the tasks, `undo`) or a runner's or the
    spectator's (`runner_view`: `me`, and their own `request`, `called`, `readied`, `hack`).
    Requests, readied actions and tasks stay plain JSON records."""

    phase: str
    names: list[str]
    options: RunnersOptions
    result: str | None
    map: list[str] | None
    ties: list[list[NamedRef]]
    gm: bool
    seat: int | None
    runners: list[RunnerView]
    npcs: list[NpcView]
    order: list[OrderView]
    turn: TurnView | None
    rolls: list[RollView]
    actions: list[ActionView]
    called: CalledView | dict[str, dict[str, Any]] | None
    readied: dict[str, Any] | None
    requests: NotRequired[dict[str, dict[str, Any]]]
    waiting: NotRequired[list[int]]
    tasks: NotRequired[dict[str, dict[str, Any]]]
    undo: NotRequired[str | None]
    me: NotRequired[RunnerView | None]
    request: NotRequired[dict[str, Any] | None]
    hack: NotRequired[dict[str, Any] | None]


def _passives(state: State, character: Character) -> dict[str, int]:
    base = state["options"]["passive_base"]
    return {k: base + character["stats"][k] for k in STATS}


def _runner_public(state: State, seat: int, character: Character) -> RunnerView:
    return {"seat": seat, "ref": f"s{seat}", "name": character["name"],
            "stats": dict(character["stats"]), "hp": character["hp"],
            "max_hp": character["max_hp"], "dead": character["dead"],
            "speed": speed(character["stats"]["dex"], state["options"]),
            "sneaking": character["sneak"] is not None, "spotted": character["spotted"],
            "outside": character["outside"], "pos": character["pos"],
            "ran": character.get("ran", 0),
            "conditions": [c.copy() for c in character["conditions"]],
            "readied": str(seat) in state["readied"],
            "asking": (state["requests"].get(str(seat)) or {}).get("kind")}


def _runner_full(state: State, seat: int, character: Character,
                 gm: bool = False) -> RunnerView:
    full = _runner_public(state, seat, character)
    full.update({"inventory": list(character["inventory"]), "notes": character["notes"],
                 "sneak": character["sneak"], "passives": _passives(state, character),
                 "kept": [dict(k) for k in character.get("kept", [])] if gm
                 else kept.shown(character),
                 "export": json.dumps(export(character), sort_keys=True)})
    return full


def _turn(state: State, gm: bool) -> TurnView | None:
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


def _order(state: State, gm: bool) -> list[OrderView]:
    entries = state["order"] if gm else initiative.public_order(state)
    turn = state["turn"]
    current = turn["ref"] if turn else None
    shown = []
    for entry in entries:
        ref = entry["ref"]
        row: OrderView = {"ref": ref, "name": name_of(state, ref), "init": entry["init"],
               "dice": list(entry["dice"]), "current": ref == current,
               "dead": _body(state, ref)["dead"]}
        if gm:
            row["hidden"] = hidden(state, ref)
        shown.append(row)
    return shown


def _body(state: State, ref: str) -> Combatant:
    return combatant(state, ref)


def _common(state: State) -> dict[str, Any]:
    """The part every viewer's view shares (`RunnersView` is whole only with the rest)."""
    return {"phase": state["phase"], "names": list(state["names"]),
            "options": dict(state["options"]), "result": state["result"],
            "map": None if state["map"] is None else list(state["map"]),
            "ties": [[{"ref": r, "name": name_of(state, r)} for r in refs]
                     for refs in state["ties"]]}


def gm_view(state: State, seat: int | None) -> RunnersView:
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
    return cast(RunnersView, view)


def runner_view(state: State, seat: int | None) -> RunnersView:
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
                  "conditions": [c.copy() for c in n["conditions"]]}
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
    return cast(RunnersView, view)


def view(state: State, viewer: Viewer) -> RunnersView:
    if viewer == "gm" or viewer == GM_SEAT:
        return gm_view(state, GM_SEAT if viewer == GM_SEAT else None)
    return runner_view(state, viewer if isinstance(viewer, int) else None)
