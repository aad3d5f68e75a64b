"""The Lab page in chromium, against a real server: a designer fills the form, starts a run,
watches its bar fill and reads the report; a mistake is one sentence on the form, which keeps
what was typed; at 360 px nothing scrolls sideways. Screenshots are kept in the test's tmp
dir as evidence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.services import Server

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

NARROW = {"width": 360, "height": 740}
RUN_MS = 180_000
"""The longest a small run may take on a loaded machine (a bound, not a timing check)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock) -> Server:  # type: ignore[override]
    """This module's own server, with the lab on (one run at a time)."""
    folder = tmp_path_factory.mktemp("server")
    process = Server(f"sqlite:///{folder / 'hacktable.db'}", clock,
                     env={"HACKTABLE_LAB_JOBS": "1"}).start()
    yield process
    process.stop()


def overflow(page: Page) -> int:
    """Pixels the document reaches past a 360 px screen, with every <details> open."""
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    return page.evaluate("document.documentElement.scrollWidth") - NARROW["width"]


def wait_done(page: Page) -> None:
    expect(page.locator(".lab-state")).to_have_text("Done.", timeout=RUN_MS)
    bar = page.locator("#lab-bar")
    expect(bar).to_have_attribute("value", bar.get_attribute("max") or "")


def test_a_designer_runs_a_sweep_and_reads_the_report(browsing: Browsing,
                                                       tmp_path: Path) -> None:
    page = browsing.open("designer")
    page.goto("/")
    page.get_by_role("link", name="Lab").first.click()
    expect(page).to_have_url(re.compile(r"/lab$"))
    page.get_by_label("Game", exact=True).select_option(label="CPU")  # the form follows the game
    expect(page.locator("input[name=game]")).to_have_value("cpu")
    page.get_by_label("Players").fill("2")
    page.get_by_label("Games", exact=True).fill("8")
    page.get_by_label("Bots", exact=True).fill("aggressive")
    page.get_by_role("button", name="Add turtle to the bots").click()
    expect(page.get_by_label("Bots", exact=True)).to_have_value("aggressive,turtle")
    page.get_by_text("rule options, each at the game's own default").click()
    page.get_by_label("Starting cycles").fill("12")
    page.get_by_label("Sweeps").fill("first_turn_cycles=0,4")
    page.screenshot(path=str(tmp_path / "form-desktop.png"), full_page=True)
    page.get_by_role("button", name="Start the run").click()

    expect(page).to_have_url(re.compile(r"/lab/jobs/[0-9a-f]{16}$"))
    expect(page.get_by_role("heading", name="CPU: a Lab run")).to_be_visible()
    expect(page.locator(".lede")).to_contain_text("starting_cycles=12")
    expect(page.locator(".lab-command")).to_contain_text(
        "--option starting_cycles=12 \\\n    --sweep first_turn_cycles=0,4")
    wait_done(page)
    expect(page.locator("[data-field=done]")).to_have_text("16")
    report = page.frame_locator(".lab-frame")
    expect(report.locator("h1")).to_have_text("CPU: 8 games per configuration")
    expect(report.get_by_role("heading", name="Sweep")).to_be_visible()
    expect(report.locator("svg").first).to_be_visible()
    expect(page.get_by_role("link", name="Download the results")).to_have_attribute(
        "href", re.compile(r"results\.jsonl$"))
    page.screenshot(path=str(tmp_path / "report-desktop.png"), full_page=True)

    page.reload()  # the run is kept: its page is the same after a reload
    expect(page.locator(".lab-state")).to_have_text("Done.")
    page.get_by_role("link", name="Change and run again").click()  # the form, filled in
    expect(page.get_by_label("Players")).to_have_value("2")
    expect(page.get_by_label("Bots", exact=True)).to_have_value("aggressive,turtle")
    expect(page.get_by_label("Starting cycles")).to_have_value("12")
    expect(page.get_by_label("Sweeps")).to_have_value("first_turn_cycles=0,4")
    page.goto("/lab")
    expect(page.get_by_role("heading", name="Recent runs")).to_be_visible()
    expect(page.locator(".lab-recent li").first).to_contain_text("CPU, 16 games")
    expect(page.get_by_label("Players")).to_have_value("3")  # a plain visit: the defaults


def test_a_mistake_is_one_sentence_and_keeps_the_form(browsing: Browsing,
                                                      tmp_path: Path) -> None:
    page = browsing.open("typo")
    page.goto("/lab?game=cpu")
    page.get_by_label("Bots", exact=True).fill("aggressive,turtel")
    page.get_by_text("rule options, each at the game's own default").click()
    page.get_by_label("Hand size").fill("7")
    page.get_by_role("button", name="Start the run").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("CPU has no bot called 'turtel'")
    expect(page.get_by_label("Bots", exact=True)).to_have_value("aggressive,turtel")
    expect(page.get_by_label("Hand size")).to_have_value("7")  # the changed option is kept
    page.screenshot(path=str(tmp_path / "mistake.png"), full_page=True)


def test_a_long_run_can_be_cancelled(browsing: Browsing, tmp_path: Path) -> None:
    page = browsing.open("impatient")
    page.goto("/lab?game=cpu")
    page.get_by_label("Games", exact=True).fill("5000")
    page.get_by_role("button", name="Start the run").click()
    expect(page.locator("[data-field=done]")).not_to_have_text("0", timeout=RUN_MS)  # live
    expect(page.locator(".lab-state")).to_have_text("Playing.")
    page.get_by_role("button", name="Cancel the run").click()
    expect(page.locator(".lab-state")).to_contain_text("Cancelled after", timeout=RUN_MS)
    expect(page.get_by_role("button", name="Cancel the run")).to_have_count(0)
    expect(page.get_by_role("link", name="Download the results so far")).to_be_visible()
    page.screenshot(path=str(tmp_path / "cancelled.png"), full_page=True)


def test_the_lab_fits_a_360px_phone(browsing: Browsing, tmp_path: Path) -> None:
    page = browsing.open("phone", phone=True)
    page.set_viewport_size(NARROW)
    page.goto("/lab?game=rexfurum")
    assert overflow(page) <= 0
    page.screenshot(path=str(tmp_path / "form-phone.png"), full_page=True)
    page.get_by_label("Games", exact=True).fill("4")
    page.get_by_role("button", name="Start the run").click()
    expect(page).to_have_url(re.compile(r"/lab/jobs/"))
    assert overflow(page) <= 0
    page.screenshot(path=str(tmp_path / "progress-phone.png"), full_page=True)
    wait_done(page)
    assert overflow(page) <= 0
    page.screenshot(path=str(tmp_path / "report-phone.png"), full_page=True)


def test_a_second_visitor_waits_their_turn_and_a_big_run_says_it_was_cut(
        browsing: Browsing, tmp_path: Path) -> None:
    """One run plays at a time here: a second visitor's run is queued, not refused, and
    starts by itself once the first ends; a run too big for the table is cut before it
    starts and its page says so. At 1280 px and at 360 px."""
    first = browsing.open("first-come")
    first.goto("/lab?game=cpu")
    first.get_by_label("Games", exact=True).fill("5000")
    first.get_by_role("button", name="Start the run").click()
    expect(first.locator("[data-field=done]")).not_to_have_text("0", timeout=RUN_MS)

    page = browsing.open("second-come")
    page.goto("/lab?game=rexfurum")
    page.get_by_label("Bots", exact=True).fill("thinker:1024")
    page.get_by_label("Games", exact=True).fill("5000")
    page.get_by_role("button", name="Start the run").click()
    expect(page).to_have_url(re.compile(r"/lab/jobs/[0-9a-f]{16}$"))
    expect(page.locator(".lab-state")).to_have_text(
        "Waiting for a free slot: 1 run before it; it starts by itself.")
    note = page.locator("[data-note]")
    expect(note).to_contain_text("Cut to 48 games of the 5,000 asked for")
    expect(page.locator(".lede")).to_contain_text("48 games")
    expect(page.get_by_role("button", name="Cancel the run")).to_be_visible()
    page.screenshot(path=str(tmp_path / "queued-desktop.png"), full_page=True)
    page.set_viewport_size(NARROW)
    assert overflow(page) <= 0
    page.screenshot(path=str(tmp_path / "queued-phone.png"), full_page=True)

    first.get_by_role("button", name="Cancel the run").click()
    expect(page.locator(".lab-state")).to_have_text(
        re.compile(r"^(Starting the simulator|Playing)\.$"), timeout=RUN_MS)
    page.get_by_role("button", name="Cancel the run").click()
    expect(page.locator(".lab-state")).to_contain_text("Cancelled", timeout=RUN_MS)
