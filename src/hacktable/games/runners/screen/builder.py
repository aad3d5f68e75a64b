"""Rules for Runners' screen helper: one viewer's view turned into rows the template prints.

The GM's console (seat 0, or the host's "gm" viewer) gets everything: secret DCs, hidden
NPCs, every roll, pending requests (a common action ruled with one tap on a DC, a check
kept for later with one tap on a stat), who waits on the GM, readied actions with their
triggers, every runner's kept rolls, the map with all tokens. A runner's screen (phone
first) gets their sheet and kept rolls, the public order, their seconds, the common actions
as one-tap buttons aimed at what their own view names, the map to tap, and whether the
clock stands still because the turn waits on the GM. Everything comes from the viewer's own
view (`views.RunnersView`), so nothing hidden can reach a runner's page; the costs printed
on buttons come from the rule options in the view, and the server checks every move again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from hacktable.games.dotrun.tasks.wellformed import form
from hacktable.games.runners import maps
from hacktable.games.runners.characters import STAT_NAMES, STATS
from hacktable.games.runners.views import NpcView, RollView, RunnersView, RunnerView

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


def _seconds(n: int | None) -> str:
    return f"{n} s"


def _roll_row(view: RunnersView, roll: RollView) -> Json:
    runners: dict[int | None, str] = {r["seat"]: r["name"] for r in view.get("runners") or []}
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


def _tokens(view: RunnersView, gm: bool) -> dict[tuple[int, int], list[Json]]:
    """The tokens on each square this viewer may see: runners inside, and NPCs (marked
    hidden for the GM where the runners cannot see them)."""
    tokens: dict[tuple[int, int], list[Json]] = {}
    for r in view.get("runners") or []:
        pos = r.get("pos")
        if pos and not r.get("outside"):
            tokens.setdefault((pos[0], pos[1]), []).append(
                {"mark": r["name"][:1].upper(), "name": r["name"], "hidden": False,
                 "dead": r["dead"], "kind": "runner"})
    for n in view.get("npcs") or []:
        at = n.get("pos")
        if at:
            hidden = bool(gm and n.get("hidden"))
            tokens.setdefault((at[0], at[1]), []).append(
                {"mark": "?" if hidden else "!", "name": n["name"],
                 "hidden": hidden, "dead": n["dead"], "kind": "npc"})
    return tokens


def _cell(x: int, y: int, char: str, here: list[Json], reach: set[tuple[int, int]]) -> Json:
    """One square of the map, with its tokens, in words for a screen reader too."""
    label = SQUARE_TEXT.get(char, char)
    if here:
        label += ": " + ", ".join(t["name"] + (" (hidden)" if t["hidden"] else "")
                                  for t in here)
    return {"x": x, "y": y, "char": char, "css": f"sq-{SQUARE_CSS[char]}",
            "mark": here[0]["mark"] if here else ("T" if char == "T" else ""),
            "token": bool(here), "hidden": any(t["hidden"] for t in here),
            "reach": (x, y) in reach, "door": char in "+'",
            "label": f"({x}, {y}) {label}"}


def _map(view: RunnersView, gm: bool, reach: set[tuple[int, int]] | None = None
         ) -> Json | None:
    """The map's squares with their tokens; `reach`: the squares this runner can run to
    with the seconds left (marked, so a tap lands somewhere the server accepts)."""
    rows = view.get("map")
    if not rows:
        return None
    reach = reach or set()
    tokens = _tokens(view, gm)
    grid = [[_cell(x, y, char, tokens.get((x, y), []), reach) for x, char in enumerate(row)]
            for y, row in enumerate(rows)]
    me: Mapping[str, Any] = view.get("me") or {}
    if me.get("pos") and not me.get("outside"):
        x, y = me["pos"]
        if 0 <= y < len(grid) and 0 <= x < len(grid[y]):
            grid[y][x]["mine"] = True  # a phone's scrolled map opens on the runner's square
    width = max(len(r) for r in rows)
    return {"rows": grid, "width": width, "columns": list(range(width))}


SQUARE_CSS = {"#": "wall", ".": "floor", ",": "dark", "+": "door", "'": "open", "T": "terminal",
              "S": "start"}


def _move_choices(view: RunnersView, me: RunnerView, left: int) -> list[Json]:
    options = view.get("options") or {}
    per = options.get("sneak_move_seconds", 2) if me.get("sneaking") else options.get(
        "move_seconds", 1)
    if per > left:
        return []
    speed = me.get("speed") or 1
    reach = int(speed * (left // per))
    rows = view.get("map")
    pos = me.get("pos")
    if not rows or not pos:
        return [{"label": f"{n} square{'s' if n > 1 else ''} "
                          f"({_seconds(maps.move_cost(n, speed, per))})",
                 "json": {"do": "move", "squares": n}} for n in range(1, reach + 1)]
    here = (pos[0], pos[1])
    found = []
    for x, y in maps.reachable(list(rows), here, reach, options.get("diagonals", True)):
        steps = maps.steps(list(rows), here, (x, y), options.get("diagonals", True)) or 0
        found.append((steps, x, y))
    found.sort()
    return [{"label": f"({x}, {y}): {s} square{'s' if s > 1 else ''}, "
                      f"{_seconds(maps.move_cost(s, speed, per))}",
             "at": [x, y], "json": {"do": "move", "to": [x, y]}}
            for s, x, y in found[:MOVE_CHOICES * 4]]


def _efforts(options: Mapping[str, Any], left: int) -> list[Json]:
    rows = [("normal", options.get("check_seconds", 2), ""),
            ("careful", options.get("careful_seconds", 3), f"+{options.get('careful_bonus', 5)}"),
            ("hasty", options.get("hasty_seconds", 1), f"−{options.get('hasty_penalty', 5)}")]
    return [{"effort": e, "seconds": s, "bonus": b,
             "short": f"{e} ({_seconds(s)}" + (f", {b})" if b else ")"),
             "label": f"{e.capitalize()} check ({_seconds(s)}"
             + (f", {b})" if b else ")"), "affordable": s <= left} for e, s, b in rows]


ACTION_LABELS = {"attack": "Attack", "unlock": "Unlock", "hack": "Hack", "search": "Search"}
ACTION_HINTS = {"attack": "someone you can see", "unlock": "a door or a lock",
                "hack": "a terminal", "search": "a trash can, a desk"}
BUTTONS_PER_ACTION = 4
"""Up to this many targets get a button each (one tap); more share a list and one button."""


def _actions(view: RunnersView) -> list[Json]:
    """The common actions (attack, unlock, hack, search) as one-step controls, from the
    view's own list: a runner can aim only at what their view names (no hidden NPC)."""
    rows = []
    for entry in view.get("actions") or []:
        what = entry["what"]
        targets = [{"value": t.get("ref", t.get("at")), "name": t["name"],
                    "teammate": str(t.get("ref", "")).startswith("s")}
                   for t in entry.get("targets") or []]
        targets.sort(key=lambda t: t["teammate"])  # foes first, teammates after
        rows.append({"what": what, "label": ACTION_LABELS.get(what, what.capitalize()),
                     "stat": entry["stat"], "stat_name": STAT_NAMES.get(entry["stat"],
                                                                      entry["stat"]),
                     "targets": targets, "buttons": len(targets) <= BUTTONS_PER_ACTION,
                     "hint": ACTION_HINTS.get(what, ""),
                     "needs_target": what == "attack"})
    return rows


def _kept_rows(me: RunnerView) -> list[Json]:
    return [{"stat": k["stat"], "name": STAT_NAMES.get(k["stat"], k["stat"]),
             "total": k.get("total"), "note": k.get("note", ""),
             "text": f"{STAT_NAMES.get(k['stat'], k['stat'])} "
             + ("(rolled blind: only the GM knows the total)" if k.get("total") is None
                else str(k["total"]))
             + (f" — {k['note']}" if k.get("note") else "")}
            for k in me.get("kept") or []]


def _called(view: RunnersView, me: RunnerView | None, left: int,
            mine: bool) -> Json | None:
    """The check the GM called for, with the ways this runner may answer it: an effort
    (charged calls cost their seconds), their kept roll of that stat, or failing it."""
    called: Mapping[str, Any] | None = view.get("called")
    if not called or me is None:
        return None
    options = view.get("options") or {}
    charged = bool(called.get("charged"))
    kept = None if called.get("keep") else next(
        (k for k in _kept_rows(me) if k["stat"] == called["stat"]), None)
    name = STAT_NAMES.get(called["stat"], called["stat"])
    return {**called, "stat_name": name,
            "article": "an" if name[:1].lower() in "aeiou" else "a",
            "efforts": [e for e in _efforts(options, left if mine else 0)
                        if e["affordable"]] if charged else [],
            "kept_roll": kept}


def _turn_line(view: RunnersView, you: int | None) -> str:
    turn = view.get("turn")
    if view.get("phase") != "mission" or not turn:
        return PHASES.get(view.get("phase", ""), "")
    if turn.get("floor"):
        return f"Round {turn['round']}: the GM has the floor."
    if turn.get("seat") is not None and turn["seat"] == you:
        return f"Round {turn['round']}: your turn, {_seconds(turn['seconds'])} left."
    hidden = " (hidden NPC)" if turn.get("hidden") else ""
    return f"Round {turn['round']}: {turn['name']}'s turn{hidden}."


def _waiting_line(view: RunnersView, prompt: Mapping[str, Any] | None,
                  match: Mapping[str, Any], you: int | None) -> str:
    """Whether the clock stands still because the runner whose turn it is waits on the GM:
    the GM's time is not the runner's (Rules for Runners, Turns)."""
    turn: Mapping[str, Any] = view.get("turn") or {}
    if prompt and prompt.get("waiting"):
        return "Waiting for the GM — the clock stands still."
    if turn.get("waiting") or match.get("held"):
        who = turn.get("name") if turn.get("seat") not in (None, you) else None
        return (f"{who} is waiting for the GM" if who else "Waiting for the GM") + \
            " — the clock stands still."
    return ""


def _runner_sheet(r: RunnerView) -> Json:
    return {**r, "stat_rows": [{"key": k.upper(), "name": STAT_NAMES[k],
                                "value": r["stats"][k]} for k in STATS],
            "hp_text": f"{r['hp']} of {r['max_hp']} HP" + (" — dead" if r["dead"] else ""),
            "kept_rows": _kept_rows(r),
            "inventory_text": "\n".join(r.get("inventory") or []),
            "status": ", ".join(w for w, on in (("sneaking", r.get("sneaking")),
                                                 ("spotted", r.get("spotted")),
                                                 ("outside", r.get("outside")),
                                                 ("action readied", r.get("readied")),
                                                 ("dead", r.get("dead"))) if on) or "ready"}


DC_CHOICES = (8, 12, 15, 18)
"""One-tap DCs on the GM console (the seed's easy old lock is 12, its alarm 15)."""


def _request_row(view: RunnersView, seat: int, request: Mapping[str, Any],
                 names: Mapping[int, str]) -> Json:
    """A runner's request as the GM rules it: a common action names its stat (the GM's one
    step is the DC), a check kept for later needs only a stat, any other check both."""
    form = "price"
    if request.get("kind") == "check":
        form = "stat" if request.get("keep") else ("dc" if request.get("stat") else "both")
    target_name = _target_name(view, request.get("target"), request.get("what"))
    what = request.get("what")
    title = (f"wants to {what}{' ' + target_name if target_name else ''}" if what
             else "tries: " + (request.get("note") or ("a check to keep for later"
                                                       if request.get("keep") else "a check")))
    return {**request, "seat": seat, "name": names.get(seat, "?"), "form": form,
            "title": title, "stat_name": STAT_NAMES.get(request.get("stat") or "", "")}


SQUARE_WORDS = {"unlock": "the door at", "hack": "the terminal at"}


def _target_name(view: RunnersView, target: Any, what: str | None = None) -> str:
    """A request's target in words: a square, or the name of whoever it names (from this
    viewer's own view: a runner can only have named someone they see)."""
    if isinstance(target, list):
        return f"{SQUARE_WORDS.get(what or '', 'the square')} ({target[0]}, {target[1]})"
    if isinstance(target, str):
        everyone: dict[str | None, str] = {r["ref"]: r["name"] for r in view.get("runners") or []}
        everyone.update({n.get("id", n.get("ref")): n["name"] for n in view.get("npcs") or []})
        return everyone.get(target, "someone out of sight")
    return ""


def _asked_text(view: RunnersView, request: Mapping[str, Any] | None) -> str:
    if not request:
        return ""
    what = request.get("what")
    if what:
        target = _target_name(view, request.get("target"), what)
        return f"{ACTION_LABELS.get(what, what).lower()}{' ' + target if target else ''}" \
            f" ({request.get('effort', 'normal')}, {_seconds(request.get('seconds', 0))})"
    if request.get("text"):
        return f"“{request['text']}”"
    return request.get("note") or ("a check to keep for later" if request.get("keep")
                                    else "a check")


def _by_seat(view: RunnersView, key: str, names: Mapping[int, str]) -> list[Json]:
    """A per-seat table of the GM's view (what each runner called, readied, is solving)
    as rows in seat order, each with the runner's seat and name."""
    # `key` names one of the GM's per-seat tables (calls, readied actions, tasks).
    table = cast(Mapping[str, Mapping[str, Any]], view.get(key) or {})
    return [{**row, "seat": int(s), "name": names.get(int(s), "?")}
            for s, row in sorted(table.items(), key=lambda kv: int(kv[0]))]


def _npc_label(npc: NpcView) -> dict[str, Any]:
    return {"ref": npc["id"], "name": npc["name"] + (" (hidden)" if npc["hidden"] else "")}


def _gm_targets(view: RunnersView, npcs: list[NpcView]) -> dict[str, Any]:
    """Who the GM may name: every living runner and NPC as a target, and as a token on
    the map every living runner still inside."""
    runners = view.get("runners") or []
    living_npcs = [_npc_label(n) for n in npcs if not n["dead"]]
    return {"targets": [{"ref": r["ref"], "name": r["name"]} for r in runners
                        if not r["dead"]] + living_npcs,
            "tokens": [{"ref": r["ref"], "name": r["name"]} for r in runners
                       if not r["dead"] and not r.get("outside")] + living_npcs}


def _gm_extras(view: RunnersView) -> Json:
    names = {r["seat"]: r["name"] for r in view.get("runners") or []}
    requests = [_request_row(view, int(seat), request, names)
                for seat, request in sorted((view.get("requests") or {}).items(),
                                            key=lambda kv: int(kv[0]))]
    npcs = view.get("npcs") or []
    sneakers = [r for r in view.get("runners") or [] if r.get("sneaking") and not r["dead"]]
    turn: Mapping[str, Any] = view.get("turn") or {}
    return {"requests": requests, "called": _by_seat(view, "called", names),
            "readied": _by_seat(view, "readied", names), "npcs": npcs,
            "tasks": _by_seat(view, "tasks", names), "dc_choices": DC_CHOICES,
            "sneakers": sneakers,
            "waiting_names": [names.get(s, "?") for s in view.get("waiting") or []],
            **_gm_targets(view, npcs),
            "stats": [{"key": k, "name": STAT_NAMES[k]} for k in STATS],
            "visibilities": [{"key": k, "label": v} for k, v in VISIBILITY_LABELS.items()],
            "npc_turn": bool(turn and turn.get("seat") is None and not turn.get("floor")),
            "map_text": "\n".join(view.get("map") or [])}


def _viewer(view: RunnersView) -> tuple[str, bool, int | None]:
    gm = bool(view.get("gm"))
    you = view.get("seat") if not gm else None
    return ("gm" if gm else ("runner" if you is not None else "spectator")), gm, you


def _turn_rows(context: Mapping[str, Any], view: RunnersView, you: int | None,
               mine: bool, left: int) -> dict[str, Any]:
    """Whose turn it is, what it waits on, and the seconds left as pips."""
    prompt = context.get("prompt") or None
    match = context.get("match") or {}
    options = view.get("options") or {}
    turn: Mapping[str, Any] = view.get("turn") or {}
    seconds = options.get("game_seconds", 3)
    mission = view.get("phase") == "mission"
    return {
        "can_act": prompt is not None,
        "phase": view.get("phase"), "phase_text": PHASES.get(view.get("phase", ""), ""),
        "turn_line": _turn_line(view, you), "mine": mine, "left": left,
        "waiting_line": _waiting_line(view, prompt, match, you) if mission else "",
        "turn_key": f"{view.get('phase')}:{turn.get('round', '')}:{turn.get('name') or ''}",
        "turn_seat": turn.get("seat"),
        "turn_waiting": bool(turn.get("waiting") or match.get("held")),
        "game_seconds": seconds,
        "pips": ["●"] * left + ["○"] * max(0, seconds - left) if mine else [],
    }


def _table_rows(view: RunnersView, gm: bool, me: RunnerView | None, moves: list[Json],
                left: int, mine: bool) -> dict[str, Any]:
    """The mission as this viewer sees it: the order, the sheets, the rolls, the map."""
    request = view.get("request")
    reach = {tuple(m["at"]) for m in moves if m.get("at")} if not request else set()
    return {
        "order": view.get("order") or [], "ties": view.get("ties") or [],
        "runners": [_runner_sheet(r) for r in view.get("runners") or []],
        "me": _runner_sheet(me) if me else None,
        "rolls": [_roll_row(view, r) for r in reversed(view.get("rolls") or [])][:12],
        "map": _map(view, gm, reach), "result": RESULTS.get(view.get("result") or "", ""),
        "request": request, "request_text": _asked_text(view, request),
        "called": _called(view, me, left, mine),
        "readied": view.get("readied"), "options": view.get("options") or {},
        "hack": _hack(view.get("hack")),
        "visible_npcs": [] if gm else view.get("npcs") or [],
    }


def _forced_hasty(efforts: list[Json], options: Mapping[str, Any], left: int) -> Json:
    """When the seconds left pay for a hasty check only ("only spend 1 second but get -5 on
    the check", Rules for Runners, Checks), every check and action sent now is hasty: the
    screen says so, and why, before anything is sent (the radio alone changed silently)."""
    by_effort = {e["effort"]: e for e in efforts}
    if by_effort["normal"]["affordable"] or not by_effort["hasty"]["affordable"]:
        return {"forced": None, "effort_note": "", "effort_suffix": ""}
    normal, hasty = by_effort["normal"], by_effort["hasty"]
    penalty = options.get("hasty_penalty", 5)
    return {"forced": "hasty", "effort_suffix": f" (hasty, −{penalty})",
            "effort_note": f"Only {_seconds(left)} left: a normal check takes "
                           f"{_seconds(normal['seconds'])}, so whatever you do now is hasty "
                           f"({_seconds(hasty['seconds'])}, −{penalty} on the roll)."}


def _turn_controls(view: RunnersView, me: RunnerView, moves: list[Json],
                   left: int) -> dict[str, Any]:
    """A runner's own turn: where to move, how hard to try, what to do, whether to sneak."""
    options = view.get("options") or {}
    actions = _actions(view)
    sneak_cost = options.get("sneak_seconds", 3)
    efforts = _efforts(options, left)
    return {
        **_forced_hasty(efforts, options, left),
        "moves": moves, "efforts": efforts, "actions": actions,
        "doors": [t for a in actions if a["what"] == "unlock" for t in a["targets"]],
        "terminals": [t for a in actions if a["what"] == "hack" for t in a["targets"]],
        "sneak_cost": sneak_cost,
        "can_sneak": (not me.get("sneaking") and left >= sneak_cost),
    }


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    """Template rows for whichever viewer this view belongs to (GM, runner or spectator)."""
    view = cast(RunnersView, context.get("view") or {})
    kind, gm, you = _viewer(view)
    turn: Mapping[str, Any] = view.get("turn") or {}
    me = view.get("me")
    mine = bool(me and turn.get("seat") == you and view.get("phase") == "mission")
    left = int(turn.get("seconds") or 0) if mine else 0
    moves = _move_choices(view, me, left) if me and mine else []
    rr: dict[str, Any] = {"kind": kind, "gm": gm, "you": you}
    rr.update(_turn_rows(context, view, you, mine, left))
    rr.update(_table_rows(view, gm, me, moves, left, mine))
    if me:
        sheet = {**json.loads(me["export"]), "outside": me["outside"]}
        rr["sheet_json"] = json.dumps(sheet, indent=1)
    if me and mine:
        rr.update(_turn_controls(view, me, moves, left))
    if gm:
        rr.update(_gm_extras(view))
        rr["undo"] = view.get("undo")
    rr["announce"] = rr["turn_line"] + (" " + rr["waiting_line"] if rr["waiting_line"] else "")
    return {"rr": rr}


def _hack(hack: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The hacker's own task with how its answer box checks the shape (./Run's rules)."""
    task = (hack or {}).get("task")
    if not task or hack is None:  # no task without a hack
        return hack
    return {**hack, "task": {**task, "form": form(task["kind"], task["public"])}}
