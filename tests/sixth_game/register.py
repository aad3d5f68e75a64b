"""Importing this module registers Blind Bids: `HACKTABLE_GAMES=tests.sixth_game.register`
adds it to a server started in another process."""

from tests.sixth_game.game import GAME

from hacktable.games import register

register(GAME)
