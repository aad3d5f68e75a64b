"""A bot for the ./Run companion, so a group can try the site alone and the shared tests
can play whole matches.

It stands for a person at the physical table: it picks a random terminal (sometimes holds
or runs instead), answers with the task source's `solve` (from the public part, as a person
would; a recording it hears through its own seat's media, like the board game's bots), and
reports the board's end the way the seed counts it: the alarm once failures x 2 + turns
reach 9, the center once the crew has opened a goal path (with a chance, as the runners may
still miss it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from hacktable.engine.contract import BaseBot, Prompt
from hacktable.games.dotrun import tasking
from hacktable.games.dotrun.companion_moves import COLOURS, RINGS, CompanionAction, choose
from hacktable.games.dotrun.views import CompanionView

ALARM_AT = 9
FAILED_HACK_ALERTNESS = 2
CENTER_CHANCE = 0.5


def alertness(view: CompanionView) -> int:
    """The physical board's alertness as the seed would have moved it (an estimate: the
    site never sees the board)."""
    failed = sum(c["tries"] - c["solved"] for c in view["per_seat"])
    return failed * FAILED_HACK_ALERTNESS + view["turn"] - 1


class TableBot(BaseBot):
    """A hacker who picks any terminal and types what it can read."""

    personality = "hacker"
    wants_media: ClassVar[bool] = True
    media: Callable[[str], Mapping[str, Any] | None] | None = None
    """Set by the runner: this seat's own recording, as its person would hear it."""

    def act(self, view: CompanionView, prompt: Prompt,
            legal: Sequence[CompanionAction] | None,
            rng: random.Random) -> CompanionAction | None:
        if prompt.kind == "choose":
            return None if prompt.submitted else self.choose(view, rng)
        if prompt.kind == "hack" and not prompt.submitted:
            task = view["task"] or prompt.data["task"]
            answer = tasking.source(view["tasks"]).solve(task["kind"], task["public"])
            if answer is None and task["kind"] == "audio" and self.media is not None:
                heard = self.media(str((task["public"].get("audio") or {}).get("id", "")))
                answer = ((heard or {}).get("spec") or {}).get("digits")
            return {"do": "answer", "answer": answer or ""}
        return None

    def choose(self, view: CompanionView, rng: random.Random) -> CompanionAction:
        if alertness(view) >= ALARM_AT:
            return {"do": "alarm"}
        last = view["last"]
        results = last["results"] if last else []
        if any(r["goal"] and r["solved"] for r in results) \
                and rng.random() < CENTER_CHANCE:
            return {"do": "center"}
        if rng.random() < 0.2:
            return {"do": "skip"}
        ring = rng.choice(RINGS)
        return choose(rng.choice(COLOURS), ring, ring == "inner" and rng.random() < 0.5)


BOTS: dict[str, type] = {TableBot.personality: TableBot}
