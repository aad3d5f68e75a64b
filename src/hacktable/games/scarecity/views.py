"""What each viewer may see of a Scare-City state.

Public: every city (cards face up, blue or red), $, Bitizens, tokens and claims, the shop,
the face-up discard piles, the ranking, every Impact Card already played with who was hit
and protected, the score sheet. A seat also sees its own plan for phases 2–3 (secret until
the phase closes). Nobody sees the order of either deck, so nobody knows the next Impact
Card, except the gamemaster, who sees everything. Card texts are not repeated in views:
`hacktable.games.scarecity.cards.CATALOGUE` has them by key.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from hacktable.engine.contract import GM, SPECTATOR, OutcomeJson, Viewer
from hacktable.games.scarecity.buying import state_buyer, unbuyable
from hacktable.games.scarecity.cards import impact, program
from hacktable.games.scarecity.city import plan_cost
from hacktable.games.scarecity.claims import claimers, tokens_left
from hacktable.games.scarecity.debrief import DebriefView, debrief
from hacktable.games.scarecity.outcome import outcome
from hacktable.games.scarecity.state import CITY, HitRow, State

# -- the typed view: what `view` returns, key for key (the screen builder reads these) --------

class CardView(TypedDict):
    """A Program Card by its table number and its catalogue key."""

    id: int
    key: str


class SlotView(CardView):
    """A card in a city: red when degraded; restored this round or not."""

    degraded: bool
    restored: bool


class ShopCardView(CardView):
    claims: list[int]


class PlayerView(TypedDict):
    seat: int
    name: str
    money: int
    bitizens: int
    out: bool
    tokens: int
    passed: bool
    skipped: str | None
    city: list[SlotView]


class PlanView(TypedDict):
    """A seat's secret plan for phases 2–3 (card numbers), and what it will spend."""

    restore: list[int]
    decommission: list[int]
    buy: list[int]
    done: bool
    spend: int


class UnbuyableView(TypedDict):
    """A shop card this seat cannot buy now and why (buying.Blocker): its own claims, and
    while claiming the cards it could still claim."""

    card: int
    rule: str
    why: str
    final: bool


HitRowView = HitRow
"""What one Impact Card did to one player, shown as the state keeps it."""


class ReportView(TypedDict):
    """An Impact Card played: its number, its key, and what it did to each player."""

    round: int
    card: int
    key: str
    players: list[HitRowView]


class HistoryView(TypedDict):
    """One round's figures, per seat; `earned` is [money, Bitizens] per seat."""

    round: int
    money: list[int]
    bitizens: list[int]
    earned: list[list[int]]
    ranking: list[int]


class ScarecityView(TypedDict):
    """One viewer's view: the public table, plus a seat's `seat` and `plan`, or the
    gamemaster's `gm`, every `plans`, and both decks in order (catalogue keys, top first)."""

    game: str
    players: list[PlayerView]
    round: int
    phase: str
    dealer: int
    ranking: list[int]
    claim_order: list[int]
    claim_turn: int | None
    shop: list[ShopCardView]
    deck: int
    impact_deck: int
    discard: list[CardView]
    impact_discard: list[str]
    reports: list[ReportView]
    history: list[HistoryView]
    out_order: list[int]
    over: bool
    result: str | None
    outcome: OutcomeJson | None
    debrief: list[DebriefView] | None
    options: dict[str, Any]
    seat: NotRequired[int]
    plan: NotRequired[PlanView]
    unbuyable: NotRequired[list[UnbuyableView]]
    gm: NotRequired[bool]
    plans: NotRequired[list[PlanView]]
    deck_order: NotRequired[list[str]]
    impact_order: NotRequired[list[str]]


def card_json(number: int) -> CardView:
    return {"id": number, "key": program(number).key}


def player_json(state: State, seat: int) -> PlayerView:
    p = state["players"][seat]
    return {
        "seat": seat, "name": state["names"][seat], "money": p["money"],
        "bitizens": p["bitizens"], "out": p["out"], "tokens": tokens_left(state, seat),
        "passed": p["passed"], "skipped": p.get("skipped"),
        "city": [{**card_json(slot["card"]), "degraded": slot["degraded"],
                  "restored": slot["card"] in p["restored"]} for slot in p["city"]],
    }


def plan_json(state: State, seat: int) -> PlanView:
    plan = state["plans"][seat]
    return {"restore": list(plan["restore"]), "decommission": list(plan["decommission"]),
            "buy": list(plan["buy"]), "done": plan["done"], "spend": plan_cost(state, plan)}


def unbuyable_json(state: State, seat: int) -> list[UnbuyableView]:
    """Why this seat cannot buy each card it claimed (or, while claiming, could claim):
    worked out from its own city, $, claims and plan only, so nothing secret of another
    seat is in it."""
    if state["over"] or state["players"][seat]["out"]:
        return []
    plan = state["plans"][seat] if state["phase"] == CITY else None
    taken = [] if state["options"]["shared_claims"] else \
        [card for card, owner in state["claims"] if owner != seat]
    return [UnbuyableView(**blocker.to_json(card)) for card, blocker
            in unbuyable(state_buyer(state, seat, plan), state["shop"], taken)]


def public_view(state: State) -> ScarecityView:
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
        "reports": [ReportView(**report) for report in state["reports"]],
        "history": [HistoryView(**line) for line in state["history"]],
        "out_order": list(state["out_order"]),
        "over": state["over"], "result": state["result"],
        # `Outcome.to_json` writes exactly the keys `OutcomeJson` declares.
        "outcome": cast(OutcomeJson, result.to_json()) if result else None,
        "debrief": debrief(state) if state["over"] else None,
        "options": dict(state["options"]),
    }


def view(state: State, viewer: Viewer) -> ScarecityView:
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
    result["unbuyable"] = unbuyable_json(state, int(viewer))
    return result
