"""The GM's checks and the runners' answers (Rules for Runners, Making Checks; Making a
Check; Passive Checks).

The GM's `check` does one of three things:

- rules what a runner asked for (a check or a common action, paid when asked): the stat
  (the action's own unless the GM names another) and the secret DC; a check kept for
  later needs no DC;
- works out a passive check at once (10 + stat; it costs nothing);
- calls for a check the runner must roll. "To make a generic check ... takes 2 seconds.
  This is not the only time you make a check: for example, a guard might ask you a
  question on her turn, in which case you might make a Charisma check on her turn." So a
  call is charged (the runner pays a check's seconds, with the +5/-5 choice, when they
  roll) or free (a reaction on someone else's turn); by default it is charged exactly
  when it is that runner's own turn. A call may also be "kept": rolled without a DC and
  recorded for later (see kept.py).

A runner answers a call by rolling it, by failing it on purpose ("You may always choose to
purposely fail a check"; that takes no seconds), or with a roll they kept for its stat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.runners import checks, common, kept, turns
from hacktable.games.runners.state import (
    GM_ONLY,
    Move,
    Request,
    Roll,
    State,
    npc,
    on_turn,
    runner,
    seconds_left,
)

NOTE_LIMIT = 80


def _flag(action: Move, key: str, what: str, default: Any = False) -> Any:
    value = action.get(key, default)
    if value is not default and not isinstance(value, bool):
        raise Rejected(f"Say true or false for {what}.")
    return value


def _note(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Rejected("The note must be text.")
    return " ".join(value.split())[:NOTE_LIMIT]


def cheapest(options: Mapping[str, Any]) -> int:
    return min(checks.effort_cost(options, effort)[0] for effort in checks.EFFORTS)


def rule(state: State, action: Move, rng: random.Random,
         events: list[Event]) -> None:
    """The GM's `check`: rule a request, work out a passive check, or call for a check."""
    seat = cast(int, action.get("seat"))  # checked by `runner`, which names the choices
    character = runner(state, seat)
    if character["dead"]:
        raise Rejected(f"{character['name']} is dead.")
    visibility = checks.visibility_of(state, action.get("visibility"))
    sight = _flag(action, "sight", "whether the check needs sight")
    passive = _flag(action, "passive", "a passive check")
    keep = _flag(action, "keep", "a check kept for later")
    charge = _flag(action, "charge", "whether the runner pays the check's seconds", None)
    reveal = action.get("reveal")
    if reveal is not None and not npc(state, reveal)["hidden"]:
        raise Rejected("That NPC is not hidden; there is nothing to find.")
    note = _note(action.get("note"))
    request = state["requests"].get(str(seat))
    record: Roll | None
    if passive:
        if keep or charge:
            raise Rejected("A passive check is worked out at once (10 + stat): it takes no "
                           "seconds and is not kept.")
        stat = checks.stat_of(action.get("stat"))
        record = checks.roll(state, rng, seat=seat, npc=None, stats=character["stats"],
                             stat=stat, kind="passive", dc=checks.dc_of(action.get("dc")),
                             visibility=visibility, passive=True, note=note,
                             sight_penalty=checks.disadvantaged(state, character, sight))
        checks.announce(state, record, events)
    elif request and request["kind"] == "check":
        record = _rule_request(state, rng, seat, request, action, visibility, sight, keep,
                               events)
    else:
        _call(state, seat, action, visibility, sight, keep, charge, reveal, note, events)
        return
    if reveal is not None and record is not None:
        reveal_if_found(state, reveal, record, events)


def _rule_request(state: State, rng: random.Random, seat: int, request: Request,
                  action: Move, visibility: str, sight: bool, keep: bool,
                  events: list[Event]) -> Roll | None:
    """The stat and DC of what the runner asked for (its seconds were paid then)."""
    raw = action.get("stat")
    if raw is None and request.get("stat") is None:
        raise Rejected("Name the stat of this check (STR, DEX, INT or CHA).")
    stat = checks.stat_of(raw if raw is not None else request["stat"])
    keep = keep or bool(request.get("keep"))
    spec = {"stat": stat, "dc": None if keep else checks.dc_of(action.get("dc")),
            "visibility": visibility, "sight": sight}
    del state["requests"][str(seat)]
    record = checks.runner_check(state, rng, seat, spec, request, events,
                                 kind="keep" if keep else "check")
    if keep:
        if not record["fail"]:
            kept.store(state, seat, record)
        return None
    common.consequence(state, request, record, events)
    return record


def _call(state: State, seat: int, action: Move, visibility: str, sight: bool,
          keep: bool, charge: bool | None, reveal: Any, note: str,
          events: list[Event]) -> None:
    character = runner(state, seat)
    if str(seat) in state["called"]:
        raise Rejected(f"{character['name']} has a check to roll already.")
    if keep and reveal is not None:
        raise Rejected("A check kept for later has no DC, so it cannot find anyone yet.")
    if action.get("stat") is None:
        raise Rejected(f"{character['name']} has asked for nothing to rule on; to call for a "
                       f"check, name its stat (check {seat} STAT DC).")
    stat = checks.stat_of(action.get("stat"))
    dc = None if keep else checks.dc_of(action.get("dc"))
    own = on_turn(state, seat)
    charge = own if charge is None else charge
    if charge and not own:
        raise Rejected(f"{character['name']} has no seconds to pay off their own turn: a "
                       "check called in reaction on someone else's turn is free (charge "
                       "false).")
    left = seconds_left(state) if own else 0
    if charge and left < cheapest(state["options"]):
        raise Rejected(f"{character['name']} has {left} s left this turn, not enough for a "
                       "check: call it free (charge false), or call it on their next turn.")
    state["called"][str(seat)] = {"stat": stat, "dc": dc, "visibility": visibility,
                                  "sight": sight, "reveal": reveal, "note": note,
                                  "charge": charge, "keep": keep}
    events.append(Event("called", {"seat": seat, "stat": stat, "note": note,
                                   "charge": charge, "keep": keep}, (seat,)))
    events.append(Event("called_gm", {"seat": seat, "dc": dc, "stat": stat,
                                      "charge": charge, "keep": keep}, GM_ONLY))


def answer(state: State, seat: int, action: Move, rng: random.Random,
           events: list[Event]) -> None:
    """Roll (or fail on purpose, or answer with a kept roll) the check the GM called for."""
    called = state["called"].get(str(seat))
    if called is None:
        raise Rejected("The GM has not called for a check from you.")
    fail = action.get("do") == "fail"
    use_kept = _flag(action, "kept", "answering with the roll you kept")
    effort = checks.effort_of(action.get("effort"))
    seconds = 0
    if use_kept:
        if fail:
            raise Rejected("Fail the check on purpose, or answer with your kept roll: not "
                           "both.")
        if called["keep"]:
            raise Rejected("This check is to be kept for later: roll it.")
        if effort != "normal":
            raise Rejected("A kept roll is used as it was rolled: no seconds, no +5/-5.")
        saved = kept.take(state, seat, called["stat"])
        del state["called"][str(seat)]
        record = checks.kept_check(state, seat, called, saved, events)
        _after(state, called, record, events)
        return
    if not fail and called.get("charge"):
        seconds, _ = checks.effort_cost(state["options"], effort)
        left = seconds_left(state) if on_turn(state, seat) else 0
        if seconds > left:
            raise Rejected(f"That takes {seconds} s and you have {left} s left this turn; "
                           f"{_affordable(state, left)}")
    elif not fail and effort != "normal":
        raise Rejected("A check the GM calls for on someone else's turn takes no seconds and "
                       "no +5/-5: roll it as it is (or fail it on purpose).")
    del state["called"][str(seat)]
    if seconds:
        turns.spend(state, seat, seconds)
        events.append(Event("check_asked", {"seat": seat, "effort": effort, "note": "",
                                            "seconds": seconds, "called": True}, "all"))
    request = {"effort": effort, "fail": fail, "note": called.get("note", "")}
    kind = "keep" if called.get("keep") else "check"
    record = checks.runner_check(state, rng, seat, called, request, events, kind=kind)
    if kind == "keep":
        if not fail:
            kept.store(state, seat, record)
        return
    _after(state, called, record, events)


def _affordable(state: State, left: int) -> str:
    """What a runner short of seconds can still do with a charged check."""
    options = state["options"]
    can = [f"{effort} ({checks.effort_cost(options, effort)[0]} s)"
           for effort in checks.EFFORTS if checks.effort_cost(options, effort)[0] <= left]
    return ((f"roll it {' or '.join(can)}, " if can else "")
            + "or fail it on purpose (that takes no seconds).")


def _after(state: State, called: Mapping[str, Any], record: Mapping[str, Any],
           events: list[Event]) -> None:
    if called.get("reveal"):
        reveal_if_found(state, called["reveal"], record, events)


def reveal_if_found(state: State, ref: str, record: Mapping[str, Any],
                    events: list[Event]) -> None:
    """A runner who finds a hidden NPC sees it, and so does everyone ("you immediately stop
    being hidden (to everyone)")."""
    found = npc(state, ref)
    if record["passed"] and found["hidden"]:
        found["hidden"] = False
        entry = next((e for e in state["order"] if e["ref"] == ref), None)
        events.append(Event("revealed", {"ref": ref, "name": found["name"],
                                         "init": entry["init"] if entry else None,
                                         "pos": found["pos"]}, "all"))


def called_view(called: Mapping[str, Any]) -> dict[str, Any]:
    """A called check as its runner sees it: never the DC."""
    return {"stat": called["stat"], "note": called["note"], "sight": called["sight"],
            "charged": bool(called.get("charge")), "keep": bool(called.get("keep"))}
