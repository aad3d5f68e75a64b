"""What each viewer may see of a Rex Furum state.

A seat sees its own money, companies, orders and reports; company employee totals and
(by default) everyone's net worth are public; other players' companies and orders are not.
The gamemaster sees everything. Views share the state's report records: treat them as
read-only.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from hacktable.engine.contract import GM, SPECTATOR, OutcomeJson, Viewer
from hacktable.engine.copying import tree_copy
from hacktable.games.rexfurum import rules
from hacktable.games.rexfurum.orders import COMPANIES, ORDER_TYPES, company_name
from hacktable.games.rexfurum.state import Notice, OrderJson, Report, RexfurumState
from hacktable.games.rexfurum.text import orders_text

COMPANY_NAMES = tuple(company_name(c) for c in range(len(COMPANIES)))


# -- the typed view: what `view` returns, key for key (the screen builder reads these) --------

ReportView = Report
"""A seat's report for one round, as its view shows it: the state's own record
(`state.Report`), shared with the state, so read-only."""


class RexfurumView(TypedDict):
    """One viewer's view: the common part (`_common`), plus a seat's own figures, orders and
    reports (`seat_view`), the spectator's public standings and announcements
    (`spectator_view`), or the gamemaster's whole state and every order in words
    (`gm_view`). `orders_text` is the seat's orders in words, or the gamemaster's list of
    every seat's. `invest_limit` is added by `RexFurum.view`."""

    game: str
    players: list[str]
    companies: list[str]
    round: int
    rounds: int
    round_minutes: int
    action_points: int
    over: bool
    totals: list[int]
    outcome: OutcomeJson | None
    invest_limit: NotRequired[int]
    seat: NotRequired[int]
    name: NotRequired[str]
    money: NotRequired[int]
    jobs: NotRequired[list[int]]
    standings: NotRequired[list[list[int | None]] | None]
    orders: NotRequired[list[OrderJson] | None]
    orders_text: NotRequired[str | list[str | None] | None]
    points_used: NotRequired[int]
    reports: NotRequired[list[ReportView]]
    announcements: NotRequired[list[Notice]]
    gm: NotRequired[bool]
    state: NotRequired[RexfurumState]
    history_text: NotRequired[list[list[str]]]


def _common(state: RexfurumState) -> RexfurumView:
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
        # `Outcome.to_json` writes exactly the keys `OutcomeJson` names.
        "outcome": cast(OutcomeJson, outcome.to_json()) if outcome else None,
    }


def seat_view(state: RexfurumState, seat: int) -> RexfurumView:
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


def spectator_view(state: RexfurumState) -> RexfurumView:
    public = state["options"]["public_money"]
    return {
        **_common(state),
        "standings": ([[seat, money, None] for seat, money in enumerate(state["money"])]
                      if public else None),
        "announcements": list(state["announcements"]),  # grows in place
    }


def gm_view(state: RexfurumState) -> RexfurumView:
    names = state["names"]
    return {
        **_common(state),
        "gm": True,
        "state": tree_copy(state),
        "orders_text": [None if o is None else orders_text(o, names) for o in state["orders"]],
        "history_text": [[orders_text(o, names) for o in round_orders]
                         for round_orders in state["history"]],
    }


def view(state: RexfurumState, viewer: Viewer) -> RexfurumView:
    if viewer == GM:
        return gm_view(state)
    if viewer == SPECTATOR:
        return spectator_view(state)
    return seat_view(state, viewer)
