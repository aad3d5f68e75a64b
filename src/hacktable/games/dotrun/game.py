"""./Run on the engine contract."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import ClassVar

from hacktable.engine.contract import (
    SPECTATOR,
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
from hacktable.games.dotrun import actions, pictures, reveal, rules, tasking, text, views
from hacktable.games.dotrun.actions import (
    Action,
    Answer,
    Discard,
    Draw,
    Hack,
    Hold,
    Place,
    Run,
    Start,
    Stop,
)
from hacktable.games.dotrun.board import RINGS, ring_of
from hacktable.games.dotrun.cards import CARDS
from hacktable.games.dotrun.options import OPTIONS
from hacktable.games.dotrun.state import DotrunState, MediaSpec, space_of
from hacktable.games.dotrun.views import DotrunView


class DotRun(BaseGame[DotrunState, Action, DotrunView]):
    """Cooperative: untimed planning, a 30-second stress phase, automatic resolution."""

    id = "dotrun"
    name = "./Run"
    min_seats = 3
    max_seats = 6
    options = OPTIONS
    credits = ("./Run by Squid Tamar-Mattis, Jacques Manjarrez, Sam Schwartz and "
               "Michael Sitver.")
    playthrough_options: ClassVar[dict[str, str]] = {"tasks": "code"}
    screen_lists_moves = True
    screen_shows_outcome = True
    """The web screen offers each seat's legal moves as buttons (short lists; a hacker's
    only listed move is giving up, so nothing about the answer is in them)."""
    spiel = SpielCoverage("none", (
        "a hacker's answer is typed text solving a task; listing the candidate answers "
        "would give the right one away, so the only listed answer is the empty one "
        "(giving up) and an OpenSpiel ./Run would be a game in which every hack fails"))
    fuzz_words = ("start", "hack", "run", "hold", "answer", "draw", "left", "right", "place",
                  "discard", "stop", "o0", "o1", "o3", "o3-m2", "m6-i4", "i1-goal")

    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> DotrunState:
        return rules.setup(seats, options, rng)

    def prompts(self, state: DotrunState) -> dict[int, Prompt]:
        return rules.prompts(state)

    def apply(self, state: DotrunState, seat: int, action: Action,
              rng: random.Random) -> list[Event]:
        return rules.apply(state, seat, action, rng)

    def timeout(self, state: DotrunState, rng: random.Random) -> list[Event]:
        return rules.timeout(state, rng)

    def phase_key(self, state: DotrunState) -> str:
        return rules.phase_key(state)

    def preview(self, state: DotrunState, seat: int, action: Action) -> list[Event]:
        """Checked on a copy, so nothing the move causes (a card drawn) is revealed."""
        rules.apply(tree_copy(state), seat, action, random.Random(0))
        return [Event("preview", {"action": self.action_to_json(action),
                                  "text": text.action_text(action)}, (seat,))]

    def view(self, state: DotrunState, viewer: Viewer) -> DotrunView:
        if viewer not in ("gm", "spectator") and not (
                isinstance(viewer, int) and not isinstance(viewer, bool)
                and 0 <= viewer < len(state["names"])):
            raise Rejected(f"There is no seat {viewer!r} at this table.")
        return views.view(state, viewer)

    def media(self, state: DotrunState, viewer: Viewer,
              media_id: str) -> MediaSpec | None:
        """A blue task's recording, for the hacker it was dealt to (and the gamemaster)
        while the stress phase is on: the spec holds the spoken digits, so it is handed
        only to the renderer, never to a view."""
        if state["phase"] != rules.STRESS:
            return None
        seats = range(len(state["names"])) if viewer == "gm" else (
            [viewer] if isinstance(viewer, int) and 0 <= viewer < len(state["names"]) else [])
        for seat in seats:
            task = state["tasks"][seat]
            if task is None:
                continue
            audio = task["public"].get("audio")
            if isinstance(audio, dict) and audio.get("id") == media_id:
                return {"renderer": "speech-under-noise",
                        "spec": tree_copy(task["secret"]["hidden"]["audio"])}
        return None

    def outcome(self, state: DotrunState) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        seats = tuple(range(len(state["names"])))
        score = 1.0 if result["won"] else 0.0
        return Outcome((seats,) if result["won"] else (), {s: score for s in seats},
                       result["summary"])

    def legal_actions(self, state: DotrunState, seat: int) -> list[Action] | None:
        phase = state["phase"]
        if phase == rules.OVER or not 0 <= seat < len(state["names"]):
            return []
        if phase == rules.START:
            taken = {p for s, p in enumerate(state["pawns"]) if s != seat}
            return [Start(s) for s in rules.board_of(state).spaces(0) if s not in taken]
        if phase == rules.PLANNING:
            return [Run(), Hold(), *(Hack(p) for p in rules.hackable_paths(state, seat))]
        kind = rules.role(state, seat)
        if kind == "hack":
            # The answer cannot be listed without giving it away: the listed move is an
            # empty answer (giving up), which is always allowed.
            return [] if state["answers"][seat] is not None else [Answer("")]
        if kind != "run":
            return []
        if state["hands"][seat] is not None:
            return [Place("left"), Place("right"), Discard()]
        if rules.runner_done(state, seat):
            return []
        can_draw = state["deck"] and len(state["rows"][seat]) < 3
        return [Draw(), Stop()] if can_draw else [Stop()]

    def parse(self, state: DotrunState, seat: int, text_: str) -> Action:
        return actions.parse(text_)

    def action_to_json(self, action: Action) -> dict[str, str]:
        if not isinstance(action, Action):
            raise Rejected("That is not an ./Run action.")
        return action.to_json()

    def action_from_json(self, data: object) -> Action:
        return actions.from_json(data)

    def action_labels(self, action: Action) -> list[str]:
        return [action.do]

    def round_mark(self, state: DotrunState) -> str:
        """A turn: its planning and its stress belong to it."""
        return "the end" if state["phase"] == rules.OVER else f"turn {state['turn']}"

    def reveal_event(self, event: Event, state: DotrunState) -> str:
        """A hacker's report says the task and the right answer once the match is over."""
        if event.kind == "hack_report" and isinstance(event.audience, tuple):
            seat = event.audience[0] if event.audience else None
            return reveal.hack_report({**event.data, "seat": seat}, state["names"])
        return self.describe(event, state)

    def describe(self, event: Event, state: DotrunState) -> str:
        return text.describe(event, state["names"])

    def render(self, view: DotrunView, ends_at: str | None = None) -> str:
        return text.render(view, ends_at)

    def picture(self, name: str) -> str | None:
        """The How to play pictures: the board as a game starts, and the running cards."""
        if name == "board":
            state = self.setup(["Ada", "Bruno", "Chiara", "Dmitri"], self.options.resolve({}),
                               random.Random(0))
            return pictures.board(self.view(state, SPECTATOR))
        return pictures.cards() if name == "cards" else None

    def redeal(self, state: DotrunState, seat: int,
               rng: random.Random) -> DotrunState | None:
        """Re-deal what `seat` cannot know: the deck's order, every face-down card (its own
        too: placed cards cannot be looked at), other runners' drawn cards, and other
        hackers' tasks."""
        new = tree_copy(state)
        pool = list(new["deck"])
        for row in new["rows"]:
            pool += row
        others = [s for s in range(len(new["names"])) if s != seat]
        pool += [hand for s in others if (hand := new["hands"][s]) is not None]
        rng.shuffle(pool)
        new["deck"] = [pool.pop() for _ in new["deck"]]
        new["rows"] = [[pool.pop() for _ in row] for row in new["rows"]]
        for s in others:
            if new["hands"][s] is not None:
                new["hands"][s] = pool.pop()
        board = rules.board_of(new)
        source = tasking.source(new["options"]["tasks"])
        for s in others:
            if new["tasks"][s] is not None:
                terminal = space_of(new, s)
                new["tasks"][s] = source.generate(board.terminals[terminal],
                                                  RINGS[ring_of(terminal)], rng,
                                                  new["options"])
        return new

    def check_invariants(self, state: DotrunState) -> None:
        """Cards are never created or lost (every one is in the deck, a row, a hand or the
        discard pile); lockout tokens are in the supply or on terminals; pawns stay on the
        board."""
        copies = state["options"]["card_copies"]
        cards = Counter(state["deck"])
        cards.update(item["card"] for item in state["discard"])
        for row in state["rows"]:
            cards.update(row)
            assert len(row) <= 3, f"a row holds {len(row)} cards"
        cards.update(h for h in state["hands"] if h is not None)
        assert cards == Counter({card: copies for card in CARDS}), f"running cards {cards}"
        assert state["supply"] + len(state["locked"]) == state["options"]["lockouts"], \
            "lockout tokens created or lost"
        assert len(set(state["locked"])) == len(state["locked"]), "a terminal locked twice"
        assert state["supply"] >= 0
        board = rules.board_of(state)
        for pawn in state["pawns"]:
            assert pawn is None or board.is_space(pawn), f"pawn off the board: {pawn}"

    def bots(self) -> dict[str, type]:
        from hacktable.games.dotrun.bots import BOTS

        return BOTS


GAME = DotRun()

__all__ = ["GAME", "Answer", "Discard", "DotRun", "Draw", "Hack", "Hold", "Place", "Run",
           "Start", "Stop"]
