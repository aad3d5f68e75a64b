"""Who is asking: a seat's or the host's token, from an `Authorization: Bearer` header, the
cookies the join and create calls set (so browsers need no script to hold them), or
`?token=` on the WebSocket; resolved against the match to a `Caller`."""

from __future__ import annotations

import contextlib
import re

from fastapi import Request, Response, WebSocket

from hacktable.server.errors import TableError
from hacktable.server.live import Caller, Live
from hacktable.server.table import Table

COOKIE_AGE = 60 * 60 * 24 * 60


def seat_cookie(code: str) -> str:
    return f"hacktable_seat_{code}"


def host_cookie(code: str) -> str:
    return f"hacktable_host_{code}"


def bearer(request: Request | WebSocket) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


def table_of(request: Request | WebSocket) -> Table:
    table: Table = request.app.state.table
    return table


async def resolve(request: Request | WebSocket, code: str, as_host: bool = False,
                  token: str | None = None) -> tuple[Table, Live, Caller]:
    """The match and who is asking: header token, else the seat (or host) cookie."""
    table = table_of(request)
    live = await table.matches.load(code)
    presented = token or bearer(request)
    if presented is None:
        cookie = host_cookie(live.record.code) if as_host else seat_cookie(live.record.code)
        presented = request.cookies.get(cookie)
    return table, live, await table.callers.identify(live, presented)


def set_cookie(response: Response, name: str, token: str) -> None:
    """The seat's or host's cookie: HttpOnly, SameSite=Lax, for the whole site. A token is
    URL-safe Base64 and a cookie's name plain ASCII, so the header is written as is
    (Starlette's `set_cookie` builds a `SimpleCookie` to quote it, which cost more than the
    rest of writing the answer); anything else goes through Starlette's quoting."""
    if _PLAIN.fullmatch(name) and _PLAIN.fullmatch(token):
        response.headers.append("set-cookie", f"{name}={token}; HttpOnly; Max-Age={COOKIE_AGE}; "
                                "Path=/; SameSite=lax")
        return
    response.set_cookie(name, token, max_age=COOKIE_AGE, httponly=True, samesite="lax",
                        path="/")


_PLAIN = re.compile(r"[A-Za-z0-9_-]+")


async def already_here(request: Request | WebSocket, live: Live) -> Caller | None:
    """Who this browser already is at the table, from the cookies it sent (and a bearer
    token): the seat it holds, else the host, else nobody."""
    table = table_of(request)
    for token in (bearer(request), request.cookies.get(seat_cookie(live.record.code))):
        if token:
            with contextlib.suppress(TableError):
                caller = await table.callers.identify(live, token)
                if caller.role == "seat":
                    return caller
    host = request.cookies.get(host_cookie(live.record.code)) or bearer(request)
    if host:
        caller = await table.callers.identify(live, None, host_token=host)
        if caller.role == "host":
            return caller
    return None


def seat_tokens(request: Request) -> list[str]:
    """Every seat token this browser holds, for any table (a seat kept for a player of the
    match before is theirs if one of them is their old token), and a bearer token."""
    found = [value for name, value in request.cookies.items()
             if name.startswith("hacktable_seat_") and value][:50]
    presented = bearer(request)
    return [presented, *found] if presented else found
