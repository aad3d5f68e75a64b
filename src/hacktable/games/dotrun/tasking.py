"""Where hacking tasks come from: the engine's side of the seam with `games/dotrun/tasks/`.

The engine only needs three things of a task source, all pure functions:

- `generate(colour, ring, rng, options) -> task` — a new task for a hacker on a terminal of
  that colour on that ring ("outer", "middle", "inner"), drawn only from `rng`. A task is
  plain JSON: `{"kind": str, "public": {...}, "secret": {...}}`. `public` is what the
  hacker's screen shows; `secret` holds the answer and never reaches any view or event
  before the turn's resolution says success or failure.
  `innermost` says the hacked path is in the goal layer (the seed's Basque codes);
  `avoid` lists passwords earlier tasks of the match made guessable, so no two accounts
  of one match give the same password away by accident.
- `guessable(task) -> set` — the passwords this task's clues make guessable (for `avoid`).
- `check(task, answer) -> bool` — whether a typed answer solves the task.
- `malformed(task, answer) -> str | None` — a sentence when the typed answer is not one
  the task can take at all ("343" for a 4-digit passcode): the engine refuses it and the
  hacker types again; only a well-formed answer is final. Judged from `public` alone.
- `solve(kind, public) -> str | None` — the bots' solver: an answer found from the public
  part alone (as a person would), or None where a bot cannot solve that kind.

The task generators live in `games/dotrun/tasks/`: when that package exposes `SOURCE`
(an object with these three methods), the `tasks=seed` option uses it. Until then, and
with `tasks=code`, the placeholder below asks the hacker to type a code shown on screen.
"""

from __future__ import annotations

import importlib
import random
import unicodedata
from collections.abc import Collection, Mapping
from typing import Any, Protocol, runtime_checkable

from hacktable.games.dotrun.state import TaskJson
from hacktable.games.dotrun.tasks.options import TaskOptions

Task = TaskJson
"""A task as the engine keeps it in a match state (see the module's docstring)."""
CODE_ALPHABET = "ACDEFHJKLMNPRTUVWXY34679"
CODE_LENGTH = {"outer": 4, "middle": 6, "inner": 8}


@runtime_checkable
class TaskSource(Protocol):
    """A generator of hacking tasks (see the module's docstring)."""

    name: str

    def generate(self, colour: str, ring: str, rng: random.Random,
                 options: TaskOptions, *, innermost: bool = False,
                 avoid: Collection[str] = ()) -> Task: ...

    def guessable(self, task: Task) -> frozenset[str]: ...

    def check(self, task: Task, answer: str) -> bool: ...

    def malformed(self, task: Task, answer: str) -> str | None: ...

    def solve(self, kind: str, public: Mapping[str, Any]) -> str | None: ...


def normalise(answer: str) -> str:
    """Answers are compared without case, spaces or dashes: typing under stress is hard."""
    answer = unicodedata.normalize("NFKC", answer)
    return "".join(ch for ch in answer.upper() if ch.isascii() and ch.isalnum())


class CodeTasks:
    """The placeholder task: type the code on the screen (longer codes further in)."""

    name = "code"

    def generate(self, colour: str, ring: str, rng: random.Random,
                 options: TaskOptions, *, innermost: bool = False,
                 avoid: Collection[str] = ()) -> Task:
        length = CODE_LENGTH.get(ring, 6)
        code = "".join(rng.choice(CODE_ALPHABET) for _ in range(length))
        shown = "-".join(code[i:i + 4] for i in range(0, length, 4))
        return {"kind": "code",
                "public": {"colour": colour, "ring": ring,
                           "instructions": "Type this access code exactly.", "code": shown},
                "secret": {"answer": code}}

    def check(self, task: Task, answer: str) -> bool:
        return normalise(answer) == task["secret"]["answer"]

    def malformed(self, task: Task, answer: str) -> str | None:
        """A code of the wrong length is a slip, not an answer (its length is on screen)."""
        length = len(normalise(str(task["public"].get("code", ""))))
        typed = normalise(answer)
        if length and len(typed) != length:
            return (f"The code has {length} letters and digits and you typed {len(typed)}: "
                    f"type all {length}. Nothing was sent.")
        return None

    def guessable(self, task: Task) -> frozenset[str]:
        return frozenset()  # a code gives no password away

    def solve(self, kind: str, public: Mapping[str, Any]) -> str | None:
        if kind != "code":
            return None
        return str(public.get("code", ""))


CODE = CodeTasks()


def source(name: str) -> TaskSource:
    """The task source an option names: `code`, or `seed` for the seed's tasks when the
    `tasks` package provides them (the placeholder otherwise)."""
    if name == "seed":
        try:
            module = importlib.import_module("hacktable.games.dotrun.tasks")
        except ImportError:
            return CODE
        found = getattr(module, "SOURCE", None)
        if isinstance(found, TaskSource):
            return found
    return CODE
