"""Moves before set-up: opening a table waits its turn; a move in play does not.

Setting up a match costs the server more than a move (creating it, seating every player,
starting it, opening each seat's screen: docs/server.md), and tables tend to open in a
crowd: a class starting together, or every table of a busy evening ending its match at
once. Every step of that work queued on the event loop ahead of the moves of the tables
already playing, and those moves waited for all of it. Here the room work (a POST under
/api/matches other than a move, and a screen's socket until it has sent its first screen)
goes through a narrow lane: `width` at a time, in order of arrival, the rest waiting their
turn without holding the event loop. Moves, page loads and screens already open never
wait for the lane: a crowd opening tables costs the tables in play a step of set-up work at
a time, not all of it. Nothing is refused; room work takes longer when many wait.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MOVE_PATHS = ("/act", "/check")
"""Room paths that are moves (or a move read without being made): never held back."""


def is_room_work(scope: Scope) -> bool:
    """Whether a request sets a table up (and so takes its turn in the lane): a match's
    screen socket (another socket may wait long before its first message), or a POST
    under /api/matches that is not a move."""
    kind = scope["type"]
    path = str(scope.get("path", "")).rstrip("/")
    if kind == "websocket":
        return path.startswith("/api/matches/")
    if kind != "http" or scope["method"] != "POST":
        return False
    return path.startswith("/api/matches") and not path.endswith(MOVE_PATHS)


class SetupLane:
    """ASGI middleware: at most `width` room requests are worked on at once (0: no lane).

    A place is held only while the server works, never while it waits on the client: an
    HTTP request's body is read before it takes its place, and gives the place back as its
    answer starts; a socket gives it back with its first message (the room, or the first
    screen) or its close. A client that sends slowly or reads slowly cannot hold the lane
    and so keep everyone else from opening a table."""

    def __init__(self, app: ASGIApp, width: int = 1) -> None:
        self.app = app
        self.width = width
        self._lane: asyncio.Semaphore | None = None  # made on the serving event loop
        self._loop: asyncio.AbstractEventLoop | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.width <= 0 or not is_room_work(scope):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http":
            read, whole = await _read_body(receive)
            receive = _replay(read, receive)
            if not whole:  # too long to hold: the app refuses it, outside the lane
                await self.app(scope, receive, send)
                return
        loop = asyncio.get_running_loop()
        if self._lane is None or self._loop is not loop:  # one lane per serving loop
            self._lane, self._loop = asyncio.Semaphore(self.width), loop
        lane = self._lane
        await lane.acquire()
        held = True

        def let_go() -> None:
            nonlocal held
            if held:
                held = False
                lane.release()

        async def sending(message: Message) -> None:
            if message["type"] in LAST_WORK:
                let_go()  # before the send, which waits on the client
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            let_go()


LAST_WORK = frozenset({"http.response.start", "websocket.send", "websocket.close"})
"""Messages that end the room work of a request: what follows is the client's reading."""
HELD_BODY = 64 * 1024
"""The most of a request's body read before its place in the lane (room requests are a few
hundred bytes; the API refuses long ones itself)."""


async def _read_body(receive: Receive) -> tuple[list[Message], bool]:
    """The request's messages up to the end of its body (or its disconnect), and whether
    that end was reached before they passed `HELD_BODY`."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages, True
        size += len(message.get("body", b""))
        if size > HELD_BODY:
            return messages, False


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A `receive` that hands the app the messages already read, then the client's own."""
    waiting = list(messages)

    async def replayed() -> Message:
        if waiting:
            return waiting.pop(0)
        return await receive()

    return replayed
