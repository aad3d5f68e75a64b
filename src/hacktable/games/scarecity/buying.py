"""Why a player cannot buy a shop card: the one rule behind the claim refusals, the buy
refusals, the seat's view and the screen's notes, so all four say the same thing.

The seed lets a player buy a card "as long as you: have an empty slot in the appropriate
District, you have enough Dollars to purchase them and you do not already have the card(s)
on your City" (Game Rounds, step 1), and only a card they claimed ("Before buying a card you
must "claim" it"). Claiming comes before decommissioning (step 2), so a claim on a card
whose district is full is allowed and says what would make room; a claim that nothing this
round could make buyable is refused by claims.py.

A `Buyer` is what decides it, all of it the seat's own or public: its city, its $, the shop
cards it holds a token on, its secret plan for phases 2–3 (None while claiming) and the
rule options. The engine asks `buy_blocker` when a claim or a purchase is made, and the
seat's view carries its answers (`unbuyable`) for the screen and the terminal to print.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from hacktable.games.scarecity.cards import DISTRICT_NAMES, program
from hacktable.games.scarecity.state import Options, Plan, State, empty_plan

COPY_RULE = "\"you do not already have the card(s) on your City\""
SLOT_RULE = "\"have an empty slot in the appropriate District\""
MONEY_RULE = "\"you have enough Dollars to purchase them\""


class BlockerJson(TypedDict):
    """A `Blocker` as JSON, with the card it blocks."""

    card: int
    rule: str
    why: str
    final: bool


@dataclass(frozen=True, slots=True)
class Blocker:
    """Why a card cannot be bought now, in a sentence that says what would change it."""

    rule: str
    """claim (not claimed), copy (a second copy of a card in your city), claimed_copy
    (another copy you claimed or plan to buy), slot (district full), money."""
    text: str
    final: bool
    """True when no step left this round (a decommission, another plan) makes it buyable."""

    def to_json(self, card: int) -> BlockerJson:
        return {"card": card, "rule": self.rule, "why": self.text, "final": self.final}


@dataclass(frozen=True, slots=True)
class Buyer:
    """What decides whether a seat can buy: its city and claims (card numbers), its $, its
    plan for phases 2–3 (None while claiming: the decommission is still to come)."""

    city: tuple[int, ...]
    money: int
    claims: tuple[int, ...]
    plan: Plan | None
    options: Options


def plan_spend(plan: Plan, options: Options) -> int:
    """$ a plan spends: each restore the card's cost, each decommission the fee, each
    purchase the card's cost."""
    return (sum(program(c).cost for c in plan["restore"])
            + options["decommission_cost"] * len(plan["decommission"])
            + sum(program(c).cost for c in plan["buy"]))


def buy_blocker(buyer: Buyer, card: int) -> Blocker | None:
    """Why `buyer` cannot buy shop card `card` after its plan (while claiming: if they
    claimed it), or None. Checked in this order: claimed, copy, money, then the slot (and
    the fee that makes room)."""
    if buyer.plan is not None and card not in buyer.claims:
        return Blocker("claim", f"You can only buy shop cards you claimed; card {card} is "
                       "not one.", True)
    kind = program(card)
    return _copy(buyer, card) or _money(buyer, kind.name, kind.cost) or _slot(buyer, card)


def _copy(buyer: Buyer, card: int) -> Blocker | None:
    kind = program(card)
    gone = buyer.plan["decommission"] if buyer.plan is not None else ()
    if any(program(c).key == kind.key for c in buyer.city if c not in gone):
        return Blocker("copy", f"You already have {kind.name} in your city; you may buy a "
                       f"card only if {COPY_RULE}.", buyer.plan is None)
    others = buyer.claims if buyer.plan is None else buyer.plan["buy"]
    if any(program(c).key == kind.key for c in others if c != card):
        doing = "already claimed" if buyer.plan is None else "are already buying"
        return Blocker("claimed_copy", f"You {doing} another {kind.name} and may buy "
                       f"only one: you may buy a card only if {COPY_RULE}.",
                       buyer.plan is None)
    return None


def _slot(buyer: Buyer, card: int) -> Blocker | None:
    kind = program(card)
    options = buyer.options
    district = kind.district
    name = DISTRICT_NAMES[district]
    plan = buyer.plan or empty_plan()
    mine = [c for c in buyer.city if program(c).district == district]
    gone = [c for c in plan["decommission"] if program(c).district == district]
    new = [c for c in plan["buy"] if program(c).district == district and c != card]
    used = len(mine) - len(gone) + len(new)
    slots = options["district_slots"]
    if used < slots:
        return None
    full = f"Your {name} district is full ({used} of {slots}"
    full += " with your plan)" if gone or new else ")"
    fee = options["decommission_cost"]
    free = options["decommissions_per_round"] - len(plan["decommission"])
    spare = [c for c in mine if c not in plan["decommission"] and c not in plan["restore"]]
    if options["decommissions_per_round"] <= 0:
        return Blocker("slot", f"{full} and no card may be decommissioned, so you cannot buy "
                       f"{kind.name}: you may buy a card only if you {SLOT_RULE}.", True)
    if free <= 0 or not spare:
        return Blocker("slot", f"{full}, and you may decommission only "
                       f"{options['decommissions_per_round']} card(s) a round: change your "
                       f"plan to make room for {kind.name}.", False)
    left = buyer.money - plan_spend(plan, options)
    if left < kind.cost + fee:
        said = "you have" if buyer.plan is None or left == buyer.money else \
            "your plan leaves you"
        return Blocker("money", f"{full}: making room costs ${fee} to decommission a card "
                       f"there, so {kind.name} would cost ${kind.cost + fee} in all and "
                       f"{said} ${left} ({MONEY_RULE}).", buyer.plan is None)
    when = " in the next phase" if buyer.plan is None else ""
    return Blocker("slot", f"{full}: decommission a {name} card{when} (${fee}) to buy "
                   f"{kind.name}.", False)


def _money(buyer: Buyer, name: str, cost: int) -> Blocker | None:
    plan = buyer.plan
    spend = plan_spend(plan, buyer.options) if plan is not None else 0
    if buyer.money - spend >= cost:
        return None
    if spend:
        return Blocker("money", f"Your plan with {name} costs ${spend + cost} and you have "
                       f"${buyer.money}: take a step out of your plan to buy it.", False)
    return Blocker("money", f"{name} costs ${cost} and you have ${buyer.money}: you may buy "
                   f"a card only if {MONEY_RULE}.", True)


def state_buyer(state: State, seat: int, plan: Plan | None) -> Buyer:
    """The seat's `Buyer` from the engine's state (`plan` None while claiming)."""
    return Buyer(tuple(slot["card"] for slot in state["players"][seat]["city"]),
                 state["players"][seat]["money"],
                 tuple(card for card, owner in state["claims"] if owner == seat),
                 plan, state["options"])


def unbuyable(buyer: Buyer, shop: Sequence[int], taken: Sequence[int]) -> list[
        tuple[int, Blocker]]:
    """Each shop card the seat could claim or has claimed but cannot buy now, with why.
    Skipped: cards `taken` by another player's token (the token says why) and, once
    claiming is over, cards the seat did not claim or already plans to buy."""
    found = []
    for card in shop:
        if buyer.plan is not None and (card not in buyer.claims or card in buyer.plan["buy"]):
            continue
        if card in taken and card not in buyer.claims:
            continue
        blocker = buy_blocker(buyer, card)
        if blocker is not None:
            found.append((card, blocker))
    return found
