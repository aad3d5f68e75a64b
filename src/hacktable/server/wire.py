"""JSON on the wire: every screen, push and API answer is encoded here, with orjson.

Encoding whole screens was the largest single cost of a push with the standard library's
encoder (docs/history/server-speed.md, "First round"); orjson does the same work several times
faster and writes the same JSON. Keys that are not strings (a game's view may use seat
numbers) are written as strings, as the standard encoder does: orjson's option for that
costs about half as much again on every value, so it is asked for only when a value turns
out to hold such a key (no game's screen does today; `tests/server/test_wire.py`).
"""

from __future__ import annotations

from typing import Any

import orjson

_NON_STR_KEYS = orjson.OPT_NON_STR_KEYS


def _encode(value: Any, default: Any = str, option: int = 0) -> bytes:
    """orjson's encoding, with keys that are not strings written as strings."""
    try:
        return orjson.dumps(value, default=default, option=option)
    except orjson.JSONEncodeError:  # a key that is not a string (or no JSON at all: the
        return orjson.dumps(value, default=default,  # second try raises that again)
                            option=option | _NON_STR_KEYS)


def dumps(value: Any) -> str:
    """`value` as compact JSON text."""
    return _encode(value).decode()


def dumps_strict(value: Any) -> str:
    """`value` as compact JSON text; anything that is not JSON raises (what is stored must
    read back as it was)."""
    return _encode(value, None).decode()


def dumpb(value: Any) -> bytes:
    """`value` as compact JSON bytes (an HTTP body needs no text)."""
    return _encode(value)


def fingerprint(value: Any) -> bytes:
    """A canonical encoding (keys sorted) to tell whether two values show the same."""
    return _encode(value, option=orjson.OPT_SORT_KEYS)


def loads(data: str | bytes) -> Any:
    return orjson.loads(data)
