"""How much a request may send: every route has a body limit sized to what it can
legitimately carry (a move, a name, a new match's settings, a Lab run's form), enforced
while the body is read, before anything parses it.

Without it a seat could post a 10 MB move and the server read, parse and validate all of
it on the event loop that serves every table (seconds, during which no other table
moved). Here a `Content-Length` over the limit is refused before a byte of the body is
read, and a body sent without one (chunked) is cut off as soon as it passes the limit; both
answer 413 with a sentence, as JSON under /api (the API's usual `{"detail": ...}`).
What passes is small enough to parse at once; a move's item count is then checked
(`check_move_size`) before the game walks it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hacktable.engine.errors import Rejected


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of request body: which setting bounds it, and what to say past it."""

    setting: str
    what: str
    advice: str


MOVE = Kind("max_move_bytes", "A move", "send a shorter move, as the game's controls make it")
NAME = Kind("max_name_bytes", "Taking a seat", "send the seat and a short name")
CREATE = Kind("max_create_bytes", "A new match's settings",
              "send the game, seats, options and bots only")
MAIL = Kind("max_mail_bytes", "Email play's settings", "send one address and name a seat")
LAB = Kind("max_lab_bytes", "A Lab run's form", "send fewer options or sweeps")
MESSAGE = Kind("max_message_bytes", "A message to other seats",
               "send a shorter message, or split it in two")
REPLAY = Kind("replay_upload_bytes", "A match log to replay",
              "upload the log as the table's download link saved it")
OTHER = Kind("max_other_bytes", "A request to this address",
             "send only what the API describes at /docs")

ROUTES: tuple[tuple[re.Pattern[str], Kind], ...] = (
    (re.compile(r"^/api/matches/[^/]+/(?:act|check)/?$"), MOVE),
    (re.compile(r"^/api/matches/[^/]+/join/?$"), NAME),
    (re.compile(r"^/api/matches/?$"), CREATE),
    (re.compile(r"^/api/matches/[^/]+/mail(?:/.*)?$"), MAIL),
    (re.compile(r"^/lab/jobs/?$"), LAB),
    (re.compile(r"^/api/matches/[^/]+/messages/?$"), MESSAGE),
    (re.compile(r"^/replay/?$"), REPLAY),
)
"""Routes by path; any other (host controls, rematch, a page's form) is `OTHER`."""


def kind_of(path: str) -> Kind:
    for pattern, kind in ROUTES:
        if pattern.match(path):
            return kind
    return OTHER


def size(limit: int) -> str:
    """A limit as a person reads it: "64 KB", "4 KB", "900 bytes"."""
    return f"{limit // 1024:,} KB" if limit >= 1024 and limit % 1024 == 0 else f"{limit:,} bytes"


def sentence(kind: Kind, limit: int) -> str:
    return (f"{kind.what} is at most {size(limit)}; this one was larger and was not read: "
            f"{kind.advice}.")


class BodyTooLarge(HTTPException):
    """Raised while the body is read (a FastAPI route lets an HTTP exception through its
    body parsing): the app's own handler answers 413 with the sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(413, message, headers={"connection": "close"})


class BodyLimits:
    """ASGI middleware: a request body larger than its route's limit is refused with 413
    before it is read (`Content-Length`) or as soon as it passes the limit (chunked)."""

    def __init__(self, app: ASGIApp, limits: Mapping[str, int]) -> None:
        self.app = app
        self.limits = dict(limits)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        kind = kind_of(scope.get("path", ""))
        limit = self.limits[kind.setting]
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await refuse(scope, send, sentence(kind, limit))  # the body is never read
            return
        read = 0
        started = False

        async def bounded() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > limit:
                    raise BodyTooLarge(sentence(kind, limit))
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, bounded, sending)
        except BodyTooLarge as error:  # read where no route's handler answers it
            if started:
                raise
            await refuse(scope, send, error.detail)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the HTTP server refuses a malformed length itself
    return None


async def refuse(scope: Scope, send: Send, message: str) -> None:
    """413 with the sentence: JSON under /api (and for a JSON client), a short page
    otherwise; the connection closes, since the rest of the body is never read."""
    headers = dict(scope.get("headers", ()))
    api = (scope.get("path", "").startswith("/api")
           or b"application/json" in headers.get(b"content-type", b"")
           or b"application/json" in headers.get(b"accept", b""))
    body = (json.dumps({"detail": message}).encode() if api
            else (f"<!doctype html><title>Too large</title><p>{_escape(message)}</p>").encode())
    await send({"type": "http.response.start", "status": 413, "headers": [
        (b"content-type", b"application/json" if api else b"text/html; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def check_move_size(action: Any, most: int) -> None:
    """Refuse a move holding more than `most` values (lists, objects and what is in them),
    counted without recursion: a list's or an object's length counts at once, before any
    of it is looked at, so no more than `most` values are ever looked at. A move small
    enough to read can still hold thousands of card numbers for the game to walk."""
    if most <= 0 or not isinstance(action, dict | list):
        return
    stack: list[Any] = [action]
    count = 1
    while stack:
        value = stack.pop()
        items = value.values() if isinstance(value, dict) else value
        count += len(items)
        if count > most:
            raise Rejected(f"A move holds at most {most:,} values; send the move as the "
                           "game's controls make it.")
        stack.extend(item for item in items if isinstance(item, dict | list))
