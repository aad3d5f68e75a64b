"""Scare-City, a cybersecurity serious game: would-be mayors build four districts of
Program Cards, keep them from degrading and survive each round's Impact Card."""

from hacktable.games.scarecity.game import GAME, ScareCity

__all__ = ["GAME", "ScareCity"]
