"""How often the gateway may answer an address that plays no seat.

A From header is free to forge, so every refusal the gateway sends may land on a bystander
(backscatter). An address that plays no seat gets at most one short mail an hour, and all
such addresses together at most `stranger_replies` an hour. The per-address limit is kept in
the outbox itself (the reply's dedupe key names the address and the hour), so it holds
across restarts and between gateway processes; the overall one is per process.
"""

from __future__ import annotations

import hashlib
from collections import deque

from hacktable.store.mail import MailStore

HOUR = 3600.0


def _digest(address: str) -> str:
    return hashlib.sha256(address.encode("utf-8", "surrogateescape")).hexdigest()[:32]


class Strangers:
    """Decides whether a refusal may go to an address, and under which dedupe key."""

    def __init__(self, store: MailStore, per_hour: int) -> None:
        self.store = store
        self.per_hour = per_hour
        self._sent: deque[float] = deque()

    async def known(self, address: str) -> bool:
        """Whether the address is registered for a seat (of any match)."""
        return bool(await self.store.seats_by_address(address))

    async def hourly(self, prefix: str, now: float) -> str | None:
        """The dedupe key for a mail of this kind (`prefix`) now, or None if one was queued
        less than an hour ago."""
        hour = int(now // HOUR)
        keys = [f"{prefix}:{hour - 1}", f"{prefix}:{hour}"]
        if any(now - at < HOUR for at in (await self.store.queued_at(keys)).values()):
            return None
        return keys[1]

    async def allow(self, address: str, now: float) -> str | None:
        """The dedupe key for a reply to `address` now, or None: it had one this hour (or
        strangers in all had their share)."""
        key = await self.hourly(f"stranger:{_digest(address)}", now)
        if key is None:
            return None
        while self._sent and now - self._sent[0] >= HOUR:
            self._sent.popleft()
        if len(self._sent) >= self.per_hour:
            return None
        self._sent.append(now)
        return key
