"""The record every hacking task is stored as, and the words shared by all generators.

A task is generated once, kept in the match state as JSON, and shown to its hacker through
`public_view`. `answer` and `hidden` never leave the server: `public` is built so that it
holds nothing from which a program could read the answer without doing the task (for the
one deliberate exception, green's authorised DNA, see docs/rules/dotrun-tasks.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hacktable.engine.errors import Rejected

COLOURS = ("red", "blue", "green", "orange")
"""Terminal colours. Orange hands out a task of one of the other three."""

KINDS = {"red": "mugtome", "blue": "audio", "green": "dna"}
"""The generator behind each plain colour (also the colour each kind belongs to)."""

OUTER, MIDDLE, INNER = 0, 1, 2
RINGS = (OUTER, MIDDLE, INNER)
RING_NAMES = ("outer", "middle", "inner")

TOKEN_LETTERS = "bcdfghjkmnpqrstvwxz"
"""Task ids use consonants only: no digit of a passcode, no word, can ever appear in one."""


class Unsolvable(Exception):
    """No single answer can be read off what the hacker is shown (or it needs ears)."""


@dataclass(frozen=True)
class Task:
    """One generated hacking task.

    `colour` is the terminal's colour (orange included); `kind` the generator that made it
    ("mugtome", "audio", "dna"). `public` is exactly what the hacker is shown; `hidden`
    holds what only the server may read (the blue task's audio spec); `answer` is the
    canonical solution that `check` compares with.
    """

    colour: str
    kind: str
    ring: int
    innermost: bool
    id: str
    public: Mapping[str, Any]
    answer: str
    hidden: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "kind": self.kind, "ring": self.ring,
                "innermost": self.innermost, "id": self.id, "public": self.public,
                "answer": self.answer, "hidden": self.hidden}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Task:
        return cls(colour=data["colour"], kind=data["kind"], ring=int(data["ring"]),
                   innermost=bool(data["innermost"]), id=data["id"], public=data["public"],
                   answer=data["answer"], hidden=data.get("hidden", {}))


def public_view(task: Task | Mapping[str, Any]) -> dict[str, Any]:
    """What the hacker's screen gets: everything but `answer` and `hidden`."""
    if isinstance(task, Mapping):
        task = Task.from_json(task)
    return {"colour": task.colour, "kind": task.kind, "ring": task.ring,
            "ring_name": RING_NAMES[task.ring], "innermost": task.innermost, "id": task.id,
            "public": task.public}


def token(rng: random.Random, length: int = 20) -> str:
    """An opaque id drawn from the match's randomness (about 85 bits)."""
    return "".join(rng.choice(TOKEN_LETTERS) for _ in range(length))


def check_ring(ring: int) -> int:
    if ring not in RINGS:
        raise Rejected(f"A terminal's ring is 0 (outer), 1 (middle) or 2 (inner), not {ring!r}.")
    return ring
