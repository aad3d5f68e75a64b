"""A caller's screen: the payload presented from their own view, rendered once per
distinct (role, viewer, format, moment) and shared by every socket and answer that shows
the same."""

from __future__ import annotations

import itertools
from typing import Any

from hacktable.server import delta, line_patch, presenter, wire
from hacktable.server.live import Caller, Live
from hacktable.server.table import Table


class RenderedScreen:
    """One rendering of a caller's screen: the payload it was made from, what it shows (to
    tell whether it changed), and what is pushed: for JSON sockets the whole screen
    (`whole`) and the patches from the screens sockets had before (`patch_from`); for a
    browser's page the screen's HTML whole (`whole_page`) or as lines kept and lines new
    (`page_patch_from`). Each is worked out and encoded once for every socket that needs it
    and only when one does."""

    __slots__ = ("_body", "_fingerprint", "_match", "_page_patches", "_patches", "_size",
                 "html", "payload", "serial")

    def __init__(self, payload: dict[str, Any], html: str | None = None) -> None:
        self.payload = payload
        self.html = html
        """The screen as the page shows it (a browser's socket), else None."""
        self.serial = next(_serials)
        """Tells renderings apart inside this process; never sent."""
        self._match: str | None = None
        self._page_patches: dict[int, str] = {}
        self._fingerprint: bytes | None = None
        self._body: str | None = None
        self._patches: dict[int, tuple[list[dict[str, Any]], bool, str | None]] = {}
        self._size: int | None = None
        """The whole screen's length once encoded, else that of the screen it was patched
        from (a screen's whole rarely shrinks by much from one moment to the next)."""

    @property
    def fingerprint(self) -> bytes:
        """What the screen shows (`presenter.fingerprint`): a socket sent whole screens is
        pushed one when this changed."""
        if self._fingerprint is None:
            self._fingerprint = presenter.fingerprint(self.payload)
        return self._fingerprint

    def whole_page(self, ident: int) -> str:
        """A browser's push of the whole screen, as its socket's screen `ident`: the
        match's public facts and the screen's HTML (the page reads nothing else)."""
        assert self.html is not None, "a JSON screen is sent by whole() or a patch"
        return (f'{{"type":"screen","id":{ident},"seq":{wire.dumps(self.payload["seq"])},'
                f'"match":{self._match_json()},"html":{wire.dumps(self.html)}}}')

    def page_patch_from(self, before: RenderedScreen, base: int, ident: int) -> str | None:
        """The push that turns the page's screen `before` (its screen `base`) into this one
        (`ident`): the lines kept from `before` and the lines that are new
        (`line_patch`), or None where that is no smaller than the whole HTML. Made from
        two renderings of one caller's screen, so it carries nothing the whole would not;
        worked out once for every socket that had `before`."""
        assert self.html is not None and before.html is not None, "pages only"
        encoded = self._page_patches.get(before.serial)
        if encoded is None:
            encoded = wire.dumps(line_patch.diff(before.html, self.html))
            if len(encoded) >= len(self.html):
                encoded = ""
            if len(self._page_patches) > 8:  # sockets left behind by more than a few screens
                self._page_patches.clear()
            self._page_patches[before.serial] = encoded
        if not encoded:
            return None
        return (f'{{"type":"patch","seq":{wire.dumps(self.payload["seq"])},"base":{base},'
                f'"id":{ident},"match":{self._match_json()},"lines":{encoded}}}')

    def _match_json(self) -> str:
        if self._match is None:
            self._match = wire.dumps(self.payload["match"])
        return self._match

    def whole(self, ident: int) -> str:
        """The whole screen as pushed to a JSON socket, as the socket's screen `ident`:
        `{"type": "screen", "id": ident, ...the payload}`. The payload is encoded once,
        when a socket first needs it whole (a new socket, one that asked for it again, or a
        patch that would be no smaller)."""
        if self._body is None:
            self._body = wire.dumps(self.payload)
            self._size = len(self._body)
        return f'{{"type":"screen","id":{ident},{self._body[1:]}'

    def changed_since(self, before: RenderedScreen) -> bool:
        """Whether the screen shows something `before` did not: what the fingerprint tells
        for whole screens, read from the patch instead (the counters that move with every
        entry, the clock and who has sent do not count). Cheaper than the fingerprint, and
        the patch is wanted anyway when it changed."""
        return self._patch(before)[1]

    def patch_from(self, before: RenderedScreen, base: int, ident: int) -> str | None:
        """The message that turns `before` (the screen a socket last received, its screen
        `base`) into this one (its screen `ident`), or None where the whole screen is no
        smaller. Made from two payloads of one caller's screen only, so it carries nothing
        the whole screen would not; the operations are worked out and encoded once for
        every socket that had `before`."""
        ops, changed, encoded = self._patch(before)
        if encoded is None:
            encoded = wire.dumps(ops)
            if self._size is None:
                self._size = before._size
            # The whole screen holds the plain text, written at least as long as it is: a
            # patch shorter than the text is smaller than the whole, which then need not be
            # encoded to tell (at a round's close every seat's patch brings a new letter).
            # A screen without its text (a bot's `parts`) is weighed against the whole
            # screen it was patched from: a patch far shorter than that wins without
            # encoding this one whole (should it have shrunk, a patch a little larger than
            # the whole is sent: the same screen, a few bytes more).
            known = max(len(self.payload.get("text") or ""), self._size or 0)
            if len(encoded) + 64 >= known and len(encoded) + 64 >= len(self.whole(0)):
                encoded = ""
            self._patches[before.serial] = (ops, changed, encoded)
        if not encoded:
            return None
        return (f'{{"type":"patch","seq":{wire.dumps(self.payload.get("seq"))},'
                f'"base":{base},"id":{ident},"patch":{encoded}}}')

    def _patch(self, before: RenderedScreen) -> tuple[list[dict[str, Any]], bool, str | None]:
        found = self._patches.get(before.serial)
        if found is None:
            ops = delta.diff(before.payload, self.payload)
            found = (ops, any(_shows(op["path"]) for op in ops), None)
            if len(self._patches) > 8:  # sockets left behind by more than a few screens
                self._patches.clear()
            self._patches[before.serial] = found
        return found


def _shows(path: str) -> bool:
    """Whether a change at `path` is one the fingerprint counts (`presenter.fingerprint`
    leaves out the caller's `seq`, the server's clock and who has sent)."""
    return not (path in ("/seq", "/server_now", "/match/sent")
                or path.startswith("/match/sent/"))


_serials = itertools.count()


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


def screen_moment(live: Live, caller: Caller) -> tuple[Any, ...]:
    """What the caller's screen is made from, less who has sent: it can change only when
    this does. The caller's own count of the log moves with every entry that tells them
    something (`Match.known`); an entry that tells them nothing changes nothing they see
    (`Game.views_follow_known`, checked for every game), so the other seats' secret orders
    cost no rebuilding of this screen. Games that cannot promise it count every entry."""
    record, match = live.record, live.match
    if match is None:
        count = -1
    elif live.game.views_follow_known:
        count = match.known(caller.viewer)
    else:
        count = len(match.log)
    return (live.room_version, count, record.status, record.phase_key, record.deadline_at,
            record.remaining)


def shared_screen(table: Table, live: Live, caller: Caller, html: bool,
                  parts: frozenset[str] | None = None) -> RenderedScreen:
    """What the caller's screen shows now, rendered once per distinct view and moment:
    every spectator (or every device of one seat), and the seat's own POST /act answer,
    share one rendering. Called under the match's lock, so the cached copy is the
    committed one.

    A browser's push (`html`) carries only what its page reads (the match's public facts
    and the screen's HTML), not the view it was drawn from a second time. A JSON socket
    may ask for some `parts` of the screen only (see `presenter.PARTS`)."""
    key = (caller.role, caller.viewer, html, parts)
    moment = live.moment()
    kept: RenderedScreen | None = moment.screen(key)
    if kept is not None:
        return kept
    payload = presenter.screen(live, caller, table.clock.now(), parts=parts)
    if html:
        shown = RenderedScreen(payload, render_html(live, context(live, caller, payload)))
    else:
        shown = RenderedScreen(payload)
    moment.keep_screen(key, shown)
    return shown


def render_html(live: Live, context: dict[str, Any]) -> str:
    """The match's screen as HTML from a template's context (`context`), drawn by the
    match's own game (the page and the pushes)."""
    from hacktable.web import render_screen

    return render_screen(live.game, context)


def context(live: Live, caller: Caller, payload: dict[str, Any],
            seat_url: str | None = None) -> dict[str, Any]:
    """What a screen's template is handed: the payload, the game, and who is looking."""
    return {**payload, "game": presenter.game_info(live.game),
            "is_host": caller.role == "host", "seat_url": seat_url}
