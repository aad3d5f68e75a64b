"""How a finished Scare-City game ranks its players: the winners, then the others by
Bitizens and $, players who went out last (the later out, the better)."""

from __future__ import annotations

from hacktable.engine.contract import Outcome
from hacktable.games.scarecity.state import State

RESULTS = {
    "target": "reached the target",
    "last_standing": "was the last one left in the game",
    "round_limit": "led when the round limit was reached",
    "all_out": "",
}


def outcome(state: State) -> Outcome | None:
    if not state["over"]:
        return None
    players = state["players"]
    names = state["names"]
    winners = tuple(state["winners"])
    standing = sorted((s for s in range(len(names)) if s not in winners and not players[s]["out"]),
                      key=lambda s: (-players[s]["bitizens"], -players[s]["money"], s))
    groups: list[tuple[int, ...]] = [winners] if winners else []
    previous = None
    for seat in standing:
        key = (players[seat]["bitizens"], players[seat]["money"])
        if key == previous:
            groups[-1] = (*groups[-1], seat)
        else:
            groups.append((seat,))
        previous = key
    groups += [(seat,) for seat in reversed(state["out_order"]) if seat not in winners]
    scores = {s: float(players[s]["bitizens"]) for s in range(len(names))}
    if not winners:
        groups = []
        summary = "Everyone went out: nobody becomes mayor."
    elif len(winners) > 1:
        summary = (f"A draw: {' and '.join(names[s] for s in winners)} reached the target "
                   "with the same $.")
    else:
        summary = (f"{names[winners[0]]} {RESULTS[str(state['result'])]} with "
                   f"{players[winners[0]]['bitizens']} Bitizens and becomes Mayor of "
                   "Scare-City!")
    return Outcome(tuple(groups), scores, summary)
