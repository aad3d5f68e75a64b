"""`hacktable serve` takes in no socket message much larger than the app reads: a message
over the socket limit but within four bytes a character is answered 413 by the app; one
far larger closes the socket unread (1009), instead of being held whole (uvicorn's own
limit is 16 MB)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import httpx
from tests import processes
from tests.server.helpers import Listener, ws_url
from tests.services import free_port, open_table, wait_for

from hacktable.cli import socket_frame_limit
from hacktable.server.settings import Settings


def test_serve_closes_a_socket_sent_a_message_far_over_the_limit(tmp_path):
    port = free_port()
    env = dict(os.environ, HACKTABLE_DATABASE_URL=f"sqlite:///{tmp_path / 'serve.db'}",
               HACKTABLE_EXIT_WITH_PARENT="1", HACKTABLE_PARENT_PID=str(os.getpid()))
    process = processes.start(
        [sys.executable, "-m", "hacktable.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}"

    def answers() -> bool:
        try:
            return httpx.get(base + "/api/games", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(answers, timeout=60)
        table = open_table(base, ["Ann", "Bob", None, None, None])
        ann = Listener(ws_url(base, table.code, table.tokens[0]))
        try:
            wait_for(lambda: ann.messages)
            ann._socket.send(json.dumps({"type": "act", "id": 1, "text": "x" * 40_000}))
            refused = wait_for(lambda: next((m for m in map(json.loads, list(ann.messages))
                                             if m["type"] == "refused"), None))
            assert refused["status"] == 413, refused
            limit = socket_frame_limit(Settings().max_socket_message)
            ann._socket.send("x" * (limit + 1))
            closed = wait_for(lambda: ann.closed)
        finally:
            ann.close()
        assert closed[0] == 1009, closed
    finally:
        processes.kill(process)
