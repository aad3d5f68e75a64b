"""./Run's screen helper: one viewer's view turned into rows the template prints.

Everything comes from the one view the server passed (`views.DotrunView`: a seat's, a
spectator's or the gamemaster's) and that seat's prompt and legal moves, so the page can
show no more than the view holds. A placed card is never in a view, so it can never be on a
page; the board is the engine's own SVG (`games/dotrun/svg.py`), drawn from public parts only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from hacktable.engine.contract import Event
from hacktable.games.dotrun import svg
from hacktable.games.dotrun.board import BoardJson
from hacktable.games.dotrun.state import Plan
from hacktable.games.dotrun.tasks import wellformed
from hacktable.games.dotrun.text import describe, plan_text
from hacktable.games.dotrun.views import DotrunView

CARD_HELP = {
    "clockwise": "move one space clockwise",
    "counterclockwise": "move one space counterclockwise",
    "cd": "take an open path inwards",
    "echo": "copy the card before it",
    "touch": "do nothing",
}
RING_WORDS = {"o": "outer", "m": "middle", "i": "inner"}
STEP_KINDS = {"hack", "alertness", "lockout", "no_lockout_token", "paths_open", "revealed",
              "too_few_cards", "card", "moved", "game_over"}


def move(action: Mapping[str, Any]) -> str:
    """An action as the hidden input's JSON: the form posts {"action": ...} with no script."""
    return json.dumps(dict(action), sort_keys=True)


def where(space: str | None, board: BoardJson, locked: Sequence[str]) -> str:
    """A space in words, with its terminal's colour spelled out."""
    if space is None:
        return "not placed yet"
    if space == "goal":
        return "the goal"
    words = f"{space} ({RING_WORDS.get(space[0], '')} ring"
    colour = board["terminals"].get(space)
    if colour:
        words += f", {colour} terminal" + (", locked out" if space in locked else "")
    return words + ")"


def path_words(path_id: str, board: BoardJson) -> str:
    for path in board["paths"]:
        if path["id"] == path_id:
            return f"{path_id}: {' and '.join(path['colours'])}, {path['from']} → {path['to']}"
    return path_id


def team(view: DotrunView, you: int | None) -> list[dict[str, Any]]:
    """One row per player: where they stand, their plan, and (runners) how far they got."""
    rows = []
    stress = view["phase"] == "stress"
    for seat, name in enumerate(view["players"]):
        plan = view["plans"][seat]
        doing = plan_text(plan)
        if view["phase"] == "start":
            doing = "chose a start space" if view["pawns"][seat] else "(choosing)"
        running = stress and plan is not None and plan["do"] == "run"
        rows.append({
            "seat": seat, "name": name, "you": seat == you,
            "where": where(view["pawns"][seat], view["board"], view["lockouts"]["locked"]),
            "plan": doing, "chosen": plan is not None,
            "running": running, "row": view["rows"][seat], "draws": view["draws"][seat],
            "holding": view["holding"][seat], "done": view["done"][seat],
        })
    return rows


def steps(view: DotrunView) -> list[dict[str, str]]:
    """The last resolution, step by step, in words (public events only)."""
    names = view["players"]
    rows = []
    for item in view.get("last_turn") or []:
        if item.get("kind") not in STEP_KINDS:
            continue
        data = {k: v for k, v in item.items() if k != "kind"}
        text = describe(Event(item["kind"], data), names)
        tone = ""
        if item["kind"] == "hack":
            tone = "good" if item.get("success") else "bad"
        elif item["kind"] == "game_over":
            tone = "good" if item.get("won") else "bad"
        rows.append({"kind": item["kind"], "text": text, "tone": tone})
    return rows


def resolved_turn(view: DotrunView) -> int:
    """The turn `last_turn` belongs to: the one before, unless the game ended on it."""
    return view["turn"] if view.get("over") else view["turn"] - 1


def own_hack(view: DotrunView) -> dict[str, Any] | None:
    """This seat's hacking attempt of the turn just resolved, revealed (answer included)."""
    last = view.get("last_hack")
    if not last or last.get("turn") != resolved_turn(view):
        return None
    task = last.get("task") or {}
    solution = (task.get("secret") or {}).get("answer")
    return {"path": last.get("path"), "success": bool(last.get("success")),
            "answer": last.get("answer"), "kind": task.get("kind"), "solution": solution,
            "words": wellformed.in_words(task.get("kind", ""), task.get("public") or {},
                                         last.get("answer"), solution)}


def start_words(space: str, board: BoardJson) -> str:
    """A start button's words: the terminal's colour first, since that is what a player
    picks a start for ("Start at the red terminal (o3)"); the space's name as the board
    prints it."""
    colour = (board.get("terminals") or {}).get(space)
    return f"Start at the {colour} terminal ({space})" if colour else f"Start at {space}"


def controls(legal: Sequence[Mapping[str, Any]] | None, board: BoardJson,
             plan: Plan | None, pawn: str | None = None
             ) -> dict[str, list[dict[str, Any]]]:
    """The seat's buttons, grouped, each with the action JSON it posts."""
    out: dict[str, list[dict[str, Any]]] = {"start": [], "plan": [], "run": [], "place": []}
    for action in legal or []:
        do = action.get("do")
        if do == "start":
            out["start"].append({"label": start_words(action["space"], board),
                                 "space": action["space"],
                                 "json": move(action), "chosen": action["space"] == pawn})
        elif do in ("run", "hold", "hack"):
            label = {"run": "Run", "hold": "Hold"}.get(do) or \
                f"Hack {path_words(action['path'], board)}"
            chosen = plan is not None and dict(plan) == dict(action)
            out["plan"].append({"label": label, "json": move(action), "do": do,
                                "chosen": chosen})
        elif do in ("draw", "stop"):
            out["run"].append({"label": "Draw a card" if do == "draw" else "Stop drawing",
                               "json": move(action), "do": do})
        elif do in ("place", "discard"):
            label = {"left": "Keep: left end", "right": "Keep: right end"}.get(
                action.get("side", ""), "Discard face up")
            out["place"].append({"label": label, "json": move(action), "do": do,
                                 "side": action.get("side", "")})
    return out


def announce(view: DotrunView) -> str:
    phase = view["phase"]
    if view.get("over"):
        result = view.get("result")
        return result["summary"] if result else "The game is over."
    if phase == "start":
        return "Choose your start space on the outer ring."
    if phase == "planning":
        return f"Turn {view['turn']}: planning. Choose to hack, run or hold."
    return f"Turn {view['turn']}: stress! The clock is running."


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    view = cast(DotrunView, context.get("view") or {})
    if view.get("game") != "dotrun":
        return {"dr": None}
    viewer = context.get("viewer")
    you = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    prompt = context.get("prompt") or {}
    data = prompt.get("data") or {}
    plan = view["plans"][you] if you is not None else None
    task = None
    shown = view.get("task")
    if shown:
        task = {**shown, "colour": data.get("colour"), "ring": data.get("ring"),
                "form": wellformed.form(shown["kind"], shown["public"])}
    kind = "gm" if viewer == "gm" else "seat" if you is not None else "spectator"
    return {"dr": {
        "kind": kind,
        "you": you,
        "svg": svg.draw(view),
        "team": team(view, you),
        "role": None if plan is None else plan["do"],
        "plan_words": plan_text(plan) if you is not None else "",
        "controls": controls(context.get("legal"), view["board"], plan,
                             view["pawns"][you] if you is not None else None),
        "hack_path": path_words(data["path"], view["board"]) if data.get("path") else "",
        "task": task,
        "hand": view.get("hand"),
        "card_help": CARD_HELP,
        "discard": [{"card": item["card"], "name": view["players"][item["seat"]]}
                    for item in view["discard"]],
        "steps": steps(view),
        "resolved_turn": resolved_turn(view),
        "own_hack": own_hack(view) if you is not None else None,
        "announce": announce(view),
        "result": view.get("result"),
        "alert_pct": min(100, round(100 * view["alertness"] / max(1, view["alertness_limit"]))),
    }}
