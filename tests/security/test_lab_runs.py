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
    return wait_for(lambda: (p := client.get(f"{url}/progress").json())["status"]
                    not in ("running", "queued") and p, timeout=RUN_WAIT, interval=0.5)


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
        queued = theirs.post("/lab/jobs", data=TINY, headers={"accept": "application/json"})
        assert queued.status_code == 201 and job_id not in queued.text  # never which run
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
        # its cost is estimated before it starts: cut to what the table allows, and said so
        assert "Cut to 39 games of the 5,000 asked for" in long.json()["note"]
        url = long.json()["url"]
        assert "Cut to 39 games" in visitor.get(url).text
        progress = ended(visitor, url)
        assert progress["total"] == 39 and "Cut to 39 games" in progress["note"]
        assert progress["status"] == "failed"
        assert "the longest a Lab run may play here" in progress["message"]


def test_one_visitor_cannot_hold_the_lab(lab: Server) -> None:
    """The Lab plays one run at a time here. A second visitor's run waits its turn and is
    never refused; the first visitor starting again and again ends only their own runs."""
    long = {"game": "cpu", "players": "2", "games": "5000"}
    with browser(lab) as hog, browser(lab) as other:
        first = hog.post("/lab/jobs", json=long)
        assert first.status_code == 201 and first.json()["status"] == "running"
        theirs = other.post("/lab/jobs", json=TINY)
        assert theirs.status_code == 201 and theirs.json()["status"] == "queued", theirs.text
        waiting = other.get(f"{theirs.json()['url']}/progress").json()
        assert waiting["status"] == "queued" and "1 run before it" in waiting["message"]
        assert "Waiting for a free slot" in other.get(theirs.json()["url"]).text
        again = [hog.post("/lab/jobs", json=long) for _ in range(3)]
        assert [a.status_code for a in again] == [201] * 3
        for replaced in (first, *again[:2]):  # only the newest of the hog's runs is left
            gone = ended(hog, replaced.json()["url"])
            assert gone["status"] == "cancelled" and "started a newer run" in gone["message"]
        # the other visitor's run plays before the hog's newest, which waits behind it
        assert ended(other, theirs.json()["url"])["status"] == "done"
        newest = again[-1].json()["url"]
        assert hog.get(f"{newest}/progress").json()["status"] in ("queued", "running")
        hog.post(f"{newest}/cancel")
        assert ended(hog, newest)["status"] == "cancelled"


def test_an_unknown_field_is_refused_and_starts_nothing(lab: Server) -> None:
    with browser(lab) as visitor:
        for send in ({"json": {**TINY, "gmaes": "10"}}, {"data": {**TINY, "gmaes": "10"}}):
            refused = visitor.post("/lab/jobs", **send)
            assert refused.status_code == 422
            assert "no field 'gmaes'" in refused.text.replace("&#39;", "'")
        assert "hacktable_lab" not in visitor.cookies
