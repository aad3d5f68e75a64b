"""Press across server processes on one PostgreSQL database: a message sent through one
process reaches its reader's socket on the other, through Redis's fan-out, or without
Redis by the other's catch-up; a third seat's socket there gets nothing."""

from __future__ import annotations

import json

import pytest
from tests.server.helpers import Listener, ws_url
from tests.server.process_helpers import NAMES, assert_quiet, running
from tests.services import TestClock, open_table, postgres_database, redis_url, wait_for


def pushed(listener: Listener) -> list[dict]:
    return [m for m in map(json.loads, listener.messages)
            if m["type"] == "press" and not m.get("whole")]


@pytest.mark.parametrize("fan_out", ["redis", "catch-up"])
def test_a_message_reaches_its_reader_on_another_process(fan_out, tmp_path):
    clock = TestClock(tmp_path / "clock")
    redis = redis_url() if fan_out == "redis" else None
    with postgres_database() as url, running(url, clock, 2, redis) as (one, two):
        table = open_table(one.url, NAMES[:4])
        reader = Listener(ws_url(two.url, table.code, table.tokens[1]))
        other = Listener(ws_url(two.url, table.code, table.tokens[2]))
        try:
            for listener in (reader, other):
                wait_for(lambda listener=listener: any(
                    json.loads(m)["type"] == "press" for m in listener.messages))
            table.seats[0].ok("POST", f"/api/matches/{table.code}/messages",
                              {"to": [1], "text": "through the other process"})
            found = wait_for(lambda: pushed(reader))
            assert found[0]["messages"][0]["text"] == "through the other process"
            table.seats[3].ok("POST", f"/api/matches/{table.code}/messages",
                              {"to": "table", "text": "last"})
            wait_for(lambda: any(m["messages"][0]["text"] == "last" for m in pushed(other)))
            assert all("other process" not in m for m in other.messages)
        finally:
            reader.close()
            other.close()
        assert_quiet(one, two)
