"""What a Rex Furum seat may imagine of the others: a re-dealt state that agrees with all
it was told, not just with its view.

Placing the other players' companies at random keeps the seat's view as it is, but ignores
what an outing announced to everyone; and the other players' reports (their private
notices: what they earned, who extorted them) are theirs alone. A re-dealt state keeps
neither: a search playing such states would misjudge every extortion, and would play
against opponents who know what it cannot.
"""

from __future__ import annotations

import random
from typing import cast

from hacktable.games.rexfurum.state import Report, RexfurumState

PUBLIC_NOTICES = ("outed", "embezzle_exposed", "mutual_backstab", "crash", "game_over")
"""Rex Furum notices announced to everyone (the rest go to some seats only)."""


def as_told(state: RexfurumState, seat: int, rng: random.Random) -> RexfurumState:
    """Re-place the other players (in this copy of the state) so that each company keeps
    its public total and a player whose companies an outing announced keeps them where the
    totals allow, and give each of them reports made of the public part of this seat's
    own."""
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
        state["jobs"][p] = sorted(jobs[p])
        state["reports"][p] = [_public(report, p) for report in reports]
    return state


def _public(report: Report, player: int) -> Report:
    """What a report to `player` would surely hold, from this seat's copy of it."""
    # A standings row is [seat, money, earned or None]: its money is never None.
    money = cast(int, next((row[1] for row in report["standings"] if row[0] == player), 0))
    return {**report, "money": money, "earned_last": None, "salary": 0, "jobs": [],
            "orders_last": [],
            "notices": [n for n in report["notices"] if n["kind"] in PUBLIC_NOTICES]}
