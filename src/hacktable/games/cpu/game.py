"""CPU on the engine contract: sequential turns, hidden hands, and moves out of turn.

Who is asked what (`prompts`):

- the active machine: a `turn` prompt (also `shutdown`, `discard`), limited to
  `turn_seconds`; its timeout idles the cycles left (or finishes the shutdown, or discards
  the newest cards);
- during an attack, the defender: a `nullify` or `react` window limited to
  `reaction_seconds`; its timeout allows the attack / does `reaction_default`;
- everyone else holding Computing Time or Digital Economy Act: an untimed `any_time`
  prompt, which never sets the deadline (the server takes the longest limit asked).

`phase_key` is the turn number plus the open window's number, so a deadline restarts when
a turn passes or a window opens or closes, never because somebody played a card out of turn.
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
from hacktable.games.cpu import combat, daemons, flow, moves, pictures, reveal, text, views
from hacktable.games.cpu import state as st
from hacktable.games.cpu.actions import Move, MoveJson
from hacktable.games.cpu.cards import ANY_TIME, deck
from hacktable.games.cpu.options import OPTIONS
from hacktable.games.cpu.state import CpuState
from hacktable.games.cpu.views import CpuView

CREDITS = ("CPU by Næþ'n Lasseter, licensed under a Creative Commons "
           "Attribution-ShareAlike 3.0 Unported License (CC BY-SA 3.0).")

STEP_TEXT = {
    "down": "Your machine is shut down: restart it (boot) or stay down this turn.",
    "daemons": "Your daemons run: choose where each attacks (fire). Any other move lets "
               "them attack the next machine in turn order.",
    "start": "Your turn: spend your cycles. Before spending any you may shut down or play "
             "RKHunter.",
    "main": "Your turn: spend your cycles.",
    "shutdown": "Your machine is shut down: install and/or uninstall one Option ROM, then "
                "say done.",
    "discard": "End of turn: discard down to as many cards as you have cycles.",
}


class CPU(BaseGame[CpuState, Move, CpuView]):
    """The card game CPU: the last machine running wins."""

    id = "cpu"
    name = "CPU"
    min_seats = 2
    max_seats = 6
    options = OPTIONS
    credits = CREDITS
    playthrough_options: ClassVar[dict[str, int]] = {"round_limit": 3}
    check_option_sets: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {"compile_in": "backing_store", "first_player": "seat1"},
        {"compile_in": "backing_store", "reshuffle_disassembles": "all", "gdb_target": "any",
         "computing_time_self": True, "any_time": "own_turn", "hand_size": 8},
        {"counter_box": True, "restart": "automatic", "daemons_on_missed_turn": True,
         "catch_up_cycles": 1, "first_turn_cycles": 5, "idled_cycles": "counters"},
    )
    """Rule options the hidden-information check plays besides the defaults and each
    choice (engine/testing.py): the ones that change what is secret."""
    score_label = "cycles held"
    screen_shows_outcome = True
    spiel = SpielCoverage("faithful", "every move a seat may make is listed")
    fuzz_words = text.FUZZ_WORDS
    screen_lists_moves = True

    # -- set-up and moves ----------------------------------------------------------------

    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> CpuState:
        state = st.setup(seats, options, rng)
        flow.settle(state, [])
        return state

    def _seat(self, state: CpuState, seat: object) -> int:
        if (not isinstance(seat, int) or isinstance(seat, bool)
                or not 0 <= seat < len(state["names"])):
            raise Rejected(f"There is no seat {seat!r} at this table.")
        return seat

    def apply(self, state: CpuState, seat: int, action: Move, rng: random.Random) -> list[Event]:
        seat = self._seat(state, seat)
        cost = moves.check(state, seat, action)
        events: list[Event] = []
        if moves.daemons_first(state, seat, action):
            daemons.fire_defaults(state, events)
            flow.settle(state, events)
        events += moves.perform(state, seat, action, cost, rng)
        flow.settle(state, events)
        return events

    def preview(self, state: CpuState, seat: int, action: Move) -> list[Event]:
        seat = self._seat(state, seat)
        cost = moves.check(state, seat, action)
        return [Event("preview", {"action": action.to_json(), "cost": cost}, (seat,))]

    def timeout(self, state: CpuState, rng: random.Random) -> list[Event]:
        """The deadline passed: allow the attack / default reaction, restart a shut-down
        machine, let the daemons run their defaults, idle the cycles left, finish the
        shutdown, or discard the newest cards."""
        if state["over"]:
            raise Rejected("The game is over; there is no clock to run out.")
        events: list[Event] = [Event("timeout", {}, "all")]
        window = state["window"]
        turn = state["turn"]
        m = st.machine(state, turn["seat"])
        if window is not None:
            choice = ("allow" if window["kind"] == "nullify"
                      else state["options"]["reaction_default"])
            combat.close_window(state, choice, events)
        elif turn["step"] == "down":
            flow.restart(state, events)
        elif turn["step"] == "daemons":
            daemons.fire_defaults(state, events)
        elif turn["step"] in ("start", "main"):
            left = st.free_cycles(state)
            turn["step"] = "main"
            moves.spend(state, left, events)
            turn["idled"] += left
            events.append(Event("idle", {"seat": turn["seat"], "n": left}, "all"))
        elif turn["step"] == "shutdown":
            turn["step"] = "close"
        elif turn["step"] == "discard":
            while len(m["hand"]) > m["cycles"]:
                number = m["hand"].pop()
                st.reveal(state, number)
                st.trash(state, number)
                events.append(Event("discard", {"seat": turn["seat"], "item": number}, "all"))
        flow.settle(state, events)
        return events

    def legal_actions(self, state: CpuState, seat: int) -> list[Move]:
        if state["over"] or seat not in self.prompts(state):
            return []
        return moves.legal(state, seat)

    # -- who is asked --------------------------------------------------------------------

    def prompts(self, state: CpuState) -> dict[int, Prompt]:
        if state["over"]:
            return {}
        options = state["options"]
        turn = state["turn"]
        window = state["window"]
        phase = {"turn": turn["number"], "window": state["windows"] if window else None}
        if window is not None:
            asked = window["seat"]
            verbs = "nullify or allow" if window["kind"] == "nullify" else "react or decline"
            main = Prompt(window["kind"],
                          f"{state['names'][window['against']]} attacks you with "
                          f"{window['value']}: {verbs}." if window["kind"] == "nullify" else
                          f"Your daemons may return fire with {window['value']} at "
                          f"{state['names'][window['against']]}: {verbs}.",
                          time_limit=options["reaction_seconds"], data=phase)
        else:
            asked = turn["seat"]
            quick = turn["step"] in ("down", "daemons")
            main = Prompt("turn" if turn["step"] in ("start", "main") else turn["step"],
                          STEP_TEXT[turn["step"]],
                          time_limit=options["reaction_seconds" if quick else "turn_seconds"],
                          data=phase)
        result: dict[int, Prompt] = {}
        if options["any_time"] == "always":
            for seat, m in enumerate(state["machines"]):
                if seat != asked and m["status"] != st.OUT and self._holds_any_time(
                        state, seat):
                    result[seat] = Prompt("any_time", "You may play Computing Time or Digital "
                                          "Economy Act now.", data=phase)
        result[asked] = main
        return result

    @staticmethod
    def _holds_any_time(state: CpuState, seat: int) -> bool:
        table = deck(state["options"])
        return any(table[n].key in ANY_TIME for n in st.machine(state, seat)["hand"])

    def phase_key(self, state: CpuState) -> str:
        if state["over"]:
            return "over"
        turn = state["turn"]
        window = state["window"]
        step = "" if turn["step"] in ("start", "main") else f" {turn['step']}"
        return (f"turn {turn['number']}{step}" if window is None
                else f"turn {turn['number']} window {state['windows']}")

    # -- reading -------------------------------------------------------------------------

    def view(self, state: CpuState, viewer: Viewer) -> CpuView:
        if not isinstance(viewer, str):
            self._seat(state, viewer)
        return views.view(state, viewer)

    def outcome(self, state: CpuState) -> Outcome | None:
        return flow.outcome(state)

    def parse(self, state: CpuState, seat: int, text_: str) -> Move:
        return text.parse(state, seat, text_)

    def action_to_json(self, action: Move) -> MoveJson:
        if not isinstance(action, Move):
            raise Rejected("A CPU move is a Move record, e.g. {\"do\": \"download\"}.")
        return action.to_json()

    def action_from_json(self, data: JSON) -> Move:
        return Move.from_json(data)

    def action_labels(self, action: Move) -> list[str]:
        return [action.do]

    def round_mark(self, state: CpuState) -> str:
        """A turn, with its round: reactions in its windows belong to it."""
        if state["over"]:
            return "the end"
        turn = state["turn"]
        return f"round {turn['round']}, turn {turn['number']}"

    def reveal_sections(self, start: CpuState, end: CpuState) -> list[tuple[str, str]]:
        return [*reveal.sections(start, end), *super().reveal_sections(start, end)]

    def describe(self, event: Event, state: CpuState) -> str:
        return text.describe(event, state)

    def render(self, view: CpuView, ends_at: str | None = None) -> str:
        return text.render(view, ends_at)

    def picture(self, name: str) -> str | None:
        """The How to play picture: a card and its attack, defence and reaction."""
        return pictures.card() if name == "card" else None

    def bots(self) -> dict[str, type]:
        from hacktable.games.cpu.bots import BOTS

        return BOTS

    # -- checks for tests ------------------------------------------------------------------

    def check_invariants(self, state: CpuState) -> None:
        """Every card and every cycle counter is somewhere, exactly once."""
        found = sorted(st.all_cards(state))
        assert found == list(range(len(deck(state["options"])))), "a card was lost or copied"
        counters = state["supply"] + state["turn"]["extra"] + sum(
            m["cycles"] for m in state["machines"])
        assert counters == state["counters"], (
            f"{counters} cycle counters accounted for, not {state['counters']}")
        secret = {int(k) for k in state["binaries"]} - {
            h for m in state["machines"] for h in m["memory"]} - set(state["trash"])
        assert set(state["hidden"]) <= secret, "a binary shown on the table is still secret"
        assert state["supply"] >= 0 and all(m["cycles"] >= 0 for m in state["machines"])
        for seat, m in enumerate(state["machines"]):
            assert (m["cycles"] == 0) == (m["status"] == st.OUT), f"seat {seat}'s status"
            assert len(m["memory"]) <= st.memory_slots(state, seat) or m["status"] != "running"
            assert set(m["daemons"]) <= set(m["memory"])
        heads = {h for m in state["machines"] for h in m["hand"] + m["memory"]}
        heads |= set(state["trash"])
        assert {int(k) for k in state["binaries"]} <= heads, "a binary lies outside play"
        if not state["over"]:
            assert state["window"] is not None or state["turn"]["step"] in flow.WAITING_STEPS

    def redeal(self, state: CpuState, seat: int, rng: random.Random) -> CpuState | None:
        """Re-deal what `seat` cannot know: the other backing stores and the draw pile, mixed
        together, each hand keeping its size. A binary everyone has seen stays as it is; one
        compiled in secret keeps only its size (one source code card and so many
        libraries), the cards re-dealt too."""
        new = tree_copy(state)
        binaries = new["binaries"]
        hidden = set(new["hidden"])
        table = deck(new["options"])
        others = [m for s, m in enumerate(new["machines"]) if s != seat]
        pool = list(new["deck"])
        for m in others:
            for head in m["hand"]:
                if str(head) not in binaries:
                    pool.append(head)
                elif head in hidden:
                    pool += [head, *binaries.pop(str(head))]
        rng.shuffle(pool)

        def take(kind: str) -> int:
            at = next(i for i, n in enumerate(pool) if table[n].kind == kind)
            return pool.pop(at)

        shapes = {head: len(state["binaries"][str(head)]) for head in hidden}
        public = {int(key) for key in state["binaries"]} - hidden
        renamed: dict[int, int] = {}
        for m in others:
            for head in m["hand"]:
                if head in hidden:
                    source = take("source")
                    binaries[str(source)] = [take("library") for _ in range(shapes[head])]
                    renamed[head] = source
        for m in others:
            m["hand"] = [renamed[n] if n in hidden else n if n in public else pool.pop()
                         for n in m["hand"]]
        new["hidden"] = [renamed.get(n, n) for n in new["hidden"]]
        new["deck"] = pool
        return new


GAME = CPU()
