"""Lab runs: `hacktable simulate` in a process of its own, one folder per run.

The server never plays a game itself: a run is the simulator's own command line, started
with `asyncio.create_subprocess_exec` (niced, in its own process group, so Cancel stops it
and its workers at once) and awaited, so the event loop never waits on it; the run stops by
itself if the server goes (`child`). Everything a run
knows lives in its folder: `job.json` (what was asked, when, how it ended), and the
command's own `results.jsonl` (one line per finished game, flushed as it comes: the
progress bar counts them), `report.html`, `summary.json` and `log.txt`. A page reload, or
another server process reading the same folder, sees the same run.

Runs share the processors fairly: past `limit` runs at once a new run waits in a queue (first
come, first played) instead of being refused, and one browser has at most `per_visitor`
runs playing or waiting: starting another ends its own oldest, never someone else's, so
starting again and again gains a visitor nothing but a place at the back of the queue.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hacktable.lab.child import SERVER_PID
from hacktable.lab.spec import Spec

JOB_ID = re.compile(r"^[0-9a-f]{16}$")
KEEP = 40
"""Finished runs kept on disk; older ones are removed when a new run starts."""
RUNNING, DONE, FAILED, CANCELLED, STOPPED = "running", "done", "failed", "cancelled", "stopped"
QUEUED = "queued"
"""Waiting for a free slot: it starts by itself, in its turn."""
LIVE = (QUEUED, RUNNING)
REPLACED = ("Ended: the same browser started a newer run, and a browser may have only "
            "{share} going or waiting here.")


class Full(Exception):
    """Every slot is taken and the queue is as long as it may be."""


@dataclass
class Job:
    id: str
    folder: Path
    spec: Spec
    started: float
    status: str = RUNNING
    finished: float | None = None
    message: str = ""
    owner: int = field(default_factory=os.getpid)
    """The server process that started it: if that process is gone, so is the run."""
    pid: int = 0
    """The run's own process (and process group), for Cancel from any server process."""
    browser: str = ""
    """The hash of the Lab token of the browser that started it: the run is theirs."""
    note: str = ""
    """What was changed in the run as asked before it started (cut to fewer games)."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "spec": self.spec.to_json(), "started": self.started,
                "status": self.status, "finished": self.finished, "message": self.message,
                "owner": self.owner, "pid": self.pid, "browser": self.browser,
                "note": self.note}

    @classmethod
    def from_json(cls, folder: Path, data: dict[str, Any]) -> Job:
        return cls(id=str(data["id"]), folder=folder, spec=Spec.from_json(data["spec"]),
                   started=float(data["started"]), status=str(data["status"]),
                   finished=data.get("finished"), message=str(data.get("message") or ""),
                   owner=int(data.get("owner") or 0), pid=int(data.get("pid") or 0),
                   browser=str(data.get("browser") or ""), note=str(data.get("note") or ""))

    def save(self) -> None:
        path = self.folder / "job.json"
        spare = path.with_suffix(".tmp")
        spare.write_text(json.dumps(self.to_json(), indent=1))
        spare.replace(path)  # a reader never sees half a file

    def games_done(self) -> int:
        """Finished games so far: the lines the simulator has flushed to its results."""
        try:
            with (self.folder / "results.jsonl").open("rb") as results:
                done = sum(chunk.count(b"\n") for chunk in iter(lambda: results.read(65536),
                                                                   b""))
        except OSError:
            done = 0
        return min(done, self.spec.total)

    def progress(self, now: float) -> dict[str, Any]:
        """What the progress bar shows: games done of all, seconds elapsed and left."""
        done = (self.spec.total if self.status == DONE else 0 if self.status == QUEUED
                else self.games_done())
        elapsed = 0.0 if self.status == QUEUED else max(0.0, (self.finished or now)
                                                         - self.started)
        left = None
        if self.status == RUNNING and done:
            left = elapsed / done * (self.spec.total - done)
        return {"id": self.id, "status": self.status, "done": done, "total": self.spec.total,
                "elapsed": round(elapsed, 1), "eta": None if left is None else round(left, 1),
                "message": self.message or describe(self, done), "note": self.note}


def describe(job: Job, done: int) -> str:
    if job.status == QUEUED:
        return "Waiting for a free slot: other runs came first; it starts by itself."
    if job.status == RUNNING:
        if done >= job.spec.total:
            return "Every game is played; drawing the report."
        return "Starting the simulator." if not done else "Playing."
    return {DONE: "Done.", CANCELLED: "Cancelled.",
            STOPPED: "The server stopped while this run was playing; start it again."
            }.get(job.status, "The run stopped.")


class Jobs:
    """The runs of this server process, at most `limit` at once and `queue` waiting, at most
    `per_visitor` of one browser's playing or waiting, kept under `root`."""

    def __init__(self, root: Path, limit: int, workers: int | None = None,
                 max_seconds: float = 1800.0, queue: int = 20, per_visitor: int = 1) -> None:
        self.root = root
        self.limit = limit
        self.max_seconds = max_seconds
        """A run still playing after this long is stopped."""
        self.queue = queue
        self.per_visitor = max(1, per_visitor)
        self.workers = workers or max(1, (os.cpu_count() or 2) // 2)
        """Worker processes a run gets: half the machine, so the table stays responsive."""
        self._running: dict[str, Job] = {}
        self._waiting: list[Job] = []
        self._processes: dict[str, asyncio.subprocess.Process] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        atexit.register(self._stop_all)

    def running(self) -> list[Job]:
        return list(self._running.values())

    def waiting(self) -> list[Job]:
        return list(self._waiting)

    def ahead(self, job: Job) -> int:
        """Runs that start before this waiting one (0: it is next)."""
        return next((n for n, waiting in enumerate(self._waiting) if waiting.id == job.id), 0)

    async def start(self, spec: Spec, browser: str = "", note: str = "") -> Job:
        """Queue a run for the browser whose Lab token hashes to `browser` and start it if a
        slot is free; that browser's oldest run ends first where it has its share going.
        `Full` when the queue is as long as it may be."""
        self._make_room(browser)
        if len(self._running) >= self.limit and len(self._waiting) >= self.queue:
            raise Full()
        job_id = secrets.token_hex(8)
        folder = self.root / job_id
        folder.mkdir(parents=True)
        job = Job(job_id, folder, spec, time.time(), status=QUEUED, browser=browser,
                  note=note)
        self._waiting.append(job)  # before any await: the queue's order is the posts'
        job.save()
        self._prune()
        await self._advance()
        return job

    def _make_room(self, browser: str) -> None:
        """End this browser's oldest runs until a new one fits its share."""
        if not browser:
            return
        own = sorted((job for job in [*self._running.values(), *self._waiting]
                      if job.browser == browser), key=lambda job: job.started)
        while len(own) >= self.per_visitor:
            self.cancel(own.pop(0), REPLACED.format(
                share="one run" if self.per_visitor == 1 else f"{self.per_visitor} runs"))

    async def _advance(self) -> None:
        """Start waiting runs, first come first, while slots are free."""
        while self._waiting and len(self._running) < self.limit:
            job = self._waiting.pop(0)
            self._running[job.id] = job  # before any await: two starts cannot pass the cap
            await self._launch(job)

    async def _launch(self, job: Job) -> None:
        folder = job.folder
        try:
            job.status, job.started = RUNNING, time.time()
            job.save()
            command = job.spec.command(folder, self.workers)
            nice = shutil.which("nice")
            if nice:
                command = [nice, "-n", "10", *command]
            with (folder / "log.txt").open("wb") as log:
                process = await asyncio.create_subprocess_exec(
                    *command, stdin=asyncio.subprocess.DEVNULL, stdout=log,
                    stderr=asyncio.subprocess.STDOUT, start_new_session=True,
                    env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb",
                         SERVER_PID: str(os.getpid())})
        except Exception as error:  # the run could not start: it says so, the next may
            self._running.pop(job.id, None)
            job.status, job.finished = FAILED, time.time()
            job.message = f"The run could not start: {error}"
            job.save()
            return
        self._processes[job.id] = process
        job.pid = process.pid
        job.save()
        task = asyncio.create_task(self._watch(job, process))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch(self, job: Job, process: asyncio.subprocess.Process) -> None:
        try:
            try:
                code = await asyncio.wait_for(asyncio.shield(process.wait()), self.max_seconds)
            except TimeoutError:  # too long: the run and its workers stop here
                job.status = FAILED
                limit = (f"{self.max_seconds / 60:g} minutes" if self.max_seconds >= 120
                         else f"{self.max_seconds:g} seconds")
                job.message = (f"Stopped after {limit}, the longest a Lab run may play here, "
                               f"at {job.games_done():,} of {job.spec.total:,} games; ask for "
                               "fewer games or a smaller budget.")
                job.save()
                terminate(job.pid)
                code = await process.wait()
        finally:
            self._processes.pop(job.id, None)
            self._running.pop(job.id, None)
        saved = self._load(job.folder)
        if saved is not None and saved.status == CANCELLED:  # by another server process
            job.status, job.message = saved.status, saved.message
        if job.status == RUNNING:
            if code == 0 and (job.folder / "report.html").exists():
                job.status = DONE
            else:
                job.status = FAILED
                job.message = failure(job.folder / "log.txt", code)
        job.finished = time.time()
        job.save()
        await self._advance()  # the slot is free: the next run in the queue starts

    def get(self, job_id: str) -> Job | None:
        """A run of this process, or one found on disk (finished, or another process's)."""
        if not JOB_ID.match(job_id):
            return None
        if job_id in self._running:
            return self._running[job_id]
        waiting = next((job for job in self._waiting if job.id == job_id), None)
        if waiting is not None:
            return waiting
        return self._load(self.root / job_id)

    def _load(self, folder: Path) -> Job | None:
        try:
            job = Job.from_json(folder, json.loads((folder / "job.json").read_text()))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if job.status in LIVE and not alive(job.owner):
            job.status = STOPPED
        return job

    def recent(self, count: int = 8, browser: str | None = None) -> list[Job]:
        """The latest runs, newest first (with `browser`, only that browser's)."""
        found = [job for folder in self._folders()[:KEEP]
                 if (job := self.get(folder.name)) is not None
                 and (browser is None or job.browser == browser)]
        return found[:count]

    def cancel(self, job: Job, message: str = "") -> None:
        """Stop a run and its workers, whichever server process started it, or take it out
        of the queue; a finished run is left as it is."""
        if job.status == QUEUED and job in self._waiting:
            self._waiting.remove(job)
            job.status, job.finished = CANCELLED, time.time()
            job.message = message or "Cancelled before it started."
            job.save()
            return
        if job.status != RUNNING or not job.pid:
            return
        job.status = CANCELLED
        job.message = (f"{message} " if message else "") + (
            f"Cancelled after {job.games_done():,} of {job.spec.total:,} games.")
        job.save()
        terminate(job.pid)

    def _folders(self) -> list[Path]:
        try:
            folders = [path for path in self.root.iterdir()
                       if path.is_dir() and JOB_ID.match(path.name)]
        except OSError:
            return []
        return sorted(folders, key=lambda path: path.stat().st_mtime, reverse=True)

    def _prune(self) -> None:
        for folder in self._folders()[KEEP:]:
            if folder.name not in self._running and all(job.id != folder.name
                                                         for job in self._waiting):
                shutil.rmtree(folder, ignore_errors=True)

    def _stop_all(self) -> None:
        """When the server exits, its runs end with it (no orphan burning processor time)."""
        for process in list(self._processes.values()):
            terminate(process.pid)


def terminate(pid: int) -> None:
    """SIGTERM to the run's process group: the simulator and every worker it spawned."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGTERM)


def alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def failure(log: Path, code: int) -> str:
    """The sentence a failed run left: the simulator's own "Error:" line, else the last
    line of a traceback, else the exit status."""
    try:
        text = log.read_text(errors="replace")
    except OSError:
        text = ""
    if "Error:" in text and "Traceback" not in text:
        sentence = " ".join(text.rsplit("Error:", 1)[1].split())
        if sentence:
            return sentence
    last = [line.strip() for line in text.splitlines() if line.strip()]
    if last:
        return f"The simulator stopped (exit status {code}): {last[-1][:300]}"
    return f"The simulator stopped with exit status {code}."
