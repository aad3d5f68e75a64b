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
from collections.abc import Awaitable, Callable

Listener = Callable[[int, int, str], Awaitable[None]]
CHANNEL = "hacktable:moves"
log = logging.getLogger(__name__)


class LocalBroker:
    """One process: the message goes straight to this process's listener."""

    def __init__(self) -> None:
        self._listener: Listener | None = None

    async def start(self, listener: Listener) -> None:
        self._listener = listener

    async def publish(self, match_id: int, seq: int, what: str = "move") -> None:
        if self._listener is not None:
            await self._listener(match_id, seq, what)

    async def close(self) -> None:
        self._listener = None


class RedisBroker(LocalBroker):
    """Several processes: Redis pub/sub carries each message to the others."""

    def __init__(self, url: str) -> None:
        super().__init__()
        from redis import asyncio as aioredis

        self._redis = aioredis.from_url(url)
        self._origin = secrets.token_hex(8)
        self._task: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()

    async def start(self, listener: Listener) -> None:
        await super().start(listener)
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._task = asyncio.create_task(self._listen(pubsub))

    async def _listen(self, pubsub: object) -> None:
        while True:
            try:
                async for message in pubsub.listen():  # type: ignore[attr-defined]
                    data = json.loads(message["data"])
                    if data.get("origin") != self._origin and self._listener is not None:
                        # each catch-up on its own: one slow match must not hold up the rest
                        task = asyncio.create_task(self._listener(
                            int(data["match"]), int(data["seq"]), str(data.get("what", "move"))))
                        self._pending.add(task)
                        task.add_done_callback(self._pending.discard)
            except asyncio.CancelledError:
                raise
            except Exception:  # a dropped connection: reconnect and go on
                log.exception("fan-out listener failed; resubscribing")
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    await pubsub.subscribe(CHANNEL)  # type: ignore[attr-defined]

    async def publish(self, match_id: int, seq: int, what: str = "move") -> None:
        await super().publish(match_id, seq, what)
        message = {"match": match_id, "seq": seq, "what": what, "origin": self._origin}
        try:
            await self._redis.publish(CHANNEL, json.dumps(message))
        except Exception:  # the move is stored; other processes catch up on their next read
            log.exception("could not publish to Redis")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self._redis.aclose()
        await super().close()


def make_broker(redis_url: str | None) -> LocalBroker:
    return RedisBroker(redis_url) if redis_url else LocalBroker()
