"""Every single order a seat could write this round, from its view alone: the moves Rex
Furum lists (`legal_actions`), the random bot's choices and the search's candidates."""

from __future__ import annotations

from hacktable.games.rexfurum.orders import (
    AcceptBribe,
    Backstab,
    Bribe,
    CoverUp,
    Crash,
    Embezzle,
    EnterEmpty,
    Extort,
    Invest,
    Order,
    Out,
    PinkSlip,
    Protect,
    Quit,
)
from hacktable.games.rexfurum.views import RexfurumView

AMOUNT_GRID = (1_000, 5_000, 10_000, 20_000, 50_000)


def single_orders(view: RexfurumView) -> list[Order]:
    """Every order a seat could write this round, built only from what its view shows.

    Amounts come from a small grid; accepting a bribe is offered for each bribe the seat was
    told about and each possible briber, since the briber's name is not announced.
    """
    seat = view["seat"]
    n = len(view["players"])
    others = [p for p in range(n) if p != seat]
    companies = range(len(view["companies"]))
    jobs = view["jobs"]
    money = view["money"]
    orders: list[Order] = []
    orders += [Embezzle(p) for p in others]
    orders += [Out(p) for p in others]
    orders += [PinkSlip(p, c) for p in others for c in companies]
    orders += [Extort(p, c) for p in others for c in companies]
    orders += [Crash(c) for c in companies]
    orders += [Backstab(p) for p in others]
    orders += [Protect(p) for p in range(n)]
    orders += [CoverUp(p) for p in others]
    orders += [Bribe(a, c) for c in companies if c not in jobs for a in AMOUNT_GRID if a <= money]
    offers = {(notice["amount"], notice["company"])
              for notice in view["reports"][-1]["notices"] if notice["kind"] == "bribe_offered"}
    orders += [AcceptBribe(amount, p, c) for amount, c in sorted(offers) if c in jobs
               for p in others]
    orders += [EnterEmpty(c) for c in companies if view["totals"][c] == 0]
    orders += [Quit(c) for c in jobs]
    limit = view.get("invest_limit", 100_000)
    orders += [Invest(a, p) for p in others for a in AMOUNT_GRID if a <= money and a < limit]
    return orders
