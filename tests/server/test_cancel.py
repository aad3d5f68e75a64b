"""A host cancels a table that never started ("end" before the start): the match is
cancelled in the store for good, its seats are freed, every socket is told why and closed,
and whatever a former seat asks is answered with that sentence. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json

import pytest
from tests.server.helpers import Listener, Servers, ws_url
from tests.services import Api, Server, open_table, wait_for

from hacktable.store import Store, database_url

NOTE = "The host cancelled this table before it started."


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, servers: Servers) -> Server:
    """The session's shared server on each database: every test opens its own match."""
    return servers[request.param]


def stored(server: Server, code: str) -> tuple[str, list[tuple[str, str | None]]]:
    """The match's status and its seats (kind, name) as the store holds them."""

    async def read() -> tuple[str, list[tuple[str, str | None]]]:
        store = await Store.open(database_url(server.database_url), writer_thread=False)
        try:
            record = await store.match_by_code(code)
            assert record is not None
            return record.status, [(s.kind, s.name) for s in await store.seats(record.id)]
        finally:
            await store.close()

    return asyncio.run(read())


def test_the_host_cancels_a_table_that_never_started(server: Server) -> None:
    table = open_table(server.url, ["Ann", "Bob", None, None, None], start=False)
    ann = Listener(ws_url(server.url, table.code, table.tokens[0]))
    try:
        wait_for(lambda: ann.messages)  # the room, as it stands
        answer = table.host.ok("POST", f"/api/matches/{table.code}/host/end")
        assert answer["status"] == "cancelled"
        closed = wait_for(lambda: ann.closed)
        assert closed == (4410, NOTE)
        last = json.loads(ann.messages[-1])
        assert last["type"] == "room" and last["match"]["status"] == "cancelled"
    finally:
        ann.close()
    status, seats = stored(server, table.code)
    assert status == "cancelled"
    assert seats == [("open", None)] * 5  # freed: nobody holds a seat here any more
    for seat in table.seats.values():  # a former seat is told why, whatever it asks
        seen = seat.get(f"/api/matches/{table.code}/view")
        assert seen.status_code == 410 and seen.json()["detail"] == NOTE
    late = Listener(ws_url(server.url, table.code, table.tokens[1]))
    assert wait_for(lambda: late.closed) == (4410, NOTE)
    seen = Api(server.url).get(f"/api/matches/{table.code}")
    assert seen.json()["status"] == "cancelled"
    log = table.host.get(f"/api/matches/{table.code}/log")
    assert log.status_code == 409 and log.json()["detail"].startswith(NOTE)


def test_a_cancelled_table_stays_cancelled(server: Server) -> None:
    table = open_table(server.url, ["Ann", None, None, None, None], start=False)
    table.host.ok("POST", f"/api/matches/{table.code}/host/end")
    for command in ("start", "end", "bot"):
        refused = table.host.post(f"/api/matches/{table.code}/host/{command}",
                                  {"seat": 1} if command == "bot" else None)
        assert refused.status_code == 409 and refused.json()["detail"] == NOTE
    joined = Api(server.url).post(f"/api/matches/{table.code}/join",
                                  {"seat": 0, "name": "Zed"})
    assert joined.status_code == 409 and joined.json()["detail"] == NOTE
    assert stored(server, table.code)[0] == "cancelled"


def test_end_after_the_start_still_ends_the_match(server: Server) -> None:
    table = open_table(server.url, ["Ann", None, None, None, None])
    assert table.host.ok("POST", f"/api/matches/{table.code}/host/end")["status"] == "ended"
    assert stored(server, table.code)[0] == "ended"
