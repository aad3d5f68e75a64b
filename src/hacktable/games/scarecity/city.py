"""Phases 2 and 3 at the same time: each player's plan to restore, decommission and buy.

"These phases can be done by all players at the same time", so a plan is a secret
submission: moves add to it, each checked against the whole plan (money, slots, no second
copy of a card), and nothing happens to the table until the phase closes (rounds.py).
"""

from __future__ import annotations

from typing import Literal

from hacktable.engine.contract import Event
from hacktable.engine.errors import NeedsConfirmation, Rejected
from hacktable.games.scarecity.actions import Move
from hacktable.games.scarecity.buying import buy_blocker, plan_spend, state_buyer
from hacktable.games.scarecity.cards import program
from hacktable.games.scarecity.state import Plan, State


def plan_cost(state: State, plan: Plan) -> int:
    """$ the plan spends (buying.plan_spend)."""
    return plan_spend(plan, state["options"])


def plan_problem(state: State, seat: int, plan: Plan) -> str | None:
    """Why this plan cannot be carried out, or None. Checked after every move."""
    options = state["options"]
    player = state["players"][seat]
    owned = {slot["card"]: slot for slot in player["city"]}
    for card in plan["restore"]:
        if card not in owned:
            return f"Card {card} is not in your city."
        if not owned[card]["degraded"]:
            return f"{program(card).name} is not degraded; only red cards need restoring."
    for card in plan["decommission"]:
        if card not in owned:
            return f"Card {card} is not in your city."
    if len(plan["restore"]) > options["restores_per_round"]:
        return (f"You may restore only {options['restores_per_round']} card(s) per round "
                "(\"you can only restore 1 card per turn\").")
    if len(plan["decommission"]) > options["decommissions_per_round"]:
        return (f"You may decommission only {options['decommissions_per_round']} card(s) per "
                "round (\"you can only remove 1 card per turn\").")
    if set(plan["restore"]) & set(plan["decommission"]):
        return "You cannot both restore and decommission the same card."
    if len(set(plan["restore"])) < len(plan["restore"]) or \
            len(set(plan["decommission"])) < len(plan["decommission"]):
        return "That card is already in your plan."
    for index, card in enumerate(plan["buy"]):
        before = Plan(**plan)
        before["buy"] = plan["buy"][:index]
        blocker = buy_blocker(state_buyer(state, seat, before), card)
        if blocker:
            return blocker.text
    cost = plan_cost(state, plan)
    if cost > player["money"]:
        return f"That plan costs ${cost} and you have ${player['money']}."
    return None


def spending_puts_out(state: State) -> bool:
    """Whether spending down to `out_money` puts a player out when the plan is carried out
    (the seed: "If a player ever ends up with $0 or less")."""
    options = state["options"]
    return options["out_check"] == "spend" and options["out_money"] >= 0


def money_left(state: State, seat: int, plan: Plan) -> int:
    return state["players"][seat]["money"] - plan_cost(state, plan)


def out_warning(state: State, seat: int, plan: Plan) -> str | None:
    """The sentence a player must confirm before a plan step that puts them out, or None."""
    left = money_left(state, seat, plan)
    if not spending_puts_out(state) or left > state["options"]["out_money"]:
        return None
    return (f"This leaves you with ${left}: you would be out of the game (\"If a player ever "
            "ends up with $0 or less than $0 then they are out\"). Confirm the move to do it "
            "anyway.")


PlanStep = Literal["restore", "decommission", "buy"]
STEPS: dict[str, PlanStep] = {"restore": "restore", "decommission": "decommission",
                              "buy": "buy"}
"""The verbs that add a step to a plan, as the plan's keys."""


def check(state: State, seat: int, move: Move) -> Plan:
    """The seat's plan after this move, or Rejected saying why not. A step that leaves
    the player out of the game needs `confirm`."""
    plan = state["plans"][seat]
    if move.do == "cancel":
        return {"restore": [], "decommission": [], "buy": [], "done": False}
    if plan["done"]:
        raise Rejected("You have already said you are done this round; cancel to change "
                       "your plan.")
    if move.do == "done":
        return {**plan, "done": True}
    step = STEPS.get(move.do)
    if step is None:
        raise Rejected(f"Claiming is over this round: restore, decommission or buy, not "
                       f"{move.do}.")
    if move.card in plan[step]:
        raise Rejected("That card is already in your plan.")
    new = Plan(**plan)
    new[step] = [*plan[step], move.needs("card")]
    problem = plan_problem(state, seat, new)
    if problem:
        raise Rejected(problem)
    warning = out_warning(state, seat, new)
    if warning and not move.confirm:
        raise NeedsConfirmation(warning, Move(move.do, move.card, confirm=True))
    return new


def perform(state: State, seat: int, move: Move, plan: Plan,
            events: list[Event]) -> None:
    state["plans"][seat] = plan
    events.append(Event("plan", {"seat": seat, "move": move.to_json(),
                                 "spend": plan_cost(state, plan),
                                 "out": out_warning(state, seat, plan) is not None}, (seat,)))
