"""Limits an attacker cannot multiply: the front page's cookies are room codes like any
other (a handful read, each that holds nothing a miss, one query whether a code names a table
or not); seats taken per client; and a forged `X-Forwarded-For` names no new client."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from tests.services import Server, TestClock, postgres_database

from hacktable.server.app import create_app
from hacktable.server.settings import Settings


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        with postgres_database() as database:
            yield database


BACKGROUND = ("matches.deadline_at <=", "min(matches.deadline_at)", "matches.created_at <",
              "UPDATE matches SET claimed_until")
"""The deadline loop's own statements, which run whatever a page asks."""


@contextlib.contextmanager
def statements(client: TestClient) -> Iterator[list[tuple[str, int]]]:
    """The SQL statements the app's store sends meanwhile for requests (the deadline loop's
    left out), each with how many values it was sent, never the values themselves."""
    seen: list[tuple[str, int]] = []
    engine = client.app.state.table.store.engine.sync_engine

    def note(conn, cursor, statement, parameters, context, executemany) -> None:
        text = " ".join(statement.split())
        if not any(word in text for word in BACKGROUND):
            seen.append((text, len(parameters or ())))

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def _front(client: TestClient, cookies: dict[str, str]) -> httpx.Response:
    client.cookies.clear()
    return client.get("/", headers={"cookie": "; ".join(f"{k}={v}" for k, v in
                                                         cookies.items())})


def test_a_cookie_flood_reads_a_handful_of_codes_and_counts_them_as_misses(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}",
                        lookup_misses_per_hour=60, rate_burst=6, front_page_tables=4)
    flood = {f"hacktable_seat_Z{n:05d}": "x" * 22 for n in range(300)}
    with TestClient(create_app(settings)) as client:
        reads = []
        for _ in range(3):
            with statements(client) as seen:
                page = _front(client, flood)
            assert page.status_code == 200
            reads.append(len(seen))
            for _, values in seen:  # at most the newest four codes, in one query
                assert values <= 4, seen
        # 6 misses allowed: the first page spends 4, the second 4 more, the third reads none
        assert reads == [1, 1, 0], reads
        client.cookies.clear()
        looked = client.get("/api/matches/ZZZZZZ")
        assert looked.status_code == 429 and "check the code" in looked.json()["detail"]


def test_a_miss_costs_the_front_page_what_a_hit_costs(store_url: str):
    settings = Settings(database_url=store_url, lookup_misses_per_hour=0)
    with TestClient(create_app(settings)) as client:
        created = client.post("/api/matches", json={"game": "rexfurum", "seats": 5}).json()
        code = created["code"]
        client.cookies.clear()
        token = client.post(f"/api/matches/{code}/join",
                            json={"seat": 0, "name": "Ann"}).json()["token"]
        table = client.app.state.table
        live = table.matches.held()
        for match_id in list(live):  # a stored table not yet loaded in this process
            table.forget(match_id)
        runs = {}
        for label, cookies in (("hit", {f"hacktable_seat_{code}": token}),
                               ("wrong token", {f"hacktable_seat_{code}": "y" * 22}),
                               ("no table", {"hacktable_seat_ZZZZZZ": token})):
            with statements(client) as seen:
                page = _front(client, cookies)
            assert page.status_code == 200
            runs[label] = seen
            assert (code in page.text) == (label == "hit"), label
        assert len(runs["hit"]) == 1, runs["hit"]
        assert runs["hit"] == runs["wrong token"] == runs["no table"], runs


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("client-limits")
    process = Server(f"sqlite:///{folder / 'table.db'}", TestClock(folder / "clock"),
                     env={"HACKTABLE_LOOKUP_MISSES_PER_HOUR": "60", "HACKTABLE_RATE_BURST": "3",
                          "HACKTABLE_JOINS_PER_HOUR": "60", "HACKTABLE_JOIN_BURST": "3"})
    process.start(timeout=60)
    yield process
    process.stop()


def _from(base: str, address: str) -> httpx.Client:
    """A client from another address (any 127.x.y.z reaches loopback): another device."""
    return httpx.Client(base_url=base, timeout=15,
                        transport=httpx.HTTPTransport(local_address=address))


def test_seats_taken_from_one_client_are_limited(limited: Server):
    codes = [httpx.post(f"{limited.url}/api/matches", json={"game": "rexfurum", "seats": 5}
                        ).json()["code"] for _ in range(2)]
    with _from(limited.url, "127.0.0.7") as taker, _from(limited.url, "127.0.0.8") as other:
        statuses = []
        for n in range(5):
            taker.cookies.clear()
            statuses.append(taker.post(f"/api/matches/{codes[n % 2]}/join",
                                       json={"seat": n // 2, "name": f"P{n}"}).status_code)
        assert statuses[:3] == [200] * 3 and statuses[3:] == [429] * 2, statuses
        refused = taker.post(f"/api/matches/{codes[0]}/join", json={"seat": 4, "name": "Q"})
        assert "Too many seats were taken from here" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        # another client sits as ever
        assert other.post(f"/api/matches/{codes[1]}/join",
                          json={"seat": 4, "name": "Zed"}).status_code == 200


def _socket_join(base: str, address: str, code: str, seat: int, name: str
                 ) -> tuple[str | None, int | None, str]:
    """A seat taken by a screen's socket (`join=`) from another address: the token it was
    handed (None if refused), and how the socket closed (None while it stays open)."""
    import json
    import socket
    from urllib.parse import urlsplit

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    where = urlsplit(base)
    raw = socket.create_connection((where.hostname, where.port), timeout=10,
                                   source_address=(address, 0))
    url = (base.replace("http://", "ws://")
           + f"/api/matches/{code}/ws?format=json&join={seat}&name={name}")
    with connect(url, sock=raw, open_timeout=10) as ws:
        try:
            first = json.loads(ws.recv(timeout=10))
        except ConnectionClosed:
            return None, ws.close_code, ws.close_reason or ""
        return (first["token"] if first["type"] == "joined" else None), None, ""


def test_seats_taken_by_socket_count_with_the_posted_ones(limited: Server):
    """A seat taken as the socket opens is a join like POST /join's, in the same count: a
    client cannot go around the limit by sitting down over sockets."""
    code = httpx.post(f"{limited.url}/api/matches", json={"game": "rexfurum", "seats": 5}
                      ).json()["code"]
    with _from(limited.url, "127.0.0.9") as taker:
        assert taker.post(f"/api/matches/{code}/join",
                          json={"seat": 0, "name": "P0"}).status_code == 200
        taker.cookies.clear()
        # a refused join costs nothing (seat 0 is taken), then two taken by socket
        assert _socket_join(limited.url, "127.0.0.9", code, 0, "Q")[1] == 4409
        assert _socket_join(limited.url, "127.0.0.9", code, 1, "P1")[0] is not None
        assert _socket_join(limited.url, "127.0.0.9", code, 2, "P2")[0] is not None
        token, status, reason = _socket_join(limited.url, "127.0.0.9", code, 3, "P3")
        assert token is None and status == 4429, (status, reason)
        assert "Too many seats were taken from here" in reason
        assert taker.post(f"/api/matches/{code}/join",
                          json={"seat": 3, "name": "P3"}).status_code == 429
    seats = httpx.get(f"{limited.url}/api/matches/{code}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "human", "open", "open"]


def test_a_forged_forwarded_for_names_no_new_client(limited: Server):
    """From the server's own machine (127.0.0.1, which uvicorn trusts by default)."""
    with _from(limited.url, "127.0.0.1") as forger:
        statuses = [forger.get(f"/api/matches/ZZZZZ{c}",
                               headers={"x-forwarded-for": f"10.1.2.{n}"}).status_code
                    for n, c in enumerate("ABCDE")]
    assert statuses[:3] == [404] * 3 and statuses[3:] == [429] * 2, statuses


def test_a_trusted_proxy_names_its_clients(tmp_path):
    process = Server(f"sqlite:///{tmp_path / 'table.db'}", TestClock(tmp_path / "clock"),
                     env={"HACKTABLE_LOOKUP_MISSES_PER_HOUR": "60", "HACKTABLE_RATE_BURST": "2",
                          "HACKTABLE_TRUSTED_PROXIES": "127.0.0.0/8"}).start(timeout=60)
    try:
        with _from(process.url, "127.0.0.10") as proxy:
            named = [proxy.get("/api/matches/ZZZZZA",
                               headers={"x-forwarded-for": f"203.0.113.{n}"}).status_code
                     for n in range(5)]
            same = [proxy.get("/api/matches/ZZZZZA",
                              headers={"x-forwarded-for": "198.51.100.1"}).status_code
                    for _ in range(3)]
        assert named == [404] * 5 and same == [404, 404, 429], (named, same)
    finally:
        process.stop()


def test_who_the_client_is():
    from hacktable.server.limits import UNTRUSTED, ClientAddress, client_of

    nobody = ClientAddress(None, [])  # the default: no proxy is trusted
    assert nobody.client("127.0.0.1", ["9.9.9.9"]) == "127.0.0.1"  # the header names nobody
    assert nobody.client("9.9.9.9", ["9.9.9.9"]) == UNTRUSTED  # uvicorn took it from there
    proxies = ClientAddress(None, ["10.0.0.0/8"])
    assert proxies.client("10.0.0.1", ["1.1.1.1", "10.0.0.2"]) == "1.1.1.1"
    assert proxies.client("10.0.0.1", ["6.6.6.6", "1.1.1.1"]) == "1.1.1.1"  # the nearest
    assert proxies.client("5.5.5.5", ["1.1.1.1"]) == "5.5.5.5"  # not a proxy of ours
    # an IPv6 client is its /64: a new address per request is no new client
    assert client_of({"client": ("2001:db8:1:2:aaaa::5", 1)}) == "2001:db8:1:2::/64"
    assert client_of({"client": ("2001:db8:1:2::9", 1)}) == "2001:db8:1:2::/64"


def test_seats_per_client_are_counted_alike_by_every_process(tmp_path):
    """Two processes on one database: the hourly count of seats is the store's, so a
    client gains nothing by sending its joins to both."""
    url = f"sqlite:///{tmp_path / 'table.db'}"
    env = {"HACKTABLE_JOINS_PER_HOUR": "3", "HACKTABLE_JOIN_BURST": "3"}
    first = Server(url, TestClock(tmp_path / "clock"), env=env).start(timeout=60)
    try:
        second = Server(url, first.clock, env=env).start(timeout=60)
        try:
            code = httpx.post(f"{first.url}/api/matches",
                              json={"game": "rexfurum", "seats": 5}).json()["code"]
            statuses = []
            for seat, server in enumerate((first, second, first, second, first)):
                with _from(server.url, "127.0.0.11") as taker:
                    statuses.append(taker.post(f"/api/matches/{code}/join",
                                               json={"seat": seat, "name": f"P{seat}"}
                                               ).status_code)
            assert statuses == [200, 200, 200, 429, 429], statuses
            # an hour later the client may sit again
            first.clock.advance(3601)
            with _from(second.url, "127.0.0.11") as taker:
                assert taker.post(f"/api/matches/{code}/join",
                                  json={"seat": 3, "name": "P3"}).status_code == 200
        finally:
            second.stop()
    finally:
        first.stop()
