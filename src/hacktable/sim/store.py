"""Results kept as they come: one JSON line per finished match, so an interrupted run (or a
bigger one) continues where it stopped instead of starting again.

A line names its cell (the options a sweep changed, and the bots in the seats as dealt before
rotation) and the match's seed; a rerun with the same file skips every (cell, seed) it
finds. Lines are appended and flushed one by one: a run killed mid-write loses at most the
line it was writing, which `load` ignores.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TextIO

from hacktable.sim.results import GameResult


def cell_key(options: Mapping[str, Any], personalities: Sequence[str], rotate: bool) -> str:
    """A stable name for one configuration of a run."""
    return json.dumps({"options": dict(sorted(options.items())), "bots": list(personalities),
                       "rotate": rotate}, sort_keys=True)


def result_to_json(result: GameResult) -> dict[str, Any]:
    data = asdict(result)
    data["ranking"] = [list(group) for group in result.ranking]
    return data


def result_from_json(data: Mapping[str, Any]) -> GameResult:
    return GameResult(
        seed=data["seed"], personalities=tuple(data["personalities"]),
        finished=bool(data["finished"]), scores=tuple(float(s) for s in data["scores"]),
        ranking=tuple(tuple(group) for group in data["ranking"]), phases=int(data["phases"]),
        submissions=int(data["submissions"]), actions=dict(data["actions"]),
        bot_errors=dict(data["bot_errors"]), error_reasons=tuple(data["error_reasons"]),
    )


def load(path: Path | None, game_id: str) -> dict[str, dict[Any, GameResult]]:
    """Every stored result of this game, by cell and seed (missing file: nothing yet)."""
    found: dict[str, dict[Any, GameResult]] = {}
    if path is None or not path.exists():
        return found
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short when a run was killed
            if record.get("game") != game_id:
                continue
            found.setdefault(record["cell"], {})[record["result"]["seed"]] = (
                result_from_json(record["result"]))
    return found


class Appender:
    """Appends results to the file as they are folded in, flushing each line."""

    def __init__(self, path: Path | None, game_id: str) -> None:
        self.game_id = game_id
        self.file: TextIO | None = path.open("a", encoding="utf-8") if path else None

    def add(self, cell: str, result: GameResult) -> None:
        if self.file is None:
            return
        self.file.write(json.dumps({"game": self.game_id, "cell": cell,
                                    "result": result_to_json(result)}) + "\n")
        self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
