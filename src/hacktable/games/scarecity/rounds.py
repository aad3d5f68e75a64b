"""The rest of a round once phases 2–3 close: plans carried out, the shop refilled,
execution (phase 4), the Impact Card (phase 5), who is out, who won, the new ranking."""

from __future__ import annotations

import random

from hacktable.engine.contract import Event
from hacktable.games.scarecity.cards import Impact, impact, program
from hacktable.games.scarecity.city import plan_cost, spending_puts_out
from hacktable.games.scarecity.claims import open_claims
from hacktable.games.scarecity.state import (
    CLAIM,
    OVER,
    HitRow,
    ImpactReport,
    Options,
    PlayerState,
    Slot,
    State,
    draw_impact,
    draw_program,
    empty_plan,
    players_in,
    rank,
)


def carry_out(state: State, rng: random.Random, events: list[Event]) -> None:
    """Every plan, lowest ranked first (the claiming order, which settles shared claims):
    decommission, then restore (phase 2), then buy (phase 3); then refill the shop.

    With `out_check` = spend, a player whose plan leaves them at `out_money` or below is
    out once it is carried out (a plan never costs more than the player has, so only its
    last step can reach $0): the cards just bought go to the discard pile with the rest."""
    options = state["options"]
    bought: list[int] = []
    for seat in state["claim_order"]:
        if state["players"][seat]["out"]:
            continue
        spent = plan_cost(state, state["plans"][seat])
        plan = state["plans"][seat]
        player = state["players"][seat]
        for card in plan["decommission"]:
            player["city"] = [s for s in player["city"] if s["card"] != card]
            player["money"] -= options["decommission_cost"]
            state["discard"].append(card)
            events.append(Event("decommission", {"seat": seat, "card": card,
                                                 "cost": options["decommission_cost"]}))
        for card in plan["restore"]:
            for slot in player["city"]:
                if slot["card"] == card:
                    slot["degraded"] = False
            player["money"] -= program(card).cost
            player["restored"].append(card)
            events.append(Event("restore", {"seat": seat, "card": card,
                                            "cost": program(card).cost}))
        for card in plan["buy"]:
            if card in bought:
                events.append(Event("sold_out", {"seat": seat, "card": card}))
                continue
            bought.append(card)
            player["city"].append({"card": card, "degraded": False})
            player["money"] -= program(card).cost
            events.append(Event("buy", {"seat": seat, "card": card,
                                        "cost": program(card).cost}))
        if spent and spending_puts_out(state) and player["money"] <= options["out_money"]:
            knock_out(state, seat, events)
    refill(state, bought, rng, events)
    state["claims"] = []
    state["plans"] = [empty_plan() for _ in state["names"]]


def refill(state: State, bought: list[int], rng: random.Random, events: list[Event]) -> None:
    """"For each card purchased, a new card is drawn from the Program deck to replace it";
    a slot stays empty only when the deck and the discard pile are both empty."""
    shop: list[int | None] = list(state["shop"])
    for index, card in enumerate(shop):
        if card in bought:
            shop[index] = draw_program(state, rng, events)
            if shop[index] is not None:
                events.append(Event("shop", {"card": shop[index]}))
    while len(shop) < state["options"]["shop_size"]:
        card = draw_program(state, rng, events)
        if card is None:
            break
        shop.append(card)
        events.append(Event("shop", {"card": card}))
    state["shop"] = [card for card in shop if card is not None]


def execute(state: State, events: list[Event]) -> list[list[int]]:
    """Phase 4: each blue card pays its $ and Bitizens, each red card costs its Bitizens.
    Returns [$, Bitizens] per seat (zeros for players who are out)."""
    earned = [[0, 0] for _ in state["names"]]
    for seat in players_in(state):
        player = state["players"][seat]
        money = bitizens = 0
        for slot in player["city"]:
            kind = program(slot["card"])
            if slot["degraded"]:
                bitizens -= kind.red
            else:
                money += kind.money
                bitizens += kind.bitizens
        player["money"] += money
        player["bitizens"] += bitizens
        earned[seat] = [money, bitizens]
        events.append(Event("execute", {"seat": seat, "money": money, "bitizens": bitizens}))
    return earned


def play_impact(state: State, rng: random.Random, events: list[Event]) -> ImpactReport:
    """Phase 5: draw, degrade and restore (step 1), protections (step 2), Bitizen Impact
    (step 3). The report names who was hit and who was protected by what."""
    options = state["options"]
    number = draw_impact(state, rng, events)
    card = impact(number)
    rows: list[HitRow] = []
    for seat in players_in(state):
        player = state["players"][seat]
        protected = protections_held(card, player["city"], options)
        degraded, restored, spared = step_one(card, player, bool(protected), options)
        bonus = options["protection_bonus"] if protected else 0
        hit = bool(degraded or restored)
        change = card.bitizens if options["impact_applies"] == "everyone" or hit else 0
        if change < 0 and protected and options["protection_shields"]:
            change = 0
        player["bitizens"] += bonus + change
        rows.append({"seat": seat, "degraded": degraded, "restored": restored,
                     "spared": spared, "protected": protected, "bonus": bonus,
                     "impact": change})
    state["impact_discard"].append(number)
    report: ImpactReport = {"round": state["round"], "card": number, "key": card.key,
                            "players": rows}
    state["reports"].append(report)
    events.append(Event("impact", report))
    return report


def protections_held(card: Impact, city: list[Slot], options: Options) -> list[int]:
    """The city's cards listed among the Impact Card's Protections (step 2); a degraded
    card protects nobody unless `degraded_protects` says so."""
    return [slot["card"] for slot in city
            if program(slot["card"]).key in card.protect
            and (options["degraded_protects"] or not slot["degraded"])]


def step_one(card: Impact, player: PlayerState, protected: bool,
             options: Options) -> tuple[list[int], list[int], list[int]]:
    """Step 1 in one city: degrade the listed blue cards, restore the listed red ones;
    returns the cards degraded, restored and spared.

    With `impact_reading` = lessons a held protection stops the degrade (those cards are
    the spared ones, so the screen can say what the control did) and a restore needs one;
    with seed, every listed card in every city is flipped, whatever the city holds."""
    lessons = options["impact_reading"] == "lessons"
    degraded: list[int] = []
    restored: list[int] = []
    spared: list[int] = []
    for slot in player["city"]:
        key = program(slot["card"]).key
        if (key in card.degrade and not slot["degraded"]
                and not (options["restored_immune"] and slot["card"] in player["restored"])):
            if lessons and protected:
                spared.append(slot["card"])
            else:
                slot["degraded"] = True
                degraded.append(slot["card"])
        elif key in card.restore and slot["degraded"] and (protected or not lessons):
            slot["degraded"] = False
            restored.append(slot["card"])
    return degraded, restored, spared


def knock_out(state: State, seat: int, events: list[Event]) -> None:
    """"they are out of the game and their Program Cards get added to the discard pile"."""
    player = state["players"][seat]
    player["out"] = True
    state["discard"] += [slot["card"] for slot in player["city"]]
    player["city"] = []
    state["out_order"].append(seat)
    events.append(Event("out", {"seat": seat, "money": player["money"]}))


def eliminate(state: State, events: list[Event]) -> None:
    """`out_check` = round_end: "$0 or less" checked at the end of each round."""
    if state["options"]["out_check"] != "round_end":
        return
    for seat in players_in(state):
        if state["players"][seat]["money"] <= state["options"]["out_money"]:
            knock_out(state, seat, events)


def check_win(state: State, events: list[Event]) -> bool:
    """The first to reach the target wins; several at once: most $; still tied: a draw."""
    target = state["options"]["target_bitizens"]
    reached = [s for s in players_in(state) if state["players"][s]["bitizens"] >= target]
    if reached:
        best = max(state["players"][s]["money"] for s in reached)
        finish(state, [s for s in reached if state["players"][s]["money"] == best],
               "target", events)
        return True
    left = players_in(state)
    if not left:
        finish(state, [], "all_out", events)
        return True
    if len(left) == 1 and len(state["names"]) > 1 and state["options"]["last_standing_wins"]:
        finish(state, left, "last_standing", events)
        return True
    return False


def finish(state: State, winners: list[int], result: str, events: list[Event]) -> None:
    state["over"] = True
    state["phase"] = OVER
    state["ranking"] = rank(state)
    state["winners"] = sorted(winners)
    state["result"] = result
    state["claim_turn"] = None
    events.append(Event("game_over", {"winners": state["winners"], "result": result}))


def record(state: State, earned: list[list[int]] | None) -> None:
    """One line of every score sheet: $ and Bitizens after the round."""
    state["history"].append({
        "round": state["round"],
        "money": [p["money"] for p in state["players"]],
        "bitizens": [p["bitizens"] for p in state["players"]],
        "earned": earned or [[0, 0] for _ in state["names"]],
        "ranking": list(state["ranking"]),
    })


def close_round(state: State, rng: random.Random, events: list[Event]) -> None:
    """Phases 2–3 closed: carry out the plans, execute, play the Impact Card, and start
    the next round (or end the game)."""
    any_phase = state["options"]["win_check"] == "any_phase"
    carry_out(state, rng, events)
    earned = execute(state, events)
    if (any_phase or players_out_now(state)) and check_win(state, events):
        record(state, earned)
        return
    play_impact(state, rng, events)
    eliminate(state, events)
    state["ranking"] = rank(state)
    events.append(Event("ranking", {"ranking": list(state["ranking"])}))
    record(state, earned)
    if check_win(state, events):
        return
    if state["round"] >= state["options"]["round_limit"]:
        limit_reached(state, events)
        return
    start_round(state, events)


def players_out_now(state: State) -> bool:
    """Whether spending put enough players out to end the game before the Impact Card."""
    return len(players_in(state)) <= (1 if len(state["names"]) > 1 else 0)


def limit_reached(state: State, events: list[Event]) -> None:
    """After `round_limit` rounds: most Bitizens, then most $; still tied, a draw."""
    left = players_in(state)
    players = state["players"]
    best = max((players[s]["bitizens"], players[s]["money"]) for s in left)
    finish(state, [s for s in left if (players[s]["bitizens"], players[s]["money"]) == best],
           "round_limit", events)


def start_round(state: State, events: list[Event]) -> None:
    state["round"] += 1
    state["phase"] = CLAIM
    for player in state["players"]:
        player["restored"] = []
    events.append(Event("round", {"round": state["round"]}))
    open_claims(state, events)
