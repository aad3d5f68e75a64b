"""The game's own bots as the thinker's knowledge: what to consider and how others play.

A searching bot that plays every seat of a playout at random models its opponents as
random players, which a table of heuristic bots is not; and a search that spreads a small
budget over every listed move decides by the luck of a few playouts. Both are answered from
the game's own bots, which decide from a seat's view alone (docs/architecture.md, Bots), so
asking them about a *sampled* state reveals nothing a seat could not know:

- `proposals`: the moves the game's heuristic bots would make from this seat's view, the
  root candidates of a portfolio search (choose among the experts by simulation);
- `BotPolicy`: a playout policy that asks the strongest heuristic bot for every seat of a
  sampled state (optionally with a share of random legal moves).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from hacktable.engine.contract import Action, Prompt, State
from hacktable.engine.parts import AnyGame


def clocked(game: AnyGame, state: State) -> bool:
    """Whether the open phase has a clock that will run out: only then is letting the time
    pass a move (an untimed phase would wait for ever)."""
    return any(prompt.time_limit is not None for prompt in game.prompts(state).values())


def heuristic_classes(game: AnyGame | None) -> list[type]:
    """The game's own bots that are not random, the strongest first, then in the game's
    order (the game names its strongest, `strongest_bot`, where it is not the first)."""
    if game is None:
        return []
    bots = {name: cls for name, cls in game.bots().items() if "random" not in name}
    best = game.strongest_bot
    first = [bots.pop(best)] if best in bots else []
    return first + list(bots.values())


def ask(bot: Any, view: Any, prompt: Prompt, legal: Sequence[Action] | None,
        rng: random.Random, media: Callable[[str], Any] | None) -> Action | None:
    """One decision of a game bot, handed what a runner would hand it."""
    if bot.wants_media:
        bot.media = media
    return bot.act(view, prompt, legal if bot.wants_legal else None, rng)


def proposals(game: AnyGame, view: Any, prompt: Prompt, legal: Sequence[Action] | None,
              rng: random.Random, media: Callable[[str], Any] | None) -> list[Action | None]:
    """What each of the game's heuristic bots would play here, the strongest first (None:
    it would pass)."""
    return [ask(cls(), view, prompt, legal, random.Random(rng.random()), media)
            for cls in heuristic_classes(game)]


class BotPolicy:
    """Plays every seat of a sampled state as the game's strongest heuristic bot would (the
    model of the others, and of the searching seat after its first move), or a random legal
    move with probability `epsilon`. One bot object per seat for the whole playout, as
    bots may remember between calls."""

    def __init__(self, game: AnyGame, epsilon: float = 0.0) -> None:
        self.game = game
        self.epsilon = epsilon
        classes = heuristic_classes(game)
        self.model: type | None = classes[0] if classes else None
        self.bots: dict[int, Any] = {}

    def move(self, state: State, seat: int, prompt: Prompt,
             rng: random.Random) -> Action | None:
        """The seat's move in the playout; None lets a timed phase run out (where the bot
        would wait in a phase without a clock, a random legal move is made instead)."""
        game = self.game
        legal = None
        if self.model is not None and (self.epsilon <= 0 or rng.random() >= self.epsilon):
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = self.model()
            if bot.wants_legal:
                legal = game.legal_actions(state, seat)
            action = ask(bot, game.view(state, seat), prompt, legal, rng,
                         functools.partial(game.media, state, seat))
            if action is not None or clocked(game, state):
                return action
        legal = game.legal_actions(state, seat) if legal is None else legal
        return legal[rng.randrange(len(legal))] if legal else None
