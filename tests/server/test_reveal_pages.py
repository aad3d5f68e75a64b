"""What everyone did and the replay hold every secret: before the end no route shows them to
anyone but a refereeing host, with the log download's own sentence; after it everyone may
read them. An uploaded log is checked like any input (its size, its shape, every entry
replaying as logged) and never trusted."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from hacktable.server.app import create_app
from hacktable.server.reveal import BEFORE_THE_END
from hacktable.server.settings import Settings

ROUTES = ("/m/{code}/reveal", "/m/{code}/replay", "/m/{code}/replay?at=1&as=gm",
          "/m/{code}/replay?at=3&as=1", "/m/{code}/replay?as=0", "/api/matches/{code}/log")


@pytest.fixture
def client(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}",
                        replay_upload_bytes=200_000)
    with TestClient(create_app(settings)) as made:
        yield made


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _table(client: TestClient, referee: bool = False) -> tuple[str, str, str]:
    """Ann in seat 0 and three bots at a two-round Rex Furum table, started; the code, the
    host's token and Ann's."""
    created = client.post("/api/matches", json={
        "game": "rexfurum", "seats": 4, "options": {"rounds": 2}, "referee": referee,
        "bots": {"1": "loyal", "2": "loyal", "3": "loyal"}}).json()
    code = created["code"]
    client.cookies.clear()
    seat = client.post(f"/api/matches/{code}/join", json={"seat": 0, "name": "Ann"}).json()
    client.cookies.clear()
    started = client.post(f"/api/matches/{code}/host/start",
                          headers=_bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return code, created["host_token"], seat["token"]


def _bots_sent(client: TestClient, code: str) -> None:
    """Wait until the bots have sent their orders (they act in the background)."""
    for _ in range(200):
        sent = client.get(f"/api/matches/{code}").json().get("sent") or {}
        if {1, 2, 3} <= set(sent.get("done", [])):
            return
        time.sleep(0.05)
    raise AssertionError("the bots sent nothing")


def _finish(client: TestClient, code: str, host: str, ann: str) -> None:
    client.post(f"/api/matches/{code}/act", json={"text": "protect self"},
                headers=_bearer(ann))
    for _ in range(2):
        _bots_sent(client, code)
        closed = client.post(f"/api/matches/{code}/host/close", headers=_bearer(host))
        assert closed.status_code == 200, closed.text
    assert client.get(f"/api/matches/{code}").json()["status"] == "over"


def test_before_the_end_no_route_shows_the_secrets(client: TestClient) -> None:
    code, host, ann = _table(client)
    client.post(f"/api/matches/{code}/act", json={"text": "embezzle bob"},
                headers=_bearer(ann))
    _bots_sent(client, code)  # secret orders are in the log now
    who = {"Ann's seat": _bearer(ann), "the playing host": _bearer(host), "a stranger": {}}
    for name, headers in who.items():
        for route in ROUTES:
            answer = client.get(route.format(code=code), headers=headers)
            assert answer.status_code == 409, (name, route, answer.status_code)
            assert BEFORE_THE_END in answer.text.replace("&#39;", "'")
            assert "sent orders" not in answer.text and "Ledger" not in answer.text
    client.cookies.set(f"hacktable_seat_{code}", ann)  # her own browser, by cookie
    assert client.get(f"/m/{code}/reveal").status_code == 409
    assert client.get(f"/m/{code}/replay?as=0").status_code == 409
    client.cookies.clear()


def test_a_refereeing_host_sees_it_while_the_match_is_on(client: TestClient) -> None:
    code, host, ann = _table(client, referee=True)
    _bots_sent(client, code)
    shown = client.get(f"/m/{code}/reveal", headers=_bearer(host))
    assert shown.status_code == 200, shown.text
    assert "you see this as its gamemaster" in shown.text
    assert "sent orders:" in shown.text
    assert client.get(f"/m/{code}/replay?as=1", headers=_bearer(host)).status_code == 200
    assert client.get(f"/m/{code}/reveal", headers=_bearer(ann)).status_code == 409


def test_after_the_end_everyone_sees_every_seat(client: TestClient) -> None:
    code, host, ann = _table(client)
    _finish(client, code, host, ann)
    names = [seat["name"] for seat in client.get(f"/api/matches/{code}").json()["seats"]]
    reveal = client.get(f"/m/{code}/reveal")  # a stranger, after the end
    assert reveal.status_code == 200
    assert "<strong>Ann</strong> sent orders: protect Ann" in reveal.text
    assert "The gamemaster&#39;s ledger, in words" in reveal.text
    assert "seat 1" not in reveal.text.lower()
    client.cookies.set(f"hacktable_seat_{code}", ann)  # "Your tables" on the front page
    front = client.get("/").text
    assert f'href="/m/{code}/reveal" data-your-reveal' in front
    assert f'href="/m/{code}/replay" data-your-replay' in front
    client.cookies.clear()
    for seat, name in enumerate(names):
        step = client.get(f"/m/{code}/replay?at=8&as={seat}")
        assert step.status_code == 200
        assert f"as {name} saw it" in step.text and f"Dear {name}," in step.text
        others = [other for other in names if other != name]
        assert not any(f"Dear {other}," in step.text for other in others)


def test_an_uploaded_log_is_checked_and_replayed(client: TestClient) -> None:
    code, host, ann = _table(client)
    _finish(client, code, host, ann)
    log = client.get(f"/api/matches/{code}/log").text
    table = client.get(f"/m/{code}/replay?at=5&as=0").text
    uploaded = client.post("/replay", data={"log": log, "step": "5:0"})
    assert uploaded.status_code == 200
    mark = 'data-replay-screen inert>'
    def screen(page: str) -> str:
        return page.split(mark)[1].rsplit('<p class="inline wrap">', 1)[0]

    assert screen(uploaded.text) == screen(table).replace(code, "LOG")  # the same screen

    filed = client.post("/replay", files={"file": ("m.json", log, "application/json")})
    assert filed.status_code == 200 and "the whole truth" in filed.text

    data = json.loads(log)
    tampered = json.loads(log)
    first_move = next(e for e in tampered["log"] if e["kind"] == "action")
    first_move["payload"] = {"orders": [{"do": "embezzle", "target": 99}]}
    bad = {
        "not JSON": "{nope",
        "not a log": json.dumps({"hello": 1}),
        "an unknown game": json.dumps({**data, "game": "chess"}),
        "no seats": json.dumps({**data, "seats": "Ann"}),
        "entries out of order": json.dumps({**data, "log": data["log"][1:]}),
        "a move that does not apply": json.dumps(tampered),
        "too large": json.dumps({**data, "padding": "x" * 300_000}),
    }
    for why, text in bad.items():
        answer = client.post("/replay", files={"file": ("m.json", text, "application/json")})
        if why == "too large":  # refused before it is read, as every body past its limit
            assert answer.status_code == 413 and "A match log to replay is at most" in (
                answer.text), answer.text[:300]
            continue
        assert answer.status_code == 400, (why, answer.status_code)
        assert "That " in answer.text, why
    assert client.post("/replay", data={}).status_code == 400


def test_messages_kept_for_the_end_appear_on_the_reveal_and_nothing_without(
        client: TestClient) -> None:
    code, host, ann = _table(client)
    _finish(client, code, host, ann)
    assert "data-reveal-messages" not in client.get(f"/m/{code}/reveal").text
    client.app.state.reveal_messages = lambda live: [  # type: ignore[attr-defined]
        {"from": "Ann", "to": "Bob", "round": "round 1", "text": "I will protect you"}]
    shown = client.get(f"/m/{code}/reveal").text
    assert "data-reveal-messages" in shown and "I will protect you" in shown

    async def kept(live):  # a store's coroutine does as well
        return [{"from": "Bob", "to": "everyone", "round": "", "text": "liar"}]

    client.app.state.reveal_messages = kept  # type: ignore[attr-defined]
    assert "<strong>Bob</strong> to <strong>everyone</strong>: liar" in client.get(
        f"/m/{code}/reveal").text


def test_messages_go_in_the_reveal_where_the_host_set_reveal_press(client: TestClient) -> None:
    for shown in (True, False):
        created = client.post("/api/matches", json={
            "game": "rexfurum", "seats": 4, "options": {"rounds": 2, "reveal_press": shown},
            "bots": {"2": "loyal", "3": "loyal"}}).json()
        code, host = created["code"], created["host_token"]
        client.cookies.clear()
        ann = client.post(f"/api/matches/{code}/join", json={"seat": 0, "name": "Ann"}).json()
        client.cookies.clear()
        bob = client.post(f"/api/matches/{code}/join", json={"seat": 1, "name": "Bob"}).json()
        client.cookies.clear()
        client.post(f"/api/matches/{code}/host/start", headers=_bearer(host))
        sent = client.post(f"/api/matches/{code}/messages", headers=_bearer(ann["token"]),
                           json={"to": [1], "text": "I will protect you, Bob"})
        assert sent.status_code == 201, sent.text
        for _ in range(2):  # both rounds, closed by the host
            for token in (ann["token"], bob["token"]):
                client.post(f"/api/matches/{code}/act", json={"text": "protect self"},
                            headers=_bearer(token))
            client.post(f"/api/matches/{code}/host/close", headers=_bearer(host))
        assert client.get(f"/api/matches/{code}").json()["status"] == "over"
        page = client.get(f"/m/{code}/reveal").text
        assert ("I will protect you, Bob" in page) is shown
        if shown:
            assert "<strong>Ann</strong> to <strong>Bob</strong>" in page
