"""The conversations panel (`web/templates/_press.html`, `web/static/js/press.js`): on every
seat's page beside its screen, and on a refereeing host's console. It lives outside
`main#screen`, so the screen's pushes never touch it; its script follows the page's own
socket (`{"type": "press"}`) and sends through `POST /api/matches/CODE/messages`."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from hacktable.server.live import Caller, Live
from hacktable.server.press import PressDesk


def _desk(request: Request) -> PressDesk:
    desk: PressDesk = request.app.state.table.press
    return desk


async def _render(request: Request, live: Live, caller: Caller) -> str | None:
    press = _desk(request)
    if live.match is None or not press.may_read(live, caller):
        return None
    found = await press.read(live, caller)
    payload = press.payload(live, caller, found)
    from hacktable.web import templates

    names = {s["seat"]: s["name"] or f"seat {s['seat'] + 1}" for s in payload["seats"]}
    shown: list[dict[str, Any]] = [{**m, "sender": names.get(m["from"], "?"),
                                    "where": _where(m["to"], names)}
                                   for m in payload["messages"]]
    return templates().get_template("_press.html").render(
        code=live.record.code, press=payload, shown=shown)


def _where(to: Any, names: dict[int, str]) -> str:
    """Whom a message was written to, in words (the page without script)."""
    if to == "table":
        return "the whole table"
    return ", ".join(names.get(int(seat), "?") for seat in to)


async def seat_panel(request: Request, live: Live, seat: int) -> str | None:
    """A player's conversations: their own threads only."""
    return await _render(request, live, Caller("seat", seat))


async def host_panel(request: Request, live: Live) -> str | None:
    """A refereeing host reads every message (a playing host reads theirs on their seat)."""
    if not live.record.referee:
        return None
    return await _render(request, live, Caller("host", referee=True))


async def spectator_panel(request: Request, live: Live) -> str | None:
    """Every message, for a spectator, once a match whose host set `reveal_press` is over;
    nothing before (`PressDesk.may_read`)."""
    return await _render(request, live, Caller("spectator"))
