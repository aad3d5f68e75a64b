"""The seat's and host's cookie is written as Starlette's `set_cookie` would write it."""

from __future__ import annotations

import pytest
from starlette.responses import Response

from hacktable.server.seats import COOKIE_AGE, host_cookie, seat_cookie, set_cookie
from hacktable.server.security import new_token


@pytest.mark.parametrize("name, token", [
    (seat_cookie("ABCDE"), None),  # None: a new token, as the join and create calls make
    (host_cookie("QWERT"), None),
    (seat_cookie("ABCDE"), "not base64; with=odd \"characters\""),
], ids=["seat", "host", "odd value"])
def test_the_cookie_header_is_starlettes(name: str, token: str | None) -> None:
    value = new_token() if token is None else token
    ours, theirs = Response(), Response()
    set_cookie(ours, name, value)
    theirs.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")
    assert ours.raw_headers == theirs.raw_headers
