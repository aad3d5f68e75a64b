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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from hacktable.engine.contract import BaseBot, Prompt
from hacktable.games.scarecity.actions import Move
from hacktable.games.scarecity.cards import BY_KEY, IMPACTS, Program, program
from hacktable.games.scarecity.views import PlayerView, ScarecityView, SlotView

View = ScarecityView
DEGRADES = Counter(key for card in IMPACTS for key in card.degrade)
RESTORES = Counter(key for card in IMPACTS for key in card.restore)
PROTECTS = Counter(key for card in IMPACTS for key in card.protect)
DECK = len(IMPACTS)
MONEY_ROUNDS = 6
"""With this many rounds or more still to play, $1 counts as much as 1 Bitizen; fewer, less."""


class RandomBot(BaseBot):
    """Uniformly random legal moves: the baseline, and a fuzzer in disguise."""

    personality = "random"
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

    personality = "heuristic"
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

    def horizon(self, view: View, me: PlayerView) -> float:
        """Rounds the bot expects still to play: the Bitizens left over its recent pace."""
        history = view["history"]
        pace = 8.0
        if len(history) >= 2:
            pace = max(4.0, history[-1]["bitizens"][me["seat"]]
                       - history[max(0, len(history) - 4)]["bitizens"][me["seat"]]) / \
                min(3, len(history) - 1)
        left = view["options"]["target_bitizens"] - me["bitizens"]
        return max(1.0, min(12.0, left / max(pace, 4.0)))

    def money_weight(self, view: View, me: PlayerView) -> float:
        """What $1 is worth now, against 1 Bitizen: $ only buy Bitizens later, so with
        few rounds left a $ kept is worth little and a bot spends rather than hoards (a
        reserve pays only while there is time to use it)."""
        return min(1.0, max(0.0, (self.horizon(view, me) - 1) / MONEY_ROUNDS))

    def per_round(self, card: Program, bonus: int, weight: float = 1.0,
                  threats: float | None = None, shield: float = 0.0) -> float:
        """Expected worth per round: the blue side, less the risk of being degraded by one
        of `threats` Impact Cards (default: all that list it), plus the protections' +1
        and `shield`, the degrades this card would spare the city's other cards."""
        t = self.taste
        blue = t.money * card.money * weight + card.bitizens
        threats = DEGRADES[card.key] if threats is None else threats
        risk = threats / DECK * 2.5 * (blue + card.red)
        return (blue - t.risk * risk + t.protect * PROTECTS[card.key] / DECK * bonus * 4
                + t.risk * shield)

    def in_city(self, view: View, me: PlayerView, card: Program,
                weight: float) -> tuple[float | None, float]:
        """With `impact_reading` = lessons a held protection spares the whole city: the
        Impact Cards still able to degrade `card` here, and what `card` (a control) would
        spare the city's services. With the seed's reading, (None, 0): no city effect."""
        if view["options"].get("impact_reading", "lessons") != "lessons":
            return None, 0.0
        guards = {c["key"] for c in me["city"] if not c["degraded"]} - {card.key}
        covered = [i for i in IMPACTS if guards & set(i.protect)]
        threats = sum(1 for i in IMPACTS if card.key in i.degrade and i not in covered)
        shield = 0.0
        for i in IMPACTS:
            if card.key in i.protect and i not in covered:
                for c in me["city"]:
                    other = program(c["id"])
                    if other.key in i.degrade and not c["degraded"]:
                        blue = self.taste.money * other.money * weight + other.bitizens
                        shield += 2.5 * (blue + other.red) / DECK
        return threats, shield

    def gross(self, view: View, me: PlayerView, card: Program) -> float:
        """What owning `card` for the rest of the game brings, before paying for it."""
        weight = self.money_weight(view, me)
        threats, shield = self.in_city(view, me, card, weight)
        return self.horizon(view, me) * self.per_round(
            card, view["options"]["protection_bonus"], weight, threats, shield)

    def worth(self, view: View, me: PlayerView, card: Program) -> float:
        return self.gross(view, me, card) - card.cost * self.money_weight(view, me)

    # -- phase 1 ---------------------------------------------------------------------------

    def claim(self, view: View, me: PlayerView) -> Move:
        """Claim the best-valued shop card that this round's plan would really buy, with
        the cards already claimed: a token never blocks a card the bot will leave."""
        seat = view["seat"]
        if me["tokens"] <= 0:
            return Move("pass")
        held = {c["key"] for c in me["city"]}
        ranked = sorted(
            (item for item in view["shop"]
             if not (item["claims"] and not view["options"]["shared_claims"])
             and seat not in item["claims"] and program(item["id"]).key not in held
             and program(item["id"]).cost <= me["money"]),
            key=lambda item: -self.worth(view, me, program(item["id"])))
        for item in ranked:
            if self.worth(view, me, program(item["id"])) <= 0:
                break
            mine = [i["id"] for i in view["shop"] if seat in i["claims"]] + [item["id"]]
            buys = {m.card for m in self.desired(view, me, claimed=mine) if m.do == "buy"}
            if set(mine) <= buys:
                return Move("claim", item["id"])
        return Move("pass")

    def floor(self, view: View, income: int) -> int:
        """The fewest $ a plan may leave: never out of the game, and no reserve beyond
        that (restoring is paid from next round's income). Spending to the seed's "$0 or
        less" puts a player out at once; with `out_check` = round_end the execution pays
        first."""
        options = view["options"]
        if options["out_money"] < 0:
            return 0
        if options.get("out_check", "spend") == "spend":
            return options["out_money"] + 1
        return max(0, options["out_money"] + 1 - income)

    def free_slots(self, view: View, me: PlayerView) -> dict[str, int]:
        slots = view["options"]["district_slots"]
        free = {d: slots for d in ("cpu", "network", "user", "memory")}
        for c in me["city"]:
            free[program(c["id"]).district] -= 1
        return free

    def replaceable(self, view: View, me: PlayerView, card: Program) -> bool:
        """A full district still takes `card` if its weakest card is worth much less."""
        weakest = self.weakest(view, me, card.district)
        fee = view["options"]["decommission_cost"] * self.money_weight(view, me)
        return weakest is not None and self.keep_value(view, me, weakest) + fee < \
            self.gross(view, me, card)

    def keep_value(self, view: View, me: PlayerView, slot: SlotView) -> float:
        card = program(slot["id"])
        h = self.horizon(view, me)
        if slot["degraded"]:
            return -h * card.red
        weight = self.money_weight(view, me)
        threats, shield = self.in_city(view, me, card, weight)
        return h * self.per_round(card, view["options"]["protection_bonus"], weight,
                                  threats, shield)

    def weakest(self, view: View, me: PlayerView, district: str,
                avoid: int | None = None) -> SlotView | None:
        cards = [c for c in me["city"]
                 if program(c["id"]).district == district and c["id"] != avoid]
        return min(cards, key=lambda c: self.keep_value(view, me, c), default=None)

    # -- phases 2–3 ------------------------------------------------------------------------

    def desired(self, view: View, me: PlayerView,
                claimed: list[int] | None = None) -> list[Move]:
        """The whole plan for this round, worked out from the seat's $ and city; `claimed`
        (default: the shop cards it holds a token on) are the cards it may buy."""
        options = view["options"]
        money = me["money"]
        h = self.horizon(view, me)
        weight = self.money_weight(view, me)
        plan: list[Move] = []
        income = sum(program(c["id"]).money for c in me["city"] if not c["degraded"])
        degraded = [c for c in me["city"] if c["degraded"]]
        restored = None
        # restore the degraded card whose comeback is worth most
        choices = []
        for c in degraded:
            card = program(c["id"])
            gain = h * (card.bitizens + card.red + self.taste.money * card.money * weight)
            gain *= 1 + self.taste.restore
            after = income + card.money
            if money - card.cost >= self.floor(view, after) and gain > card.cost * weight:
                choices.append((gain - card.cost * weight, c["id"]))
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
            if h * program(worst["id"]).red > options["decommission_cost"] * 2 * weight and \
                    money - options["decommission_cost"] >= self.floor(view, income):
                removed = worst["id"]
                money -= options["decommission_cost"]
        # buy claimed cards, best first, down to the floor and no further
        seat = view["seat"]
        free = self.free_slots(view, me)
        held = {c["key"] for c in me["city"]}
        if claimed is None:
            claimed = [item["id"] for item in view["shop"] if seat in item["claims"]]
        for number in sorted(claimed, key=lambda n: -self.worth(view, me, program(n))):
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
            if money - card.cost - fee < self.floor(view, income + card.money):
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

    def plan_move(self, view: View, me: PlayerView) -> Move:
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

    personality = "growth"
    taste: ClassVar[Taste] = Taste(1.0, 0.0, 0.0, 0.0)


class SecurityBot(HeuristicBot):
    """Weighs each card's exposure to threats and its protections; restores eagerly."""

    personality = "security"
    taste: ClassVar[Taste] = Taste(0.9, 1.0, 1.0, 1.0)


BOTS: dict[str, type] = {bot.personality: bot for bot in (RandomBot, GrowthBot, SecurityBot)}
assert set(BY_KEY) >= set(DEGRADES) | set(PROTECTS) | set(RESTORES)
