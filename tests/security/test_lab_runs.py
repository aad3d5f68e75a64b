"""A Lab run is its browser's own, and no run plays for ever.

Attacked as a visitor would: read another browser's run (its page, progress, report,
results), cancel it, find its id on the Lab page; start a run that never ends (an
enormous search budget, or simply too long for the table)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from tests.services import Server, TestClock, wait_for

RUN_WAIT = 180.0
TINY = {"game": "cpu", "players": "2", "games": "6", "rotate": "on"}


def lab_server(folder, **env: str) -> Server:
    return Server(f"sqlite:///{folder / 'hacktable.db'}", TestClock(folder / "clock"),
                  env={"HACKTABLE_LAB_JOBS": "1", **env}).start()


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    process = lab_server(tmp_path_factory.mktemp("lab-runs"))
    yield process
    process.stop()


@pytest.fixture
def hurried(tmp_path) -> Iterator[Server]:
    """A table whose Lab runs may play for four seconds at most."""
    process = lab_server(tmp_path, HACKTABLE_LAB_SECONDS="4")
    yield process
    process.stop()


def browser(server: Server) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=30)


def ended(client: httpx.Client, url: str) -> dict:
    return wait_for(lambda: (p := client.get(f"{url}/progress").json())["status"] != "running"
                    and p, timeout=RUN_WAIT, interval=0.5)


def test_a_run_is_its_own_browsers(lab: Server) -> None:
    with browser(lab) as mine, browser(lab) as theirs:
        started = mine.post("/lab/jobs", data=TINY)
        url = started.headers["location"]
        job_id = url.rsplit("/", 1)[-1]
        # a second visitor learns nothing of it and can do nothing to it
        assert job_id not in theirs.get("/lab").text
        for path in ("", "/progress", "/report.html", "/results.jsonl", "/summary.json"):
            assert theirs.get(f"{url}{path}").status_code == 404, path
        assert theirs.post(f"{url}/cancel").status_code == 404
        busy = theirs.post("/lab/jobs", data=TINY, headers={"accept": "application/json"})
        if busy.status_code == 409:  # still playing: they are not shown which run
            assert job_id not in busy.text and "someone else's run" in busy.json()["detail"]
        progress = ended(mine, url)
        assert progress["status"] == "done"
        assert job_id in mine.get("/lab").text
        assert mine.get(f"{url}/results.jsonl").status_code == 200


def test_no_run_plays_for_ever(hurried: Server) -> None:
    with browser(hurried) as visitor:
        endless = visitor.post("/lab/jobs", json={"game": "rexfurum", "players": 5,
                                                  "bots": "thinker:100000000", "games": 5000})
        assert endless.status_code == 400 and "1,024" in endless.json()["detail"]
        long = visitor.post("/lab/jobs", json={"game": "rexfurum", "players": 5,
                                               "bots": "thinker:1024", "games": 5000})
        assert long.status_code == 201, long.text
        progress = ended(visitor, long.json()["url"])
        assert progress["status"] == "failed"
        assert "the longest a Lab run may play here" in progress["message"]
