"""Scare-City on the engine contract: rounds of five phases.

Who is asked what (`prompts`):

- phase 1: the player whose turn it is to claim, a `claim` prompt limited to
  `claim_seconds` (its timeout passes for them);
- phases 2–3: every player still in, a simultaneous `city` prompt limited to
  `city_seconds`: restore, decommission and buy moves build a secret plan; when all have
  said done, or time runs out, the plans are carried out;
- phases 4–5 (execution, the Impact Card) need nobody and follow at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from hacktable.engine.contract import (
    JSON,
    BaseGame,
    Event,
    Outcome,
    Prompt,
    SpielCoverage,
    Viewer,
)
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.options import OptionValue
from hacktable.games.scarecity import city, claims, pictures, rounds, text, views
from hacktable.games.scarecity import state as st
from hacktable.games.scarecity.actions import Move, MoveJson
from hacktable.games.scarecity.cards import PROGRAMS, program
from hacktable.games.scarecity.options import OPTIONS
from hacktable.games.scarecity.outcome import outcome
from hacktable.games.scarecity.parse import parse
from hacktable.games.scarecity.state import Plan, ScarecityState
from hacktable.games.scarecity.views import ScarecityView

CREDITS = ("Scare-City, a cybersecurity serious game (digital version: "
           "secrious.github.io); card set designed for hacktable.")


class ScareCity(BaseGame[ScarecityState, Move, ScarecityView]):
    """The serious game Scare-City: the first mayor to 200 Bitizens wins."""

    id = "scarecity"
    name = "Scare-City"
    min_seats = 2
    max_seats = 4
    options = OPTIONS
    credits = CREDITS
    playthrough_options: ClassVar[dict[str, int]] = {"target_bitizens": 40}
    spiel = SpielCoverage("faithful", "every move a seat may make is listed")
    sampler_gap = "its redeal keeps the other players' secret plans as they are"
    fuzz_words = text.FUZZ_WORDS
    screen_lists_moves = True
    screen_shows_outcome = True

    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> ScarecityState:
        state, events = st.setup(seats, options, rng)
        earned = rounds.execute(state, events)
        state["ranking"] = st.rank(state)
        rounds.record(state, earned)
        if not rounds.check_win(state, events):
            rounds.start_round(state, events)
        return state

    def _seat(self, state: ScarecityState, seat: object) -> int:
        if (not isinstance(seat, int) or isinstance(seat, bool)
                or not 0 <= seat < len(state["names"])):
            raise Rejected(f"There is no seat {seat!r} at this table.")
        return seat

    def _check(self, state: ScarecityState, seat: int, action: object) -> Plan | None:
        """Validate completely; returns the new plan for phase 2–3 moves."""
        if not isinstance(action, Move):
            raise Rejected("A Scare-City move is a Move record, e.g. {\"do\": \"pass\"}.")
        if state["over"]:
            raise Rejected("The game is over.")
        if state["players"][seat]["out"]:
            raise Rejected("You are out of the game and can only watch.")
        if state["phase"] == st.CLAIM:
            claims.check(state, seat, action)
            return None
        return city.check(state, seat, action)

    def apply(self, state: ScarecityState, seat: int, action: Move,
              rng: random.Random) -> list[Event]:
        seat = self._seat(state, seat)
        plan = self._check(state, seat, action)
        events: list[Event] = []
        if state["phase"] == st.CLAIM:
            claims.perform(state, seat, action, events)
        else:
            city.perform(state, seat, action, plan or st.empty_plan(), events)
            if all(state["plans"][s]["done"] for s in st.players_in(state)):
                rounds.close_round(state, rng, events)
        return events

    def preview(self, state: ScarecityState, seat: int, action: Move) -> list[Event]:
        seat = self._seat(state, seat)
        self._check(state, seat, action)
        return [Event("preview", {"action": action.to_json()}, (seat,))]

    def timeout(self, state: ScarecityState, rng: random.Random) -> list[Event]:
        """Claiming: the player whose turn it is passes. Phases 2–3: every plan as it
        stands is carried out."""
        if state["over"]:
            raise Rejected("The game is over; there is no clock to run out.")
        events: list[Event] = [Event("timeout", {})]
        if state["phase"] == st.CLAIM:
            seat = st.claimer(state)
            state["players"][seat]["passed"] = True
            events.append(Event("pass", {"seat": seat}))
            claims.advance(state, events)
        else:
            rounds.close_round(state, rng, events)
        return events

    def legal_actions(self, state: ScarecityState, seat: int) -> list[Move]:
        if state["over"] or seat not in self.prompts(state):
            return []
        if state["phase"] == st.CLAIM:
            moves = [Move("claim", card) for card in claims.claimable(state, seat)]
            if state["options"]["move_tokens"]:
                moves += [Move("unclaim", card) for card, owner in state["claims"]
                          if owner == seat]
            return [*moves, Move("pass")]
        plan = state["plans"][seat]
        candidates = [Move("restore", s["card"]) for s in state["players"][seat]["city"]
                      if s["degraded"]]
        candidates += [Move("decommission", s["card"]) for s in state["players"][seat]["city"]]
        candidates += [Move("buy", card) for card, owner in state["claims"] if owner == seat]
        moves = []
        if not plan["done"]:
            for move in candidates:
                for candidate in (move, Move(move.do, move.card, confirm=True)):
                    try:
                        city.check(state, seat, candidate)
                    except Rejected:
                        continue
                    moves.append(candidate)  # the confirmed form only where it is needed
                    break
            moves.append(Move("done"))
        if plan["done"] or plan["restore"] or plan["decommission"] or plan["buy"]:
            moves.append(Move("cancel"))
        return moves

    def prompts(self, state: ScarecityState) -> dict[int, Prompt]:
        if state["over"]:
            return {}
        options = state["options"]
        phase = {"round": state["round"], "phase": state["phase"]}
        if state["phase"] == st.CLAIM:
            seat = st.claimer(state)
            left = claims.tokens_left(state, seat)
            return {seat: Prompt("claim", f"Your turn to claim: put one of your {left} "
                                 "tokens on a shop card you want to buy, or pass.",
                                 time_limit=options["claim_seconds"], data=phase)}
        return {seat: Prompt("city", "Restore or decommission a card, buy what you claimed, "
                             "then say done.", simultaneous=True,
                             time_limit=options["city_seconds"],
                             submitted=state["plans"][seat]["done"], data=phase)
                for seat in st.players_in(state)}

    def phase_key(self, state: ScarecityState) -> str:
        if state["over"]:
            return "over"
        if state["phase"] == st.CLAIM:
            return f"round {state['round']} claim {state['claim_turn']} " \
                   f"{len(state['claims'])}"
        return f"round {state['round']} city"

    def phase_label(self, state: ScarecityState) -> str:
        return "the end" if state["over"] else (
            f"round {state['round']} ({'claiming' if state['phase'] == st.CLAIM else 'buying'})")

    def view(self, state: ScarecityState, viewer: Viewer) -> ScarecityView:
        if not isinstance(viewer, str):
            self._seat(state, viewer)
        return views.view(state, viewer)

    def outcome(self, state: ScarecityState) -> Outcome | None:
        return outcome(state)

    def parse(self, state: ScarecityState, seat: int, text_: str) -> Move:
        return parse(state, seat, text_)

    def action_to_json(self, action: Move) -> MoveJson:
        if not isinstance(action, Move):
            raise Rejected("A Scare-City move is a Move record, e.g. {\"do\": \"pass\"}.")
        return action.to_json()

    def action_from_json(self, data: JSON) -> Move:
        return Move.from_json(data)

    def action_labels(self, action: Move) -> list[str]:
        """`buy <card>` per card type, so the simulator's table is a purchase table."""
        if action.do in ("buy", "restore") and action.card is not None \
                and 0 <= action.card < len(PROGRAMS):
            return [f"{action.do} {program(action.card).key}"]
        return [action.do]

    def describe(self, event: Event, state: ScarecityState) -> str:
        return text.describe(event, state)

    def reveal_event(self, event: Event, state: ScarecityState) -> str:
        """A step of a secret plan, with whose plan it is, once the match is over."""
        if event.kind == "plan":
            name = state["names"][event.data["seat"]]
            return f"{name}'s secret plan: " + text.describe(event, state).removeprefix(
                "Your plan: ")
        return self.describe(event, state)

    def render(self, view: ScarecityView, ends_at: str | None = None) -> str:
        return text.render(view, ends_at)

    def notation_help(self, state: ScarecityState) -> str:
        return ("claim CARD | pass | restore CARD | decommission CARD | buy CARD | done | "
                "cancel — CARD is its number or name, e.g. `claim firewall`.")

    def picture(self, name: str) -> str | None:
        """The How to play picture: a Program Card, both sides."""
        return pictures.card() if name == "card" else None

    def bots(self) -> dict[str, type]:
        from hacktable.games.scarecity.bots import BOTS

        return BOTS

    # -- checks for tests ------------------------------------------------------------------

    def check_invariants(self, state: ScarecityState) -> None:
        """Every card is somewhere exactly once; cities fit their districts; no duplicates."""
        assert sorted(st.all_cards(state)) == list(range(len(PROGRAMS))), "a card was lost"
        assert sorted(state["impact_deck"] + state["impact_discard"]) == list(range(30))
        assert len(state["shop"]) <= state["options"]["shop_size"]
        for seat, p in enumerate(state["players"]):
            keys = st.city_keys(state, seat)
            assert len(keys) == len(set(keys)), f"seat {seat} holds two of a card"
            for district in ("cpu", "network", "user", "memory"):
                assert st.district_count(state, seat, district) <= \
                    state["options"]["district_slots"]
            assert not (p["out"] and p["city"]), "a player who is out keeps cards"
            assert p["money"] >= 0 or p["out"]
        for card, owner in state["claims"]:
            assert card in state["shop"] and not state["players"][owner]["out"]
        if not state["over"]:
            assert (state["phase"] == st.CLAIM) == (state["claim_turn"] is not None)

    def redeal(self, state: ScarecityState, seat: int, rng: random.Random
               ) -> ScarecityState | None:
        """Shuffle both decks and the other players' secret plans cannot be told apart:
        here the decks are re-shuffled (plans are kept, since they must stay feasible)."""
        new = tree_copy(state)
        rng.shuffle(new["deck"])
        rng.shuffle(new["impact_deck"])
        return new


GAME = ScareCity()
