"""The registry of games, filled by `hacktable.games`."""

from __future__ import annotations

from hacktable.engine.contract import Game
from hacktable.engine.errors import UnknownGame

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game under its id; registering the same id twice is a programming error."""
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise ValueError(f"game id {game.id!r} is already registered")
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    _load()
    try:
        return _GAMES[game_id.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"There is no game called {game_id!r}; try one of: {known}.") from None


def all_games() -> list[Game]:
    _load()
    return [_GAMES[key] for key in sorted(_GAMES)]


def _load() -> None:
    import hacktable.games  # noqa: F401  (importing registers every game)
