"""Cross-site requests: a page served from another port of the same host (so the same
"site", and the browser sends it the table's lax cookies) must not end a match with the
host's cookie, play a seat with the player's cookie, nor read the gamemaster's view over a
WebSocket. Real server, real chromium, a real second web server for the attacker's page."""

from __future__ import annotations

import contextlib
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import sync_playwright
from tests.browser.conftest import CHROMIUM
from tests.services import Api, Server, free_port, open_table

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium to drive")

ATTACK = """<!doctype html><meta charset="utf-8"><title>free crypto</title>
<form id="end" method="post" action="{base}/api/matches/{code}/host/end" enctype="text/plain"
      target="sink"><input name="x" value="y"></form>
<form id="act" method="post" action="{base}/api/matches/{code}/act"
      enctype="application/x-www-form-urlencoded" target="sink">
  <input name="text" value="embezzle 100"></form>
<iframe name="sink"></iframe>
<pre id="stolen"></pre>
<script>
  document.getElementById("end").submit();
  setTimeout(() => document.getElementById("act").submit(), 300);
  const socket = new WebSocket("{ws}/api/matches/{code}/ws?as=host&format=json");
  socket.onopen = () => {{ document.getElementById("stolen").textContent += "opened;"; }};
  socket.onmessage = (m) => {{ document.getElementById("stolen").textContent += m.data; }};
  socket.onclose = (e) => {{ document.title = "closed " + e.code; }};
  fetch("{base}/api/matches/{code}/host/pause", {{method: "POST", mode: "no-cors",
        credentials: "include"}});
</script>"""


@contextlib.contextmanager
def attacker_site(folder: Path, page: str) -> Iterator[str]:
    """Another web server on this host, serving the attacker's page."""
    (folder / "index.html").write_text(page)
    handler = lambda *a: http.server.SimpleHTTPRequestHandler(*a, directory=str(folder))  # noqa: E731
    port = free_port()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/index.html"
    finally:
        httpd.shutdown()


def test_another_sites_page_can_neither_write_nor_watch(table_server: Server, tmp_path: Path):
    server = table_server
    table = open_table(server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    code = table.code
    host_token = table.host.http.headers["authorization"].removeprefix("Bearer ")
    page_html = ATTACK.format(base=server.url, ws=server.url.replace("http", "ws"), code=code)
    with attacker_site(tmp_path, page_html) as evil, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context()
        page = context.new_page()
        # the victim holds both the host's and Ann's cookies for this table
        page.goto(f"{server.url}/m/{code}/host?token={host_token}")
        page.goto(f"{server.url}/m/{code}?token={table.tokens[0]}")
        assert {c["name"] for c in context.cookies()} >= {f"hacktable_host_{code}",
                                                          f"hacktable_seat_{code}"}
        page.goto(evil)
        page.wait_for_function("document.title.startsWith('closed')", timeout=15_000)
        # the handshake is refused with 403, which a page sees only as "never opened"
        assert page.title() == "closed 1006"
        assert page.locator("#stolen").text_content() == ""
        page.wait_for_timeout(800)  # let the delayed form land, if it were going to
        browser.close()
    info = Api(server.url).ok("GET", f"/api/matches/{code}")
    assert info["status"] == "running"
    ann = Api(server.url, table.tokens[0]).ok("GET", f"/api/matches/{code}/view")
    assert ann["prompt"]["submitted"] is False
    assert "Traceback" not in server.log()


def test_origin_rules(table_server: Server):
    """The same rules without a browser: the table's own origin and bearer tokens pass."""
    server = table_server
    table = open_table(server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    code = table.code
    host_token = table.host.http.headers["authorization"].removeprefix("Bearer ")
    cookie = {f"hacktable_host_{code}": host_token}
    other = server.url.replace(server.url.rsplit(":", 1)[1], str(free_port()))
    cases = [({"origin": other}, 403), ({"origin": "null"}, 403),
             ({"sec-fetch-site": "same-site"}, 403), ({"sec-fetch-site": "cross-site"}, 403),
             ({"origin": server.url}, 200), ({}, 200)]
    for headers, status in cases:
        answer = httpx.post(f"{server.url}/api/matches/{code}/host/pause", headers=headers,
                            cookies=cookie)
        assert answer.status_code == status, (headers, answer.text)
        if status == 403:
            assert "another site" in answer.json()["detail"]
        else:
            httpx.post(f"{server.url}/api/matches/{code}/host/resume", cookies=cookie)
    # a bearer token cannot be forged by another site's page, so it passes from anywhere
    answer = httpx.post(f"{server.url}/api/matches/{code}/host/pause",
                        headers={"origin": other, "authorization": f"Bearer {host_token}"})
    assert answer.status_code == 200, answer.text
