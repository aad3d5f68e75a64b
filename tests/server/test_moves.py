"""`moves.parse_move`, the one reading of a move's body (POST /act, /check, the socket)."""

from __future__ import annotations

import pytest

from hacktable.engine.errors import Rejected
from hacktable.server import moves
from hacktable.server.errors import TableError


def test_a_move_is_an_action_or_a_text():
    assert moves.parse_move({"text": "protect self"}, 10) == moves.SentMove(None, "protect self")
    assert moves.parse_move({"action": {"a": [1]}}, 10) == moves.SentMove({"a": [1]}, None)
    message = {"type": "act", "id": 3, "action": [0]}
    assert moves.parse_move(message, 10, on_socket=True).action == [0]


@pytest.mark.parametrize(("body", "sentence"), [
    ({"text": "x", "action": 1}, moves.EITHER),
    ({}, moves.EITHER),
    ({"text": ["x"]}, moves.EITHER),
    ({"text": "x" * (moves.MAX_WRITTEN_MOVE + 1)}, moves.TOO_LONG_TEXT),
    ({"text": "x", "seat": 1}, moves.ONLY_MOVE_KEYS),
    ({"type": "act", "text": "x"}, moves.ONLY_MOVE_KEYS),
    (["x"], moves.NOT_AN_OBJECT),
])
def test_a_body_that_is_no_move_is_refused_with_its_sentence(body, sentence):
    with pytest.raises(TableError) as refused:
        moves.parse_move(body, 10)
    assert (refused.value.status, refused.value.message) == (400, sentence)


def test_an_action_is_bounded_before_anything_walks_it():
    with pytest.raises(Rejected, match="at most 10 values"):
        moves.parse_move({"action": list(range(11))}, 10)
    deep: list = []
    for _ in range(40):
        deep = [deep]
    with pytest.raises(Rejected, match="nests its parts at most"):
        moves.parse_move({"action": deep}, 1_000)


def test_a_socket_message_is_read_only_when_it_is_a_move():
    assert moves.read_message('{"type": "write", "text": "hi"}', 100) is None
    assert moves.read_message("hello", 100) is None
    assert moves.read_message('{"type": "act", "id": 1, "text": "x"}', 100) == {
        "type": "act", "id": 1, "text": "x"}
    with pytest.raises(moves.MessageTooLong):
        moves.read_message('{"type": "act"}' + " " * 100, 100)
    with pytest.raises(moves.BadMove, match="not JSON"):
        moves.read_message('{"type": "act", ', 100)
    assert moves.message_id({"id": True}) is None and moves.message_id({"id": "x"}) == "x"


def test_an_http_body_is_json():
    assert moves.read_move(b'{"text": "x"}', "application/json; charset=utf-8", 10).text == "x"
    assert moves.read_move(b'{"text": "x"}', None, 10).text == "x"
    with pytest.raises(moves.BadMove, match="Content-Type"):
        moves.read_move(b"text=x", "application/x-www-form-urlencoded", 10)
