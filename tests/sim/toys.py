"""Two tiny games on the engine contract, to show the simulator needs nothing Rex Furum has:
a turn-based race and a game whose phases never end."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hacktable.engine import BaseBot, BaseGame, Event, Outcome, Prompt, Rejected


class CheaterBot(BaseBot):
    """Always asks to add 7, which the race never allows."""

    personality = "cheater"

    def act(self, view, prompt, legal, rng: random.Random):
        return 7


class PasserBot(BaseBot):
    """Never acts: only the deadline moves its turns on."""

    personality = "passer"

    def act(self, view, prompt, legal, rng: random.Random):
        return None


class Race(BaseGame):
    """Seats take turns adding 1 or 2 to a total; whoever reaches 10 wins. A turn whose time
    runs out passes to the next seat."""

    id = "race"
    name = "Race"
    min_seats = 2
    max_seats = 4

    def setup(self, seats: Sequence[str], options, rng):
        return {"total": 0, "turn": 0, "seats": len(seats), "winner": None}

    def prompts(self, state):
        if state["winner"] is not None:
            return {}
        return {state["turn"]: Prompt("add", f"Total {state['total']}: add 1 or 2.")}

    def legal_actions(self, state, seat):
        if state["winner"] is not None or seat != state["turn"]:
            return []
        return [1, 2]

    def apply(self, state, seat, action, rng):
        if seat != state["turn"] or state["winner"] is not None:
            raise Rejected("It is not your turn.")
        if action not in (1, 2) or isinstance(action, bool):
            raise Rejected("Add 1 or 2.")
        state["total"] += action
        if state["total"] >= 10:
            state["winner"] = seat
        state["turn"] = (seat + 1) % state["seats"]
        return [Event("added", {"seat": seat, "amount": action})]

    def timeout(self, state, rng):
        state["turn"] = (state["turn"] + 1) % state["seats"]
        return [Event("skipped", {})]

    def view(self, state, viewer):
        return dict(state)

    def outcome(self, state):
        if state["winner"] is None:
            return None
        winner = state["winner"]
        others = tuple(seat for seat in range(state["seats"]) if seat != winner)
        return Outcome(((winner,), others),
                       {seat: float(seat == winner) for seat in range(state["seats"])},
                       f"Seat {winner} reached 10.")

    def action_labels(self, action):
        return [f"add {action}"]

    def bots(self):
        return {"cheater": CheaterBot, "passer": PasserBot}


class Endless(Race):
    """A race whose bots may only pass and whose deadline changes nothing: it never ends."""

    id = "endless"
    name = "Endless"

    def timeout(self, state, rng):
        return []
