"""One seat cannot flood the log, and nothing it sends on its socket goes unanswered.

Attacked as a hostile player would: 400 moves as fast as one socket takes them (the log
grew by 1,500 entries that way), and a message longer than the socket reads."""

from __future__ import annotations

import json
import time

from tests.server.helpers import Listener, ws_url
from tests.services import Server, open_table, wait_for

BURST = 60
PER_SECOND = 5


def test_one_socket_cannot_fill_the_log(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Bob", None, None, None])
    ann = Listener(ws_url(table_server.url, table.code, table.tokens[0]))
    try:
        wait_for(lambda: ann.messages)
        started = time.monotonic()
        for n in range(400):
            ann._socket.send(json.dumps({"type": "act", "id": n,
                                         "text": f"invest {100 + n} Bob"}))
        def all_answered() -> list[dict] | None:
            found = [m for m in map(json.loads, list(ann.messages))
                     if m["type"] in ("acted", "refused")]
            return found if len(found) == 400 else None

        answers = wait_for(all_answered, timeout=60)
        elapsed = time.monotonic() - started
    finally:
        ann.close()
    made = [a for a in answers if a["type"] == "acted"]
    slowed = [a for a in answers if a["type"] == "refused" and a["status"] == 429]
    assert len(made) + len(slowed) == 400
    assert len(made) <= BURST + PER_SECOND * elapsed + 1, (len(made), elapsed)
    assert "faster than the table takes them" in slowed[0]["detail"]
    # Bob, at the same table, is not slowed by Ann's flood
    assert table.seats[1].post(f"/api/matches/{table.code}/act",
                               {"text": "protect self"}).status_code == 200


def test_a_message_too_long_for_the_socket_is_answered(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Bob", None, None, None])
    ann = Listener(ws_url(table_server.url, table.code, table.tokens[0]))
    try:
        wait_for(lambda: ann.messages)
        ann._socket.send(json.dumps({"type": "act", "id": 1, "text": "x" * 40_000}))
        refused = wait_for(lambda: next((m for m in map(json.loads, list(ann.messages))
                                         if m["type"] == "refused"), None))
    finally:
        ann.close()
    assert refused["status"] == 413 and "32,000 characters" in refused["detail"]
