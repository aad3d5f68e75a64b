"""Reading mail away from the event loop, within a time budget.

Parsing a mail is pure CPU in Python's `email` package: on the web server's event loop a
hostile mail (12,800 encoded words, 218 KB) stalled every table in the process for seconds,
and a thread would not help, since it holds the GIL just the same. So each mail is read by
one of a few worker processes (`python -m hacktable.mail.reader`, speaking JSON lines over
its pipes, so nothing but plain data ever comes back). A worker that overruns the budget is
killed, which a thread could not be, and the mail is answered from its undecoded headers,
saying why.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import sys
from typing import Any

from hacktable.mail import messages
from hacktable.mail.messages import Letter

log = logging.getLogger(__name__)
START_SECONDS = 60.0
"""How long a new worker may take to start (import the mail modules), apart from the budget."""
LINE_LIMIT = 64 * 1024 * 1024
"""The longest answer a worker may write (a letter's text is at most the mail's size)."""


class _Worker:
    """One worker process and its pipes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> _Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "hacktable.mail.reader", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, limit=LINE_LIMIT)
        worker = cls(process)
        assert process.stdout is not None
        try:
            ready = await asyncio.wait_for(process.stdout.readline(), START_SECONDS)
        except BaseException:
            await worker.stop(kill=True)
            raise
        if ready != b"ready\n":
            await worker.stop(kill=True)
            raise OSError("the mail reader process did not start")
        return worker

    async def call(self, job: dict[str, Any], raw: bytes, seconds: float) -> Letter:
        """The worker's reading of the mail; TimeoutError past `seconds`."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        async with asyncio.timeout(seconds):
            stdin.write(json.dumps({**job, "size": len(raw)}).encode() + b"\n" + raw)
            await stdin.drain()
            line = await stdout.readline()
        if not line:
            raise EOFError("the mail reader process stopped")
        return Letter(**json.loads(line))

    async def stop(self, kill: bool) -> None:
        """End the worker: politely (end of input), or at once (stuck in a mail)."""
        if self.process.returncode is None:
            if kill:
                self.process.kill()
            elif self.process.stdin is not None:
                self.process.stdin.close()
            try:
                await asyncio.wait_for(self.process.wait(), 5)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


class Readers:
    """Up to `workers` worker processes, started when first needed and kept for the next
    mail; each mail gets at most `seconds` of a worker's time."""

    def __init__(self, workers: int, seconds: float) -> None:
        self.seconds = seconds
        self._free: list[_Worker] = []
        self._slots = asyncio.Semaphore(max(1, workers))
        self.overruns = 0

    async def read(self, raw: bytes, max_bytes: int, envelope_from: str | None = None,
                   envelope_to: list[str] | None = None) -> Letter:
        """The mail read by a worker; past the budget a letter from the undecoded headers
        whose `unreadable` says why."""
        job = {"max_bytes": max_bytes, "from": envelope_from, "to": list(envelope_to or [])}
        async with self._slots:
            try:
                worker = self._free.pop() if self._free else await _Worker.start()
            except (OSError, TimeoutError):  # answering matters more than the loop here
                log.exception("mail reader: no worker process; reading on this process")
                return await asyncio.to_thread(messages.read, raw, max_bytes, envelope_from,
                                               envelope_to)
            letter: Letter | None = None
            why = "could not be read"
            try:
                letter = await worker.call(job, raw, self.seconds)
            except TimeoutError:
                self.overruns += 1
                why = f"took longer than {self.seconds:g} seconds to read"
            except (EOFError, OSError, ValueError, TypeError):
                log.exception("mail reader: a worker failed on a mail")
            finally:
                if letter is None:  # stuck, dead or interrupted: never reused
                    await worker.stop(kill=True)
                else:
                    self._free.append(worker)
        if letter is not None:
            return letter
        return messages.unread(
            Letter(messages.dedupe_key(raw)), raw, envelope_from, envelope_to,
            f"Your mail {why}, so it was not read. Send your orders as a new, short "
            "plain-text mail.")

    async def close(self) -> None:
        workers, self._free = self._free, []
        for worker in workers:
            await worker.stop(kill=False)


def serve() -> None:
    """A worker: read each mail from standard input, write its letter as one JSON line."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    sink.write(b"ready\n")
    sink.flush()
    while header := source.readline():
        job = json.loads(header)
        raw = source.read(job["size"])
        letter = messages.read(raw, job["max_bytes"], job["from"], job["to"])
        sink.write(json.dumps(dataclasses.asdict(letter)).encode() + b"\n")
        sink.flush()


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt, BrokenPipeError):
        serve()
