"""Friends can reach the table: the host page shows the room code in large type and a QR
code of an address other devices can use (decoded here from a screenshot, as a phone's
camera would), and a table that listens on loopback only says so and how to fix it."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import expect
from tests.services import Api, Server, TestClock

from .conftest import CHROMIUM, NO_CHROMIUM, Browsing

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A table listening on every interface, as `./run serve --host 0.0.0.0` starts one."""
    folder = tmp_path_factory.mktemp("share")
    process = Server(f"sqlite:///{folder / 'table.db'}", TestClock(folder / "clock"),
                     bind="0.0.0.0", env={"HACKTABLE_LISTEN_HOST": "0.0.0.0"})
    process.start(timeout=60)
    yield process
    process.stop()


def decode_qr(png: bytes) -> str:
    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert found, "no QR code could be read from the screenshot"
    return found[0].text


def test_the_host_page_shows_a_scannable_address_friends_can_use(
        browsing: Browsing, open_server: Server) -> None:
    created = Api(open_server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    code = created["code"]
    host = browsing.open("host-on-phone", phone=True)
    host.goto(f"{open_server.url}/m/{code}/host?token={created['host_token']}")
    big = host.locator(".room-code-big")
    assert big.inner_text().strip() == code
    qr = host.locator("[data-share-qr] svg")
    address = decode_qr(qr.screenshot())
    assert re.fullmatch(rf"http://[0-9.]+:{open_server.port}/m/{code}", address), address
    assert not address.startswith(("http://127.", "http://localhost"))
    assert host.locator("[data-share-link]").inner_text() == address
    # another device follows the address: it reaches this very room
    answer = httpx.get(address, timeout=10)
    assert answer.status_code == 200 and code in answer.text
    assert host.evaluate("document.documentElement.scrollWidth") <= 376


def test_a_loopback_table_says_friends_cannot_reach_it(browsing: Browsing, server: Server):
    created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    host = browsing.open("host-loopback")
    host.goto(f"/m/{created['code']}/host?token={created['host_token']}")
    note = host.locator("[data-loopback-only]")
    assert "./run serve --host 0.0.0.0" in note.inner_text()
    assert host.locator("[data-share-qr]").count() == 0


@pytest.mark.parametrize("width", [1280, 360])
def test_only_the_host_is_told_to_restart_the_server(browsing: Browsing, server: Server,
                                                    open_server: Server, width: int):
    """Joiners cannot restart the host's server: the advice is the host's alone, and nobody
    sees it once the table is reachable on the network."""
    size = {"width": width, "height": 740}
    created = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    joiner = browsing.open(f"joiner-{width}", phone=width == 360)
    joiner.set_viewport_size(size)
    joiner.goto(f"/m/{created['code']}")
    expect(joiner.locator("[data-share-link]")).to_be_visible()
    expect(joiner.get_by_text("./run serve --host 0.0.0.0")).to_have_count(0)
    expect(joiner.locator("[data-loopback-only]")).to_have_count(0)
    host = browsing.open(f"host-{width}", phone=width == 360)
    host.set_viewport_size(size)
    host.goto(f"/m/{created['code']}/host?token={created['host_token']}")
    expect(host.locator("[data-loopback-only]")).to_contain_text("./run serve --host 0.0.0.0")
    reachable = Api(open_server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    for page, path in ((joiner, f"/m/{reachable['code']}"),
                       (host, f"/m/{reachable['code']}/host?token={reachable['host_token']}")):
        page.goto(f"{open_server.url}{path}")
        expect(page.locator("[data-share-qr]")).to_be_visible()
        expect(page.locator("[data-loopback-only]")).to_have_count(0)
    browsing.close(f"joiner-{width}")
    browsing.close(f"host-{width}")
