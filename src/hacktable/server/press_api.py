"""Press over HTTP and the WebSocket: `POST /api/matches/CODE/messages` sends as the
caller's seat, `GET` returns the caller's own threads, and a screen's socket pushes each
new message to its readers only (`{"type": "press"}`), see `server/press.py`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response, WebSocket
from pydantic import BaseModel, ConfigDict, Field

from hacktable.engine.errors import Rejected
from hacktable.server import wire
from hacktable.server.errors import TableError
from hacktable.server.live import Caller, Live
from hacktable.server.press import MAX_TEXT, PressDesk, TooLong, message_json, thread_key
from hacktable.server.seats import resolve
from hacktable.server.table import Table

PART = "press"
"""The socket's `parts=` name for messages: a JSON socket that asks for parts and leaves
this out is sent none."""
MAX_SOCKET_MESSAGE = MAX_TEXT + 1000
"""The longest message-sending text read from a socket, in characters."""

router = APIRouter(prefix="/api", tags=["press"])

SeatNumber = Annotated[int, Field(ge=0, le=63)]


class Write(BaseModel):
    """A message from the caller's seat."""

    model_config = ConfigDict(extra="forbid")
    to: Literal["table"] | Annotated[list[SeatNumber], Field(min_length=1, max_length=64)] = (
        Field(description='"table" for every seat, or the seats (numbers from 0) to write '
                          "to: one for a private message, several for a group, as far as "
                          "the game's rule allows."))
    text: str = Field(max_length=MAX_TEXT, description="The message, as plain text; the "
                      "table's limit (`max_chars` in GET) applies.")


class Written(BaseModel):
    key: str = Field(description="The message's own random name (it counts nothing).")
    thread: str
    to: Literal["table"] | list[int]
    text: str
    at: str


class Shown(BaseModel):
    """A message as its reader is shown it."""

    key: str = Field(description="The message's own random name (it counts nothing).")
    thread: str = Field(description='"table", or the other seats of the conversation ("2" '
                        'for a private one, "0,2" for a group), from the reader\'s side.')
    from_: int = Field(alias="from", description="The writer's seat (from 0).")
    to: Literal["table"] | list[int]
    text: str = Field(description="Plain text: show it as text, never as HTML.")
    at: str = Field(description="When it was kept, ISO-8601 UTC.")


class Thread(BaseModel):
    key: str
    with_: Literal["table"] | list[int] = Field(alias="with")
    count: int = Field(description="Messages in it the caller may read.")


class SeatShown(BaseModel):
    seat: int
    name: str | None
    reads: bool = Field(description="Whether a person plays it (a bot reads no messages).")
    bot: bool


class Rule(BaseModel):
    table: bool
    private: bool
    groups: bool
    hub: int | None = Field(description="Where set, private messages only to or from this "
                            "seat (a gamemaster's seat, where a game says so).")
    summary: str


class Threads(BaseModel):
    """The caller's own threads: what they may send, and every message they may read."""

    you: int | None = Field(description="The caller's seat; null for a reader of all.")
    reads_all: bool = Field(description="A refereeing host, or anyone after a match whose "
                            "host set reveal_press.")
    rule: Rule = Field(description="What the caller may send now (the game's rule).")
    reveal: bool = Field(description="Whether every message is shown to everyone once "
                         "the match is over (the host's reveal_press).")
    max_chars: int
    seats: list[SeatShown]
    threads: list[Thread]
    messages: list[Shown]


def desk(request: Request | WebSocket) -> PressDesk:
    table: Table = request.app.state.table
    return table.press


async def _refused_too_long(error: TooLong) -> Response:
    return Response(wire.dumpb({"detail": error.reason}), status_code=413,
                    media_type="application/json")


@router.post("/matches/{code}/messages", status_code=201, response_model=Written,
             summary="Send a message as the caller's seat: to one seat, a group or the table",
             responses={413: {"description": "Longer than the table allows"},
                        429: {"description": "Too many messages from this seat: wait"}})
async def send(code: str, body: Write, request: Request) -> Any:
    table, live, caller = await resolve(request, code)
    try:
        message = await table.press.send(table, live, caller, body.to, body.text)
    except TooLong as error:
        return await _refused_too_long(error)
    fields = message_json(message, thread_key(message, caller.seat))
    return Written(**{k: v for k, v in fields.items() if k != "from"})


@router.get("/matches/{code}/messages", response_model=Threads,
            responses={403: {"description": "A spectator, the playing host's console, or "
                             "another match's seat: they read no messages"}},
            summary="The caller's own threads: what their seat wrote and was sent (every "
                    "message for a refereeing host; for everyone after a revealing match)")
async def read(code: str, request: Request,
               as_: Annotated[Literal["seat", "host"], Query(alias="as")] = "seat"
               ) -> Response:
    table, live, caller = await resolve(request, code, as_host=as_ == "host")
    found = await table.press.read(live, caller)
    return Response(wire.dumpb(table.press.payload(live, caller, found)),
                    media_type="application/json")


def split_parts(parts: str | None) -> tuple[str | None, bool]:
    """The screen's parts without `press`, and whether messages are wanted (always, unless
    parts were named and press was not)."""
    if parts is None or not parts.strip():
        return parts, True
    named = [p.strip() for p in parts.split(",") if p.strip()]
    rest = [p for p in named if p != PART]
    return ",".join(rest) if rest else None, PART in named or not named


def wants(press: PressDesk, live: Live, caller: Caller) -> bool:
    """Whether this socket's reader may read messages at all (a spectator may not, until a
    revealing match is over)."""
    return press.may_read(live, caller)


class PressFeed:
    """What one socket is pushed of the press: every message its reader may read once
    (`send_whole`), then each new one as it is kept (`run`).

    The screen's pump sends the whole right after the socket's first screen, in its own
    task, so the place of the press among a socket's pushes is always the same: a reader
    can learn nothing from where it falls, and a client always holds a screen first."""

    __slots__ = ("caller", "live", "press", "ready", "seen", "send_text", "sent")

    def __init__(self, send_text: Callable[[str], Awaitable[None]], press: PressDesk,
                 live: Live, caller: Caller) -> None:
        self.send_text, self.press, self.live, self.caller = send_text, press, live, caller
        self.ready = asyncio.Event()
        """Set once the whole was sent: only then does `run` push single messages."""
        self.seen = -1
        """The reader's press version last pushed for."""
        self.sent: set[str] = set()
        """The keys of the messages this socket holds."""

    async def send_whole(self) -> None:
        """Send every message the reader may read, as one `{"whole": true}` push."""
        match_id, viewer = self.live.record.id, self.caller.viewer
        self.seen = self.press.version(match_id, viewer)
        found = self.press.readable(self.live, self.caller,
                                    await self.press.messages.messages(match_id))
        self.sent.update(m.key for m in found)
        await self.send_text(wire.dumps({"type": "press", "whole": True,
                                         **self.press.payload(self.live, self.caller, found)}))
        self.ready.set()

    async def run(self) -> None:
        """Push each message kept after the whole. Woken by the reader's own bell only, so
        nobody else's message costs this socket anything."""
        match_id, viewer = self.live.record.id, self.caller.viewer
        bell = self.press.bell(match_id, viewer)
        try:
            await self.ready.wait()
            while True:
                while self.press.version(match_id, viewer) == self.seen:
                    await bell.wait()
                self.seen = self.press.version(match_id, viewer)
                found = self.press.readable(self.live, self.caller,
                                            await self.press.messages.messages(match_id))
                new = [m for m in found if m.key not in self.sent]
                if new:
                    self.sent.update(m.key for m in new)
                    reader = self.caller.seat if self.caller.role == "seat" else None
                    await self.send_text(wire.dumps({"type": "press", "messages": [
                        message_json(m, thread_key(m, reader)) for m in new]}))
        finally:
            self.press.forget_bell(match_id, viewer)


async def socket_write(table: Table, live: Live, caller: Caller, presented: str | None,
                       text: str) -> str | None:
    """A message sent on the socket: `{"type": "write", "id": 7, "to": "table" | [seats],
    "text": "..."}`, answered `{"type": "written", "id": 7, "message": {...}}` or
    `{"type": "refused", "id": 7, "status": 4xx, "detail": "..."}` as POST /messages
    would. None where the text is not such a message."""
    if '"write"' not in text:
        return None
    try:
        message = wire.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") != "write":
        return None
    ident = message.get("id")
    if not isinstance(ident, (str, int)) or isinstance(ident, bool):
        ident = None
    try:
        if len(text) > MAX_SOCKET_MESSAGE:
            raise TooLong(f"A message is at most {table.press.max_chars:,} characters.")
        if set(message) - {"type", "id", "to", "text"}:
            raise Rejected("A message over the socket has only type, id, to and text.")
        if caller.role == "seat":  # a seat handed to a bot since the socket opened is not
            caller = await table.callers.identify(live, presented)  # theirs to write from any more
        kept = await table.press.send(table, live, caller, message.get("to"),
                                      message.get("text"))
    except TooLong as error:
        return wire.dumps({"type": "refused", "id": ident, "status": 413,
                           "detail": error.reason})
    except TableError as error:
        return wire.dumps({"type": "refused", "id": ident, "status": error.status,
                           "detail": error.message})
    except Rejected as error:
        return wire.dumps({"type": "refused", "id": ident, "status": 400,
                           "detail": error.reason})
    reader = caller.seat if caller.role == "seat" else None
    return wire.dumps({"type": "written", "id": ident,
                       "message": message_json(kept, thread_key(kept, reader))})
