"""Cross-site requests are refused: a page on another site (or another port of this host)
must not make a browser spend the seat or host cookie it holds for this table.

A state-changing request (any method but GET, HEAD and OPTIONS) and every WebSocket
handshake is checked, unless it carries an `Authorization: Bearer` token, which another
site's page cannot make a browser send. Browsers say where a request comes from in `Origin`
(and in `Sec-Fetch-Site`); one that names another origin is refused with 403. A request with
neither header does not come from a web page (curl, a bot, the tests) and passes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
REFUSAL = ("This request came from another site, so the table refused it; use the table's "
           "own page.")


class SameOriginOnly:
    """ASGI middleware: refuse cross-origin writes and WebSocket handshakes."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {origin.rstrip("/").lower() for origin in allowed_origins if origin}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        checked = kind == "websocket" or (kind == "http"
                                          and scope["method"] not in SAFE_METHODS)
        if not checked or self.same_origin(scope):
            await self.app(scope, receive, send)
        elif kind == "websocket":
            await send({"type": "websocket.close", "code": 4403, "reason": REFUSAL[:120]})
        else:
            await _refuse(scope, send)

    def same_origin(self, scope: Scope) -> bool:
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope.get("headers", ())}
        if headers.get("authorization", "").lower().startswith("bearer "):
            return True
        origin = headers.get("origin")
        if origin is None:
            # no Origin: not a page's request, unless the browser says it came from elsewhere
            return headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")
        origin = origin.strip().rstrip("/").lower()
        if origin in self.allowed:
            return True
        if origin == "null":  # a sandboxed frame or a file: never ours
            return False
        parts = urlsplit(origin)
        host = headers.get("host", "").strip().lower()
        return bool(host) and parts.netloc == host and parts.scheme in ("http", "https")


async def _refuse(scope: Scope, send: Send) -> None:
    wants_json = scope.get("path", "").startswith("/api")
    body = (json.dumps({"detail": REFUSAL}).encode() if wants_json
            else f"<!doctype html><title>Refused</title><p>{REFUSAL}</p>".encode())
    await send({"type": "http.response.start", "status": 403, "headers": [
        (b"content-type", b"application/json" if wants_json else b"text/html; charset=utf-8"),
        (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
