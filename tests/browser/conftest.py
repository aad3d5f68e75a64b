"""Fixtures for the end-to-end browser tests.

One real `uvicorn` process on SQLite (`tests.services.Server`) and one chromium serve a whole
module; every player is a separate browser context, so each has their own cookies, as on
separate devices. The server's clock is a `TestClock`: tests move it past a deadline instead
of waiting. A failing test leaves a screenshot of every open page, and the server's log, in
its pytest tmp dir; an uncaught script error on any page fails the test that was running.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from tests.services import Server, TestClock, load_factor

CHROMIUM = next((path for path in (os.environ.get("HACKTABLE_CHROMIUM"),
                                   shutil.which("chromium"), shutil.which("chromium-browser"),
                                   shutil.which("google-chrome")) if path), None)
NO_CHROMIUM = "no chromium to drive (install Debian's chromium or set HACKTABLE_CHROMIUM)"

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
WAIT_MS = round(15_000 * load_factor())
"""The longest any one wait may take (15 s on a quiet machine, more on a busy one): every
wait is bounded, none is a timing assertion."""

expect.set_options(timeout=WAIT_MS)


def scroll_to(locator: Locator, tries: int = 5) -> None:
    """Scroll `locator` into view, finding it again when a push redrew the screen between
    finding it and scrolling (another seat's move may land at any moment)."""
    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed()
            return
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == tries - 1:
                raise


class Browsing:
    """The browser contexts of one module: one per person (or device), each with one page.

    Keeps every page it opened (for screenshots) and every script error any page raised.
    """

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.pages: dict[str, Page] = {}
        self.errors: list[str] = []

    def open(self, label: str, phone: bool = False) -> Page:
        """A fresh context (no cookies) and its page, desktop- or phone-sized."""
        options: dict[str, Any] = {"base_url": self.base_url,
                                   "viewport": PHONE if phone else DESKTOP}
        if phone:
            options.update(is_mobile=True, has_touch=True, device_scale_factor=2)
        context: BrowserContext = self.browser.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{label}: {error}"))
        page.on("console", lambda message: self._console(label, message))
        self.pages[label] = page
        return page

    def close(self, label: str) -> None:
        """Close a person's page and their whole context (cookies and all)."""
        page = self.pages.pop(label)
        page.context.close()

    def _console(self, label: str, message: Any) -> None:
        if message.type != "error":
            return
        text = message.text
        # Refused requests (4xx) are answered on the page; sockets cut by a navigation or a
        # reload are reconnected by the page itself. Neither is a script error.
        print("CONSOLE", label, text)
        if text.startswith("Failed to load resource") or re.search(r"WebSocket", text):
            return
        self.errors.append(f"{label} (console): {text}")

    def screenshots(self, folder: Path) -> list[Path]:
        saved = []
        for label, page in self.pages.items():
            if page.is_closed():
                continue
            path = folder / f"{label}.png"
            try:
                page.screenshot(path=str(path), full_page=True, timeout=5_000)
            except Exception as error:  # a screenshot must never hide the real failure
                print(f"no screenshot of {label}: {error}")
                continue
            (folder / f"{label}.html").write_text(page.content())
            saved.append(path)
        return saved

    def close_all(self) -> None:
        for label in list(self.pages):
            self.close(label)


_OPEN: list[tuple[Browsing, Server]] = []
"""The module's browsing and server, for the failure hook (which must not create them)."""


@pytest.fixture(scope="module")
def clock(tmp_path_factory: pytest.TempPathFactory) -> TestClock:
    return TestClock(tmp_path_factory.mktemp("clock") / "clock")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock: TestClock) -> Iterator[Server]:
    """A real server process on a fresh SQLite file."""
    folder = tmp_path_factory.mktemp("server")
    process = Server(f"sqlite:///{folder / 'hacktable.db'}", clock).start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def browsing(browser: Browser, server: Server) -> Iterator[Browsing]:
    opened = Browsing(browser, server.url)
    _OPEN.append((opened, server))
    yield opened
    _OPEN.remove((opened, server))
    opened.close_all()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(autouse=True)
def evidence_on_failure(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[None]:
    """After a failure: screenshots and HTML of every open page, and the server's log."""
    before = {id(browsing): len(browsing.errors) for browsing, _ in _OPEN}
    yield
    reports = [getattr(request.node, f"report_{when}", None) for when in ("setup", "call")]
    if any(report is not None and report.failed for report in reports):
        for browsing, server in _OPEN:
            saved = browsing.screenshots(tmp_path)
            (tmp_path / "server.log").write_text(server.log())
            print(f"screenshots: {', '.join(str(p) for p in saved)}")
            print(f"server log ({tmp_path / 'server.log'}):\n{server.log()[-4000:]}")
    new = [error for browsing, _ in _OPEN
           for error in browsing.errors[before.get(id(browsing), 0):]]
    assert new == [], "a page's scripts failed"
