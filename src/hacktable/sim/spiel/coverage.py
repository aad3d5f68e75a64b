"""Which hacktable games are OpenSpiel games, and what the OpenSpiel form leaves out.

OpenSpiel needs every decision to be a choice among finitely many numbered actions. A
hacktable game offers that through `legal_actions`; where the list holds everything a seat
may do, the OpenSpiel game is the same game. Where the list is only part of it, the
OpenSpiel game is the *listed-moves variant*: the same rules, but each seat chooses only
among the listed moves. Where the list leaves out the game's heart, the game is not
registered at all.
"""

from __future__ import annotations

FAITHFUL: dict[str, str] = {
    "cpu": "every move a seat may make is listed",
    "scarecity": "every move a seat may make is listed",
}

LISTED_ONLY: dict[str, str] = {
    "rexfurum": (
        "a seat may send up to three orders a round, but the list holds the single orders "
        "(and none): in OpenSpiel each seat sends at most one order a round"
    ),
    "runners": (
        "the gamemaster's moves have free parts (an NPC's name and initiative, any DC "
        "for a check): the list offers a menu of them (DC 8, 12 or 15, stock NPCs), "
        "and in OpenSpiel the gamemaster chooses from that menu"
    ),
}

NOT_REGISTERED: dict[str, str] = {
    "dotrun": (
        "a hacker's answer is typed text solving a task; listing the candidate answers "
        "would give the right one away, so the only listed answer is the empty one "
        "(giving up) and an OpenSpiel ./Run would be a game in which every hack fails"
    ),
    "dotrun_companion": "the same typed hacker answers as ./Run",
}

REGISTERED: tuple[str, ...] = (*FAITHFUL, *LISTED_ONLY)


def spiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a hacktable game: `python_hacktable_cpu`."""
    return f"python_hacktable_{game_id}"
