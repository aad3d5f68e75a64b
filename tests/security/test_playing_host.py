"""A host who plays sees what a spectator sees, plus the controls; only a host who said they
referee sees every secret, and every seat is told so. One browser holds one seat.

Attacked as a playing host would: the console's JSON, page and socket, the log download
and the media route, each read while a rival's secret orders stand."""

from __future__ import annotations

import json

import pytest
from tests.server.helpers import Listener, assert_refused, walk, ws_url
from tests.services import Api, Server, wait_for

from hacktable.engine.seats import seat_names
from hacktable.games import all_games, get_game

SECRET = "invest 7777 Ann"
REFEREE_LINE = "The host is refereeing and can see all hidden information"


def new_match(server: Server, browser: Api, referee: bool = False) -> str:
    """A five-seat Rex Furum created from `browser` (which keeps the host's cookie), three
    loyal bots in seats 3 to 5."""
    created = browser.ok("POST", "/api/matches", {
        "game": "rexfurum", "seats": 5, "referee": referee,
        "bots": {"2": "loyal", "3": "loyal", "4": "loyal"}})
    return created["code"]


def sit(server: Server, code: str, seat: int, name: str, browser: Api | None = None) -> Api:
    browser = browser or Api(server.url)
    browser.ok("POST", f"/api/matches/{code}/join", {"seat": seat, "name": name})
    return browser


def secret_in(document: object) -> bool:
    text = json.dumps(document) if not isinstance(document, str) else document
    return "7777" in text or "7,777" in text


def test_a_host_who_plays_sees_what_a_spectator_sees_plus_the_controls(table_server: Server):
    hal = Api(table_server.url)  # the host's own browser: creates the table, then sits
    code = new_match(table_server, hal)
    sit(table_server, code, 0, "Ann", hal)
    bob = sit(table_server, code, 1, "Bob")
    hal.ok("POST", f"/api/matches/{code}/host/start")
    bob.ok("POST", f"/api/matches/{code}/act", {"text": SECRET})

    spectator = Api(table_server.url).ok("GET", f"/api/matches/{code}/view")
    console = hal.ok("GET", f"/api/matches/{code}/view?as=host")
    assert console["role"] == "host" and console["viewer"] == "spectator"
    assert {**console, "role": None, "server_now": None} == {
        **spectator, "role": None, "server_now": None}
    assert not secret_in(console)

    # the console page (a host-only browser, holding no seat) and its socket
    host_token = hal.http.cookies.get(f"hacktable_host_{code}")
    keeper = Api(table_server.url, host_token)
    page = keeper.get(f"/m/{code}/host")
    assert page.status_code == 200 and "Host controls" in page.text
    assert not secret_in(page.text)
    socket = Listener(ws_url(table_server.url, code, host_token) + "&as=host")
    try:
        shown = socket.wait_for_screen(lambda s: True)
        assert shown["role"] == "host" and shown["viewer"] == "spectator"
        assert not any(isinstance(v, dict) and v.get("gm") for v in walk(shown))
        assert not secret_in(socket.messages)
    finally:
        socket.close()
    # the log, with every order in it, opens to nobody while the match runs
    for reader in (hal, keeper, bob, Api(table_server.url)):
        detail = assert_refused(reader.get(f"/api/matches/{code}/log"), 409)
        assert "once the match is over" in detail
    # ... and to everyone once it is over
    keeper.ok("POST", f"/api/matches/{code}/host/end")
    logs = {reader.get(f"/api/matches/{code}/log").text
            for reader in (hal, keeper, bob, Api(table_server.url))}
    assert len(logs) == 1 and secret_in(logs.pop())


def test_a_refereeing_host_sees_everything_and_every_seat_is_told(table_server: Server):
    referee = Api(table_server.url)
    code = new_match(table_server, referee, referee=True)
    # the referee's own browser can take no seat
    refused = referee.post(f"/api/matches/{code}/join", {"seat": 0, "name": "Ref"})
    assert refused.status_code == 403 and "referee" in refused.json()["detail"]
    room = referee.get(f"/m/{code}/host").text
    assert "Sit in seat" not in room and "you cannot take a seat" in room
    ann, bob = sit(table_server, code, 0, "Ann"), sit(table_server, code, 1, "Bob")
    assert REFEREE_LINE in ann.get(f"/m/{code}").text  # told in the lobby
    referee.ok("POST", f"/api/matches/{code}/host/start")
    bob.ok("POST", f"/api/matches/{code}/act", {"text": SECRET})

    seen = referee.ok("GET", f"/api/matches/{code}/view?as=host")
    assert seen["viewer"] == "gm" and secret_in(seen)
    assert secret_in(referee.get(f"/api/matches/{code}/log").text)
    for reader, path in ((ann, f"/m/{code}"), (bob, f"/m/{code}"),
                         (Api(table_server.url), f"/m/{code}/watch")):
        page = reader.get(path).text
        assert REFEREE_LINE in page, path
    assert not secret_in(ann.get(f"/m/{code}").text)
    assert Api(table_server.url).ok("GET", f"/api/matches/{code}")["referee"] is True


def test_one_browser_holds_one_seat_and_lands_on_it(table_server: Server):
    hal = Api(table_server.url)
    code = new_match(table_server, hal)
    sit(table_server, code, 0, "Ann", hal)
    again = hal.post(f"/api/matches/{code}/join", {"seat": 1, "name": "Hal"})
    assert again.status_code == 409 and "already sit in seat 1" in again.json()["detail"]
    info = Api(table_server.url).ok("GET", f"/api/matches/{code}")
    assert [s["kind"] for s in info["seats"][:2]] == ["human", "open"]
    # the host page sends a host who sits to their seat, and offers no sit form
    landed = hal.get(f"/m/{code}/host")
    assert landed.status_code == 303 and landed.headers["location"] == f"/m/{code}"
    room = hal.get(f"/m/{code}").text
    assert "Sit in seat" not in room and "You sit in seat 1" in room
    assert "Host controls" in room


def test_after_a_rematch_each_seat_waits_for_its_own_player(table_server: Server):
    """The new room code is public (the old match's facts name it), so a spectator could sit
    in Ann's seat first; instead each seat is kept for its player, and only their own
    browser takes it."""
    host = Api(table_server.url)
    code = new_match(table_server, host)
    ann, bob = sit(table_server, code, 0, "Ann"), sit(table_server, code, 1, "Bob")
    host.ok("POST", f"/api/matches/{code}/host/start")
    host.ok("POST", f"/api/matches/{code}/host/end")
    replayed = host.ok("POST", f"/api/matches/{code}/rematch")
    new = replayed["code"]
    assert replayed["seat"] is None and replayed["table_url"] == replayed["host_url"]
    assert Api(table_server.url).ok("GET", f"/api/matches/{code}")["next"] == new
    again = host.post(f"/api/matches/{code}/rematch")
    assert again.status_code == 409 and new in again.json()["detail"]

    stranger = Api(table_server.url)
    seats = stranger.ok("GET", f"/api/matches/{new}")["seats"]
    assert [(s["kind"], s["name"]) for s in seats[:2]] == [("held", "Ann"), ("held", "Bob")]
    taken = stranger.post(f"/api/matches/{new}/join", {"seat": 0, "name": "Ann"})
    assert taken.status_code == 409 and "kept for Ann" in taken.json()["detail"]
    assert stranger.post(f"/api/matches/{new}/take").status_code == 403
    assert stranger.post(f"/api/matches/{new}/release").status_code == 403
    assert_refused(host.post(f"/api/matches/{new}/host/start"), 409)

    # Ann's own browser (her old seat's cookie) sits her down again; Bob lets his seat go
    mine = ann.ok("POST", f"/api/matches/{new}/take")
    assert mine["seat"] == 0
    assert ann.ok("GET", f"/api/matches/{new}/view")["viewer"] == 0
    assert bob.post(f"/api/matches/{new}/release").status_code == 204
    sit(table_server, new, 1, "Cal", stranger)
    host.ok("POST", f"/api/matches/{new}/host/start")
    assert wait_for(lambda: Api(table_server.url).ok("GET", f"/api/matches/{new}")["status"]
                    == "running")


def test_a_host_who_plays_sits_again_at_once_and_only_in_their_own_seat(table_server: Server):
    """Playing again, the host's own browser (their old seat's cookie) takes their kept seat
    with the same request; the others' seats stay kept for them."""
    hal = Api(table_server.url)
    code = new_match(table_server, hal)
    sit(table_server, code, 1, "Hal", hal)
    sit(table_server, code, 0, "Ann")
    hal.ok("POST", f"/api/matches/{code}/host/start")
    hal.ok("POST", f"/api/matches/{code}/host/end")
    replayed = hal.ok("POST", f"/api/matches/{code}/rematch")
    new = replayed["code"]
    assert replayed["seat"] == 1 and replayed["table_url"].endswith(f"/m/{new}")
    assert hal.ok("GET", f"/api/matches/{new}/view")["viewer"] == 1
    seats = Api(table_server.url).ok("GET", f"/api/matches/{new}")["seats"]
    assert [(s["kind"], s["name"]) for s in seats[:2]] == [("held", "Ann"), ("human", "Hal")]
    assert "You sit in seat 2 as Hal" in hal.get(f"/m/{new}").text


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_an_ended_match_offers_no_move(table_server: Server, game: str):
    """The host ends the match during a seat's turn: no screen, in any game, shows a move
    to make or says it is someone's turn, on reload too."""
    host = Api(table_server.url)
    count = get_game(game).min_seats
    created = host.ok("POST", "/api/matches", {"game": game, "seats": count})
    code = created["code"]
    seats = [sit(table_server, code, n, name) for n, name in enumerate(seat_names(count))]
    host.ok("POST", f"/api/matches/{code}/host/start")
    asked = wait_for(lambda: next((s for s in seats if s.ok(
        "GET", f"/api/matches/{code}/view")["prompt"]), None))
    page = asked.get(f"/m/{code}").text
    assert f'/api/matches/{code}/act"' in page  # a move to make, before
    host.ok("POST", f"/api/matches/{code}/host/end")
    for seat in seats:
        screen = seat.ok("GET", f"/api/matches/{code}/view")
        assert screen["prompt"] is None and screen["legal"] is None
        page = seat.get(f"/m/{code}").text
        assert "The host ended this match" in page
        assert f'/api/matches/{code}/act"' not in page
        assert "Your turn" not in page and "is your turn" not in page
