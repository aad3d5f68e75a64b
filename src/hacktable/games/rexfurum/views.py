"""What each viewer may see of a Rex Furum state.

A seat sees its own money, companies, orders and reports; company employee totals and
(by default) everyone's net worth are public; other players' companies and orders are not.
The gamemaster sees everything. Views share the state's report records: treat them as
read-only.
"""

from __future__ import annotations

import copy
from typing import Any

from hacktable.engine.contract import GM, SPECTATOR, Viewer
from hacktable.games.rexfurum import rules
from hacktable.games.rexfurum.orders import COMPANIES, ORDER_TYPES, company_name
from hacktable.games.rexfurum.text import orders_text

COMPANY_NAMES = tuple(company_name(c) for c in range(len(COMPANIES)))


def _common(state: dict) -> dict[str, Any]:
    options = state["options"]
    over = state["over"]
    outcome = rules.outcome(state) if over else None
    return {
        "game": "rexfurum",
        "players": state["names"],
        "companies": list(COMPANY_NAMES[:options["companies"]]),
        "round": state["round"],
        "rounds": options["rounds"],
        "round_minutes": options["round_minutes"],
        "action_points": options["action_points"],
        "over": over,
        "totals": rules.totals(state),
        "outcome": outcome.to_json() if outcome else None,
    }


def seat_view(state: dict, seat: int) -> dict[str, Any]:
    """Built straight into one dict: bots ask for a view every seat, every round."""
    orders = state["orders"][seat]
    reports = state["reports"][seat]
    result = _common(state)
    result["seat"] = seat
    result["name"] = state["names"][seat]
    result["money"] = state["money"][seat]
    result["jobs"] = list(state["jobs"][seat])
    result["standings"] = reports[-1]["standings"]
    result["orders"] = None if orders is None else list(orders)
    if orders is None:
        result["orders_text"] = None
        result["points_used"] = 0
    else:
        result["orders_text"] = orders_text(orders, state["names"])
        result["points_used"] = sum(ORDER_TYPES[o["do"]].cost for o in orders)
    result["reports"] = list(reports)  # the state's list grows in place; the records do not
    return result


def spectator_view(state: dict) -> dict[str, Any]:
    public = state["options"]["public_money"]
    return {
        **_common(state),
        "standings": ([[seat, money, None] for seat, money in enumerate(state["money"])]
                      if public else None),
        "announcements": list(state["announcements"]),  # grows in place
    }


def gm_view(state: dict) -> dict[str, Any]:
    names = state["names"]
    return {
        **_common(state),
        "gm": True,
        "state": copy.deepcopy(state),
        "orders_text": [None if o is None else orders_text(o, names) for o in state["orders"]],
        "history_text": [[orders_text(o, names) for o in round_orders]
                         for round_orders in state["history"]],
    }


def view(state: dict, viewer: Viewer) -> dict[str, Any]:
    if viewer == GM:
        return gm_view(state)
    if viewer == SPECTATOR:
        return spectator_view(state)
    return seat_view(state, viewer)
