"""Per-task success statistics per colour and ring, to tune the difficulty options.

A pure fold over outcomes: `record(stats, task, solved)` returns new statistics (JSON, fit
for the match state or a simulator's totals). An orange task counts twice: in its own
"orange" row and in the row of the colour whose task it was, since the knobs belong to
the kinds (red_*, blue_*, green_*).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hacktable.engine.copying import tree_copy
from hacktable.games.dotrun.tasks.model import COLOURS, KINDS, RING_NAMES, Task

Stats = dict[str, dict[str, dict[str, int]]]
_COLOUR_OF = {kind: colour for colour, kind in KINDS.items()}
_KNOB = {"red": "red_subtlety", "blue": "blue_noise_db", "green": "green_edits"}


def empty() -> Stats:
    return {colour: {ring: {"tries": 0, "solved": 0} for ring in RING_NAMES}
            for colour in COLOURS}


def record(stats: Stats | None, task: Task, solved: bool) -> Stats:
    """`stats` with one more attempt at `task` (the argument is left unchanged)."""
    result = tree_copy(stats) if stats else empty()
    rows = {_COLOUR_OF[task.kind], task.colour}
    for colour in rows:
        cell = result[colour][RING_NAMES[task.ring]]
        cell["tries"] += 1
        cell["solved"] += int(bool(solved))
    return result


def fold(outcomes: Iterable[tuple[Task, bool]], stats: Stats | None = None) -> Stats:
    for task, solved in outcomes:
        stats = record(stats, task, solved)
    return stats or empty()


def rates(stats: Mapping[str, Any]) -> dict[str, dict[str, float | None]]:
    """Success rate per colour and ring; None where nothing was tried."""
    return {colour: {ring: (cell["solved"] / cell["tries"] if cell["tries"] else None)
                     for ring, cell in rings.items()} for colour, rings in stats.items()}


def advice(stats: Mapping[str, Any], low: float = 0.5, high: float = 0.9,
           min_tries: int = 20) -> list[str]:
    """Sentences naming the knob to move where a colour's ring is solved too rarely or
    too often (between `low` and `high` is left alone)."""
    lines = []
    for colour, knob in _KNOB.items():
        for ring, cell in stats[colour].items():
            if cell["tries"] < min_tries:
                continue
            rate = cell["solved"] / cell["tries"]
            if rate < low or rate > high:
                way = "easier" if rate < low else "harder"
                lines.append(f"{colour} on the {ring} ring: {cell['solved']} of {cell['tries']} "
                             f"solved ({rate:.0%}); make it {way} with {knob}_{ring} and the "
                             f"other {colour}_*_{ring} options.")
    return lines
