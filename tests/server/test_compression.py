"""Answers go gzip-compressed to a client that accepts it (settings `gzip_minimum_bytes`,
`gzip_level`): pages, scripts and JSON come back compressed and, once decompressed, the
same as sent plain; small answers, a refused body's 413 and the seat's socket are not
touched."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hacktable.server.settings import Settings
from hacktable.site import create_site

GZIP = {"Accept-Encoding": "gzip"}
PLAIN = {"Accept-Encoding": "identity"}


def _client(folder: Path, **settings: object) -> TestClient:
    return TestClient(create_site(Settings(database_url=f"sqlite:///{folder / 'db.sqlite'}",
                                           **settings)))  # type: ignore[arg-type]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with _client(tmp_path) as client:
        yield client


def _raw(client: TestClient, path: str, headers: dict[str, str]) -> tuple[dict[str, str],
                                                                           bytes]:
    """The headers and the bytes as they came over the wire (not decoded)."""
    with client.stream("GET", path, headers=headers) as answer:
        assert answer.status_code == 200, path
        return dict(answer.headers), b"".join(answer.iter_raw())


@pytest.mark.parametrize("path", ["/", "/static/js/table.js", "/static/css/api-docs.css",
                                  "/api/games"])
def test_a_page_comes_back_compressed_and_intact(client: TestClient, path: str):
    headers, wire = _raw(client, path, GZIP)
    plain_headers, plain = _raw(client, path, PLAIN)
    assert headers.get("content-encoding") == "gzip"
    assert "accept-encoding" in headers.get("vary", "").lower()
    assert "content-encoding" not in plain_headers
    assert gzip.decompress(wire) == plain
    assert len(wire) < len(plain) / 2, (path, len(wire), len(plain))


def test_a_small_answer_is_sent_as_it_is(client: TestClient):
    """Below `gzip_minimum_bytes` compression gains less than its header costs."""
    answer = client.get("/api/matches/ZZZZZZ", headers=GZIP)
    assert answer.status_code == 404
    assert 0 < len(answer.content) < Settings().gzip_minimum_bytes
    assert "content-encoding" not in answer.headers


def test_a_body_over_its_limit_is_still_refused_with_its_sentence(client: TestClient):
    answer = client.post("/api/matches", content=b" " * 100_000,
                         headers={**GZIP, "content-type": "application/json"})
    assert answer.status_code == 413
    assert "A new match's settings" in answer.json()["detail"]


def test_the_seat_socket_is_untouched(client: TestClient):
    created = client.post("/api/matches", json={"game": "rexfurum", "seats": 5,
                                                 "bots": {str(i): "loyal" for i in range(1, 5)}},
                          headers=GZIP).json()
    code = created["code"]
    joined = client.post(f"/api/matches/{code}/join", json={"seat": 0, "name": "Ann"},
                         headers=GZIP).json()
    with client.websocket_connect(f"/api/matches/{code}/ws?format=json&token={joined['token']}",
                                  headers=GZIP) as socket:
        first = socket.receive_json()
    assert first and isinstance(first, dict)


def test_level_zero_sends_nothing_compressed(tmp_path: Path):
    with _client(tmp_path, gzip_level=0) as client:
        headers, wire = _raw(client, "/", GZIP)
    assert "content-encoding" not in headers and wire.lstrip().startswith(b"<!")
