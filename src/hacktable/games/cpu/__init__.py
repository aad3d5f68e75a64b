"""CPU, by Næþ'n Lasseter (CC BY-SA 3.0): a card game of sysadmins taking over each other's
machines, spending cycles that are also their lives."""

from hacktable.games.cpu.game import CPU, GAME

__all__ = ["CPU", "GAME"]
