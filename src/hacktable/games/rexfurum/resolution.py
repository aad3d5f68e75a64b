"""Resolving a round: every order at once, in the seed's precedence.

    Actions that result in a change of employment (quitting, joining an empty company,
    accepting bribes, pink slip, crashing); then a change of status for the round
    (protect, cover up); then a change in money (embezzlement, bribing, investment,
    extortion, backstabbing); then outing.

Every dollar that moves goes through `_pay`, which writes a ledger line naming the rule.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any, TypeVar, cast

from hacktable.engine.contract import EVERYONE, GM_ONLY, Event
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
    order_from_state,
)
from hacktable.games.rexfurum.state import BribeOffer, LedgerLine, RexfurumState

OrderT = TypeVar("OrderT", bound=Order)

BANK = None  # the payee of money that "simply vanishes", the payer of salaries


def split_evenly(total: int, people: list[int]) -> list[tuple[int, int]]:
    """Split whole dollars among people in seat order; the first ones get the odd dollars."""
    people = sorted(people)
    share, odd = divmod(total, len(people))
    return [(person, share + (1 if index < odd else 0)) for index, person in enumerate(people)]


class Resolution:
    """One round's resolution over a state; collects the events it produces."""

    def __init__(self, state: RexfurumState) -> None:
        self.state = state
        self.options = state["options"]
        self.round = state["round"]
        self.n = len(state["names"])
        self.jobs: list[list[int]] = state["jobs"]
        self.money: list[int] = state["money"]
        self.orders: list[tuple[Order, ...]] = [
            tuple(order_from_state(o) for o in (submitted or ())) for submitted in state["orders"]
        ]
        self.by_kind: dict[type[Order], list[tuple[int, Order]]] = {}
        for seat, orders in enumerate(self.orders):
            for order in orders:
                self.by_kind.setdefault(type(order), []).append((seat, order))
        self.events: list[Event] = []
        self.joined: dict[int, set[int]] = defaultdict(set)
        self.protectors: dict[int, set[int]] = defaultdict(set)
        self.self_protected: set[int] = set()
        self.coverers: dict[int, set[int]] = defaultdict(set)
        self.bribe_payments: list[tuple[int, list[int], int, int]] = []

    # -- helpers ----------------------------------------------------------------------

    def orders_of(self, kind: type[OrderT]) -> Iterable[tuple[int, OrderT]]:
        """Every order of one kind with its seat, in seat order (grouped once, read often)."""
        # `by_kind` files each order under its own type, so this kind's list holds only it.
        return cast(list[tuple[int, OrderT]], self.by_kind.get(kind, ()))

    def tell(self, seats: Iterable[int], kind: str, **data: Any) -> None:
        audience: tuple[int, ...]
        if type(seats) is list and len(seats) == 1:  # the common case: one player is told
            audience = (seats[0],)
        else:
            audience = tuple(sorted(set(seats)))
        if audience:
            self.events.append(Event(kind, {"round": self.round, **data}, audience))

    def announce(self, kind: str, **data: Any) -> None:
        self.events.append(Event(kind, {"round": self.round, **data}, EVERYONE))

    def note_for_gm(self, kind: str, **data: Any) -> None:
        self.events.append(Event(kind, {"round": self.round, **data}, GM_ONLY))

    def employees(self, company: int) -> list[int]:
        return [seat for seat in range(self.n) if company in self.jobs[seat]]

    def hire(self, seat: int, company: int) -> None:
        if company not in self.jobs[seat]:
            self.jobs[seat].append(company)
            self.jobs[seat].sort()
        self.joined[company].add(seat)

    def fire(self, seat: int, company: int) -> None:
        if company in self.jobs[seat]:
            self.jobs[seat].remove(company)

    def _pay(self, payer: int | None, payee: int | None, amount: int, rule: str) -> int:
        """Move money and write the ledger line; returns what was actually paid."""
        if payer is not None and not self.options["negative_money"]:
            amount = min(amount, max(0, self.money[payer]))
        if amount <= 0:
            return 0
        if payer is not None:
            self.money[payer] -= amount
        if payee is not None:
            self.money[payee] += amount
        line: LedgerLine = {"round": self.round, "from": payer, "to": payee, "amount": amount,
                            "rule": rule}
        self.state["ledger"].append(line)
        self.events.append(Event("ledger", line, GM_ONLY))
        return amount

    # -- the precedence ---------------------------------------------------------------

    def run(self) -> list[Event]:
        crashing_now = {seat for seat, _ in self.orders_of(Crash)}
        self.quit()
        self.enter_empty()
        self.accept_bribes()
        self.pink_slip()
        self.crash()
        self.protect(crashing_now)
        self.cover_up()
        self.embezzle()
        self.pay_bribes()
        self.invest()
        self.extort()
        self.backstab()
        self.out()
        self.open_new_bribes()
        return self.events

    def quit(self) -> None:
        for seat, order in self.orders_of(Quit):
            self.fire(seat, order.company)
            self.tell([seat], "quit", company=order.company)

    def enter_empty(self) -> None:
        for seat, order in self.orders_of(EnterEmpty):
            self.hire(seat, order.company)
            self.tell([seat], "entered", company=order.company)

    def accept_bribes(self) -> None:
        open_bribes = self.state["bribes"]
        acceptors: dict[int, list[int]] = defaultdict(list)
        for seat, order in self.orders_of(AcceptBribe):
            wanted = {"briber": order.briber, "amount": order.amount, "company": order.company}
            index = next((i for i, bribe in enumerate(open_bribes) if bribe == wanted), None)
            if index is None:
                self.tell([seat], "accept_failed", reason="no_such_bribe", briber=order.briber,
                          amount=order.amount, company=order.company)
            elif order.company not in self.jobs[seat]:
                self.tell([seat], "accept_failed", reason="not_employed", briber=order.briber,
                          amount=order.amount, company=order.company)
            else:
                acceptors[index].append(seat)
        committed: dict[int, int] = defaultdict(int)
        for index, seats in sorted(acceptors.items()):
            bribe = open_bribes[index]
            briber, amount, company = bribe["briber"], bribe["amount"], bribe["company"]
            # Bribes accepted earlier this round are already promised out of the same purse.
            if self.money[briber] - committed[briber] < amount:
                self.tell([*seats, briber], "bribe_bounced", briber=briber, amount=amount,
                          company=company)
                continue
            committed[briber] += amount
            self.hire(briber, company)
            self.tell([briber], "bribe_accepted", amount=amount, company=company)
            self.bribe_payments.append((briber, seats, amount, company))

    def pink_slip(self) -> None:
        slippers: dict[tuple[int, int], set[int]] = defaultdict(set)
        for seat, order in self.orders_of(PinkSlip):
            slippers[(order.target, order.company)].add(seat)
        for (target, company), seats in sorted(slippers.items()):
            if len(seats) >= self.options["pinkslip_quorum"]:
                if company in self.jobs[target]:
                    self.fire(target, company)
                    self.tell([target], "pinkslipped", company=company)
                self.note_for_gm("pinkslip", target=target, company=company, by=sorted(seats))
            else:
                for seat in sorted(seats):
                    self.tell([target], "pinkslip_attempt", by=seat, company=company)

    def crash(self) -> None:
        previous = self.state["crashing"]
        crashers: dict[int, list[int]] = defaultdict(list)
        starting: list[list[int]] = [[] for _ in range(self.n)]
        for seat, order in self.orders_of(Crash):
            if order.company in previous[seat]:
                crashers[order.company].append(seat)
            else:
                starting[seat].append(order.company)
        self.state["crashing"] = starting
        fee = self.options["crash_fee"]
        for company, seats in sorted(crashers.items()):
            fired = self.employees(company)
            gains = dict.fromkeys(seats, 0)
            for employee in fired:
                self.fire(employee, company)
                paid = 0
                for crasher, share in split_evenly(fee, seats):
                    if crasher == employee:
                        continue  # a crasher's own share of their fee stays with them
                    got = self._pay(employee, crasher, share, "crash")
                    gains[crasher] += got
                    paid += got
                if employee not in seats:
                    self.tell([employee], "crashed_out", company=company, amount=paid)
            self.announce("crash", company=company, fired=len(fired))
            for crasher in seats:
                self.tell([crasher], "crash_done", company=company, fired=len(fired),
                          amount=gains[crasher])
                if self.options["crasher_joins"]:
                    self.hire(crasher, company)

    def protect(self, crashing_now: set[int]) -> None:
        for seat, order in self.orders_of(Protect):
            if order.target in crashing_now:
                self.note_for_gm("protect_failed", protector=seat, target=order.target,
                                 reason="crashing")
            elif order.target == seat:
                self.self_protected.add(seat)
            else:
                self.protectors[order.target].add(seat)

    def is_protected(self, seat: int) -> bool:
        return bool(self.protectors.get(seat)) or seat in self.self_protected

    def cover_up(self) -> None:
        for seat, order in self.orders_of(CoverUp):
            if self.is_protected(order.target):
                self.note_for_gm("coverup_failed", coverer=seat, target=order.target,
                                 reason="protected")
            else:
                self.coverers[order.target].add(seat)

    def embezzle(self) -> None:
        per_company = self.options["embezzle_per_company"]
        by_target: dict[int, list[int]] = defaultdict(list)
        for seat, order in self.orders_of(Embezzle):
            by_target[order.target].append(seat)
        for target, embezzlers in sorted(by_target.items()):
            wanted = {seat: per_company * len(self.jobs[seat]) for seat in embezzlers}
            if self.protectors.get(target):
                for seat in embezzlers:
                    self.announce("embezzle_exposed", embezzler=seat, target=target)
                    self.tell(self.protectors[target], "embezzler_named", embezzler=seat,
                              target=target)
                continue
            if target in self.self_protected:
                allowed = self._cap(wanted, self.options["self_protect_cap"])
                for seat in embezzlers:
                    self.tell([target], "embezzler_named", embezzler=seat, target=target)
            else:
                allowed = wanted
            for seat in embezzlers:
                got = self._pay(target, seat, allowed[seat], "embezzle")
                self.tell([seat], "embezzle_done", target=target, amount=got,
                          capped=allowed[seat] < wanted[seat])
                if got and target in self.self_protected:  # they were told who already
                    self.tell([target], "embezzled", amount=got, by=seat)
                elif got:
                    self.tell([target], "embezzled", amount=got)

    @staticmethod
    def _cap(wanted: dict[int, int], cap: int) -> dict[int, int]:
        """Split `cap` evenly among embezzlers; nobody takes more than they could alone.

        Whoever wants less than an even share takes what they want and leaves the rest to
        the others; the odd dollars go to the lowest seats, as in every other split.
        """
        allowed: dict[int, int] = {}
        remaining = cap
        pending = sorted(wanted)
        while pending:
            share = remaining // len(pending)
            small = [seat for seat in pending if wanted[seat] <= share]
            if not small:
                allowed.update(split_evenly(remaining, pending))
                break
            for seat in small:
                allowed[seat] = wanted[seat]
                remaining -= wanted[seat]
                pending.remove(seat)
        return allowed

    def pay_bribes(self) -> None:
        for briber, acceptors, amount, company in self.bribe_payments:
            for acceptor, share in split_evenly(amount, acceptors):
                got = self._pay(briber, acceptor, share, "bribe")
                self.tell([acceptor], "bribe_paid", briber=briber, company=company, amount=got)

    def invest(self) -> None:
        for seat, order in self.orders_of(Invest):
            if self.money[seat] < order.amount:
                self.tell([seat, order.target], "invest_bounced", investor=seat,
                          target=order.target, amount=order.amount)
                continue
            got = self._pay(seat, order.target, order.amount, "invest")
            self.tell([seat, order.target], "invested", investor=seat, target=order.target,
                      amount=got)

    def extort(self) -> None:
        extorters: dict[tuple[int, int], list[int]] = defaultdict(list)
        for seat, order in self.orders_of(Extort):
            extorters[(order.target, order.company)].append(seat)
        for (target, company), seats in sorted(extorters.items()):
            if self.joined.get(company, set()) - {target}:
                self.tell(seats, "extort_void", target=target, company=company)
            elif self.employees(company) == [target]:
                total = 0
                for seat, share in split_evenly(self.options["extort_reward"], seats):
                    got = self._pay(target, seat, share, "extort")
                    total += got
                    self.tell([seat], "extort_done", target=target, company=company, amount=got)
                self.tell([target], "extorted", company=company, amount=total)
            else:
                for seat in sorted(seats):
                    got = self._pay(seat, target, self.options["slander_fee"], "slander fee")
                    self.tell([seat], "slander_paid", target=target, company=company, amount=got)
                    self.tell([target], "slander_received", company=company, amount=got)

    def backstab(self) -> None:
        stabs = {(seat, order.target) for seat, order in self.orders_of(Backstab)}
        protects = {(seat, order.target) for seat, order in self.orders_of(Protect)}
        for seat, target in sorted(stabs):
            if (target, seat) in stabs:
                if seat < target:
                    fine = self.options["backstab_fine"]
                    lost_a = self._pay(seat, BANK, fine, "mutual backstab")
                    lost_b = self._pay(target, BANK, fine, "mutual backstab")
                    self.announce("mutual_backstab", players=[seat, target],
                                  amounts=[lost_a, lost_b])
            elif (target, seat) in protects:
                amount = self.options["backstab_per_company"] * self._backstab_count(seat, target)
                got = self._pay(target, seat, amount, "backstab")
                self.tell([target], "backstabbed", by=seat, amount=got)
                self.tell([seat], "backstab_done", target=target, amount=got)
            else:
                got = self._pay(seat, target, self.options["backstab_fine"], "failed backstab")
                self.tell([target], "backstab_attempt", by=seat, amount=got)
                self.tell([seat], "backstab_failed", target=target, amount=got)

    def _backstab_count(self, seat: int, target: int) -> int:
        if self.options["backstab_count"] == "shared":
            return len(set(self.jobs[seat]) & set(self.jobs[target]))
        return len(self.jobs[seat]) + len(self.jobs[target])

    def out(self) -> None:
        outers: dict[int, list[int]] = defaultdict(list)
        for seat, order in self.orders_of(Out):
            outers[order.target].append(seat)
        history = self.state["history"]
        for target, seats in sorted(outers.items()):
            if self.coverers.get(target):
                for seat in seats:
                    self.tell(self.coverers[target], "outer_named", outer=seat, target=target)
                    self.tell([seat], "outing_failed", target=target)
                continue
            if self.options["outing_reveals"] == "previous_round":
                revealed_round = self.round - 1
                moves = history[-1][target] if history else []
            else:
                revealed_round = self.round
                moves = list(self.state["orders"][target] or [])
            self.announce("outed", target=target, companies=list(self.jobs[target]),
                          moves_round=revealed_round, moves=moves)

    def open_new_bribes(self) -> None:
        """This round's bribe offers can be accepted next round; tell the company inside."""
        fresh: list[BribeOffer] = []
        for seat, order in self.orders_of(Bribe):
            fresh.append({"briber": seat, "amount": order.amount, "company": order.company})
            insiders = [p for p in self.employees(order.company) if p != seat]
            self.tell(insiders, "bribe_offered", amount=order.amount, company=order.company)
        self.state["bribes"] = fresh
