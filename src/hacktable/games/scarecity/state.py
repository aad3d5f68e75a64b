"""Scare-City's state (plain JSON) and the set-up: decks, shop, the deal, the first ranking.

Piles are lists of card numbers whose *end* is the top. A city is a list of
`{"card": n, "degraded": bool}`; each card's district comes from its type.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.scarecity.cards import IMPACTS, PROGRAMS, program

CLAIM, CITY, OVER = "claim", "city", "over"

Options = dict[str, Any]
"""The match's rule options (options.py), by name: numbers, yes/no and choices."""


class Slot(TypedDict):
    """A Program Card in a city: red when degraded."""

    card: int
    degraded: bool


class PlayerState(TypedDict):
    """One player: `restored` are the cards restored this round (an Impact Card spares
    them where `restored_immune` says so); `skipped` says why their claiming was skipped."""

    money: int
    bitizens: int
    out: bool
    city: list[Slot]
    restored: list[int]
    passed: bool
    skipped: str | None


class Plan(TypedDict):
    """A player's secret plan for phases 2–3 (card numbers), carried out when they close."""

    restore: list[int]
    decommission: list[int]
    buy: list[int]
    done: bool


class HitRow(TypedDict):
    """What one Impact Card did to one player (card numbers)."""

    seat: int
    degraded: list[int]
    restored: list[int]
    spared: list[int]
    """Listed cards a held protection kept blue (`impact_reading` = lessons)."""
    protected: list[int]
    bonus: int
    impact: int


class ImpactReport(TypedDict):
    """An Impact Card played: its number, its key, and what it did to each player."""

    round: int
    card: int
    key: str
    players: list[HitRow]


class HistoryLine(TypedDict):
    """One round's figures, per seat; `earned` is [money, Bitizens] per seat."""

    round: int
    money: list[int]
    bitizens: list[int]
    earned: list[list[int]]
    ranking: list[int]


class ScarecityState(TypedDict):
    """A Scare-City match. `claims` are [card, seat] pairs, the tokens on shop cards;
    `phase` is claim, city or over; `result` says how the match ended (target,
    all_out, last_standing, round_limit)."""

    names: list[str]
    options: Options
    deck: list[int]
    discard: list[int]
    impact_deck: list[int]
    impact_discard: list[int]
    shop: list[int]
    claims: list[list[int]]
    players: list[PlayerState]
    dealer: int
    ranking: list[int]
    round: int
    phase: str
    claim_order: list[int]
    claim_turn: int | None
    plans: list[Plan]
    history: list[HistoryLine]
    reports: list[ImpactReport]
    out_order: list[int]
    over: bool
    result: str | None
    winners: list[int]


State = ScarecityState


def empty_plan() -> Plan:
    return {"restore": [], "decommission": [], "buy": [], "done": False}


def claimer(state: State) -> int:
    """The seat whose turn it is to claim (the claiming phase always has one)."""
    seat = state["claim_turn"]
    if seat is None:
        raise Rejected("Nobody is claiming now.")
    return seat


def dealer_of(names: Sequence[str]) -> int:
    """"Whichever player's first name is first alphabetically becomes the dealer"; equal
    names go to the lower seat."""
    return min(range(len(names)), key=lambda s: (names[s].split()[0].casefold()
                                                  if names[s].split() else "", s))


def from_left(state: State, seats: Sequence[int]) -> list[int]:
    """Seats in table order starting with the player to the left of the dealer (the next
    seat), the dealer last."""
    n = len(state["names"])
    return sorted(seats, key=lambda s: (s - state["dealer"] - 1) % n)


def players_in(state: State) -> list[int]:
    return [s for s, p in enumerate(state["players"]) if not p["out"]]


def city_keys(state: State, seat: int) -> list[str]:
    return [program(slot["card"]).key for slot in state["players"][seat]["city"]]


def district_count(state: State, seat: int, district: str) -> int:
    return sum(1 for slot in state["players"][seat]["city"]
               if program(slot["card"]).district == district)


def draw_program(state: State, rng: random.Random, events: list[Event]) -> int | None:
    """The top Program Card; an empty deck first takes the shuffled discard pile ("Notes")."""
    if not state["deck"] and state["discard"]:
        state["deck"] = list(state["discard"])
        state["discard"] = []
        rng.shuffle(state["deck"])
        events.append(Event("reshuffle", {"deck": "program", "cards": len(state["deck"])}))
    return state["deck"].pop() if state["deck"] else None


def draw_impact(state: State, rng: random.Random, events: list[Event]) -> int:
    if not state["impact_deck"]:
        state["impact_deck"] = list(state["impact_discard"])
        state["impact_discard"] = []
        rng.shuffle(state["impact_deck"])
        events.append(Event("reshuffle", {"deck": "impact",
                                          "cards": len(state["impact_deck"])}))
    return state["impact_deck"].pop()


def rank(state: State) -> list[int]:
    """Most $ first, then most Bitizens ("If players have the same score, go in order of
    Bitizens"); players still tied are ranked so that claiming, lowest ranked first, starts
    with the player to the left of the dealer ("starting with the player to the left of
    the dealer"): the dealer ranks highest among them."""
    order = list(reversed(from_left(state, players_in(state))))
    players = state["players"]
    return sorted(order, key=lambda s: (-players[s]["money"], -players[s]["bitizens"]))


def setup(names: Sequence[str], options: Mapping[str, Any], rng: random.Random
          ) -> tuple[State, list[Event]]:
    deck = list(range(len(PROGRAMS)))
    impacts = list(range(len(IMPACTS)))
    rng.shuffle(deck)
    rng.shuffle(impacts)
    state: State = {
        "names": list(names), "options": dict(options),
        "deck": deck, "discard": [], "impact_deck": impacts, "impact_discard": [],
        "shop": [], "claims": [],
        "players": [{"money": options["starting_money"], "bitizens": 0, "out": False,
                     "city": [], "restored": [], "passed": False, "skipped": None}
                    for _ in names],
        "dealer": dealer_of(names), "ranking": [], "round": 0, "phase": CLAIM,
        "claim_order": [], "claim_turn": None,
        "plans": [empty_plan() for _ in names],
        "history": [], "reports": [], "out_order": [], "over": False, "result": None,
        "winners": [],
    }
    events: list[Event] = [Event("dealer", {"seat": state["dealer"]})]
    for _ in range(options["shop_size"]):
        card = draw_program(state, rng, events)
        if card is not None:
            state["shop"].append(card)
    for seat in from_left(state, range(len(names))):
        deal(state, seat, rng, events)
    return state, events


def deal(state: State, seat: int, rng: random.Random, events: list[Event]) -> None:
    """Deal one player their cards, one at a time, with the seed's three redraw rules."""
    options = state["options"]
    city = state["players"][seat]["city"]
    tries = 0
    while len(city) < options["starting_cards"] and tries < 3 * len(PROGRAMS):
        tries += 1
        card = draw_program(state, rng, events)
        if card is None:
            break
        kind = program(card)
        reason = None
        if district_count(state, seat, kind.district) >= options["district_slots"]:
            reason = "no_slot"
        elif kind.cost >= options["deal_cost_limit"]:
            reason = "too_dear"
        elif kind.key in city_keys(state, seat):
            reason = "duplicate"
        if reason is None:
            city.append({"card": card, "degraded": False})
            events.append(Event("dealt", {"seat": seat, "card": card}))
        else:
            state["discard"].append(card)
            events.append(Event("redraw", {"seat": seat, "card": card, "reason": reason}))


def slots_free(state: State, seat: int, district: str) -> int:
    return state["options"]["district_slots"] - district_count(state, seat, district)


def all_cards(state: State) -> list[int]:
    """Every Program Card wherever it lies (for the conservation check)."""
    found = list(state["deck"]) + list(state["discard"]) + list(state["shop"])
    for p in state["players"]:
        found += [slot["card"] for slot in p["city"]]
    return found
