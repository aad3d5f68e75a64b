"""The set-up lane (`server/setup_lane.py`): room work goes `width` at a time, moves never wait.

The middleware is driven here by a small ASGI app of its own that counts who is inside it
at once, on a real event loop; then a real server with a lane of one opens tables from many
clients at once and plays them, so a socket holding its place until its first screen can
never stop the rest."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from tests.server.helpers import Listener, ws_url
from tests.services import Server, open_table

from hacktable.server.setup_lane import SetupLane, is_room_work


def http(path: str, method: str = "POST") -> dict[str, Any]:
    return {"type": "http", "method": method, "path": path, "headers": []}


def socket(code: str = "ABCDEF") -> dict[str, Any]:
    return {"type": "websocket", "path": f"/api/matches/{code}/ws", "headers": []}


class Counting:
    """An app that stays inside for as long as it is told, counting who is inside at once."""

    def __init__(self) -> None:
        self.inside = 0
        self.most = 0
        self.gates: dict[str, asyncio.Event] = {}
        self.entered: list[str] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        name = scope["path"]
        self.inside += 1
        self.most = max(self.most, self.inside)
        self.entered.append(name)
        try:
            if scope["type"] == "websocket":
                await send({"type": "websocket.accept"})
                await self.gates.setdefault(name, asyncio.Event()).wait()
                await send({"type": "websocket.send", "text": "first screen"})
                await self.gates.setdefault(name + "+", asyncio.Event()).wait()
            else:
                await self.gates.setdefault(name, asyncio.Event()).wait()
        finally:
            self.inside -= 1


async def nothing(message: dict[str, Any]) -> None:
    return None


async def receive() -> dict[str, Any]:
    return {"type": "http.request", "body": b""}


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def crowd(lane: SetupLane, count: int) -> tuple[list[str], list[asyncio.Task[None]]]:
    """`count` joins sent at once, each to a table of its own, and given time to go in."""
    paths = [f"/api/matches/ROOM{n}/join" for n in range(count)]
    tasks = [asyncio.create_task(lane(http(p), receive, nothing)) for p in paths]
    await settle()
    return paths, tasks


def test_room_work_is_what_sets_a_table_up_and_moves_are_not():
    assert is_room_work(http("/api/matches"))
    assert is_room_work(http("/api/matches/ABCDEF/join"))
    assert is_room_work(http("/api/matches/ABCDEF/host/start"))
    assert is_room_work(socket())
    assert not is_room_work({"type": "websocket", "path": "/lab/runs/1/ws", "headers": []})
    assert not is_room_work(http("/api/matches/ABCDEF/act"))
    assert not is_room_work(http("/api/matches/ABCDEF/check/"))
    assert not is_room_work(http("/api/matches/ABCDEF/view", "GET"))
    assert not is_room_work(http("/m/ABCDEF", "GET"))
    assert not is_room_work({"type": "lifespan"})


def test_at_most_width_room_requests_are_worked_on_and_the_rest_go_in_order():
    async def scenario() -> None:
        app = Counting()
        paths, tasks = await crowd(SetupLane(app, width=2), 6)
        assert app.entered == paths[:2] and app.inside == 2
        for path in paths:  # each one answered lets the next waiting one in, in order
            app.gates.setdefault(path, asyncio.Event()).set()
            await settle()
            assert app.inside <= 2
        await asyncio.gather(*tasks)
        assert app.entered == paths and app.most == 2

    asyncio.run(scenario())


def test_a_move_is_never_held_back_by_a_full_lane():
    async def scenario() -> None:
        app = Counting()
        lane = SetupLane(app, width=1)
        joining = asyncio.create_task(lane(http("/api/matches/ROOM/join"), receive, nothing))
        await settle()
        moving = asyncio.create_task(lane(http("/api/matches/ROOM/act"), receive, nothing))
        page = asyncio.create_task(lane(http("/m/ROOM", "GET"), receive, nothing))
        await settle()
        assert app.entered == ["/api/matches/ROOM/join", "/api/matches/ROOM/act", "/m/ROOM"]
        for gate in ("/api/matches/ROOM/join", "/api/matches/ROOM/act", "/m/ROOM"):
            app.gates[gate].set()
        await asyncio.gather(joining, moving, page)

    asyncio.run(scenario())


def test_a_socket_holds_its_place_only_until_its_first_screen_is_sent():
    async def scenario() -> None:
        app = Counting()
        lane = SetupLane(app, width=1)
        first = socket("ONE")
        watching = asyncio.create_task(lane(first, receive, nothing))
        await settle()
        joining = asyncio.create_task(lane(http("/api/matches/ONE/join"), receive, nothing))
        await settle()
        assert app.entered == [first["path"]]  # the socket is still being set up
        app.gates[first["path"]].set()  # it sends its first screen and stays open
        await settle()
        assert app.entered == [first["path"], "/api/matches/ONE/join"]
        app.gates["/api/matches/ONE/join"].set()
        app.gates[first["path"] + "+"].set()
        await asyncio.gather(watching, joining)

    asyncio.run(scenario())


def test_a_request_that_fails_gives_its_place_back():
    async def broken(scope: Any, receive: Any, send: Any) -> None:
        raise RuntimeError("the app failed")

    async def scenario() -> None:
        lane = SetupLane(broken, width=1)
        for _ in range(3):  # a lost place would leave the third waiting for ever
            with pytest.raises(RuntimeError):
                await asyncio.wait_for(lane(http("/api/matches"), receive, nothing), 5)

    asyncio.run(scenario())


def test_no_lane_at_width_zero():
    async def scenario() -> None:
        app = Counting()
        paths, tasks = await crowd(SetupLane(app, width=0), 4)
        assert app.inside == 4
        for path in paths:
            app.gates[path].set()
        await asyncio.gather(*tasks)

    asyncio.run(scenario())


@pytest.fixture
def one_at_a_time(database_url: str, clock: Any) -> Any:
    server = Server(database_url, clock, env={"HACKTABLE_SETUP_LANE": "1",
                                              "HACKTABLE_CREATES_PER_HOUR": "0"}).start()
    try:
        yield server
    finally:
        server.stop()


def test_tables_opened_in_a_crowd_through_a_lane_of_one_all_come_up_and_play(one_at_a_time):
    """Eight tables set up at once by eight clients, each seat's socket opened as soon as
    its table started: every socket gets its screen and every seat can move."""
    base = one_at_a_time.url

    def open_and_watch(number: int) -> list[dict[str, Any]]:
        names = [f"Ann{number}", f"Bob{number}", f"Cy{number}", f"Di{number}"]
        table = open_table(base, names)
        listeners = [Listener(ws_url(base, table.code, table.tokens[s])) for s in range(4)]
        try:
            firsts = [listener.wait_for_screen(lambda s: s["prompt"] is not None)
                      for listener in listeners]
            table.seats[0].ok("POST", f"/api/matches/{table.code}/act",
                              {"text": "protect self"})
            moved = listeners[0].wait_for_screen(lambda s: s["prompt"]["submitted"])
            return [*firsts, moved]
        finally:
            for listener in listeners:
                listener.close()

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(open_and_watch, range(8)))
    assert len(results) == 8
    assert all(screens[-1]["prompt"]["submitted"] for screens in results)


def test_a_client_sending_its_body_slowly_does_not_hold_the_lane():
    """A visitor dribbling a join's body (or never finishing it) waits outside the lane."""

    async def scenario() -> None:
        app = Counting()
        lane = SetupLane(app, width=1)
        dribble: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        slow = asyncio.create_task(lane(http("/api/matches/SLOW/join"), dribble.get, nothing))
        await dribble.put({"type": "http.request", "body": b'{"seat"', "more_body": True})
        await settle()
        quick = asyncio.create_task(lane(http("/api/matches/QUICK/join"), receive, nothing))
        await settle()
        assert app.entered == ["/api/matches/QUICK/join"]
        app.gates["/api/matches/QUICK/join"].set()
        await quick
        await dribble.put({"type": "http.request", "body": b': 0}', "more_body": False})
        await settle()
        assert app.entered[-1] == "/api/matches/SLOW/join"
        app.gates["/api/matches/SLOW/join"].set()
        await slow

    asyncio.run(scenario())


def test_the_app_reads_the_body_the_lane_read_first():
    async def scenario() -> None:
        seen: list[bytes] = []

        async def reading(scope: Any, receive: Any, send: Any) -> None:
            while True:
                message = await receive()
                seen.append(message.get("body", b""))
                if not message.get("more_body"):
                    return

        parts = [{"type": "http.request", "body": b"ab", "more_body": True},
                 {"type": "http.request", "body": b"cd", "more_body": False}]
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        for part in parts:
            queue.put_nowait(part)
        await SetupLane(reading, width=1)(http("/api/matches"), queue.get, nothing)
        assert b"".join(seen) == b"abcd"

    asyncio.run(scenario())


def test_an_answer_the_client_reads_slowly_does_not_hold_the_lane():
    """The place is given back as the answer starts, before the client reads it."""

    async def scenario() -> None:
        reader_stuck = asyncio.Event()

        async def stuck_send(message: dict[str, Any]) -> None:
            await reader_stuck.wait()

        async def answering(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"{}"})

        lane = SetupLane(answering, width=1)
        stuck = asyncio.create_task(lane(http("/api/matches/A/join"), receive, stuck_send))
        await settle()
        await asyncio.wait_for(lane(http("/api/matches/B/join"), receive, nothing), 5)
        reader_stuck.set()
        await stuck

    asyncio.run(scenario())


def test_one_app_served_by_one_loop_after_another_keeps_a_lane_for_each():
    """An app served again by a new event loop (a test client, a restarted server thread)
    gets a lane of its own: a lane made on the first loop cannot be waited on in the next."""
    app = Counting()
    lane = SetupLane(app, width=1)

    async def served() -> None:
        paths, tasks = await crowd(lane, 3)
        for path in paths:
            app.gates.setdefault(path, asyncio.Event()).set()
            await settle()
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
        app.gates.clear()

    asyncio.run(served())
    asyncio.run(served())
