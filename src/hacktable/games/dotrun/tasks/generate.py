"""The interface the ./Run engine calls: generate a task, check an answer, solve one.

Every function here is pure. `generate` draws everything from the rng it is handed (the
match's randomness for that log entry), so a replayed match regenerates the same tasks.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Collection, Mapping
from typing import Any

from hacktable.engine.errors import Rejected
from hacktable.games.dotrun.tasks import dna, mugtome, passcode, reader
from hacktable.games.dotrun.tasks.model import (
    COLOURS,
    INNER,
    KINDS,
    Task,
    Unsolvable,
    check_ring,
    public_view,
    token,
)
from hacktable.games.dotrun.tasks.options import settings

ORANGE_CHOICES = ("red", "blue", "green")
RED_ATTEMPTS = 100


def generate(colour: str, ring: int, rng: random.Random,
             difficulty: Mapping[str, Any] | None = None, *, innermost: bool | None = None,
             avoid: Collection[str] = ()) -> Task:
    """A fresh task for a hacker at a `colour` terminal on `ring` (0 outer, 1 middle, 2 inner).

    `innermost` says the path being hacked is in the innermost layer (inner ring to the
    goal), where blue passcodes are spoken in Basque; None means "ring is the inner one".
    `difficulty` holds task options (options.TASK_OPTIONS; other keys are ignored).
    `avoid` holds passwords (any case) that earlier red tasks of the match made guessable
    (`guessable(task)`): a new network makes none of them guessable again.
    """
    if colour not in COLOURS:
        raise Rejected(f"A terminal is red, blue, green or orange, not {colour!r}.")
    check_ring(ring)
    innermost = ring == INNER if innermost is None else bool(innermost)
    knobs = settings(difficulty, ring)
    kind_colour = rng.choice(ORANGE_CHOICES) if colour == "orange" else colour
    task_id = token(rng)
    kind = KINDS[kind_colour]
    hidden: dict[str, Any] = {}
    if kind == "mugtome":
        public, answer = _network(rng, knobs, {a.lower() for a in avoid})
    elif kind == "dna":
        public, answer = dna.build(rng, knobs, ring)
    else:
        public, answer, spec = passcode.build(rng, knobs, innermost, task_id)
        hidden = {"audio": spec} if "audio" in public else {}  # a transcript: nothing to play
    return Task(colour, kind, ring, innermost, task_id, public, answer, hidden)


def _network(rng: random.Random, knobs: Mapping[str, Any],
             avoid: set[str]) -> tuple[dict[str, Any], str]:
    for _ in range(RED_ATTEMPTS):
        network, answer = mugtome.build(rng, dict(knobs))
        if not _reads_as(network, answer):
            continue  # a writing style hid a fact: draw the network afresh
        if not avoid or not any(avoid & found for found in reader.guessable(network).values()):
            return network, answer
    raise RuntimeError("Mugtome could not avoid this match's earlier passwords.")


def _reads_as(network: Mapping[str, Any], answer: str) -> bool:
    """Whether a person reading the network finds exactly `answer`."""
    try:
        return reader.solve(network) == answer
    except Unsolvable:
        return False


def guessable(task: Task) -> frozenset[str]:
    """Passwords (lower case) that a red task's network makes guessable: pass the union of
    a match's earlier tasks' sets as `avoid` to `generate`."""
    if task.kind != "mugtome":
        return frozenset()
    return frozenset(p for found in reader.guessable(task.public).values() for p in found)


def normalise(kind: str, text: str) -> str | None:
    """The typed answer in the form `check` compares, or None if it cannot be right.

    First NFKC (full-width digits are digits). Passwords: case and spaces ignored.
    Passcodes: digits, with spaces, commas, dots and dashes between them ignored. DNA: an
    edit script, case ignored (see `dna.check`).
    """
    if not isinstance(text, str):
        return None
    # Full-width digits, ligatures and other compatibility forms are the same answer.
    text = unicodedata.normalize("NFKC", text)
    if kind == "mugtome":
        return re.sub(r"\s+", "", text).lower()
    if kind == "audio":
        digits = re.sub(r"[\s,.\-]+", "", text)
        return digits if digits.isascii() and digits.isdigit() else None
    return text.strip().upper()


def check(task: Task | Mapping[str, Any], answer: str) -> bool:
    """Whether the hacker's answer solves the task."""
    if isinstance(task, Mapping):
        task = Task.from_json(task)
    typed = normalise(task.kind, answer)
    if typed is not None and task.kind == "dna":
        return dna.check(task.public, task.answer, typed)
    return typed is not None and typed == normalise(task.kind, task.answer)


Ear = Callable[[Mapping[str, Any]], str]
"""Listens to a blue task's recording (found from the public view's audio id) and returns
the digits it heard: a speech recogniser, or a person at a keyboard."""


def solve(view: Mapping[str, Any], ear: Ear | None = None) -> str:
    """The answer, found from what the hacker is shown (`public_view(task)`) only.

    Red and green are read off the page, and so is blue shown as a transcript
    (`blue_passcode` = "text"). A spoken blue needs ears: without `ear` it raises
    `Unsolvable`, since the public part is an opaque recording id by design.
    """
    kind, public = view["kind"], view["public"]
    if kind == "mugtome":
        return reader.solve(public)
    if kind == "dna":
        return dna.solve(public)
    written = passcode.read_transcript(public)
    if written is not None:  # the host chose the passcode shown as a transcript
        return written
    if ear is None:
        raise Unsolvable("A blue task is a recording: solving it needs an ear.")
    return ear(view)


__all__ = ["Task", "check", "generate", "guessable", "normalise", "public_view", "solve"]
