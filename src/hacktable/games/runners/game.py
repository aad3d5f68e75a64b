"""Rules for Runners on the engine contract.

Seat 0 is the gamemaster, a person at the table (or a bot): their prompt is open all the
time and never timed, their rulings are log entries like anyone's moves, and their view is
the host's "gm" view. Seats 1.. are runners.

Who is asked what (`prompts`):

- before the mission: the GM (`prep`: NPCs, map, start) and every runner (`character`);
- while tied runners settle the order: the GM (`ties`);
- during the mission: the runner whose turn it is (`turn`, limited to `turn_seconds`: its
  timeout ends the turn; `waiting` while the runner waits on the GM's answer, so the
  runtime holds their clock), every other living runner (`free`: untimed, for free actions
  and checks the GM calls), and the GM (`gm`, or `npc_turn` on an NPC's turn, limited to
  `npc_turn_seconds` where that is set; the prompt's data lists the runners waiting on
  the GM, so a terminal or a bot sees a new question arrive).

`phase_key` counts stretches: each runner's turn is one, and so is a run of NPC turns in a
row (hidden or not), so the 30-second deadline restarts exactly when a runner's turn
begins, and a clock for NPCs runs once over the whole run: it cannot count hidden NPCs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from hacktable.engine.contract import (
    JSON,
    Audience,
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
from hacktable.engine.press import PressRule
from hacktable.games.runners import (
    asks,
    gm_moves,
    hacking,
    legal,
    pictures,
    runner_moves,
    text,
    turns,
    views,
)
from hacktable.games.runners import state as st
from hacktable.games.runners.options import OPTIONS
from hacktable.games.runners.state import (
    GM_ONLY,
    GM_SEAT,
    MISSION,
    OVER,
    PREP,
    TIES,
    Move,
    RunnersState,
    round_now,
    turn_now,
)
from hacktable.games.runners.views import RunnersView

CREDITS = "Rules for Runners: the hacktable seed rules for gamemaster-run missions."
ACTION_KEYS = 12
WHISPERS = PressRule(table=True, private=True, hub=GM_SEAT, summary=(
    "The gamemaster and each runner may whisper to each other, and everyone may write to "
    "the whole table; runners do not whisper to each other."))


class Runners(BaseGame[RunnersState, Move, RunnersView]):
    """Rules for Runners: a GM, runners, secret DCs, hidden guards and a 30-second clock."""

    id = "runners"
    name = "Rules for Runners"
    min_seats = 2
    max_seats = 7
    options = OPTIONS
    credits = CREDITS
    playthrough_options: ClassVar[dict[str, int]] = {"round_limit": 2}
    spiel = SpielCoverage("listed", (
        "the gamemaster's moves have free parts (an NPC's name and initiative, any DC "
        "for a check): the list offers a menu of them (DC 8, 12 or 15, stock NPCs), "
        "and in OpenSpiel the gamemaster chooses from that menu"))
    fuzz_words = text.FUZZ_WORDS
    referee_seat = GM_SEAT  # the GM rules while the host has paused the clock
    views_follow_known = False
    """A check the GM rolls in secret tells the runners nothing, yet clears the asked
    runner's `asking` on everyone's map: every screen is rebuilt after every entry."""

    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> RunnersState:
        return st.setup(seats, options, rng)

    def _seat(self, state: RunnersState, seat: Any) -> int:
        if (not isinstance(seat, int) or isinstance(seat, bool)
                or not 0 <= seat < len(state["names"])):
            raise Rejected(f"There is no seat {seat!r} at this table.")
        return seat

    def apply(self, state: RunnersState, seat: int, action: Move,
              rng: random.Random) -> list[Event]:
        """Every move is tried on a copy and kept only if it passes every rule, so a
        rejected move leaves the match exactly as it was."""
        seat = self._seat(state, seat)
        action = self.action_from_json(action)
        if state["phase"] == OVER:
            raise Rejected("The mission is over.")
        trial = tree_copy(state)
        if seat == GM_SEAT:
            events = gm_moves.perform(trial, action, rng)
        else:
            events = runner_moves.perform(trial, seat, action, rng)
            if action.get("do") != "notes":
                trial["undo"] = None
        st.replace(state, trial)
        return events

    def timeout(self, state: RunnersState, rng: random.Random) -> list[Event]:
        """The turn's real seconds ran out: a runner's turn ends, unspent seconds are
        wasted; on an NPC's turn, every NPC holds until the next runner (one clock ran
        for the whole stretch)."""
        if state["phase"] != MISSION:
            raise Rejected("No turn is running, so there is no clock to run out."
                           if state["phase"] in (PREP, TIES) else "The mission is over.")
        ref = turn_now(state)["ref"]
        audience: Audience = GM_ONLY if st.hidden(state, ref) else "all"
        events = [Event("timeout", {"ref": ref}, audience)]
        if st.seat_of(ref) is None:
            turns.pass_npcs(state, events, "time")
        else:
            turns.end(state, events, "time")
        return events

    # -- who is asked ---------------------------------------------------------------------

    def press(self, state: RunnersState | None,
              options: Mapping[str, OptionValue]) -> PressRule:
        """Runners "tell the GM" what they do (Rules for Runners, Checks, Readied actions):
        the GM whispers with each runner, and everyone talks at the whole table; runners
        do not whisper with each other (docs/rules/runners.md, "Press")."""
        return WHISPERS

    def prompts(self, state: RunnersState) -> dict[int, Prompt]:
        phase = state["phase"]
        options = state["options"]
        if phase == OVER:
            return {}
        if phase == PREP:
            result = {GM_SEAT: Prompt("prep", "Prepare the mission: NPCs (hidden or not), "
                                      "the map, then start it.")}
            for s in state["characters"]:
                result[int(s)] = Prompt("character", "Build your character (or keep the "
                                        "one you have) while the GM prepares the mission.")
            return result
        if phase == TIES:
            return {GM_SEAT: Prompt("ties", "Tied runners play rock-paper-scissors: record "
                                    "the order, or let the server play it.")}
        turn = turn_now(state)
        ref = turn["ref"]
        npc_turn = not ref.startswith("s")
        result = {GM_SEAT: Prompt(
            "npc_turn" if npc_turn else "gm", asks.gm_prompt_text(state, npc_turn),
            time_limit=(options["npc_turn_seconds"] or None) if npc_turn else None,
            data={"turn": state["turns"], "waiting": asks.seats_waiting(state)})}
        for s, character in state["characters"].items():
            seat = int(s)
            if character["dead"]:
                continue
            if ref == f"s{seat}":
                result[seat] = Prompt(
                    "turn", f"Your turn: {options['game_seconds']} game seconds to spend in "
                    f"{options['turn_seconds']} real seconds.",
                    time_limit=options["turn_seconds"], data={"round": turn["round"]},
                    waiting=asks.holds_clock(state, seat))
            else:
                result[seat] = Prompt("free", "Free actions at any time; answer the GM's "
                                      "checks.")
        return result

    def phase_key(self, state: RunnersState) -> str:
        if state["phase"] == MISSION:
            return f"turn {state.get('stretch', state['turns'])}"
        return state["phase"]

    def phase_label(self, state: RunnersState) -> str:
        turn = state["turn"]
        if state["phase"] == MISSION and turn:
            return f"round {turn['round']}"
        return {PREP: "the mission's preparation", TIES: "the initiative ties",
                OVER: "the end of the mission"}.get(state["phase"], state["phase"])

    def legal_actions(self, state: RunnersState, seat: int) -> list[Move]:
        if state["phase"] == OVER or seat not in self.prompts(state):
            return []
        return legal.legal(state, seat)

    # -- reading --------------------------------------------------------------------------

    def view(self, state: RunnersState, viewer: Viewer) -> RunnersView:
        if not isinstance(viewer, str):
            self._seat(state, viewer)
        return views.view(state, viewer)

    def outcome(self, state: RunnersState) -> Outcome | None:
        """Survivors first, then the fallen; the GM, who does not play to win, is not ranked.
        The runners are called by their characters' names, as everywhere in the game."""
        if state["phase"] != OVER:
            return None
        alive = tuple(st.alive_runners(state))
        dead = tuple(int(s) for s, c in state["characters"].items() if c["dead"])
        ranking = tuple(g for g in (alive, dead) if g)
        scores: dict[int, float] = {}
        for s, c in state["characters"].items():
            scores[int(s)] = float(c["hp"]) if not c["dead"] else -1.0
        called = {int(s): c["name"] for s, c in state["characters"].items()}
        said: dict[str | None, str] = {
            "success": "Mission accomplished", "failure": "The mission failed",
            "time": "The mission's time is up"}
        words = said[state["result"]]
        names = [state["characters"][str(s)]["name"] for s in alive]
        return Outcome(ranking, scores, f"{words}: " + (
            f"{', '.join(names)} made it out." if names else "no runner survived."),
            names=called)

    def parse(self, state: RunnersState, seat: int, text_: str) -> Move:
        return text.parse(state, self._seat(state, seat), text_)

    def action_to_json(self, action: Move) -> Move:
        return self.action_from_json(action)

    def action_from_json(self, data: JSON) -> Move:
        if not isinstance(data, Mapping) or not isinstance(data.get("do"), str):
            raise Rejected("A move is an object with a \"do\", e.g. {\"do\": \"sneak\"}.")
        if len(data) > ACTION_KEYS:
            raise Rejected("That move has too many parts.")
        return tree_copy(dict(data))

    def action_labels(self, action: Move) -> list[str]:
        """The move, and which common action (`act attack`), for the simulator's table."""
        if action.get("do") == "act" and isinstance(action.get("what"), str):
            return [f"act {action['what'][:12]}"]
        return [str(action.get("do"))]

    def reveal_sections(self, start: RunnersState,
                        end: RunnersState) -> list[tuple[str, str]]:
        """Who played whom (the events name the characters), then the GM's view."""
        names = end["names"]
        lines = [f"{names[self.referee_seat or 0]} was the gamemaster."]
        lines += [f"{names[int(seat)]} played {character['name']}."
                  for seat, character in sorted(end["characters"].items(),
                                                key=lambda item: int(item[0]))
                  if int(seat) < len(names)]
        return [("Who played whom", "\n".join(lines) + "\n"),
                *super().reveal_sections(start, end)]

    def describe(self, event: Event, state: RunnersState) -> str:
        return text.describe(event, state)

    def render(self, view: RunnersView, ends_at: str | None = None) -> str:
        return text.render(view, ends_at)

    def media(self, state: RunnersState, viewer: Viewer, media_id: str) -> JSON | None:
        return hacking.media(state, viewer, media_id)

    def notation_help(self, state: RunnersState) -> str:
        return text.__doc__ or ""

    def picture(self, name: str) -> str | None:
        """The How to play picture: the built-in floor with a door and tokens."""
        return pictures.floor() if name == "map" else None

    def bots(self) -> dict[str, type]:
        from hacktable.games.runners.bots import BOTS

        return BOTS

    # -- checks for tests -------------------------------------------------------------------

    def check_invariants(self, state: RunnersState) -> None:
        """HP within bounds, the order holds each living combatant in the area once, a
        runner's turn never has negative seconds and an NPC's turn has none at all."""
        refs = [e["ref"] for e in state["order"]]
        assert len(refs) == len(set(refs)), "a combatant is twice in the order"
        for c in [*state["characters"].values(), *state["npcs"]]:
            assert 0 <= c["hp"] <= c["max_hp"], f"{c['name']}'s HP left its bounds"
        turn = state["turn"]
        if state["phase"] == MISSION:
            assert turn is not None
            if turn["ref"].startswith("s"):
                seconds = turn["seconds"]
                assert seconds is not None and 0 <= seconds <= state["options"]["game_seconds"]
            else:
                assert turn["seconds"] is None, "an NPC's turn has no seconds budget"
            assert state["order"][turn["index"]]["ref"] == turn["ref"]
        inits = [e["init"] for e in state["order"]]
        assert inits == sorted(inits, reverse=True), "the order is not highest first"

    def redeal(self, state: RunnersState, seat: int, rng: random.Random) -> RunnersState:
        """Change what runners may not know: hidden NPCs' names, HP, stats and tokens, how
        many there are, the hits any NPC took while hidden, every DC, and the GM-only rolls
        and how many there were. The GM (seat 0) knows everything: nothing moves."""
        new = tree_copy(state)
        if seat == GM_SEAT:
            return new
        self._more_in_the_shadows(new, rng)
        for n in new["npcs"]:
            n["hits"] = n.get("seen_hits", 0) + rng.randrange(3)  # hits taken unseen
            if n["hidden"]:
                n["name"] = f"Shadow {rng.randrange(1000)}"
                n["max_hp"] = n["max_hp"] + rng.randrange(3)
                n["hp"] = rng.randrange(n["max_hp"] + 1)
                n["stats"] = {k: rng.randrange(1, 7) for k in n["stats"]}
                n["notes"] = "redealt"
                if new["map"] is not None:
                    from hacktable.games.runners.maps import starts

                    n["pos"] = rng.choice(starts(new["map"]))
        for called in new["called"].values():
            called["dc"] = rng.randrange(5, 25)
        for roll in new["rolls"]:
            if roll["dc"] is not None:
                roll["dc"] = rng.randrange(5, 25)
            if roll["npc"] is not None or roll["visibility"] == "blind":
                roll["dice"] = [rng.randint(1, 6) for _ in roll["dice"]]
                if roll["total"] is not None:
                    roll["total"] = rng.randrange(3, 30)
        return new

    @staticmethod
    def _more_in_the_shadows(state: RunnersState, rng: random.Random) -> None:
        """A few more hidden NPCs (last in the order, so no turn moves) and secret rolls
        than there really are: a runner must not be able to count either."""
        if state["phase"] == st.OVER:
            return
        for _ in range(rng.randrange(3)):
            taken = {n["id"] for n in state["npcs"]}
            ref = next(r for r in (f"n{rng.getrandbits(24):06x}" for _ in range(99))
                       if r not in taken)
            init = min((e["init"] for e in state["order"]), default=rng.randrange(1, 20))
            state["npcs"].append({
                "id": ref, "name": f"Shade {rng.randrange(1000)}", "init": init,
                "hidden": True, "hp": 3, "max_hp": 3, "hits": 0, "seen_hits": 0,
                "stats": {k: rng.randrange(1, 7) for k in ("str", "dex", "int", "cha")},
                "dead": False, "pos": None, "conditions": [], "notes": "redealt"})
            if state["phase"] in (MISSION, TIES) and state["order"]:
                state["order"].append({"ref": ref, "init": init, "dice": []})
            state["rolls"].append({
                "id": len(state["rolls"]) + 1, "kind": "check", "seat": None, "npc": ref,
                "stat": "int", "dice": [rng.randint(1, 6) for _ in range(3)], "dropped": [],
                "modifier": 0, "passive": False, "fail": False, "disadvantage": False,
                "total": rng.randrange(3, 25), "dc": rng.randrange(5, 25), "passed": None,
                "visibility": "blind", "note": "", "round": round_now(state)})

    def hidden_moves(self, state: RunnersState, seat: int, rng: random.Random
                     ) -> list[tuple[int, Move]]:
        """What the GM can do that a runner must never notice, nor count: add a hidden
        guard, and strike one that is already there ("the players never learn of" them,
        Rules for Runners, Structure of a Mission)."""
        if seat == GM_SEAT or state["phase"] not in (PREP, MISSION):
            return []
        moves: list[tuple[int, Move]] = []
        if state["phase"] == MISSION and self._hidden_turn_follows(state):
            moves.append((GM_SEAT, {"do": "end_turn"}))  # one hidden turn to the next
        moves.append((GM_SEAT, {
            "do": "npc", "name": f"Shade {rng.randrange(1000)}", "init": rng.randrange(1, 20),
            "hidden": True}))
        lurking = [n for n in state["npcs"] if n["hidden"] and not n["dead"]]
        if lurking and state["phase"] == MISSION:
            moves.append((GM_SEAT, {"do": "attack", "target": lurking[0]["id"]}))
        return moves

    @staticmethod
    def _hidden_turn_follows(state: RunnersState) -> bool:
        """Whether the turn now is a hidden NPC's and the next, in the same round, is too:
        passing from one to the other must tell the runners nothing."""
        turn = turn_now(state)
        if not st.hidden(state, turn["ref"]):
            return False
        for entry in state["order"][turn["index"] + 1:]:
            if not st.combatant(state, entry["ref"])["dead"]:
                return st.hidden(state, entry["ref"])
        return False


GAME = Runners()
