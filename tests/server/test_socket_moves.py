"""Moves over the already-open WebSocket: the same rules, answers and pushes as POST /act."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from tests.server.helpers import Listener, Servers, assert_refused, ws_url
from tests.services import Api, Server, Table, open_table, wait_for


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, servers: Servers) -> Server:
    """The session's shared server on each database (see `shared_servers`): every test
    opens its own match, so none needs a process of its own."""
    return servers[request.param]


def answers(listener: Listener, ident: Any) -> dict[str, Any]:
    """The socket's answer to the move sent with this id."""
    return wait_for(lambda: next(
        (m for m in map(json.loads, listener.messages)
         if m["type"] in ("acted", "refused") and m.get("id") == ident), None))


@contextlib.contextmanager
def listening(base: str, table: Table, seat: int | None) -> Iterator[Listener]:
    """A seat's socket (a spectator's for None), closed when the test is done with it."""
    listener = Listener(ws_url(base, table.code, None if seat is None else table.tokens[seat]))
    try:
        yield listener
    finally:
        listener.close()


def send(listener: Listener, message: dict[str, Any]) -> None:
    listener._socket.send(json.dumps(message))


def test_a_move_sent_on_the_socket_is_acknowledged_then_pushed(server):
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    with listening(server.url, table, 0) as ann:
        ann.wait_for_screen(lambda s: s["prompt"] is not None)
        send(ann, {"type": "act", "id": 1, "text": "protect self"})
        acted = answers(ann, 1)
        assert acted["type"] == "acted" and acted["accepted"]
        pushed = ann.wait_for_screen(lambda s: s["seq"] >= acted["accepted"][-1])
        assert pushed["prompt"]["submitted"] is True
        view = table.seats[0].ok("GET", f"/api/matches/{table.code}/view")
        assert view["prompt"]["submitted"] is True  # committed: the API sees it too


def test_a_refused_socket_move_says_why_as_post_would_and_changes_nothing(server):
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    with listening(server.url, table, 0) as ann:
        ann.wait_for_screen(lambda s: s["prompt"] is not None)
        before = table.seats[0].ok("GET", f"/api/matches/{table.code}/view")["seq"]
        by_post = assert_refused(table.seats[0].post(
            f"/api/matches/{table.code}/act", {"text": "embezzle nobody"}), 400)
        send(ann, {"type": "act", "id": "x7", "text": "embezzle nobody"})
        refused = answers(ann, "x7")
        assert refused == {"type": "refused", "id": "x7", "status": 400, "detail": by_post}
        send(ann, {"type": "act", "id": 2, "text": "protect self", "action": {"orders": []}})
        both = answers(ann, 2)
        assert both["status"] == 400 and "either an action or a text" in both["detail"]
        assert table.seats[0].ok("GET", f"/api/matches/{table.code}/view")["seq"] == before


def test_only_a_seat_moves_over_its_socket(server):
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    with listening(server.url, table, None) as watcher:  # a spectator, no token
        watcher.wait_for_screen(lambda s: True)
        send(watcher, {"type": "act", "id": 3, "text": "protect self"})
        refused = answers(watcher, 3)
        assert refused["type"] == "refused" and refused["status"] in (401, 403)


def test_a_seat_handed_to_a_bot_no_longer_moves_from_its_old_socket(server):
    """The socket is closed with the reason; a move that raced the close is refused (the
    seat is looked up again for every move) and the bot's orders stand."""
    table = open_table(server.url, ["Ann", "Bob", None, None, None], {"round_minutes": 60})
    with listening(server.url, table, 1) as bob:
        bob.wait_for_screen(lambda s: s["prompt"] is not None)
        table.host.ok("POST", f"/api/matches/{table.code}/host/bot", {"seat": 1})
        closed = wait_for(lambda: bob.closed)
        assert closed[0] == 4403 and "handed to a bot" in closed[1]
        assert not any('"acted"' in m for m in bob.messages)


def test_a_seat_that_moved_before_it_was_handed_to_a_bot_moves_no_more(server):
    """The socket keeps who its token was while the seats stay as they were; once the
    host hands the seat to a bot, the next move looks the token up again and is refused,
    however soon after the hand-over it comes."""
    table = open_table(server.url, ["Ann", "Bob", None, None, None], {"round_minutes": 60})
    with listening(server.url, table, 1) as bob:
        bob.wait_for_screen(lambda s: s["prompt"] is not None)
        send(bob, {"type": "act", "id": 1, "text": "protect self"})
        assert answers(bob, 1)["type"] == "acted"
        table.host.ok("POST", f"/api/matches/{table.code}/host/bot", {"seat": 1})
        with contextlib.suppress(Exception):  # the socket may be closed already
            send(bob, {"type": "act", "id": 2, "text": "protect self"})
        wait_for(lambda: bob.closed)
        assert not any(m.get("type") == "acted" and m.get("id") == 2
                       for m in map(json.loads, bob.messages))


def test_other_messages_on_the_socket_are_ignored(server):
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    with listening(server.url, table, 0) as ann:
        ann.wait_for_screen(lambda s: True)
        ann._socket.send("hello")
        send(ann, {"type": "ping"})
        send(ann, {"type": "act", "id": 5, "text": "protect self"})
        assert answers(ann, 5)["type"] == "acted"
        assert not any(json.loads(m)["type"] == "refused" for m in ann.messages)
        assert Api(server.url).get(f"/api/matches/{table.code}").status_code == 200


def test_a_written_move_over_the_socket_is_bounded_as_over_http(server):
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    with listening(server.url, table, 0) as ann:
        ann.wait_for_screen(lambda s: True)
        send(ann, {"type": "act", "id": 6, "text": "protect self " * 2_000})
        refused = answers(ann, 6)
        assert refused["status"] == 400 and "at most 20,000 characters" in refused["detail"]


BAD_MOVES = [
    {"text": "protect self", "action": {"orders": []}},  # both
    {},  # neither
    {"text": 7},  # a text that is no text
    {"text": "protect self " * 2_000},  # too long to read
    {"action": {"orders": json.loads("[" * 40 + "]" * 40)}},  # nested too deep
]


def test_a_bad_move_is_refused_alike_by_post_and_on_the_socket(server):
    """Both ways in read a move with `moves.parse_move`: the same status and sentence for
    every body that is no move, and nothing changes."""
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    with listening(server.url, table, 0) as ann:
        ann.wait_for_screen(lambda s: s["prompt"] is not None)
        before = table.seats[0].ok("GET", f"/api/matches/{table.code}/view")["seq"]
        for n, body in enumerate(BAD_MOVES):
            by_post = table.seats[0].post(f"/api/matches/{table.code}/act", body)
            detail = assert_refused(by_post, 400)
            send(ann, {"type": "act", "id": n, **body})
            assert answers(ann, n) == {"type": "refused", "id": n, "status": 400,
                                       "detail": detail}, body
        assert table.seats[0].ok("GET", f"/api/matches/{table.code}/view")["seq"] == before


def test_post_refuses_a_move_that_is_not_json_with_a_sentence(server):
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    act = f"/api/matches/{table.code}/act"
    http = table.seats[0].http
    for content, kind in (("text=protect+self", "application/x-www-form-urlencoded"),
                          ('{"text": "protect self"', "application/json"),
                          ('["protect self"]', "application/json"),
                          ('{"text": "protect self", "seat": 2}', "application/json")):
        answer = http.post(act, content=content, headers={"content-type": kind})
        assert_refused(answer, 400)
    screen = table.seats[0].ok("GET", f"/api/matches/{table.code}/view")
    assert screen["prompt"]["submitted"] is False
