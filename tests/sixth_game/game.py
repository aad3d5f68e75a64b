"""Blind Bids: a tiny two-player sealed-bid card game with hidden hands.

Each player is dealt `hand` cards from a deck numbered 1 to `cards`; the rest stay unseen.
Every round a prize worth 1 to `prize_max` points is turned up, and both players bid one
card from their hand in secret, at once. The higher card takes the prize (a tie: nobody);
both bids are then shown and discarded. When the hands are empty, the most points wins.
A player whose time runs out bids their lowest card.

Only its tests register it (`conftest.py`, and `HACKTABLE_GAMES=tests.sixth_game.register`
for a server process); nothing outside this folder names it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from hacktable.engine.contract import (
    GM,
    SPECTATOR,
    BaseBot,
    BaseGame,
    Event,
    Outcome,
    Prompt,
    SpielCoverage,
    Viewer,
)
from hacktable.engine.errors import Rejected
from hacktable.engine.options import Option, OptionSchema

OPTIONS = OptionSchema((
    Option("cards", 10, "Cards in the deck, numbered from 1.", 4, 30),
    Option("hand", 4, "Cards dealt to each player (and rounds played).", 1, 8),
    Option("prize_max", 5, "The most points a prize is worth (each is worth 1 to this).",
           1, 20),
    Option("seconds", 60, "Seconds to bid each round.", 5, 600),
))


class BlindBids(BaseGame):
    """Two players, one sealed bid each a round, hidden hands."""

    id = "blind_bids"
    name = "Blind Bids"
    min_seats = 2
    max_seats = 2
    options = OPTIONS
    credits = "A test game of hacktable's."
    screen_lists_moves = True
    score_label = "points"
    screen_shows_outcome = True  # its screen says the result; the end card does not
    spiel = SpielCoverage("faithful", "every bid a player may make is listed")
    fuzz_words = ("bid",)
    playthrough_options: ClassVar[dict[str, int]] = {"hand": 3}

    def setup(self, seats: Sequence[str], options: Mapping[str, Any],
              rng: random.Random) -> dict[str, Any]:
        dealt = min(options["hand"], options["cards"] // 2)  # a small deck deals fewer
        deck = rng.sample(range(1, options["cards"] + 1), dealt * 2)
        return {"names": list(seats), "options": dict(options),
                "hands": [sorted(deck[:dealt]), sorted(deck[dealt:])],
                "bids": [None, None], "points": [0, 0], "history": [],
                "prize": rng.randint(1, options["prize_max"])}

    def _over(self, state: dict[str, Any]) -> bool:
        return not state["hands"][0]

    def prompts(self, state: dict[str, Any]) -> dict[int, Prompt]:
        if self._over(state):
            return {}
        return {seat: Prompt("bid", f"Bid a card for the prize worth {state['prize']}.",
                             simultaneous=True, time_limit=state["options"]["seconds"],
                             submitted=state["bids"][seat] is not None)
                for seat in (0, 1)}

    def apply(self, state: dict[str, Any], seat: int, action: Any,
              rng: random.Random) -> list[Event]:
        if seat not in (0, 1):
            raise Rejected("Only the two players bid.")
        if self._over(state):
            raise Rejected("The game is over.")
        if state["bids"][seat] is not None:
            raise Rejected("You have bid this round already; wait for the other player.")
        card = action.get("bid") if isinstance(action, dict) and set(action) == {"bid"} else None
        if not isinstance(card, int) or isinstance(card, bool):
            raise Rejected('Bid one card from your hand, e.g. {"bid": 3} or "bid 3".')
        if card not in state["hands"][seat]:
            raise Rejected(f"You hold no {card}; bid one of {state['hands'][seat]}.")
        state["bids"][seat] = card
        events = [Event("bid", {"card": card}, (seat,))]
        if None not in state["bids"]:
            events += self._resolve(state, rng)
        return events

    def timeout(self, state: dict[str, Any], rng: random.Random) -> list[Event]:
        if self._over(state):
            raise Rejected("The game is over.")
        for seat in (0, 1):
            if state["bids"][seat] is None:
                state["bids"][seat] = min(state["hands"][seat])
        return self._resolve(state, rng)

    def _resolve(self, state: dict[str, Any], rng: random.Random) -> list[Event]:
        bids = list(state["bids"])
        winner = None if bids[0] == bids[1] else (0 if bids[0] > bids[1] else 1)
        if winner is not None:
            state["points"][winner] += state["prize"]
        for seat in (0, 1):
            state["hands"][seat].remove(bids[seat])
        state["history"].append({"prize": state["prize"], "bids": bids, "winner": winner})
        state["bids"] = [None, None]
        state["prize"] = rng.randint(1, state["options"]["prize_max"]) if state["hands"][0] \
            else None
        return [Event("round", {"prize": state["history"][-1]["prize"], "bids": bids,
                                "winner": winner, "points": list(state["points"])})]

    def view(self, state: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        if viewer == GM:
            return copy.deepcopy(state)
        shown: dict[str, Any] = {
            "players": list(state["names"]), "prize": state["prize"],
            "points": list(state["points"]), "history": copy.deepcopy(state["history"]),
            "cards_left": [len(hand) for hand in state["hands"]]}
        if viewer != SPECTATOR:
            shown.update(seat=viewer, hand=list(state["hands"][viewer]),
                         bid=state["bids"][viewer])
        return shown

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if not self._over(state):
            return None
        points = state["points"]
        if points[0] == points[1]:
            ranking: tuple[tuple[int, ...], ...] = ((0, 1),)
        else:
            best = 0 if points[0] > points[1] else 1
            ranking = ((best,), (1 - best,))
        summary = (f"A tie at {points[0]} points." if len(ranking) == 1 else
                   f"{state['names'][ranking[0][0]]} wins, {max(points)} to {min(points)}.")
        return Outcome(ranking, {0: points[0], 1: points[1]}, summary)

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Any] | None:
        if self._over(state) or seat not in (0, 1) or state["bids"][seat] is not None:
            return []
        return [{"bid": card} for card in state["hands"][seat]]

    def parse(self, state: dict[str, Any], seat: int, text: str) -> Any:
        words = text.lower().split()
        if words[:1] == ["bid"]:
            words = words[1:]
        if len(words) != 1 or not words[0].isascii() or not words[0].isdigit() \
                or len(words[0]) > 3:
            raise Rejected('Write the card you bid, e.g. "bid 3".')
        return {"bid": int(words[0])}

    def notation_help(self, state: dict[str, Any]) -> str:
        return 'Write "bid N" to bid the card N from your hand; a bid cannot be taken back.'

    def describe(self, event: Event, state: dict[str, Any]) -> str:
        if event.kind == "bid":
            return f"You bid {event.data['card']}."
        names = state["names"]
        bids = event.data["bids"]
        taken = ("nobody takes it" if event.data["winner"] is None
                 else f"{names[event.data['winner']]} takes it")
        return (f"For the prize worth {event.data['prize']}: {names[0]} bid {bids[0]}, "
                f"{names[1]} bid {bids[1]}; {taken}.")

    def render(self, view: Any, ends_at: str | None = None) -> str:
        lines = [f"Points: {view['points'][0]} to {view['points'][1]}."]
        if view["prize"] is not None:
            lines.append(f"The prize is worth {view['prize']}.")
        if "hand" in view:
            lines.append(f"Your hand: {', '.join(map(str, view['hand'])) or 'empty'}.")
        return "\n".join(lines)

    def phase_key(self, state: dict[str, Any]) -> str:
        return f"round {len(state['history']) + 1}"

    def phase_label(self, state: dict[str, Any]) -> str:
        return self.phase_key(state)

    def action_labels(self, action: Any) -> list[str]:
        return ["bid"]

    def check_invariants(self, state: dict[str, Any]) -> None:
        hands = state["hands"]
        assert len(hands[0]) == len(hands[1]), "the hands differ in size"
        assert not set(hands[0]) & set(hands[1]), "a card is in both hands"
        assert sum(state["points"]) <= sum(h["prize"] for h in state["history"])

    def redeal(self, state: dict[str, Any], seat: int, rng: random.Random
               ) -> dict[str, Any] | None:
        """The other hand dealt anew from every card this seat has not seen, and the other
        player's pending bid (if they sent one) one of that new hand."""
        new = copy.deepcopy(state)
        other = 1 - seat
        played = {card for round_ in state["history"] for card in round_["bids"]}
        unseen = [card for card in range(1, state["options"]["cards"] + 1)
                  if card not in state["hands"][seat] and card not in played]
        new["hands"][other] = sorted(rng.sample(unseen, len(state["hands"][other])))
        if new["bids"][other] is not None:
            new["bids"][other] = rng.choice(new["hands"][other])
        return new

    def bots(self) -> dict[str, type]:
        return {"random": RandomBot, "greedy": GreedyBot}


class RandomBot(BaseBot):
    """Bids any card."""

    personality = "random"
    wants_legal: ClassVar[bool] = True

    def act(self, view: Any, prompt: Prompt, legal: Sequence[Any] | None,
            rng: random.Random) -> Any:
        return rng.choice(list(legal)) if legal else None


class GreedyBot(BaseBot):
    """Bids its highest card for a prize above the middle, its lowest otherwise."""

    personality = "greedy"

    def act(self, view: Any, prompt: Prompt, legal: Sequence[Any] | None,
            rng: random.Random) -> Any:
        hand = view.get("hand") or []
        if not hand or view.get("bid") is not None:
            return None
        return {"bid": max(hand) if view["prize"] * 2 > len(hand) else min(hand)}


GAME = BlindBids()
