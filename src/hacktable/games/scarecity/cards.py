"""Scare-City's cards, read from `cards.toml`: 60 Program Cards and 30 Impact Cards.

A match numbers its Program Cards 0..59 in the data file's order, each type repeated as
often as its `copies` says, and its Impact Cards 0..29; every pile, shop slot and city slot
holds such numbers. The set is checked when loaded, so a bad edit fails at import.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

DISTRICTS = ("cpu", "network", "user", "memory")
DISTRICT_NAMES = {"cpu": "CPU", "network": "Network", "user": "User", "memory": "Memory"}
COLOURS = ("green", "red", "orange")
PROGRAM_COUNT = 60
IMPACT_COUNT = 30


@dataclass(frozen=True, slots=True)
class Program:
    """A Program Card type: its cost, blue side ($, Bitizens) and red side (Bitizens lost)."""

    key: str
    name: str
    district: str
    kind: str
    cost: int
    money: int
    bitizens: int
    red: int
    copies: int
    lesson: str
    source: str
    """The public guidance or incident report the lesson rests on."""

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "district": self.district,
                "kind": self.kind, "cost": self.cost, "money": self.money,
                "bitizens": self.bitizens, "red": self.red, "copies": self.copies,
                "lesson": self.lesson, "source": self.source}


@dataclass(frozen=True, slots=True)
class Impact:
    """An Impact Card: the programs it degrades, restores and that protect against it."""

    key: str
    name: str
    colour: str
    degrade: tuple[str, ...]
    restore: tuple[str, ...]
    protect: tuple[str, ...]
    bitizens: int
    lesson: str
    source: str

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "colour": self.colour,
                "degrade": list(self.degrade), "restore": list(self.restore),
                "protect": list(self.protect), "bitizens": self.bitizens,
                "lesson": self.lesson, "source": self.source}


def _load() -> tuple[tuple[Program, ...], tuple[Impact, ...]]:
    raw = tomllib.loads(resources.files(__package__).joinpath("cards.toml").read_text("utf-8"))
    programs = tuple(
        Program(p["key"], p["name"], p["district"], p["kind"], p["cost"], p["money"],
                p["bitizens"], p["red"], p.get("copies", 1), p["lesson"],
                p["source"])
        for p in raw["program"])
    impacts = tuple(
        Impact(i["key"], i["name"], i["colour"], tuple(i.get("degrade", ())),
               tuple(i.get("restore", ())), tuple(i.get("protect", ())), i["bitizens"],
               i["lesson"], i["source"])
        for i in raw["impact"])
    _check(programs, impacts)
    return programs, impacts


def _check(programs: tuple[Program, ...], impacts: tuple[Impact, ...]) -> None:
    keys = {p.key for p in programs}
    assert len(keys) == len(programs), "two program types share a key"
    assert sum(p.copies for p in programs) == PROGRAM_COUNT, "the seed has 60 Program Cards"
    assert len(impacts) == IMPACT_COUNT, "the seed has 30 Impact Cards"
    for p in programs:
        assert p.district in DISTRICTS and p.kind in ("control", "service"), p.key
        assert p.cost > 0 and p.money >= 0 and p.bitizens >= 0 and p.red >= 0, p.key
        assert p.lesson.strip() and p.source.strip(), f"{p.key} needs a lesson and a source"
    degraded = {key for i in impacts for key in i.degrade + i.restore}
    for p in programs:
        if p.kind == "control":
            assert p.key not in degraded and p.red == 0, f"{p.key}: a control never degrades"
    for i in impacts:
        assert i.colour in COLOURS, i.key
        assert i.lesson.strip() and i.source.strip(), f"{i.key} needs a lesson and a source"
        assert set(i.degrade + i.restore + i.protect) <= keys, f"{i.key} names no such card"
        assert i.colour != "green" or i.bitizens >= 0, f"{i.key}: green gives Bitizens"
        assert i.colour != "red" or i.bitizens <= 0, f"{i.key}: red takes Bitizens"


PROGRAM_TYPES, IMPACTS = _load()
PROGRAMS: tuple[Program, ...] = tuple(p for p in PROGRAM_TYPES for _ in range(p.copies))
"""The 60 Program Cards: `PROGRAMS[number]` is that card's type."""
BY_KEY: dict[str, Program] = {p.key: p for p in PROGRAM_TYPES}
IMPACT_BY_KEY: dict[str, Impact] = {i.key: i for i in IMPACTS}
CATALOGUE: dict[str, Any] = {
    "programs": {p.key: p.to_json() for p in PROGRAM_TYPES},
    "impacts": {i.key: i.to_json() for i in IMPACTS},
}
"""Every card as JSON, for screens and bots (the same in every view, so built once)."""


def program(number: int) -> Program:
    return PROGRAMS[number]


def impact(number: int) -> Impact:
    return IMPACTS[number]
