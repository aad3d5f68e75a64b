"""Rex Furum's rules over a JSON-shaped state: set-up, submitting orders, closing a round.

State (all plain JSON):
    names       player names, by seat
    options     the resolved rule options
    round       the current round, 1-based; over=True once the last one is resolved
    money, jobs each seat's net worth and the companies (numbers) it works for
    orders      this round's submissions (a list of order JSON per seat, None = none yet)
    history     every resolved round's orders, by seat
    crashing    per seat, companies crashed last round (first half of a two-round crash)
    bribes      offers made last round, acceptable this round
    round_base  each seat's money at the start of this round, before salary
    reports     per seat, the report of every round so far (what the GM's emails said)
    ledger      every dollar moved, with the rule that moved it
    announcements  everything announced to all players, in order
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

from hacktable.engine.contract import EVERYONE, GM_ONLY, Event, Outcome, Prompt
from hacktable.engine.errors import Rejected
from hacktable.engine.options import OptionValue
from hacktable.games.rexfurum.notation import SELF_WORDS, VERBS, words
from hacktable.games.rexfurum.orders import (
    COMPANIES,
    FIELD_NAMES,
    AcceptBribe,
    Backstab,
    Bribe,
    CoverUp,
    Embezzle,
    EnterEmpty,
    Extort,
    Invest,
    Order,
    Out,
    PinkSlip,
    Quit,
    Submit,
    company_name,
    order_from_json,
)
from hacktable.games.rexfurum.resolution import BANK, Resolution
from hacktable.games.rexfurum.state import (
    LedgerLine,
    Notice,
    OrderJson,
    Report,
    RexfurumOptions,
    RexfurumState,
)

RESERVED_NAMES = set(SELF_WORDS) | set(VERBS) | set(COMPANIES) | {"at", "from", "to", "for",
                                                                   "and", "empty", "bribe"}
SELF_PHRASES: dict[type, str] = {
    Embezzle: "embezzle from", Out: "out", PinkSlip: "pink-slip", Extort: "extort",
    Backstab: "backstab", CoverUp: "cover up for", Invest: "invest in",
}
SELF_TARGET_FORBIDDEN = tuple(SELF_PHRASES)


# -- set-up ---------------------------------------------------------------------------------

def check_names(names: Sequence[str]) -> list[str]:
    """Player names are how orders name their targets, so they must be distinct words."""
    cleaned = [" ".join(str(name).split()) for name in names]
    seen: set[str] = set()
    for name in cleaned:
        # Compared as orders read them, so that "J.R." and "J R" count as the same name.
        key = " ".join(words(name))
        if not name or not any(ch.isalpha() for ch in name):
            raise Rejected(f"{name!r} cannot be a player's name: it needs at least one letter.")
        if not key or key in RESERVED_NAMES:
            raise Rejected(f"{name!r} cannot be a player's name: orders use that word.")
        if key in seen:
            raise Rejected(f"Two players are called {name!r}; orders need distinct names.")
        seen.add(key)
    return cleaned


def setup(names: Sequence[str], options: Mapping[str, OptionValue],
          rng: random.Random) -> RexfurumState:
    names = check_names(names)
    n = len(names)
    # The options were resolved against `OPTIONS`, so every key is there with its type.
    resolved = cast(RexfurumOptions, dict(options))
    companies = resolved["companies"]
    if options["starting_companies"] == "balanced":
        seats = list(range(n))
        rng.shuffle(seats)
        order = list(range(companies))
        rng.shuffle(order)
        start = {seat: order[i % companies] for i, seat in enumerate(seats)}
    else:
        start = {seat: rng.randrange(companies) for seat in range(n)}
    state: RexfurumState = {
        "names": names,
        "options": resolved,
        "round": 1,
        "over": False,
        "money": [resolved["starting_money"]] * n,
        "jobs": [[start[seat]] for seat in range(n)],
        "orders": [None for _ in range(n)],
        "history": [],
        "crashing": [[] for _ in range(n)],
        "bribes": [],
        "round_base": [resolved["starting_money"]] * n,
        "reports": [[] for _ in range(n)],
        "ledger": [],
        "announcements": [],
    }
    begin_round(state, [])
    return state


def totals(state: RexfurumState) -> list[int]:
    """Employees at each company in play."""
    counts = [0] * state["options"]["companies"]
    for jobs in state["jobs"]:
        for company in jobs:
            counts[company] += 1
    return counts


def begin_round(state: RexfurumState, resolution_events: list[Event]) -> list[Event]:
    """Pay salaries and write every player's round-beginning report."""
    events: list[Event] = []
    n = len(state["names"])
    salary = state["options"]["salary"]
    round_number = state["round"]
    earned_last = [state["money"][s] - state["round_base"][s] for s in range(n)]
    first = not state["reports"][0]
    state["round_base"] = list(state["money"])
    paid = [0] * n
    if not state["over"]:
        for seat in range(n):
            if state["jobs"][seat] and salary:
                state["money"][seat] += salary
                paid[seat] = salary
                line: LedgerLine = {"round": round_number, "from": BANK, "to": seat,
                                    "amount": salary, "rule": "salary"}
                state["ledger"].append(line)
                events.append(Event("ledger", line, "gm"))
    company_totals = totals(state)
    standings = [[seat, state["money"][seat], None if first else earned_last[seat]]
                 for seat in range(n)]
    notices_of: list[list[Notice]] = [[] for _ in range(n)]
    for event in resolution_events:  # one pass, each notice to the seats it is for
        audience = event.audience
        if audience != GM_ONLY:
            notice = dict(event.data, kind=event.kind)  # one record, shared by its readers
            # Rex Furum addresses its events to seats only, never to spectators by name.
            readers = range(n) if audience == EVERYONE else cast(tuple[int, ...], audience)
            for seat in readers:
                notices_of[seat].append(notice)
    for seat in range(n):
        notices = notices_of[seat]
        report: Report = {
            "round": round_number,
            "final": state["over"],
            "money": state["money"][seat],
            "earned_last": None if first else earned_last[seat],
            "salary": paid[seat],
            "jobs": list(state["jobs"][seat]),
            "totals": company_totals,
            "standings": standings if state["options"]["public_money"] else [standings[seat]],
            "orders_last": (state["history"][-1][seat] if state["history"] else None),
            "notices": notices,
        }
        state["reports"][seat].append(report)
        events.append(Event("report", report, (seat,)))
    return events


# -- submitting orders -----------------------------------------------------------------------

def check_order(state: RexfurumState, seat: int, order: Order, submission: Sequence[Order]) -> None:
    """Raise `Rejected` with a sentence if this order is not allowed; change nothing."""
    n = len(state["names"])
    companies = state["options"]["companies"]
    kind = type(order)
    fields = FIELD_NAMES[kind]  # reading a field an order lacks costs an exception
    for field in ("target", "briber"):
        who = _field(order, field, fields)
        if who is not None and not 0 <= who < n:
            raise Rejected(f"There is no player number {who}; players are numbered 0 to {n - 1}.")
    company = _field(order, "company", fields)
    if company is not None and not 0 <= company < companies:
        raise Rejected(f"There is no company number {company}; this game has "
                       f"{', '.join(company_name(c) for c in range(companies))}.")
    amount = _field(order, "amount", fields)
    if amount is not None and amount <= 0:
        raise Rejected("Amounts of money must be positive.")
    if kind in SELF_PHRASES and _field(order, "target", fields) == seat:
        raise Rejected(f"You cannot {SELF_PHRASES[kind]} yourself.")
    # Each order type is final (no subclasses), so `isinstance` picks exactly one branch.
    if isinstance(order, Quit):
        if order.company not in state["jobs"][seat]:
            raise Rejected(f"You do not work for {company_name(order.company)}, so you cannot "
                           "quit it.")
    elif isinstance(order, EnterEmpty):
        count = totals(state)[order.company]
        if count:
            raise Rejected(f"{company_name(order.company)} has {count} employee(s); you can "
                           "only enter an empty company. Offer a bribe to join it instead.")
    elif isinstance(order, Bribe):
        money = spendable(state, seat, submission)
        if order.amount > money:
            raise Rejected(f"Your bribe cannot exceed your net worth (${money:,}).")
        if order.company in state["jobs"][seat] and Quit(order.company) not in submission:
            raise Rejected(f"You already work for {company_name(order.company)}.")
    elif isinstance(order, AcceptBribe):
        if order.briber == seat:
            raise Rejected("You cannot accept your own bribe.")
        if Quit(order.company) in submission:
            raise Rejected(f"You are quitting {company_name(order.company)} this round, so you "
                           "could not accept a bribe to join it.")
        if order.company not in state["jobs"][seat] and EnterEmpty(order.company) not in submission:
            raise Rejected(f"You must work for {company_name(order.company)} to accept a bribe "
                           "to join it.")
    elif isinstance(order, Invest):
        limit = state["options"]["invest_limit"]
        if order.amount >= limit:
            raise Rejected(f"An investment must be under ${limit:,}.")


def _field(order: Order, name: str, fields: Sequence[str]) -> int | None:
    """One of an order's whole-number fields by name (`fields`: its type's), or None where
    its type has no such field."""
    value: int | None = getattr(order, name) if name in fields else None
    return value


def spendable(state: RexfurumState, seat: int, orders: Sequence[Order]) -> int:
    """Net worth for the limits on bribes and investments, counting bribes accepted in the
    same orders (playtest 2: "if a player can't afford something but could accept a bribe
    that will allow them to afford it, then they are allowed to buy it"). If the bribe then
    fails, the investment bounces when it resolves."""
    return state["money"][seat] + sum(order.amount for order in orders
                                      if isinstance(order, AcceptBribe))


def check_submission(state: RexfurumState, seat: int, orders: Sequence[Order]) -> None:
    """Validate a whole round's orders for one seat: each order, duplicates, the budget."""
    if state["over"]:
        raise Rejected("The game is over; no more orders are taken.")
    for order in orders:
        check_order(state, seat, order, orders)
    seen: set[Order] = set()
    invested_in: set[int] = set()
    embezzled: set[int] = set()
    bribed: set[int] = set()
    invested = points = 0
    for order in orders:
        if isinstance(order, Embezzle):
            if order.target in embezzled:
                raise Rejected("You cannot embezzle from the same player more than once per "
                               "round.")
            embezzled.add(order.target)
        elif isinstance(order, Invest):
            if order.target in invested_in:
                raise Rejected("You can only send one investment to each player per round.")
            invested_in.add(order.target)
            invested += order.amount
        elif isinstance(order, Bribe):
            if order.company in bribed:
                raise Rejected(f"You already offered a bribe to {company_name(order.company)} "
                               "this round.")
            bribed.add(order.company)
        if order in seen:
            raise Rejected(f"You already ordered '{order.notation(state['names'])}' this round; "
                           "each order counts once.")
        seen.add(order)
        points += order.cost
    if invested:
        money = spendable(state, seat, orders)
        if invested > max(0, money):
            raise Rejected(f"You can't invest more than your net worth (${money:,}).")
    budget = state["options"]["action_points"]
    if points > budget:
        raise Rejected(f"Those orders cost {points} action points; you have {budget} per round.")


def current_orders(state: RexfurumState, seat: int) -> tuple[Order, ...]:
    return tuple(order_from_json(o) for o in (state["orders"][seat] or ()))


def acknowledge(state: RexfurumState, seat: int, action: Submit) -> tuple[list[OrderJson], Event]:
    """Check a submission and say how the gamemaster would acknowledge it, changing
    nothing: the orders as they would stand and the seat's acknowledgement."""
    if not isinstance(action, Submit):
        raise Rejected("A Rex Furum seat sends orders.")
    earlier = state["orders"][seat]
    append = state["options"]["resubmission"] == "append" and earlier is not None
    orders = (current_orders(state, seat) if append else ()) + action.orders
    check_submission(state, seat, orders)
    stored = [order.to_json() for order in orders]
    ack = Event("orders_received", {
        "round": state["round"],
        "orders": stored,
        "points": sum(order.cost for order in orders),
        "budget": state["options"]["action_points"],
        "replaced": earlier is not None and not append,
        "appended": append,
    }, (seat,))
    return stored, ack


def submit(state: RexfurumState, seat: int, action: Submit) -> list[Event]:
    """Store a seat's secret orders for the round; the round resolves on timeout."""
    stored, ack = acknowledge(state, seat, action)
    state["orders"][seat] = stored
    events = [ack]
    if state["options"]["early_close"] and all(o is not None for o in state["orders"]):
        events += close_round(state)
    return events


def close_round(state: RexfurumState) -> list[Event]:
    """Resolve every order at once, then start the next round (or end the game)."""
    if state["over"]:
        raise Rejected("The game is over; there is no round to close.")
    events = Resolution(state).run()
    state["history"].append([list(o or []) for o in state["orders"]])
    state["orders"] = [None] * len(state["names"])
    if state["round"] >= state["options"]["rounds"]:
        state["over"] = True
        ranking = ranking_of(state)
        events.append(Event("game_over", {"round": state["round"], "ranking":
                                          [list(group) for group in ranking],
                                          "money": list(state["money"])}, EVERYONE))
    else:
        state["round"] += 1
    state["announcements"] += [dict(event.data, kind=event.kind) for event in events
                               if event.audience == EVERYONE]
    return events + begin_round(state, events)


def ranking_of(state: RexfurumState) -> tuple[tuple[int, ...], ...]:
    """Richest first; players with equal money share a place."""
    by_money: dict[int, list[int]] = {}
    for seat, money in enumerate(state["money"]):
        by_money.setdefault(money, []).append(seat)
    return tuple(tuple(by_money[money]) for money in sorted(by_money, reverse=True))


def outcome(state: RexfurumState) -> Outcome | None:
    if not state["over"]:
        return None
    ranking = ranking_of(state)
    names = state["names"]
    winners = " and ".join(names[seat] for seat in ranking[0])
    richest = state["money"][ranking[0][0]]
    verb = "wins" if len(ranking[0]) == 1 else "share the win"
    return Outcome(ranking, {seat: float(m) for seat, m in enumerate(state["money"])},
                   f"{winners} {verb} with ${richest:,}.")


def prompts(state: RexfurumState) -> dict[int, Prompt]:
    """Every seat gets the same prompt but for `submitted`: build the two once per call."""
    if state["over"]:
        return {}
    options = state["options"]
    round_number = state["round"]
    text = (f"Round {round_number} of {options['rounds']}: send your orders "
            f"({options['action_points']} action points).")
    data = {"round": round_number, "action_points": options["action_points"]}
    time_limit = options["round_minutes"] * 60.0
    pending = Prompt("orders", text, True, time_limit, False, data)
    sent = Prompt("orders", text, True, time_limit, True, data)
    return {seat: pending if orders is None else sent
            for seat, orders in enumerate(state["orders"])}
