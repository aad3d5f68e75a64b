"""JSON on the wire (`server/wire.py`): orjson's fast path and the one for keys that are not
strings write what the standard library's encoder writes."""

from __future__ import annotations

import json

import orjson
import pytest

from hacktable.server import wire


def standard(value: object, **options: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, **options)


VALUES = [
    {"view": {"round": 3, "names": ["Ann", "Zoë"], "money": [1_000, -5]}, "text": "a\nb"},
    {0: "seat zero", 1: {"nested": {2: [True, None, 1.5]}}},
    [{"mixed": {3: "x"}}, {"plain": "y"}],
]


@pytest.mark.parametrize("value", VALUES)
def test_written_as_the_standard_encoder_writes_it(value):
    assert wire.dumps(value) == standard(value)
    assert wire.dumps_strict(value) == standard(value)
    assert wire.dumpb(value) == standard(value).encode()
    assert wire.loads(wire.dumps(value)) == json.loads(standard(value))


def test_the_fingerprint_sorts_keys_whatever_their_kind():
    assert wire.fingerprint({"b": 1, "a": {2: "x", 1: "y"}}) == \
        wire.fingerprint({"a": {1: "y", 2: "x"}, "b": 1})
    assert wire.fingerprint({"b": 1, "a": 2}) == standard({"a": 2, "b": 1},
                                                          sort_keys=True).encode()


def test_what_is_not_json_is_written_as_text_except_where_stored():
    class Odd:
        def __str__(self) -> str:
            return "odd"

    assert wire.dumps({"x": Odd()}) == '{"x":"odd"}'
    assert wire.dumps({1: Odd()}) == '{"1":"odd"}'
    with pytest.raises(orjson.JSONEncodeError):
        wire.dumps_strict({"x": Odd()})
    with pytest.raises(orjson.JSONEncodeError):
        wire.dumps_strict({1: Odd()})
