"""Checks kept for later (Rules for Runners, Making Checks: "Sometimes, you may want to
make a check only to use the result later (like for sneaking). If you do, roll 3d6 as
normal and keep the number recorded somewhere for later use.").

Any check may be kept: it is rolled without a DC and its total is recorded on the
character, one per stat (a new one replaces the old). When the GM later calls for a check
of that stat, the runner may answer with the kept total instead of rolling; it is then
used up. Sneaking keeps its own DEX result, as before (the DC to find the runner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hacktable.engine.errors import Rejected
from hacktable.games.runners.characters import STAT_NAMES, KeptRoll
from hacktable.games.runners.state import State, runner


def store(state: State, seat: int, record: Mapping[str, Any]) -> None:
    """Record a kept roll's total (a blind one stays unknown to its roller)."""
    character = runner(state, seat)
    kept = [k for k in character.get("kept", []) if k["stat"] != record["stat"]]
    kept.append({"stat": record["stat"], "total": record["total"], "note": record["note"],
                 "blind": record["visibility"] == "blind", "round": record["round"]})
    character["kept"] = kept


def take(state: State, seat: int, stat: str) -> KeptRoll:
    """Use up the kept roll for `stat`, or say which kept rolls there are."""
    character = runner(state, seat)
    kept = character.get("kept", [])
    for entry in kept:
        if entry["stat"] == stat:
            kept.remove(entry)
            return entry
    have = ", ".join(STAT_NAMES[k["stat"]] for k in kept)
    raise Rejected(f"You kept no {STAT_NAMES.get(stat, stat)} roll for later"
                   + (f" (you kept: {have})" if have else "") + "; roll this check instead.")


def shown(character: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The kept rolls as their runner sees them: a blind one's total is the GM's alone."""
    return [{**k, "total": None if k["blind"] else k["total"]}
            for k in character.get("kept", [])]
