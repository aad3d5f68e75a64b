"""JSON on the wire: every screen, push and API answer is encoded here, with orjson.

Encoding whole screens was the largest single cost of a push with the standard library's
encoder (docs/server.md, "Where the time goes"); orjson does the same work several times
faster and writes the same JSON. Keys that are not strings (a game's view may use seat
numbers) are written as strings, as the standard encoder does.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS
_SORTED = orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS


def dumps(value: Any) -> str:
    """`value` as compact JSON text."""
    return orjson.dumps(value, default=str, option=_OPTIONS).decode()


def dumps_strict(value: Any) -> str:
    """`value` as compact JSON text; anything that is not JSON raises (what is stored must
    read back as it was)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


def dumpb(value: Any) -> bytes:
    """`value` as compact JSON bytes (an HTTP body needs no text)."""
    return orjson.dumps(value, default=str, option=_OPTIONS)


def fingerprint(value: Any) -> bytes:
    """A canonical encoding (keys sorted) to tell whether two values show the same."""
    return orjson.dumps(value, default=str, option=_SORTED)


def loads(data: str | bytes) -> Any:
    return orjson.loads(data)
