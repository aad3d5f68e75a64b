"""Look-alike names at one table are refused: a player must not pose as another by a
name that reads the same (a Cyrillic "А" in "Аnn", capital I for l)."""

from __future__ import annotations

from tests.services import Api, Server

from hacktable.server.names import clash, lookalike_key


def test_lookalike_keys():
    assert lookalike_key("Ann") == lookalike_key("Аnn") == lookalike_key("ANN")  # Cyrillic А
    assert lookalike_key("Bill") == lookalike_key("BiII") == lookalike_key("B1ll")
    assert lookalike_key("Ｍａｒｙ") == lookalike_key("Mary")  # full-width forms
    assert lookalike_key("Αda") == lookalike_key("Ada")  # Greek Alpha
    assert lookalike_key("A\u0301nn") == lookalike_key("Ánn") == lookalike_key("Ann")
    assert lookalike_key("Zoë") == lookalike_key("Zoe")  # an accent is easily missed
    assert lookalike_key("कुमार") != lookalike_key("कमार")  # a vowel sign is a letter's own
    assert clash(["Ann", "Bob"]) is None


def test_the_table_refuses_a_lookalike_name(table_server: Server):
    created = Api(table_server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 5})
    code = created["code"]
    Api(table_server.url).ok("POST", f"/api/matches/{code}/join", {"seat": 0, "name": "Ann"})
    for name in ("Аnn", "ANN", "Ａｎｎ", "A\u0301nn", "Ánn"):
        answer = Api(table_server.url).post(f"/api/matches/{code}/join",
                                            {"seat": 1, "name": name})
        assert answer.status_code == 400, (name, answer.text)
        assert "already" in answer.json()["detail"] or "looks too much like" in (
            answer.json()["detail"])
    assert Api(table_server.url).post(f"/api/matches/{code}/join",
                                      {"seat": 1, "name": "Anna"}).status_code == 200
