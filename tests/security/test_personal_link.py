"""A personal link sets a seat cookie only for a token that holds a seat in that very match:
a cross-site link with a wrong token, or for another room, can neither log a player out of
their seat nor fix a session of the attacker's choosing."""

from __future__ import annotations

import httpx
from tests.services import Api, Server, open_table


def browser(base: str) -> httpx.Client:
    """A client that keeps cookies and does not follow redirects, as we want to see them."""
    return httpx.Client(base_url=base, follow_redirects=False, timeout=15)


def test_a_good_link_keeps_the_seat(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    with browser(table_server.url) as ann:
        answer = ann.get(f"/m/{table.code.lower()}?token={table.tokens[0]}")
        assert answer.status_code == 303 and answer.headers["location"] == f"/m/{table.code}"
        assert ann.cookies[f"hacktable_seat_{table.code}"] == table.tokens[0]


def test_a_bad_link_never_replaces_a_good_seat(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    other = open_table(table_server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    with browser(table_server.url) as ann:
        ann.get(f"/m/{table.code}?token={table.tokens[0]}")
        cookie = f"hacktable_seat_{table.code}"
        for token in ("attacker-chosen", other.tokens[0], table.host.http.headers[
                "authorization"].removeprefix("Bearer ")):
            answer = ann.get(f"/m/{table.code}?token={token}")
            assert answer.status_code == 403, answer.text
            assert "unchanged" in answer.text and "set-cookie" not in answer.headers
            assert ann.cookies[cookie] == table.tokens[0]
        # the seat is still Ann's: her page is her table, not the room
        assert "data-viewer=\"0\"" in ann.get(f"/m/{table.code}").text


def test_no_cookie_for_a_room_that_does_not_exist(table_server: Server):
    with browser(table_server.url) as visitor:
        for path in ("/m/ZZZZZZ?token=x", "/m/ZZZZZZ/host?token=x",
                     "/m/AB%0d%0aX?token=x", "/m/AB%0d%0aX", "/m/AB%0d%0aX/host?token=x"):
            answer = visitor.get(path)
            assert answer.status_code == 404, (path, answer.status_code, answer.text[:200])
            assert "set-cookie" not in answer.headers
        assert not visitor.cookies


def test_the_host_link_needs_the_host_token(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    with browser(table_server.url) as ann:
        answer = ann.get(f"/m/{table.code}/host?token={table.tokens[0]}")
        assert answer.status_code == 403 and "set-cookie" not in answer.headers
    assert Api(table_server.url).get(f"/api/matches/{table.code}").status_code == 200


def test_the_console_refuses_a_player_with_403(table_server: Server):
    """Forbidden, not a bad request: the player asked properly for what is not theirs."""
    table = open_table(table_server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    for who in (table.seats[0], Api(table_server.url)):
        answer = who.get(f"/m/{table.code}/host")
        assert answer.status_code == 403 and "host link" in answer.text
