"""The end-of-game debrief: for each player, the threats that hit them and which cards
would have protected them. The point of a serious game is what a player takes home."""

from __future__ import annotations

from typing import Any

from hacktable.games.scarecity.cards import impact, program
from hacktable.games.scarecity.state import State


def debrief(state: State) -> list[dict[str, Any]]:
    """Per seat: every Impact Card that degraded their cards or cost them Bitizens, what it
    degraded, what protected them, and the protections they lacked."""
    result = []
    for seat in range(len(state["names"])):
        hits = []
        for report in state["reports"]:
            row = next((r for r in report["players"] if r["seat"] == seat), None)
            if row is None:
                continue
            card = impact(report["card"])
            if not row["degraded"] and row["impact"] >= 0:
                continue
            had = sorted({program(c).key for c in row["protected"]})
            hits.append({"round": report["round"], "impact": card.key,
                         "degraded": [program(c).key for c in row["degraded"]],
                         "bitizens": row["impact"],
                         "protected_by": had,
                         "missing": [k for k in card.protect if k not in had]})
        lost = sum(h["bitizens"] for h in hits)
        result.append({"seat": seat, "name": state["names"][seat], "hits": hits,
                       "impact_bitizens": lost,
                       "degraded_cards": sum(len(h["degraded"]) for h in hits)})
    return result
