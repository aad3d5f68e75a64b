"""What a runner may do: build a character before the mission, then on their turn move,
sneak, take a common action in one step (attack, unlock, hack, search), ask for a check
(to use now or keep for later), ask for a custom action ("something else"), ready an
action, and at any time take free actions (stop sneaking, answer a check the GM calls,
enter the mission area)."""

from __future__ import annotations

import random

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners import calls, checks, common, hacking, initiative, maps, turns
from hacktable.games.runners.characters import build, speed
from hacktable.games.runners.state import (
    MISSION,
    PREP,
    Move,
    State,
    all_but_gm,
    hidden,
    on_turn,
    private,
    runner,
    seconds_left,
)

TEXT_LIMIT = 120


def _text(action: Move, key: str, what: str, required: bool = True) -> str:
    value = action.get(key, "")
    if not isinstance(value, str):
        raise Rejected(f"The {what} must be text.")
    text = " ".join(value.split())[:TEXT_LIMIT]
    if required and not text:
        raise Rejected(f"Say what the {what} is.")
    return text


def perform(state: State, seat: int, action: Move, rng: random.Random
            ) -> list[Event]:
    do = action.get("do")
    handler = HANDLERS.get(do) if isinstance(do, str) else None
    if handler is None:
        raise Rejected(f"{do!r} is not something a runner can do; try move, sneak, "
                       f"stop_sneaking, act (attack, unlock, hack, search), check, ask, "
                       f"ready, accept, decline, roll, fail, enter, answer or end.")
    character = runner(state, seat)
    if state["phase"] == PREP:
        if do not in ("character", "notes"):
            raise Rejected("The mission has not started: build your character while the GM "
                           "prepares it.")
    elif state["phase"] != MISSION:
        raise Rejected("Wait: the GM is settling who goes first." if state["phase"] == "ties"
                       else "The mission is over.")
    elif do == "character":
        raise Rejected("Characters are fixed once the mission starts.")
    if character["dead"] and do not in ("notes",):
        raise Rejected(f"{character['name']} is dead; you may still write notes.")
    events: list[Event] = []
    handler(state, seat, action, rng, events)
    turns.settle(state, seat, events)
    return events


def _own_turn(state: State, seat: int, what: str) -> None:
    if not on_turn(state, seat):
        raise Rejected(f"You can {what} only on your turn; on others' turns you may take "
                       f"free actions (ask the GM) or ready an action on yours.")


def character(state: State, seat: int, action: Move, rng: random.Random,
              events: list[Event]) -> None:
    sheet = build(action.get("sheet"), state["options"])
    state["characters"][str(seat)] = sheet
    events.append(Event("character", {"seat": seat, "name": sheet["name"]}, "all"))


def notes(state: State, seat: int, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    runner(state, seat)["notes"] = _text(action, "text", "note", required=False)
    events.append(Event("notes", {"seat": seat}, private(seat)))


def move(state: State, seat: int, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    _own_turn(state, seat, "move")
    options = state["options"]
    character = runner(state, seat)
    pace = speed(character["stats"]["dex"], options)
    per_move = options["sneak_move_seconds"] if character["sneak"] is not None \
        else options["move_seconds"]
    rows = state["map"]
    if rows is None or character["pos"] is None:
        squares = action.get("squares")
        if not isinstance(squares, int) or isinstance(squares, bool) or not 1 <= squares <= 99:
            raise Rejected("Say how many squares you run, e.g. {\"do\": \"move\", "
                           "\"squares\": 5}.")
        distance, target = squares, None
    else:
        target = maps.point(action.get("to"), rows)
        here = (character["pos"][0], character["pos"][1])
        found = maps.steps(rows, here, target, options["diagonals"])
        if found is None:
            raise Rejected(f"There is no way from ({here[0]}, {here[1]}) to ({target[0]}, "
                           f"{target[1]}) past the walls and closed doors.")
        if found == 0:
            raise Rejected("You are already there.")
        distance = found
    cost = maps.move_cost(distance, pace, per_move)
    turns.spend(state, seat, cost)
    if target is not None:
        character["pos"] = [target[0], target[1]]
    character["ran"] = distance
    events.append(Event("moved", {"seat": seat, "squares": distance, "seconds": cost,
                                  "to": character["pos"],
                                  "sneaking": character["sneak"] is not None}, "all"))


def sneak(state: State, seat: int, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    _own_turn(state, seat, "start sneaking")
    character = runner(state, seat)
    if character["sneak"] is not None:
        raise Rejected("You are already sneaking.")
    if character["spotted"] and not checks.disadvantaged(state, character, True):
        raise Rejected("Someone hostile knows where you are: get out of their sight (or "
                       "into the dark) before you start sneaking.")
    turns.spend(state, seat, state["options"]["sneak_seconds"])
    record = checks.roll(state, rng, seat=seat, npc=None, stats=character["stats"],
                         stat="dex", kind="sneak", dc=None, visibility="gm",
                         note="sneaking: the DC to find you")
    character["sneak"] = record["total"]
    events.append(Event("sneaking", {"seat": seat, "seconds": state["options"]
                                     ["sneak_seconds"]}, "all"))
    checks.announce(state, record, events)


def stop_sneaking(state: State, seat: int, action: Move, rng: random.Random,
                  events: list[Event]) -> None:
    character = runner(state, seat)
    if character["sneak"] is None:
        raise Rejected("You are not sneaking.")
    character["sneak"] = None
    events.append(Event("unhidden", {"seat": seat, "why": "stopped"}, "all"))


def _no_request(state: State, seat: int) -> None:
    if str(seat) in state["requests"]:
        raise Rejected("The GM has not answered your last request yet; wait for it (or "
                       "decline the price they named).")


def check(state: State, seat: int, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    """Ask the GM for a check, paying its seconds now; `keep`: only to record the total
    for later (Rules for Runners, Making Checks)."""
    _own_turn(state, seat, "start a check")
    _no_request(state, seat)
    effort = checks.effort_of(action.get("effort"))
    fail = action.get("fail", False)
    if not isinstance(fail, bool):
        raise Rejected("Say true or false for failing on purpose.")
    keep = action.get("keep", False)
    if not isinstance(keep, bool):
        raise Rejected("Say true or false for keeping the check for later.")
    if keep and fail:
        raise Rejected("A check kept for later is failed (if you like) when you use it, not "
                       "now.")
    note = _text(action, "note", "thing you try", required=False)
    seconds, _ = checks.effort_cost(state["options"], effort)
    turns.spend(state, seat, seconds)
    state["requests"][str(seat)] = {"kind": "check", "effort": effort, "fail": fail,
                                    "note": note, "seconds": seconds, "price": None,
                                    "keep": keep}
    events.append(Event("check_asked", {"seat": seat, "effort": effort, "note": note,
                                        "seconds": seconds, "keep": keep}, "all"))


def act(state: State, seat: int, action: Move, rng: random.Random,
        events: list[Event]) -> None:
    """A common action in one step: the generic check's seconds now, the GM names the DC
    (see common.py)."""
    _own_turn(state, seat, "act")
    _no_request(state, seat)
    what = common.what_of(action.get("what"))
    effort = checks.effort_of(action.get("effort"))
    fail = action.get("fail", False)
    if not isinstance(fail, bool):
        raise Rejected("Say true or false for failing on purpose.")
    target = common.target_of(state, seat, what, action.get("target"))
    note = _text(action, "note", "thing you try", required=False)
    seconds, _ = checks.effort_cost(state["options"], effort)
    turns.spend(state, seat, seconds)
    request = {"kind": "check", "what": what, "target": target,
               "stat": common.default_stat(state["options"], what), "effort": effort,
               "fail": fail, "note": note, "seconds": seconds, "price": None, "keep": False}
    state["requests"][str(seat)] = request
    events.append(Event("check_asked", {"seat": seat, "effort": effort, "note": note,
                                        "seconds": seconds, **common.public(state, request)},
                        "all"))


def ask(state: State, seat: int, action: Move, rng: random.Random,
        events: list[Event]) -> None:
    _no_request(state, seat)
    text = _text(action, "text", "action")
    ready = action.get("ready", False)
    if not isinstance(ready, bool):
        raise Rejected("Say true or false for readying the action.")
    if on_turn(state, seat):
        kind = "ready" if ready else "custom"
    elif ready:
        raise Rejected("You ready an action on your own turn (the seconds are spent then).")
    else:
        kind = "free"
    trigger = _text(action, "trigger", "trigger", required=ready) if ready else ""
    if ready and str(seat) in state["readied"]:
        raise Rejected("You already have a readied action waiting for its trigger.")
    state["requests"][str(seat)] = {"kind": kind, "text": text, "trigger": trigger,
                                    "price": None}
    events.append(Event("asked", {"seat": seat, "kind": kind, "text": text,
                                  "trigger": trigger}, private(seat)))
    events.append(Event("asking", {"seat": seat, "kind": kind}, all_but_gm(state)))


def ready(state: State, seat: int, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    """Ready an action (Rules for Runners, Turns): the action and its trigger, priced by
    the GM, paid now."""
    ask(state, seat, {**action, "ready": True}, rng, events)


def accept(state: State, seat: int, action: Move, rng: random.Random,
           events: list[Event]) -> None:
    request = state["requests"].get(str(seat))
    if not request or request.get("price") is None:
        raise Rejected("The GM has not named a price for anything you asked.")
    _own_turn(state, seat, "spend seconds")
    turns.spend(state, seat, request["price"])
    del state["requests"][str(seat)]
    if request["kind"] == "ready":
        state["readied"][str(seat)] = {"text": request["text"], "trigger": request["trigger"],
                                       "seconds": request["price"]}
        events.append(Event("readied", {"seat": seat, "seconds": request["price"]}, "all"))
        events.append(Event("readied_detail", {"seat": seat, "text": request["text"],
                                               "trigger": request["trigger"]}, private(seat)))
    else:
        events.append(Event("custom", {"seat": seat, "text": request["text"],
                                       "seconds": request["price"]}, "all"))


def decline(state: State, seat: int, action: Move, rng: random.Random,
            events: list[Event]) -> None:
    request = state["requests"].get(str(seat))
    if not request or request.get("price") is None:
        raise Rejected("There is no price to decline.")
    del state["requests"][str(seat)]
    events.append(Event("declined", {"seat": seat}, private(seat)))


def enter(state: State, seat: int, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    character = runner(state, seat)
    if not character["outside"]:
        raise Rejected("You are already inside the mission area.")
    character["outside"] = False
    entry = initiative.roll(state, rng, seat, state["options"]["late_initiative_dice"],
                            late=True)
    initiative.insert(state, entry)
    if state["map"] is not None:
        character["pos"] = maps.starts(state["map"])[0]
    events.append(Event("entered", {"seat": seat, "dice": entry["dice"],
                                    "init": entry["init"]}, "all"))


def end(state: State, seat: int, action: Move, rng: random.Random,
        events: list[Event]) -> None:
    _own_turn(state, seat, "end a turn")
    turns.end(state, events, "ended")


def waste(state: State, seat: int, action: Move, rng: random.Random,
          events: list[Event]) -> None:
    _own_turn(state, seat, "waste seconds")
    seconds = action.get("seconds")
    left = seconds_left(state)
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 1 <= seconds <= left:
        raise Rejected(f"Waste from 1 to {left} seconds.")
    turns.spend(state, seat, seconds)
    events.append(Event("wasted", {"seat": seat, "seconds": seconds}, "all"))


HANDLERS = {"character": character, "notes": notes, "move": move, "sneak": sneak,
            "stop_sneaking": stop_sneaking, "check": check, "act": act, "ask": ask,
            "ready": ready, "accept": accept, "decline": decline, "roll": calls.answer,
            "fail": calls.answer, "enter": enter, "end": end, "waste": waste,
            "answer": hacking.answer}

__all__ = ["HANDLERS", "hidden", "perform"]
