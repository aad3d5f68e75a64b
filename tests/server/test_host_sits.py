"""A host who plays sits down as they create the table (`name`, and `seat` if they choose):
one request where creating and joining took two. Their browser then holds both the host's
and the seat's cookie, and everything else about the seat is as if they had joined: a rival
cannot take it, its names are checked as a join's are, a referee takes none. On SQLite and
PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server.helpers import Servers, assert_refused
from tests.services import Api, Server


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, servers: Servers) -> Server:
    """The session's shared server on each database: every test opens its own match."""
    return servers[request.param]


def seats_of(server: Server, code: str) -> list[tuple[str, str | None]]:
    info = Api(server.url).ok("GET", f"/api/matches/{code}")
    return [(s["kind"], s["name"]) for s in info["seats"]]


def create(browser: Api, **body: Any) -> Any:
    return browser.post("/api/matches", {"game": "rexfurum", "seats": 4, **body})


def test_the_host_sits_in_the_first_seat_for_a_person(server: Server) -> None:
    hal = Api(server.url)  # the host's own browser
    created = create(hal, name="Hal", bots={"0": "loyal"})
    assert created.status_code == 201, created.text
    made = created.json()
    code = made["code"]
    assert made["seat"] == 1 and made["seat_token"]
    assert made["table_url"].endswith(f"/m/{code}")  # their seat, host controls and all
    assert seats_of(server, code) == [("bot", None), ("human", "Hal"), ("open", None),
                                      ("open", None)]
    # the browser holds the seat (its cookie) and the console (the host's cookie)
    assert hal.ok("GET", f"/api/matches/{code}/view")["viewer"] == 1
    assert "You sit in seat 2 as Hal" in hal.get(f"/m/{code}").text
    by_token = Api(server.url, made["seat_token"]).ok("GET", f"/api/matches/{code}/view")
    assert by_token["viewer"] == 1
    # a rival cannot take it, nor the host sit twice
    rival = Api(server.url).post(f"/api/matches/{code}/join", {"seat": 1, "name": "Zed"})
    assert "taken" in assert_refused(rival, 409)
    again = hal.post(f"/api/matches/{code}/join", {"seat": 2, "name": "Hal Two"})
    assert "already sit in seat 2" in assert_refused(again, 409)
    posing = Api(server.url).post(f"/api/matches/{code}/join", {"seat": 2, "name": "HaI"})
    assert "looks too much like 'Hal'" in assert_refused(posing, 400)  # a capital i
    # the others join; the host starts the match from the same browser
    for seat, name in ((2, "Ann"), (3, "Bob")):
        Api(server.url).ok("POST", f"/api/matches/{code}/join", {"seat": seat, "name": name})
    hal.ok("POST", f"/api/matches/{code}/host/start")
    assert hal.ok("GET", f"/api/matches/{code}/view")["prompt"]


def test_the_host_may_name_their_seat(server: Server) -> None:
    made = create(Api(server.url), name="Hal", seat=3).json()
    assert seats_of(server, made["code"])[3] == ("human", "Hal")
    assert made["seat"] == 3


def test_a_seat_the_host_cannot_take_is_refused_before_any_table_is_made(
        server: Server) -> None:
    browser = Api(server.url)
    for body, status, words in (
            ({"name": "Hal", "seat": 0, "bots": {"0": "loyal"}}, 400, "bot's"),
            ({"name": "Hal", "seat": 7}, 400, "no seat 8"),
            ({"name": "Hal", "bots": {str(n): "loyal" for n in range(4)}}, 400,
             "Every seat is a bot's"),
            ({"name": "Hal", "referee": True}, 403, "referee"),
            ({"name": "   "}, 400, "Type the name"),
            ({"name": "backstab"}, 400, "orders use that word"),
    ):
        refused = create(browser, **body)
        assert words in assert_refused(refused, status), body
        assert "hacktable_host_" not in str(refused.headers.get_list("set-cookie")), body


def test_a_host_who_sits_beside_bots_only_starts_at_once_if_the_table_starts_itself(
        server: Server) -> None:
    bots = {str(n): "loyal" for n in range(1, 4)}
    waiting = create(Api(server.url), name="Hal", bots=bots).json()
    status = Api(server.url).ok("GET", f"/api/matches/{waiting['code']}")["status"]
    assert status == "lobby"
    hal = Api(server.url)
    made = create(hal, name="Hal", bots=bots, start_when_full=True).json()
    assert Api(server.url).ok("GET", f"/api/matches/{made['code']}")["status"] == "running"
    assert hal.ok("GET", f"/api/matches/{made['code']}/view")["prompt"]
