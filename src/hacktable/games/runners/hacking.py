"""Hackers' tasks, borrowed from ./Run's generators: when a runner hacks something, the GM
hands them a real task (a Mugtome network, a spoken passcode, a DNA reading); the server
checks the answer and the GM sees success or failure. Beyond the seed, which only says that
hackers exist outside the building."""

from __future__ import annotations

import random
from typing import Any, cast

from hacktable.engine.contract import Event
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.games.dotrun.tasks.generate import check, generate
from hacktable.games.dotrun.tasks.model import COLOURS, public_view
from hacktable.games.dotrun.tasks.wellformed import malformed
from hacktable.games.runners.state import GM_ONLY, Move, State, private, runner, whole

ANSWER_LIMIT = 200


def hand_out(state: State, action: Move, rng: random.Random,
             events: list[Event]) -> None:
    """The GM gives a runner a hacking task at a terminal of this colour and ring."""
    seat = cast(int, action.get("seat"))  # checked by `runner`, which names the choices
    character = runner(state, seat)
    if character["dead"]:
        raise Rejected(f"{character['name']} is dead.")
    tasks = state.setdefault("tasks", {})
    held = tasks.get(str(seat))
    if held and held["solved"] is None:
        raise Rejected(f"{character['name']} is still working on a hacking task.")
    colour = action.get("colour", "green")
    if colour not in COLOURS:
        raise Rejected(f"A terminal is {', '.join(COLOURS)}, not {colour!r}.")
    ring = whole(action.get("ring", 0), "The ring", 0, 2)
    task = generate(colour, ring, rng)
    tasks[str(seat)] = {"task": task.to_json(), "answer": None, "solved": None}
    events.append(Event("hack", {"seat": seat, "colour": colour, "kind": task.kind},
                        private(seat)))


def answer(state: State, seat: int, action: Move, rng: random.Random,
           events: list[Event]) -> None:
    """The hacker's one answer. A malformed one ("343" for a 4-digit passcode) is refused
    with what a well-formed one is and costs nothing; an empty one gives up (a failure:
    the screen asks first). Only a well-formed answer is final."""
    held = state.get("tasks", {}).get(str(seat))
    if not held or held["solved"] is not None:
        raise Rejected("You have no hacking task to answer.")
    text = action.get("answer")
    if not isinstance(text, str):
        raise Rejected("Type your answer to the hacking task, or give up on it.")
    if len(text) > ANSWER_LIMIT:
        raise Rejected(f"An answer is at most {ANSWER_LIMIT} characters.")
    text = text.strip()
    task = held["task"]
    refused = malformed(task["kind"], task["public"], text) if text else None
    if refused:
        raise Rejected(refused)
    held["answer"] = text
    held["solved"] = bool(text) and check(task, text)
    events.append(Event("hacked", {"seat": seat, "solved": held["solved"]}, private(seat)))
    events.append(Event("hacked_gm", {"seat": seat, "answer": text,
                                      "solved": held["solved"]}, GM_ONLY))


def seat_view(state: State, seat: int) -> dict[str, Any] | None:
    """What the hacker sees: the task's public part while it is open, then the result."""
    held = state.get("tasks", {}).get(str(seat))
    if not held:
        return None
    return {"task": public_view(held["task"]) if held["solved"] is None else None,
            "answer": held["answer"], "solved": held["solved"]}


def gm_view(state: State) -> dict[str, Any]:
    return {s: {"colour": h["task"]["colour"], "kind": h["task"]["kind"],
                "answer": h["answer"], "solved": h["solved"],
                "solution": h["task"]["answer"]}
            for s, h in state.get("tasks", {}).items()}


def media(state: State, viewer: Any, media_id: str) -> dict[str, Any] | None:
    """A blue task's recording, for its hacker and the GM only: the spec holds the digits."""
    if viewer in ("gm", 0):
        seats = list(state.get("tasks", {}))
    elif isinstance(viewer, int):
        seats = [str(viewer)]
    else:
        return None
    for seat in seats:
        held = state.get("tasks", {}).get(seat)
        if not held or held["solved"] is not None:
            continue
        audio = held["task"].get("public", {}).get("audio")
        if isinstance(audio, dict) and audio.get("id") == media_id:
            return {"renderer": "speech-under-noise",
                    "spec": tree_copy(held["task"]["hidden"]["audio"])}
    return None
