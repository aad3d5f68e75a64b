"""A table that starts by itself (`start_when_full`): the match starts as soon as no seat is
left open or kept, whoever fills the last one (a person sitting down, the host handing it
to a bot, a player of the match before taking their kept seat back), and not before. A
table created without it waits for its host, as always. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server.helpers import Listener, Servers, assert_refused, ws_url
from tests.services import Api, Server, wait_for


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, servers: Servers) -> Server:
    """The session's shared server on each database: every test opens its own match."""
    return servers[request.param]


def create(server: Server, seats: int = 4, bots: dict[str, str] | None = None,
           start_when_full: bool = True) -> tuple[str, Api]:
    """A Rex Furum table; its room code and the host."""
    host = Api(server.url)
    created = host.ok("POST", "/api/matches", {
        "game": "rexfurum", "seats": seats, "bots": bots or {},
        "start_when_full": start_when_full})
    return created["code"], Api(server.url, created["host_token"])


def info(server: Server, code: str) -> dict[str, Any]:
    return Api(server.url).ok("GET", f"/api/matches/{code}")


def sit(server: Server, code: str, seat: int, name: str) -> str:
    """A person sits down; their seat's token."""
    joined = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                {"seat": seat, "name": name})
    return str(joined["token"])


def test_the_match_starts_as_the_last_person_sits_down(server: Server) -> None:
    code, host = create(server)
    assert info(server, code)["start_when_full"] is True
    ann = sit(server, code, 0, "Ann")
    listener = Listener(ws_url(server.url, code, ann))
    try:
        wait_for(lambda: listener.messages)  # the room, as it stands
        sit(server, code, 1, "Bob")
        sit(server, code, 2, "Cal")
        assert info(server, code)["status"] == "lobby"  # a seat is still open
        refused = host.post(f"/api/matches/{code}/host/start")
        assert "Seat 4 is still empty" in assert_refused(refused, 409)
        sit(server, code, 3, "Dee")
        assert info(server, code)["status"] == "running"  # at once, in the same request
        # Ann's socket, open since the lobby, is sent her first orders without anyone
        # pressing start
        screen = listener.wait_for_screen(lambda s: s.get("prompt"))
        assert screen["viewer"] == 0
    finally:
        listener.close()
    refused = host.post(f"/api/matches/{code}/host/start")
    assert "already started" in assert_refused(refused, 409)
    host.ok("POST", f"/api/matches/{code}/host/end")
    log = [entry["payload"] for entry in host.ok("GET", f"/api/matches/{code}/log")["log"]
           if entry["kind"] == "host"]
    assert log.count({"do": "start"}) == 1  # started once, by the last seat


def test_a_table_without_it_waits_for_its_host(server: Server) -> None:
    code, host = create(server, start_when_full=False)
    assert info(server, code)["start_when_full"] is False
    for seat, name in enumerate(["Ann", "Bob", "Cal", "Dee"]):
        sit(server, code, seat, name)
    assert info(server, code)["status"] == "lobby"
    host.ok("POST", f"/api/matches/{code}/host/start")
    assert info(server, code)["status"] == "running"


def test_the_host_handing_the_last_seat_to_a_bot_starts_it(server: Server) -> None:
    code, host = create(server, bots={"2": "loyal", "3": "loyal"})
    ann = Api(server.url, sit(server, code, 0, "Ann"))
    host.ok("POST", f"/api/matches/{code}/host/bot", {"seat": 1, "personality": "loyal"})
    assert info(server, code)["status"] == "running"
    # the bots were woken by the start: both send their orders, and Ann is asked for hers
    sent = wait_for(lambda: (info(server, code)["sent"] or {}).get("done") == [1, 2, 3]
                    and info(server, code)["sent"])
    assert sent["asked"] == [0, 1, 2, 3]
    assert ann.ok("GET", f"/api/matches/{code}/view")["prompt"]


def test_a_table_of_bots_only_starts_as_it_is_created(server: Server) -> None:
    code, _ = create(server, bots={str(seat): "loyal" for seat in range(4)})
    assert info(server, code)["status"] == "running"


def test_playing_again_keeps_it_and_starts_when_the_kept_seats_are_taken_back(
        server: Server) -> None:
    code, host = create(server, bots={"2": "loyal", "3": "loyal"})
    browsers = []
    for seat, name in enumerate(["Ann", "Bob"]):
        browser = Api(server.url)  # each player's own browser, which keeps its seat cookie
        browser.ok("POST", f"/api/matches/{code}/join", {"seat": seat, "name": name})
        browsers.append(browser)
    assert info(server, code)["status"] == "running"
    host.ok("POST", f"/api/matches/{code}/host/end")
    new = host.ok("POST", f"/api/matches/{code}/rematch")["code"]
    assert info(server, new)["start_when_full"] is True
    assert info(server, new)["status"] == "lobby"  # both seats are kept for their players
    browsers[0].ok("POST", f"/api/matches/{new}/take")
    assert info(server, new)["status"] == "lobby"
    browsers[1].ok("POST", f"/api/matches/{new}/take")
    assert info(server, new)["status"] == "running"
