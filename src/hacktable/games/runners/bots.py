"""Bots for both chairs, deciding from their own seat's view only.

The same bot sits in the GM's chair or a runner's: it reads `view["gm"]`.

- As GM it prepares a mission in the seed's image (two hidden guards and a visible
  receptionist), records ties, answers every request first (a DC between 10 and 15 for
  checks and common actions, the stat alone for a check kept for later, 1 second for
  custom and readied actions), now and then tells the runner whose turn it is to roll for
  Dexterity (a check that costs their seconds), has a guard ask a question or a runner
  make a check to keep, hands a hacking task to a runner standing at a terminal, fires a
  readied action now and then on an NPC's turn, has hidden guards look for sneaking
  runners, lets the NPCs hold, and ends the mission after `rounds` rounds.
- As a runner it spends its seconds: `sneaky` starts sneaking and creeps, `bold` runs
  and attacks, both try the common actions (attack, unlock, hack, search), keep a check
  for later now and then and answer the GM's call with it, ready actions, and accept the
  GM's prices when they can pay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from hacktable.engine.contract import BaseBot, Prompt

View = Mapping[str, Any]
Action = dict[str, Any]


class TableBot(BaseBot):
    """A fair GM and a plain runner; subclasses change the runner's taste."""

    personality = "plain"
    wants_legal: ClassVar[bool] = True
    sneaky: ClassVar[float] = 0.3
    fierce: ClassVar[float] = 0.4
    rounds: ClassVar[int] = 3

    def act(self, view: View, prompt: Prompt, legal: Sequence[Action] | None,
            rng: random.Random) -> Action | None:
        if view.get("gm"):
            return self.gm(view, prompt, legal or [], rng)
        return self.runner(view, prompt, legal or [], rng)

    # -- the GM's chair ---------------------------------------------------------------------

    def gm(self, view: View, prompt: Prompt, legal: Sequence[Action],
           rng: random.Random) -> Action | None:
        if view["phase"] == "prep":
            names = [n["name"] for n in view["npcs"]]
            for name, init, hidden in (("Guard #1", 10, True), ("Guard #2", 15, True),
                                       ("Receptionist", 8, False)):
                if name not in names:
                    return {"do": "npc", "name": name, "init": init, "hidden": hidden}
            return {"do": "start"}
        if view["phase"] == "ties":
            refs = [t["ref"] for t in view["ties"][0]]
            rng.shuffle(refs)
            return {"do": "tie", "order": refs}
        if view["phase"] != "mission":
            return None
        turn = view["turn"]
        if turn["round"] > self.rounds:
            return {"do": "end_mission", "result": "success"}
        for seat, request in sorted(view["requests"].items()):
            if request["kind"] == "check":
                return self._rule(int(seat), request, rng)
            if request.get("price") is None:
                seconds = 0 if request["kind"] == "free" else 1
                return {"do": "price", "seat": int(seat), "seconds": seconds}
        if turn["seat"] is None:
            return self._npc_turn(view, rng)
        return self._call(view, rng)

    @staticmethod
    def _rule(seat: int, request: Mapping[str, Any], rng: random.Random) -> Action:
        """A DC for what a runner asked (the action's own stat), or the stat to keep."""
        if request.get("keep"):
            return {"do": "check", "seat": seat, "stat": rng.choice(["dex", "int", "cha"])}
        if request.get("stat"):
            return {"do": "check", "seat": seat, "dc": rng.randint(10, 15)}
        stat = "dex" if "lock" in request.get("note", "") else rng.choice(["dex", "int", "cha"])
        return {"do": "check", "seat": seat, "stat": stat, "dc": rng.randint(10, 15)}

    def _call(self, view: View, rng: random.Random) -> Action | None:
        """On a runner's turn, now and then: "The GM tells Mica to roll for Dexterity" (a
        check that costs her seconds)."""
        seat = view["turn"]["seat"]
        options = view["options"]
        cheapest = min(options["check_seconds"], options["careful_seconds"],
                       options["hasty_seconds"])
        if (str(seat) not in view["called"] and (view["turn"]["seconds"] or 0) >= cheapest
                and rng.random() < 0.2):
            return {"do": "check", "seat": seat, "stat": "dex", "dc": rng.randint(10, 15),
                    "note": "roll for Dexterity"}
        return None

    def _npc_turn(self, view: View, rng: random.Random) -> Action:
        npc = next((n for n in view["npcs"] if n["id"] == view["turn"]["ref"]), None)
        if npc is not None and not npc["dead"]:
            sneakers = [r for r in view["runners"] if r["sneaking"] and not r["dead"]]
            if sneakers and rng.random() < 0.5:
                return {"do": "find", "npc": npc["id"], "seat": rng.choice(sneakers)["seat"],
                        "passive": rng.random() < 0.5}
            on_terminal = [r for r in view["runners"] if r["pos"] and not r["dead"]
                           and view["map"] and view["map"][r["pos"][1]][r["pos"][0]] == "T"
                           and (view.get("tasks") or {}).get(str(r["seat"]), {}).get(
                               "solved", True) is not None]
            if on_terminal and rng.random() < 0.5:
                return {"do": "hack", "seat": on_terminal[0]["seat"],
                        "colour": rng.choice(["red", "green"]), "ring": 0}
            readied = sorted(view["readied"])
            if readied and rng.random() < 0.5:
                return {"do": "fire", "seat": int(readied[0])}
            visible = [r for r in view["runners"] if not r["dead"] and not r["sneaking"]
                       and not r["outside"]]
            free = [r for r in visible if str(r["seat"]) not in view["called"]]
            if free and rng.random() < 0.2:
                target = rng.choice(free)
                if rng.random() < 0.5:  # "a guard might ask you a question on her turn"
                    return {"do": "check", "seat": target["seat"], "stat": "cha",
                            "dc": rng.randint(10, 15), "note": "who are you?"}
                return {"do": "check", "seat": target["seat"], "stat": "int", "keep": True,
                        "note": "remember the patrol"}
            if visible and rng.random() < 0.15:
                target = rng.choice(visible)
                if target["hp"] > 1:
                    return {"do": "attack", "target": target["ref"]}
        return {"do": "hold"} if rng.random() < 0.5 else {"do": "end_turn"}

    @staticmethod
    def _hack(task: Mapping[str, Any]) -> str:
        """Read the task as a hacker would; a recording needs ears a bot lacks: guess a
        well-formed passcode (as many digits as the screen says), which the engine takes."""
        from hacktable.games.dotrun.tasks.generate import solve
        from hacktable.games.dotrun.tasks.model import Unsolvable

        try:
            return solve(task)
        except Unsolvable:
            return "0" * int(task.get("public", {}).get("digits") or 4)

    # -- a runner's chair -------------------------------------------------------------------

    def runner(self, view: View, prompt: Prompt, legal: Sequence[Action],
               rng: random.Random) -> Action | None:
        if view["phase"] != "mission" or not legal:
            return None
        by_verb: dict[str, list[Action]] = {}
        for move in legal:
            by_verb.setdefault(move["do"], []).append(move)
        if "roll" in by_verb:
            return self._answer(by_verb["roll"], rng)
        hack = (view.get("hack") or {}).get("task")
        if hack and "answer" in by_verb:
            return {"do": "answer", "answer": self._hack(hack)}
        if "enter" in by_verb and rng.random() < 0.5:
            return by_verb["enter"][0]
        if prompt.kind != "turn":
            return None
        if "accept" in by_verb:
            return by_verb["accept"][0]
        if "decline" in by_verb:
            return by_verb["decline"][0]
        request = view.get("request")
        if request is not None:
            return None  # waiting for the GM's answer
        seconds = view["turn"]["seconds"] or 0
        choice = rng.random()
        if "sneak" in by_verb and choice < self.sneaky:
            return by_verb["sneak"][0]
        attacks = [m for m in by_verb.get("act", []) if m["what"] == "attack"
                   and str(m.get("target", "")).startswith("n")]
        if attacks and choice < self.fierce:
            return rng.choice(attacks)
        if "move" in by_verb and choice < 0.55:
            return rng.choice(by_verb["move"])
        tries = [m for m in by_verb.get("act", []) if m["what"] != "attack"]
        tries += [m for m in by_verb.get("check", []) if rng.random() < 0.5]
        if tries and choice < 0.8:
            return rng.choice(tries)
        readies = by_verb.get("ready", [])
        if readies and seconds <= 2:
            return readies[0]
        return {"do": "end"}

    @staticmethod
    def _answer(rolls: Sequence[Action], rng: random.Random) -> Action:
        """Answer the GM's call: with a kept roll if there is one, else roll (taking care
        when the call costs seconds and they can be spared)."""
        kept = [m for m in rolls if m.get("kept")]
        if kept:
            return kept[0]
        efforts = [m for m in rolls if not m.get("kept")]
        return rng.choice(efforts)


class SneakyBot(TableBot):
    personality = "sneaky"
    sneaky: ClassVar[float] = 0.7
    fierce: ClassVar[float] = 0.75


class BoldBot(TableBot):
    personality = "bold"
    sneaky: ClassVar[float] = 0.0
    fierce: ClassVar[float] = 0.5
    rounds: ClassVar[int] = 2


BOTS: dict[str, type] = {bot.personality: bot for bot in (TableBot, SneakyBot, BoldBot)}
