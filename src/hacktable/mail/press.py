"""Press by mail (docs/mail.md, "Messages between players"): an email seat is sent each
message written to it ("Ann writes to you: …"), and writes back by mail.

Relaying: the gateway looks, as it looks for phases that opened, for messages kept since
(`store/press.py`) and queues one mail per mail seat that may read each, under the dedupe
key `press:<message>:<seat>`, so a restart or a second gateway never sends one twice. The
mail comes from the gamemaster and answers to the reader's own seat address: no player
ever sees another player's address.

Writing: a mail whose first line is `to Ben: …` (`to Ben, Cyd: …`, `to all: …` for the
whole table) is a message, not orders; so is any answer to a relayed message, which goes
back to that thread (the writer of a private message, the same group, or the whole table).
It is sent as POST /messages would send it (`PressDesk.send`: the game's rule, the length
and the seat's rate), and the player is told that it was passed on, or why not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hacktable.engine.errors import Rejected
from hacktable.mail.compose import compose
from hacktable.mail.messages import Letter
from hacktable.server.errors import TableError
from hacktable.server.live import Caller, Live
from hacktable.server.press import thread_key
from hacktable.store.mail import MailSeat, Outgoing
from hacktable.store.press import Message, PressStore
from hacktable.store.records import HUMAN, LOBBY

KIND = "press"
"""The outbox's kind for a relayed message (its `phase` holds the reader's thread)."""
TO_LINE = re.compile(r"^\s*to\s+([^:\n]{1,200}):[ \t]*(.*)$", re.IGNORECASE)
WINDOW = 200
"""How far back (in message ids) each look at new messages goes."""
EVERYONE = {"all", "table", "everyone", "everybody", "the table", "the whole table"}


class PressRelay:
    """The gateway's part of press: relays new messages, reads messages by mail."""

    def __init__(self, gateway: Any) -> None:
        self.gateway = gateway
        """The `Gateway` this works for (its table, store, outbox, clock and replies);
        not imported here, as the gateway imports this module."""
        self.messages = PressStore(gateway.table.store)
        self._newest = 0
        """The newest message relayed (or found relayed), by row id."""
        self._done: set[int] = set()
        """Messages relayed within `WINDOW` of the newest: on PostgreSQL a message may be
        committed after one with a higher id, so the look goes back that far."""

    # -- relaying ------------------------------------------------------------------------

    async def relay(self, match_ids: Sequence[int]) -> int:
        """Queue the mail of every message kept since the last look; returns how many."""
        added = 0
        newer = [m for m in await self.messages.newer(self._newest - WINDOW, match_ids)
                 if m.id not in self._done]
        for match_id in sorted({m.match_id for m in newer}):
            found = [m for m in newer if m.match_id == match_id]
            live = await self.gateway.table.matches.load_id(match_id)
            seats = await self.gateway.store.seats(match_id)
            mails = [self._mail(live, seat, message) for message in found for seat in seats
                     if seat.seat != message.sender and message.reaches(seat.seat)
                     and live.seats[seat.seat].kind == HUMAN]
            added += await self.gateway.store.enqueue(mails, self.gateway.clock.now())
            self._done.update(m.id for m in found)
        if newer:
            self._newest = max(self._newest, *(m.id for m in newer))
            self._done = {i for i in self._done if i > self._newest - WINDOW}
        if added:
            self.gateway.outbox.wake()
        return added

    def _mail(self, live: Live, seat: MailSeat, message: Message) -> Outgoing:
        settings = self.gateway.settings
        names = [s.name or f"seat {s.seat + 1}" for s in live.seats]
        writer = names[message.sender]
        thread = thread_key(message, seat.seat)
        if message.to is None:
            whom = "the whole table"
        else:
            others = [names[s] for s in message.to if s != seat.seat]
            whom = "you" + (f", {', '.join(others)}" if others else "")
        answer = ("the whole table" if thread == "table"
                  else ", ".join(names[int(s)] for s in thread.split(",")))
        footer = [
            f"To answer {answer}, reply to this mail: only your words above the quoted text "
            "are passed on.",
            'To write to someone else, send the gamemaster a mail that starts with a line '
            'such as "to Ben: ..." (several names: "to Ben, Cyd: ..."; the whole table: '
            '"to all: ...").',
            f"Your seat's address: {settings.seat_address(seat.secret)} (keep it to "
            "yourself).",
        ]
        text = (f"{writer} writes to {whom}:\n\n{message.text}\n\n-- \n"
                + "\n\n".join(footer) + "\n")
        subject = f"{live.game.name} {live.record.code}: {writer} writes [{seat.secret}]"
        message_id, data = compose(settings, to=seat.address, subject=subject, text=text,
                                   now=self.gateway.clock.now(),
                                   reply_to=settings.seat_address(seat.secret))
        return Outgoing(f"{KIND}:{message.key}:{seat.seat}", KIND, seat.address, message_id,
                        data, seat.match_id, seat.seat, thread, KIND)

    # -- writing by mail -----------------------------------------------------------------

    async def wanted(self, letter: Letter, live: Live, seat: MailSeat
                     ) -> tuple[Any, str] | str | None:
        """(to, text) where this mail is a message; a sentence where it tries to be one and
        cannot be read; None where it is not one (orders)."""
        thread = await self.gateway.store.sent_thread(letter.references)
        if (thread is not None and thread.kind == KIND and thread.match_id == seat.match_id
                and thread.seat == seat.seat and thread.phase):
            to: Any = ("table" if thread.phase == "table"
                       else [int(s) for s in thread.phase.split(",")])
            return to, letter.text.strip()
        lines = letter.text.strip().splitlines()
        first = TO_LINE.match(lines[0]) if lines else None
        if first is None:
            return None
        named = first.group(1).strip()
        text = "\n".join([first.group(2), *lines[1:]]).strip()
        if named.lower() in EVERYONE:
            return "table", text
        by_name = {(s.name or "").lower(): s.seat for s in live.seats if s.name}
        picked = []
        for part in re.split(r",|\band\b|&", named, flags=re.IGNORECASE):
            name = part.strip()
            if not name:
                continue
            if name.lower() not in by_name:
                players = ", ".join(s.name for s in live.seats if s.name)
                return (f"No player at this table is called {name!r}; the players are "
                        f"{players}. Your message was not passed on.")
            picked.append(by_name[name.lower()])
        return picked, text

    async def answer(self, letter: Letter, live: Live, seat: MailSeat, to: Any, text: str
                     ) -> tuple[str, list[Outgoing]]:
        """Send a message written by mail; the acknowledgement says to whom, or why not."""
        if live.record.status == LOBBY:
            return "early", [self.gateway._reply(letter, seat, "The match has not started "
                                                 "yet; messages open once it does. Your "
                                                 "message was not passed on.")]
        if live.seats[seat.seat].kind != HUMAN:
            return "not-held", [self.gateway._reply(letter, seat, "Your seat is now played by "
                                                    "a bot; your message was not passed on.")]
        table = self.gateway.table
        try:
            kept = await table.press.send(table, live, Caller("seat", seat.seat), to, text)
        except (Rejected, TableError) as error:
            reason = error.reason if isinstance(error, Rejected) else error.message
            return "press-refused", [self.gateway._reply(
                letter, seat, f"{reason}\n\nYour message was not passed on.")]
        names = [s.name or f"seat {s.seat + 1}" for s in live.seats]
        whom = ("the whole table" if kept.to is None
                else ", ".join(names[s] for s in kept.to))
        await self.relay([live.record.id])
        return "press", [self.gateway._reply(letter, seat, f"Your message to {whom} was "
                                             "passed on.")]
