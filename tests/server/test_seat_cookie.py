"""The seat's and host's cookie is written as Starlette's `set_cookie` would write it."""

from __future__ import annotations

import pytest
from starlette.responses import Response

from hacktable.server.seats import COOKIE_AGE, host_cookie, seat_cookie, set_cookie
from hacktable.server.security import new_token


@pytest.mark.parametrize("name, token", [
    (seat_cookie("ABCDE"), new_token()),
    (host_cookie("QWERT"), new_token()),
    (seat_cookie("ABCDE"), "not base64; with=odd \"characters\""),
])
def test_the_cookie_header_is_starlettes(name: str, token: str) -> None:
    ours, theirs = Response(), Response()
    set_cookie(ours, name, token)
    theirs.set_cookie(name, token, max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")
    assert ours.raw_headers == theirs.raw_headers
