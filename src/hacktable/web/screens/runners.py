"""Rules for Runners' screen helper: one viewer's view turned into rows the template prints.

The GM's console (seat 0, or the host's "gm" viewer) gets everything: secret DCs, hidden
NPCs, every roll, pending requests and readied actions with their triggers, quick checks,
the map with all tokens. A runner's screen (phone first) gets their sheet, the public order,
their seconds and the actions they can afford with their costs. Everything comes from the
viewer's own view, so nothing hidden can reach a runner's page; the costs printed on buttons
come from the rule options in the view, and the server checks every move again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from hacktable.games.runners import maps
from hacktable.games.runners.characters import STAT_NAMES, STATS

Json = dict[str, Any]
VISIBILITY_LABELS = {"gm": "runner and GM", "public": "everyone", "blind": "GM only (blind)",
                     "self": "runner and GM (self: the GM sees every roll)"}
"""Who really sees a roll: the GM sees every one, so a "self" roll is the runner's and the
GM's, never the runner's alone (docs/rules/runners.md)."""
SQUARE_TEXT = {"#": "wall", ".": "floor", ",": "dark", "+": "closed door", "'": "open door",
               "T": "terminal", "S": "start"}
PHASES = {"prep": "Preparing the mission", "ties": "Settling the initiative ties",
          "mission": "Mission under way", "over": "Mission over"}
RESULTS = {"success": "Mission accomplished.", "failure": "The mission failed.",
           "time": "The mission's time is up."}
MOVE_CHOICES = 24


def _seconds(n: int) -> str:
    return f"{n} s"


def _roll_row(view: Mapping[str, Any], roll: Mapping[str, Any]) -> Json:
    runners = {r["seat"]: r["name"] for r in view.get("runners") or []}
    npcs = {n.get("id", n.get("ref")): n["name"] for n in view.get("npcs") or []}
    who = npcs.get(roll.get("npc"), "an NPC") if roll.get("npc") else runners.get(
        roll.get("seat"), "?")
    stat = STAT_NAMES.get(roll.get("stat", ""), roll.get("stat", ""))
    kinds = {"check": f"{stat} check", "passive": f"passive {stat}", "sneak": "sneaking (DEX)",
             "find": "INT to find", "initiative": "initiative"}
    if roll.get("blind"):
        detail = "rolled blind: only the GM knows"
    elif roll.get("fail"):
        detail = "failed on purpose"
    elif roll.get("passive"):
        detail = f"= {roll['total']}"
    else:
        mod = roll.get("modifier", 0)
        extra = f" {'+' if mod >= 0 else '−'} {abs(mod)}" if mod else ""
        detail = (f"{' + '.join(map(str, roll.get('dice', [])))} + "
                  f"{str(roll.get('stat', '')).upper()}{extra} = {roll['total']}")
        if roll.get("dropped"):
            detail += f" (disadvantage; other roll {' + '.join(map(str, roll['dropped']))})"
    verdict = ""
    if roll.get("passed") is not None:
        verdict = "✓ pass" if roll["passed"] else "✗ fail"
    return {"who": who, "kind": kinds.get(roll.get("kind", ""), roll.get("kind", "")),
            "detail": detail, "dc": roll.get("dc"), "verdict": verdict,
            "note": roll.get("note", ""), "visibility": VISIBILITY_LABELS.get(
                roll.get("visibility", ""), roll.get("visibility", ""))}


def _map(view: Mapping[str, Any], gm: bool) -> Json | None:
    rows = view.get("map")
    if not rows:
        return None
    tokens: dict[tuple[int, int], list[Json]] = {}
    for r in view.get("runners") or []:
        if r.get("pos") and not r.get("outside"):
            tokens.setdefault(tuple(r["pos"]), []).append(
                {"mark": r["name"][:1].upper(), "name": r["name"], "hidden": False,
                 "dead": r["dead"], "kind": "runner"})
    for n in view.get("npcs") or []:
        if n.get("pos"):
            tokens.setdefault(tuple(n["pos"]), []).append(
                {"mark": "?" if gm and n.get("hidden") else "!", "name": n["name"],
                 "hidden": bool(gm and n.get("hidden")), "dead": n["dead"], "kind": "npc"})
    grid = []
    for y, row in enumerate(rows):
        cells = []
        for x, char in enumerate(row):
            here = tokens.get((x, y), [])
            label = SQUARE_TEXT.get(char, char)
            if here:
                label += ": " + ", ".join(t["name"] + (" (hidden)" if t["hidden"] else "")
                                          for t in here)
            cells.append({"x": x, "y": y, "char": char, "css": f"sq-{SQUARE_CSS[char]}",
                          "mark": here[0]["mark"] if here else ("T" if char == "T" else ""),
                          "token": bool(here), "hidden": any(t["hidden"] for t in here),
                          "label": f"({x}, {y}) {label}"})
        grid.append(cells)
    width = max(len(r) for r in rows)
    return {"rows": grid, "width": width}


SQUARE_CSS = {"#": "wall", ".": "floor", ",": "dark", "+": "door", "'": "open", "T": "terminal",
              "S": "start"}


def _move_choices(view: Mapping[str, Any], me: Mapping[str, Any], left: int) -> list[Json]:
    options = view.get("options") or {}
    per = options.get("sneak_move_seconds", 2) if me.get("sneaking") else options.get(
        "move_seconds", 1)
    if per > left:
        return []
    speed = me.get("speed") or 1
    reach = int(speed * (left // per))
    rows = view.get("map")
    if not rows or not me.get("pos"):
        return [{"label": f"{n} square{'s' if n > 1 else ''} "
                          f"({_seconds(maps.move_cost(n, speed, per))})",
                 "json": {"do": "move", "squares": n}} for n in range(1, reach + 1)]
    here = (me["pos"][0], me["pos"][1])
    found = []
    for x, y in maps.reachable(list(rows), here, reach, options.get("diagonals", True)):
        steps = maps.steps(list(rows), here, (x, y), options.get("diagonals", True)) or 0
        found.append((steps, x, y))
    found.sort()
    return [{"label": f"({x}, {y}): {s} square{'s' if s > 1 else ''}, "
                      f"{_seconds(maps.move_cost(s, speed, per))}",
             "json": {"do": "move", "to": [x, y]}} for s, x, y in found[:MOVE_CHOICES * 4]]


def _efforts(options: Mapping[str, Any], left: int) -> list[Json]:
    rows = [("normal", options.get("check_seconds", 2), ""),
            ("careful", options.get("careful_seconds", 3), f"+{options.get('careful_bonus', 5)}"),
            ("hasty", options.get("hasty_seconds", 1), f"−{options.get('hasty_penalty', 5)}")]
    return [{"effort": e, "seconds": s, "label": f"{e.capitalize()} check ({_seconds(s)}"
             + (f", {b})" if b else ")"), "affordable": s <= left} for e, s, b in rows]


def _turn_line(view: Mapping[str, Any], you: int | None) -> str:
    turn = view.get("turn")
    if view.get("phase") != "mission" or not turn:
        return PHASES.get(view.get("phase", ""), "")
    if turn.get("floor"):
        return f"Round {turn['round']}: the GM has the floor."
    if turn.get("seat") is not None and turn["seat"] == you:
        return f"Round {turn['round']}: your turn, {_seconds(turn['seconds'])} left."
    hidden = " (hidden NPC)" if turn.get("hidden") else ""
    return f"Round {turn['round']}: {turn['name']}'s turn{hidden}."


def _runner_sheet(r: Mapping[str, Any]) -> Json:
    return {**r, "stat_rows": [{"key": k.upper(), "name": STAT_NAMES[k],
                                "value": r["stats"][k]} for k in STATS],
            "hp_text": f"{r['hp']} of {r['max_hp']} HP" + (" — dead" if r["dead"] else ""),
            "status": ", ".join(w for w, on in (("sneaking", r.get("sneaking")),
                                                 ("spotted", r.get("spotted")),
                                                 ("outside", r.get("outside")),
                                                 ("action readied", r.get("readied")),
                                                 ("dead", r.get("dead"))) if on) or "ready"}


def _gm_extras(view: Mapping[str, Any]) -> Json:
    names = {r["seat"]: r["name"] for r in view.get("runners") or []}
    requests = []
    for seat, request in sorted((view.get("requests") or {}).items(), key=lambda kv: int(kv[0])):
        requests.append({**request, "seat": int(seat), "name": names.get(int(seat), "?")})
    called = [{**c, "seat": int(s), "name": names.get(int(s), "?")}
              for s, c in sorted((view.get("called") or {}).items())]
    readied = [{**r, "seat": int(s), "name": names.get(int(s), "?")}
               for s, r in sorted((view.get("readied") or {}).items())]
    npcs = view.get("npcs") or []
    sneakers = [r for r in view.get("runners") or [] if r.get("sneaking") and not r["dead"]]
    tasks = [{**t, "seat": int(s), "name": names.get(int(s), "?")}
             for s, t in sorted((view.get("tasks") or {}).items())]
    return {"requests": requests, "called": called, "readied": readied, "npcs": npcs,
            "tasks": tasks,
            "sneakers": sneakers,
            "targets": [{"ref": r["ref"], "name": r["name"]} for r in view.get("runners") or []
                        if not r["dead"]] + [{"ref": n["id"], "name": n["name"] + (
                            " (hidden)" if n["hidden"] else "")} for n in npcs if not n["dead"]],
            "stats": [{"key": k, "name": STAT_NAMES[k]} for k in STATS],
            "visibilities": [{"key": k, "label": v} for k, v in VISIBILITY_LABELS.items()],
            "npc_turn": bool(view.get("turn") and view["turn"].get("seat") is None
                             and not view["turn"].get("floor")),
            "map_text": "\n".join(view.get("map") or [])}


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    """Template rows for whichever viewer this view belongs to (GM, runner or spectator)."""
    view = context.get("view") or {}
    gm = bool(view.get("gm"))
    you = view.get("seat") if not gm else None
    kind = "gm" if gm else ("runner" if you is not None else "spectator")
    prompt = context.get("prompt") or None
    options = view.get("options") or {}
    turn = view.get("turn") or {}
    me = view.get("me")
    mine = bool(me and turn.get("seat") == you and view.get("phase") == "mission")
    left = int(turn.get("seconds") or 0) if mine else 0
    rr: dict[str, Any] = {
        "kind": kind, "gm": gm, "you": you, "can_act": prompt is not None,
        "phase": view.get("phase"), "phase_text": PHASES.get(view.get("phase", ""), ""),
        "turn_line": _turn_line(view, you), "mine": mine, "left": left,
        "game_seconds": options.get("game_seconds", 3),
        "pips": ["●"] * left + ["○"] * max(0, options.get("game_seconds", 3) - left)
        if mine else [],
        "order": view.get("order") or [], "ties": view.get("ties") or [],
        "runners": [_runner_sheet(r) for r in view.get("runners") or []],
        "me": _runner_sheet(me) if me else None,
        "rolls": [_roll_row(view, r) for r in reversed(view.get("rolls") or [])][:12],
        "map": _map(view, gm), "result": RESULTS.get(view.get("result") or "", ""),
        "request": view.get("request"), "called": view.get("called"),
        "readied": view.get("readied"), "options": options, "hack": view.get("hack"),
        "visible_npcs": [] if gm else view.get("npcs") or [],
    }
    if me:
        sheet = {**json.loads(me["export"]), "outside": me["outside"]}
        rr["sheet_json"] = json.dumps(sheet, indent=1)
    if me and mine:
        rr["moves"] = _move_choices(view, me, left)
        rr["efforts"] = _efforts(options, left)
        rr["sneak_cost"] = options.get("sneak_seconds", 3)
        rr["can_sneak"] = (not me.get("sneaking") and left >= rr["sneak_cost"])
    if gm:
        rr.update(_gm_extras(view))
        rr["undo"] = view.get("undo")
    rr["announce"] = rr["turn_line"]
    return {"rr": rr}
