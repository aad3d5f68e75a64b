"""A caller's screen: the payload presented from their own view, rendered once per
distinct (role, viewer, format, moment) and shared by every socket and answer that shows
the same."""

from __future__ import annotations

import itertools
import zlib
from typing import Any

from hacktable.server import delta, presenter, wire
from hacktable.server.live import Caller, Live
from hacktable.server.service import Table


class Shown:
    """One rendering of a caller's screen: what it shows (to tell whether it changed), the
    message pushed to its sockets, the payload it was made from, and, for JSON sockets, its
    `id` and the patches from the screens sockets had before (each made once, for every
    socket that had that screen)."""

    __slots__ = ("_id", "_message", "_patches", "fingerprint", "payload", "serial")

    def __init__(self, fingerprint: bytes, payload: dict[str, Any], message: str | None = None
                 ) -> None:
        self.fingerprint = fingerprint
        self.payload = payload
        self._id: str | None = None
        self.serial = next(_serials)
        self._message = message
        self._patches: dict[int, str | None] = {}

    @property
    def id(self) -> str:
        """The screen's name in patches (`screen_id`), worked out when first needed."""
        if self._id is None:
            self._id = screen_id(self.fingerprint, self.payload)
        return self._id

    @property
    def message(self) -> str:
        """The whole screen as pushed (`{"type": "screen", "id": ..., ...}`), encoded once,
        when a socket first needs it: one that sees the screen for the first time, asks for
        it again, or would gain nothing from a patch."""
        if self._message is None:
            self._message = wire.dumps({"type": "screen", "id": self.id, **self.payload})
        return self._message

    def patch_from(self, before: Shown) -> str | None:
        """The patch message that turns `before` (the screen a socket last received) into
        this one, or None where the whole screen is no larger. Made from the two payloads of
        one caller's screen only, so it carries nothing the whole screen would not."""
        if before.serial in self._patches:
            return self._patches[before.serial]
        ops = delta.diff(before.payload, self.payload)
        message: str | None = wire.dumps({"type": "patch", "seq": self.payload.get("seq"),
                                          "base": before.id, "id": self.id, "patch": ops})
        size = len(self._message) if self._message is not None else len(self.fingerprint)
        if len(message) >= size:
            message = None
        if len(self._patches) > 8:  # sockets left behind by more than a few screens
            self._patches.clear()
        self._patches[before.serial] = message
        return message


_serials = itertools.count()


def screen_id(fingerprint: bytes, payload: dict[str, Any]) -> str:
    """A short name for a screen's content, which a patch names as its `base`: drawn from
    what the screen shows (never a count of renderings or moves, which would let a seat
    count what it cannot see). The fingerprint leaves out what moves with every push (the
    caller's `seq`, the server's clock, who has sent); those are folded in here."""
    match = payload.get("match")
    extra = wire.dumpb([payload.get("seq"), payload.get("server_now"),
                        None if match is None else match.get("sent")])
    first = zlib.crc32(extra, zlib.crc32(fingerprint))
    second = zlib.adler32(extra, zlib.adler32(fingerprint))
    return f"{first:08x}{second:08x}"


def parse_parts(text: str | None) -> frozenset[str] | None:
    """The parts a JSON socket asked for (`parts=prompt,legal`), or None for the whole
    screen. Raises ValueError naming what is not a part."""
    if text is None or not text.strip():
        return None
    asked = frozenset(part.strip() for part in text.split(",") if part.strip())
    unknown = sorted(asked - set(presenter.PARTS))
    if unknown:
        raise ValueError(f"No screen part {', '.join(unknown)}; the parts are "
                         f"{', '.join(presenter.PARTS)}.")
    return asked


def shared_screen(table: Table, live: Live, caller: Caller, html: bool,
                  parts: frozenset[str] | None = None) -> Shown:
    """What the caller's screen shows now, rendered once per distinct view and moment:
    every spectator (or every device of one seat), and the seat's own POST /act answer,
    share one rendering. Called under the match's lock, so the cached copy is the
    committed one.

    A browser's push (`html`) carries only what its page reads (the match's public facts
    and the screen's HTML), not the view it was drawn from a second time. A JSON socket
    may ask for some `parts` of the screen only (see `presenter.PARTS`)."""
    key = (caller.role, caller.viewer, html, parts)
    moment = (live.version, live.seq, live.record.status, live.record.deadline_at,
              live.record.remaining)
    cached = live.rendered.get(key)
    if cached is not None and cached[0] == moment:
        return cached[1]
    payload = presenter.screen(live, caller, table.clock.now(), parts=parts)
    fingerprint = presenter.fingerprint(payload)
    if html:
        shown = Shown(fingerprint, payload, wire.dumps(
            {"type": "screen", "seq": payload["seq"], "match": payload["match"],
             "html": render_screen_html(live, caller, payload)}))
    else:
        shown = Shown(fingerprint, payload)
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
