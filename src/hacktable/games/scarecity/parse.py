"""Scare-City's written moves: `claim 17`, `claim firewall`, `claim wi-fi`, `buy smart
traffic`, `pass`; `buy smart grid confirm` confirms a step that puts you out of the game.

A card may be named by its number or by the start of any word of its name or key (`wi-fi`,
`wifi` and `public` all find Public Wi-Fi); the name is looked up among the cards the move
could mean (the shop, your claims, your city). Two different cards that both fit are named
back, so the player can say which."""

from __future__ import annotations

import re

from hacktable.engine.errors import Rejected
from hacktable.games.scarecity.actions import CARD_VERBS, SPENDING_VERBS, VERBS, Move
from hacktable.games.scarecity.cards import program
from hacktable.games.scarecity.state import State

CONFIRM_WORDS = ("confirm", "confirmed", "yes", "!")


def _candidates(state: State, seat: int, verb: str) -> list[int]:
    if verb in ("claim",):
        return list(state["shop"])
    if verb in ("unclaim", "buy"):
        return [card for card, owner in state["claims"] if owner == seat]
    return [slot["card"] for slot in state["players"][seat]["city"]]


def _plain(text: str) -> str:
    """Lower case, `_` and `-` as nothing, so `wi-fi`, `wifi` and `Wi-Fi` all agree."""
    return re.sub(r"[-_&()]", "", text.lower())


def _tails(text: str) -> list[str]:
    """Every run of words from one word to the end: "public wi-fi" → both, "wi-fi"."""
    words = text.lower().replace("_", " ").split()
    return [_plain(" ".join(words[i:])).strip() for i in range(len(words))]


def fits(card: int, wanted: str) -> int:
    """How well `wanted` names `card`: 2 the start of its name or key, 1 the start of a
    later word, 0 not at all."""
    kind = program(card)
    want = _plain(wanted).strip()
    heads = [_plain(kind.name).strip(), _plain(kind.key.replace("_", " ")).strip()]
    if any(head.startswith(want) for head in heads):
        return 2
    tails = _tails(kind.name)[1:] + _tails(kind.key)[1:]
    return 1 if any(tail.startswith(want) for tail in tails) else 0


def parse(state: State, seat: int, text: str) -> Move:
    words = text.strip().lower().split()
    if not words:
        raise Rejected("Write a move, e.g. `claim firewall`, `buy 12`, `pass` or `done`.")
    verb = {"remove": "decommission", "decom": "decommission"}.get(words[0], words[0])
    if verb not in VERBS:
        raise Rejected(f"I cannot read {words[0]!r}; the moves are: {', '.join(VERBS)}.")
    confirm = len(words) > 2 and words[-1] in CONFIRM_WORDS and verb in SPENDING_VERBS
    rest = " ".join(words[1:-1] if confirm else words[1:])
    if verb not in CARD_VERBS:
        if rest:
            raise Rejected(f"`{verb}` takes no card; write just `{verb}`.")
        return Move(verb)
    if not rest:
        raise Rejected(f"Say which card to {verb}, e.g. `{verb} firewall`.")
    if rest.isdigit():
        return Move(verb, int(rest), confirm)
    scored = [(fits(card, rest), card) for card in _candidates(state, seat, verb)]
    best = max((score for score, _ in scored), default=0)
    found = [card for score, card in scored if score == best and best > 0]
    if not found:
        raise Rejected(f"No card called {rest!r} can be meant here; name a card by its "
                       "number or any word of its name.")
    kinds = sorted({program(card).name for card in found})
    if len(kinds) > 1:
        raise Rejected(f"{rest!r} could be {' or '.join(kinds)}; say which, or give its "
                       "number.")
    return Move(verb, found[0], confirm)
