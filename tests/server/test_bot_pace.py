"""Bots at a table with people move at a human pace (a host option; `hacktable serve` makes it
1.5 s by default), and at once where the host asks for 0, as in the simulator."""

from __future__ import annotations

import time

from tests.services import Api, Server, TestClock, wait_for


def bot_moved(api: Api, code: str) -> bool:
    view = api.ok("GET", f"/api/matches/{code}/view?as=host")
    return bool((view["match"]["sent"] or {}).get("done"))


def test_bots_take_the_pace_the_host_chose(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'pace.db'}", TestClock(tmp_path / "clock"))
    server.start(timeout=60)
    try:
        for pace in (0, 2):
            created = Api(server.url).ok("POST", "/api/matches", {
                "game": "rexfurum", "seats": 5, "bots": {"4": "loyal"}, "bot_pace": pace})
            code = created["code"]
            for seat, name in enumerate(("Ann", "Bob", "Cyd", "Dee")):
                Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                   {"seat": seat, "name": name})
            host = Api(server.url, created["host_token"])
            started = time.monotonic()
            host.ok("POST", f"/api/matches/{code}/host/start")
            wait_for(lambda code=code, host=host: bot_moved(host, code), timeout=20)
            waited = time.monotonic() - started
            if pace:  # it waited about its pace (at least 0.7 of it) before moving
                assert waited >= 0.7 * pace, waited
        refused = Api(server.url).post("/api/matches", {"game": "rexfurum", "bot_pace": 99})
        assert refused.status_code == 422
    finally:
        server.stop()
