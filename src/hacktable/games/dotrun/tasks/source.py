"""The seed's tasks as the ./Run engine's task source (`tasking.TaskSource`).

The engine stores a task as `{"kind", "public", "secret", ...}` and shows a hacker only
`kind` and `public`; this adapter maps that shape to `Task` and back, so the engine needs
nothing else from this package. `secret` holds the answer and, for blue, the audio spec
(`task["secret"]["hidden"]["audio"]`, for `audio.render` in the web layer).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from hacktable.engine.copying import tree_copy
from hacktable.games.dotrun.tasks import stats as task_stats
from hacktable.games.dotrun.tasks.generate import check, generate, guessable, solve
from hacktable.games.dotrun.tasks.model import RING_NAMES, Task, Unsolvable
from hacktable.games.dotrun.tasks.stats import Stats
from hacktable.games.dotrun.tasks.wellformed import malformed

if TYPE_CHECKING:
    from hacktable.games.dotrun.state import TaskJson


def to_engine(task: Task) -> TaskJson:
    """A `Task` in the engine's shape."""
    return {"kind": task.kind, "colour": task.colour, "ring": task.ring,
            "innermost": task.innermost, "id": task.id, "public": dict(task.public),
            "secret": {"answer": task.answer, "hidden": dict(task.hidden)}}


def from_engine(data: TaskJson) -> Task:
    secret = data["secret"]
    return Task(data["colour"], data["kind"], int(data["ring"]), bool(data["innermost"]),
                data["id"], data["public"], secret["answer"], secret.get("hidden", {}))


def record(stats: Stats, task: TaskJson, colour: str, ring: str, solved: bool) -> Stats:
    """`stats.record` for a task in the engine's shape; a placeholder code (`tasks=code`)
    counts in its terminal's colour and ring."""
    if task["kind"] != "code":
        return task_stats.record(stats, from_engine(task), solved)
    result = tree_copy(stats)
    result[colour][ring]["tries"] += 1
    result[colour][ring]["solved"] += int(solved)
    return result


class SeedTasks:
    """Red Mugtome networks, blue recordings, green DNA, orange any of them."""

    name = "seed"

    def generate(self, colour: str, ring: str | int, rng: random.Random,
                 options: Mapping[str, Any] | None = None, *, innermost: bool | None = None,
                 avoid: Collection[str] = ()) -> TaskJson:
        """`ring` by name or number; `innermost`: the hacked path is in the goal layer."""
        number = RING_NAMES.index(ring) if isinstance(ring, str) and ring in RING_NAMES else ring
        return to_engine(generate(colour, int(number), rng, options,
                                  innermost=innermost, avoid=avoid))

    def check(self, task: TaskJson, answer: str) -> bool:
        return check(from_engine(task), answer)

    def malformed(self, task: TaskJson, answer: str) -> str | None:
        """Why `answer` is no answer this task can take (read from its public part only)."""
        return malformed(task["kind"], task["public"], answer)

    def solve(self, kind: str, public: Mapping[str, Any]) -> str | None:
        """None for blue: a bot has no ears."""
        try:
            return solve({"kind": kind, "public": public})
        except Unsolvable:
            return None

    def guessable(self, task: TaskJson) -> frozenset[str]:
        """For `avoid`: the passwords a red task made guessable (empty for other kinds)."""
        return guessable(from_engine(task))


SOURCE = SeedTasks()
