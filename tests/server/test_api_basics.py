"""The API against a real server process, on SQLite and on PostgreSQL."""

from __future__ import annotations

from tests.services import Api, open_table, wait_for


def test_a_whole_round_closes_on_its_deadline(server, clock):
    table = open_table(server.url, ["Ann", "Bob", None, None, None], {"round_minutes": 1})
    seat0 = table.seats[0]
    moved = seat0.ok("POST", f"/api/matches/{table.code}/act", {"text": "protect self"})
    assert moved["prompt"]["submitted"] is True
    assert moved["view"]["round"] == 1
    clock.advance(61)
    view = wait_for(lambda: (v := seat0.ok("GET", f"/api/matches/{table.code}/view"))
                    ["view"]["round"] == 2 and v)
    assert len(view["view"]["reports"]) == 2


def test_refusals_are_sentences_and_change_nothing(server):
    table = open_table(server.url, ["Ann", "Bob", None, None, None])
    # the three bots hand in their orders just after the start
    before = wait_for(lambda: (m := table.host.ok("GET", f"/api/matches/{table.code}"))
                      ["sent"]["done"] == [2, 3, 4] and m)
    seen = table.seats[0].ok("GET", f"/api/matches/{table.code}/view")
    wrong = Api(server.url, "not-a-token").get(f"/api/matches/{table.code}/view")
    assert wrong.status_code == 403 and "seat" in wrong.json()["detail"]
    bad = table.seats[0].post(f"/api/matches/{table.code}/act", {"text": "embezzle nobody"})
    assert bad.status_code == 400 and "nobody" in bad.json()["detail"]
    missing = Api(server.url).get("/api/matches/ZZZZZZ")
    assert missing.status_code == 404 and "room code" in missing.json()["detail"]
    assert table.host.ok("GET", f"/api/matches/{table.code}") == before
    assert table.seats[0].ok("GET", f"/api/matches/{table.code}/view")["seq"] == seen["seq"]
