"""Fan-out: telling every server process that a match moved.

A message only says "match M is at seq N" (or "its room changed"); each process reads
the log itself and pushes fresh views to its own WebSocket clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

Listener = Callable[[int, int, str, bool], Coroutine[Any, Any, None]]
"""Called with (match id, seq, "move" or "room", whether this very process sent it)."""
CHANNEL = "moves"
"""The channel's name after the settings' Redis prefix ("hacktable:moves" by default)."""
log = logging.getLogger(__name__)


class LocalBroker:
    """One process: the message goes straight to this process's listener."""

    def __init__(self) -> None:
        self._listener: Listener | None = None

    async def start(self, listener: Listener) -> None:
        self._listener = listener

    async def publish(self, match_id: int, seq: int, what: str = "move") -> None:
        if self._listener is not None:
            await self._listener(match_id, seq, what, True)

    async def close(self) -> None:
        self._listener = None


PUBLISH_TIMEOUT = 1.0
"""Seconds one publish may wait on Redis before it is dropped (the others catch up)."""
OUTGOING_LIMIT = 1000
"""Messages waiting for Redis before the oldest are dropped: a stopped Redis must not make
the process hoard them (each says only "match M is at seq N"; later ones supersede it)."""


class RedisBroker(LocalBroker):
    """Several processes: Redis pub/sub carries each message to the others.

    Publishing never waits on Redis. A move is told to this process's watchers at once and
    queued for the others; a background sender hands the queue to Redis with a timeout.
    With Redis slow, stopped or gone, messages are dropped and the other processes fall
    back on their catch-up polling (`FanOut.catch_up`), as they do for any lost message;
    when Redis answers again, fan-out resumes by itself.
    """

    def __init__(self, url: str, timeout: float = PUBLISH_TIMEOUT,
                 prefix: str = "hacktable:") -> None:
        super().__init__()
        self.channel = prefix + CHANNEL
        from redis import asyncio as aioredis

        # Two connections: the listener blocks on a quiet channel for as long as it likes,
        # the publisher must give up quickly.
        self._redis = aioredis.from_url(url, health_check_interval=30)
        self._publisher = aioredis.from_url(url, socket_timeout=timeout,
                                            socket_connect_timeout=timeout)
        self._timeout = timeout
        self._origin = secrets.token_hex(8)
        self._task: asyncio.Task[None] | None = None
        self._sender: asyncio.Task[None] | None = None
        self._outgoing: asyncio.Queue[str] = asyncio.Queue(OUTGOING_LIMIT)
        self._pending: set[asyncio.Task[None]] = set()
        self.dropped = 0
        """Messages never handed to Redis (for the logs and the tests)."""

    async def start(self, listener: Listener) -> None:
        await super().start(listener)
        self._sender = asyncio.create_task(self._send())
        self._task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        pubsub = None
        while True:
            try:
                if pubsub is None:
                    pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                    await pubsub.subscribe(self.channel)
                async for message in pubsub.listen():
                    self._received(message)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a dropped connection: reconnect and go on
                log.warning("fan-out listener lost Redis (%s); resubscribing",
                            type(error).__name__)
                if pubsub is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(
                            pubsub.aclose(),  # type: ignore[no-untyped-call]  # redis leaves it unannotated
                            self._timeout)
                pubsub = None
                await asyncio.sleep(0.5)

    def _received(self, message: dict[str, object]) -> None:
        data = json.loads(message["data"])  # type: ignore[arg-type]
        if data.get("origin") != self._origin and self._listener is not None:
            # each catch-up on its own: one slow match must not hold up the rest
            task = asyncio.create_task(self._listener(
                int(data["match"]), int(data["seq"]), str(data.get("what", "move")), False))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def publish(self, match_id: int, seq: int, what: str = "move") -> None:
        await super().publish(match_id, seq, what)
        message = {"match": match_id, "seq": seq, "what": what, "origin": self._origin}
        if self._outgoing.full():  # Redis is not keeping up: the oldest news goes first
            self._outgoing.get_nowait()
            self.dropped += 1
        self._outgoing.put_nowait(json.dumps(message))

    async def _send(self) -> None:
        failing = False
        while True:
            message = await self._outgoing.get()
            try:
                await asyncio.wait_for(self._publisher.publish(self.channel, message),
                                       self._timeout)
                if failing:
                    log.warning("Redis answers again; fan-out resumed")
                failing = False
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the move is stored; others catch up on their poll
                self.dropped += 1
                if not failing:
                    log.warning("could not publish to Redis (%s); other processes will "
                                "catch up by polling until it answers", type(error).__name__)
                failing = True
                await self._reset_publisher()

    async def _reset_publisher(self) -> None:
        """Drop the connection a timed-out command left half-read; the next one is new."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._publisher.connection_pool.disconnect(),
                                   self._timeout)

    async def close(self) -> None:
        for task in (self._task, self._sender):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for client in (self._redis, self._publisher):  # a stopped Redis must not hold us
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.aclose(), self._timeout)
        await super().close()


def make_broker(redis_url: str | None, prefix: str = "hacktable:") -> LocalBroker:
    return RedisBroker(redis_url, prefix=prefix) if redis_url else LocalBroker()
