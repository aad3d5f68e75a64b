"""Messages between seats are kept durably: a restarted server, on SQLite or PostgreSQL,
reads every seat its own threads as before, and the match's log and counts are untouched
by them."""

from __future__ import annotations

from tests.server.helpers import START_TIMEOUT, screen
from tests.services import Api, Server, open_table


def test_messages_survive_a_restart(database_url, clock):
    first = Server(database_url, clock).start(START_TIMEOUT)
    try:
        table = open_table(first.url, ["Ann", "Ben", "Cyd", "Dee"])
        seq = screen(table.seats[2], table.code)["seq"]
        table.seats[0].ok("POST", f"/api/matches/{table.code}/messages",
                          {"to": [1], "text": "before the restart"})
        table.seats[3].ok("POST", f"/api/matches/{table.code}/messages",
                          {"to": "table", "text": "to all"})
        before = {seat: table.seats[seat].get(f"/api/matches/{table.code}/messages").text
                  for seat in range(4)}
    finally:
        first.stop()
    second = Server(database_url, clock).start(START_TIMEOUT)
    try:
        for seat in range(4):
            again = Api(second.url, table.tokens[seat])
            assert again.get(f"/api/matches/{table.code}/messages").text == before[seat]
        ben = Api(second.url, table.tokens[1]).ok("GET", f"/api/matches/{table.code}/messages")
        assert [m["text"] for m in ben["messages"]] == ["before the restart", "to all"]
        assert screen(Api(second.url, table.tokens[2]), table.code)["seq"] == seq
    finally:
        second.stop()
