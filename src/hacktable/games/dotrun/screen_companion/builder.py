"""The ./Run companion's screen helper: the viewer's view as rows the template prints.

Everything comes from the one view the server passed (`views.CompanionView`), so the screen
shows no more than it holds: a seat's own task and revealed answer, everybody's choices and
results.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from hacktable.games.dotrun.companion import choice_text
from hacktable.games.dotrun.companion_moves import COLOURS, RINGS, choose
from hacktable.games.dotrun.state import LastHacks, Revealed
from hacktable.games.dotrun.tasks.wellformed import form, in_words
from hacktable.games.dotrun.views import ChoiceView, CompanionView

LETTERS = {"red": "R", "blue": "B", "green": "G", "orange": "O"}


def _button(colour: str, ring: str, goal: bool, mine: ChoiceView | None) -> dict[str, Any]:
    action = choose(colour, ring, goal)
    chosen = bool(mine and mine.get("hack") and mine.get("colour") == action["colour"]
                  and mine.get("ring") == action["ring"] and mine.get("goal") == action["goal"])
    label = f"{colour} {ring}" + (" → goal" if goal else "")
    return {"colour": colour, "letter": LETTERS[colour], "ring": ring, "goal": goal,
            "label": label, "chosen": chosen, "json": json.dumps(action)}


def terminal_grid(mine: ChoiceView | None) -> list[dict[str, Any]]:
    """One row per ring (and the inner ring's goal paths), one button per colour."""
    rows = [{"title": f"{ring.capitalize()} ring", "buttons":
             [_button(c, ring, False, mine) for c in COLOURS]} for ring in RINGS]
    rows.append({"title": "Inner ring → goal path (Basque codes)",
                 "buttons": [_button(c, "inner", True, mine) for c in COLOURS]})
    return rows


def _results(last: LastHacks | None, names: Sequence[str],
             you: int | None) -> dict[str, Any] | None:
    if not last:
        return None
    return {"turn": last["turn"],
            "rows": [{"name": names[r["seat"]], "you": r["seat"] == you,
                      "terminal": choice_text({"hack": True, **r}), "solved": r["solved"],
                      "colour": r["colour"]} for r in last["results"]],
            "runners": [names[s] for s in last.get("runners", [])]}


def _stats(stats: Mapping[str, Mapping[str, Mapping[str, int]]]) -> list[dict[str, Any]]:
    rows = []
    for colour in COLOURS:
        cells = []
        for ring in RINGS:
            cell = stats[colour][ring]
            rate = (f"{cell['solved'] / cell['tries']:.0%}" if cell["tries"] else "—")
            cells.append({"ring": ring, "solved": cell["solved"], "tries": cell["tries"],
                          "rate": rate})
        rows.append({"colour": colour, "letter": LETTERS[colour], "cells": cells})
    return rows


def _revealed(revealed: Revealed | None) -> Mapping[str, Any] | None:
    """The seat's own last task, with a green script said in words."""
    if not revealed:
        return revealed
    return {**revealed, "words": in_words(revealed.get("kind", ""), revealed.get("public") or {},
                                          revealed.get("given"), revealed.get("answer"))}


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    view = cast(CompanionView, context.get("view") or {})
    names = list(view.get("players") or [])
    kind = "gm" if view.get("gm") else "seat" if "seat" in view else "spectator"
    you = view.get("seat") if kind == "seat" else None
    choices = list(view.get("choices") or [])
    mine = choices[you] if you is not None and you < len(choices) else None
    phase = view.get("phase")
    dc: dict[str, Any] = {
        "kind": kind, "you": you, "phase": phase,
        "choices": [{"name": n, "you": i == you, "text": choice_text(c),
                     "colour": c.get("colour") if c is not None and c["hack"] else None,
                     "chosen": c is not None} for i, (n, c) in enumerate(zip(names, choices,
                                                                             strict=False))],
        "waiting": [n for n, c in zip(names, choices, strict=False) if c is None],
        "results": _results(view.get("last"), names, you),
        "stats": _stats(view["stats"]) if view.get("stats") else [],
        "rings": list(RINGS),
        "revealed": _revealed(view.get("revealed")),
        "form": form(task["kind"], task["public"]) if (task := view.get("task")) else {},
        "mine": mine,
        "hacking": bool(view.get("task")),
        "grid": terminal_grid(mine),
        "result": view.get("result"),
    }
    if view.get("over"):
        result = view.get("result")
        dc["announce"] = result["summary"] if result else "The heist is over."
    elif phase == "hack":
        dc["announce"] = ("The timer is running: solve your task." if dc["hacking"]
                          else "The timer is running: run!")
    else:
        dc["announce"] = f"Turn {view.get('turn')}: choose your terminal."
    return {"dc": dc}
