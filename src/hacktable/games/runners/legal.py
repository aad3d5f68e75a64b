"""Legal moves, listed for bots and the fuzzer. Each list is a sample of the many moves a
seat could make (every DC from 0 to 60 is legal), chosen from what that seat may know."""

from __future__ import annotations

from typing import Any

from hacktable.games.runners import maps
from hacktable.games.runners.characters import speed
from hacktable.games.runners.checks import disadvantaged, effort_cost
from hacktable.games.runners.gm_moves import NPC_LIMIT
from hacktable.games.runners.state import GM_SEAT, MISSION, PREP, TIES, State, on_turn

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
    left = state["turn"]["seconds"] if mine else 0
    options = state["options"]
    if str(seat) in state["called"]:
        moves.append({"do": "roll", "effort": "normal"})
        moves.append({"do": "fail"})
    if character["sneak"] is not None:
        moves.append({"do": "stop_sneaking"})
    if character["outside"]:
        moves.append({"do": "enter"})
    held = state.get("tasks", {}).get(str(seat))
    if held and held["solved"] is None:
        moves.append({"do": "answer", "answer": "GUESS"})
    if request is None:
        moves.append({"do": "ask", "text": "grab the keycard"})
    if mine:
        if request and request.get("price") is not None:
            if request["price"] <= left:
                moves.append({"do": "accept"})
            moves.append({"do": "decline"})
        if request is None:
            for effort in ("normal", "careful", "hasty"):
                if effort_cost(options, effort)[0] <= left:
                    moves.append({"do": "check", "effort": effort, "note": "the lock"})
            if str(seat) not in state["readied"]:
                moves.append({"do": "ask", "ready": True, "text": "pull the alarm",
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


def _walks(state: State, character: dict, left: int) -> list[Action]:
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
            for dc in SAMPLE_DCS:
                moves.append({"do": "check", "seat": seat, "stat": "dex", "dc": dc})
            moves.append({"do": "check", "seat": seat, "stat": "int", "dc": 12,
                          "visibility": "blind", "sight": True})
        elif request and request.get("price") is None:
            top = 0 if request["kind"] == "free" else state["options"]["game_seconds"]
            moves.extend({"do": "price", "seat": seat, "seconds": n} for n in range(top + 1))
            moves.append({"do": "refuse", "seat": seat, "reason": "the guard is watching"})
        elif s not in state["called"]:
            moves.append({"do": "check", "seat": seat, "stat": "cha", "dc": 14,
                          "note": "a guard asks a question"})
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
            if not (n["hidden"] is False and state["turn"]["ref"] == n["id"]):
                moves.append({"do": "show", "ref": n["id"], "hidden": not n["hidden"]})
    ref = state["turn"]["ref"]
    if not ref.startswith("s"):
        moves.append({"do": "end_turn"})
    moves.append({"do": "end_mission", "result": "success"})
    return moves + _undo(state)


def _undo(state: State) -> list[Action]:
    saved = state["undo"]
    return [{"do": "undo"}] if saved is not None and saved["turns"] == state["turns"] else []


def legal(state: State, seat: int) -> list[Action]:
    return gm_moves(state) if seat == GM_SEAT else runner_moves(state, seat)
