"""Rex Furum bots. Each decides from its seat's view alone (its own reports, public totals
and standings, announcements), never from the hidden state, so it can sit at a table with
people without cheating. They cannot talk, so alliances are fixed by seating.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, cast

from hacktable.engine.contract import BaseBot, Prompt
from hacktable.games.rexfurum.listing import single_orders
from hacktable.games.rexfurum.orders import (
    Bribe,
    Crash,
    Embezzle,
    EnterEmpty,
    Extort,
    Invest,
    Order,
    Out,
    Protect,
    Quit,
    Submit,
)
from hacktable.games.rexfurum.views import RexfurumView

View = RexfurumView


@cache
def make(kind: type[Order], *args: int) -> Order:
    """The order `kind(*args)`, built once: orders are immutable values, bots ask for the same
    few every round, and building one runs its field checks."""
    return kind(*args)


class Plan:
    """Orders a bot is putting together, kept within the rules it can see.

    It keeps running tallies instead of re-scanning its orders, because bots build a plan for
    every seat every round. Orders are values, so a repeated embezzlement is simply an order
    already seen; only investments and bribes need a tally of their own.
    """

    __slots__ = ("_bribed", "_invested", "_money", "_seen", "_spent", "left", "orders", "view")

    def __init__(self, view: View) -> None:
        self.view = view
        self.orders: list[Order] = []
        self.left: int = view["action_points"]
        self._seen: set[Order] = set()
        self._invested: set[int] = set()
        self._bribed: set[int] = set()
        self._spent = 0
        self._money = max(0, view["money"])

    def add(self, order: Order) -> bool:
        """Add the order if the rules the bot can see allow it; say whether it was added."""
        cost = order.cost
        if cost > self.left or order in self._seen:
            return False
        if isinstance(order, Invest):  # order types are final: the same test as `type(order) is`
            if order.target in self._invested or self._spent + order.amount > self._money:
                return False
            self._invested.add(order.target)
            self._spent += order.amount
        elif isinstance(order, Bribe):
            if order.company in self._bribed:
                return False
            self._bribed.add(order.company)
        self.orders.append(order)
        self._seen.add(order)
        self.left -= cost
        return True

    def submit(self) -> Submit:
        return Submit(tuple(self.orders))


def others_by_wealth(view: View) -> list[int]:
    """Other players, richest first (as far as the standings show)."""
    me = view["seat"]
    worth = [0] * len(view["players"])
    # A seat's view always has standings; a row's seat and money are never None.
    for row in cast(list[list[int]], view["standings"]):
        worth[row[0]] = row[1]
    return [p for _, p in sorted([(-money, p) for p, money in enumerate(worth) if p != me])]


def notices(view: View, kind: str) -> list[Mapping[str, Any]]:
    return [n for n in view["reports"][-1]["notices"] if n["kind"] == kind]


def known_jobs(view: View) -> dict[int, list[int]]:
    """What outings have revealed of other players' companies, latest first wins."""
    known: dict[int, list[int]] = {}
    for report in view["reports"]:
        for notice in report["notices"]:
            if notice["kind"] == "outed":
                known[notice["target"]] = list(notice["companies"])
    return known


def protected_last_round(view: View) -> set[int]:
    return {n["target"] for n in notices(view, "embezzle_exposed")}


def empty_companies(view: View) -> list[int]:
    return [c for c, count in enumerate(view["totals"]) if count == 0]


class RandomBot(BaseBot):
    """Random legal orders within the action points: the fuzzer's and the baseline's bot."""

    personality = "random"

    def act(self, view: View, prompt: Prompt, legal: Sequence | None,
            rng: random.Random) -> Submit | None:
        if rng.random() < 0.05:
            return None
        plan = Plan(view)
        candidates = single_orders(view)
        rng.shuffle(candidates)
        for order in candidates[:12]:
            if isinstance(order, Quit) and len(view["jobs"]) == 1 and rng.random() < 0.7:
                continue
            plan.add(order)
            if plan.left == 0:
                break
        return plan.submit()


class LoyalBot(BaseBot):
    """Protects a fixed ally (the next seat) every round, embezzles from the richest."""

    personality = "loyal"

    def act(self, view: View, prompt: Prompt, legal: Sequence | None,
            rng: random.Random) -> Submit:
        me = view["seat"]
        ally = (me + 1) % len(view["players"])
        plan = Plan(view)
        plan.add(make(Protect, ally))
        if not view["jobs"]:
            for company in empty_companies(view):
                plan.add(make(EnterEmpty, company))
                break
        self.step_out_of_the_spotlight(view, plan)
        shielded = protected_last_round(view)
        for target in others_by_wealth(view):
            if target != ally and target not in shielded:
                plan.add(make(Embezzle, target))
                break
        plan.add(make(Protect, me))
        return plan.submit()


    @staticmethod
    def step_out_of_the_spotlight(view: View, plan: Plan) -> None:
        """A sole employee who was just CEO-extorted or crashed into moves on: it enters an
        empty company (if any) and quits the one where it stands alone."""
        hurt = notices(view, "extorted") or notices(view, "crashed_out")
        alone = [c for c in view["jobs"] if view["totals"][c] == 1]
        if not (hurt and alone):
            return
        fresh = [c for c in empty_companies(view) if c not in view["jobs"]]
        if fresh:
            plan.add(make(EnterEmpty, fresh[0]))
        if fresh or len(view["jobs"]) > 1:
            plan.add(make(Quit, alone[0]))


class EmbezzlerBot(BaseBot):
    """Embezzles from the richest players who did not look protected last round."""

    personality = "embezzler"

    def act(self, view: View, prompt: Prompt, legal: Sequence | None,
            rng: random.Random) -> Submit:
        plan = Plan(view)
        empties = empty_companies(view)
        if empties and len(view["jobs"]) < 2:
            plan.add(make(EnterEmpty, rng.choice(empties)))
        shielded = protected_last_round(view)
        named = {n["by"] for n in notices(view, "backstab_attempt")}
        richest = others_by_wealth(view)
        targets = [p for p in richest if p not in shielded]
        targets += [p for p in richest if p in shielded]
        for target in targets:
            if target in named and rng.random() < 0.5:
                continue
            if plan.left:
                plan.add(make(Embezzle, target))
        return plan.submit()


class CrasherBot(BaseBot):
    """Crashes the most crowded company over two rounds, quitting it first."""

    personality = "crasher"

    def act(self, view: View, prompt: Prompt, legal: Sequence | None,
            rng: random.Random) -> Submit:
        plan = Plan(view)
        last = view["reports"][-1]["orders_last"] or ()
        begun = next((o["company"] for o in last if o["do"] == Crash.verb), None)
        finished = {n["company"] for n in notices(view, "crash_done")}
        rounds_left = view["rounds"] - view["round"]
        if begun is not None and begun not in finished:
            plan.add(make(Crash, begun))
            if begun in view["jobs"]:
                plan.add(make(Quit, begun))
        elif rounds_left >= 1:
            crowd = [(count - (c in view["jobs"]), c) for c, count in enumerate(view["totals"])]
            count, company = max(crowd)
            if count >= 2:
                plan.add(make(Crash, company))
        for target in others_by_wealth(view):
            if not plan.left or not plan.add(make(Embezzle, target)):
                break
        return plan.submit()


class OpportunistBot(BaseBot):
    """Outs the leader to learn who works where, then CEO-extorts lone employees and slips
    into empty companies."""

    personality = "opportunist"

    def act(self, view: View, prompt: Prompt, legal: Sequence | None,
            rng: random.Random) -> Submit:
        me = view["seat"]
        plan = Plan(view)
        known = known_jobs(view)
        for company, count in enumerate(view["totals"]):
            if count == 1 and company not in view["jobs"]:
                lone = [p for p, jobs in known.items() if company in jobs and p != me]
                if len(lone) == 1:
                    plan.add(make(Extort, lone[0], company))
        for company in empty_companies(view):
            plan.add(make(EnterEmpty, company))
            break
        richest = others_by_wealth(view)
        if richest and richest[0] not in known:
            plan.add(make(Out, richest[0]))
        for target in richest:
            if not plan.left or not plan.add(make(Embezzle, target)):
                break
        return plan.submit()


BOTS: dict[str, type] = {
    bot.personality: bot
    for bot in (RandomBot, LoyalBot, EmbezzlerBot, CrasherBot, OpportunistBot)
}
