"""What the gamemaster (seat 0) may do: prepare the mission, settle ties, and rule: name a
check's stat and secret DC (calls.py), price or refuse a custom action, fire a readied
action, deal damage, set conditions, move tokens and doors, take NPC turns or let every NPC
hold. Every ruling is an entry of the log like anyone's move; the last one can be taken
back within the same turn. A ruling that settles what the runner whose turn it is asked
may end their turn, if their seconds are spent."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from hacktable.engine.contract import Audience, Event
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.games.runners import calls, checks, combat, hacking, initiative, maps, turns
from hacktable.games.runners.characters import STATS
from hacktable.games.runners.state import (
    GM_ONLY,
    MISSION,
    PREP,
    TIES,
    Move,
    Npc,
    State,
    combatant,
    hidden,
    npc,
    private,
    replace,
    runner,
    seat_of,
    turn_now,
    whole,
)

NPC_LIMIT = 30
REASON_LIMIT = 120
NOT_UNDONE = ("undo", "end_mission")


def perform(state: State, action: Move, rng: random.Random) -> list[Event]:
    do = action.get("do")
    if not isinstance(do, str) or do not in HANDLERS:
        raise Rejected(f"{do!r} is not a ruling; the GM may: {', '.join(sorted(HANDLERS))}.")
    phases = PHASES.get(do, (MISSION,))
    if state["phase"] not in phases:
        raise Rejected(WRONG_PHASE.get(state["phase"], "The mission is over."))
    snapshot: dict[str, Any] | None = None if do in NOT_UNDONE else {
        k: v for k, v in state.items() if k != "undo"}
    before = tree_copy(snapshot)
    events: list[Event] = []
    HANDLERS[do](state, action, rng, events)
    if before is not None and state["phase"] in (PREP, TIES, MISSION):
        told = any(event.audience != GM_ONLY for event in events)
        state["undo"] = {"turns": state["turns"], "do": do, "told": told, "state": before}
    turns.check_survivors(state, events)
    turns.settle_current(state, events)
    return events


WRONG_PHASE = {
    PREP: "The mission has not started: add NPCs, load a map, then start it.",
    TIES: "First record how the tied runners settled it (tie), or let the server play "
          "rock-paper-scissors for them (rps).",
}


def _seat(state: State, value: Any) -> int:
    runner(state, value)
    return value


def _text(value: Any, what: str, limit: int = REASON_LIMIT, required: bool = True) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise Rejected(f"The {what} must be text.")
    text = " ".join(value.split())[:limit]
    if required and not text:
        raise Rejected(f"Write the {what}.")
    return text


# -- preparing -------------------------------------------------------------------------------

def add_npc(state: State, action: Move, rng: random.Random,
            events: list[Event]) -> None:
    if len(state["npcs"]) >= NPC_LIMIT:
        raise Rejected(f"A mission holds at most {NPC_LIMIT} NPCs.")
    name = _text(action.get("name"), "NPC's name", 24)
    init = whole(action.get("init"), "The NPC's initiative", 0, 99)
    is_hidden = action.get("hidden", True)
    if not isinstance(is_hidden, bool):
        raise Rejected("Say true or false for hiding the NPC from the runners.")
    hp = whole(action.get("hp", 3), "The NPC's HP", 0, 99)
    raw = action.get("stats") or {}
    if not isinstance(raw, Mapping) or not set(raw) <= set(STATS):
        raise Rejected("An NPC's stats are any of str, dex, int, cha (2 each unless given).")
    stats = {k: whole(raw.get(k, 2), f"The NPC's {k.upper()}", 0, 20) for k in STATS}
    pos = None
    if action.get("at") is not None:
        if state["map"] is None:
            raise Rejected("There is no map to place the NPC on.")
        pos = list(maps.point(action.get("at"), state["map"]))
    ref = _new_ref(state, rng)
    found: Npc = {"id": ref, "name": name, "init": init, "hidden": is_hidden, "hp": hp,
             "max_hp": hp, "stats": stats, "dead": False, "pos": pos, "conditions": [],
             "hits": 0,
             "notes": _text(action.get("notes"), "notes", required=False)}
    state["npcs"].append(found)
    if state["phase"] == MISSION:
        initiative.insert(state, {"ref": ref, "init": init, "dice": []})
    events.append(Event("npc", {"ref": ref, "name": name, "init": init}, GM_ONLY))
    if not is_hidden:
        events.append(Event("revealed", {"ref": ref, "name": name, "init": init,
                                         "pos": pos}, "all"))


def _new_ref(state: State, rng: random.Random) -> str:
    """An NPC's reference, drawn at random: a sequential one ("n2") would tell the runners
    who see it that an "n1" exists somewhere."""
    taken = {n["id"] for n in state["npcs"]}
    while True:
        ref = f"n{rng.getrandbits(24):06x}"
        if ref not in taken:
            return ref


def remove_npc(state: State, action: Move, rng: random.Random,
               events: list[Event]) -> None:
    found = npc(state, action.get("ref"))
    state["npcs"].remove(found)
    events.append(Event("npc_removed", {"ref": found["id"]}, GM_ONLY))


def load_map(state: State, action: Move, rng: random.Random,
             events: list[Event]) -> None:
    text = action.get("text")
    state["map"] = None if text in (None, "") else maps.parse(text)
    for n in state["npcs"]:
        if state["map"] is None or (n["pos"] and maps.square(state["map"], *n["pos"])
                                    in maps.BLOCKING):
            n["pos"] = None
    events.append(Event("map", {"rows": state["map"]}, "all"))


def start(state: State, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    inside = [s for s, c in state["characters"].items() if not c["outside"]]
    if not inside:
        raise Rejected("Nobody is inside the building yet: at least one runner must start "
                       "inside the mission area.")
    if state["map"] is not None:
        spots = maps.starts(state["map"])
        for i, seat in enumerate(sorted(inside, key=int)):
            state["characters"][seat]["pos"] = spots[i % len(spots)]
    events.append(Event("mission", {}, "all"))
    initiative.build(state, rng, events)
    if state["phase"] == MISSION:
        turns.begin(state, events)


def tie(state: State, action: Move, rng: random.Random,
        events: list[Event]) -> None:
    initiative.record_tie(state, action.get("order"), events)
    if state["phase"] == MISSION:
        turns.begin(state, events)


def rps(state: State, action: Move, rng: random.Random,
        events: list[Event]) -> None:
    """The server plays rock-paper-scissors for the first waiting tie."""
    refs = list(state["ties"][0])
    rng.shuffle(refs)
    initiative.record_tie(state, refs, events)
    if state["phase"] == MISSION:
        turns.begin(state, events)


# -- ruling checks and requests ----------------------------------------------------------------

def price(state: State, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    seat = _seat(state, action.get("seat"))
    request = state["requests"].get(str(seat))
    if not request or request["kind"] == "check" or request.get("price") is not None:
        raise Rejected("That runner is not waiting for a price.")
    seconds = whole(action.get("seconds"), "The price", 0,
                    state["options"]["game_seconds"])
    if request["kind"] == "free":
        if seconds:
            raise Rejected("Off their turn a runner can only take free actions: allow it at "
                           "0 seconds, or refuse it with a reason.")
        del state["requests"][str(seat)]
        events.append(Event("custom", {"seat": seat, "text": request["text"], "seconds": 0},
                            "all"))
        return
    request["price"] = seconds
    events.append(Event("priced", {"seat": seat, "seconds": seconds}, private(seat)))


def refuse(state: State, action: Move, rng: random.Random,
           events: list[Event]) -> None:
    seat = _seat(state, action.get("seat"))
    request = state["requests"].get(str(seat))
    if not request or request["kind"] == "check":
        raise Rejected("That runner has asked for nothing you can refuse.")
    reason = _text(action.get("reason"), "reason (the GM shouldn't say no without a good "
                   "one)")
    del state["requests"][str(seat)]
    events.append(Event("refused", {"seat": seat, "reason": reason}, private(seat)))


def fire(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    seat = _seat(state, action.get("seat"))
    readied = state["readied"].pop(str(seat), None)
    if readied is None:
        raise Rejected("That runner has no readied action.")
    events.append(Event("fired", {"seat": seat, "text": readied["text"],
                                  "trigger": readied["trigger"]}, "all"))


# -- bodies and the map ---------------------------------------------------------------------

def attack(state: State, action: Move, rng: random.Random,
           events: list[Event]) -> None:
    """An attack takes attack_damage HP; "Once you take an attack at 0 HP, you die"."""
    ref = cast(str, action.get("target"))  # checked by `combatant`, which names the choices
    body = combatant(state, ref)
    if body["dead"]:
        raise Rejected(f"{body['name']} is already dead.")
    combat.strike(state, ref, events)


def heal(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    ref = cast(str, action.get("target"))  # checked by `combatant`, which names the choices
    body = combatant(state, ref)
    if body["dead"]:
        raise Rejected(f"{body['name']} is dead; healing cannot help.")
    amount = whole(action.get("hp", 1), "The HP healed", 1, 99)
    body["hp"] = min(body["max_hp"], body["hp"] + amount)
    audience: Audience = GM_ONLY if seat_of(ref) is None else "all"
    events.append(Event("healed", {"ref": ref, "hp": body["hp"]}, audience))


def condition(state: State, action: Move, rng: random.Random,
              events: list[Event]) -> None:
    ref = cast(str, action.get("target"))  # checked by `combatant`, which names the choices
    body = combatant(state, ref)
    name = _text(action.get("name"), "condition's name", 24)
    remove = action.get("remove", False)
    if not isinstance(remove, bool):
        raise Rejected("Say true or false for removing the condition.")
    present = [c for c in body["conditions"] if c["name"].lower() == name.lower()]
    if remove:
        if not present:
            raise Rejected(f"{body['name']} has no condition called {name}.")
        body["conditions"] = [c for c in body["conditions"] if c not in present]
    else:
        if present:
            raise Rejected(f"{body['name']} already has {name}.")
        effect = _text(action.get("effect"), "effect", required=False)
        body["conditions"].append({"name": name, "effect": effect})
    audience: Audience = GM_ONLY if hidden(state, ref) else "all"
    events.append(Event("condition", {"ref": ref, "name": name, "remove": remove},
                        audience))


def spot(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    """Whether someone hostile knows where a runner is (no sneaking while they do)."""
    seat = _seat(state, action.get("seat"))
    spotted = action.get("spotted", True)
    if not isinstance(spotted, bool):
        raise Rejected("Say true or false for spotted.")
    character = runner(state, seat)
    character["spotted"] = spotted
    if spotted and character["sneak"] is not None:
        character["sneak"] = None
        events.append(Event("unhidden", {"seat": seat, "why": "spotted"}, "all"))
    events.append(Event("spotted", {"seat": seat, "spotted": spotted}, "all"))


def find(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    """An NPC's INT check to find a sneaking runner, against the runner's DEX result."""
    seeker = npc(state, action.get("npc"))
    if seeker["dead"]:
        raise Rejected(f"{seeker['name']} is dead.")
    seat = _seat(state, action.get("seat"))
    character = runner(state, seat)
    if character["sneak"] is None:
        raise Rejected(f"{character['name']} is not sneaking: they can simply be seen.")
    passive = action.get("passive", False)
    if not isinstance(passive, bool):
        raise Rejected("Say true or false for a passive search.")
    record = checks.roll(state, rng, seat=None, npc=seeker["id"], stats=seeker["stats"],
                         stat="int", kind="find", dc=character["sneak"], passive=passive,
                         visibility="blind", note=f"looking for {character['name']}")
    checks.announce(state, record, events)
    if record["passed"]:
        character["sneak"] = None
        character["spotted"] = True
        events.append(Event("unhidden", {"seat": seat, "why": "found"}, "all"))
        events.append(Event("found_by", {"seat": seat, "ref": seeker["id"]}, GM_ONLY))


def show(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    """Hide an NPC from the runners, or show it (it joins their turn order)."""
    found = npc(state, action.get("ref"))
    is_hidden = action.get("hidden", False)
    if not isinstance(is_hidden, bool):
        raise Rejected("Say true or false for hidden.")
    if found["hidden"] == is_hidden:
        raise Rejected(f"{found['name']} is already {'hidden' if is_hidden else 'visible'}.")
    if is_hidden and state["turn"] and state["turn"]["ref"] == found["id"]:
        raise Rejected("Hide an NPC between its turns, not during one.")
    found["hidden"] = is_hidden
    if is_hidden:
        events.append(Event("vanished", {"ref": found["id"]}, "all"))
    else:
        entry = next((e for e in state["order"] if e["ref"] == found["id"]), None)
        events.append(Event("revealed", {"ref": found["id"], "name": found["name"],
                                         "init": entry["init"] if entry else None,
                                         "pos": found["pos"]}, "all"))


def door(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    if state["map"] is None:
        raise Rejected("There is no map, so no door.")
    open_ = action.get("open", True)
    if not isinstance(open_, bool):
        raise Rejected("Say open true or false for the door.")
    x, y = maps.coordinates(action.get("at"))
    state["map"] = maps.set_door(state["map"], x, y, open_)
    events.append(Event("door", {"at": [x, y], "open": open_}, "all"))


def place(state: State, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    """Put a token anywhere: NPC moves, or a runner the fiction moved."""
    if state["map"] is None:
        raise Rejected("There is no map to place tokens on.")
    ref = cast(str, action.get("ref"))  # checked by `combatant`, which names the choices
    body = combatant(state, ref)
    body["pos"] = list(maps.point(action.get("at"), state["map"]))
    audience: Audience = GM_ONLY if hidden(state, ref) else "all"
    events.append(Event("placed", {"ref": ref, "at": body["pos"]}, audience))


def end_turn(state: State, action: Move, rng: random.Random,
             events: list[Event]) -> None:
    """End this NPC's turn (the next may be another NPC's)."""
    ref = turn_now(state)["ref"]
    if seat_of(ref) is not None:
        raise Rejected("A runner's turn ends when they say so or when their 30 seconds run "
                       "out; you may pause or extend the clock instead.")
    turns.end(state, events, "ended")


def hold(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    """All NPCs hold: this NPC's turn and every NPC turn after it, hidden or not, pass up
    to the next runner's turn, in one ruling."""
    ref = turn_now(state)["ref"]
    if seat_of(ref) is not None:
        raise Rejected("It is a runner's turn; \"hold\" passes NPC turns only (the runner "
                       "ends their own turn).")
    turns.pass_npcs(state, events, "held")


def end_mission(state: State, action: Move, rng: random.Random,
                events: list[Event]) -> None:
    result = action.get("result", "success")
    if result not in ("success", "failure"):
        raise Rejected("A mission ends in success or failure.")
    turns.finish(state, result, events)


def undo(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    saved = state["undo"]
    if saved is None or saved["turns"] != state["turns"]:
        raise Rejected("There is no ruling of yours to take back in this turn (someone "
                       "acted since, or the turn passed).")
    what, told = saved["do"], saved["told"]
    replace(state, saved["state"])
    state["undo"] = None
    events.append(Event("undone", {"do": what}, GM_ONLY))
    if told:
        events.append(Event("undone_public", {}, "all"))


HANDLERS = {"npc": add_npc, "remove_npc": remove_npc, "map": load_map, "start": start,
            "tie": tie, "rps": rps, "check": calls.rule, "price": price, "refuse": refuse,
            "fire": fire, "attack": attack, "heal": heal, "condition": condition,
            "spot": spot, "find": find, "show": show, "door": door, "place": place,
            "end_turn": end_turn, "hold": hold, "end_mission": end_mission, "undo": undo,
            "hack": hacking.hand_out}
PHASES = {"npc": (PREP, MISSION), "remove_npc": (PREP,), "map": (PREP,), "start": (PREP,),
          "tie": (TIES,), "rps": (TIES,), "undo": (PREP, TIES, MISSION),
          "condition": (PREP, MISSION), "show": (PREP, MISSION), "place": (PREP, MISSION),
          "door": (PREP, MISSION)}
