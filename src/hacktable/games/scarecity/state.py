"""Scare-City's state (plain JSON) and the set-up: decks, shop, the deal, the first ranking.

Piles are lists of card numbers whose *end* is the top. A city is a list of
`{"card": n, "degraded": bool}`; each card's district comes from its type.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from hacktable.engine.contract import Event
from hacktable.games.scarecity.cards import IMPACTS, PROGRAMS, program

State = dict[str, Any]
CLAIM, CITY, OVER = "claim", "city", "over"


def empty_plan() -> dict[str, Any]:
    return {"restore": [], "decommission": [], "buy": [], "done": False}


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
