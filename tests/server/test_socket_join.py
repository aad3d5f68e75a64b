"""A seat taken as its screen's socket opens (`join=N&name=...`): one exchange instead of
POST /join and then a socket, with every check of POST /join, and a refusal that says the
same sentence as the POST would (as the socket's close reason)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from tests.server.helpers import Listener, Servers, assert_refused, ws_url
from tests.services import Api, Server, wait_for


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, servers: Servers) -> Server:
    return servers[request.param]


def lobby(base: str, seats: int = 5, referee: bool = False) -> tuple[str, Api]:
    """A Rex Furum table in its lobby: its code and the host's client."""
    created = Api(base).ok("POST", "/api/matches", {"game": "rexfurum", "seats": seats,
                                                     "referee": referee})
    return created["code"], Api(base, created["host_token"])


def joining(base: str, code: str, seat: Any, name: str, extra: str = "") -> Listener:
    return Listener(ws_url(base, code) + f"&join={seat}&name={quote(name)}{extra}")


def messages(listener: Listener) -> list[dict[str, Any]]:
    return [json.loads(message) for message in listener.messages]


def closed(listener: Listener) -> tuple[int | None, str]:
    """How the server closed the socket: its code and its reason."""
    return wait_for(lambda: listener.closed)


def test_a_socket_takes_its_seat_then_plays_it(server):
    code, host = lobby(server.url)
    ann = joining(server.url, code, 0, "Ann")
    try:
        joined = wait_for(lambda: next((m for m in messages(ann) if m["type"] == "joined"),
                                       None))
        assert messages(ann)[0] == joined  # the token comes first, before the room
        assert joined["seat"] == 0 and joined["seat_url"].endswith(
            f"/m/{code}?token={joined['token']}")
        assert joined["seat_url"].startswith("http")
        room = wait_for(lambda: next((m for m in messages(ann) if m["type"] == "room"), None))
        assert room["match"]["seats"][0]["name"] == "Ann"
        assert room["match"]["seats"][0]["kind"] == "human"
        # the token is the seat's, as POST /join's would be
        seat = Api(server.url, joined["token"])
        for n, name in enumerate(["Bob", "Cyd", "Dee", "Eve"], start=1):
            Api(server.url).ok("POST", f"/api/matches/{code}/join", {"seat": n, "name": name})
        host.ok("POST", f"/api/matches/{code}/host/start")
        first = ann.wait_for_screen(lambda s: s["prompt"] is not None)
        assert first["viewer"] == 0
        assert seat.ok("GET", f"/api/matches/{code}/view")["viewer"] == 0
        ann._socket.send(json.dumps({"type": "act", "id": 1, "text": "protect self"}))
        acted = wait_for(lambda: next((m for m in messages(ann)
                                      if m["type"] in ("acted", "refused")), None))
        assert acted["type"] == "acted" and acted["accepted"]
    finally:
        ann.close()


def test_a_socket_is_refused_a_seat_as_post_join_is(server):
    """Taken, started, a look-alike name, no such seat: the close reason is POST /join's
    own sentence (cut to the 120 bytes a close reason holds)."""
    code, host = lobby(server.url)
    Api(server.url).ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "Ann"})
    cases = [(0, "Zed", 4409), (1, "Ann", 4400), (1, "Ann ", 4400), (9, "Zed", 4400)]
    for seat, name, status in cases:
        by_post = assert_refused(Api(server.url).post(
            f"/api/matches/{code}/join", {"seat": seat, "name": name}), status - 4000)
        refused = joining(server.url, code, seat, name)
        assert closed(refused) == (status, by_post.encode()[:120].decode(errors="ignore"))
        assert not any(m["type"] == "joined" for m in messages(refused))
    seats = Api(server.url).ok("GET", f"/api/matches/{code}")["seats"]
    assert [s["kind"] for s in seats] == ["human", "open", "open", "open", "open"]
    for n in range(1, 5):
        Api(server.url).ok("POST", f"/api/matches/{code}/join", {"seat": n, "name": f"P{n}"})
    host.ok("POST", f"/api/matches/{code}/host/start")
    late = joining(server.url, code, 1, "Zed")
    code_and_reason = closed(late)
    assert code_and_reason[0] == 4409 and "has started" in code_and_reason[1]


def test_a_socket_asking_for_a_seat_brings_no_token_and_a_number(server):
    code, _ = lobby(server.url)
    seated = Api(server.url).ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "Ann"})
    for extra_query, seat in ((f"&token={seated['token']}", 1), ("&as=host", 1), ("", "one")):
        refused = joining(server.url, code, seat, "Zed", extra_query)
        status, reason = closed(refused)
        assert status == 4400 and len(reason.split()) >= 4, reason
    assert Api(server.url).ok("GET", f"/api/matches/{code}")["seats"][1]["kind"] == "open"


def test_a_socket_that_will_not_open_takes_no_seat(server):
    """Every other check of the socket comes first: a refused socket never holds a seat
    whose token it was not given."""
    code, _ = lobby(server.url)
    refused = joining(server.url, code, 0, "Ann", "&parts=nonsense")
    status, _reason = closed(refused)
    assert status == 4400
    assert Api(server.url).ok("GET", f"/api/matches/{code}")["seats"][0]["kind"] == "open"


def test_no_table_no_seat(server):
    refused = joining(server.url, "ZZZZZZ", 0, "Ann")
    assert closed(refused)[0] == 4404


def close_of(url: str, cookie: str) -> tuple[int | None, str]:
    """How the server closed a socket opened with this cookie, after what it sent."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with connect(url, additional_headers={"Cookie": cookie}, open_timeout=10) as socket:
        with pytest.raises(ConnectionClosed):
            while True:
                socket.recv(timeout=10)
        return socket.close_code, socket.close_reason or ""


def test_one_browser_holds_one_seat_and_a_referee_none(server):
    """As POST /join: the browser's seat cookie, or a refereeing host's, keeps it from
    taking a (second) seat by socket."""
    code, _ = lobby(server.url)
    seated = Api(server.url).ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "Ann"})
    status, reason = close_of(ws_url(server.url, code) + "&join=1&name=Twin",
                              f"hacktable_seat_{code}={seated['token']}")
    assert status == 4409 and "already sit in seat 1" in reason, reason
    referee_code, referee = lobby(server.url, referee=True)
    host_token = referee.http.headers["Authorization"].split()[1]
    status, reason = close_of(ws_url(server.url, referee_code) + "&join=0&name=Ref",
                              f"hacktable_host_{referee_code}={host_token}")
    assert status == 4403 and "referee" in reason, reason
    for table in (code, referee_code):
        seats = Api(server.url).ok("GET", f"/api/matches/{table}")["seats"]
        assert [s["kind"] for s in seats].count("human") == (1 if table == code else 0)
