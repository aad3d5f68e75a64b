"""Checks: 3d6 + a stat against a DC the GM keeps secret, passive checks (10 + stat),
deliberate failures, rolls kept for later, and who may see each roll.

A roll is stored once, with everything; `visible_roll` cuts it down for each viewer, and
the events a roll makes carry the same cut (the runner's has no DC, the GM's has all). The
GM is told each roll once, whole: the cut goes to everyone else who may see it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hacktable.engine.contract import Audience, Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners import maps
from hacktable.games.runners.characters import STAT_NAMES, stat_key
from hacktable.games.runners.options import VISIBILITIES
from hacktable.games.runners.state import (
    GM_ONLY,
    GM_SEAT,
    Roll,
    State,
    all_but_gm,
    dice,
    round_now,
    whole,
)

EFFORTS = ("normal", "careful", "hasty")
DC_LIMIT = 60


def effort_of(value: Any) -> str:
    effort = value if value is not None else "normal"
    if effort not in EFFORTS:
        raise Rejected("Say how you take the check: normal (2 s), careful (3 s, +5) or "
                       "hasty (1 s, -5).")
    return effort


def effort_cost(options: Mapping[str, Any], effort: str) -> tuple[int, int]:
    """(game seconds, modifier) of a check taken with this effort."""
    if effort == "careful":
        return options["careful_seconds"], options["careful_bonus"]
    if effort == "hasty":
        return options["hasty_seconds"], -options["hasty_penalty"]
    return options["check_seconds"], 0


def visibility_of(state: State, value: Any) -> str:
    if value is None:
        return state["options"]["roll_visibility"]
    if value not in VISIBILITIES:
        raise Rejected("Roll visibility is one of: gm (the runner and you), public, blind "
                       "(you only) or self (the runner, and you: the GM sees every roll).")
    return value


def dc_of(value: Any) -> int:
    return whole(value, "The DC", 0, DC_LIMIT)


def disadvantaged(state: State, character: Mapping[str, Any], sight: bool) -> bool:
    """Darkness gives disadvantage on checks that need sight (Rules for Runners, Darkness):
    the runner stands on a dark square, or carries the darkness condition."""
    if not sight:
        return False
    dark = any(c["name"].lower() == "darkness" for c in character["conditions"])
    return dark or maps.is_dark(state["map"], character["pos"])


def roll(state: State, rng: random.Random, *, seat: int | None, npc: str | None,
         stats: Mapping[str, int], stat: str, kind: str, dc: int | None,
         modifier: int = 0, visibility: str = "gm", sight_penalty: bool = False,
         passive: bool = False, fail: bool = False, note: str = "") -> Roll:
    """Make one check and store it: dice from the match's randomness, every die kept."""
    options = state["options"]
    rolled: list[int] = []
    dropped: list[int] = []
    if fail:
        total = None
    elif passive:
        modifier -= 5 if sight_penalty else 0
        total = options["passive_base"] + stats[stat] + modifier
    else:
        rolled = dice(rng, options["check_dice"])
        if sight_penalty and options["disadvantage"] == "twice_lower":
            second = dice(rng, options["check_dice"])
            if sum(second) < sum(rolled):
                rolled, dropped = second, rolled
            else:
                dropped = second
        elif sight_penalty:
            modifier -= 5
        total = sum(rolled) + stats[stat] + modifier
    passed = None if dc is None else (False if total is None else total >= dc)
    record: Roll = {"id": len(state["rolls"]) + 1, "kind": kind, "seat": seat, "npc": npc,
              "stat": stat, "dice": rolled, "dropped": dropped, "modifier": modifier,
              "passive": passive, "fail": fail, "disadvantage": sight_penalty,
              "total": total, "dc": dc, "passed": passed, "visibility": visibility,
              "note": note, "round": round_now(state)}
    state["rolls"].append(record)
    return record


def visible_roll(state: State, record: Mapping[str, Any],
                viewer: Any) -> dict[str, Any] | None:
    """The roll as `viewer` may see it: the GM everything; a runner never the DC nor the
    roll's number (gaps would count the GM's secret rolls); a blind roll shows its roller
    only that it happened; NPC rolls reach the GM alone."""
    if viewer == "gm" or viewer == GM_SEAT:
        return dict(record)
    if record["npc"] is not None:
        return None
    own = viewer == record["seat"]
    visibility = record["visibility"]
    if visibility == "public" or (own and visibility in ("gm", "self")):
        shown = {k: v for k, v in record.items() if k not in ("id", "dc", "passed")}
        if own and state["options"]["runners_see_results"]:
            shown["passed"] = record["passed"]
        return shown
    if own and visibility == "blind":
        return {"kind": record["kind"], "seat": record["seat"],
                "npc": None, "stat": record["stat"], "visibility": "blind",
                "note": record["note"], "round": record["round"], "blind": True}
    return None


def announce(state: State, record: Mapping[str, Any], events: list[Event]) -> None:
    """One event per audience: the whole roll for the GM, the cut for whoever else may see
    it (the GM is not told the same roll twice)."""
    events.append(Event("roll_gm", {"roll": dict(record)}, GM_ONLY))
    seat = record["seat"]
    if record["npc"] is not None or seat is None:
        return
    visibility = record["visibility"]
    audience: Audience = all_but_gm(state) if visibility == "public" else (seat,)
    shown = visible_roll(state, record, seat)
    if shown is not None:
        events.append(Event("roll", {"roll": shown}, audience))


def describe_stat(stat: str) -> str:
    return STAT_NAMES.get(stat, stat)


def stat_of(value: Any) -> str:
    return stat_key(value)


def runner_check(state: State, rng: random.Random, seat: int, spec: Mapping[str, Any],
                 request: Mapping[str, Any], events: list[Event],
                 kind: str = "check") -> Roll:
    """Resolve a check a runner takes: the GM's stat, DC (none for a roll kept for later),
    visibility and sight, the runner's effort and choice to fail on purpose."""
    character = state["characters"][str(seat)]
    stat = stat_of(spec.get("stat"))
    dc = None if kind == "keep" else dc_of(spec.get("dc"))
    visibility = visibility_of(state, spec.get("visibility"))
    sight = spec.get("sight", False)
    if not isinstance(sight, bool):
        raise Rejected("Say true or false for whether the check needs sight.")
    _, modifier = effort_cost(state["options"], request.get("effort", "normal"))
    record = roll(state, rng, seat=seat, npc=None, stats=character["stats"], stat=stat,
                  kind=kind, dc=dc, modifier=modifier, visibility=visibility,
                  sight_penalty=disadvantaged(state, character, sight),
                  fail=bool(request.get("fail")), note=str(request.get("note", ""))[:80])
    announce(state, record, events)
    return record


def kept_check(state: State, seat: int, spec: Mapping[str, Any], kept: Mapping[str, Any],
               events: list[Event]) -> Roll:
    """A check answered with a roll kept for later: its total against the DC, no dice. A
    roll kept blind stays blind."""
    dc = dc_of(spec.get("dc"))
    visibility = "blind" if kept["blind"] else visibility_of(state, spec.get("visibility"))
    total = kept["total"]
    record: Roll = {"id": len(state["rolls"]) + 1, "kind": "check", "seat": seat, "npc": None,
              "stat": kept["stat"], "dice": [], "dropped": [], "modifier": 0,
              "passive": False, "fail": False, "disadvantage": False, "kept": True,
              "total": total, "dc": dc, "passed": total >= dc, "visibility": visibility,
              "note": str(spec.get("note", ""))[:80],
              "round": round_now(state)}
    state["rolls"].append(record)
    announce(state, record, events)
    return record
