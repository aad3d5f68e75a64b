"""Scare-City's written moves: `claim 17`, `claim firewall`, `buy smart traffic`, `pass`.

A card may be named by its number or by (the start of) its name or key; the name is looked
up among the cards the move could mean (the shop, your claims, your city)."""

from __future__ import annotations

from typing import Any

from hacktable.engine.errors import Rejected
from hacktable.games.scarecity.actions import CARD_VERBS, VERBS, Move
from hacktable.games.scarecity.cards import program


def _candidates(state: dict[str, Any], seat: int, verb: str) -> list[int]:
    if verb in ("claim",):
        return list(state["shop"])
    if verb in ("unclaim", "buy"):
        return [card for card, owner in state["claims"] if owner == seat]
    return [slot["card"] for slot in state["players"][seat]["city"]]


def parse(state: dict[str, Any], seat: int, text: str) -> Move:
    words = text.strip().lower().split()
    if not words:
        raise Rejected("Write a move, e.g. `claim firewall`, `buy 12`, `pass` or `done`.")
    verb = {"remove": "decommission", "decom": "decommission"}.get(words[0], words[0])
    if verb not in VERBS:
        raise Rejected(f"I cannot read {words[0]!r}; the moves are: {', '.join(VERBS)}.")
    rest = " ".join(words[1:])
    if verb not in CARD_VERBS:
        if rest:
            raise Rejected(f"`{verb}` takes no card; write just `{verb}`.")
        return Move(verb)
    if not rest:
        raise Rejected(f"Say which card to {verb}, e.g. `{verb} firewall`.")
    if rest.isdigit():
        return Move(verb, int(rest))
    wanted = rest.replace("_", " ")
    found = [card for card in _candidates(state, seat, verb)
             if program(card).name.lower().startswith(wanted)
             or program(card).key.replace("_", " ").startswith(wanted)]
    if not found:
        raise Rejected(f"No card called {rest!r} can be meant here; name a card by its "
                       "number or name.")
    return Move(verb, found[0])
