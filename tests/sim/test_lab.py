"""The simulator as a lab: intervals on rates, seat rotation, sweeps over rule options,
resumable result files, and a report page that a browser draws."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from typer.testing import CliRunner

from hacktable.sim.batch import rotated, run_batch
from hacktable.sim.stats import wilson
from hacktable.sim.store import load

from .test_command import WIDE, app

runner = CliRunner()
CHROMIUM = next((path for path in (os.environ.get("HACKTABLE_CHROMIUM"),
                                   shutil.which("chromium"), shutil.which("chromium-browser"))
                 if path), None)


def test_wilson_matches_the_textbook_figures():
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and 0.0 < wilson(0, 10)[1] < 0.31
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_rotation_moves_every_bot_round_the_table_by_the_seed_alone():
    bots = ["a", "b", "c"]
    assert [rotated(bots, seed)[0] for seed in range(3)] == ["a", "b", "c"]
    summary = run_batch("cpu", ["aggressive", "turtle"], None, games=6, seed=1, rotate=True)
    seats = {row["seat"]: row["personalities"] for row in summary.seat_rates()}
    assert seats == {0: ["aggressive", "turtle"], 1: ["aggressive", "turtle"]}
    assert all(len(row["ci"]) == 2 for row in summary.win_rates())


def sweep(tmp_path, games: int, *extra: str):
    return runner.invoke(app, [
        "simulate", "rexfurum", "--games", str(games), "--workers", "1", "--players", "4",
        "--rotate", "--sweep", "rounds=2,3", "--results", str(tmp_path / "r.jsonl"),
        "--json-out", str(tmp_path / "s.json"), *extra], env=WIDE)


def test_a_sweep_plays_every_cell_and_a_rerun_continues_where_it_stopped(tmp_path):
    first = sweep(tmp_path, 3)
    assert first.exit_code == 0, first.output
    assert "Sweep: win rate per seat played" in first.output
    assert "(2 cells)" in first.output
    stored = load(tmp_path / "r.jsonl", "rexfurum")
    assert sorted(len(cell) for cell in stored.values()) == [3, 3]
    again = sweep(tmp_path, 5)
    assert again.exit_code == 0, again.output
    assert "Continuing: 6 of 10 games" in again.output
    assert "4 games in" in again.output
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 10
    document = json.loads((tmp_path / "s.json").read_text())
    assert [cell["swept"] for cell in document["cells"]] == [{"rounds": 2}, {"rounds": 3}]
    assert [cell["summary"]["games"] for cell in document["cells"]] == [5, 5]
    # The same seeds stored or played afresh give the same figures.
    fresh = run_batch("rexfurum", document["bots"], document["cells"][1]["options"], 5, 1,
                      rotate=True).to_json()
    assert fresh == document["cells"][1]["summary"]


def test_a_bad_sweep_is_one_sentence(tmp_path):
    result = runner.invoke(app, ["simulate", "rexfurum", "--games", "1", "--workers", "1",
                                 "--sweep", "rounds"], env=WIDE)
    assert result.exit_code == 2 and "Write a sweep as name=a,b,c" in result.output


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium to draw the report")
def test_a_sweep_report_renders_in_chromium(tmp_path):
    from playwright.sync_api import sync_playwright

    result = sweep(tmp_path, 3, "--report", str(tmp_path / "report.html"))
    assert result.exit_code == 0, result.output
    page_text = (tmp_path / "report.html").read_text()
    assert "<script" not in page_text and "<link" not in page_text  # nothing to fetch
    assert 'href="http' not in page_text and 'src="' not in page_text
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto((tmp_path / "report.html").as_uri())
            assert page.locator("h2", has_text="Sweep").count() == 1
            charts = page.locator(".chart svg")
            assert charts.count() == 2 + 2 * 5  # the sweep's two, then five per cell
            for index in range(charts.count()):
                box = charts.nth(index).bounding_box()
                assert box is not None and box["width"] > 100 and box["height"] > 80
            assert page.get_by_text("Win rate against the option (95% CI)").count() == 1
            assert not errors
        finally:
            browser.close()
