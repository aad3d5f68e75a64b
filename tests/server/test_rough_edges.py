"""What a group trips on in its first evening, against a real server: a mistyped room code
is said on the join form (as typed), the front page lists this browser's own tables, the
name field and the name rule agree, and Rules for Runners says which seat is the GM."""

from __future__ import annotations

import pytest
from tests.server.helpers import Servers
from tests.services import Api, Server, open_table


@pytest.fixture
def lone(servers: Servers) -> Server:
    return servers["sqlite"]


def test_a_wrong_room_code_is_said_on_the_join_form_as_typed(lone: Server):
    answer = Api(lone.url).get("/m", params={"code": "zz99zz"})
    assert answer.status_code == 404
    assert "No table has the room code ZZ99ZZ" in answer.text
    assert 'value="zz99zz"' in answer.text  # what was typed stays in the box
    assert 'id="join-code"' in answer.text and "Host a new table" in answer.text
    table = open_table(lone.url, ["Ann", "Bob", None, None, None])
    found = Api(lone.url).get("/m", params={"code": table.code.lower()})
    assert found.status_code == 303 and found.headers["location"] == f"/m/{table.code}"


def test_the_front_page_lists_this_browsers_own_tables(lone: Server):
    browser = Api(lone.url)
    created = browser.ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    hosted = created["code"]
    other = Api(lone.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})["code"]
    browser.ok("POST", f"/api/matches/{other}/join", {"seat": 4, "name": "Eve"})
    page = browser.get("/").text
    assert "Your tables" in page
    assert f"/m/{hosted}/host" in page and "(you host)" in page
    assert f'href="/m/{other}"' in page and "as Eve" in page
    assert "Your tables" not in Api(lone.url).get("/").text  # a stranger has none


def test_the_name_field_and_the_name_rule_agree(lone: Server):
    code = Api(lone.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})["code"]
    room = Api(lone.url).get(f"/m/{code}").text
    assert 'maxlength="24"' in room
    fits = Api(lone.url).post(f"/api/matches/{code}/join", {"seat": 1, "name": "N" * 24})
    assert fits.status_code == 200, fits.text
    too_long = Api(lone.url).post(f"/api/matches/{code}/join", {"seat": 2, "name": "M" * 25})
    assert too_long.status_code == 400
    assert too_long.json()["detail"] == "Keep your name to 24 characters or fewer."


def test_rules_for_runners_says_which_seat_is_the_gamemaster(lone: Server):
    created = Api(lone.url).ok("POST", "/api/matches", {"game": "runners", "seats": 3})
    room = Api(lone.url).get(f"/m/{created['code']}").text
    assert "Seat 1 — the gamemaster" in room
    assert "Seat 2 — the gamemaster" not in room
    front = Api(lone.url).get("/").text
    assert "Seat 1 — the gamemaster" in front  # the host form's Runners seats


def test_how_to_play_is_one_click_from_the_lobby_the_host_form_and_every_screen(lone: Server):
    from hacktable.games import all_games

    front = Api(lone.url).get("/").text
    for game in all_games():
        assert f'href="/games/{game.id}/how-to-play"' in front, game.id
        page = Api(lone.url).get(f"/games/{game.id}/how-to-play")
        assert page.status_code == 200 and game.name in page.text, game.id
    assert Api(lone.url).get("/games/nonesuch/how-to-play").status_code == 404
    table = open_table(lone.url, ["Ann", "Bob", None, None, None])
    for api, path in ((table.seats[0], f"/m/{table.code}"), (table.host, f"/m/{table.code}/host"),
                      (Api(lone.url), f"/m/{table.code}/watch")):
        assert 'href="/games/rexfurum/how-to-play"' in api.get(path).text, path
    lobby = Api(lone.url).ok("POST", "/api/matches", {"game": "cpu", "seats": 2})["code"]
    assert 'href="/games/cpu/how-to-play"' in Api(lone.url).get(f"/m/{lobby}").text
