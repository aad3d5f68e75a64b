"""What each viewer may see of a Scare-City state.

Public: every city (cards face up, blue or red), $, Bitizens, tokens and claims, the shop,
the face-up discard piles, the ranking, every Impact Card already played with who was hit
and protected, the score sheet. A seat also sees its own plan for phases 2–3 (secret until
the phase closes). Nobody sees the order of either deck, so nobody knows the next Impact
Card, except the gamemaster, who sees everything. Card texts are not repeated in views:
`hacktable.games.scarecity.cards.CATALOGUE` has them by key.
"""

from __future__ import annotations

from typing import Any

from hacktable.engine.contract import GM, SPECTATOR, Viewer
from hacktable.games.scarecity.cards import impact, program
from hacktable.games.scarecity.city import plan_cost
from hacktable.games.scarecity.claims import claimers, tokens_left
from hacktable.games.scarecity.debrief import debrief
from hacktable.games.scarecity.outcome import outcome
from hacktable.games.scarecity.state import State


def card_json(number: int) -> dict[str, Any]:
    return {"id": number, "key": program(number).key}


def player_json(state: State, seat: int) -> dict[str, Any]:
    p = state["players"][seat]
    return {
        "seat": seat, "name": state["names"][seat], "money": p["money"],
        "bitizens": p["bitizens"], "out": p["out"], "tokens": tokens_left(state, seat),
        "passed": p["passed"], "skipped": p.get("skipped"),
        "city": [{**card_json(slot["card"]), "degraded": slot["degraded"],
                  "restored": slot["card"] in p["restored"]} for slot in p["city"]],
    }


def plan_json(state: State, seat: int) -> dict[str, Any]:
    plan = state["plans"][seat]
    return {"restore": list(plan["restore"]), "decommission": list(plan["decommission"]),
            "buy": list(plan["buy"]), "done": plan["done"], "spend": plan_cost(state, plan)}


def public_view(state: State) -> dict[str, Any]:
    result = outcome(state)
    return {
        "game": "scarecity",
        "players": [player_json(state, s) for s in range(len(state["names"]))],
        "round": state["round"], "phase": state["phase"], "dealer": state["dealer"],
        "ranking": list(state["ranking"]), "claim_order": list(state["claim_order"]),
        "claim_turn": state["claim_turn"],
        "shop": [{**card_json(card), "claims": claimers(state, card)}
                 for card in state["shop"]],
        "deck": len(state["deck"]), "impact_deck": len(state["impact_deck"]),
        "discard": [card_json(card) for card in state["discard"]],
        "impact_discard": [impact(n).key for n in state["impact_discard"]],
        "reports": [dict(report) for report in state["reports"]],
        "history": [dict(line) for line in state["history"]],
        "out_order": list(state["out_order"]),
        "over": state["over"], "result": state["result"],
        "outcome": result.to_json() if result else None,
        "debrief": debrief(state) if state["over"] else None,
        "options": dict(state["options"]),
    }


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    result = public_view(state)
    if viewer == SPECTATOR:
        return result
    if viewer == GM:
        result["gm"] = True
        result["plans"] = [plan_json(state, s) for s in range(len(state["names"]))]
        result["deck_order"] = [program(n).key for n in reversed(state["deck"])]
        result["impact_order"] = [impact(n).key for n in reversed(state["impact_deck"])]
        return result
    result["seat"] = viewer
    result["plan"] = plan_json(state, int(viewer))
    return result
