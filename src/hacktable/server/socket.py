"""The WebSocket of a screen: the caller's screen pushed now and whenever the match moves,
and moves sent on it (`{"type": "act"}`), answered as POST /act would be. Mounted by the
API at /api/matches/{code}/ws."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from hacktable.engine.errors import Rejected
from hacktable.engine.match import MAX_DEPTH
from hacktable.server import presenter, press_api, wire
from hacktable.server.errors import TableError
from hacktable.server.live import Caller, Live
from hacktable.server.screens import Shown, parse_parts, screen_moment, shared_screen
from hacktable.server.seats import bearer, host_cookie, resolve, seat_cookie
from hacktable.server.security import normal_room_code
from hacktable.server.service import CANCELLED_NOTE, Table
from hacktable.store.records import CANCELLED, LOBBY

MAX_WRITTEN_MOVE = 20_000
"""The longest move in writing, over HTTP or the socket."""
MAX_SOCKET_MOVE = 32_000
"""The longest move message read from a socket, in characters."""


async def watch(websocket: WebSocket) -> None:
    """Push the caller's screen now and whenever the match moves.

    Asked for in the query: `token` (else the bearer header or the table's cookie), `as`
    (`seat`, or `host` for the host's screen), `format`, `parts` and `patches`, read here
    rather than by FastAPI's parameter solving, which cost more than the rest of opening a
    socket's route (a socket route has no OpenAPI entry to describe them in anyway); the
    route is Starlette's own, so nothing is solved for it, and the room code is read from
    the path here too.

    `format=html` (the pages) pushes `{"type": "screen", "seq", "match", "html"}`, whole.
    `format=json` pushes the screen's payload (as GET /view) once, whole, as
    `{"type": "screen", "id": 1, ...}`, then only what changed since the screen this
    socket last received: `{"type": "patch", "seq": n, "base": 1, "id": 2, "patch":
    [operations]}` (see `server/delta.py`), or a whole screen again where that is no
    larger. `id` numbers the screens this socket was sent (whole or patched), so `base` is
    the one a patch applies to; a client that does not hold it sends `{"type": "full"}` and
    is sent the whole screen (unless the last one it was sent was whole already).
    `patches=false` asks for whole screens only.

    `parts=prompt,legal,...` (JSON only) asks for some of the screen's keys only
    (`presenter.PARTS`: match, role, viewer, seq, view, prompt, events, outcome, text,
    server_now, legal); `seq` always comes. A screen is pushed only when a part asked for
    changed, and the parts not asked for are never made: a bot that reads its prompt and
    legal moves costs the server far less than a screen with every report in words. Who
    has sent their move is part of `match`: a socket that did not ask for it is not told
    (`{"type": "sent"}`) each time another seat sends."""
    code = str(websocket.path_params["code"])
    query = websocket.query_params
    token, format, as_ = query.get("token"), query.get("format", "html"), query.get("as", "seat")
    parts, patches = query.get("parts"), _yes_or_no(query.get("patches", "true"))
    parts, with_press = press_api.split_parts(parts)  # messages: their own pushes
    if patches is None:
        await websocket.accept()
        await websocket.close(code=4400, reason="patches is true or false.")
        return
    try:
        presented = token or bearer(websocket) or websocket.cookies.get(
            host_cookie(normal_room_code(code)) if as_ == "host"
            else seat_cookie(normal_room_code(code)))
        table, live, caller = await resolve(websocket, code, as_host=as_ == "host",
                                            token=token)
    except TableError as error:  # accepted first, so the page can read why and stop
        await websocket.accept()
        await websocket.close(code=4000 + error.status, reason=_reason(error.message))
        return
    client = (websocket.client.host if websocket.client else "unknown")
    full = _crowded(websocket, live, client)
    if full:
        await websocket.accept()
        await websocket.close(code=4429, reason=_reason(full))
        return
    html = format == "html"
    try:
        wanted = None if html else parse_parts(parts)
    except ValueError as error:
        await websocket.accept()
        await websocket.close(code=4400, reason=_reason(str(error)))
        return
    await websocket.accept()
    patching = patches and not html
    tells_sent = wanted is None or "match" in wanted  # who has sent is the match's part
    feed = _Feed()
    longest = websocket.app.state.settings.max_socket_message

    async def pump() -> None:
        seen = [-1]
        room_checked = [live.room_version]
        last_sent: list[Any] = [None]
        while True:
            while live.version == seen[0] and not feed.resend:
                await live.bell.wait()
            news = live.last_news if live.version != seen[0] else None
            seen[0] = live.version
            resend, feed.resend = feed.resend, False
            if live.record.status == CANCELLED:  # the room says so, then the socket ends
                await websocket.send_text(wire.dumps({"type": "room",
                                                      "match": presenter.match_info(live)}))
                await websocket.close(code=4410, reason=_reason(CANCELLED_NOTE))
                return
            if caller.role != "spectator" and live.room_version != room_checked[0]:
                room_checked[0] = live.room_version  # a seat handed to a bot is no longer
                try:  # theirs: seats change only with the room
                    await table.caller(live, presented, presented if caller.role == "host"
                                       else None)
                except TableError as error:
                    await websocket.close(code=4000 + error.status, reason=_reason(
                        "This seat was handed to a bot, so it is no longer yours."))
                    return
            async with live.lock:  # what is pushed was committed, and is serialised here
                messages = []
                if live.record.status == LOBBY or news == "room":
                    messages.append(wire.dumps({"type": "room",
                                                "match": presenter.match_info(live)}))
                if live.record.status != LOBBY:
                    moment = screen_moment(live, caller)
                    sent = presenter.sent(live)
                    before, pushed = feed.shown, False
                    if resend or before is None or moment != feed.moment:
                        shown = shared_screen(table, live, caller, html, wanted)
                        pushed = resend or before is None or (
                            shown.changed_since(before) if patching
                            else shown.fingerprint != before.fingerprint)
                        if pushed:  # the screen carries who has sent
                            messages.append(feed.next(shown, resend or not patching, html))
                        feed.moment = moment
                    if not pushed and sent != last_sent[0] and tells_sent:  # only who has
                        messages.append(_sent_message(live, caller, sent, html))  # sent: say so
                    last_sent[0] = sent  # else nothing new for this seat: say nothing
            for text in messages:
                await websocket.send_text(text)

    async def drain() -> None:
        """Moves sent on the socket itself (`{"type": "act", ...}`); anything else is
        ignored, as before moves could travel here."""
        while True:
            text = await websocket.receive_text()
            if '"full"' in text and _asks_full(text):
                if feed.patched:  # else the last screen sent was whole: nothing to resend
                    feed.resend = True  # the pump sends it, in its order
                    live.bell.ring()
                continue
            answer = (await press_api.socket_write(table, live, caller, presented, text)
                      if len(text) <= longest else None)
            if answer is None:
                answer = await socket_move(table, live, caller, presented, text, longest)
            if answer is not None:
                await websocket.send_text(answer)

    tasks = [asyncio.create_task(pump()), asyncio.create_task(drain())]
    if with_press and press_api.wants(table.press, live, caller):
        tasks.append(asyncio.create_task(press_api.pump(websocket.send_text, table.press,
                                                        live, caller)))
    live.watchers += 1
    live.watchers_by_client[client] = live.watchers_by_client.get(client, 0) + 1
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    except WebSocketDisconnect:
        pass
    finally:
        live.watchers -= 1
        left = live.watchers_by_client.get(client, 1) - 1
        if left > 0:
            live.watchers_by_client[client] = left
        else:
            live.watchers_by_client.pop(client, None)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await websocket.close()


async def socket_move(table: Table, live: Live, caller: Caller, presented: str | None,
                      text: str, longest: int = MAX_SOCKET_MOVE) -> str | None:
    """Make a move that came over the WebSocket, as POST /act would, and say how it went.

    `{"type": "act", "id": 7, "action": {...}}` (or `"text": "..."` in the game's notation)
    is answered `{"type": "acted", "id": 7, "accepted": [seqs]}`, or `{"type": "refused",
    "id": 7, "status": 409, "detail": "..."}` with the sentence POST /act would give. The
    new screen follows as a push, as for a move made any other way. Moves skip the HTTP
    layers, which cost more than the move itself (docs/server.md, "Where the time goes")."""
    if len(text) > longest:  # answered, not dropped: the page can say why
        return wire.dumps({"type": "refused", "id": None, "status": 413,
                           "detail": f"A message on the socket is at most "
                                     f"{longest:,} characters; send a shorter move."})
    if '"act"' not in text:
        return None
    try:
        message = wire.loads(text)
    except ValueError as error:  # a move that cannot be read is answered like any refusal
        return wire.dumps({"type": "refused", "id": None, "status": 400,
                           "detail": _unreadable(error)})
    if not isinstance(message, dict) or message.get("type") != "act":
        return None
    ident = message.get("id")
    if not isinstance(ident, (str, int)) or isinstance(ident, bool):
        ident = None
    action, written = message.get("action"), message.get("text")
    try:
        if set(message) - {"type", "id", "action", "text"}:
            raise Rejected("A move over the socket has only type, id, and action or text.")
        if (action is None) == (written is None) or (
                written is not None and not isinstance(written, str)):
            raise Rejected("Send either an action or a text, not both and not neither.")
        if written is not None and len(written) > MAX_WRITTEN_MOVE:
            raise Rejected(f"A written move is at most {MAX_WRITTEN_MOVE:,} characters.")
        if caller.role == "seat":  # a seat handed to a bot since the socket opened is not
            caller = await table.caller(live, presented)  # theirs to move any more
        acted = await table.act(live, caller, action, written)
    except TableError as error:
        return wire.dumps({"type": "refused", "id": ident, "status": error.status,
                           "detail": error.message})
    except Rejected as error:
        return wire.dumps({"type": "refused", "id": ident, "status": 400,
                           "detail": error.reason})
    return wire.dumps({"type": "acted", "id": ident, "accepted": acted.accepted})


class _Feed:
    """What one socket was last sent, shared by its pump and its reader."""

    __slots__ = ("count", "moment", "patched", "resend", "shown")

    def __init__(self) -> None:
        self.shown: Shown | None = None
        """The screen the socket last received (whole or patched to)."""
        self.moment: tuple[Any, ...] | None = None
        """What that screen was made from (`screen_moment`): rebuilt only when it moved."""
        self.count = 0
        """How many screens this socket was sent, whole or patched: the last one's `id`.
        Counts only what the socket itself received, so it tells the reader nothing."""
        self.resend = False
        """The client asked for the whole screen again (`{"type": "full"}`)."""
        self.patched = False
        """The last screen sent was a patch: a client asking for the whole screen again
        after a whole one is not sent another (a loop of asking must not make the server
        send whole screens without end)."""

    def next(self, shown: Shown, whole: bool, html: bool) -> str:
        """The message that brings the socket's reader to `shown`: a browser's screen, or
        for JSON a patch of the screen the reader holds, or the whole screen."""
        before, self.shown = self.shown, shown
        if html:
            return shown.message
        self.count += 1
        patch = (None if whole or before is None
                 else shown.patch_from(before, self.count - 1, self.count))
        self.patched = patch is not None
        return patch or shown.whole(self.count)


YES = frozenset({"1", "on", "t", "true", "y", "yes"})
NO = frozenset({"0", "off", "f", "false", "n", "no"})


def _yes_or_no(text: str) -> bool | None:
    """A yes/no query value, written as a form or a script would write it; None if neither."""
    word = text.strip().lower()
    return True if word in YES else False if word in NO else None


def _asks_full(text: str) -> bool:
    try:
        message = wire.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "full"


def _sent_message(live: Live, caller: Caller, sent: Any, html: bool) -> str:
    """Who has sent their move (never what), without re-rendering the whole screen."""
    seq = 0 if live.match is None else live.match.known(caller.viewer)
    message: dict[str, Any] = {"type": "sent", "seq": seq, "sent": sent}
    if html:
        from hacktable.web import render_status

        message["html"] = render_status({"match": presenter.match_info(live),
                                         "viewer": caller.viewer, "role": caller.role})
    return wire.dumps(message)


def _unreadable(error: ValueError) -> str:
    """Why a move sent on the socket could not be read, as a sentence (orjson reads JSON
    at most 1,024 levels deep)."""
    if "depth" in str(error):
        return (f"A move nests its parts at most {MAX_DEPTH} deep; send the move as the "
                "game's controls make it.")
    return "A move on the socket is a JSON object, as the API describes; this one is not JSON."


def _reason(text: str) -> str:
    """A close reason fits in 123 bytes of UTF-8."""
    data = text.encode()[:120]
    return data.decode(errors="ignore")


def _crowded(websocket: WebSocket, live: Live, client: str) -> str | None:
    """Why one more socket for this match would be one too many, or None: a client (or a
    crowd) must not make one process render and push without end."""
    settings = websocket.app.state.settings
    if live.watchers >= settings.max_sockets_per_match:
        return "This table has as many watchers as it can serve; try again later."
    if live.watchers_by_client.get(client, 0) >= settings.max_sockets_per_client:
        return "Too many open screens of this table from here; close some and reload."
    return None
