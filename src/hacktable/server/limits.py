"""Rate limits per client: room codes are short enough to read aloud, so they must not be
guessable by brute force, and one client must not fill the database with matches.

A six-letter code from 31 letters is about 30 bits (887 million codes). Unlimited, a script
tries ~1,000 codes a second and, with 1,000 matches stored, hits one in about 15 minutes.
Here each client may miss (ask for a room that does not exist) `burst` times in a row, and
then `misses_per_hour` times an hour; past that every room lookup from it waits (429 with
Retry-After). At 60 misses an hour the same search takes about 20 months on average, while
a person who mistypes a code a few times never notices. Creating matches is limited the
same way, and so is taking seats: one client must not hold seat after seat (each seat may
ask the mail gateway to write somewhere); their hourly count is kept in the store, so every
process counts the same seats.

The client is the connection's address (`ClientAddress`): `X-Forwarded-For` names it only
when the connection comes from a proxy the operator named (`HACKTABLE_TRUSTED_PROXIES`,
none by default), so a program on the same machine cannot name a new client per request.
"""

from __future__ import annotations

import ipaddress
import json
import math
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

ROOM_PATH = re.compile(r"^/(?:api/matches|m)/[^/]+")
REMATCH_PATH = re.compile(r"^/api/matches/[^/]+/rematch/?$")
"""Playing again opens a new table: it counts as creating one."""
JOIN_PATH = re.compile(r"^/api/matches/[^/]+/(?:join|take)/?$")
"""Taking a seat: counted per client, so nobody holds a hundred seats."""
SOCKET_PATH = re.compile(r"^/api/matches/[^/]+/ws/?$")
SOCKET_JOIN = re.compile(rb"(?:^|&)join=")
"""A screen's socket that takes a seat as it opens (`socket.watch`, `join=`): a join too."""
SEAT_TAKEN = "hacktable.seat_taken"
"""What a socket that took its seat (`socket.watch`) sets in its scope's state."""
UNTRUSTED = "forwarded"
"""The client named when a header names one but no trusted proxy sent it (`ClientAddress`):
every such request counts as one client, so forging a new name each time gains nothing."""
BUCKETS_KEPT = 10_000
"""Clients remembered at most (the oldest are forgotten first): memory stays bounded."""


@dataclass
class Bucket:
    tokens: float
    at: float


class TokenBuckets:
    """`per_hour` tokens an hour per key, at most `burst` saved up (0 per hour: no limit)."""

    def __init__(self, per_hour: float, burst: float,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.per_hour = per_hour
        self.burst = max(1.0, burst)
        self.now = now
        self._buckets: dict[str, Bucket] = {}

    def _bucket(self, key: str) -> Bucket:
        now = self.now()
        bucket = self._buckets.pop(key, None) or Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_hour / 3600)
        bucket.at = now
        self._buckets[key] = bucket  # most recently used last
        while len(self._buckets) > BUCKETS_KEPT:
            self._buckets.pop(next(iter(self._buckets)))
        return bucket

    def wait(self, key: str) -> float:
        """Seconds until `key` may go on (0: now), spending nothing."""
        if self.per_hour <= 0:
            return 0.0
        bucket = self._bucket(key)
        return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) * 3600 / self.per_hour

    def spend(self, key: str) -> None:
        if self.per_hour > 0:
            self._bucket(key).tokens -= 1

    def take(self, key: str) -> float:
        """Spend a token for `key` if it has one (0: done), else the seconds until it will
        have one, spending nothing: `wait` then `spend` with one look at the bucket (a
        seat's every move asks)."""
        if self.per_hour <= 0:
            return 0.0
        bucket = self._bucket(key)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) * 3600 / self.per_hour


def client_of(scope: Scope) -> str:
    """Who a request comes from, as the limits count it (after `ClientAddress`): its
    address, or for IPv6 its /64 network, which one household or server gets whole (so
    a new address per request is not a new client)."""
    host = (scope.get("client") or ("unknown", 0))[0]
    if ":" in host:
        try:
            return str(ipaddress.ip_network(f"{host}/64", strict=False))
        except ValueError:
            return host
    return host


class Limits:
    """Each client's buckets, shared by the middleware and the pages that look rooms up
    themselves (the front page's "your tables" counts its misses here too)."""

    def __init__(self, misses_per_hour: float = 60, creates_per_hour: float = 60,
                 burst: float = 20, joins_per_hour: float = 30,
                 join_burst: float = 10) -> None:
        self.misses = TokenBuckets(misses_per_hour, burst)
        self.creates = TokenBuckets(creates_per_hour, burst)
        self.joins = TokenBuckets(joins_per_hour, join_burst)


class RateLimits:
    """ASGI middleware: throttle clients that miss room codes, create many matches or take
    many seats."""

    def __init__(self, app: ASGIApp, misses_per_hour: float = 60, creates_per_hour: float = 60,
                 burst: float = 20, limits: Limits | None = None) -> None:
        self.app = app
        limits = limits or Limits(misses_per_hour, creates_per_hour, burst)
        self.misses = limits.misses
        self.creates = limits.creates
        self.joins = limits.joins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = client_of(scope)
        path = scope.get("path", "")
        posting = scope["type"] == "http" and scope["method"] == "POST"
        creating = posting and (path.rstrip("/") == "/api/matches"
                                or REMATCH_PATH.match(path) is not None)
        joining = (posting and JOIN_PATH.match(path) is not None) or (
            scope["type"] == "websocket" and SOCKET_PATH.match(path) is not None
            and SOCKET_JOIN.search(scope.get("query_string", b"")) is not None)
        if joining:
            wait = self.joins.wait(client) or await self._joined_lately(scope, client)
            if wait > 0:
                await _too_many(scope, receive, send, wait, "join")
                return
        looking = ROOM_PATH.match(path) is not None or path.rstrip("/") == "/m"
        limit = self.creates if creating else self.misses if looking else None
        if limit is None:
            await self.app(scope, receive, send)
            return
        wait = limit.wait(client)
        if wait > 0:
            await _too_many(scope, receive, send, wait, "create" if creating else "miss")
            return
        if creating:
            limit.spend(client)
            await self.app(scope, receive, send)
            return

        unspent = joining

        async def counting(message: Message) -> None:
            nonlocal unspent
            missed = ((message["type"] == "http.response.start" and message["status"] == 404)
                      or (message["type"] == "websocket.close" and message.get("code") == 4404))
            if missed:
                self.misses.spend(client)
            if unspent and ((message["type"] == "http.response.start"
                             and message["status"] < 300)
                            or (message["type"] == "websocket.send"
                                and scope.get("state", {}).get(SEAT_TAKEN))):
                unspent = False
                self.joins.spend(client)  # a seat taken: refusals cost nothing
                await self._note_join(scope, client)
            await send(message)

        await self.app(scope, receive, counting)

    async def _joined_lately(self, scope: Scope, client: str) -> float:
        """Seconds until this client may take another seat by the hourly count every
        process shares (the store's), 0: now."""
        per_hour = self.joins.per_hour
        table = _table(scope)
        if per_hour <= 0 or table is None:
            return 0.0
        now: float = table.clock.now()
        count: int
        oldest: float | None
        count, oldest = await table.store.client_events("join", client, now - 3600)
        if count < per_hour or oldest is None:
            return 0.0
        return max(1.0, oldest + 3600 - now)

    async def _note_join(self, scope: Scope, client: str) -> None:
        table = _table(scope)
        if self.joins.per_hour > 0 and table is not None:
            await table.store.note_client_event("join", client, table.clock.now())


def _table(scope: Scope) -> Any:
    """The app's table (`table.Table`), once it has started; None before."""
    app = scope.get("app")
    return getattr(getattr(app, "state", None), "table", None)


async def _too_many(scope: Scope, receive: Receive, send: Send, wait: float,
                    what: str) -> None:
    seconds = max(1, math.ceil(wait))
    sentence = {
        "create": f"Too many new matches from here; wait {seconds} s and try again.",
        "join": f"Too many seats were taken from here lately; wait {seconds} s and try "
                "again.",
        "miss": f"Too many room codes that do not exist were tried from here; check the code "
                f"with the host and try again in {seconds} s."}[what]
    if scope["type"] == "websocket":  # accepted first, so a page can read why and wait
        await receive()  # the client's connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 4429, "reason": sentence[:120]})
        return
    api = scope.get("path", "").startswith("/api")
    body = (json.dumps({"detail": sentence}) if api
            else f"<!doctype html><title>Wait a moment</title><p>{sentence}</p>").encode()
    await send({"type": "http.response.start", "status": 429, "headers": [
        (b"content-type", b"application/json" if api else b"text/html; charset=utf-8"),
        (b"retry-after", str(seconds).encode()),
        (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class ClientAddress:
    """ASGI middleware: decide who the client is before any limit counts it.

    `X-Forwarded-For` is believed only from a proxy in `trusted` (addresses or networks):
    then the client is the last address in it that is not itself a trusted proxy. A header
    from anyone else names nobody. uvicorn, unless told `--no-proxy-headers`, already put
    the header's address in place of a loopback peer; with no proxy named, a peer that is
    one of the header's own addresses is taken for such a rewrite and counted as the one
    client `UNTRUSTED`, so a forged header never makes a new client."""

    def __init__(self, app: ASGIApp, trusted: Iterable[str] = ()) -> None:
        self.app = app
        self.trusted = [ipaddress.ip_network(item.strip(), strict=False)
                        for item in trusted if item.strip()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            named = forwarded_for(scope)
            if named:
                peer = (scope.get("client") or ("unknown", 0))[0]
                scope["client"] = (self.client(peer, named), 0)
        await self.app(scope, receive, send)

    def is_trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)

    def client(self, peer: str, named: list[str]) -> str:
        if self.is_trusted(peer):
            for address in reversed(named):
                if not self.is_trusted(address):
                    return address
            return named[0]
        if peer in named and not self.trusted:
            return UNTRUSTED  # rewritten by uvicorn from a header nobody was trusted for
        return peer  # with proxies named, uvicorn's own rewrite (its default: a loopback
        # proxy) is taken as it is; `hacktable serve` turns uvicorn's off


def forwarded_for(scope: Scope) -> list[str]:
    """The addresses `X-Forwarded-For` lists, first (the farthest) first, ports dropped."""
    found: list[str] = []
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            for item in value.decode("latin-1").split(","):
                item = item.strip()
                if item.startswith("[") and "]" in item:
                    item = item[1:item.index("]")]
                elif item.count(":") == 1:
                    item = item.split(":")[0]
                if item:
                    found.append(item)
    return found
