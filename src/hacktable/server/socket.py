"""The WebSocket of a screen: the caller's screen pushed now and whenever the match moves
(`Pump`), and what the client sends on it (`read`): its moves (`{"type": "act"}`, checked
by `moves.parse_move` as POST /act's are), its messages to other seats, a request for the
whole screen again. Mounted by the API at /api/matches/{code}/ws."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from hacktable.engine.errors import Rejected
from hacktable.server import moves, presenter, press_api, wire
from hacktable.server.errors import CANCELLED_NOTE, TableError
from hacktable.server.limits import SEAT_TAKEN
from hacktable.server.live import Caller, Live
from hacktable.server.screens import (
    RenderedScreen,
    parse_parts,
    screen_moment,
    shared_screen,
)
from hacktable.server.seats import already_here, bearer, host_cookie, resolve, seat_cookie
from hacktable.server.security import normal_room_code
from hacktable.server.table import Table
from hacktable.store.records import CANCELLED, LOBBY, SeatRecord

log = logging.getLogger(__name__)


async def watch(websocket: WebSocket) -> None:
    """Push the caller's screen now and whenever the match moves, and take what it sends.

    Asked for in the query: `token` (else the bearer header or the table's cookie), `as`
    (`seat`, or `host` for the host's screen), `format`, `parts` and `patches`, read here
    rather than by FastAPI's parameter solving, which cost more than the rest of opening a
    socket's route (a socket route has no OpenAPI entry to describe them in anyway); the
    route is Starlette's own, so nothing is solved for it, and the room code is read from
    the path here too.

    `format=html` (the pages) pushes `{"type": "screen", "id": 1, "seq", "match", "html"}`
    once, then `{"type": "patch", "seq", "base": 1, "id": 2, "match", "lines": [...]}`:
    the new HTML as runs of the lines of the screen `base` and lines that are new
    (`server/line_patch.py`), or the whole HTML again where that is no larger.
    `format=json` pushes the screen's payload (as GET /view) once, whole, as
    `{"type": "screen", "id": 1, ...}`, then only what changed since the screen this
    socket last received: `{"type": "patch", "seq": n, "base": 1, "id": 2, "patch":
    [operations]}` (see `server/delta.py`), or a whole screen again where that is no
    larger. `id` numbers the screens this socket was sent (whole or patched), so `base` is
    the one a patch applies to; a client that does not hold it sends `{"type": "full"}` and
    is sent the whole screen (unless the last one it was sent was whole already).
    `patches=false` asks for whole screens only, in either format.

    `join=N&name=NAME` takes seat N (counted from 0, as POST /join's `seat`) of a match
    in its lobby under that name, and then watches as that seat: a player's set-up in one
    exchange instead of a POST and a socket. Every check of POST /join applies (the seat is
    open, the name suits the table, one browser holds one seat, the joins an hour from one
    client), and a refusal closes the socket with its sentence. The first message is
    `{"type": "joined", "seat", "token", "seat_url"}`: the seat's secret, as POST /join
    answers it, for the client to keep (a socket sets no cookie).

    `parts=prompt,legal,...` (JSON only) asks for some of the screen's keys only
    (`presenter.PARTS`: match, role, viewer, seq, view, prompt, events, outcome, text,
    server_now, legal); `seq` always comes. A screen is pushed only when a part asked for
    changed, and the parts not asked for are never made: a bot that reads its prompt and
    legal moves costs the server far less than a screen with every report in words. Who
    has sent their move is part of `match`: a socket that did not ask for it is not told
    (`{"type": "sent"}`) each time another seat sends."""
    code = str(websocket.path_params["code"])
    query = websocket.query_params
    token, as_host = query.get("token"), query.get("as", "seat") == "host"
    html, patches = query.get("format", "html") == "html", _yes_or_no(query.get("patches", "true"))
    parts, with_press = press_api.split_parts(query.get("parts"))  # messages: their own pushes
    if patches is None:
        await _refuse(websocket, 4400, "patches is true or false.")
        return
    joining = query.get("join")
    if joining is not None and (as_host or token):
        await _refuse(websocket, 4400, "A socket that takes a seat (join=) is the seat's own: "
                                       "it brings no token and does not ask as=host.")
        return
    try:
        cookie = (host_cookie if as_host else seat_cookie)(normal_room_code(code))
        presented = token or bearer(websocket) or websocket.cookies.get(cookie)
        table, live, caller = await resolve(websocket, code, as_host=as_host, token=token)
    except TableError as error:  # accepted first, so the page can read why and stop
        await _refuse(websocket, 4000 + error.status, error.message)
        return
    client = websocket.client.host if websocket.client else "unknown"
    crowded = _crowded(websocket, live, client)
    if crowded:
        await _refuse(websocket, 4429, crowded)
        return
    try:
        wanted = None if html else parse_parts(parts)
    except ValueError as error:  # a part that is no part of a screen
        await _refuse(websocket, 4400, str(error))
        return
    joined = None
    if joining is not None:  # last: a seat is taken only by a socket that will open
        try:
            live, caller, joined = await _join(websocket, table, live, joining,
                                               query.get("name", ""))
        except TableError as error:
            await _refuse(websocket, 4000 + error.status, error.message)
            return
        except Rejected as error:
            await _refuse(websocket, 4400, error.reason)
            return
        presented = joined["token"]
    await websocket.accept()
    if joined is not None:
        await websocket.send_text(wire.dumps(joined))
    watcher = Watcher(websocket, table, live, caller, presented)
    press = (press_api.PressFeed(websocket.send_text, table.press, live, caller)
             if with_press and press_api.wants(table.press, live, caller) else None)
    pump = Pump(watcher, html=html, wanted=wanted, patching=bool(patches),
                after_first=press.send_whole if press is not None else None)
    tasks = [asyncio.create_task(pump.run()), asyncio.create_task(read(watcher, pump))]
    if press is not None:
        tasks.append(asyncio.create_task(press.run()))
    with _counted(live, client):
        await _until_one_ends(tasks)
    with contextlib.suppress(Exception):
        await websocket.close()


async def _join(websocket: WebSocket, table: Table, live: Live, seat_text: str, name: str
                ) -> tuple[Live, Caller, dict[str, Any]]:
    """Take the seat the socket asked for (`join=`), as POST /join does; the match, the
    new seat's caller and the message that hands the client its token."""
    try:
        seat = int(seat_text)
    except ValueError:
        raise Rejected("join= is a seat's number, counted from 0.") from None
    live, token = await table.room.join(live.record.code, seat, name,
                                        asking=await already_here(websocket, live))
    websocket.scope.setdefault("state", {})[SEAT_TAKEN] = True  # the join limit counts it
    caller = await table.callers.identify(live, token)
    base = str(websocket.base_url).replace("ws", "http", 1).rstrip("/")
    return live, caller, {"type": "joined", "seat": seat, "token": token,
                          "seat_url": f"{base}/m/{live.record.code}?token={token}"}


@dataclass(slots=True)
class Watcher:
    """One socket and who is behind it, shared by its pump and its reader."""

    websocket: WebSocket
    table: Table
    live: Live
    caller: Caller
    presented: str | None
    """The token the socket opened with: a seat's is looked up again before a move once
    the match's seats changed (`mover`)."""
    seats_checked: list[SeatRecord] | None = None
    """The match's seats when the token was last looked up (`mover`)."""
    checked: Caller | None = None
    """Who the token was then."""

    async def mover(self) -> Caller:
        """Who makes a move sent on this socket now: a seat's token is looked up again
        whenever the match's seats changed since it last was (a seat handed to a bot is no
        longer theirs); while they have not, it holds the same seat."""
        if self.caller.role != "seat":
            return self.caller
        if self.checked is None or self.live.seats is not self.seats_checked:
            self.checked = await self.table.callers.identify(self.live, self.presented)
            self.seats_checked = self.live.seats
        return self.checked


class Pump:
    """What one socket is pushed: its caller's screen whenever the match moves (a JSON
    socket's as a patch of the screen it holds), the room when it changes, and who has sent
    their move when only that changed. `run` is the socket's pushing task."""

    __slots__ = ("after_first", "count", "html", "last_sent", "moment", "patched", "patching",
                 "resend", "room_seen", "seen", "shown", "tells_sent", "wanted", "watcher")

    def __init__(self, watcher: Watcher, *, html: bool, wanted: frozenset[str] | None,
                 patching: bool,
                 after_first: Callable[[], Awaitable[None]] | None = None) -> None:
        self.watcher = watcher
        self.after_first = after_first
        """Called right after the socket's first push, in this task (it sends the press's
        whole), so what it sends always takes the same place among the pushes."""
        self.html = html
        """A browser's page: whole HTML, never a patch."""
        self.wanted = wanted
        """The parts of the screen asked for (`parts=`), or None for all of it."""
        self.patching = patching
        self.tells_sent = wanted is None or "match" in wanted
        """Whether to say who has sent: that is the match's part."""
        self.seen = -1
        """The match's `version` last pushed for."""
        self.room_seen = watcher.live.room_version
        """The room's version the caller's seat was last checked against."""
        self.last_sent: Any = None
        """Who had sent their move, as this socket was last told."""
        self.shown: RenderedScreen | None = None
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

    async def run(self) -> None:
        """Wait for news of the match, then send what it changed for this caller; returns
        when the socket must close (the table cancelled, the seat handed to a bot)."""
        send = self.watcher.websocket.send_text
        while True:
            news, resend = await self._news()
            if not await self._still_theirs():
                return
            for text in await self._messages(news, resend):
                await send(text)
            if self.after_first is not None:
                after_first, self.after_first = self.after_first, None
                await after_first()

    def send_whole(self) -> None:
        """The client asked for the whole screen again: sent in the pump's own order."""
        if self.patched:  # else the last screen sent was whole: nothing to resend
            self.resend = True
            self.watcher.live.bell.ring()

    async def _news(self) -> tuple[str | None, bool]:
        """Wait until the match moved or the client asked for its screen again; what the
        news was ("move", "room", or None), and whether the screen goes whole."""
        live = self.watcher.live
        while live.version == self.seen and not self.resend:
            await live.bell.wait()
        news = live.last_change if live.version != self.seen else None
        self.seen = live.version
        resend, self.resend = self.resend, False
        return news, resend

    async def _still_theirs(self) -> bool:
        """Whether the socket may go on: a cancelled table says so and closes it, and a
        seat handed to a bot is no longer theirs (seats change only with the room)."""
        websocket, table, live, caller = (self.watcher.websocket, self.watcher.table,
                                          self.watcher.live, self.watcher.caller)
        if live.record.status == CANCELLED:
            await websocket.send_text(wire.dumps({"type": "room",
                                                  "match": presenter.match_info(live)}))
            await websocket.close(code=4410, reason=_reason(CANCELLED_NOTE))
            return False
        if caller.role == "spectator" or live.room_version == self.room_seen:
            return True
        self.room_seen = live.room_version
        presented = self.watcher.presented
        try:
            await table.callers.identify(live, presented,
                                         presented if caller.role == "host" else None)
        except TableError as error:
            await websocket.close(code=4000 + error.status, reason=_reason(
                "This seat was handed to a bot, so it is no longer yours."))
            return False
        return True

    async def _messages(self, news: str | None, resend: bool) -> list[str]:
        """What to send after the news, made while no writer holds the match's lock, so
        that what is pushed was committed. Making them never awaits, so with the lock free
        (as it mostly is: the bell rings as it is let go) they are made at once, without
        taking it; a writer that holds it is waited for."""
        live = self.watcher.live
        if live.lock.locked():
            async with live.lock:
                return self._compose(news, resend)
        return self._compose(news, resend)

    def _compose(self, news: str | None, resend: bool) -> list[str]:
        """The messages the news makes for this socket (called with the match's lock free
        or held: it never awaits, so nothing moves the match while it runs)."""
        table, live, caller = self.watcher.table, self.watcher.live, self.watcher.caller
        messages = []
        if live.record.status == LOBBY or news == "room":
            messages.append(wire.dumps({"type": "room",
                                        "match": presenter.match_info(live)}))
        if live.record.status == LOBBY:
            return messages
        moment, sent, pushed = screen_moment(live, caller), presenter.sent(live), False
        if resend or self.shown is None or moment != self.moment:
            shown = shared_screen(table, live, caller, self.html, self.wanted)
            pushed = resend or self.shown is None or (
                shown.changed_since(self.shown) if self.patching and not self.html
                else shown.fingerprint != self.shown.fingerprint)
            if pushed:  # the screen carries who has sent
                messages.append(self._next(shown, resend or not self.patching))
            self.moment = moment
        if not pushed and sent != self.last_sent and self.tells_sent:  # only who has sent
            messages.append(_sent_message(live, caller, sent, self.html))
        self.last_sent = sent  # else nothing new for this seat: say nothing
        return messages

    def _next(self, shown: RenderedScreen, whole: bool) -> str:
        """The message that brings the socket's reader to `shown`: a patch of the screen
        the reader holds (its JSON, or a page's lines), or the whole screen."""
        before, self.shown = self.shown, shown
        self.count += 1
        patch = None
        if not whole and before is not None:
            patch = (shown.page_patch_from(before, self.count - 1, self.count) if self.html
                     else shown.patch_from(before, self.count - 1, self.count))
        self.patched = patch is not None
        if patch is not None:
            return patch
        return shown.whole_page(self.count) if self.html else shown.whole(self.count)


async def read(watcher: Watcher, pump: Pump) -> None:
    """What the client sends: a move (`{"type": "act"}`), a message to other seats
    (`{"type": "write"}`, `press_api`), a request for the whole screen again (`{"type":
    "full"}`); anything else is ignored. Each move or message is answered on the socket."""
    websocket = watcher.websocket
    longest = websocket.app.state.settings.max_socket_message
    while True:
        text = await websocket.receive_text()
        if '"full"' in text and _asks_full(text):
            pump.send_whole()
            continue
        answer = (await press_api.socket_write(watcher.table, watcher.live, watcher.caller,
                                               watcher.presented, text)
                  if len(text) <= longest else None)
        if answer is None:
            answer = await socket_move(watcher, text, longest)
        if answer is not None:
            await websocket.send_text(answer)


async def socket_move(watcher: Watcher, text: str, longest: int) -> str | None:
    """Make a move sent on the socket, as POST /act makes it, and say how it went; None
    where the text is no move.

    `{"type": "act", "id": 7, "action": {...}}` (or `"text": "..."` in the game's notation)
    is answered `{"type": "acted", "id": 7, "accepted": [numbers]}`, or `{"type":
    "refused", "id": 7, "status": 409, "detail": "..."}` with the sentence POST /act would
    give (`moves.parse_move` checks both). The new screen follows as a push, as for a move
    made any other way. Moves skip the HTTP layers, which cost more than the move itself
    (docs/server.md, "Moves over the WebSocket")."""
    table, live, ident = watcher.table, watcher.live, None
    try:
        message = moves.read_message(text, longest)
        if message is None:
            return None
        ident = moves.message_id(message)
        move = moves.parse_move(message, table.play.move_items, on_socket=True)
        acted = await table.play.act(live, await watcher.mover(), move.action, move.text)
    except TableError as error:
        return _refused(ident, error.status, error.message)
    except Rejected as error:
        return _refused(ident, 400, error.reason)
    return wire.dumps({"type": "acted", "id": ident, "accepted": acted.accepted})


def _refused(ident: str | int | None, status: int, detail: str) -> str:
    return wire.dumps({"type": "refused", "id": ident, "status": status, "detail": detail})


async def _refuse(websocket: WebSocket, code: int, why: str) -> None:
    """Accept the socket, then close it with the reason: the page can read why and stop."""
    await websocket.accept()
    await websocket.close(code=code, reason=_reason(why))


@contextlib.contextmanager
def _counted(live: Live, client: str) -> Iterator[None]:
    """The socket counted among the match's watchers (and its client's) while it is open."""
    live.watchers += 1
    live.watchers_by_client[client] = live.watchers_by_client.get(client, 0) + 1
    try:
        yield
    finally:
        live.watchers -= 1
        left = live.watchers_by_client.get(client, 1) - 1
        if left > 0:
            live.watchers_by_client[client] = left
        else:
            live.watchers_by_client.pop(client, None)


async def _until_one_ends(tasks: list[asyncio.Task[None]]) -> None:
    """Run the socket's tasks until one ends (the client left, or the pump closed the
    socket), then end the others."""
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            _log_failure(task)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


def _log_failure(task: asyncio.Task[None]) -> None:
    """Say in the server's log what ended a socket's task other than the client leaving:
    the socket closes all the same, but its player would otherwise lose their screen with
    no trace of why. A send on a socket already gone (`WebSocketDisconnected`) is the
    client leaving too, seen by a task that had not heard of it yet."""
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, (WebSocketDisconnect, WebSocketDisconnected)):
        work = getattr(task.get_coro(), "__qualname__", task.get_name())
        log.error("a socket's %s ended: %r", work, error, exc_info=error)


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
