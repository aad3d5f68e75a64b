"""The ES modules in a real browser (Playwright driving Debian's chromium), against a fake
server built on the real engine: requests are answered by `page.route` and the WebSocket by
`page.route_web_socket`, so no server process is needed. Skipped where no chromium exists."""

from __future__ import annotations

import json
import mimetypes
import os
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from hacktable.engine import GM, Rejected
from hacktable.web import STATIC_DIR, render_page, render_screen, static_file

from .helpers import CODE, game_info, match_info, new_match, table_context

sync_api = pytest.importorskip("playwright.sync_api")

BASE = "http://hacktable.test"
CHROMIUM = next((path for path in (os.environ.get("HACKTABLE_CHROMIUM"),
                                   shutil.which("chromium"), shutil.which("chromium-browser"),
                                   shutil.which("google-chrome")) if path), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium to drive")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


class FakeServer:
    """Just enough of the server for the pages' scripts: pages, static files, /check, moves
    (by POST /act or on the WebSocket, as the page chooses) and the WebSocket's pushes, all
    answered from a real Rex Furum match for one viewer. `posts("/act")` lists the moves
    either way."""

    def __init__(self, page, match, viewer=0, room=False):
        self.page = page
        self.match = match
        self.viewer = viewer
        self.room = room
        self.status = "running"
        self.requests: list[tuple[str, object]] = []
        self.sockets = []
        self.socket_urls: list[str] = []
        self.answers: dict[str, tuple[int, dict]] = {}
        page.route(f"{BASE}/**", self.http)
        page.route_web_socket(re.compile(r".*/api/matches/[A-Z0-9]+/ws(\?.*)?$"),
                              self.connected)

    def connected(self, socket):
        self.sockets.append(socket)
        self.socket_urls.append(socket.url)
        socket.on_message(lambda message: self.socket_message(socket, message))

    def socket_message(self, socket, text):
        """A move on the socket, answered as the server does: acted or refused, then a push."""
        message = json.loads(text)
        if message.get("type") != "act":
            return
        move = {key: value for key, value in message.items() if key in ("action", "text")}
        self.requests.append((f"/api/matches/{CODE}/act", move))
        refusal = self.apply(move)
        if refusal is not None:
            socket.send(json.dumps({"type": "refused", "id": message.get("id"), "status": 400,
                                    "detail": refusal}))
            return
        socket.send(json.dumps({"type": "acted", "id": message.get("id"), "accepted": []}))
        self.push()

    def apply(self, move):
        """Make the move; the refusal's sentence, or None."""
        try:
            if "text" in move:
                self.match.submit_text(self.viewer, move["text"])
            else:
                self.match.submit_json(self.viewer, move["action"])
        except Rejected as error:
            return error.reason
        return None

    def context(self):
        return table_context(self.match, self.viewer, status=self.status)

    def http(self, route):
        request = route.request
        path = urlsplit(request.url).path
        body = request.post_data_json if request.method == "POST" else None
        self.requests.append((path, body))
        if path.startswith("/static/"):
            file = static_file(path.removeprefix("/static/"))
            kind = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file)[0]
            return route.fulfill(path=file, content_type=kind)
        if path in self.answers:
            status, data = self.answers[path]
            return route.fulfill(status=status, json=data)
        if path == "/":
            return self.html(route, render_page("index.html", games=[game_info(self.match.game)]))
        if path == f"/m/{CODE}" and self.room:
            info = match_info(self.match, "lobby")
            info["seats"][1] = {"seat": 1, "name": None, "kind": "open", "personality": None}
            return self.html(route, render_page("room.html", match=info,
                                                game=game_info(self.match.game), is_host=True))
        if path == f"/m/{CODE}":
            return self.html(route, render_page("table.html", **self.context()))
        if path == f"/api/matches/{CODE}/check":
            return route.fulfill(json=self.check(body["text"]))
        if path == f"/api/matches/{CODE}/act":
            refusal = self.apply(body)
            if refusal is not None:
                return route.fulfill(status=400, json={"detail": refusal})
            route.fulfill(json={"ok": True})
            return self.push()
        return route.fulfill(status=404, json={"detail": f"No page at {path}."})

    def html(self, route, text):
        route.fulfill(body=text, content_type="text/html; charset=utf-8")

    def check(self, text):
        try:
            action = self.match.game.parse(self.match.state, self.viewer, text)
        except Rejected as error:
            return {"ok": False, "error": error.reason}
        names = self.match.seats
        return {"ok": True, "understood": [o.notation(names) for o in action.orders],
                "points": action.points}

    def push(self):
        ctx = self.context()
        message = {"type": "screen", "seq": ctx["seq"], "match": ctx["match"],
                   "html": render_screen("rexfurum", ctx)}
        for socket in self.sockets:
            socket.send(json.dumps(message))

    def posts(self, suffix):
        return [body for path, body in self.requests if path.endswith(suffix)]


@pytest.fixture
def open_page(browser):
    """Opens a page on a fake server; any script error on any page fails the test."""
    contexts = []
    errors: list[str] = []

    def open_(match=None, viewer=0, room=False, path=f"/m/{CODE}", width=1200):
        context = browser.new_context(viewport={"width": width, "height": 900},
                                      base_url=BASE)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and not
                m.text.startswith("Failed to load resource") else None)  # 4xx are tested
        server = FakeServer(page, match or new_match(), viewer, room)
        page.goto(path)
        if path.startswith("/m/"):
            page.wait_for_selector("[data-conn][data-state=live]")
        return page, server

    yield open_
    for context in contexts:
        context.close()
    assert errors == [], "the page's scripts failed"


def order_texts(page):
    return [t.strip() for t in page.locator("[data-order-list] .order-text").all_inner_texts()]


def test_order_builder_sends_structured_orders(open_page):
    page, server = open_page()
    assert page.locator("#ob-amount").is_hidden()  # embezzle needs a player only
    page.select_option("#ob-verb", "pinkslip")
    assert page.locator("#ob-company").is_visible() and page.locator("#ob-amount").is_hidden()
    page.select_option("#ob-target", "3")
    page.select_option("#ob-company", "3")
    page.click("[data-add-order]")
    page.select_option("#ob-verb", "invest")
    page.fill("#ob-amount", "5000")
    page.select_option("#ob-target", "4")
    page.click("[data-add-order]")
    assert order_texts(page) == ["pinkslip dan at delta", "invest 5000 eve"]
    assert page.inner_text("[data-points-total]") == "1"
    page.click("form[data-order-form] button[type=submit]")
    page.wait_for_function("document.querySelector('.sent-orders').textContent"
                           ".includes('pinkslip dan at delta, invest 5000 eve')")
    assert server.posts("/act") == [{"action": {"orders": [
        {"do": "pinkslip", "target": 3, "company": 3},
        {"do": "invest", "amount": 5000, "target": 4}]}}]
    # The pushed screen shows what was sent, preloaded into a fresh builder.
    assert order_texts(page) == ["pinkslip dan at delta", "invest 5000 eve"]


def test_only_protect_may_target_yourself(open_page):
    page, _ = open_page()
    assert page.locator("#ob-target option[data-you]").is_disabled()
    page.select_option("#ob-verb", "protect")
    assert page.locator("#ob-target option[data-you]").is_enabled()
    page.select_option("#ob-target", "0")
    page.click("[data-add-order]")
    page.select_option("#ob-verb", "crash")
    page.click("[data-add-order]")
    page.select_option("#ob-verb", "embezzle")
    page.click("[data-add-order]")
    assert order_texts(page)[0] == "protect self"
    assert "too many" in page.inner_text("[data-points-total]")  # 1 + 2 + 1 of 3
    page.click("[data-order-list] li:last-child [data-remove-order]")
    assert page.inner_text("[data-points-total]") == "3"
    assert page.evaluate("document.activeElement.matches('[data-remove-order]')")


def test_amount_is_required_before_adding(open_page):
    page, _ = open_page()
    page.select_option("#ob-verb", "bribe")
    page.click("[data-add-order]")
    assert "whole dollars" in page.inner_text("form[data-order-form] [role=alert]")
    assert page.evaluate("document.activeElement.id") == "ob-amount"
    assert order_texts(page) == []


def test_written_orders_are_checked_as_typed_then_sent(open_page):
    page, server = open_page()
    page.fill("#rf-text", "embezzle bob protect sefl")
    page.wait_for_selector("[data-check-feedback] .bad")
    assert "'sefl'" in page.inner_text("[data-check-feedback]")
    page.fill("#rf-text", "embezzle bob protect self")
    page.wait_for_selector("[data-check-feedback] .ok")
    feedback = page.inner_text("[data-check-feedback]")
    assert "2 action points" in feedback and "protect ann" in feedback
    checks = server.posts("/check")
    assert checks[-1] == {"text": "embezzle bob protect self"}
    assert len(checks) <= 3, "typing is debounced"
    page.click("form.notation button[type=submit]")
    page.wait_for_function("document.querySelector('.sent-orders').textContent"
                           ".includes('embezzle bob, protect ann')")
    assert server.posts("/act") == [{"text": "embezzle bob protect self"}]
    assert page.input_value("#rf-text") == ""


def test_a_refused_order_shows_the_servers_sentence(open_page):
    page, _ = open_page()
    page.fill("#rf-text", "embezzle ann")
    page.click("form.notation button[type=submit]")
    alert = page.locator("form.notation [role=alert]")
    alert.wait_for()
    page.wait_for_function("document.querySelector('form.notation [role=alert]').textContent")
    assert alert.inner_text() == "You cannot embezzle from yourself."
    assert page.input_value("#rf-text") == "embezzle ann"  # nothing lost


def test_a_push_keeps_half_typed_orders_and_focus(open_page):
    match = new_match()
    page, server = open_page(match)
    page.select_option("#ob-verb", "backstab")
    page.select_option("#ob-target", "2")
    page.click("[data-add-order]")
    page.click("#rf-verb-guide summary")  # opened by the reader: stays open
    page.click("#rf-text")
    page.keyboard.type("embezzle d")
    page.evaluate("document.querySelector('#screen [data-seq]').dataset.before = 'yes'")
    match.submit_text(3, "embezzle eve")  # someone else moves: the table is pushed again
    server.push()
    page.wait_for_function("!document.querySelector('#screen [data-seq]').dataset.before")
    assert page.input_value("#rf-text") == "embezzle d"
    assert page.evaluate("document.activeElement.id") == "rf-text"
    assert page.evaluate("document.activeElement.selectionStart") == len("embezzle d")
    assert order_texts(page) == ["backstab cat"]
    assert page.evaluate("document.getElementById('rf-verb-guide').open")
    page.keyboard.type("an")  # typing carries on where it was
    assert page.input_value("#rf-text") == "embezzle dan"
    # A new round is a new form: the old draft goes.
    match.close_phase()
    server.push()
    page.wait_for_function("document.querySelector('#rf-title').textContent.includes('Round 2')")
    assert page.input_value("#rf-text") == ""
    assert order_texts(page) == []


def test_old_pushes_never_overwrite_newer_ones(open_page):
    match = new_match()
    page, server = open_page(match)
    match.close_phase()
    server.push()
    page.wait_for_function("document.querySelector('#rf-title').textContent.includes('Round 2')")
    stale = {"type": "screen", "seq": 0, "html": "<p id=stale>old</p>", "match": {}}
    server.sockets[0].send(json.dumps(stale))
    server.sockets[0].send(json.dumps({"type": "something-new"}))
    page.wait_for_timeout(200)
    assert page.locator("#stale").count() == 0
    assert "Round 2" in page.inner_text("#rf-title")


def test_countdown_ticks_against_the_servers_clock(open_page):
    page, server = open_page()
    first = page.inner_text("[data-deadline]")
    assert re.fullmatch(r"14:(2\d|30)", first), first  # server says 14:30 left, not our clock
    page.wait_for_function(f"document.querySelector('[data-deadline]').textContent !== '{first}'")
    server.status = "paused"
    server.push()
    page.wait_for_selector(".clock.paused")
    assert "paused, 10 min left" in page.inner_text(".clock")


def test_host_buttons_follow_pushed_status(open_page):
    page, server = open_page(viewer=GM)
    assert server.socket_urls == [f"ws://hacktable.test/api/matches/{CODE}/ws?as=host"]
    assert page.locator("form[data-api$='/host/pause']").is_visible()
    assert page.locator("form[data-api$='/host/resume']").is_hidden()
    server.status = "paused"
    server.push()
    page.wait_for_selector("form[data-api$='/host/resume']", state="visible")
    assert page.locator("form[data-api$='/host/pause']").is_hidden()
    server.answers[f"/api/matches/{CODE}/host/extend"] = (200, {})
    page.fill("#host-extend", "15")
    page.click("form[data-api$='/host/extend'] button")
    page.wait_for_function("document.querySelector('[data-live]').textContent === 'Done.'")
    assert server.posts("/host/extend") == [{"seconds": 900}]
    # Host commands answer with the match's info, which the panel follows at once.
    server.answers[f"/api/matches/{CODE}/host/resume"] = (
        200, match_info(server.match, "running"))
    page.click("form[data-api$='/host/resume'] button")
    page.wait_for_selector("form[data-api$='/host/pause']", state="visible")


def test_keyboard_users_can_skip_and_see_focus(open_page):
    page, _ = open_page()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('#screen') !== null")
    assert focused, "after skipping, Tab lands inside the game"
    page.focus("#ob-verb")
    page.keyboard.press("Tab")
    style = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert style == "solid"


@pytest.mark.parametrize("viewer", [0, GM, "spectator"], ids=["seat", "gm", "spectator"])
def test_the_table_fits_a_phone(open_page, viewer, played):
    page, _ = open_page(played, viewer=viewer, width=375)
    for details in page.locator("details").all():
        details.evaluate("d => d.open = true")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_front_page_fits_a_phone_and_posts_only_changed_options(open_page):
    page, server = open_page(path="/", width=375)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    server.answers["/api/matches"] = (400, {"detail": "Rex Furum needs distinct names."})
    page.fill("#seats-rexfurum", "6")
    page.dispatch_event("#seats-rexfurum", "input")
    assert page.locator("#seat-rexfurum-5").is_visible()
    assert page.locator("#seat-rexfurum-6").is_hidden()
    page.select_option("#seat-rexfurum-2", "loyal")
    page.click("summary")
    page.fill("#opt-rexfurum-rounds", "5")
    # rounds end when everyone has sent orders: asked up front, and chosen already
    assert page.is_checked("#pace-rexfurum-early")
    page.select_option("#opt-rexfurum-resubmission", "append")
    page.click("#host-form button[type=submit]")
    page.wait_for_function("document.querySelector('#host-error').textContent")
    assert page.inner_text("#host-error") == "Rex Furum needs distinct names."
    assert server.posts("/api/matches") == [{
        "game": "rexfurum", "seats": 6, "bots": {"2": "loyal"},
        "options": {"rounds": 5, "early_close": True, "resubmission": "append"}}]
    server.answers["/api/matches"] = (201, {"code": CODE, "match_url": f"/m/{CODE}",
                                            "host_url": f"/m/{CODE}/host", "host_token": "x",
                                            "table_url": f"/m/{CODE}", "seat": None,
                                            "seat_token": None})
    page.fill("#host-name", "  Hal ")
    page.check("#host-start-when-full")
    with page.expect_navigation(url=f"{BASE}/m/{CODE}"):  # the seat of a host who plays
        page.click("#host-form button[type=submit]")
    assert server.posts("/api/matches")[-1] == {
        "game": "rexfurum", "seats": 6, "bots": {"2": "loyal"},
        "options": {"rounds": 5, "early_close": True, "resubmission": "append"},
        "name": "Hal", "start_when_full": True}


def test_join_box_goes_to_the_room(open_page):
    page, _ = open_page(path="/")
    page.fill("#join-code", "k7qx3m")
    assert page.input_value("#join-code") == "K7QX3M"
    with page.expect_navigation(url=f"{BASE}/m/{CODE}"):
        page.press("#join-code", "Enter")


def test_room_sits_a_player_and_reloads_on_lobby_changes(open_page):
    page, server = open_page(room=True)
    page.fill("#sit-1", "zoe")
    server.answers[f"/api/matches/{CODE}/join"] = (200, {"seat": 1, "token": "t",
                                                         "seat_url": f"/m/{CODE}/s/t"})
    with page.expect_navigation(url=f"{BASE}/m/{CODE}"):
        page.click("form[data-api$='/join'] button")
    assert server.posts("/join") == [{"seat": 1, "name": "zoe"}]
    page.wait_for_selector("[data-conn][data-state=live]")
    # The server greets every connection with the lobby as it is: that must not reload.
    page.evaluate("window.stillHere = true")
    lobby = match_info(server.match, "lobby")
    lobby["seats"][1] = {"seat": 1, "name": None, "kind": "open", "personality": None}
    server.sockets[-1].send(json.dumps({"type": "room", "match": lobby}))
    page.wait_for_timeout(300)
    assert page.evaluate("window.stillHere === true")
    page.fill("#sit-1", "yan")
    page.focus("#sit-1")
    lobby["seats"][2]["name"] = "carl"  # someone changed seat: now it reloads
    with page.expect_navigation():
        server.sockets[-1].send(json.dumps({"type": "room", "match": lobby}))
    assert page.input_value("#sit-1") == "yan", "a reload keeps what was being typed"
    assert page.evaluate("document.activeElement.id") == "sit-1"


def test_connection_state_is_shown_and_recovers(open_page):
    page, server = open_page()
    assert server.socket_urls == [f"ws://hacktable.test/api/matches/{CODE}/ws"]
    assert "live" in page.inner_text("#conn")
    server.sockets[0].close()
    page.wait_for_selector("[data-conn][data-state=down]")
    assert "retrying" in page.inner_text("#conn")
    page.wait_for_selector("[data-conn][data-state=live]", timeout=5000)
    assert len(server.sockets) == 2


def test_static_files_are_ours_only():
    """No third-party code: every file under static/ is CSS or JS we wrote, importing only
    our own modules."""
    files = sorted(p.relative_to(STATIC_DIR).as_posix() for p in Path(STATIC_DIR).rglob("*")
                   if p.is_file())
    assert {"css/hacktable.css", "js/api.js", "js/table.js"} <= set(files)
    for name in files:
        assert name.startswith(("css/", "js/")) and name.endswith((".css", ".js")), name
        text = (Path(STATIC_DIR) / name).read_text()
        assert text.startswith(("// hacktable:", "/* hacktable:")), f"{name}: not ours"
        imports = re.findall(r'^import .* from "([^"]+)";', text, re.MULTILINE)
        assert all(re.fullmatch(r"\./[a-z_]+\.js", i) for i in imports), f"{name}: {imports}"


def test_the_games_screen_files_are_ours_only():
    """A game's stylesheet and script live in its screen folder (served at
    /static/games/<id>/<file>): ours too, importing only our own shared modules."""
    from hacktable.games import all_games
    from hacktable.web.screens import ASSET, folder

    found = []
    for game in all_games():
        where = folder(game.id)
        for path in sorted(where.glob("*.*")) if where is not None else []:
            if path.suffix not in (".css", ".js"):
                continue
            found.append(path.name)
            assert ASSET.match(path.name), path
            text = path.read_text()
            assert text.startswith(("// hacktable:", "/* hacktable:")), f"{path}: not ours"
            imports = re.findall(r'^import .* from "([^"]+)";', text, re.MULTILINE)
            assert all(re.fullmatch(r"/static/js/[a-z_]+\.js", i) for i in imports), imports
            assert static_file(f"games/{game.id}/{path.name}") == path
    assert "cpu.js" in found
