"""Two server processes on one PostgreSQL database and one Redis, sharing one clock.

Players may be connected to different processes: each must see the others' moves, moves
made at the same moment through both must all land once, in one order both agree on, and
a round's deadline must close it once, whichever process notices first.
"""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Iterator

import pytest
from tests.server.process_helpers import (
    NAMES,
    Watcher,
    act,
    assert_quiet,
    assert_served_state_replays,
    download,
    host_token,
    invest,
    kinds,
    plain,
    running,
    views_by_known,
)
from tests.services import (
    Api,
    Server,
    TestClock,
    open_table,
    postgres_database,
    redis_url,
    wait_for,
)

from hacktable.engine import GM


@pytest.fixture(scope="module")
def pair(tmp_path_factory) -> Iterator[tuple[Server, Server, TestClock]]:
    """Two processes, one database, one Redis, one clock (shared by this module's tests:
    each test opens its own matches)."""
    redis = redis_url()
    clock = TestClock(tmp_path_factory.mktemp("pair") / "clock")
    with postgres_database() as url, running(url, clock, 2, redis) as (one, two):
        yield one, two, clock
        assert_quiet(one, two)


def test_players_on_different_processes_see_each_others_moves(pair):
    one, two, clock = pair
    ada, bruno = NAMES[0], NAMES[1]
    table = open_table(one.url, NAMES[:4], {"round_minutes": 1, "rounds": 3}, referee=True)
    code = table.code
    with (Watcher(one.url, code, table.tokens[0]) as ada_watch,
          Watcher(two.url, code, table.tokens[1]) as bruno_watch,
          Watcher(one.url, code, host_token(table), as_host=True) as book_on_one,
          Watcher(two.url, code, host_token(table), as_host=True) as book_on_two):
        started = ada_watch.wait(lambda m: True)["seq"]
        bruno_watch.wait(lambda m: m["seq"] == started)

        # Bruno moves through process 2; the gamemaster's book on process 1 is told
        moved = act(Api(two.url, table.tokens[1]), code, f"invest 4321 {ada}")
        assert moved.status_code == 200, moved.text
        [bruno_seq] = moved.json()["accepted"]
        assert bruno_seq == started + 1  # Bruno's own count: the start, then his orders
        seen = book_on_one.wait(
            lambda m: m["view"]["state"]["orders"][1] == invest(4321, ada)["orders"])
        assert seen["seq"] == bruno_seq  # the referee knows of every entry
        bruno_on_one = Api(one.url, table.tokens[1]).ok("GET", f"/api/matches/{code}/view")
        assert bruno_on_one["prompt"]["submitted"] is True
        # Ada is told that Bruno has sent his orders (who, as at a real table), in a small
        # message of its own, never what: her screen itself did not change
        wait_for(lambda: any(m["type"] == "sent" and 1 in m["sent"]["done"]
                             for m in list(ada_watch.messages)))
        assert "4321" not in str(ada_watch.messages)
        # nor counted: Ada's numbering did not move for a move she may not see
        assert all(m["seq"] == started for m in ada_watch.screens())
        ada_now = Api(one.url, table.tokens[0]).ok("GET", f"/api/matches/{code}/view")
        assert ada_now["view"]["orders"] is None and "4321" not in str(ada_now)

        # and the other way round: Ada moves through process 1, process 2 is told
        moved = act(Api(one.url, table.tokens[0]), code, f"invest 1234 {bruno}")
        assert moved.status_code == 200, moved.text
        [ada_seq] = moved.json()["accepted"]
        assert ada_seq == started + 1  # her own count, whatever Bruno did in secret
        seen = book_on_two.wait(
            lambda m: m["view"]["state"]["orders"][0] == invest(1234, bruno)["orders"])
        assert seen["seq"] == bruno_seq + 1
        assert all("1234" not in str(m) for m in bruno_watch.screens())

        # the round closes on its deadline; both watchers are shown round 2
        clock.advance(61)
        ada_round2 = ada_watch.wait(lambda m: m["view"]["round"] == 2)
        bruno_round2 = bruno_watch.wait(lambda m: m["view"]["round"] == 2)
        assert ada_round2["seq"] == bruno_round2["seq"] == started + 2
        assert ada_round2["view"]["reports"][-1]["orders_last"] == invest(1234, bruno)["orders"]
        assert bruno_round2["view"]["reports"][-1]["orders_last"] == invest(4321, ada)["orders"]
        log, match = download(two.url, host_token(table), code)
        assert [e["kind"] for e in log["log"][-3:]] == ["action", "action", "timeout"]
        assert ada_round2["view"] == plain(match.view(0))
        assert bruno_round2["view"] == plain(match.view(1))
        for watcher in (ada_watch, bruno_watch):
            seqs = [m["seq"] for m in watcher.screens()]
            assert seqs == sorted(seqs), seqs
    assert_served_state_replays(one.url, table, match)
    assert_served_state_replays(two.url, table, match)


def storm(servers: tuple[Server, ...], table, per_seat: int
          ) -> list[tuple[int, int, int, dict]]:
    """Every seat sends `per_seat` orders, all seats at once, each request through the next
    process in turn; returns (seat, amount, HTTP status, answer) for each request."""
    names = NAMES[:len(table.tokens)]
    results: list[tuple[int, int, int, dict]] = []
    go = threading.Barrier(len(names))

    def play(seat: int) -> None:
        clients = [Api(server.url, table.tokens[seat]) for server in servers]
        target = names[(seat + 1) % len(names)]
        go.wait()
        for k in range(per_seat):
            amount = (seat + 1) * 100 + k  # tells every request apart in the log
            response = act(clients[(seat + k) % len(clients)], table.code,
                           f"invest {amount} {target}")
            results.append((seat, amount, response.status_code, response.json()))

    threads = [threading.Thread(target=play, args=(seat,)) for seat in range(len(names))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(results) == len(names) * per_seat
    return results


def test_orders_sent_at_the_same_moment_through_both_processes_all_land(pair):
    one, two, _ = pair
    names = NAMES[:10]
    table = open_table(one.url, names, {"round_minutes": 600, "rounds": 2}, referee=True)
    code = table.code
    results = storm((one, two), table, per_seat=6)
    refused = [(seat, amount, answer) for seat, amount, status, answer in results
               if status != 200]
    assert not refused

    log, match = download(two.url, host_token(table), code)
    entries = log["log"]
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    actions = kinds(log, "action")
    assert len(actions) == len(results)
    amounts = Counter(e["payload"]["orders"][0]["amount"] for e in actions)
    assert set(amounts.values()) == {1}  # nothing applied twice
    for seat, amount, _, answer in results:
        [number] = answer["accepted"]  # the seat's own number for its move
        entry = next(e for e in entries if match.number_for(seat, e["seq"]) == number)
        assert entry["kind"] == "action" and entry["seat"] == seat
        target = names[(seat + 1) % len(names)]
        assert entry["payload"] == invest(amount, target)
        assert answer["seq"] >= number
        assert answer["view"]["orders"] == invest(amount, target)["orders"]
    # each seat's standing orders are its last ones in the log
    last = {e["seat"]: e["payload"]["orders"] for e in actions}
    assert match.state["orders"] == [last[seat] for seat in range(len(names))]

    # both processes come to the same entry, and show what the log replays to
    wait_for(lambda: all(Api(p.url, host_token(table)).ok(
        "GET", f"/api/matches/{code}/view?as=host")["seq"] == len(entries)
        for p in (one, two)))
    assert_served_state_replays(one.url, table, match)
    assert_served_state_replays(two.url, table, match)


def test_screens_show_only_committed_moves_and_never_go_back(pair):
    """While both processes take orders at once, whatever a screen shows (pushed over the
    WebSocket or fetched) is the match as committed at the seq it names, and seqs only grow.
    """
    one, two, _ = pair
    names = NAMES[:10]
    table = open_table(one.url, names, {"round_minutes": 600, "rounds": 2}, referee=True)
    code, host = table.code, host_token(table)
    seen: list[tuple[str, object, int, object]] = []  # (observer, viewer, seq, view)
    done = threading.Event()

    def poll(server: Server, token: str, params: dict[str, str]) -> None:
        client = Api(server.url, token)
        observer = f"GET {params} on {server.url}"
        while not done.is_set():
            screen = client.get(f"/api/matches/{code}/view", params=params).json()
            seen.append((observer, screen["viewer"], screen["seq"], screen["view"]))

    pollers = [threading.Thread(target=poll, args=args) for args in (
        (one, host, {"as": "host"}), (two, host, {"as": "host"}),
        (one, table.tokens[2], {}), (two, table.tokens[3], {}))]
    with (Watcher(one.url, code, table.tokens[0]) as seat_one,
          Watcher(two.url, code, table.tokens[1]) as seat_two,
          Watcher(one.url, code, host, as_host=True) as host_one,
          Watcher(two.url, code, host, as_host=True) as host_two):
        for poller in pollers:
            poller.start()
        try:
            results = storm((one, two), table, per_seat=8)
        finally:
            done.set()
            for poller in pollers:
                poller.join(30)
        # a fence every screen shows (seats are pushed only what changes their own screen)
        Api(one.url, host).ok("POST", f"/api/matches/{code}/host/extend", {"seconds": 1})
        log, replayed = download(one.url, host, code)
        watchers = {"seat 0 on 1": (seat_one, 0), "seat 1 on 2": (seat_two, 1),
                    "host on 1": (host_one, GM), "host on 2": (host_two, GM)}
        for watcher, viewer in watchers.values():  # each as far as its own viewer knows
            watcher.wait(lambda m, v=viewer: m["seq"] == replayed.known(v))
    assert all(status == 200 for _, _, status, _ in results)
    for name, (watcher, _) in watchers.items():
        seen += [(f"WebSocket {name}", m["viewer"], m["seq"], m["view"])
                 for m in watcher.screens()]

    truth = {viewer: views_by_known(log, viewer) for viewer in ("gm", 0, 1, 2, 3)}
    wrong: Counter[tuple[str, str]] = Counter()
    examples: dict[str, list[tuple[str, int]]] = {}
    for observer, viewer, seq, view in seen:
        if view is not None and view == truth[viewer][seq]:
            continue
        why = ("no view at all" if view is None else "seq 0" if seq == 0
               else "not the committed state at its seq")
        wrong[why, observer.split()[0]] += 1
        examples.setdefault(why, []).append((observer, seq))
    assert not wrong, (f"of {len(seen)} screens, wrong ones by kind and channel: "
                       f"{dict(wrong)}; e.g. {[e[:2] for e in examples.values()]}")
    backwards = []
    for observer in {o for o, *_ in seen}:
        seqs = [seq for o, _, seq, _ in seen if o == observer]
        backwards += [(observer, a, b) for a, b in itertools.pairwise(seqs) if b < a]
    assert not backwards, f"screens went back: {backwards[:10]}"


def test_a_deadline_fires_once_whichever_process_sees_it(pair):
    """Several matches, several rounds: each time the clock passes the deadlines, both
    processes look for them; each round closes once, and orders racing the close land."""
    one, two, clock = pair
    processes = (one, two)
    rounds = 3
    tables = [open_table(processes[i % 2].url, NAMES[:4], {"round_minutes": 1,
                                                           "rounds": rounds}, referee=True)
              for i in range(3)]
    for table in tables:  # both processes hold every match
        for process in processes:
            Api(process.url).ok("GET", f"/api/matches/{table.code}")

    def round_of(table, process) -> int:
        screen = Api(process.url, host_token(table)).ok(
            "GET", f"/api/matches/{table.code}/view?as=host")
        return rounds + 1 if screen["view"]["over"] else screen["view"]["round"]

    racers: list[tuple[int, int, str, int, object]] = []  # table, seat, orders, status, answer

    def race(index: int, seat: int, amount: int, process: Server) -> None:
        table = tables[index]
        text = f"invest {amount} {NAMES[(seat + 1) % 4]}"
        response = act(Api(process.url, table.tokens[seat]), table.code, text)
        racers.append((index, seat, text, response.status_code, response.json()))

    for number in range(1, rounds + 1):
        # a few orders race the clock: they land in this round or the next, never lost
        racing = [threading.Thread(target=race, args=(
            index, seat, number * 10 + seat, processes[(index + seat + number) % 2]))
            for index in range(len(tables)) for seat in (0, 1)]
        for thread in racing:
            thread.start()
        clock.advance(61)
        for thread in racing:
            thread.join(30)
        for index, table in enumerate(tables):
            for process in processes:
                wait_for(lambda t=table, p=process, n=number: round_of(t, p) > n)
                assert round_of(table, process) == number + 1
            log, _ = download(processes[index % 2].url, host_token(table), table.code)
            assert len(kinds(log, "timeout")) == number, [e["kind"] for e in log["log"]]

    for index, table in enumerate(tables):
        log, match = download(processes[index % 2].url, host_token(table), table.code)
        assert [e["seq"] for e in log["log"]] == list(range(1, len(log["log"]) + 1))
        assert match.view(GM)["over"] and len(match.state["history"]) == rounds
        for process in processes:
            info = Api(process.url).ok("GET", f"/api/matches/{table.code}")
            assert info["status"] == "over"
        for racer, seat, text, status, answer in racers:
            if racer == index and status == 200:
                [number] = answer["accepted"]  # type: ignore[index]
                amount = int(text.split()[1])
                entry = next(e for e in log["log"] if match.number_for(seat, e["seq"]) == number)
                assert entry["payload"]["orders"][0]["amount"] == amount
            elif racer == index:  # only the end of the game may refuse orders
                assert status == 409, answer
