"""The end-of-game debrief: for each player, the threats that hit them and which cards
would have protected them. The point of a serious game is what a player takes home.

Its totals are the Impact reveal's and the log's: each Impact Card's Bitizen Impact plus
the +1 a held protection earned (the seed's steps 2 and 3)."""

from __future__ import annotations

from typing import TypedDict

from hacktable.games.scarecity.cards import impact, program
from hacktable.games.scarecity.state import State


class HitView(TypedDict):
    """An Impact Card that hurt a player, in the debrief (catalogue keys)."""

    round: int
    impact: str
    degraded: list[str]
    bitizens: int
    bonus: int
    protected_by: list[str]
    missing: list[str]


class DebriefView(TypedDict):
    seat: int
    name: str
    hits: list[HitView]
    impact_bitizens: int
    protection_bitizens: int
    degraded_cards: int


def debrief(state: State) -> list[DebriefView]:
    """Per seat: every Impact Card that degraded their cards or cost them Bitizens, what it
    degraded, what protected them (and what that earned), the protections they lacked,
    and the Bitizens all Impact Cards together gave or took."""
    result: list[DebriefView] = []
    for seat in range(len(state["names"])):
        hits: list[HitView] = []
        total = bonuses = 0
        for report in state["reports"]:
            row = next((r for r in report["players"] if r["seat"] == seat), None)
            if row is None:
                continue
            total += row["impact"] + row["bonus"]
            bonuses += row["bonus"]
            card = impact(report["card"])
            if not row["degraded"] and row["impact"] >= 0:
                continue
            had = sorted({program(c).key for c in row["protected"]})
            hits.append({"round": report["round"], "impact": card.key,
                         "degraded": [program(c).key for c in row["degraded"]],
                         "bitizens": row["impact"] + row["bonus"], "bonus": row["bonus"],
                         "protected_by": had,
                         "missing": [k for k in card.protect if k not in had]})
        result.append({"seat": seat, "name": state["names"][seat], "hits": hits,
                       "impact_bitizens": total, "protection_bitizens": bonuses,
                       "degraded_cards": sum(len(h["degraded"]) for h in hits)})
    return result
