"""A caller's screen: the payload presented from their own view, rendered once per
distinct (role, viewer, format, moment) and shared by every socket and answer that shows
the same."""

from __future__ import annotations

from typing import Any, NamedTuple

from hacktable.server import presenter, wire
from hacktable.server.live import Caller, Live
from hacktable.server.service import Table


class Shown(NamedTuple):
    """One rendering of a caller's screen: what it shows (to tell whether it changed), the
    message pushed to its sockets, and the payload it was made from."""

    fingerprint: bytes
    message: str
    payload: dict[str, Any]


def shared_screen(table: Table, live: Live, caller: Caller, html: bool) -> Shown:
    """What the caller's screen shows now, rendered once per distinct view and moment:
    every spectator (or every device of one seat), and the seat's own POST /act answer,
    share one rendering. Called under the match's lock, so the cached copy is the
    committed one.

    A browser's push (`html`) carries only what its page reads (the match's public facts
    and the screen's HTML), not the view it was drawn from a second time."""
    key = (caller.role, caller.viewer, html)
    moment = (live.version, live.seq, live.record.status, live.record.deadline_at,
              live.record.remaining)
    cached = live.rendered.get(key)
    if cached is not None and cached[0] == moment:
        return cached[1]
    payload = presenter.screen(live, caller, table.clock.now())
    fingerprint = presenter.fingerprint(payload)
    if html:
        message = wire.dumps({"type": "screen", "seq": payload["seq"], "match": payload["match"],
                              "html": render_screen_html(live, caller, payload)})
    else:
        message = wire.dumps({"type": "screen", **payload})
    shown = Shown(fingerprint, message, payload)
    if len(live.rendered) > 64:  # views that are no longer watched
        live.rendered.clear()
    live.rendered[key] = (moment, shown)
    return shown


def render_screen_html(live: Live, caller: Caller, payload: dict[str, Any]) -> str:
    """The game's screen as HTML, from the caller's payload (the page and the pushes)."""
    from hacktable.web import render_screen

    return render_screen(live.game.id, context(live, caller, payload))


def context(live: Live, caller: Caller, payload: dict[str, Any],
            seat_url: str | None = None) -> dict[str, Any]:
    """What a screen's template is handed: the payload, the game, and who is looking."""
    return {**payload, "game": presenter.game_info(live.game),
            "is_host": caller.role == "host", "seat_url": seat_url}
