"""No response and no WebSocket message to a seat (or to a spectator) holds another seat's
hidden state.

What is hidden comes from the engine (games/rexfurum/views.py): a seat sees its own money,
companies (`jobs`), orders and reports; other players' companies and orders are secret until
the round resolves, and even then only what the rules announce; the gamemaster sees all.
"""

from __future__ import annotations

import json

import pytest
from tests.server.helpers import (
    BOTS,
    Listener,
    bots_have_sent,
    gm_state,
    match_info,
    round_of,
    screen,
    seconds,
    texts,
    wait_for_round,
    walk,
    ws_url,
)
from tests.services import Api, open_table, wait_for

SECRET_TEXT = "embezzle Cyd invest 7777 Cyd"
SECRET_ORDERS = [{"do": "embezzle", "target": 2}, {"do": "invest", "amount": 7777, "target": 2}]
ANN_ORDERS = [{"do": "coverup", "target": 2}, {"do": "protect", "target": 0}]



@pytest.fixture(params=["sqlite", "postgresql"])
def each_db(request, servers):
    return servers[request.param]


@pytest.fixture
def lone(servers):
    return servers["sqlite"]


def leaks(document, secrets: list[dict], own_jobs: list[int] | None, all_jobs: list,
          amount: int | None = 7777) -> list:
    """What in one JSON document to a seat (own_jobs) or a spectator (None) it must not see:
    another seat's orders, a secret `amount`, employment that is not its own, the GM's
    whole state."""
    found = []
    for value in walk(document):
        if isinstance(value, dict):
            if value in secrets:
                found.append(("order", value))
            if "state" in value and isinstance(value["state"], dict):
                found.append(("gm state", sorted(value)))
            if value.get("gm"):
                found.append(("gm view", sorted(value)))
            if "jobs" in value and (own_jobs is None or value["jobs"] != own_jobs):
                found.append(("jobs", value["jobs"]))
        elif value == all_jobs:
            found.append(("everyone's jobs", value))
        elif amount is not None and (value == amount or (isinstance(value, str) and (
                str(amount) in value or f"{amount:,}" in value))):
            found.append(("amount", value))
    return found


def test_a_seat_sees_its_own_orders_and_nobody_elses(each_db):
    server = each_db
    table = open_table(server.url, ["Ann", "Bob", "Cyd", None, None], {"round_minutes": 1},
                       referee=True)
    code = table.code
    bots_have_sent(table, 5)
    ann, bob, cyd = table.seats[0], table.seats[1], table.seats[2]
    listeners = {
        "ann": Listener(ws_url(server.url, code, table.tokens[0])),
        "ann html": Listener(ws_url(server.url, code, table.tokens[0], fmt="html")),
        "ann as host": Listener(ws_url(server.url, code, table.tokens[0]) + "&as=host"),
        "spectator": Listener(ws_url(server.url, code)),
        "spectator html": Listener(ws_url(server.url, code, fmt="html")),
        "bob": Listener(ws_url(server.url, code, table.tokens[1])),
    }
    try:
        for listener in listeners.values():
            listener.wait_for_screen(lambda s: True)

        own = ann.ok("POST", f"/api/matches/{code}/act", {"text": "coverup for cyd, protect me"})
        assert own["view"]["orders"] == ANN_ORDERS
        sent = bob.ok("POST", f"/api/matches/{code}/act", {"text": SECRET_TEXT})
        assert sent["view"]["orders"] == SECRET_ORDERS  # Bob sees his own orders
        assert "7777" in sent["view"]["orders_text"]
        cyd.ok("POST", f"/api/matches/{code}/act", {"text": "protect self"})
        # A seat is pushed only what changes its screen, so a fence that everyone sees (the
        # deadline moves a second) tells when every earlier push has arrived.
        table.host.ok("POST", f"/api/matches/{code}/host/extend", {"seconds": 1})
        fences = {"ann": screen(ann, code)["seq"], "bob": screen(bob, code)["seq"],
                  "spectator": screen(Api(server.url), code)["seq"]}
        for name, listener in listeners.items():  # every push up to the fence has arrived
            last = fences[name.split()[0]]  # each counted as far as its own viewer knows
            listener.wait_for_screen(lambda s, last=last: s["seq"] >= last)

        state = gm_state(table)
        assert state["orders"][1] == SECRET_ORDERS and state["round"] == 1
        all_jobs = state["jobs"]
        hosted = screen(table.host, code)
        assert hosted["view"]["gm"] is True and "7777" in json.dumps(hosted)
        # the detector finds what the host may see and the seats may not
        kinds = {kind for kind, _ in leaks(hosted, SECRET_ORDERS, None, all_jobs)}
        assert kinds >= {"order", "gm state", "gm view", "amount", "everyone's jobs"}

        ann_saw = [own, screen(ann, code), screen(ann, code, **{"as": "host"}),
                   ann.ok("POST", f"/api/matches/{code}/check", {"text": "protect me"}),
                   *map(json.loads, listeners["ann"].messages),
                   *map(json.loads, listeners["ann html"].messages),
                   *map(json.loads, listeners["ann as host"].messages)]
        watched = [screen(Api(server.url), code), match_info(server.url, code),
                   *map(json.loads, listeners["spectator"].messages),
                   *map(json.loads, listeners["spectator html"].messages)]
        cyd_orders = [{"do": "protect", "target": 2}]
        for document in ann_saw:
            assert leaks(document, [*SECRET_ORDERS, *cyd_orders], state["jobs"][0],
                         all_jobs) == []
        for document in watched:
            assert leaks(document, [*SECRET_ORDERS, *ANN_ORDERS, *cyd_orders], None,
                         all_jobs) == []
        for listener in ("ann", "ann html", "ann as host", "spectator", "spectator html"):
            raw = texts([listeners[listener]])
            assert "7777" not in raw and "7,777" not in raw, listener
            assert "embezzle Cyd" not in raw, listener
            assert listener.startswith("ann") or "coverup for Cyd" not in raw, listener
        for document in map(json.loads, listeners["bob"].messages):
            found = leaks(document, [*ANN_ORDERS, *cyd_orders], state["jobs"][1], all_jobs,
                          amount=None)
            assert found == [], found
        assert listeners["bob"].wait_for_screen(
            lambda s: s["view"]["orders"] == SECRET_ORDERS)["viewer"] == 1
        for document in map(json.loads, listeners["ann as host"].messages):
            assert document.get("view") is None or "gm" not in document["view"]

        server.clock.advance(63)  # the round resolves
        wait_for_round(table, 2)
        listeners["ann"].wait_for_screen(lambda s: s["view"]["round"] == 2)
        listeners["spectator"].wait_for_screen(lambda s: s["view"]["round"] == 2)
        # Net worth is public, so Cyd's new total may show; who paid it and the orders
        # themselves stay between Bob and Cyd (nobody outed Bob: the bots are loyal).
        for listener in ("ann", "spectator"):
            for document in map(json.loads, listeners[listener].messages):
                for value in walk(document):
                    assert not (isinstance(value, dict) and "investor" in value), value
                    assert value not in SECRET_ORDERS, value
        told = [v for v in walk(screen(cyd, code)["view"]["reports"][-1])
                if isinstance(v, dict) and v.get("investor") == 1]
        assert [n["amount"] for n in told] == [7777]
    finally:
        for listener in listeners.values():
            listener.close()


def test_a_seat_token_never_opens_the_gamemasters_view(lone):
    table = open_table(lone.url, ["Ann", "Bob", *BOTS], referee=True)
    code = table.code
    bots_have_sent(table, 5)
    for seat, api in table.seats.items():
        for params in ({}, {"as": "host"}):
            seen = screen(api, code, **params)
            assert seen["role"] == "seat" and seen["viewer"] == seat
            assert "gm" not in seen["view"] and "state" not in seen["view"]
            assert all(e["kind"] != "ledger" for e in seen["events"])
    for params in ({}, {"as": "host"}):
        seen = screen(Api(lone.url), code, **params)
        assert seen["role"] == "spectator" and "gm" not in seen["view"]
    hosted = screen(table.host, code)
    assert hosted["role"] == "host" and hosted["view"]["gm"] is True
    assert hosted["view"]["state"]["orders"][2] is not None  # a bot's secret orders

    gm_socket = Listener(ws_url(lone.url, code, token=None) + "&as=host")
    seat_socket = Listener(ws_url(lone.url, code, table.tokens[1]) + "&as=host")
    try:
        assert "gm" not in gm_socket.wait_for_screen(lambda s: True)["view"]
        assert "gm" not in seat_socket.wait_for_screen(lambda s: True)["view"]
    finally:
        gm_socket.close()
        seat_socket.close()


def test_a_dry_run_does_not_reveal_the_round_before_it_resolves(lone):
    """With early close, checking the last missing orders must not resolve the round on the
    side and describe its results: that would show the other seats' secret orders (here an
    investment Bob has not yet been seen to make) before the round closes, and let a
    player try orders until the results suit them."""
    table = open_table(lone.url, ["Ann", "Bob", *BOTS], {"early_close": True})
    code = table.code
    bots_have_sent(table, 5)
    table.seats[1].ok("POST", f"/api/matches/{code}/act", {"text": "invest 7777 Ann"})
    before = match_info(lone.url, code)
    bots = [s["name"] for s in before["seats"][2:]]

    checked = table.seats[0].ok("POST", f"/api/matches/{code}/check", {"text": "protect self"})
    assert checked["ok"] is True
    said = json.dumps(checked)
    assert "7777" not in said and "7,777" not in said, checked["understood"]
    assert not any(name in said for name in ["Bob", *bots]), checked["understood"]
    assert match_info(lone.url, code) == before
    assert round_of(table) == 1


def test_a_seat_handed_to_a_bot_stops_reaching_its_old_holder(lone):
    """The host replaces Bob by a bot: Bob's open WebSocket must not go on showing seat 1,
    whose orders are now the bot's."""
    table = open_table(lone.url, ["Ann", "Bob", *BOTS], referee=True)
    code = table.code
    bots_have_sent(table, 5)
    bob = Listener(ws_url(lone.url, code, table.tokens[1]))
    watcher = Listener(ws_url(lone.url, code))
    try:
        was = bob.wait_for_screen(lambda s: s["viewer"] == 1)["seq"]
        watched = watcher.wait_for_screen(lambda s: True)["seq"]
        handed = table.host.ok("POST", f"/api/matches/{code}/host/bot",
                               {"seat": 1, "personality": "loyal"})
        assert handed["seats"][1]["kind"] == "bot"
        state = wait_for(lambda: (s := gm_state(table))["orders"][1] is not None and s)
        # everyone is shown the hand-over (the bot's own orders then change no other screen)
        watcher.wait_for_screen(lambda s: s["seq"] > watched)
        # told and shut out, or demoted: either way something beyond the hand-over arrives
        # (a bound stretched by the load, not a time: the socket learns at its next push)
        wait_for(lambda: bob.closed is not None or any(
            s["seq"] > was + 1 for s in bob.screens()))
        after = [s for s in bob.screens() if s["seq"] > was + 1]  # beyond the hand-over
        assert all(s["viewer"] != 1 for s in after), "the old holder still sees seat 1"
        assert not any(s["view"].get("orders") == state["orders"][1] for s in after)
        assert bob.closed is not None or after  # either closed or demoted, never silent
    finally:
        bob.close()
        watcher.close()


def test_deadlines_and_public_facts_are_the_same_for_everyone(lone):
    """The match's public facts (seats, status, deadline) read alike by every seat and
    the spectator; only the view under them differs. They hold no count of the log.
    (A round long enough that it cannot close, and move the deadline, between two of the
    readings on a loaded machine.)"""
    table = open_table(lone.url, ["Ann", "Bob", *BOTS])
    code = table.code
    bots_have_sent(table, 5)
    seen = [screen(api, code)["match"] for api in (*table.seats.values(), Api(lone.url))]
    assert all(facts == seen[0] for facts in seen)
    assert seconds(seen[0]["deadline"]) > 0 and "seq" not in seen[0]
