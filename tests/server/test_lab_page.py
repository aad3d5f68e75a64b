"""The Lab page against a real server process: a run starts in a process of its own, its
progress is read while it plays, its report and results are served; bad input is one
sentence and starts nothing; the cap refuses a second run; a public table turns it off."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.services import Server, TestClock, wait_for
from tests.web.helpers import parse_html

from hacktable.lab.jobs import failure

RUN_WAIT = 180.0
"""The longest a tiny run may take on a loaded machine (a bound, not a timing check)."""
TINY = {"game": "cpu", "players": "2", "games": "6", "rotate": "on"}


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("lab")
    process = Server(f"sqlite:///{folder / 'hacktable.db'}", TestClock(folder / "clock"),
                     env={"HACKTABLE_LAB_JOBS": "1"}).start()
    yield process
    process.stop()


@pytest.fixture
def http(lab_server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=lab_server.url, timeout=30) as client:
        yield client


def lab_folder(server: Server) -> Path:
    return Path(server.database_url.removeprefix("sqlite:///")).parent / "lab"


def finished(http: httpx.Client, url: str) -> dict:
    """Poll a run's progress until it is no longer running; every answer must make sense."""
    def ended() -> dict | None:
        progress = http.get(f"{url}/progress").json()
        assert 0 <= progress["done"] <= progress["total"]
        return None if progress["status"] in ("running", "queued") else progress
    return wait_for(ended, timeout=RUN_WAIT, interval=0.5)


def test_a_run_plays_then_serves_its_report_and_results(http: httpx.Client) -> None:
    started = http.post("/lab/jobs", data=TINY)
    assert started.status_code == 303
    url = started.headers["location"]
    assert url.startswith("/lab/jobs/")
    page = http.get(url)
    assert page.status_code == 200 and "<progress" in page.text and "Cancel the run" in page.text
    assert "hacktable simulate cpu \\\n    --players 2" in page.text  # the same run, for a terminal

    progress = finished(http, url)
    assert progress == {**progress, "status": "done", "done": 6, "total": 6, "message": "Done."}

    report = http.get(f"{url}/report.html")
    assert report.status_code == 200
    assert report.headers["content-security-policy"].startswith("sandbox")
    assert report.text.count("<svg") >= 5
    for chart in ("Win rate by seat", "Win rate by bot", "CPU: 6 games"):
        assert chart in report.text
    results = http.get(f"{url}/results.jsonl")
    assert results.status_code == 200 and "attachment" in results.headers["content-disposition"]
    lines = [json.loads(line) for line in results.text.splitlines()]
    assert sorted(line["result"]["seed"] for line in lines) == [1, 2, 3, 4, 5, 6]
    assert http.get(f"{url}/summary.json").json()["summary"]["games"] == 6

    done_page = http.get(url)  # a reload shows the finished run: the report and downloads
    assert "Cancel the run" not in done_page.text
    assert f'src="{url}/report.html"' in done_page.text and "results.jsonl" in done_page.text
    assert url in http.get("/lab").text  # listed among the recent runs


@pytest.mark.parametrize(("fields", "sentence"), [
    ({"players": "9"}, "CPU is played by 2 to 6 players, not 9."),
    ({"games": "50000"}, "Play from 1 to 5,000 games, not 50,000."),
    ({"bots": "aggressive,nobody"}, "CPU has no bot called 'nobody'"),
    ({"option": "no_such_rule=3"}, "Unknown option 'no_such_rule'"),
    ({"sweeps": "first_turn_cycles"}, "Write a sweep as name=a,b,c"),
    ({"games": "3000", "sweeps": "first_turn_cycles=0,4"}, "keep the whole run to 5,000"),
    ({"game": "chess"}, "There is no game called 'chess'"),
    ({"sweeps": "\n".join(f"{name}={','.join(map(str, range(1, 40)))}" for name in (
        "starting_cycles", "hand_size", "memory_slots", "cycle_cap", "round_limit"))},
     "Those sweeps make 90,224,199 configurations; keep them to 60 or fewer."),
    ({"games": "9" * 5000}, f"Games must be a whole number, not '{'9' * 20}…'."),
])
def test_bad_input_is_one_sentence_and_starts_nothing(http: httpx.Client, lab_server: Server,
                                                      fields: dict, sentence: str) -> None:
    before = sorted(lab_folder(lab_server).glob("*")) if lab_folder(lab_server).exists() else []
    answer = http.post("/lab/jobs", data={**TINY, **fields})
    assert answer.status_code == 400
    assert sentence in answer.text.replace("&#39;", "'")
    assert 'role="alert"' in answer.text  # on the form, which keeps what was typed
    as_json = http.post("/lab/jobs", json={**TINY, **fields})
    assert as_json.status_code == 400 and sentence in as_json.json()["detail"]
    after = sorted(lab_folder(lab_server).glob("*")) if lab_folder(lab_server).exists() else []
    assert after == before


def test_starting_again_ends_your_own_run_and_cancel_frees_the_slot(http: httpx.Client
                                                                     ) -> None:
    """One run at a time here (HACKTABLE_LAB_JOBS=1) and one a browser: starting another
    ends the browser's own earlier run, whose slot the new one takes."""
    long = http.post("/lab/jobs", json={**TINY, "games": "5000"})
    assert long.status_code == 201 and long.json()["status"] == "running"
    url = long.json()["url"]
    playing = wait_for(lambda: (p := http.get(f"{url}/progress").json())["done"] > 0 and p,
                       timeout=RUN_WAIT, interval=0.2)  # games are counted as they finish
    assert playing["status"] == "running" and playing["done"] < 5000
    assert playing["elapsed"] > 0 and playing["eta"] > 0
    second = http.post("/lab/jobs", data=TINY)
    assert second.status_code == 303
    newer = second.headers["location"]
    assert newer != url
    ended = finished(http, url)
    assert ended["status"] == "cancelled" and "started a newer run" in ended["message"]
    assert finished(http, newer)["status"] == "done"

    third = http.post("/lab/jobs", json={**TINY, "games": "5000"}).json()["url"]
    wait_for(lambda: http.get(f"{third}/progress").json()["status"] == "running",
             timeout=RUN_WAIT, interval=0.2)
    cancelled = http.post(f"{third}/cancel")
    assert cancelled.status_code == 303
    progress = finished(http, third)
    assert progress["status"] == "cancelled" and progress["done"] < 5000
    assert "Cancelled after" in progress["message"]
    assert "Cancel the run" not in http.get(third).text


def test_a_page_on_another_site_cannot_start_a_run(http: httpx.Client) -> None:
    refused = http.post("/lab/jobs", data=TINY, headers={"Origin": "http://elsewhere.example"})
    assert refused.status_code == 403


def test_unknown_runs_and_files_are_sentences(http: httpx.Client) -> None:
    for path in ("/lab/jobs/0123456789abcdef", "/lab/jobs/../../etc",
                 "/lab/jobs/0123456789abcdef/report.html"):
        answer = http.get(path)
        assert answer.status_code == 404
    assert "no Lab run of yours at this address" in http.get("/lab/jobs/0123456789abcdef").text


def test_the_page_links_the_labs_own_stylesheet_and_script(http: httpx.Client) -> None:
    """The Lab serves its own files (hacktable/lab/static), versioned like every other."""
    tree = parse_html(http.get("/lab").text)
    links = [node.get("href") for node in tree.find_all("link")] + [
        node.get("src") for node in tree.find_all("script")]
    ours = sorted(link for link in links if link and link.startswith("/lab/static/"))
    assert [link.split("?")[0] for link in ours] == ["/lab/static/lab.css",
                                                     "/lab/static/lab.js"], links
    for link in ours:
        answer = http.get(link)
        assert answer.status_code == 200 and answer.text.startswith(("/* hacktable:",
                                                                     "// hacktable:"))
        kind = "text/css" if ".css" in link else "text/javascript"
        assert answer.headers["content-type"].startswith(kind)
    for path in ("/lab/static/nothing.css", "/lab/static/..%2Fpage.py",
                 "/static/css/lab.css", "/static/js/lab.js"):
        assert http.get(path).status_code == 404, path


def test_lab_jobs_0_turns_the_page_off(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'hacktable.db'}", TestClock(tmp_path / "clock"),
                    env={"HACKTABLE_LAB_JOBS": "0"}).start()
    try:
        for answer in (httpx.get(server.url + "/lab"),
                       httpx.post(server.url + "/lab/jobs", data=TINY),
                       httpx.get(server.url + "/lab/static/lab.js")):
            assert answer.status_code == 404 and "The Lab is turned off" in answer.text
        assert not (tmp_path / "lab").exists()
    finally:
        server.stop()


def run_processes(marker: str) -> list[int]:
    """Processes whose command line mentions `marker` (a run's folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_run_stops_when_its_server_is_killed(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'hacktable.db'}", TestClock(tmp_path / "clock"),
                    env={"HACKTABLE_LAB_JOBS": "1"}).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            url = http.post("/lab/jobs", json={**TINY, "games": "5000"}).json()["url"]
            job = url.rsplit("/", 1)[1]
            wait_for(lambda: run_processes(job), timeout=RUN_WAIT)
            mine = dict(http.cookies)  # the run is this browser's
        server.kill()  # no exit handler runs: the run notices on its own
        wait_for(lambda: not run_processes(job), timeout=RUN_WAIT, interval=0.2)
        restarted = Server(server.database_url, server.clock, env={"HACKTABLE_LAB_JOBS": "1"})
        restarted.start()
        try:
            progress = httpx.get(restarted.url + url + "/progress", cookies=mine).json()
            assert progress["status"] == "stopped" and "start it again" in progress["message"]
        finally:
            restarted.stop()
    finally:
        server.stop()


def test_the_pages_label_every_control_and_resolve_every_reference(http: httpx.Client) -> None:
    """The checks every page of the table passes (tests/web/test_accessibility.py)."""
    url = http.post("/lab/jobs", data=TINY).headers["location"]
    finished(http, url)
    for path in ("/lab?game=rexfurum", "/lab?game=cpu", url):
        tree = parse_html(http.get(path).text)
        ids = [node.get("id") for node in tree.iter() if node.get("id")]
        assert len(ids) == len(set(ids)), path
        for node in tree.iter():
            for attribute in ("for", "aria-describedby", "aria-labelledby"):
                for ref in (node.get(attribute) or "").split():
                    assert ref in ids, f"{path}: {node.tag} {attribute}={ref!r}"
            if node.tag in ("input", "select", "textarea") and node.get("type") != "hidden":
                ident = node.get("id")
                assert ident and any(label.get("for") == ident
                                     for label in tree.find_all("label")), (path, node.attrs)
            if node.tag == "button":
                assert node.text.strip() or node.get("aria-label"), (path, node.attrs)


@pytest.mark.parametrize(("log", "sentence"), [
    ("CPU: 3 games\nError: CPU has no bot called 'x'; try one\nof: aggressive.\n",
     "CPU has no bot called 'x'; try one of: aggressive."),
    ("Traceback (most recent call last):\n  File x\nValueError: a broken game\n",
     "The simulator stopped (exit status 1): ValueError: a broken game"),
    ("", "The simulator stopped with exit status 1."),
])
def test_a_failed_run_says_why(tmp_path: Path, log: str, sentence: str) -> None:
    (tmp_path / "log.txt").write_text(log)
    assert failure(tmp_path / "log.txt", 1) == sentence


def test_a_runs_process_loads_neither_the_command_line_nor_the_web_server() -> None:
    """The Lab is an extension: a run's process plays the simulator's run without Typer,
    Rich, the command line or the server's modules."""
    probe = ("import sys, hacktable.lab.child as child, hacktable.lab.spec, "
             "hacktable.sim.simulation\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('typer', 'rich', 'fastapi', 'starlette') or m in ('hacktable.cli', "
             "'hacktable.console') or m.startswith('hacktable.server')))")
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True)
    assert found.stdout.strip() == "[]", found.stdout
