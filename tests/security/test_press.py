"""Press (messages between seats): who may send and read what, and the attacks on it.

A seat writes to one seat, a group or the whole table as far as the game's rule allows;
nobody reads or sends as someone else; spectators, a playing host's console and other
matches read nothing; floods, oversized and malformed messages are refused with a
sentence (never a 500); a message is text, shown escaped.
"""

from __future__ import annotations

import json

import httpx
from tests.server.helpers import Listener, assert_refused, ws_url
from tests.services import Api, Server, open_table, wait_for


def messages(api: Api, code: str, **params: str) -> dict:
    query = "?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else ""
    return api.ok("GET", f"/api/matches/{code}/messages{query}")


def say(api: Api, code: str, to: object, text: str):
    return api.post(f"/api/matches/{code}/messages", {"to": to, "text": text})


def texts_of(payload: dict) -> list[str]:
    return [m["text"] for m in payload["messages"]]


def test_private_group_and_table_messages_reach_their_readers_only(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    code, seat = table.code, table.seats
    assert say(seat[0], code, [1], "Ben, shall we crash Gamma?").status_code == 201
    assert say(seat[1], code, [0, 2], "Ann and Cyd: a pact").status_code == 201
    assert say(seat[3], code, "table", "Hello everyone").status_code == 201

    ben = messages(seat[1], code)
    assert texts_of(ben) == ["Ben, shall we crash Gamma?", "Ann and Cyd: a pact",
                             "Hello everyone"]
    assert [m["thread"] for m in ben["messages"]] == ["0", "0,2", "table"]
    assert texts_of(messages(seat[2], code)) == ["Ann and Cyd: a pact", "Hello everyone"]
    assert texts_of(messages(seat[3], code)) == ["Hello everyone"]
    assert messages(seat[0], code)["you"] == 0
    # nothing a reader gets numbers or counts the messages it did not get
    assert all(set(m) == {"key", "thread", "from", "to", "text", "at"}
               for m in ben["messages"])
    dee = messages(seat[3], code)
    assert {t["key"]: t["count"] for t in dee["threads"]}["table"] == 1
    assert "0,2" not in {t["key"] for t in dee["threads"]}


def test_nobody_reads_or_sends_as_someone_else(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    other = open_table(table_server.url, ["Eve", "Fay", "Gus", "Hal"])
    code = table.code
    say(table.seats[0], code, [1], "secret for Ben")
    # a spectator, the playing host's console and a seat of another match read nothing
    assert_refused(Api(table_server.url).get(f"/api/matches/{code}/messages"), 401, 403)
    assert_refused(table.host.get(f"/api/matches/{code}/messages?as=host"), 403)
    assert_refused(Api(table_server.url, other.tokens[0]).get(
        f"/api/matches/{code}/messages"), 403)
    # nor send: no token, the host's token, another match's seat
    assert_refused(say(Api(table_server.url), code, "table", "hi"), 401, 403)
    assert_refused(say(table.host, code, "table", "hi"), 403)
    assert_refused(say(Api(table_server.url, other.tokens[1]), code, [0], "hi"), 403)
    # the sender is the token's seat: a body cannot name another
    response = table.seats[2].post(f"/api/matches/{code}/messages",
                                   {"to": [1], "text": "hi", "from": 0})
    assert_refused(response, 422)
    assert texts_of(messages(table.seats[1], code)) == ["secret for Ben"]


def test_refusals_are_sentences_never_500(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    code, ann = table.code, table.seats[0]
    assert_refused(say(ann, code, [1], "x" * 2001), 413)
    assert_refused(say(ann, code, [1], "x" * 30_000), 413, 422)
    for body in ({"to": [1], "text": {"nested": ["deep"]}}, {"to": [[1]], "text": "hi"},
                 {"to": "everyone", "text": "hi"}, {"to": [1]}, {"text": "hi"},
                 {"to": [1], "text": ["a", "b"]}, {"to": [99], "text": "hi"}):
        assert_refused(ann.post(f"/api/matches/{code}/messages", body), 400, 422)
    response = ann.http.post(f"/api/matches/{code}/messages", content=b"[[[[[[[[[[",
                             headers={"content-type": "application/json"})
    assert_refused(response, 400, 422)
    assert_refused(say(ann, code, [0], "to myself"), 400)
    assert_refused(say(ann, code, [1, 1], "twice"), 400)
    assert_refused(say(ann, code, [7], "nobody"), 400)
    assert_refused(say(ann, code, [1], "   "), 400)
    assert_refused(say(ann, code, [1], "bell \x07"), 400)


def test_a_flood_is_refused_with_429(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    statuses = [say(table.seats[0], table.code, "table", f"spam {n}").status_code
                for n in range(40)]
    assert 429 in statuses and statuses[0] == 201
    refused = say(table.seats[0], table.code, "table", "more")
    assert_refused(refused, 429)
    # another seat is not held up by it
    assert say(table.seats[1], table.code, "table", "calm").status_code == 201


def test_the_game_decides_which_press_is_allowed(table_server: Server):
    public = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"], {"press": "public"})
    assert "Private messages are not allowed" in assert_refused(
        say(public.seats[0], public.code, [1], "psst"), 400)
    assert say(public.seats[0], public.code, "table", "all hear").status_code == 201
    gunboat = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"], {"press": "none"})
    for to in ("table", [1], [1, 2]):
        assert_refused(say(gunboat.seats[0], gunboat.code, to, "hi"), 400)
    runners = open_table(table_server.url, ["Gia", "Mica", "Damien"], game="runners")
    code = runners.code
    assert "only to the gamemaster" in assert_refused(
        say(runners.seats[1], code, [2], "psst Damien"), 400)
    assert say(runners.seats[1], code, [0], "I pick the lock").status_code == 201
    assert say(runners.seats[0], code, [2], "You hear steps").status_code == 201
    assert_refused(say(runners.seats[0], code, [1, 2], "both of you"), 400)
    assert texts_of(messages(runners.seats[2], code)) == ["You hear steps"]
    cpu = open_table(table_server.url, ["Ann", "Ben"], game="cpu")
    assert_refused(say(cpu.seats[0], cpu.code, [1], "psst"), 400)
    assert say(cpu.seats[0], cpu.code, "table", "gg").status_code == 201
    quiet = open_table(table_server.url, ["Ann", "Ben"], {"press": "none"}, game="cpu")
    assert_refused(say(quiet.seats[0], quiet.code, "table", "gg"), 400)


def test_a_refereeing_host_reads_every_message(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"], referee=True)
    host_token = table.host.http.headers["authorization"][7:]
    socket = Listener(ws_url(table_server.url, table.code, host_token) + "&as=host")
    try:
        wait_for(lambda: any(json.loads(m)["type"] == "press" for m in socket.messages))
        say(table.seats[0], table.code, [1], "between us")
        wait_for(lambda: any(json.loads(m)["type"] == "press" and not json.loads(m).get(
            "whole") for m in socket.messages))
    finally:
        socket.close()
    read = messages(table.host, table.code, **{"as": "host"})
    assert texts_of(read) == ["between us"] and read["reads_all"]
    console = table.host.get(f"/m/{table.code}/host").text
    assert "between us" in console and "You referee: you read every message." in console
    assert_refused(say(table.host, table.code, "table", "hi"), 403)


def test_after_the_match_messages_stay_private_unless_revealed(table_server: Server):
    kept = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    shown = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"],
                       {"reveal_press": True})
    for table in (kept, shown):
        say(table.seats[0], table.code, [1], "our secret plan")
        assert messages(table.seats[2], table.code)["reveal"] is (table is shown)
        table.host.ok("POST", f"/api/matches/{table.code}/host/end")
        assert_refused(say(table.seats[0], table.code, "table", "gg"), 409)
    assert messages(kept.seats[2], kept.code)["messages"] == []
    assert_refused(Api(table_server.url).get(f"/api/matches/{kept.code}/messages"), 403)
    assert "our secret plan" not in Api(table_server.url).get(
        f"/api/matches/{kept.code}/log").text
    assert texts_of(messages(shown.seats[2], shown.code)) == ["our secret plan"]
    assert "our secret plan" in Api(table_server.url).get(f"/m/{shown.code}/watch").text
    assert "our secret plan" not in Api(table_server.url).get(f"/m/{kept.code}/watch").text
    revealed = Api(table_server.url).ok("GET", f"/api/matches/{shown.code}/log")
    assert [m["text"] for m in revealed["press"]] == ["our secret plan"]
    assert texts_of(messages(Api(table_server.url), shown.code)) == ["our secret plan"]


def test_the_socket_pushes_a_message_to_its_readers_only(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    code = table.code
    ben = Listener(ws_url(table_server.url, code, table.tokens[1]))
    cyd = Listener(ws_url(table_server.url, code, table.tokens[2]))
    bare = Listener(ws_url(table_server.url, code, table.tokens[1]) + "&parts=view,prompt")
    try:
        for listener in (ben, cyd, bare):
            wait_for(lambda listener=listener: listener.messages)
        wait_for(lambda: any(json.loads(m)["type"] == "press" for m in cyd.messages))
        say(table.seats[0], code, [1], "<b>only</b> for Ben")
        pushed = wait_for(lambda: [json.loads(m) for m in ben.messages
                                   if json.loads(m)["type"] == "press"
                                   and not json.loads(m).get("whole")])
        assert pushed[0]["messages"][0]["text"] == "<b>only</b> for Ben"
        # Ben writes on his socket too
        ben._socket.send(json.dumps({"type": "write", "id": 5, "to": [0], "text": "yes"}))
        answer = wait_for(lambda: [json.loads(m) for m in ben.messages
                                   if json.loads(m)["type"] == "written"])
        assert answer[0]["id"] == 5 and answer[0]["message"]["text"] == "yes"
        say(table.seats[3], code, "table", "sync")  # the last message: all have come
        wait_for(lambda: "sync" in "".join(cyd.messages))
        assert [json.loads(m)["type"] for m in cyd.messages].count("press") == 2
        assert "only" not in "".join(cyd.messages) and "yes" not in "".join(cyd.messages)
        assert not any(json.loads(m)["type"] == "press" for m in bare.messages)
    finally:
        for listener in (ben, cyd, bare):
            listener.close()


def test_the_whole_press_always_comes_right_after_the_first_screen(table_server: Server):
    """Where the press falls among a socket's pushes is always the same place: right after
    the first screen, before anything the match does after the socket opened. (Sent by a
    task of its own, it could come after a move's push on one socket and before it on
    another, so two alike matches read differently.)"""
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    code = table.code
    for rival in (0, 2, 3):  # each rival's first orders: news for Ben's socket
        ben = Listener(ws_url(table_server.url, code, table.tokens[1]) + "&format=json")
        try:  # a move at once, while the socket's first pushes are on their way
            table.seats[rival].ok("POST", f"/api/matches/{code}/act", {"action": {"orders": [
                {"do": "invest", "amount": 10, "target": 1}]}})
            wait_for(lambda ben=ben: sum(json.loads(m)["type"] in ("screen", "patch", "sent")
                                         for m in ben.messages) >= 2)
            kinds = [(json.loads(m)["type"], json.loads(m).get("whole"))
                     for m in ben.messages]
            first = kinds.index(("screen", None))  # after the room, where that came too
            assert kinds[first + 1] == ("press", True), kinds
        finally:
            ben.close()


def test_a_message_is_shown_escaped_on_the_page(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    say(table.seats[0], table.code, [1], "<script>alert('x')</script>")
    page = table.seats[1].get(f"/m/{table.code}").text
    assert "<script>alert(" not in page
    assert "&lt;script&gt;alert(" in page
    assert "<strong>Ann</strong> to Ben:" in page  # the page without script says who wrote


def test_messages_open_with_the_match_and_go_on_while_it_is_paused(table_server: Server):
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"], start=False)
    assert "has not started" in assert_refused(say(table.seats[0], table.code, [1], "hi"),
                                               409)
    table.host.ok("POST", f"/api/matches/{table.code}/host/start")
    table.host.ok("POST", f"/api/matches/{table.code}/host/pause")
    assert say(table.seats[0], table.code, [1], "while paused").status_code == 201


def test_another_site_cannot_send_as_a_seat_with_its_cookie(table_server: Server):
    """A page elsewhere cannot make a player's browser write in their name: the cookie
    alone, from a foreign origin, is refused (server/origin.py)."""
    table = open_table(table_server.url, ["Ann", "Ben", "Cyd", "Dee"])
    browser = httpx.Client(base_url=table_server.url,
                           cookies={f"hacktable_seat_{table.code}": table.tokens[0]})
    forged = browser.post(f"/api/matches/{table.code}/messages",
                          json={"to": [1], "text": "sent by evil.example"},
                          headers={"origin": "http://evil.example"})
    assert forged.status_code == 403
    own = browser.post(f"/api/matches/{table.code}/messages",
                       json={"to": [1], "text": "sent by Ann"},
                       headers={"origin": table_server.url})
    assert own.status_code == 201
    assert texts_of(messages(table.seats[1], table.code)) == ["sent by Ann"]
