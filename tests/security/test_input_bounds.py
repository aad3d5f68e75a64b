"""No input gives a 500: every number a player can type is bounded at the schema, and a
refusal says what to fix."""

from __future__ import annotations

from tests.services import Api, Server

HUGE = "9" * 5000  # beyond Python's 4,300-digit limit for int(str)


def test_create_refuses_huge_numbers_with_a_sentence(table_server: Server):
    anonymous = Api(table_server.url)
    bodies = [
        {"game": "rexfurum", "seats": 5, "bots": {HUGE: "loyal"}},
        {"game": "rexfurum", "seats": 5, "bots": {"1" * 4: "loyal"}},
        {"game": "rexfurum", "seats": 5, "bots": {"0": "x" * 5000}},
        {"game": "rexfurum", "seats": 5, "options": {"rounds": 10**400}},
        {"game": "rexfurum", "seats": 5, "options": {"x" * 5000: 1}},
    ]
    for body in bodies:
        answer = anonymous.http.post("/api/matches", content=_json(body),
                                     headers={"content-type": "application/json"})
        assert answer.status_code in (400, 422), (answer.status_code, answer.text[:300])
        assert answer.json()["detail"].endswith("."), answer.text[:300]


def test_host_extend_refuses_absurd_seconds(table_server: Server):
    from tests.services import open_table

    table = open_table(table_server.url, ["Ann", "Bob", "Cyd", "Dee", "Eve"])
    for seconds in ("1e400", HUGE, "-" + HUGE, "9" * 3000):
        answer = table.host.http.post(f"/api/matches/{table.code}/host/extend",
                                      content='{"seconds": ' + seconds + "}",
                                      headers={"content-type": "application/json"})
        assert answer.status_code in (400, 413, 422), (answer.status_code, answer.text[:300])
        assert answer.json()["detail"].endswith("."), answer.text[:300]


def _json(body: object) -> str:
    """JSON by hand: the standard encoder refuses integers this long, as it should."""
    import json
    import sys

    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(body)
    finally:
        sys.set_int_max_str_digits(limit)


def test_a_move_nested_hundreds_deep_is_refused_with_a_sentence(table_server: Server):
    """A Runners move with a field nested ~479 levels deep was a 500 (the move was copied
    by recursion); every route that reads a move refuses it with a sentence."""
    from tests.services import open_table

    table = open_table(table_server.url, ["Gia", "Mica"], game="runners")
    gm = table.seats[0]
    for depth in (40, 479, 20_000):
        body = '{"action": {"do": "npc", "name": "x", "notes": ' + "[" * depth + "]" * depth + "}}"
        for route in ("act", "check"):
            answer = gm.http.post(f"/api/matches/{table.code}/{route}", content=body,
                                  headers={"content-type": "application/json"})
            assert answer.status_code in (200, 400, 422), (depth, route, answer.status_code)
            detail = answer.json().get("detail") or answer.json().get("error")
            assert detail and detail.endswith("."), (depth, route, answer.text[:200])
    assert "Traceback" not in table_server.log()


def test_lab_budgets_that_are_not_numbers_are_refused_with_a_sentence(table_server: Server):
    lab = Api(table_server.url)
    for bots in ("thinker:²", "thinker:" + HUGE, "thinker:100000000"):
        answer = lab.http.post("/lab/jobs", json={"game": "rexfurum", "players": 5,
                                                  "bots": bots, "games": 5})
        assert answer.status_code == 400, (bots[:20], answer.status_code, answer.text[:200])
        assert answer.json()["detail"].endswith("."), answer.text[:200]
    assert "Traceback" not in table_server.log()
