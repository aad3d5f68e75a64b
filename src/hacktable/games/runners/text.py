"""Rules for Runners in words: event sentences, a text view, and a short notation.

Runner notation:   move 4 2 | move 5 (squares, without a map) | sneak | stop
                   attack <name> | unlock [x y] | hack [x y] | search [what]
                     (each [careful|hasty] [fail]: a check's seconds, the GM names the DC)
                   check [careful|hasty] [fail] [what you try] | keep [careful|hasty] [what]
                   ask <action> | ready <action> when <trigger> | accept | decline
                   roll [careful|hasty] | roll kept | fail | enter | end | waste <n>
GM notation:       check <runner> <stat> <dc> [public|blind|self|gm] [passive] [sight]
                     [free|charged] | dc <runner> <dc> (the stat the runner's action names)
                   keep <runner> <stat> [free|charged] | price <runner> <seconds>
                   refuse <runner> <reason> | fire <runner> | attack <ref> | door <x> <y> open|shut
                   (<runner>: the runner's name, as every screen calls them, or their number
                   counted from 1 among the runners)
                   hold (every NPC holds until the next runner) | end turn | start | rps
                   undo | end mission success|failure
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners.characters import STAT_NAMES
from hacktable.games.runners.common import foes, target_name
from hacktable.games.runners.state import GM_SEAT, State, combatant, seat_of

FUZZ_WORDS = ("move", "sneak", "stop", "check", "careful", "hasty", "ask", "ready", "when",
              "accept", "decline", "roll", "fail", "enter", "end", "waste", "price",
              "refuse", "fire", "attack", "start", "rps", "undo", "dex", "int", "12", "1",
              "2", "3", "s1", "turn", "unlock", "hack", "search", "keep", "kept", "dc",
              "hold", "free", "charged", "mission", "success", "door", "open", "8")


def _name(state: State, ref: Any) -> str:
    try:
        return combatant(state, ref)["name"]
    except Rejected:
        return "someone"


def _seat(state: State, seat: Any) -> str:
    return _name(state, f"s{seat}")


def _roll(state: State, roll: Mapping[str, Any]) -> str:
    who = _name(state, roll["npc"]) if roll.get("npc") else _seat(state, roll.get("seat"))
    stat = STAT_NAMES.get(roll.get("stat", ""), roll.get("stat", ""))
    kind = {"check": f"a {stat} check", "passive": f"a passive {stat} check",
            "sneak": "a sneaking DEX check", "find": "an INT check to find someone",
            "keep": f"a {stat} check to keep for later",
            "initiative": "initiative"}.get(roll.get("kind", ""), "a roll")
    if roll.get("blind"):
        return f"{who} rolled {kind} blind: only the GM knows the result."
    if roll.get("fail"):
        text = f"{who} fails {kind} on purpose"
    elif roll.get("passive"):
        text = f"{who}: {kind}, {roll['total']}"
    elif roll.get("kept"):
        text = f"{who} answers {kind} with a roll kept for later: {roll['total']}"
    else:
        dice = " + ".join(str(d) for d in roll.get("dice", []))
        mod = roll.get("modifier", 0)
        extra = f" {'+' if mod >= 0 else '-'} {abs(mod)}" if mod else ""
        text = f"{who} rolls {kind}: {dice} + {roll['stat'].upper()}{extra} = {roll['total']}"
        if roll.get("dropped"):
            text += f" (disadvantage: the other roll was {roll['dropped']})"
    if roll.get("dc") is not None:
        text += f" against DC {roll['dc']}: {'success' if roll['passed'] else 'failure'}"
    elif roll.get("passed") is not None:
        text += f": {'success' if roll['passed'] else 'failure'}"
    return text + "."


def describe(event: Event, state: State) -> str:
    d = event.data
    kind = event.kind
    seat = d.get("seat")
    who = _seat(state, seat) if seat is not None else _name(state, d.get("ref"))
    table = {
        "character": lambda: f"{d.get('name')} joins the team.",
        "notes": lambda: "Notes saved.",
        "mission": lambda: "The mission starts: the clock is ticking.",
        "initiative": lambda: (f"{who} rolls initiative: {' + '.join(map(str, d['dice']))} "
                               f"+ DEX = {d['init']}." if d.get("dice")
                               else f"{who} has initiative {d['init']}."),
        "tie": lambda: (f"Tie at {d['init']} between "
                        f"{' and '.join(_name(state, r) for r in d['refs'])}: "
                        "rock-paper-scissors!"),
        "rps": lambda: ("Rock-paper-scissors"
                        + (" (played by the server)" if d["by"] == "server" else "")
                        + f": {', then '.join(_name(state, r) for r in d['order'])}."),
        "round": lambda: f"Round {d['round']}.",
        "turn": lambda: f"{who}'s turn.",
        "floor": lambda: "The GM has the floor.",
        "turn_end": lambda: (f"{who} holds." if d.get("why") == "held" else
                             f"{who}'s turn ends" + (f" ({d['wasted']} s unused)."
                                                     if d.get("wasted") else ".")),
        "moved": lambda: f"{who} {'sneaks' if d.get('sneaking') else 'runs'} "
                         f"{d['squares']} square(s) ({d['seconds']} s).",
        "sneaking": lambda: f"{who} starts sneaking ({d['seconds']} s).",
        "unhidden": lambda: {"stopped": f"{who} stops sneaking.",
                             "spotted": f"{who} is spotted and stops sneaking.",
                             "found": f"{who} is found and is no longer hidden."
                             }.get(str(d.get("why")), who),
        "found_by": lambda: f"{_name(state, d['ref'])} found {who}.",
        "check_asked": lambda: _asked_check(state, who, d),
        "call_lapsed": lambda: f"{who} did not roll the {STAT_NAMES.get(d['stat'], d['stat'])} "
                               "check the GM called before the turn ended: it lapsed.",
        "asked": lambda: f"{who} asks: {d['text']}" + (
            f" when {d['trigger']}" if d.get("trigger") else "") + ".",
        "asking": lambda: f"{who} asks the GM for "
                          + ("a readied action." if d["kind"] == "ready" else "an action."),
        "priced": lambda: f"The GM says that takes {d['seconds']} s: accept or decline.",
        "refused": lambda: f"The GM refuses: {d['reason']}",
        "declined": lambda: f"{who} declines the price.",
        "custom": lambda: f"{who}: {d['text']} ({d['seconds']} s).",
        "readied": lambda: f"{who} readies an action ({d['seconds']} s).",
        "readied_detail": lambda: f"Readied: {d['text']}, when {d['trigger']}.",
        "fired": lambda: f"{who}'s readied action happens: {d['text']}.",
        "lapsed": lambda: f"{who}'s readied action lapsed ({d['seconds']} s lost).",
        "lapsed_detail": lambda: f"Lapsed: {d['text']}.",
        "called": lambda: f"The GM asks {who} for a {STAT_NAMES.get(d['stat'], d['stat'])} "
                          f"check{' to keep for later' if d.get('keep') else ''}"
                          f"{' (it costs your seconds)' if d.get('charge') else ''}"
                          f"{': ' + d['note'] if d.get('note') else ''}.",
        "called_gm": lambda: f"{who} must roll {d['stat'].upper()}" + (
            " to keep for later" if d.get("keep") else f" against DC {d['dc']}") + (
            ", paying the seconds" if d.get("charge") else "") + ".",
        "roll": lambda: _roll(state, d["roll"]),
        "roll_gm": lambda: _roll(state, d["roll"]),
        "entered": lambda: f"{who} enters the mission area: initiative "
                           f"{' + '.join(map(str, d['dice']))} + DEX = {d['init']}.",
        "npc": lambda: f"NPC {d['name']} (initiative {d['init']}) added.",
        "npc_removed": lambda: "An NPC was removed.",
        "revealed": lambda: f"{d['name']} is revealed" + (
            f" (initiative {d['init']})" if d.get("init") is not None else "") + ".",
        "vanished": lambda: f"{who} is out of sight.",
        "map": lambda: "The GM loaded a map." if d.get("rows") else "No map: theatre of mind.",
        "hit": lambda: f"{who} takes an attack" + (
            " and dies." if d["dead"] else
            (f" ({d['hp']} HP left)." if "hp" in d else ".")),
        "hit_gm": lambda: f"{who} has {d['hp']} HP left.",
        "healed": lambda: f"{who} is back to {d['hp']} HP.",
        "condition": lambda: f"{who} {'loses' if d['remove'] else 'gains'} {d['name']}.",
        "spotted": lambda: f"{who} is {'spotted' if d['spotted'] else 'out of hostile sight'}.",
        "door": lambda: f"The door at ({d['at'][0]}, {d['at'][1]}) is "
                        f"{'open' if d['open'] else 'closed'}.",
        "placed": lambda: f"{who} moves to ({d['at'][0]}, {d['at'][1]}).",
        "wasted": lambda: f"{who} waits {d['seconds']} s.",
        "undone": lambda: f"Ruling taken back: {d['do']}.",
        "undone_public": lambda: "The GM took back their last ruling.",
        "mission_over": lambda: {"success": "Mission accomplished.",
                                 "failure": "The mission failed.",
                                 "time": "The mission's time is up."}[d["result"]],
        "timeout": lambda: "Time!",
        "hack": lambda: f"The GM hands {who} a hacking task ({d['colour']} terminal).",
        "hacked": lambda: f"{who}'s hack {'succeeds' if d['solved'] else 'fails'}.",
        "hacked_gm": lambda: (f"{who} answered {d['answer']!r}: "
                              f"{'success' if d['solved'] else 'failure'}." if d["answer"]
                              else f"{who} gave up the hack: failure."),
    }
    sentence = table.get(kind)
    return sentence() if sentence else f"{kind}."


ACTION_WORDS = {"attack": "attacks", "unlock": "tries to unlock", "hack": "tries to hack",
                "search": "searches"}


def _asked_check(state: State, who: str, d: Mapping[str, Any]) -> str:
    how = f"{d['effort']} check, {d['seconds']} s"
    what = d.get("what")
    if what:
        target = target_name(state, d.get("target"))
        return f"{who} {ACTION_WORDS.get(what, what)}{' ' + target if target else ''} ({how})."
    if d.get("called"):
        return f"{who} takes the check the GM called ({how})."
    if d.get("keep"):
        return f"{who} makes a check to keep for later ({how})."
    return f"{who} tries something ({how}){': ' + d['note'] if d.get('note') else ''}."


def render(view: Mapping[str, Any], ends_at: str | None = None) -> str:
    """The view as a few lines of text (terminal play, email, the screen's fallback)."""
    lines = []
    role = "GM" if view.get("gm") else ("Spectator" if view.get("seat") is None else
                                        (view.get("me") or {}).get("name", "Runner"))
    lines.append(f"Rules for Runners — {role} — {view.get('phase')}")
    turn = view.get("turn")
    if turn:
        who = "The GM has the floor" if turn.get("floor") else f"{turn['name']}'s turn"
        seconds = "" if turn.get("seconds") is None else f", {turn['seconds']} s left"
        lines.append(f"Round {turn['round']}: {who}{seconds}"
                     + (f" (ends {ends_at})" if ends_at else ""))
    if view.get("order"):
        lines.append("Order: " + ", ".join(
            f"{e['name']} ({e['init']}){' [hidden]' if e.get('hidden') else ''}"
            for e in view["order"]))
    for r in view.get("runners") or []:
        lines.append(f"  {r['name']}: HP {r['hp']}/{r['max_hp']}, speed {r['speed']}"
                     + (", sneaking" if r["sneaking"] else "")
                     + (", dead" if r["dead"] else ""))
    if view.get("gm"):
        for n in view.get("npcs") or []:
            lines.append(f"  NPC {n['name']}: HP {n['hp']}, init {n['init']}"
                         + (" [hidden]" if n["hidden"] else ""))
        lines += _gm_questions(view)
    else:
        lines += _my_questions(view)
    if view.get("result"):
        lines.append(f"Result: {view['result']}")
    return "\n".join(lines)


def _gm_questions(view: Mapping[str, Any]) -> list[str]:
    """What waits on the GM, as the terminal shows it, with the line that answers it."""
    names = {r["seat"]: r["name"] for r in view.get("runners") or []}
    lines = []
    for key, q in sorted((view.get("requests") or {}).items(), key=lambda kv: int(kv[0])):
        seat = int(key)
        who = names.get(seat, "?")
        ref = who if who != "?" and " " not in who else str(seat)
        if q["kind"] == "check":
            what = q.get("what") or ("keep" if q.get("keep") else "check")
            target = q.get("target")
            about = (f" ({target[0]}, {target[1]})" if isinstance(target, list)
                     else f" {target}" if target else "")
            note = f" {q['note']}" if q.get("note") else ""
            hint = (f"keep {ref} STAT" if q.get("keep") else
                    f"dc {ref} DC" if q.get("stat") else f"check {ref} STAT DC")
            lines.append(f"  ? {who} asks: {what}{about}{note} ({q['effort']}, "
                         f"{q['seconds']} s) -> {hint}")
        elif q.get("price") is None:
            lines.append(f"  ? {who} asks: {q['text']}"
                         + (f" when {q['trigger']}" if q.get("trigger") else "")
                         + f" -> price {ref} SECONDS, or refuse {ref} REASON")
    for key, c in sorted((view.get("called") or {}).items(), key=lambda kv: int(kv[0])):
        lines.append(f"  {names.get(int(key), '?')} is to roll {c['stat'].upper()}"
                     + (" (kept for later)" if c.get("keep") else f" against DC {c['dc']}"))
    return lines


def _my_questions(view: Mapping[str, Any]) -> list[str]:
    """A runner's open question, the GM's call, and the rolls kept for later."""
    lines = []
    request = view.get("request")
    if request and request.get("price") is not None:
        lines.append(f"  The GM prices it at {request['price']} s: accept or decline.")
    elif request:
        lines.append("  Waiting for the GM to answer (your clock stands still).")
    called = view.get("called")
    if called:
        lines.append(f"  The GM asks for a {called['stat'].upper()} check"
                     + (" (costs your seconds: roll [careful|hasty])" if called["charged"]
                        else "") + ": roll, fail" + (", or roll kept" if any(
                            k["stat"] == called["stat"]
                            for k in (view.get("me") or {}).get("kept", [])) else "") + ".")
    for k in (view.get("me") or {}).get("kept", []):
        lines.append(f"  Kept for later: {k['stat'].upper()} "
                     + ("(blind)" if k["total"] is None else str(k["total"])))
    return lines


EFFORT_WORDS = ("careful", "hasty", "normal")


def parse(state: State, seat: int, text: str) -> dict[str, Any]:
    words = text.strip().split()
    if not words:
        raise Rejected("Write a move, e.g. `move 3 2`, `sneak`, `check careful`, `end`.")
    verb, rest = words[0].lower(), words[1:]
    if seat == GM_SEAT:
        return _parse_gm(verb, [_runner_word(state, w, i, verb) for i, w in enumerate(rest)])
    if verb == "move":
        numbers = _numbers(rest, "move")
        if len(numbers) == 2:
            return {"do": "move", "to": numbers}
        if len(numbers) == 1:
            return {"do": "move", "squares": numbers[0]}
        raise Rejected("Write `move X Y` (a square) or `move N` (squares, without a map).")
    if verb in ("sneak", "enter", "accept", "decline", "end") and not rest:
        return {"do": verb}
    if verb == "stop":
        return {"do": "stop_sneaking"}
    if verb in ("check", "roll", "keep"):
        effort = next((w for w in rest if w in EFFORT_WORDS), "normal")
        fail = "fail" in rest
        note = " ".join(w for w in rest if w not in EFFORT_WORDS and w != "fail")
        if verb == "roll" and note == "kept" and not fail:
            return {"do": "roll", "kept": True}
        if verb == "roll":
            return {"do": "fail" if fail else "roll", "effort": effort}
        if verb == "keep":
            return {"do": "check", "effort": effort, "keep": True, "note": note}
        return {"do": "check", "effort": effort, "fail": fail, "note": note}
    if verb in ACTION_WORDS:
        return _parse_action(state, seat, verb, rest)
    if verb == "fail" and not rest:
        return {"do": "fail"}
    if verb == "ask" and rest:
        return {"do": "ask", "text": " ".join(rest)}
    if verb == "ready" and "when" in rest:
        at = rest.index("when")
        return {"do": "ask", "ready": True, "text": " ".join(rest[:at]),
                "trigger": " ".join(rest[at + 1:])}
    if verb == "waste":
        numbers = _numbers(rest, "waste")
        if len(numbers) == 1:
            return {"do": "waste", "seconds": numbers[0]}
    raise Rejected(f"Could not read {text.strip()[:40]!r}: try move X Y, sneak, stop, "
                   "attack NAME, unlock [X Y], hack, search, check [careful|hasty], keep, "
                   "ask …, ready … when …, accept, decline, roll, fail, enter, end.")


def _parse_action(state: State, seat: int, what: str, rest: list[str]) -> dict[str, Any]:
    """`attack guard careful`, `unlock 8 2`, `search the desk`: a common action. A name is
    looked up among those this runner can see, never among hidden NPCs."""
    effort = next((w for w in rest if w in EFFORT_WORDS), "normal")
    fail = "fail" in rest
    words = [w for w in rest if w not in EFFORT_WORDS and w != "fail"]
    action: dict[str, Any] = {"do": "act", "what": what, "effort": effort, "fail": fail}
    if what == "attack":
        wanted = " ".join(words).lower()
        seen = foes(state, seat)
        found = [f for f in seen if wanted and (f["ref"] == wanted or f["name"].lower()
                                                .startswith(wanted))]
        if len(found) != 1:
            raise Rejected("Attack whom? Name someone you can see: "
                           + (", ".join(f["name"] for f in seen) or "nobody") + ".")
        action["target"] = found[0]["ref"]
    elif len(words) == 2 and all(w.isdigit() for w in words):
        action["target"] = [int(words[0]), int(words[1])]
    elif words:
        action["target"] = " ".join(words)
    return action


SEAT_FIRST = ("check", "dc", "keep", "price", "refuse", "fire")
"""GM rulings whose first word names a runner: by name (as every screen and the room call
them) or by the engine's runner number."""


def _runner_word(state: State, word: str, index: int, verb: str) -> str:
    """A runner named in a ruling, as the runner number the engine takes: the room labels
    seats from 1 with the GM first, so a name is the one way to agree with every screen."""
    if index != 0 or verb not in SEAT_FIRST or word.isdigit():
        return word
    found = [s for s, c in state["characters"].items()
             if c["name"].lower() == word.lower()
             or c["name"].split()[0].lower() == word.lower()]
    return found[0] if len(found) == 1 else word


def _numbers(words: list[str], verb: str) -> list[int]:
    try:
        return [int(w) for w in words]
    except ValueError:
        raise Rejected(f"`{verb}` takes numbers, not {' '.join(words)[:30]!r}.") from None


VISIBILITY_WORDS = ("public", "blind", "self", "gm")


def _flags(flags: list[str], into: dict[str, Any]) -> dict[str, Any]:
    """The words after a check: who sees it, passive, sight, free or charged."""
    into["visibility"] = next((w for w in flags if w in VISIBILITY_WORDS), None)
    if "passive" in flags:
        into["passive"] = True
    if "sight" in flags:
        into["sight"] = True
    if "free" in flags or "charged" in flags:
        into["charge"] = "charged" in flags
    return into


def _parse_gm(verb: str, rest: list[str]) -> dict[str, Any]:
    if verb in ("start", "rps", "undo", "hold") and not rest:
        return {"do": verb}
    if verb == "end" and rest == ["turn"]:
        return {"do": "end_turn"}
    if verb == "end" and rest[:1] == ["mission"] and len(rest) <= 2:
        return {"do": "end_mission", "result": rest[1] if len(rest) == 2 else "success"}
    if verb == "check" and len(rest) >= 3:
        seat, dc = _numbers([rest[0], rest[2]], "check")
        return _flags(rest[3:], {"do": "check", "seat": seat, "stat": rest[1], "dc": dc,
                                 "passive": False, "sight": False})
    if verb == "dc" and len(rest) >= 2:
        seat, dc = _numbers(rest[:2], "dc")
        return _flags(rest[2:], {"do": "check", "seat": seat, "dc": dc})
    if verb == "keep" and len(rest) >= 2:
        return _flags(rest[2:], {"do": "check", "seat": _numbers(rest[:1], "keep")[0],
                                 "stat": rest[1], "keep": True})
    if verb == "door" and len(rest) == 3 and rest[2] in ("open", "shut", "closed"):
        return {"do": "door", "at": _numbers(rest[:2], "door"), "open": rest[2] == "open"}
    if verb == "price" and len(rest) == 2:
        seat, seconds = _numbers(rest, "price")
        return {"do": "price", "seat": seat, "seconds": seconds}
    if verb == "refuse" and len(rest) >= 2:
        return {"do": "refuse", "seat": _numbers(rest[:1], "refuse")[0],
                "reason": " ".join(rest[1:])}
    if verb == "fire" and len(rest) == 1:
        return {"do": "fire", "seat": _numbers(rest, "fire")[0]}
    if verb == "attack" and len(rest) == 1:
        return {"do": "attack", "target": rest[0]}
    raise Rejected("Could not read that ruling (RUNNER: a runner's name or number): try "
                   "check RUNNER STAT DC [public|blind|self] "
                   "[passive] [sight] [free|charged], dc RUNNER DC, keep RUNNER STAT, price "
                   "RUNNER SECONDS, refuse RUNNER REASON, fire RUNNER, attack REF, door X Y "
                   "open|shut, "
                   "hold, end turn, start, rps, undo, end mission success|failure.")


def seat_name(state: State, ref: str) -> str:
    seat = seat_of(ref)
    return state["names"][seat] if seat is not None else ref
