"""The API docs on a table with no internet: /docs (Swagger UI) and /redoc load their scripts
and styles from the server itself, so with every request to another host refused the
operations are still listed."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route, expect

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def offline(page: Page) -> list[tuple[str, str]]:
    """Refuse every request that leaves this machine; returns those refused (kind, url)."""
    refused: list[tuple[str, str]] = []

    def answer(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname in LOOPBACK or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            refused.append((route.request.resource_type, url))
            route.abort("internetdisconnected")

    page.context.route("**/*", answer)
    return refused


def test_swagger_ui_lists_the_operations_offline(browsing: Browsing):
    page = browsing.open("docs")
    refused = offline(page)
    page.goto("/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("hacktable")
    operations = page.locator(".opblock-summary-path")
    expect(operations.filter(has_text="/api/matches/{code}/rematch")).to_have_count(1)
    expect(operations.filter(has_text="/api/matches/{code}/act")).to_have_count(1)
    assert operations.count() >= 10
    assert refused == [], f"/docs asked the internet for {refused}"
    browsing.close("docs")


def test_redoc_lists_the_operations_offline(browsing: Browsing):
    page = browsing.open("redoc")
    refused = offline(page)
    page.goto("/redoc")
    expect(page.get_by_text("Make a move (JSON action or written notation)").first).to_be_visible()
    # ReDoc's sidebar shows its maker's logo from their site: a picture, nothing to read.
    assert all(kind == "image" for kind, _ in refused), f"/redoc needed the internet: {refused}"
    browsing.close("redoc")
