"""Hostile mails for the gateway's security tests, built as the raw bytes an attacker's
client would send, and a heartbeat that shows whether the event loop kept running."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

WORDS_218_KB = 12_800
"""The issue's mail: a subject of 12,800 encoded words, 218 KB (folded, as SMTP needs)."""


def encoded_words(count: int) -> str:
    """`count` encoded words, folded into lines that SMTP carries (under 998 bytes)."""
    word = "=?utf-8?b?YQ==?="
    lines = [" ".join([word] * min(50, count - i)) for i in range(0, count, 50)]
    return "\r\n ".join(lines)


def heavy_subject(sender: str, to: str, words: int = WORDS_218_KB,
                  body: str = "protect self") -> bytes:
    """A small mail under a subject of many encoded words (decoding them is quadratic)."""
    return (f"From: {sender}\r\nTo: {to}\r\nSubject: {encoded_words(words)}\r\n"
            f"Message-ID: <heavy-{words}@players.test>\r\n\r\n{body}\r\n").encode()


def slow_parts(sender: str, to: str, body: str = "protect self", parts: int = 4) -> bytes:
    """A mail within every size budget (under 256 KB, headers under 64 KB, a few parts) that
    still takes Python's email package seconds to read: each attachment's file name is
    3,500 encoded words."""
    name = encoded_words(3_500)
    attached = "".join(f"--B\r\nContent-Type: application/octet-stream\r\nContent-Disposition: "
                       f'attachment; filename="{name}"\r\n\r\nx\r\n' for _ in range(parts))
    return (f"From: {sender}\r\nTo: {to}\r\nSubject: Re: my orders\r\n"
            "Message-ID: <slow-parts@players.test>\r\nMIME-Version: 1.0\r\n"
            "Content-Type: multipart/mixed; boundary=B\r\n\r\n"
            f"--B\r\nContent-Type: text/plain\r\n\r\n{body}\r\n{attached}--B--\r\n").encode()


def nested(sender: str, to: str, depth: int = 2_000, body: str = "protect self") -> bytes:
    """A multipart nested `depth` deep around one line of orders."""
    opening = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n'
                      for i in range(depth))
    closing = "".join(f"--b{i}--\r\n" for i in reversed(range(depth)))
    return (f"From: {sender}\r\nTo: {to}\r\nSubject: Re: deep\r\nMessage-ID: "
            f"<deep-{depth}@players.test>\r\nMIME-Version: 1.0\r\n{opening}"
            f"Content-Type: text/plain\r\n\r\n{body}\r\n{closing}").encode()


@dataclass
class Heartbeat:
    """A task that wakes every `every` seconds and notes when it did."""

    every: float = 0.01
    beats: list[float] = field(default_factory=list)

    def between(self, start: float, end: float) -> list[float]:
        return [t for t in self.beats if start <= t <= end]

    def longest_pause(self, start: float, end: float) -> float:
        """The longest time within [start, end] in which the heartbeat did not run."""
        times = [start, *self.between(start, end), end]
        return max(b - a for a, b in itertools.pairwise(times))

    async def _run(self) -> None:
        while True:
            self.beats.append(time.monotonic())
            await asyncio.sleep(self.every)


@contextlib.asynccontextmanager
async def heartbeat(every: float = 0.01) -> AsyncIterator[Heartbeat]:
    beat = Heartbeat(every)
    task = asyncio.create_task(beat._run())
    try:
        yield beat
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
