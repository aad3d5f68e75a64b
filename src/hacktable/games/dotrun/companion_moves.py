"""The ./Run companion's terminals and the move that picks one, shared by the game, its bot
and its screen (kept apart from the game so the bot need not import it)."""

from __future__ import annotations

from typing import Any

COLOURS = ("red", "blue", "green", "orange")
RINGS = ("outer", "middle", "inner")


def choose(colour: str, ring: str, goal: bool = False) -> dict[str, Any]:
    """The move that picks the terminal of this colour and ring (a goal terminal or not)."""
    return {"do": "choose", "colour": colour, "ring": ring, "goal": goal}
