"""The host console's email panel: one address field per seat, and which seats have mail on.

`mail.web.mount` adds it to the console's panels, so it appears only where the gateway
runs, and it shows nothing for a game without a written notation. It carries addresses
only, never a seat's code: the host sees the same page whoever plays the seats.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request

from hacktable.mail.enable import writes_orders
from hacktable.server.live import Live
from hacktable.store.mail import MailStore
from hacktable.store.records import FINISHED


def changing(request: Request, match_id: int) -> asyncio.Lock:
    """Held while a host's request changes the match's email play. Seating players in the
    lobby reloads the host's page before the request is done; the panel waits for it, so the
    reloaded page shows the outcome rather than half of it."""
    locks: dict[int, asyncio.Lock] = request.app.state.mail_locks
    return locks.setdefault(match_id, asyncio.Lock())


async def panel(request: Request, live: Live) -> str | None:
    """The panel's HTML for the host of `live`, or None where email play cannot be had."""
    if not writes_orders(live.game):
        return None
    async with changing(request, live.record.id):
        return await _render(request, live)


async def _render(request: Request, live: Live) -> str | None:
    state = live.match.state if live.match is not None else None
    if not writes_orders(live.game, state):
        return None
    store = MailStore(request.app.state.table.store)
    mailed = {s.seat: s.address for s in await store.seats(live.record.id)}
    if live.record.status in FINISHED and not mailed:
        return None
    rows: list[dict[str, Any]] = [
        {"seat": s.seat, "name": s.name, "kind": s.kind, "address": mailed.get(s.seat)}
        for s in live.seats]
    from hacktable.web import templates

    return templates().get_template("_mail_host.html").render(
        code=live.record.code, status=live.record.status, rows=rows, on=bool(mailed),
        gateway=request.app.state.mail_settings.address)


async def seat_panel(request: Request, live: Live, seat: int) -> str | None:
    """The player's own "Play by email" box: only they can move their seat to an address."""
    if not writes_orders(live.game) or live.record.status in FINISHED:
        return None
    state = live.match.state if live.match is not None else None
    if not writes_orders(live.game, state):
        return None
    store = MailStore(request.app.state.table.store)
    mailed = {s.seat: s.address for s in await store.seats(live.record.id)}
    pending = await store.pending(live.record.id, seat)
    from hacktable.web import templates

    return templates().get_template("_mail_seat.html").render(
        code=live.record.code, address=mailed.get(seat),
        waiting=pending.address if pending is not None else None,
        gateway=request.app.state.mail_settings.address)
