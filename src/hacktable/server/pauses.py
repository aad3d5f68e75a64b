"""Where a server's worst latencies come from: the moments its event loop could not run.

With `HACKTABLE_PAUSE_LOG=FILE` the server appends one JSON line to FILE each time

- its event loop woke `late_after` seconds or more after it should have (something held
  it: a long step of the server's own, the cycle collector, the machine), and
- the cycle collector finished a middle or full pass (a young pass is too short to matter),

each with the moment it began (`time.perf_counter`, which every process on the machine
reads alike, so a load benchmark can lay the lines beside its moves) and how long it took:

    {"kind": "late", "at": 1234.567, "ms": 61.2}
    {"kind": "collect", "generation": 1, "at": 1234.568, "ms": 58.9}

A move that waits through a pause is late by as much; a burst of late moves with no line
here was late somewhere else (the clients, the machine). Off by default: it costs a
wake-up every `tick` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import threading
import time
from pathlib import Path
from typing import Any, TextIO

LATE_AFTER = 0.02
"""Seconds late a wake-up must be to be noted: shorter delays are a busy loop's ordinary ones."""


class PauseLog:
    """Notes the event loop's late wake-ups and the collector's longer passes in a file."""

    def __init__(self, path: Path, late_after: float = LATE_AFTER, tick: float = 0.005) -> None:
        self.path = path
        self.late_after = late_after
        self.tick = tick
        self._file: TextIO | None = None
        self._watch: asyncio.Task[None] | None = None
        self._collecting_since: float | None = None
        self._writing = threading.Lock()  # the collector may run on the writer's thread

    def start(self) -> None:
        """Begin noting (on the running loop)."""
        self._file = self.path.open("a", encoding="utf-8", buffering=1)  # a line at a time
        gc.callbacks.append(self._collected)
        self._watch = asyncio.create_task(self._watch_loop())

    async def stop(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        if self._file is not None:
            self._file.close()
            self._file = None

    async def _watch_loop(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.tick)
            late = time.perf_counter() - asked - self.tick
            if late >= self.late_after:
                self._note({"kind": "late", "at": round(asked + self.tick, 6),
                            "ms": round(1000 * late, 1)})

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._collecting_since = time.perf_counter()
        elif self._collecting_since is not None and info.get("generation", 0) >= 1:
            began, self._collecting_since = self._collecting_since, None
            self._note({"kind": "collect", "generation": info["generation"],
                        "at": round(began, 6),
                        "ms": round(1000 * (time.perf_counter() - began), 1)})

    def _note(self, line: dict[str, Any]) -> None:
        with self._writing:
            if self._file is not None:
                self._file.write(json.dumps(line) + "\n")


def read_pauses(path: Path, since: float = float("-inf"),
                until: float = float("inf")) -> list[dict[str, Any]]:
    """The lines of a pause log that began in [since, until); none if there is no file."""
    if not path.exists():
        return []
    lines = (json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()
             if text.strip())
    return [line for line in lines if since <= line["at"] < until]
