"""Legal moves, listed for bots and the fuzzer. Each list is a sample of the many moves a
seat could make (every DC from 0 to 60 is legal), chosen from what that seat may know."""

from __future__ import annotations

from typing import Any

from hacktable.games.runners import common, maps
from hacktable.games.runners.calls import cheapest
from hacktable.games.runners.characters import speed
from hacktable.games.runners.checks import EFFORTS, disadvantaged, effort_cost
from hacktable.games.runners.gm_moves import NPC_LIMIT
from hacktable.games.runners.state import (
    GM_SEAT,
    MISSION,
    PREP,
    TIES,
    Character,
    State,
    on_turn,
    seconds_left,
    turn_now,
)

Action = dict[str, Any]
SAMPLE_DCS = (8, 12, 15)
MOVES_LISTED = 6


def runner_moves(state: State, seat: int) -> list[Action]:
    character = state["characters"].get(str(seat))
    if character is None or state["phase"] in (TIES, "over") or character["dead"]:
        return []
    if state["phase"] == PREP:
        return [{"do": "notes", "text": "ready"}]
    moves: list[Action] = []
    request = state["requests"].get(str(seat))
    mine = on_turn(state, seat)
    left = seconds_left(state) if mine else 0
    options = state["options"]
    moves += _answers(state, seat, character, left)
    if character["sneak"] is not None:
        moves.append({"do": "stop_sneaking"})
    if character["outside"]:
        moves.append({"do": "enter"})
    held = state.get("tasks", {}).get(str(seat))
    if held and held["solved"] is None:
        # The answer cannot be listed without giving it away: the listed one gives up.
        moves.append({"do": "answer", "answer": ""})
    if request is None:
        moves.append({"do": "ask", "text": "grab the keycard"})
    if mine:
        if request and request.get("price") is not None:
            if request["price"] <= left:
                moves.append({"do": "accept"})
            moves.append({"do": "decline"})
        if request is None:
            for effort in EFFORTS:
                if effort_cost(options, effort)[0] <= left:
                    moves.append({"do": "check", "effort": effort, "note": "the lock"})
            if effort_cost(options, "normal")[0] <= left:
                moves.append({"do": "check", "keep": True, "note": "the guard's route"})
                moves += _actions(state, seat, left)
            if str(seat) not in state["readied"]:
                moves.append({"do": "ready", "text": "pull the alarm",
                              "trigger": "a guard turns the corner"})
        if (character["sneak"] is None
                and (not character["spotted"] or disadvantaged(state, character, True))
                and options["sneak_seconds"] <= left):
            moves.append({"do": "sneak"})
        moves.extend(_walks(state, character, left))
        if left:
            moves.append({"do": "waste", "seconds": left})
        moves.append({"do": "end"})
    return moves


def _answers(state: State, seat: int, character: Character, left: int) -> list[Action]:
    """How this runner may answer the check the GM called for, if any."""
    called = state["called"].get(str(seat))
    if called is None:
        return []
    moves: list[Action] = [{"do": "fail"}]
    if called.get("charge"):
        moves += [{"do": "roll", "effort": effort} for effort in EFFORTS
                  if effort_cost(state["options"], effort)[0] <= left]
    else:
        moves.append({"do": "roll", "effort": "normal"})
    if not called.get("keep") and any(k["stat"] == called["stat"]
                                       for k in character.get("kept", [])):
        moves.append({"do": "roll", "kept": True})
    return moves


def _actions(state: State, seat: int, left: int) -> list[Action]:
    """A few common actions: an attack on each foe in sight, an unlock, a hack, a search."""
    moves: list[Action] = []
    hasty = effort_cost(state["options"], "hasty")[0] <= left
    for entry in common.targets(state, seat):
        what = entry["what"]
        aims = [t.get("ref", t.get("at")) for t in entry["targets"]][:3]
        if what == "attack":
            moves += [{"do": "act", "what": what, "target": ref} for ref in aims]
        else:
            moves += [{"do": "act", "what": what, "target": at} for at in aims[:1]]
            if hasty:
                moves.append({"do": "act", "what": what, "effort": "hasty", "note": "quickly"})
    return moves


def _walks(state: State, character: Character, left: int) -> list[Action]:
    options = state["options"]
    per = options["sneak_move_seconds"] if character["sneak"] is not None \
        else options["move_seconds"]
    if per > left:
        return []
    pace = speed(character["stats"]["dex"], options)
    reach = int(pace * (left // per))
    if state["map"] is None or character["pos"] is None:
        return [{"do": "move", "squares": n} for n in sorted({1, max(1, reach)}) if reach]
    here = (character["pos"][0], character["pos"][1])
    squares = maps.reachable(state["map"], here, reach, options["diagonals"])
    step = max(1, len(squares) // MOVES_LISTED)
    return [{"do": "move", "to": s} for s in squares[::step][:MOVES_LISTED]]


def gm_moves(state: State) -> list[Action]:
    phase = state["phase"]
    moves: list[Action] = []
    if phase == PREP:
        if len(state["npcs"]) < NPC_LIMIT:
            moves.append({"do": "npc", "name": "Guard", "init": 10, "hidden": True})
            moves.append({"do": "npc", "name": "Receptionist", "init": 12, "hidden": False})
        if any(not c["outside"] for c in state["characters"].values()):
            moves.append({"do": "start"})
        for n in state["npcs"][:2]:
            moves.append({"do": "remove_npc", "ref": n["id"]})
        return moves + _undo(state)
    if phase == TIES:
        refs = state["ties"][0]
        return [{"do": "rps"}, {"do": "tie", "order": list(reversed(refs))}, *_undo(state)]
    if phase != MISSION:
        return []
    for s, character in state["characters"].items():
        seat = int(s)
        if character["dead"]:
            continue
        request = state["requests"].get(s)
        if request and request["kind"] == "check":
            moves += _rulings(seat, request)
        elif request and request.get("price") is None:
            top = 0 if request["kind"] == "free" else state["options"]["game_seconds"]
            moves.extend({"do": "price", "seat": seat, "seconds": n} for n in range(top + 1))
            moves.append({"do": "refuse", "seat": seat, "reason": "the guard is watching"})
        elif s not in state["called"]:
            moves += _calls(state, seat)
        moves.append({"do": "check", "seat": seat, "stat": "dex", "dc": 15, "passive": True})
        if s in state["readied"]:
            moves.append({"do": "fire", "seat": seat})
        moves.append({"do": "attack", "target": f"s{seat}"})
        held = state.get("tasks", {}).get(s)
        if not held or held["solved"] is not None:
            moves.append({"do": "hack", "seat": seat, "colour": "green", "ring": 0})
        moves.append({"do": "spot", "seat": seat, "spotted": not character["spotted"]})
        if character["sneak"] is not None:
            for n in state["npcs"]:
                if not n["dead"]:
                    moves.append({"do": "find", "npc": n["id"], "seat": seat})
    for n in state["npcs"]:
        if not n["dead"]:
            moves.append({"do": "attack", "target": n["id"]})
            if not (n["hidden"] is False and turn_now(state)["ref"] == n["id"]):
                moves.append({"do": "show", "ref": n["id"], "hidden": not n["hidden"]})
    ref = turn_now(state)["ref"]
    if not ref.startswith("s"):
        moves.append({"do": "end_turn"})
        moves.append({"do": "hold"})
    moves.append({"do": "end_mission", "result": "success"})
    return moves + _undo(state)


def _rulings(seat: int, request: dict) -> list[Action]:
    """Rulings on a check a runner asked for: the DC (the stat too, unless the action names
    it), or just the stat of a check kept for later."""
    if request.get("keep"):
        return [{"do": "check", "seat": seat, "stat": "int"}]
    if request.get("stat"):
        return [{"do": "check", "seat": seat, "dc": dc} for dc in SAMPLE_DCS] + [
            {"do": "check", "seat": seat, "stat": "str", "dc": 12, "visibility": "public"}]
    return [{"do": "check", "seat": seat, "stat": "dex", "dc": dc} for dc in SAMPLE_DCS] + [
        {"do": "check", "seat": seat, "stat": "int", "dc": 12, "visibility": "blind",
         "sight": True}]


def _calls(state: State, seat: int) -> list[Action]:
    """Checks the GM may call for: a guard's question (free), one on the runner's own turn
    that costs their seconds (when they have enough), one kept for later."""
    moves: list[Action] = [{"do": "check", "seat": seat, "stat": "cha", "dc": 14,
                            "charge": False, "note": "a guard asks a question"},
                           {"do": "check", "seat": seat, "stat": "int", "keep": True,
                            "charge": False}]
    if on_turn(state, seat) and seconds_left(state) >= cheapest(state["options"]):
        moves.append({"do": "check", "seat": seat, "stat": "dex", "dc": 12,
                      "note": "roll for Dexterity"})
    return moves


def _undo(state: State) -> list[Action]:
    saved = state["undo"]
    return [{"do": "undo"}] if saved is not None and saved["turns"] == state["turns"] else []


def legal(state: State, seat: int) -> list[Action]:
    return gm_moves(state) if seat == GM_SEAT else runner_moves(state, seat)
