"""Press: messages between seats, kept by the table (docs/architecture.md, "Press").

A seat writes to one other seat, to a group it picks, or to the whole table, as far as the
game's rule allows (`Game.press`, `engine/press.py`). Messages are kept in their own table
(`store/press.py`), never in the log, and each one is pushed to its readers only: every
reader has a bell of their own, so a message wakes no other socket, renders no screen and
moves no count anyone else can read (the hidden-information checker compares a third
seat's every route, socket and mail with and without private messages). Across processes
the fan-out says "match M has message I" (`what="press"`), and each process reads the
message and rings its readers' bells itself.

Who reads what: a seat reads what it wrote and what was sent to it (the whole table's
messages included); a refereeing host reads every message; a playing host's console,
spectators and other matches read none. Once the match is over, every message is shown to
everyone only where the host set the `reveal_press` option (said on every seat from the
start). Bots read no messages; an email seat is sent each one by the mail gateway, which
listens here (`relays`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from hacktable.engine.contract import GM
from hacktable.engine.errors import Rejected
from hacktable.engine.press import NONE, PressRule, reveals
from hacktable.server.bells import Bell
from hacktable.server.clock import iso
from hacktable.server.errors import NotAllowed, TooFast, WrongMoment
from hacktable.server.limits import TokenBuckets
from hacktable.server.live import Caller, Live
from hacktable.store.press import Message, PressStore
from hacktable.store.records import BOT, FINISHED, HUMAN, LOBBY

if TYPE_CHECKING:
    from hacktable.store import Store

NEWS = "press"
"""The fan-out's `what` for a message (its `seq` is then the message's row id)."""
MAX_TEXT = 20_000
"""What the API reads at most before it checks the table's own limit (`press_max_chars`)."""
log = logging.getLogger(__name__)

Relay = Callable[[Live, Message], Awaitable[None]]
"""Told of each message once it is kept, in the process that kept it (the mail gateway)."""


class TooLong(Rejected):
    """A message over the table's length limit (413)."""


class PressDesk:
    """The table's messages: checks, keeps, and tells each message's readers only."""

    def __init__(self, store: Store, max_chars: int = 2000, per_minute: float = 10.0,
                 burst: float = 20.0) -> None:
        self.messages = PressStore(store)
        self.max_chars = max_chars
        self.rate = TokenBuckets(per_minute * 60, burst)
        self.relays: list[Relay] = []
        self._bells: dict[tuple[int, Any], Bell] = {}
        self._versions: dict[tuple[int, Any], int] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._latest: dict[int, int] = {}
        """The newest message this process rang the readers of, per match (`catch_up`)."""

    def configure(self, max_chars: int, per_minute: float, burst: float) -> None:
        self.max_chars = max_chars
        self.rate = TokenBuckets(per_minute * 60, burst)

    # -- the rule --------------------------------------------------------------------------

    @staticmethod
    def rule(live: Live) -> PressRule:
        """What the game allows now; nothing before the start or after the end."""
        if live.match is None or live.record.status == LOBBY:
            return NONE
        return live.game.press(live.match.state, live.options())

    # -- who reads what --------------------------------------------------------------------

    @staticmethod
    def reads_all(live: Live, caller: Caller) -> bool:
        """A refereeing host reads everything; everyone does after a revealing match."""
        if caller.role == "host" and caller.referee:
            return True
        return live.record.status in FINISHED and reveals(live.options())

    def may_read(self, live: Live, caller: Caller) -> bool:
        return self.reads_all(live, caller) or (caller.role == "seat"
                                                 and caller.seat is not None)

    def readable(self, live: Live, caller: Caller, found: Sequence[Message]) -> list[Message]:
        if self.reads_all(live, caller):
            return list(found)
        if caller.role == "seat" and caller.seat is not None:
            return [m for m in found if m.reaches(caller.seat)]
        return []

    async def read(self, live: Live, caller: Caller) -> list[Message]:
        """The caller's own messages (every message, for a reader of all); refused to
        anyone who may read none, in a sentence."""
        if not self.may_read(live, caller):
            if caller.role == "host":
                raise NotAllowed("The host console reads no messages: a host who plays reads "
                                 "their own on their seat's screen.")
            raise NotAllowed("Messages are for the players at this table; sit at a seat "
                             "(or open your personal link) to read yours.")
        return self.readable(live, caller, await self.messages.messages(live.record.id))

    # -- sending ---------------------------------------------------------------------------

    def check_text(self, text: object) -> str:
        if not isinstance(text, str):
            raise Rejected("A message is text; send it as a string.")
        text = text.strip()
        if not text:
            raise Rejected("Write something before sending.")
        if len(text) > self.max_chars:
            raise TooLong(f"A message is at most {self.max_chars:,} characters; this one has "
                          f"{len(text):,}. Shorten it or send it in parts.")
        if any(not (ch.isprintable() or ch in "\n\t") for ch in text):
            raise Rejected("Use letters, digits, spaces, punctuation and line breaks; control "
                           "characters cannot be shown to other players.")
        return text

    async def send(self, table: Any, live: Live, caller: Caller, to: Any, text: Any
                   ) -> Message:
        """Keep a message from the caller's seat to `to` ("table" or seat numbers), then
        tell its readers. Refusals are sentences: not a seat, not allowed by the game's
        rule, too long, too fast."""
        if caller.role != "seat" or caller.seat is None:
            if caller.role == "host":
                raise NotAllowed("The host console sends no messages; write from your seat.")
            raise NotAllowed("Sit at a seat (or open your personal link) to send messages.")
        seat = caller.seat
        if live.match is None or live.record.status == LOBBY:
            raise WrongMoment("The match has not started; messages open once it does.")
        if live.record.status in FINISHED:
            raise WrongMoment("The match is over; no more messages can be sent.")
        recipients = self._recipients(to)
        refusal = self.rule(live).refusal(seat, recipients, len(live.seats))
        if refusal is not None:
            raise Rejected(refusal)
        text = self.check_text(text)
        if self.rate.take(f"{live.record.id}:{seat}") > 0:
            raise TooFast("You are sending messages faster than this table allows; wait a "
                          "little and send again.")
        message = await self.messages.add(live.record.id, seat, recipients, text,
                                           table.clock.now())
        self.ring(live, message)
        await table.broker.publish(live.record.id, message.id, NEWS)
        for relay in self.relays:  # in the background: the sender is answered at once
            task = asyncio.create_task(self._relay(relay, live, message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return message

    @staticmethod
    def _recipients(to: Any) -> tuple[int, ...] | None:
        if to == "table":
            return None
        if not isinstance(to, (list, tuple)) or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in to):
            raise Rejected('Say who the message is for: "table", or a list of seat numbers '
                           "(from 0).")
        return tuple(to)

    @staticmethod
    async def _relay(relay: Relay, live: Live, message: Message) -> None:
        try:
            await relay(live, message)
        except Exception:
            log.exception("could not relay a message of match %s", live.record.id)

    # -- telling readers -------------------------------------------------------------------

    def readers(self, live: Live, message: Message) -> list[Any]:
        """The viewers told of a message: its seats and a refereeing host."""
        seats = range(len(live.seats)) if message.to is None else {message.sender, *message.to}
        found: list[Any] = list(seats)
        if live.record.referee:
            found.append(GM)
        return found

    def ring(self, live: Live, message: Message) -> None:
        match_id = live.record.id
        self._latest[match_id] = max(self._latest.get(match_id, 0), message.id)
        for viewer in self.readers(live, message):
            self._wake(match_id, viewer)

    async def heard(self, live: Live | None, message_id: int, here: bool) -> None:
        """The fan-out told of a message: this process rings its readers' bells (its own
        were rung as it was kept)."""
        if here or live is None or not live.watchers:
            return
        message = await self.messages.message(message_id)
        if message is not None and message.match_id == live.record.id:
            self.ring(live, message)

    async def catch_up(self, loaded: dict[int, Live]) -> None:
        """Ring the readers of messages another process kept without this one hearing of
        it (no Redis between them, or a fan-out message lost): asked with the table's own
        catch-up. A match looked at for the first time rings all its readers once: their
        sockets read again and send only what is new."""
        watched = {match_id: live for match_id, live in loaded.items() if live.watchers}
        for match_id, top in (await self.messages.newest(list(watched))).items():
            known = self._latest.get(match_id)
            if known is not None and top <= known:
                continue
            live = watched[match_id]
            if known is None:
                self._latest[match_id] = top
                for viewer in [*range(len(live.seats)), GM]:
                    self._wake(match_id, viewer)
                continue
            for message in await self.messages.newer(known, [match_id]):
                if message.match_id == match_id:
                    self.ring(live, message)

    def _wake(self, match_id: int, viewer: Any) -> None:
        key = (match_id, viewer)
        self._versions[key] = self._versions.get(key, 0) + 1
        bell = self._bells.get(key)
        if bell is not None:
            bell.ring()

    def version(self, match_id: int, viewer: Any) -> int:
        return self._versions.get((match_id, viewer), 0)

    def bell(self, match_id: int, viewer: Any) -> Bell:
        return self._bells.setdefault((match_id, viewer), Bell())

    def forget(self, match_id: int) -> None:
        """Drop what this process kept of a match it forgets (bells nobody waits on)."""
        self._latest.pop(match_id, None)
        for key in [k for k in self._versions if k[0] == match_id]:
            bell = self._bells.get(key)
            if bell is None or not bell.waiters:
                self._versions.pop(key, None)
                self._bells.pop(key, None)

    def forget_bell(self, match_id: int, viewer: Any) -> None:
        bell = self._bells.get((match_id, viewer))
        if bell is not None and not bell.waiters:
            self._bells.pop((match_id, viewer), None)

    async def close(self) -> None:
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task

    async def reveal_in_log(self, live: Live, text: str) -> str:
        """The downloaded log of a finished match, with every message in it (`"press"`)
        where the host set `reveal_press`; otherwise as it is: the log carries no message."""
        if live.record.status not in FINISHED or not reveals(live.options()):
            return text
        found = await self.messages.messages(live.record.id)
        data = json.loads(text)
        data["press"] = [message_json(m, thread_key(m, None)) for m in found]
        return json.dumps(data, indent=1, sort_keys=True)

    # -- what a reader is shown --------------------------------------------------------------

    def payload(self, live: Live, caller: Caller, messages: Sequence[Message]
                ) -> dict[str, Any]:
        """The caller's threads as JSON (GET /messages, the panel, the socket's first push)."""
        reader = caller.seat if caller.role == "seat" else None
        rule = self.rule(live)
        sendable = reader is not None and live.record.status not in FINISHED
        threads: dict[str, dict[str, Any]] = {}
        if reader is not None:
            threads["table"] = {"key": "table", "with": "table", "count": 0}
            for seat in rule.correspondents(reader, len(live.seats)):
                threads[str(seat)] = {"key": str(seat), "with": [seat], "count": 0}
        shown = []
        for message in messages:
            key = thread_key(message, reader)
            thread = threads.setdefault(key, {"key": key, "count": 0, "with": (
                "table" if key == "table" else [int(s) for s in key.split(",")])})
            thread["count"] += 1
            shown.append(message_json(message, key))
        return {
            "you": reader,
            "reads_all": self.reads_all(live, caller),
            "rule": rule.to_json() if sendable else NONE.to_json(),
            "reveal": reveals(live.options()),
            "max_chars": self.max_chars,
            "seats": [{"seat": s.seat, "name": s.name, "reads": s.kind == HUMAN,
                       "bot": s.kind == BOT} for s in live.seats],
            "threads": list(threads.values()),
            "messages": shown,
        }


def thread_key(message: Message, reader: int | None) -> str:
    """The thread a message belongs to for its reader: "table", or the other seats of the
    conversation (every seat of it, for a reader of all), as "0,2"."""
    if message.to is None:
        return "table"
    seats = {message.sender, *message.to}
    if reader is not None:
        seats.discard(reader)
    return ",".join(str(seat) for seat in sorted(seats))


def message_json(message: Message, thread: str) -> dict[str, Any]:
    return {"key": message.key, "thread": thread, "from": message.sender,
            "to": "table" if message.to is None else list(message.to),
            "text": message.text, "at": iso(message.created_at)}
