"""A gamemaster who is a person may rule while the host has paused the clock; the other
seats wait (Rules for Runners' GM is its `referee_seat`)."""

from __future__ import annotations

from tests.services import Api, Server, TestClock


def test_the_gm_rules_while_paused_and_the_runners_wait(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'gm.db'}", TestClock(tmp_path / "clock"))
    server.start(timeout=60)
    try:
        created = Api(server.url).ok("POST", "/api/matches", {"game": "runners", "seats": 2})
        code = created["code"]
        gm = Api(server.url, Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                                {"seat": 0, "name": "Gia"})["token"])
        runner = Api(server.url, Api(server.url).ok("POST", f"/api/matches/{code}/join",
                                                    {"seat": 1, "name": "Mica"})["token"])
        host = Api(server.url, created["host_token"])
        host.ok("POST", f"/api/matches/{code}/host/start")
        host.ok("POST", f"/api/matches/{code}/host/pause")
        # in preparation the GM adds a hidden guard; the runner has nothing to do but wait
        guard = {"do": "npc", "name": "Guard", "init": 10, "hidden": True}
        moved = gm.post(f"/api/matches/{code}/act", {"action": guard})
        assert moved.status_code == 200, moved.text
        host.ok("POST", f"/api/matches/{code}/host/resume")
        started = gm.post(f"/api/matches/{code}/act", {"action": {"do": "start"}})
        assert started.status_code == 200, started.text
        host.ok("POST", f"/api/matches/{code}/host/pause")
        view = runner.ok("GET", f"/api/matches/{code}/view")
        if view["prompt"] is not None:  # the runner's turn: refused while paused
            refused = runner.post(f"/api/matches/{code}/act", {"action": {"do": "end"}})
            assert refused.status_code == 409 and "paused" in refused.json()["detail"]
    finally:
        server.stop()


def test_a_gm_who_hosts_gets_the_clock_controls_beside_their_console(tmp_path):
    import httpx

    server = Server(f"sqlite:///{tmp_path / 'host.db'}", TestClock(tmp_path / "clock"))
    server.start(timeout=60)
    try:
        with httpx.Client(base_url=server.url) as gia, httpx.Client(base_url=server.url) as mica:
            code = gia.post("/api/matches", json={"game": "runners", "seats": 2}).json()["code"]
            gia.post(f"/api/matches/{code}/join", json={"seat": 0, "name": "Gia"})
            mica.post(f"/api/matches/{code}/join", json={"seat": 1, "name": "Mica"})
            assert gia.post(f"/api/matches/{code}/host/start").status_code == 200
            page = gia.get(f"/m/{code}").text  # her own seat's page, with the host's cookie
            assert 'data-viewer="0"' in page and "host-panel" in page
            assert "Pause the clock" in page
            assert "host-panel" not in mica.get(f"/m/{code}").text
    finally:
        server.stop()
