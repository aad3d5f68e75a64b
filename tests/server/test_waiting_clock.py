"""A seat waiting on someone else holds its clock, at a real table: a runner asks the
gamemaster something, the 30 seconds of her turn stand still however long the GM takes,
and once answered the seconds she had left run again (Rules for Runners, Turns: "A turn
may only take up to 30 real-life seconds"; the GM's time is not hers)."""

from __future__ import annotations

import time

from tests.services import Api, Server, TestClock


def _until(check, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def test_a_runner_waiting_on_the_gm_keeps_her_seconds(tmp_path):
    clock = TestClock(tmp_path / "clock")
    server = Server(f"sqlite:///{tmp_path / 'wait.db'}", clock).start(timeout=60)
    try:
        created = Api(server.url).ok("POST", "/api/matches", {"game": "runners", "seats": 2})
        code = created["code"]
        seats = {}
        for seat, name in ((0, "Gia"), (1, "Mica")):
            token = Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                       {"seat": seat, "name": name})["token"]
            seats[seat] = Api(server.url, token)
        Api(server.url, created["host_token"]).ok("POST", f"/api/matches/{code}/host/start")
        gm, mica = seats[0], seats[1]
        gm.ok("POST", f"/api/matches/{code}/act", {"action": {"do": "start"}})
        screen = mica.ok("GET", f"/api/matches/{code}/view")
        assert screen["prompt"]["kind"] == "turn" and screen["match"]["deadline"]

        mica.ok("POST", f"/api/matches/{code}/act",
                {"action": {"do": "ask", "text": "unplug the camera"}})
        info = Api(server.url).ok("GET", f"/api/matches/{code}")
        assert info["status"] == "running" and info["held"] is True
        assert info["deadline"] is None and 25 < info["remaining"] <= 30
        left = info["remaining"]
        assert mica.ok("GET", f"/api/matches/{code}/view")["prompt"]["waiting"] is True

        clock.advance(600)  # the GM thinks for ten minutes: her turn does not end
        time.sleep(0.5)  # several ticks of the deadline loop
        view = mica.ok("GET", f"/api/matches/{code}/view")["view"]
        assert view["turn"]["seat"] == 1 and view["turn"]["round"] == 1

        gm.ok("POST", f"/api/matches/{code}/act",
              {"action": {"do": "price", "seat": 1, "seconds": 1}})
        info = Api(server.url).ok("GET", f"/api/matches/{code}")
        assert info["held"] is False and info["remaining"] is None and info["deadline"]
        now = Api(server.url).ok("GET", f"/api/matches/{code}/view")["server_now"]
        from datetime import datetime

        runs_for = (datetime.fromisoformat(info["deadline"])
                    - datetime.fromisoformat(now)).total_seconds()
        assert left - 2 < runs_for <= left, "the seconds she had left, not a fresh 30"

        clock.advance(left + 1)  # now her own seconds run out: the turn ends
        _until(lambda: mica.ok("GET", f"/api/matches/{code}/view")["view"]["turn"]
               ["round"] == 2)
    finally:
        server.stop()
