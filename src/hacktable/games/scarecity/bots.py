"""Scare-City bots. Each decides from its seat's view and the public card catalogue, never
from the hidden state (it cannot know the next Impact Card, only how often each card is
named on the 30 Impact Cards, which the catalogue shows everyone).

- `random`: any legal move, uniformly (passing a little more often while claiming).
- `growth`: values a card by the $ and Bitizens on its blue side; ignores risk.
- `security`: also weighs how often a card is degraded and how often it protects, and
  restores degraded cards eagerly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from hacktable.engine.contract import BaseBot, Prompt
from hacktable.games.scarecity.actions import Move
from hacktable.games.scarecity.cards import BY_KEY, IMPACTS, Program, program

View = Mapping[str, Any]
DEGRADES = Counter(key for card in IMPACTS for key in card.degrade)
RESTORES = Counter(key for card in IMPACTS for key in card.restore)
PROTECTS = Counter(key for card in IMPACTS for key in card.protect)
DECK = len(IMPACTS)


class RandomBot(BaseBot):
    """Uniformly random legal moves: the baseline, and a fuzzer in disguise."""

    personality: ClassVar[str] = "random"
    wants_legal: ClassVar[bool] = True

    def act(self, view: View, prompt: Prompt, legal: Sequence[Move] | None,
            rng: random.Random) -> Move | None:
        if not legal:
            return None
        if prompt.kind == "claim" and rng.random() < 0.3:
            return Move("pass")
        choices = [m for m in legal if m.do != "cancel"] or list(legal)
        return choices[rng.randrange(len(choices))]


@dataclass(frozen=True)
class Taste:
    money: float
    """What $1 per round is worth against 1 Bitizen per round."""
    risk: float
    """How much the chance of being degraded counts (0: not at all)."""
    protect: float
    """How much the chance of protecting counts."""
    restore: float
    """How keen it is to restore a degraded card (0: only if clearly worth it)."""


class HeuristicBot(BaseBot):
    """Plans each round from its view: claims the best-valued cards it can afford, then
    restores, decommissions and buys; `taste` sets the personality."""

    personality: ClassVar[str] = "heuristic"
    wants_legal: ClassVar[bool] = False
    taste: ClassVar[Taste] = Taste(1.0, 0.5, 0.5, 0.5)

    def act(self, view: View, prompt: Prompt, legal: Sequence[Move] | None,
            rng: random.Random) -> Move | None:
        me = view["players"][view["seat"]]
        if prompt.kind == "claim":
            return self.claim(view, me)
        if prompt.kind == "city" and not prompt.submitted:
            return self.plan_move(view, me)
        return None

    # -- valuing cards ---------------------------------------------------------------------

    def horizon(self, view: View, me: Mapping[str, Any]) -> float:
        """Rounds the bot expects still to play: the Bitizens left over its recent pace."""
        history = view["history"]
        pace = 8.0
        if len(history) >= 2:
            pace = max(4.0, history[-1]["bitizens"][me["seat"]]
                       - history[max(0, len(history) - 4)]["bitizens"][me["seat"]]) / \
                min(3, len(history) - 1)
        left = view["options"]["target_bitizens"] - me["bitizens"]
        return max(1.0, min(12.0, left / max(pace, 4.0)))

    def per_round(self, card: Program, bonus: int) -> float:
        t = self.taste
        blue = t.money * card.money + card.bitizens
        risk = DEGRADES[card.key] / DECK * 2.5 * (blue + card.red)
        return blue - t.risk * risk + t.protect * PROTECTS[card.key] / DECK * bonus * 4

    def worth(self, view: View, me: Mapping[str, Any], card: Program) -> float:
        bonus = view["options"]["protection_bonus"]
        return self.horizon(view, me) * self.per_round(card, bonus) - card.cost

    # -- phase 1 ---------------------------------------------------------------------------

    def claim(self, view: View, me: Mapping[str, Any]) -> Move:
        seat = view["seat"]
        mine = [item for item in view["shop"] if seat in item["claims"]]
        budget = me["money"] - sum(program(item["id"]).cost for item in mine) - 1
        held = {c["key"] for c in me["city"]}
        free = self.free_slots(view, me)
        for item in mine:
            free[program(item["id"]).district] -= 1
        best, best_value = None, 0.0
        for item in view["shop"]:
            card = program(item["id"])
            if item["claims"] and not view["options"]["shared_claims"]:
                continue
            if seat in item["claims"] or card.key in held or card.cost > budget:
                continue
            if free[card.district] <= 0 and not self.replaceable(view, me, card):
                continue
            value = self.worth(view, me, card)
            if value > best_value:
                best, best_value = item["id"], value
        if best is None or me["tokens"] <= 0:
            return Move("pass")
        return Move("claim", best)

    def free_slots(self, view: View, me: Mapping[str, Any]) -> dict[str, int]:
        slots = view["options"]["district_slots"]
        free = {d: slots for d in ("cpu", "network", "user", "memory")}
        for c in me["city"]:
            free[program(c["id"]).district] -= 1
        return free

    def replaceable(self, view: View, me: Mapping[str, Any], card: Program) -> bool:
        """A full district still takes `card` if its weakest card is worth much less."""
        weakest = self.weakest(view, me, card.district)
        return weakest is not None and self.keep_value(view, me, weakest) + 5 < \
            self.worth(view, me, card) + card.cost

    def keep_value(self, view: View, me: Mapping[str, Any], slot: Mapping[str, Any]) -> float:
        card = program(slot["id"])
        h = self.horizon(view, me)
        if slot["degraded"]:
            return -h * card.red
        return h * self.per_round(card, view["options"]["protection_bonus"])

    def weakest(self, view: View, me: Mapping[str, Any], district: str,
                avoid: int | None = None) -> Mapping[str, Any] | None:
        cards = [c for c in me["city"]
                 if program(c["id"]).district == district and c["id"] != avoid]
        return min(cards, key=lambda c: self.keep_value(view, me, c), default=None)

    # -- phases 2–3 ------------------------------------------------------------------------

    def desired(self, view: View, me: Mapping[str, Any]) -> list[Move]:
        """The whole plan for this round, worked out from the seat's $ and city."""
        options = view["options"]
        money = me["money"]
        h = self.horizon(view, me)
        plan: list[Move] = []
        income = sum(program(c["id"]).money for c in me["city"] if not c["degraded"])
        degraded = [c for c in me["city"] if c["degraded"]]
        restored = None
        # restore the degraded card whose comeback is worth most
        choices = []
        for c in degraded:
            card = program(c["id"])
            gain = h * (card.bitizens + card.red + self.taste.money * card.money)
            gain *= 1 + self.taste.restore
            if card.cost < money - 1 and gain > card.cost:
                choices.append((gain - card.cost, c["id"]))
        if choices and options["restores_per_round"] > 0:
            restored = max(choices)[1]
            plan.append(Move("restore", restored))
            money -= program(restored).cost
            income += program(restored).money
        # decommission a degraded card that costs more than it is worth to keep
        removed = None
        rest = [c for c in degraded if c["id"] != restored]
        if rest and options["decommissions_per_round"] > 0:
            worst = max(rest, key=lambda c: program(c["id"]).red)
            if h * program(worst["id"]).red > options["decommission_cost"] * 2 and \
                    money - options["decommission_cost"] > 1:
                removed = worst["id"]
                money -= options["decommission_cost"]
        # buy claimed cards, best first, keeping $ above zero after the execution
        seat = view["seat"]
        free = self.free_slots(view, me)
        held = {c["key"] for c in me["city"]}
        claimed = sorted((item["id"] for item in view["shop"] if seat in item["claims"]),
                         key=lambda n: -self.worth(view, me, program(n)))
        for number in claimed:
            card = program(number)
            if card.key in held or self.worth(view, me, card) <= 0:
                continue
            fee = 0
            if free[card.district] <= 0:
                weakest = self.weakest(view, me, card.district, avoid=restored)
                if removed is not None or weakest is None or options[
                        "decommissions_per_round"] <= 0 or not self.replaceable(view, me, card):
                    continue
                removed = weakest["id"]
                fee = options["decommission_cost"]
                free[card.district] += 1
            if money - card.cost - fee < 0 or money - card.cost - fee + income + card.money <= 1:
                if fee:
                    removed = None
                    free[card.district] -= 1
                continue
            plan.append(Move("buy", number))
            money -= card.cost + fee
            income += card.money
            free[card.district] -= 1
            held.add(card.key)
        if removed is not None:
            plan.insert(0, Move("decommission", removed))
        return plan

    def plan_move(self, view: View, me: Mapping[str, Any]) -> Move:
        current = view["plan"]
        have = [Move("restore", c) for c in current["restore"]] + \
            [Move("decommission", c) for c in current["decommission"]] + \
            [Move("buy", c) for c in current["buy"]]
        wanted = self.desired(view, me)
        if any(move not in wanted for move in have):
            return Move("cancel")
        for move in wanted:
            if move not in have:
                return move
        return Move("done")


class GrowthBot(HeuristicBot):
    """Buys the biggest blue numbers and lets risk take care of itself."""

    personality: ClassVar[str] = "growth"
    taste: ClassVar[Taste] = Taste(1.0, 0.0, 0.0, 0.0)


class SecurityBot(HeuristicBot):
    """Weighs each card's exposure to threats and its protections; restores eagerly."""

    personality: ClassVar[str] = "security"
    taste: ClassVar[Taste] = Taste(0.9, 1.0, 1.0, 1.0)


BOTS: dict[str, type] = {bot.personality: bot for bot in (RandomBot, GrowthBot, SecurityBot)}
assert set(BY_KEY) >= set(DEGRADES) | set(PROTECTS) | set(RESTORES)
