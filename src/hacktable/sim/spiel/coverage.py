"""Which hacktable games are OpenSpiel games, and what the OpenSpiel form leaves out.

OpenSpiel needs every decision to be a choice among finitely many numbered actions. A
hacktable game offers that through `legal_actions`; where the list holds everything a seat
may do, the OpenSpiel game is the same game. Where the list is only part of it, the
OpenSpiel game is the *listed-moves variant*: the same rules, but each seat chooses only
among the listed moves. Where the list leaves out the game's heart, the game is not
registered at all. Each game says which in its own `spiel` (`engine.contract.SpielCoverage`);
this module only gathers what the registered games say.
"""

from __future__ import annotations

from hacktable.games import all_games


def _of(form: str) -> dict[str, str]:
    return {game.id: game.spiel.why for game in all_games() if game.spiel.form == form}


def faithful() -> dict[str, str]:
    """Games whose OpenSpiel form is the game itself, by id, with why."""
    return _of("faithful")


def listed_only() -> dict[str, str]:
    """Games whose OpenSpiel form is the listed-moves variant, by id, with what it leaves out."""
    return _of("listed")


def not_registered() -> dict[str, str]:
    """Games OpenSpiel does not hold, by id, with why."""
    return _of("none")


def registered() -> tuple[str, ...]:
    """The ids of the games registered with OpenSpiel."""
    return (*faithful(), *listed_only())


def spiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a hacktable game: `python_hacktable_cpu`."""
    return f"python_hacktable_{game_id}"
