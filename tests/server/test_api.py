"""The HTTP API against real server processes: creating, joining, tokens, moves, host
controls, deadlines, a whole match, its log, and a restart.

Most checks run against one SQLite server shared by the session (starting a process takes
seconds); the ones that move a match through its life run on SQLite and on PostgreSQL, and
the restart test starts and stops its own."""

from __future__ import annotations

import base64
import json
import re
import time

import httpx
import pytest
from tests.server.helpers import (
    BOTS,
    START_TIMEOUT,
    assert_refused,
    bots_have_sent,
    gm_state,
    match_info,
    round_of,
    screen,
    seconds,
    token_of,
    wait_for_round,
)
from tests.services import Api, Server, Table, open_table, wait_for
from typer.testing import CliRunner

from hacktable.cli import app as cli
from hacktable.engine.contract import SPECTATOR
from hacktable.engine.match import Match
from hacktable.games import get_game

HOST_COMMANDS = ("start", "pause", "resume", "extend", "bot", "end")
CODE = re.compile(r"[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")



@pytest.fixture
def lone(servers) -> Server:
    """The shared SQLite server, for the checks that need only one database."""
    return servers["sqlite"]


@pytest.fixture(params=["sqlite", "postgresql"])
def each_db(request, servers) -> Server:
    """The shared server on SQLite, then on PostgreSQL (see `shared_servers`)."""
    return servers[request.param]


def create(base: str, **fields) -> httpx.Response:
    body = {"game": "rexfurum", **fields}
    return Api(base).post("/api/matches", {k: v for k, v in body.items() if v is not None})


def act(api: Api, code: str, body) -> httpx.Response:
    return api.post(f"/api/matches/{code}/act", body)


def host(table: Table, command: str, body=None) -> httpx.Response:
    return table.host.post(f"/api/matches/{table.code}/host/{command}", body)


def normal(value):
    """A value as it reads once it went through JSON."""
    return json.loads(json.dumps(value))


def is_token(text: str) -> bool:
    """128 bits from `secrets.token_urlsafe(16)`: 22 URL-safe characters."""
    return bool(TOKEN.fullmatch(text)) and len(base64.urlsafe_b64decode(text + "==")) == 16


# -- creating -------------------------------------------------------------------------------


def test_create_resolves_options_and_places_seats_and_bots(lone):
    response = create(lone.url, seats=5, options={"rounds": "3", "early_close": "yes"},
                      bots={"2": "loyal", " 4 ": "embezzler"})
    assert response.status_code == 201, response.text
    created = response.json()
    code = created["code"]
    assert CODE.fullmatch(code) and is_token(created["host_token"])
    assert created["match_url"].endswith(f"/m/{code}")
    assert created["host_token"] in created["host_url"]
    assert response.cookies[f"hacktable_host_{code}"] == created["host_token"]

    game = Api(lone.url).ok("GET", "/api/games/rexfurum")
    defaults = {option["name"]: option["default"] for option in game["options"]}
    info = match_info(lone.url, code)
    assert info["options"] == {**defaults, "rounds": 3, "early_close": True}
    assert [s["kind"] for s in info["seats"]] == ["open", "open", "bot", "open", "bot"]
    assert [s["personality"] for s in info["seats"]] == [None, None, "loyal", None,
                                                         "embezzler"]
    assert (info["status"], info["deadline"], info["outcome"]) == ("lobby", None, None)
    assert "seq" not in info  # no count of the log in the public facts

    fewest = create(lone.url).json()
    assert len(match_info(lone.url, fewest["code"])["seats"]) == game["min_seats"]


@pytest.mark.parametrize(("fields", "status", "words"), [
    ({"options": {"rounds": 0}}, 400, "rounds"),
    ({"options": {"rounds": "many"}}, 400, "rounds"),
    ({"options": {"resubmission": "sometimes"}}, 400, "replace"),
    ({"options": {"early_close": "perhaps"}}, 400, "early_close"),
    ({"options": {"speed": 3}}, 400, "speed"),
    ({"game": "chess"}, 404, "chess"),
    ({"game": None}, 422, "game"),
    ({"seats": 3}, 400, "4 to 10"),
    ({"seats": 11}, 400, "4 to 10"),
    ({"seats": 0}, 422, "seats"),
    ({"bots": {"1": "genius"}}, 400, "genius"),
    ({"seats": 5, "bots": {"7": "loyal"}}, 400, "seat 8"),
    ({"bots": {"one": "loyal"}}, 400, "one"),
    ({"bots": {"²": "loyal"}}, 400, "seat"),
    ({"bots": {"1": 7}}, 422, "bots"),
    ({"colour": "red"}, 422, "colour"),
])
def test_create_refuses_with_a_sentence(lone, fields, status, words):
    detail = assert_refused(create(lone.url, **fields), status)
    assert words in detail


def test_room_codes_are_unambiguous_and_read_in_any_case(lone):
    codes = [create(lone.url).json()["code"] for _ in range(30)]
    assert len(set(codes)) == len(codes)
    assert all(CODE.fullmatch(code) for code in codes), codes
    assert not set("".join(codes)) & set("0O1IL")
    code = codes[0]
    for typed in (code.lower(), f"{code[:3]}-{code[3:]}".lower(), f" {code[:3]} {code[3:]}"):
        assert match_info(lone.url, typed)["code"] == code
    joined = Api(lone.url).post(f"/api/matches/{code.lower()}/join", {"seat": 0, "name": "Ann"})
    assert joined.status_code == 200
    assert match_info(lone.url, code)["seats"][0]["name"] == "Ann"
    for wrong in ("ZZZZZZ", "0OIL1", "!!!"):
        detail = assert_refused(Api(lone.url).get(f"/api/matches/{wrong}"), 404)
        assert "room code" in detail


# -- joining and starting -----------------------------------------------------------------


def test_join_takes_an_open_seat_under_a_fair_name(lone):
    created = create(lone.url, seats=5, bots={"4": "loyal"}).json()
    code = created["code"]

    def join(seat, name):
        return Api(lone.url).post(f"/api/matches/{code}/join", {"seat": seat, "name": name})

    ann = join(0, "  Ann \t  Lee ")
    assert ann.status_code == 200, ann.text
    assert is_token(ann.json()["token"]) and ann.json()["seat"] == 0
    assert ann.json()["seat_url"].endswith(f"/m/{code}?token={ann.json()['token']}")
    assert ann.cookies[f"hacktable_seat_{code}"] == ann.json()["token"]
    assert match_info(lone.url, code)["seats"][0] == {"seat": 0, "name": "Ann Lee",
                                                      "kind": "human", "personality": None}

    assert "taken" in assert_refused(join(0, "Zed"), 409)
    assert "taken" in assert_refused(join(4, "Zed"), 409)
    assert "name" in assert_refused(join(1, "ann   LEE"), 400)
    assert "name" in assert_refused(join(1, "   "), 400)
    assert "24" in assert_refused(join(1, "Z" * 25), 400)
    assert_refused(join(1, "Z" * 61), 422)
    assert "Pick another name" in assert_refused(join(1, "embezzle"), 400)
    assert "seat 8" in assert_refused(join(7, "Zed"), 400)
    assert_refused(join(-1, "Zed"), 422)
    assert_refused(join("one", "Zed"), 422)
    assert [s["kind"] for s in match_info(lone.url, code)["seats"]] == [
        "human", "open", "open", "open", "bot"]

    tokens = {ann.json()["token"]}
    for seat, name in ((1, "Bob"), (2, "Cyd"), (3, "Dee")):
        tokens.add(join(seat, name).json()["token"])
    assert len(tokens) == 4
    Api(lone.url, created["host_token"]).ok("POST", f"/api/matches/{code}/host/start")
    assert "started" in assert_refused(join(1, "Newcomer"), 409)
    assert [s["name"] for s in match_info(lone.url, code)["seats"]][:4] == [
        "Ann Lee", "Bob", "Cyd", "Dee"]


def test_a_name_with_control_characters_is_refused(each_db):
    """A NUL byte cannot be stored by PostgreSQL: the name must be refused with a sentence,
    the same on both databases, never a 500."""
    code = create(each_db.url, seats=5).json()["code"]
    for name in ("A\x00nn", "Bo\x07b", "Cy\x1bd"):
        response = Api(each_db.url).post(f"/api/matches/{code}/join",
                                        {"seat": 0, "name": name})
        assert_refused(response, 400)
    assert match_info(each_db.url, code)["seats"][0]["kind"] == "open"


def test_start_waits_for_every_seat(lone):
    created = create(lone.url, seats=5, bots={"3": "loyal", "4": "loyal"}).json()
    code = created["code"]
    hosting = Api(lone.url, created["host_token"])
    ann = Api(lone.url, Api(lone.url).ok("POST", f"/api/matches/{code}/join",
                                          {"seat": 0, "name": "Ann"})["token"])
    Api(lone.url).ok("POST", f"/api/matches/{code}/join", {"seat": 1, "name": "Bob"})

    detail = assert_refused(hosting.post(f"/api/matches/{code}/host/start"), 409)
    assert "Seat 3" in detail and "bot" in detail
    assert_refused(ann.post(f"/api/matches/{code}/host/start"), 403)
    assert_refused(Api(lone.url).post(f"/api/matches/{code}/host/start"), 403)
    assert match_info(lone.url, code)["status"] == "lobby"

    hosting.ok("POST", f"/api/matches/{code}/host/bot", {"seat": 2, "personality": "loyal"})
    started = hosting.ok("POST", f"/api/matches/{code}/host/start")
    assert started["status"] == "running" and started["deadline"] is not None
    assert [s["kind"] for s in started["seats"]] == ["human", "human", "bot", "bot", "bot"]
    assert all(s["name"] for s in started["seats"])
    assert_refused(hosting.post(f"/api/matches/{code}/host/start"), 409)


# -- tokens ---------------------------------------------------------------------------------


def test_a_token_grants_its_own_seat_and_nothing_more(lone):
    table = open_table(lone.url, ["Ann", "Bob", *BOTS], referee=True)
    other = open_table(lone.url, ["Eve", "Fay", *BOTS])
    code = table.code
    bots_have_sent(table, 5)
    assert all(is_token(token) for token in table.tokens.values())
    assert is_token(token_of(table.host))

    for seat, api in table.seats.items():
        for params in ({}, {"as": "host"}, {"as": "seat"}):
            seen = screen(api, code, **params)
            assert (seen["role"], seen["viewer"]) == ("seat", seat)
            assert seen["view"]["seat"] == seat and "gm" not in seen["view"]
            assert seen["view"]["name"] == ["Ann", "Bob"][seat]

    hosted = screen(table.host, code)
    assert hosted["role"] == "host" and hosted["view"]["gm"] is True
    watcher = screen(Api(lone.url), code)
    assert watcher["role"] == "spectator" and "seat" not in watcher["view"]

    before = match_info(lone.url, code)
    strangers = {"seat": table.seats[0], "nobody": Api(lone.url),
                 "forged": Api(lone.url, "A" * 22), "other match": other.seats[0],
                 "other host": other.host}
    for who, api in strangers.items():
        for command in HOST_COMMANDS:
            body = {"seconds": 60} if command == "extend" else (
                {"seat": 1} if command == "bot" else None)
            response = api.post(f"/api/matches/{code}/host/{command}", body)
            assert response.status_code == 403, (who, command, response.text)
            assert_refused(response)
        assert_refused(api.get(f"/api/matches/{code}/log"), 409)  # not before the end
    for api in (strangers["forged"], strangers["other match"], strangers["other host"]):
        assert_refused(api.get(f"/api/matches/{code}/view"), 403)
        assert_refused(act(api, code, {"text": "protect self"}), 403)
    assert "host" in assert_refused(act(table.host, code, {"text": "protect self"}), 403)
    assert_refused(act(Api(lone.url), code, {"text": "protect self"}), 401)
    assert match_info(lone.url, code) == before


def test_cookies_hold_the_seat_and_the_host_apart(lone):
    table = open_table(lone.url, ["Ann", "Bob", *BOTS])
    code = table.code
    seat_cookie = {f"hacktable_seat_{code}": table.tokens[0]}
    host_cookie = {f"hacktable_host_{code}": token_of(table.host)}
    with httpx.Client(base_url=lone.url, cookies=seat_cookie) as ann:
        seen = ann.get(f"/api/matches/{code}/view").json()
        assert (seen["role"], seen["viewer"]) == ("seat", 0)
        assert_refused(ann.post(f"/api/matches/{code}/host/pause"), 403)
        assert_refused(ann.get(f"/api/matches/{code}/log"), 409)
    with httpx.Client(base_url=lone.url, cookies=host_cookie) as hosting:
        assert hosting.get(f"/api/matches/{code}/view?as=host").json()["role"] == "host"
        assert hosting.get(f"/api/matches/{code}/view").json()["role"] == "spectator"
        assert hosting.post(f"/api/matches/{code}/host/pause").json()["status"] == "paused"
        assert hosting.post(f"/api/matches/{code}/host/resume").json()["status"] == "running"


# -- moves ------------------------------------------------------------------------------------


def test_moves_in_json_and_in_notation(each_db):
    table = open_table(each_db.url, ["Ann", "Bob", *BOTS], referee=True)
    code = table.code
    bots_have_sent(table, 5)
    ann = table.seats[0]
    seq = screen(ann, code)["seq"]  # Ann's own count of what she may know of

    moved = act(ann, code, {"action": {"orders": [{"do": "protect", "target": 0}]}})
    assert moved.status_code == 200, moved.text
    body = moved.json()
    assert body["accepted"] == [seq + 1] and body["seq"] == seq + 1
    assert body["view"]["orders"] == [{"do": "protect", "target": 0}]
    assert body["view"]["orders_text"] == "protect Ann"
    assert body["prompt"]["submitted"] is True

    again = act(ann, code, {"text": "Embezzle BOB, and protect self"}).json()
    assert again["accepted"] == [seq + 2]
    orders = [{"do": "embezzle", "target": 1}, {"do": "protect", "target": 0}]
    assert again["view"]["orders"] == orders
    assert gm_state(table)["orders"][0] == orders
    assert screen(table.seats[1], code)["view"]["orders"] is None


JUNK_BODIES = [
    b"{not json", b"", b"\xff\xfe\x00garbage", b'{"text": "protect self"',
    b"[" * 50_000 + b"]" * 50_000, b"null", b"17",
]
BAD_MOVES = [
    [1, 2],
    "protect self",
    {"action": "protect"},
    {"action": {"orders": "protect"}},
    {"action": {"orders": [{"do": "fly"}]}},
    {"action": {"orders": [{"target": 1}]}},
    {"action": {"orders": [{"do": "protect", "target": "0"}]}},
    {"action": {"orders": [{"do": "protect", "target": True}]}},
    {"action": {"orders": [{"do": "protect", "target": 1.5}]}},
    {"action": {"orders": [{"do": "protect", "target": None}]}},
    {"action": {"orders": [{"do": "protect", "target": 99}]}},
    {"action": {"orders": [{"do": "protect", "target": -1}]}},
    {"action": {"orders": [{"do": "protect", "target": 10**30}]}},
    {"action": {"orders": [{"do": "protect", "target": 0, "when": 1}]}},
    {"action": {"orders": [], "more": 1}},
    {"action": {"orders": [{"do": "protect", "target": 1}] * 65}},
    {"action": {"orders": [{"do": "embezzle", "target": 0}]}},
    {"action": {"orders": [{"do": "bribe", "amount": 10**30, "company": 0}]}},
    {"action": {"orders": [[{"do": "protect", "target": 1}]]}},
    {"text": 5},
    {"text": ["protect self"]},
    {"text": "fly to the moon"},
    {"text": "embezzle nobody"},
    {"text": "crash alpha crash beta"},
    {"text": "protect self protect self"},
    {"text": "invest 100000 Bob"},
    {"text": "x" * 20_001},
    {"text": "protect self", "action": {"orders": []}},
    {},
    {"action": None},
    {"text": None},
    {"orders": []},
]


def test_bad_moves_are_refused_with_a_sentence_and_change_nothing(each_db):
    table = open_table(each_db.url, ["Ann", "Bob", *BOTS])
    code = table.code
    bots_have_sent(table, 5)
    ann = table.seats[0]
    before = match_info(each_db.url, code)
    seen = screen(ann, code)

    def check_after(what, response):
        assert 400 <= response.status_code < 500, (what, response.status_code, response.text)
        assert_refused(response)

    for raw in JUNK_BODIES:
        for path in ("act", "check"):
            response = ann.http.post(f"/api/matches/{code}/{path}", content=raw,
                                     headers={"content-type": "application/json"})
            check_after(raw[:30], response)
    for body in BAD_MOVES:
        check_after(body, act(ann, code, body))
        checked = ann.post(f"/api/matches/{code}/check", body)
        assert checked.status_code < 500, (body, checked.text)
        if checked.status_code == 200:  # the game read it and refused: a sentence, not a move
            assert checked.json()["ok"] is False and checked.json()["error"], body
        else:
            assert_refused(checked)
    assert match_info(each_db.url, code) == before
    after = screen(ann, code)
    assert after["view"] == seen["view"] and after["prompt"]["submitted"] is False
    assert after["events"] == seen["events"]


def test_moves_out_of_turn_are_refused(each_db):
    created = create(each_db.url, seats=5, bots={"2": "loyal", "3": "loyal", "4": "loyal"})
    code = created.json()["code"]
    lobby_host = Api(each_db.url, created.json()["host_token"])
    early = Api(each_db.url, Api(each_db.url).ok(
        "POST", f"/api/matches/{code}/join", {"seat": 0, "name": "Ann"})["token"])
    assert "not started" in assert_refused(act(early, code, {"text": "protect self"}), 409)
    assert_refused(early.post(f"/api/matches/{code}/check", {"text": "protect self"}), 409)
    for command in ("pause", "resume", "extend"):  # "end" cancels it: test_cancel.py
        assert_refused(lobby_host.post(f"/api/matches/{code}/host/{command}",
                                       {"seconds": 60}), 409)
    assert_refused(lobby_host.get(f"/api/matches/{code}/log"))
    assert match_info(each_db.url, code)["status"] == "lobby"

    table = open_table(each_db.url, ["Ann", "Bob", *BOTS])
    code = table.code
    bots_have_sent(table, 5)
    paused = host(table, "pause").json()
    assert paused["status"] == "paused"
    assert "paused" in assert_refused(act(table.seats[0], code, {"text": "protect self"}), 409)
    assert_refused(table.seats[0].post(f"/api/matches/{code}/check",
                                       {"text": "protect self"}), 409)
    assert_refused(host(table, "pause"), 409)
    assert match_info(each_db.url, code) == paused
    assert host(table, "resume").json()["status"] == "running"
    assert_refused(host(table, "resume"), 409)

    ended = host(table, "end").json()
    assert (ended["status"], ended["deadline"], ended["remaining"]) == ("ended", None, None)
    assert "over" in assert_refused(act(table.seats[1], code, {"text": "protect self"}), 409)
    assert_refused(table.seats[1].post(f"/api/matches/{code}/check",
                                       {"text": "protect self"}), 409)
    for command in ("pause", "resume", "extend", "end", "start"):
        assert_refused(host(table, command, {"seconds": 60}), 409)
    each_db.clock.advance(7200)
    time.sleep(0.5)  # the deadline loop ticks every 0.05 s: it must find nothing to close
    assert match_info(each_db.url, code) == ended


def test_no_seat_changes_hands_after_the_match_ended(lone):
    table = open_table(lone.url, ["Ann", "Bob", *BOTS])
    bots_have_sent(table, 5)
    ended = host(table, "end").json()
    assert_refused(host(table, "bot", {"seat": 1, "personality": "loyal"}), 409)
    assert match_info(lone.url, table.code) == ended


def test_check_is_a_dry_run(lone):
    table = open_table(lone.url, ["Ann", "Bob", *BOTS])
    code = table.code
    bots_have_sent(table, 5)
    ann = table.seats[0]
    before = match_info(lone.url, code)
    seen = screen(ann, code)

    checked = ann.post(f"/api/matches/{code}/check", {"text": "embezzle bob protect self"})
    assert checked.status_code == 200, checked.text
    result = checked.json()
    assert result["ok"] is True and result["error"] is None
    assert any("embezzle Bob" in line and "protect Ann" in line
               for line in result["understood"]), result
    by_json = ann.post(f"/api/matches/{code}/check",
                       {"action": {"orders": [{"do": "protect", "target": 1}]}}).json()
    assert by_json["ok"] is True and any("protect Bob" in s for s in by_json["understood"])

    refused = ann.post(f"/api/matches/{code}/check", {"text": "embezzel bob"}).json()
    assert refused["ok"] is False and "embezzle" in refused["error"]
    assert refused["understood"] == []

    assert "host" in assert_refused(table.host.post(f"/api/matches/{code}/check",
                                                    {"text": "protect self"}), 403)
    assert_refused(Api(lone.url).post(f"/api/matches/{code}/check",
                                      {"text": "protect self"}), 401)
    assert match_info(lone.url, code) == before
    after = screen(ann, code)
    assert after["view"] == seen["view"] and after["events"] == seen["events"]
    assert after["prompt"]["submitted"] is False


# -- host controls and deadlines ------------------------------------------------------------


def test_pause_resume_and_extend_move_the_deadline(each_db):
    table = open_table(each_db.url, ["Ann", "Bob", *BOTS], {"round_minutes": 1})
    code = table.code
    bots_have_sent(table, 5)
    start = match_info(each_db.url, code)
    now = seconds(screen(table.seats[0], code)["server_now"])
    assert 0 < seconds(start["deadline"]) - now <= 60

    paused = host(table, "pause").json()
    assert paused["status"] == "paused" and paused["deadline"] is None
    left = paused["remaining"]
    assert 0 < left <= seconds(start["deadline"]) - now
    assert_refused(act(table.seats[0], code, {"text": "protect self"}), 409)
    each_db.clock.advance(3600)
    time.sleep(0.5)  # a paused clock runs out never: the deadline loop must leave it be
    assert match_info(each_db.url, code) == paused
    assert round_of(table) == 1

    extended = host(table, "extend", {"seconds": 30}).json()
    assert extended["status"] == "paused" and extended["remaining"] == pytest.approx(left + 30)
    left += 30

    resumed = host(table, "resume").json()
    now = seconds(screen(table.seats[0], code)["server_now"])
    assert resumed["status"] == "running" and resumed["remaining"] is None
    assert 0 < seconds(resumed["deadline"]) - now <= left + 0.01

    later = host(table, "extend", {"seconds": 90}).json()
    assert seconds(later["deadline"]) - seconds(resumed["deadline"]) == pytest.approx(
        90, abs=0.002)
    for wrong in ({"seconds": 0}, {"seconds": -5}, {"seconds": 8 * 24 * 3600}, {}, None):
        assert "seconds" in assert_refused(host(table, "extend", wrong), 400)
    assert_refused(host(table, "extend", {"seconds": "soon"}), 422)
    assert_refused(host(table, "extend", {"minutes": 3}), 422)
    assert match_info(each_db.url, code)["deadline"] == later["deadline"]

    now = seconds(screen(table.seats[0], code)["server_now"])
    each_db.clock.advance(seconds(later["deadline"]) - now - 20)
    time.sleep(0.3)
    assert round_of(table) == 1
    each_db.clock.advance(25)
    state = wait_for_round(table, 2)
    assert state["round"] == 2
    assert len(screen(table.seats[0], code)["view"]["reports"]) == 2


def test_the_host_hands_an_absent_seat_to_a_bot(each_db):
    table = open_table(each_db.url, ["Ann", "Bob", *BOTS], referee=True)
    code = table.code
    bots_have_sent(table, 5)
    bob = table.seats[1]
    assert "seat" in assert_refused(host(table, "bot", {}), 400)
    assert "seat" in assert_refused(host(table, "bot", {"seat": 7}), 400)
    assert "genius" in assert_refused(host(table, "bot", {"seat": 1, "personality": "genius"}),
                                      400)
    assert match_info(each_db.url, code)["seats"][1]["kind"] == "human"

    handed = host(table, "bot", {"seat": 1, "personality": "loyal"}).json()
    assert handed["seats"][1] == {"seat": 1, "name": "Bob", "kind": "bot",
                                  "personality": "loyal"}
    state = wait_for(lambda: (s := gm_state(table))["orders"][1] is not None and s)
    assert state["orders"][1]  # the bot handed in orders of its own
    assert_refused(bob.get(f"/api/matches/{code}/view"), 403)
    assert_refused(act(bob, code, {"text": "protect self"}), 403)
    assert screen(table.seats[0], code)["viewer"] == 0


def test_a_round_closes_when_its_deadline_passes_and_not_before(lone):
    table = open_table(lone.url, ["Ann", "Bob", *BOTS], {"round_minutes": 2}, referee=True)
    bots_have_sent(table, 5)
    act(table.seats[0], table.code, {"text": "protect self"})
    act(table.seats[1], table.code, {"text": "protect self"})
    assert round_of(table) == 1  # everyone sent orders, but rounds are timed
    deadline = seconds(match_info(lone.url, table.code)["deadline"])
    now = seconds(screen(table.host, table.code)["server_now"])
    lone.clock.advance(deadline - now - 30)
    time.sleep(0.3)
    assert round_of(table) == 1
    lone.clock.advance(31)
    wait_for_round(table, 2)
    assert gm_state(table)["history"][0][:2] == [[{"do": "protect", "target": 0}],
                                                    [{"do": "protect", "target": 1}]]
    info = match_info(lone.url, table.code)
    assert seconds(info["deadline"]) > deadline + 60


def test_early_close_ends_the_round_once_everyone_has_sent(lone):
    table = open_table(lone.url, ["Ann", "Bob", *BOTS], {"early_close": True})
    code = table.code
    bots_have_sent(table, 5)
    first = act(table.seats[0], code, {"text": "protect self"}).json()
    assert first["view"]["round"] == 1
    last = act(table.seats[1], code, {"text": "protect self"}).json()
    assert last["view"]["round"] == 2 and len(last["view"]["reports"]) == 2
    assert last["prompt"]["submitted"] is False


# -- a whole match, its log, and a restart ----------------------------------------------------


def test_a_whole_match_through_the_api(each_db, tmp_path):
    table = open_table(each_db.url, ["Ann", "Bob", *BOTS], {"rounds": 3, "round_minutes": 1})
    code = table.code
    ann, bob = table.seats[0], table.seats[1]
    for number in (1, 2, 3):
        bots_have_sent(table, 5, number)
        assert act(ann, code, {"text": "protect self"}).status_code == 200
        assert act(bob, code, {"action": {"orders": [{"do": "embezzle", "target": 0}]}}
                   ).status_code == 200
        each_db.clock.advance(61)
        wait_for_round(table, number + 1)

    info = wait_for(lambda: (m := match_info(each_db.url, code))["status"] == "over" and m)
    assert info["deadline"] is None and info["outcome"]["summary"]
    assert sorted(s for group in info["outcome"]["ranking"] for s in group) == list(range(5))
    for api in table.seats.values():
        seen = screen(api, code)
        assert seen["view"]["over"] is True and seen["prompt"] is None
        assert seen["outcome"] == info["outcome"]
        assert len(seen["view"]["reports"]) == 4  # rounds 1-3 and the final report
        assert_refused(act(api, code, {"text": "protect self"}), 409)
        assert api.get(f"/api/matches/{code}/log").text == table.host.get(
            f"/api/matches/{code}/log").text  # once it is over, the log is everyone's
    assert Api(each_db.url).get(f"/api/matches/{code}/log").status_code == 200

    log = table.host.get(f"/api/matches/{code}/log")
    assert log.status_code == 200 and "attachment" in log.headers["content-disposition"]
    replayed = Match.loads(log.text, get_game)
    assert replayed.seats == tuple(s["name"] for s in info["seats"])
    assert normal(replayed.view(SPECTATOR)) == screen(table.host, code)["view"]
    for seat, api in table.seats.items():
        assert normal(replayed.view(seat)) == screen(api, code)["view"]
    assert normal(replayed.view(SPECTATOR)) == screen(Api(each_db.url), code)["view"]
    assert normal(replayed.outcome().to_json()) == info["outcome"]

    saved = tmp_path / "match.json"
    saved.write_text(log.text)
    printed = CliRunner().invoke(cli, ["replay", str(saved)], env={"COLUMNS": "200"})
    assert printed.exit_code == 0, printed.output
    assert info["outcome"]["summary"] in printed.output
    assert "Gamemaster" in printed.output


def test_a_restarted_server_picks_up_each_match_where_it_was(database_url, clock):
    """Two matches are stopped with the server: one whose deadline passes while no server
    runs, which must close on restart, and one whose deadline does not, which must come
    back exactly as it was."""
    first = Server(database_url, clock).start(START_TIMEOUT)
    try:
        timed = open_table(first.url, ["Ann", "Bob", *BOTS], {"round_minutes": 1},
                           referee=True)
        still = open_table(first.url, ["Cyd", "Dee", *BOTS])
        for table in (timed, still):
            bots_have_sent(table, 5)
            act(table.seats[0], table.code, {"text": "protect self"})
            act(table.seats[1], table.code, {"action": {"orders": [{"do": "embezzle",
                                                                     "target": 0}]}})
        before = {who: screen(api, still.code) for who, api in (
            ("host", still.host), (0, still.seats[0]), (1, still.seats[1]),
            ("spectator", Api(first.url)))}
        log_before = json.loads(timed.host.get(f"/api/matches/{timed.code}/log").text)
        deadline = seconds(match_info(first.url, timed.code)["deadline"])
    finally:
        first.stop()

    clock.advance(61)  # the one-minute round's deadline passes while no server runs
    second = Server(database_url, clock).start(START_TIMEOUT)
    try:
        def moved(table: Table) -> Table:
            return Table(table.code, Api(second.url, token_of(table.host)),
                         {seat: Api(second.url, token) for seat, token in table.tokens.items()},
                         table.tokens)

        timed, still = moved(timed), moved(still)
        wait_for_round(timed, 2)
        assert gm_state(timed)["history"][0][:2] == [[{"do": "protect", "target": 0}],
                                                     [{"do": "embezzle", "target": 0}]]
        log = json.loads(timed.host.get(f"/api/matches/{timed.code}/log").text)
        assert log["log"][:len(log_before["log"])] == log_before["log"]
        assert log["log"][len(log_before["log"])]["kind"] == "timeout"
        info = match_info(second.url, timed.code)
        assert info["status"] == "running" and seconds(info["deadline"]) > deadline + 60

        clients = {"host": still.host, 0: still.seats[0], 1: still.seats[1],
                   "spectator": Api(second.url)}
        for who, api in clients.items():
            now = screen(api, still.code)
            assert {**now, "server_now": None} == {**before[who], "server_now": None}, who
        seq = screen(still.seats[1], still.code)["seq"]
        again = act(still.seats[1], still.code, {"text": "embezzle cyd protect self"})
        assert again.status_code == 200 and again.json()["accepted"] == [seq + 1]
        assert_refused(act(Api(second.url, "A" * 22), still.code, {"text": "protect self"}),
                       403)
    finally:
        second.stop()
