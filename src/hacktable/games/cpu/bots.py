"""CPU bots. Each decides from its seat's view and the legal moves listed for that seat
(which depend only on what the seat may know), never from the hidden state.

- `random`: any legal move, uniformly.
- `aggressive`, `turtle`, `hoarder`: score every legal move with the same heuristic and
  different weights, and play the best (ties broken at random). The aggressive bot attacks
  and DDoSes; the turtle builds firewalls and daemons and shuts down for Option ROMs; the
  hoarder downloads and builds big binaries before striking.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from hacktable.engine.contract import BaseBot, Prompt
from hacktable.games.cpu.actions import Move
from hacktable.games.cpu.views import CpuView, ItemView

View = CpuView
ROM_TASTE = {"in_the_cloud": 5, "ddr4": 3, "dual_channel": 3, "jit_compiler": 2,
             "jam_it_in": 1}


class RandomBot(BaseBot):
    """Uniformly random legal moves: the baseline, and a fuzzer in disguise."""

    personality = "random"
    wants_legal: ClassVar[bool] = True

    def act(self, view: View, prompt: Prompt, legal: Sequence[Move] | None,
            rng: random.Random) -> Move | None:
        if not legal:
            return None
        if prompt.kind == "any_time" and rng.random() < 0.8:
            return None
        return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class Taste:
    attack: float
    defence: float
    reaction: float
    daemon: float
    ddos: float
    shutdown: float
    download: float


class HeuristicBot(BaseBot):
    """Scores each legal move from the seat's view; `taste` sets the personality."""

    personality = "heuristic"
    wants_legal: ClassVar[bool] = True
    taste: ClassVar[Taste] = Taste(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)

    def act(self, view: View, prompt: Prompt, legal: Sequence[Move] | None,
            rng: random.Random) -> Move | None:
        if not legal:
            return None
        scored = [(self.score(view, move), rng.random(), index)
                  for index, move in enumerate(legal)]
        best, _, index = max(scored)
        if prompt.kind == "any_time" and best <= 0:
            return None
        return legal[index]

    # -- scoring ---------------------------------------------------------------------------

    def score(self, view: View, move: Move) -> float:
        t = self.taste
        me = view["machines"][view["seat"]]
        turn = view["turn"]
        free = turn["free"]
        hand = {item["id"]: item for item in view["hand"]}
        memory = {item["id"]: item for item in me["memory"]}
        verb = move.do
        if verb in ("nullify", "react"):
            return 10
        if verb in ("allow", "decline"):
            return 0
        if verb == "discard":
            item = hand[move.needs("item")]
            return -self.worth(item)
        if verb == "done":
            return 0
        if verb in ("restart", "stay"):
            return 1 if verb == "restart" else 0  # a machine that stays down cannot win
        if verb == "install":
            return ROM_TASTE.get(hand[move.needs("item")]["key"], 0)
        if verb == "uninstall":
            return -5
        if verb == "retake":
            return 5 + move.needs("n")
        if verb == "idle":
            return 0.1 if move.n == free else -1
        if verb == "download":
            return t.download * 2.2 if me["hand"] < me["cycles"] else 0.05
        if verb == "load":
            room = me["memory_slots"] - len(me["memory"])
            return sum(self.load_value(view, hand[n], memory) for n in move.cards) - (
                1 if room <= len(move.cards) else 0)
        if verb == "free":
            return -2
        if verb == "compile":
            libraries = [memory.get(n) or hand.get(n) for n in move.cards]
            return 3 + sum(self.lib_value(lib) for lib in libraries if lib)
        if verb in ("execute", "daemonise", "fire"):
            return self.run_value(view, move, memory[move.needs("item")])
        if verb == "shutdown":
            return self.shutdown_value(view)
        if verb == "play":
            return self.play_value(view, move, hand[move.needs("item")])
        return -1

    def worth(self, item: ItemView) -> float:
        if item["kind"] == "special":
            return 4
        if item["kind"] == "rom":
            return ROM_TASTE.get(item["key"], 0)
        return (item["attack"] * self.taste.attack + item["defence"] * self.taste.defence
                + item["reaction"] * self.taste.reaction + (3 if item["binary"] else 0))

    def lib_value(self, item: ItemView) -> float:
        t = self.taste
        return item["attack"] * t.attack + item["defence"] * t.defence + (
            item["reaction"] * t.reaction)

    def load_value(self, view: View, item: ItemView, memory: Mapping[int, ItemView]) -> float:
        if item["binary"]:
            return 4
        has_source = any(i["kind"] == "source" and not i["binary"] for i in memory.values())
        if item["kind"] == "source":
            return 1 if has_source else 3
        return 2.5 if has_source else 0.5

    def expected_take(self, view: View, target: int, value: int) -> tuple[int, int]:
        """Cycles the attack would take and daemons it would defeat, as far as the view
        shows (with the default overflow rule)."""
        m = view["machines"][target]
        daemons = [item for item in m["memory"] if item.get("daemon")]
        defeated = 0
        for item in daemons:
            if value <= 0:
                break
            if value >= item["defence"]:
                value -= item["defence"]
                defeated += 1
            else:
                value = 0
        return min(value, m["cycles"]), defeated

    def run_value(self, view: View, move: Move, item: ItemView) -> float:
        t = self.taste
        turn = view["turn"]
        cost = 0 if move.do == "fire" else len(item["cards"])
        score = -0.4 * cost - (1.5 if move.disassemble is not None else 0)
        if move.target is not None:
            value = item["attack"] * (view["options"]["meganet_factor"] if turn["doubled"] else 1)
            taken, defeated = self.expected_take(view, move.target, value)
            target = view["machines"][move.target]
            score += t.attack * (2 * taken + defeated) + (10 if taken >= target["cycles"] else 0)
            if taken == 0 and defeated == 0:
                score -= 2
        if move.do == "daemonise":
            score += t.daemon * (1.2 * item["defence"] + item["reaction"]) + 1
        if move.do == "fire":
            score += 5
        me = view["machines"][view["seat"]]
        if move.do == "execute" and len(me["memory"]) >= me["memory_slots"] - 1:
            score += 0.6  # memory is nearly full: run it and take it back into backing store
        return score

    def shutdown_value(self, view: View) -> float:
        me = view["machines"][view["seat"]]
        installed = {rom["key"] for rom in me["roms"]}
        wanted = [ROM_TASTE.get(i["key"], 0) for i in view["hand"]
                  if i["kind"] == "rom" and i["key"] not in installed]
        if not wanted or len(me["roms"]) >= me["rom_slots"] or me["cycles"] < 5:
            return -5
        return self.taste.shutdown * max(wanted) - len(me["daemons"])

    def play_value(self, view: View, move: Move, item: ItemView) -> float:
        t = self.taste
        me = view["machines"][view["seat"]]
        turn = view["turn"]
        key = item["key"]
        if key == "digital_economy_act":
            leader = max((m for m in view["machines"] if m["status"] != "out"
                          and m["seat"] != view["seat"]), key=lambda m: m["cycles"])
            return 3 if move.target == leader["seat"] and leader["cycles"] > me["cycles"] else -1
        if key == "computing_time":
            return -3
        if key == "rkhunter":
            gain = view["options"]["rkhunter_restore"] - me["cycles"]
            sources = [view["machines"][s]["cycles"] for s in me["attackers"]
                       if view["machines"][s]["status"] != "out"]
            return 8 if gain >= 4 and sum(sources) >= gain else -5
        if key == "meganet":
            strikes = [i for i in me["memory"] if not i.get("daemon") and i["attack"] >= 3
                       and (i["binary"]) and len(i["cards"]) + view["options"]["meganet_cycles"]
                       <= turn["free"]]
            return t.attack * 4 if strikes else -2
        if key == "ddos":
            left = turn["free"] - view["options"]["ddos_cycles"]
            target = view["machines"][move.needs("target")]
            shield = len(target["daemons"])
            return t.ddos * (left - shield) - (0 if target["cycles"] <= left - shield else 1)
        return -1


class AggressiveBot(HeuristicBot):
    personality = "aggressive"
    taste = Taste(attack=2.0, defence=0.4, reaction=0.6, daemon=0.5, ddos=1.2, shutdown=0.6,
                  download=1.0)


class TurtleBot(HeuristicBot):
    personality = "turtle"
    taste = Taste(attack=0.8, defence=1.6, reaction=1.4, daemon=1.6, ddos=0.4, shutdown=1.2,
                  download=1.0)


class HoarderBot(HeuristicBot):
    personality = "hoarder"
    taste = Taste(attack=1.2, defence=1.0, reaction=1.0, daemon=1.0, ddos=0.7, shutdown=0.9,
                  download=1.6)


BOTS: dict[str, type] = {bot.personality: bot
                         for bot in (RandomBot, AggressiveBot, TurtleBot, HoarderBot)}
