"""Which bots can sit at a game, how to make one, and what a runner hands it before it acts:
the one place the table, the terminal and the simulator ask (docs/architecture.md, Bots),
so a new generic bot is offered everywhere at once."""

from __future__ import annotations

import functools
from typing import Any

from hacktable.bots import GENERIC_BOTS
from hacktable.bots.ismcts import ThinkerBot, sampler_for, searchable
from hacktable.engine.contract import State
from hacktable.engine.errors import Rejected
from hacktable.engine.parts import AnyGame

GUIDED = "thinker-guided"
"""The ISMCTS tree whose playouts follow the game's heuristic bot instead of random moves."""
TREE = "thinker-tree"
"""The plain ISMCTS tree with random playouts (the thinker chooses among the game's own
bots' moves instead, playing every seat forward as its strongest bot would)."""
TABLE_TIME_BUDGET = 1.0
"""Seconds a thinker may search at a served table, where people wait for it."""


class UnknownPersonality(ValueError):
    """A bot personality that neither the game nor the generic bots provide."""


def bot_classes(game: AnyGame) -> dict[str, type]:
    """Every personality that can sit at this game: its own bots, then the generic ones
    (the thinker wherever it can search the game)."""
    classes = dict(GENERIC_BOTS)
    if searchable(game):
        classes[ThinkerBot.personality] = classes[GUIDED] = classes[TREE] = ThinkerBot
    return {**classes, **game.bots()}


BUDGET_DIGITS = 9
"""A budget is at most this many digits (a billion iterations); longer is not a budget."""


def split_budget(personality: str) -> tuple[str, int | None]:
    """`thinker:256` is the thinker with 256 iterations a move (for the lab's budgets).
    Only plain ASCII digits make a budget: "²" or a 5,000-digit number name no bot."""
    name, _, budget = personality.partition(":")
    if (budget.isascii() and budget.isdigit() and len(budget) <= BUDGET_DIGITS
            and int(budget) > 0):
        return name, int(budget)
    return personality, None


def known_personality(game: AnyGame, personality: str) -> bool:
    """Whether `make_bot` can make this personality for this game."""
    name, budget = split_budget(personality)
    classes = bot_classes(game)
    return name in classes and (budget is None or classes[name] is ThinkerBot)


def default_bots(game: AnyGame) -> list[str]:
    """The game's own bots but its random baseline, or the generic random bot if it has none:
    the line-up `hacktable simulate` and the Lab deal when none is named.

    For Rex Furum that is loyal, embezzler, crasher, opportunist."""
    own = [name for name in game.bots() if name != "random"]
    return own or ["random-legal"]


def seat_personalities(game: AnyGame, bots: str | None, players: int) -> list[str]:
    """A comma-separated bot list (None: `default_bots`) dealt round-robin over the seats,
    every name checked (`Rejected` names the known ones)."""
    names = [b.strip() for b in bots.split(",") if b.strip()] if bots else default_bots(game)
    if not names:
        raise Rejected("Name at least one bot personality with --bots.")
    known = bot_classes(game)
    for name in names:
        if not known_personality(game, name):
            raise Rejected(f"{game.name} has no bot called {name!r}; try one of: "
                           f"{', '.join(sorted(known))}.")
    return [names[seat % len(names)] for seat in range(players)]


def make_bot(game: AnyGame, personality: str) -> Any:
    """A fresh bot; an unknown name raises `UnknownPersonality` listing the known ones."""
    classes = bot_classes(game)
    name, budget = split_budget(personality)
    try:
        if not known_personality(game, personality):
            raise KeyError(personality)
        cls = classes[name]
    except KeyError:
        known = ", ".join(sorted(classes))
        raise UnknownPersonality(
            f"{game.name} has no bot called {personality!r}; try one of: {known}."
        ) from None
    if cls is ThinkerBot:
        return ThinkerBot(game, guided=name == GUIDED, portfolio=name == ThinkerBot.personality,
                          **({} if budget is None else {"iterations": budget}))
    return cls()


def equip(bot: Any, game: AnyGame, state: State, seat: int, seats: int,
          table: bool = False) -> None:
    """Hand a bot what its seat may use besides the view, just before it acts: the media
    its person would hear, and for a searching bot a sampler of indistinguishable states
    (see `hacktable.bots.ismcts`). At a table the search also gets a time budget."""
    if bot.wants_media:
        bot.media = functools.partial(game.media, state, seat)
    if bot.wants_sampler:
        bot.sampler = sampler_for(game, state, seat, seats)
        if table and bot.time_budget is None:
            bot.time_budget = TABLE_TIME_BUDGET
