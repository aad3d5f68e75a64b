"""CPU's cards, read from `cards.toml` (the seed's section 12, one entry per card type).

A match numbers its cards 0..N-1 in the data file's order, each type repeated as often as
its kind's copies option says (seed: option ROMs, source code and special actions ×4,
libraries ×8: 128 cards). Every card, hand slot or memory slot is then named by that number.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

ROM, SOURCE, LIBRARY, SPECIAL = "rom", "source", "library", "special"
KINDS = (ROM, SOURCE, LIBRARY, SPECIAL)
KIND_NAMES = {ROM: "Option ROM", SOURCE: "Source Code", LIBRARY: "Linked Library",
              SPECIAL: "Special Action"}
COPY_OPTIONS = {ROM: "rom_copies", SOURCE: "source_copies", LIBRARY: "library_copies",
                SPECIAL: "special_copies"}
"""The rule option that says how many copies of each card type of a kind are in the deck."""

# Keys the rules refer to by name.
DUAL_CHANNEL, IN_THE_CLOUD, DDR4, JAM_IT_IN, JIT = (
    "dual_channel", "in_the_cloud", "ddr4", "jam_it_in", "jit_compiler")
GDB, PERL = "gdb", "perl"
COMPUTING_TIME, MEGANET, DEA, DDOS, RKHUNTER = (
    "computing_time", "meganet", "digital_economy_act", "ddos", "rkhunter")
ANY_TIME = (COMPUTING_TIME, DEA)
"""Special actions the seed says may be played "at any time for free"."""


@dataclass(frozen=True, slots=True)
class CardType:
    key: str
    name: str
    kind: str
    attack: int
    defence: int
    reaction: int
    text: str
    special: str | None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "kind": self.kind,
                "attack": self.attack, "defence": self.defence, "reaction": self.reaction,
                "text": self.text, "special": self.special}


def _load() -> tuple[CardType, ...]:
    raw = tomllib.loads(resources.files(__package__).joinpath("cards.toml").read_text("utf-8"))
    types = []
    for entry in raw["card"]:
        attack, defence, reaction = entry.get("values", (0, 0, 0))
        types.append(CardType(entry["key"], entry["name"], entry["kind"], attack, defence,
                              reaction, entry["text"], entry.get("special")))
    return tuple(types)


TYPES: tuple[CardType, ...] = _load()
BY_KEY: dict[str, CardType] = {card.key: card for card in TYPES}
CATALOGUE: dict[str, dict[str, Any]] = {card.key: card.to_json() for card in TYPES}
"""Every card type as JSON, for screens (the same in every view, so built once)."""


def copies(options: dict[str, Any]) -> tuple[int, ...]:
    return tuple(int(options[COPY_OPTIONS[kind]]) for kind in KINDS)


@cache
def _deck(counts: tuple[int, ...]) -> tuple[CardType, ...]:
    per_kind = dict(zip(KINDS, counts, strict=True))
    return tuple(card for card in TYPES for _ in range(per_kind[card.kind]))


def deck(options: dict[str, Any]) -> tuple[CardType, ...]:
    """The match's cards: `deck(options)[card_id]` is that card's type."""
    return _deck(copies(options))
