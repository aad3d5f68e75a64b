"""`kill -9` a server while players are sending orders, then start a new process on the
same database: every acknowledged move is still there, none is applied twice, the state
replays to what the server shows, and the round still closes on its deadline.

A submission in Rex Furum replaces the seat's earlier orders for the round, so each request
invests a different amount: the log says which requests landed.
"""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from dataclasses import dataclass, field

import httpx
from tests.server.process_helpers import (
    NAMES,
    START_TIMEOUT,
    act,
    assert_quiet,
    assert_served_state_replays,
    download,
    host_token,
    invest,
    kinds,
    running,
)
from tests.services import (
    Api,
    Server,
    Table,
    open_table,
    postgres_database,
    redis_url,
    wait_for,
)

from hacktable.engine.match import Match

ROUND_MINUTES = 5


@dataclass
class Sent:
    """What the players sent, and what each heard back."""

    acked: list[tuple[int, int, str, int]] = field(default_factory=list)
    """(seat, amount, target, seq) for each request answered 200."""
    unanswered: list[int] = field(default_factory=list)
    """Amounts of requests that got no answer: the process died under them."""
    refused: list[tuple[int, str]] = field(default_factory=list)

    def amounts(self) -> set[int]:
        return {amount for _, amount, _, _ in self.acked} | set(self.unanswered)


def submit_until_killed(table: Table, servers: list[Server], victim: Server,
                        acknowledged: int = 40) -> Sent:
    """Every seat sends orders in a loop (seat by seat through the servers in turn); once
    `acknowledged` requests were answered, `victim` is killed with SIGKILL. A seat stops at
    the first request that gets no answer; the others go on until they have sent as many
    again, so moves keep arriving at the survivors."""
    names = NAMES[:len(table.tokens)]
    sent = Sent()
    counter = itertools.count(1)
    lock = threading.Lock()
    killed = threading.Event()

    def play(seat: int) -> None:
        server = servers[seat % len(servers)]
        client = Api(server.url, table.tokens[seat])
        target = names[(seat + 1) % len(names)]
        after_kill = 0
        while after_kill < 10:
            with lock:
                amount = next(counter)
            try:
                response = act(client, table.code, f"invest {amount} {target}")
            except httpx.HTTPError:
                sent.unanswered.append(amount)
                return
            if response.status_code == 200:
                [seq] = response.json()["accepted"]
                sent.acked.append((seat, amount, target, seq))
            else:
                sent.refused.append((response.status_code, response.text))
            after_kill += killed.is_set()

    threads = [threading.Thread(target=play, args=(seat,)) for seat in table.tokens]
    for thread in threads:
        thread.start()
    try:
        wait_for(lambda: len(sent.acked) >= acknowledged or not any(
            thread.is_alive() for thread in threads), timeout=30)
    finally:
        victim.kill()
        killed.set()
        for thread in threads:
            thread.join(30)
    assert not sent.refused
    assert len(sent.acked) >= acknowledged
    return sent


def assert_nothing_lost_nothing_twice(log: dict, match: Match, sent: Sent) -> None:
    """Every acknowledged request is in the log once, at the number its seat was told (the
    seat's own numbering of what it may know of)."""
    entries = log["log"]
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    actions = kinds(log, "action")
    amounts = Counter(e["payload"]["orders"][0]["amount"] for e in actions)
    assert set(amounts.values()) == {1}, "a request was applied twice"
    assert set(amounts) <= sent.amounts()
    for seat, amount, target, number in sent.acked:
        entry = next(e for e in entries if match.number_for(seat, e["seq"]) == number)
        assert (entry["kind"], entry["seat"]) == ("action", seat), entry
        assert entry["payload"] == invest(amount, target), (amount, entry)


def assert_round_closes_once(base: str, table: Table, clock) -> None:
    """Players can still move; then the deadline passes and round 2 begins, once."""
    code = table.code
    seat0 = Api(base, table.tokens[0])
    log, match = download(base, host_token(table), code)
    before = len(log["log"])
    assert not kinds(log, "timeout")
    moved = act(seat0, code, f"invest 9999 {NAMES[1]}")
    assert moved.status_code == 200, moved.text
    assert moved.json()["accepted"] == [match.known(0) + 1]
    assert moved.json()["view"]["round"] == 1
    clock.advance(ROUND_MINUTES * 60 + 1)
    wait_for(lambda: seat0.ok("GET", f"/api/matches/{code}/view")["view"]["round"] == 2)
    log, match = download(base, host_token(table), code)
    assert [e["kind"] for e in log["log"][before:]] == ["action", "timeout"]
    assert len(kinds(log, "timeout")) == 1
    assert match.state["history"][0][0] == invest(9999, NAMES[1])["orders"]
    assert_served_state_replays(base, table, match)


def test_kill_9_while_players_submit_loses_nothing_acknowledged(database_url, clock):
    first = Server(database_url, clock).start(START_TIMEOUT)
    try:
        table = open_table(first.url, NAMES[:8], {"round_minutes": ROUND_MINUTES,
                                                  "rounds": 2}, referee=True)
        sent = submit_until_killed(table, [first], first)
    finally:
        first.kill()

    second = Server(database_url, clock).start(START_TIMEOUT)
    try:
        log, match = download(second.url, host_token(table), table.code)
        assert_nothing_lost_nothing_twice(log, match, sent)
        assert_served_state_replays(second.url, table, match)
        assert_round_closes_once(second.url, table, clock)
    finally:
        second.stop()
    assert_quiet(second)


def test_kill_9_one_of_two_processes_the_other_carries_on(clock):
    """On PostgreSQL with Redis: one process dies mid-round; the survivor keeps taking
    orders, shows what the log replays to, and closes the round once."""
    redis = redis_url()
    with postgres_database() as url, running(url, clock, 2, redis) as (doomed, survivor):
        table = open_table(survivor.url, NAMES[:8], {"round_minutes": ROUND_MINUTES,
                                                     "rounds": 2}, referee=True)
        sent = submit_until_killed(table, [doomed, survivor], doomed)
        log, match = download(survivor.url, host_token(table), table.code)
        assert_nothing_lost_nothing_twice(log, match, sent)
        assert_served_state_replays(survivor.url, table, match)
        assert_round_closes_once(survivor.url, table, clock)
    assert_quiet(survivor)
