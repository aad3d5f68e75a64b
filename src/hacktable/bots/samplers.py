"""Per-game corrections to `redeal` for search: samples that agree with all the seat knows.

A game's `redeal` promises only that the seat's *view* is unchanged. A search needs more:
the sampled hidden parts should agree with what the view has told the seat, and the other
seats' private knowledge should be invented too, not kept. Rex Furum's redeal places other
players at random even where an outing announced their companies to everyone, and keeps
the other players' reports (their private notices) as they truly are; a thinker searching
such samples both misjudges every extortion and plays against opponents who know what it
cannot. `refine` fixes that for the games listed in `REFINERS`, from the seat's own view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hacktable.engine.contract import State

PUBLIC_NOTICES = ("outed", "embezzle_exposed", "mutual_backstab", "crash", "game_over")
"""Rex Furum notices announced to everyone (the rest go to some seats only)."""


def rexfurum(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """Re-place the other players so that each company keeps its public total and a player
    whose companies an outing announced keeps them where the totals allow; give each of
    them reports made of the public part of this seat's own; and leave their orders for
    this round unsent, for the search's model of them to choose."""
    reports = state["reports"][seat]
    known: dict[int, list[int]] = {}
    for report in reports:
        for notice in report["notices"]:
            if notice["kind"] == "outed":
                known[notice["target"]] = list(notice["companies"])
    n = len(state["names"])
    others = [p for p in range(n) if p != seat]
    mine = set(state["jobs"][seat])
    need = [sum(company in jobs for jobs in state["jobs"]) - (company in mine)
            for company in range(state["options"]["companies"])]
    jobs: dict[int, set[int]] = {p: set() for p in others}
    for p in others:
        for company in known.get(p, ()):
            if 0 <= company < len(need) and need[company] > 0:
                jobs[p].add(company)
                need[company] -= 1
    for company, count in enumerate(need):
        free = [p for p in others if company not in jobs[p]]
        unknown = [p for p in free if p not in known]
        pool = unknown if len(unknown) >= count else free
        for p in rng.sample(pool, count):
            jobs[p].add(company)
    for p in others:
        state["orders"][p] = None  # sent or not, the opponent model will choose them
        state["jobs"][p] = sorted(jobs[p])
        state["reports"][p] = [_public(report, p) for report in reports]
    return state


def _public(report: dict[str, Any], player: int) -> dict[str, Any]:
    """What a report to `player` would surely hold, from this seat's copy of it."""
    money = next((row[1] for row in report["standings"] if row[0] == player), 0)
    return {**report, "money": money, "earned_last": None, "salary": 0, "jobs": [],
            "orders_last": [],
            "notices": [n for n in report["notices"] if n["kind"] in PUBLIC_NOTICES]}


REFINERS: dict[str, Callable[[Any, int, random.Random], State]] = {"rexfurum": rexfurum}
"""Games whose re-dealt states a search corrects, by game id."""
