"""CPU's screen helper: one viewer's view and legal moves turned into rows the template prints.

Everything comes from the context the server passed for one viewer: its own view
(`views.CpuView`; a seat sees its backing store, never another one nor the draw order) and,
for a seat being asked, `legal`, its legal moves as action JSON. Each move becomes a button
or a choice in a small form posting that exact JSON, so no rule is repeated in Jinja or
JavaScript: the template only prints what this module grouped. Card texts come from the
catalogue, not the view.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any, cast

from hacktable.games.cpu.actions import MoveJson
from hacktable.games.cpu.cards import CATALOGUE, KIND_NAMES
from hacktable.games.cpu.views import CpuView, ItemView, MachineView
from hacktable.games.screen_context import closed

Json = dict[str, Any]

STATUS = {
    "running": ("▶", "running"),
    "down": ("■", "shut down"),
    "booting": ("↻", "booting"),
    "out": ("✖", "out of the game"),
}
STEP = {
    "down": "shut down: restart the machine or stay down",
    "daemons": "start of the turn: the daemons run (choose their targets)",
    "start": "start of the turn: the machine may shut down",
    "main": "spending cycles",
    "shutdown": "shut down, changing Option ROMs",
    "discard": "discarding down to the hand limit",
}
PIPS = {"free": "●", "spent": "○", "idled": "◌"}
"""Cycle counters as symbols (never colour alone): free, spent on a move, idled."""
ITEM_VERBS = ("load", "free", "compile", "execute", "daemonise", "fire", "play", "install",
              "uninstall", "discard")
CHOICE_PROMPTS = {"execute": "target", "daemonise": "target", "fire": "target",
                  "play": "how", "idle": "how many", "retake": "how many, from whom",
                  "load": "which cards"}
WINDOW_LABELS = {
    "react": "React: return fire",
    "decline": "Decline",
    "nullify": "Nullify",
    "allow": "Allow the attack",
}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _cycles(count: int) -> str:
    return _plural(count, "cycle")


def _dump(move: MoveJson) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


# -- cards and items ------------------------------------------------------------------------

def card_row(key: str) -> Json:
    """A card type as the screen shows it: name, kind, values and the card's own text."""
    info = CATALOGUE.get(key) or {"name": key, "kind": "", "attack": 0, "defence": 0,
                                  "reaction": 0, "text": ""}
    kind = info["kind"]
    valued = kind in ("source", "library")
    return {"key": key, "name": info["name"], "kind": kind,
            "kind_name": KIND_NAMES.get(kind, kind), "text": info["text"], "valued": valued,
            "numbers": (f"A{info['attack']} D{info['defence']} R{info['reaction']}"
                       if valued else "")}


def item_row(item: ItemView, position: str = "") -> Json:
    """A card or binary: its label ("nmap + libao"), summed values, and component cards."""
    cards = [card_row(str(key)) for _, key in item.get("cards") or [[item["id"], item["key"]]]]
    binary = bool(item.get("binary"))
    valued = binary or item.get("kind") in ("source", "library")
    daemon = bool(item.get("daemon"))
    label = " + ".join(c["name"] for c in cards)
    kind = ("daemon" if daemon else "binary" if binary
            else KIND_NAMES.get(item.get("kind", ""), item.get("kind", "")))
    return {
        "id": item["id"], "position": position, "label": label, "binary": binary,
        "daemon": daemon, "kind": kind, "cards": cards, "size": len(cards),
        "valued": valued, "attack": item.get("attack", 0), "defence": item.get("defence", 0),
        "reaction": item.get("reaction", 0),
        "numbers": (f"A{item.get('attack', 0)} D{item.get('defence', 0)} "
                   f"R{item.get('reaction', 0)}" if valued else ""),
        "numbers_text": (f"attack {item.get('attack', 0)}, defence {item.get('defence', 0)}, "
                        f"reaction {item.get('reaction', 0)}" if valued else ""),
        "text": cards[0]["text"] if len(cards) == 1 else "",
        "controls": [],
    }


# -- machines -------------------------------------------------------------------------------

def pips(view: CpuView, m: MachineView) -> Json:
    """The machine's cycle counters: free, spent and idled on its turn; all fresh otherwise."""
    turn = view.get("turn") or {}
    total = m["cycles"]
    if turn.get("seat") == m["seat"] and not view.get("over") and m["status"] != "out":
        cloud = turn.get("cloud", 0)
        total += cloud
        idled = min(turn.get("idled", 0), total)
        spent = max(0, min(turn.get("spent", 0), total) - idled)
        free = max(0, total - spent - idled)
        states = ["spent"] * spent + ["idled"] * idled + ["free"] * free
        text = f"{free} free, {spent} spent, {idled} idled"
        if cloud:
            text += f" ({cloud} borrowed from the cloud)"
        return {"pips": [{"state": s, "symbol": PIPS[s]} for s in states], "text": text,
                "free": free, "active": True}
    fresh = "" if view.get("over") else ", all fresh for the next turn"
    return {"pips": [{"state": "free", "symbol": PIPS["free"]}] * total,
            "text": f"{total} held{fresh}" if total else "none left",
            "free": total, "active": False}


def machine_row(view: CpuView, m: MachineView, you: int | None) -> Json:
    names = view.get("players") or []
    symbol, status = STATUS.get(m["status"], ("?", m["status"]))
    if m["status"] == "booting" and m.get("boot_left"):
        status += f", {_cycles(m['boot_left'])} still to load"
    memory = [item_row(item, f"m{i}") for i, item in enumerate(m.get("memory") or [], 1)]
    roms = [{**card_row(r["key"]), "id": r["id"], "position": f"r{i}", "controls": []}
            for i, r in enumerate(m.get("roms") or [], 1)]
    turn = view.get("turn") or {}
    notes = []
    if m.get("skip"):
        notes.append(f"misses its next {_plural(m['skip'], 'turn')}")
    if m.get("rebooting"):
        notes.append("RKHunter: misses the turn its restart completes")
    if m.get("idled_last"):
        notes.append(f"idled {_cycles(m['idled_last'])} last turn")
    attackers = [names[s] for s in m.get("attackers") or [] if 0 <= s < len(names)]
    return {
        "seat": m["seat"], "name": m["name"], "you": m["seat"] == you,
        "status": m["status"], "status_symbol": symbol, "status_text": status,
        "cycles": m["cycles"], "counters": pips(view, m), "hand": m.get("hand", 0),
        "memory": memory, "memory_slots": m.get("memory_slots", 0),
        "free_slots": max(0, m.get("memory_slots", 0) - len(memory)),
        "daemons": sum(1 for item in memory if item["daemon"]),
        "roms": roms, "rom_slots": m.get("rom_slots", 0),
        "notes": notes, "attackers": attackers,
        "active": turn.get("seat") == m["seat"] and not view.get("over"),
    }


# -- moves into controls ----------------------------------------------------------------------

class Costs:
    """A move's cost in cycles, read from the rule options in the view (for labels only:
    the server checks every move)."""

    def __init__(self, view: CpuView, sizes: Mapping[int, int],
                 keys: Mapping[int, str]) -> None:
        self.options = view.get("options") or {}
        self.sizes = sizes
        self.keys = keys

    def __call__(self, move: MoveJson) -> int:
        verb = move.get("do")
        item = move.get("item")
        options = self.options
        gdb = int(options.get("gdb_cycles", 1)) if move.get("disassemble") is not None else 0
        if verb == "idle":
            return int(move.get("n") or 0)
        if verb in ("download", "load", "free", "compile"):
            return 1
        if verb in ("execute", "daemonise"):
            return (1 if item is None else self.sizes.get(item, 1)) + gdb
        if verb == "fire":
            return int(options.get("daemon_cycles", 0)) + gdb
        if verb == "play":
            key = None if item is None else self.keys.get(item)
            return int({"meganet": options.get("meganet_cycles", 2),
                        "ddos": options.get("ddos_cycles", 4)}.get(key or "", 0))
        return 0


def _choice_label(move: MoveJson, names: Sequence[str],
                  labels: Mapping[int, str]) -> str:
    """One option of a multi-choice control: the target and the extras."""
    parts = []
    target = move.get("target")
    if move.get("do") in ("execute", "daemonise", "fire"):
        parts.append(f"at {names[target]}" if target is not None else
                     "no target" if move.get("do") != "daemonise" else "no target (defend only)")
    elif move.get("do") == "play":
        if target is not None:
            parts.append(f"on {names[target]}")
        if move.get("n") is not None:
            parts.append(f"giving {_cycles(move['n'])}")
    elif move.get("do") == "retake":
        parts.append(f"{_cycles(move['n'])} from {names[move['target']]}")
    if move.get("disassemble") is not None:
        parts.append(f"disassembling {labels.get(move['disassemble'], '?')}")
    return ", ".join(parts) or "as it is"


def control(verb: str, label: str, moves: Sequence[MoveJson], cost: Costs,
            names: Sequence[str], labels: Mapping[int, str], subject: str = "",
            css: str = "") -> Json:
    """One button (a single move) or one choice plus a button (several variants)."""
    costs = {cost(m) for m in moves}
    same = len(costs) == 1
    cost_text = f" ({_cycles(costs.pop())})" if same and verb not in ("idle",) else ""
    if all(cost(m) == 0 for m in moves):
        cost_text = ""
    if len(moves) == 1:
        return {"kind": "button", "verb": verb, "label": label, "subject": subject,
                "cost": cost_text, "json": _dump(moves[0]), "css": css}
    options = []
    for move in moves:
        text = _choice_label(move, names, labels)
        if not same and cost(move):
            text += f" ({_cycles(cost(move))})"
        options.append({"label": text, "json": _dump(move)})
    return {"kind": "select", "verb": verb, "label": label, "subject": subject,
            "cost": cost_text, "options": options, "css": css,
            "prompt": CHOICE_PROMPTS.get(verb, "which")}


def compile_control(source: Json, moves: Sequence[MoveJson],
                    libraries: Mapping[int, Json], keep: str) -> Json:
    """"Compile with…": a checkbox per library that some legal compile links to this
    source, ticked when the rules let it go with the source (the largest legal compile: a
    loaded library left unticked is a binary weaker than the player meant); the player may
    untick, and the server checks the chosen set."""
    chosen = sorted({n for m in moves for n in m.get("cards") or []})
    alone = any(not m.get("cards") for m in moves)
    ticked = max((tuple(m.get("cards") or ()) for m in moves), key=len, default=())
    return {"kind": "compile", "verb": "compile", "item": source["id"],
            "subject": source["label"], "alone": alone, "cost": " (1 cycle)",
            "libraries": [{**libraries[n], "ticked": n in ticked}
                          for n in chosen if n in libraries],
            "keep": f"compile-{source['id']}-{keep}-{'-'.join(map(str, chosen))}"}


# -- the whole screen -------------------------------------------------------------------------

def _keep_key(view: CpuView) -> str:
    turn = view.get("turn") or {}
    memory = [m.get("memory") for m in view.get("machines") or []]
    digest = hashlib.sha1(json.dumps([turn.get("number"), turn.get("spent"), memory],
                                     sort_keys=True).encode(),
                          usedforsecurity=False).hexdigest()[:8]
    return f"t{turn.get('number')}-{digest}"


def _window(view: CpuView, you: int | None) -> Json | None:
    window = view.get("window")
    if not window:
        return None
    names = view.get("players") or []
    options = view.get("options") or {}
    seat, against, value = window["seat"], window["against"], window["value"]
    mine = seat == you
    if window["kind"] == "nullify":
        need = options.get("perl_idled_cycles", 3)
        question = (f"{names[against]} attacks you with perl's Abysmal Code ({value}): "
                    f"nullify it using {_cycles(need)} you idled last turn, or allow it?")
        default = "the attack is allowed"
        waiting = f"Waiting for {names[seat]} to nullify or allow {names[against]}'s attack."
    else:
        question = (f"Your daemon was touched: react with {value} against {names[against]}?")
        default = (f"you react with {value}" if options.get("reaction_default") == "react"
                   else "you do not react")
        waiting = f"Waiting for {names[seat]} to react to {names[against]}'s attack."
    return {"kind": window["kind"], "mine": mine, "seat": seat, "name": names[seat],
            "against": names[against], "value": value, "question": question,
            "default": default, "waiting": waiting,
            "default_option": ("reaction_default" if window["kind"] == "react" else None)}


def _turn(view: CpuView, you: int | None) -> Json:
    turn = view.get("turn") or {}
    names = view.get("players") or []
    seat = turn.get("seat", 0)
    ddos = [f"{names[d['target']]} matches every move"
            + (f" ({_cycles(d['shield'])} still absorbed by daemons)" if d.get("shield") else "")
            for d in turn.get("ddos") or [] if isinstance(d.get("target"), int)]
    return {"number": turn.get("number"), "round": view.get("round"),
            "round_limit": view.get("round_limit"), "seat": seat,
            "name": names[seat] if seat < len(names) else "?", "yours": seat == you,
            "step": STEP.get(turn.get("step", ""), turn.get("step", "")),
            "free": turn.get("free", 0), "doubled": bool(turn.get("doubled")), "ddos": ddos,
            "retake_left": turn.get("retake_left", 0)}


def _outcome(context: Mapping[str, Any], view: CpuView) -> Json | None:
    outcome = context.get("outcome") or view.get("outcome")
    if not outcome:
        return None
    names = view.get("players") or []
    # A context's outcome may be keyed by seat numbers, a view's is keyed by strings.
    scores: Mapping[Any, float] = outcome.get("scores") or {}
    places, place = [], 1
    for group in outcome.get("ranking") or []:
        places.append({"place": place, "tied": len(group) > 1, "players": [
            {"name": names[s], "cycles": int(scores.get(str(s), scores.get(s, 0)) or 0)}
            for s in group]})
        place += len(group)
    return {"summary": outcome.get("summary", ""), "places": places,
            "winners": [names[s] for s in outcome.get("winners") or []]}


Moves = dict[str, list[MoveJson]]


def _sort_moves(legal: Sequence[MoveJson]) -> tuple[dict[int, Moves], Moves]:
    """The legal moves by the item they concern and their verb, and the rest by verb."""
    by_item: dict[int, Moves] = defaultdict(lambda: defaultdict(list))
    general: Moves = defaultdict(list)
    for move in legal:
        verb = move.get("do")
        cards = move.get("cards") or []
        if verb == "load" and len(cards) == 1:
            by_item[cards[0]]["load"].append(move)
        elif verb in ITEM_VERBS and verb != "load" and move.get("item") is not None:
            by_item[move["item"]][verb].append(move)
        else:
            general[verb].append(move)
    return by_item, general


ITEM_CONTROLS = (("load", "Load"), ("play", "Play"), ("install", "Install"),
                 ("compile", ""), ("fire", "Fire"), ("execute", "Execute"),
                 ("daemonise", "Daemonise"), ("free", ""), ("discard", "Discard"))
"""The controls an item in memory or in hand may carry, in the order they are shown."""


def _item_controls(item: Json, verbs: Moves, cost: Costs, names: Sequence[str],
                   labels: Mapping[int, str], libraries: Mapping[int, Json],
                   keep: str) -> None:
    """Add to the item's controls one for each verb it may take now."""
    subject = item["label"]
    rows = item["controls"]
    for verb, label in ITEM_CONTROLS:
        if not verbs.get(verb):
            continue
        if verb == "compile":
            rows.append(compile_control(item, verbs["compile"], libraries, keep))
        elif verb == "free":
            rows.append(control("free", "Kill" if item["daemon"] else "Free", verbs["free"],
                                cost, names, labels, subject))
        else:
            rows.append(control(verb, label, verbs[verb], cost, names, labels, subject,
                                **({"css": "danger"} if verb == "discard" else {})))


def _attach(view: CpuView, legal: Sequence[MoveJson], me: Json | None,
            hand: list[Json]) -> list[Json]:
    """Put every legal move on the item it concerns; what concerns no item comes back as
    the turn's general controls."""
    names = view.get("players") or []
    mine = ([*me["memory"]] if me else []) + hand
    labels = {item["id"]: item["label"] for item in mine}
    sizes = {item["id"]: item["size"] for item in mine}
    keys = {item["id"]: item["cards"][0]["key"] for item in mine}
    roms = {rom["id"]: rom for rom in (me["roms"] if me else [])}
    cost = Costs(view, sizes, keys)
    by_item, general = _sort_moves(legal)
    libraries = {item["id"]: item for item in mine if item["cards"][0]["kind"] == "library"
                 and not item["binary"]}
    keep = _keep_key(view)
    for item in mine:
        _item_controls(item, by_item.pop(item["id"], {}), cost, names, labels, libraries,
                       keep)
    for number, verbs in by_item.items():
        rom = roms.get(number)
        if rom is not None and verbs.get("uninstall"):
            rom["controls"].append(control("uninstall", "Uninstall", verbs.pop("uninstall"),
                                           cost, names, labels, rom["name"]))
        for verb, moves in verbs.items():
            general[verb].extend(moves)
    return _general(general, cost, names, labels)


def _window_rows(general: Mapping[str, list[MoveJson]], cost: Costs,
                 names: Sequence[str], labels: Mapping[int, str]) -> list[Json]:
    """Answers to an open window: react, decline, nullify, allow."""
    return [control(verb, WINDOW_LABELS[verb], general[verb], cost, names, labels,
                    css="primary" if verb in ("react", "nullify") else "")
            for verb in ("react", "decline", "nullify", "allow") if general.get(verb)]


def _load_together(general: Mapping[str, list[MoveJson]],
                   labels: Mapping[int, str]) -> list[Json]:
    if not general.get("load"):
        return []
    options = [{"label": " + ".join(labels.get(n, "?") for n in m["cards"]),
                "json": _dump(m)} for m in general["load"]]
    return [{"kind": "select", "verb": "load", "label": "Load together",
             "subject": "(Dual Channel)", "cost": " (1 cycle)", "options": options,
             "css": "", "prompt": CHOICE_PROMPTS["load"]}]


def _idle_rows(general: Mapping[str, list[MoveJson]]) -> list[Json]:
    """Idling some cycles (a choice), or all of them (ending the turn)."""
    idles = sorted(general.get("idle") or [], key=lambda m: m.get("n") or 0)
    if not idles:
        return []
    rows: list[Json] = []
    if len(idles) > 1:
        options = [{"label": _cycles(m["n"]), "json": _dump(m)} for m in idles[:-1]]
        rows.append({"kind": "select", "verb": "idle", "label": "Idle", "subject": "",
                     "cost": "", "options": options, "css": "",
                     "prompt": CHOICE_PROMPTS["idle"]})
    rows.append({"kind": "button", "verb": "idle", "label": "Idle all",
                 "subject": "", "cost": f" ({_cycles(idles[-1]['n'])}: ends your turn)",
                 "json": _dump(idles[-1]), "css": ""})
    return rows


TURN_CONTROLS = (("retake", "Retake", ""), ("shutdown", "Shut down", "danger"),
                 ("done", "Done", "primary"), ("restart", "Restart (boot)", "primary"),
                 ("stay", "Stay shut down", ""))
"""The turn's own controls after idling, in the order they are shown."""
SHUTDOWN_CONFIRM = ("Shut down? Memory goes back into your backing store, you may change "
                    "one Option ROM, and your turn ends.")


def _turn_rows(general: Mapping[str, list[MoveJson]], cost: Costs,
               names: Sequence[str], labels: Mapping[int, str]) -> list[Json]:
    rows: list[Json] = []
    for verb, label, css in TURN_CONTROLS:
        if general.get(verb):
            row = control(verb, label, general[verb], cost, names, labels, css=css)
            rows.append({**row, "confirm": SHUTDOWN_CONFIRM} if verb == "shutdown" else row)
    return rows


KNOWN_GENERAL = {"react", "decline", "nullify", "allow", "download", "load", "idle",
                 "retake", "shutdown", "done", "restart", "stay"}


def _general(general: Mapping[str, list[MoveJson]], cost: Costs,
             names: Sequence[str], labels: Mapping[int, str]) -> list[Json]:
    rows = _window_rows(general, cost, names, labels)
    if general.get("download"):
        rows.append(control("download", "Download a card", general["download"], cost, names,
                            labels))
    rows += _load_together(general, labels)
    rows += _idle_rows(general)
    rows += _turn_rows(general, cost, names, labels)
    for verb, moves in general.items():
        if verb not in KNOWN_GENERAL:  # nothing should land here; if it does, still playable
            options = [{"label": _dump(m), "json": _dump(m)} for m in moves]
            rows.append({"kind": "select", "verb": verb, "label": verb.capitalize(),
                         "subject": "", "cost": "", "options": options, "css": "",
                         "prompt": "which"})
    return rows


def _announce(cpu: Mapping[str, Any]) -> str:
    if cpu["outcome"]:
        return "The game is over. " + str(cpu["outcome"]["summary"])
    if cpu.get("closed"):
        return "The host ended this match; no more moves can be made."
    window = cpu["window"]
    if window:
        return str(window["question"] if window["mine"] else window["waiting"])
    turn = cpu["turn"]
    if turn["yours"]:
        return f"Your turn: {_cycles(turn['free'])} free."
    return f"{turn['name']}'s turn."


def _table_rows(context: Mapping[str, Any], view: CpuView, kind: str,
                you: int | None) -> dict[str, Any]:
    """Every viewer's rows: the machines, the hand, the turn, the window, the controls."""
    machines = [machine_row(view, m, you) for m in view.get("machines") or []]
    me = next((m for m in machines if m["you"]), None)
    hand = [item_row(item, f"h{i}") for i, item in enumerate(view.get("hand") or [], 1)]
    prompt = context.get("prompt") or None
    legal = context.get("legal") if prompt else None
    general = _attach(view, legal or [], me, hand) if legal else []
    return {
        "kind": kind, "you": you, "me": me, "hand": hand,
        "others": [m for m in machines if not m["you"]],
        "turn": _turn(view, you), "window": _window(view, you),
        "general": general, "asked": prompt is not None,
        "listed": legal is not None, "prompt_kind": (prompt or {}).get("kind"),
        "draw_pile": view.get("draw_pile", 0), "supply": view.get("supply", 0),
        "trash": [item_row(item) for item in reversed(view.get("trash") or [])],
        "outcome": _outcome(context, view),
        "hand_limit": me["cycles"] if me and not view.get("over") else None,
    }


def _gm_rows(view: CpuView) -> dict[str, Any]:
    """The gamemaster's extra rows: every hand, and the draw pile's order."""
    names = view.get("players") or []
    return {"hands": [{"name": names[s] if s < len(names) else "?",
                       "cards": [item_row(item, f"h{i}") for i, item in enumerate(h, 1)]}
                      for s, h in enumerate(view.get("hands") or [])],
            "draw_order": [card_row(str(key))["name"] for _, key in view.get("draw_order") or []]}


def _split_window_controls(cpu: dict[str, Any]) -> None:
    """The answers to an open window apart from the turn's controls, the reaction named."""
    general = cpu["general"]
    cpu["window_controls"] = [c for c in general if c["verb"] in WINDOW_LABELS]
    window = cpu["window"]
    for c in cpu["window_controls"]:
        if window and c["verb"] == "react":
            c["label"] += f" with {window['value']} at {window['against']}"
    cpu["general"] = [c for c in general if c["verb"] not in WINDOW_LABELS]


def _close(cpu: dict[str, Any]) -> None:
    """Stopped mid-turn: nobody's turn now, no window open."""
    cpu["turn"] = {**cpu["turn"], "yours": False}
    cpu["window"] = None
    cpu["window_controls"] = []
    cpu["closed"] = True


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    """Template rows for whichever viewer this view belongs to (a seat, GM or spectator)."""
    view = cast(CpuView, context.get("view") or {})
    kind = "gm" if view.get("gm") else "seat" if "seat" in view else "spectator"
    you = view.get("seat") if kind == "seat" else None
    cpu = _table_rows(context, view, kind, you)
    if kind == "gm":
        cpu.update(_gm_rows(view))
    cpu["knocked_out"] = _knocked_out(context, cpu["me"])
    _split_window_controls(cpu)
    _name_controls(cpu)
    if closed(context):
        _close(cpu)
    cpu["announce"] = _announce(cpu)
    return {"cpu": cpu}


def _name_controls(cpu: Mapping[str, Any]) -> None:
    """Give every control a unique id, for its label and for tests."""
    seen: set[str] = set()
    holders = [*(cpu["me"]["memory"] if cpu["me"] else []), *cpu["hand"],
               *(cpu["me"]["roms"] if cpu["me"] else [])]
    groups = [(f"-{h['id']}", h["controls"]) for h in holders]
    groups += [("", cpu["window_controls"]), ("", cpu["general"])]
    for suffix, controls in groups:
        for c in controls:
            base = f"cpu-{c['verb']}{suffix}"
            name, n = base, 1
            while name in seen:
                n += 1
                name = f"{base}-{n}"
            seen.add(name)
            c["id"] = name


def _knocked_out(context: Mapping[str, Any], me: Mapping[str, Any] | None) -> Json | None:
    """For a seat whose machine is out: what put it out, in the log's own words (the events
    of the same log entry as its "out"), so a beginner learns how they lost."""
    if not me or me.get("status") != "out":
        return None
    events = list(context.get("events") or [])
    name = str(me.get("name") or "")
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.get("kind") == "out" and str(event.get("text", "")).startswith(name):
            causes = [e["text"] for e in events[:index]
                      if e.get("seq") == event.get("seq") and e.get("kind") != "out"]
            return {"how": causes[-1] if causes else None}
    return {"how": None}
