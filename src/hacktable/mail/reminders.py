"""Reminders for players at the web table, by mail: "round N begins" with their letter,
"15 minutes left and you have sent nothing", and "the match is over: see what everyone did".

A web player may leave an address for their own seat. It is confirmed as a new email-play
address is (a six-digit code mailed there, typed back on the seat's screen, under the same
limits: `confirm._within_limits`), is never shown to anyone else, and hands out nothing:
a reminder carries no seat code, so it cannot be answered with moves. Each reminder is an
outbox row whose dedupe key names the match, the seat, the kind and the round
(`remind:<kind>:<match>:<seat>:<round>`), so each goes at most once a round, and never
again after a restart; a seat that has sent its move gets neither "begins" nor "time is
running out". The lead time is the host's for the match (`set_lead`, from the host
console), else `MailSettings.reminder_minutes`; 0 turns that reminder off.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from functools import partial

from hacktable.engine.errors import Rejected
from hacktable.mail.compose import compose, when
from hacktable.mail.confirm import CONFIRM, TRIES, _within_limits
from hacktable.mail.seating import valid_address
from hacktable.mail.settings import MailSettings
from hacktable.server.errors import WrongMoment
from hacktable.server.live import Live
from hacktable.server.table import Table
from hacktable.store.mail import MailStore, Outgoing, mailbox_of
from hacktable.store.records import FINISHED, HUMAN, RUNNING
from hacktable.store.reminders import Reminder, ReminderStore

log = logging.getLogger(__name__)
REMIND = "remind"
"""The outbox kind of every reminder."""


def _digest(match_id: int, seat: int, code: str) -> str:
    return hashlib.sha256(f"remind:{match_id}:{seat}:{code}".encode()).hexdigest()


# -- the address --------------------------------------------------------------------------

async def ask(table: Table, settings: MailSettings, live: Live, seat: int, address: str,
              asked_by: str = "unknown", table_url: str = "") -> Reminder:
    """Mail a code to the address a seat's player gave for reminders."""
    address = address.strip().lower()
    if not valid_address(address):
        raise Rejected("Give a plain email address, such as ann@example.org.")
    if address.split("@")[1] == settings.domain and address.split("@")[0].split("+")[0] == \
            settings.local_part:
        raise Rejected("That is the gamemaster's own address; give your own.")
    if live.record.status in FINISHED:
        raise WrongMoment("The match is over; there is nothing left to remind you of.")
    mail, store = MailStore(table.store), ReminderStore(table.store)
    match_id, now = live.record.id, table.clock.now()
    await _within_limits(mail, settings, match_id, seat, address, asked_by, now)
    code = f"{secrets.randbelow(10**6):06d}"
    await store.ask(match_id, seat, address, _digest(match_id, seat, code), now)
    name = live.seats[seat].name or "a player"
    where = f"{table_url.rstrip('/')}/m/{live.record.code}" if table_url else (
        f"room {live.record.code}")
    text = (f"Hello,\n\nSomeone playing as {name} at the hacktable table {where}, connected "
            f"from the network address {asked_by}, asked for reminders about that match to "
            "come to this address (when a round begins, when time runs out, when it is "
            f"over). To confirm, type this code on the seat's screen:\n\n    {code[:3]} "
            f"{code[3:]}\n\nIt works for {round(settings.confirm_minutes)} minutes. If you did "
            "not ask for this, ignore this mail: nothing more will be sent here.\n")
    message_id, data = compose(settings, to=address,
                               subject=f"Match {live.record.code}: your confirmation code",
                               text=text, now=now)
    await mail.enqueue([Outgoing(f"remind-code:{match_id}:{seat}:{now!r}", CONFIRM, address,
                                 message_id, data, match_id, seat, asked_by=asked_by[:64],
                                 mailbox=mailbox_of(address))], now)
    found = await store.get(match_id, seat)
    assert found is not None
    return found


async def confirm(table: Table, settings: MailSettings, live: Live, seat: int, code: str
                  ) -> Reminder:
    """The code typed back: reminders go to the address from now on."""
    store = ReminderStore(table.store)
    match_id = live.record.id
    waiting = await store.get(match_id, seat)
    if waiting is None or waiting.confirmed or waiting.code is None:
        raise Rejected("No address is waiting to be confirmed; give your address first.")
    if table.clock.now() - waiting.created_at > settings.confirm_minutes * 60:
        await store.drop(match_id, seat)
        raise Rejected("That code is too old; give your address again for a new one.")
    typed = "".join(ch for ch in code if ch.isdigit())
    if not hmac.compare_digest(waiting.code, _digest(match_id, seat, typed)):
        await store.count_try(match_id, seat)
        if waiting.tries + 1 >= TRIES:
            await store.drop(match_id, seat)
            raise Rejected("That code is wrong, too many times; give your address again for "
                           "a new one.")
        raise Rejected("That code is wrong; type the six digits from the mail.")
    await store.confirm(match_id, seat)
    found = await store.get(match_id, seat)
    assert found is not None
    return found


MAX_LEAD = 24 * 60.0
"""The longest lead time a host may set, in minutes (a day)."""


async def set_lead(table: Table, live: Live, minutes: float) -> float:
    """The host sets how long before a deadline "you have sent nothing" goes (0: never)."""
    if not 0 <= minutes <= MAX_LEAD:
        raise Rejected(f"Give the minutes from 0 (no such reminder) to {MAX_LEAD:g}.")
    await ReminderStore(table.store).set_lead(live.record.id, float(minutes))
    return float(minutes)


# -- the reminders --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Due:
    """A reminder to queue: its dedupe key, subject and text."""

    key: str
    subject: str
    text: str
    round: str


def due(live: Live, reminders: list[Reminder], now: float, settings: MailSettings,
        minutes: float | None = None) -> list[tuple[Reminder, Due]]:
    """The reminders this match owes its seats now (read under the match's lock);
    `minutes`: the host's lead time for the match, else the gateway's."""
    match, record = live.match, live.record
    if match is None:
        return []
    game = match.game
    label = game.round_mark(match.state)
    web = settings.web_url.rstrip("/")
    table = f"{web}/m/{record.code}" if web else f"table {record.code}"
    found: list[tuple[Reminder, Due]] = []
    prompts = match.prompts() if record.status == RUNNING else {}
    for reminder in reminders:
        seat = reminder.seat
        if seat >= len(live.seats) or live.seats[seat].kind != HUMAN:
            continue
        base = f"{REMIND}:{{}}:{record.id}:{seat}"
        if record.status in FINISHED:
            where = f"{web}/m/{record.code}/reveal" if web else "the table's reveal page"
            found.append((reminder, Due(
                base.format("over"), f"{game.name} {record.code}: the match is over",
                f"The match is over. See what everyone did: {where}\n", "over")))
            continue
        prompt = prompts.get(seat)
        if prompt is None or prompt.submitted:
            continue  # not asked now, or already sent: nothing to remind them of
        ends = when(record.deadline_at, settings.zone())
        letter = game.letter(match.view(seat), ends).strip("\n")
        found.append((reminder, Due(
            f"{base.format('begins')}:{label}", f"{game.name} {record.code}: "
            f"{label} begins", f"{label[:1].upper()}{label[1:]} begins. Your table: "
            f"{table}\n\n{letter}\n", label)))
        lead = (settings.reminder_minutes if minutes is None else minutes) * 60
        if lead > 0 and record.deadline_at is not None and record.deadline_at - now <= lead:
            minutes = max(1, round((record.deadline_at - now) / 60))
            found.append((reminder, Due(
                f"{base.format('late')}:{label}", f"{game.name} {record.code}: {minutes} "
                "minutes left", f"{minutes} minutes left in {label}, and you have sent "
                f"nothing yet. Your table: {table}\n", label)))
    return found


class Reminders:
    """Queues the reminders the matches owe, in the gateway's process; each is queued once,
    whatever process or restart looks (the outbox's unique dedupe key)."""

    def __init__(self, table: Table, settings: MailSettings, wake: object = None) -> None:
        self.table = table
        self.settings = settings
        self.store = ReminderStore(table.store)
        self.mail = MailStore(table.store)
        self.wake = wake

    async def check(self) -> int:
        """Queue every reminder due now; returns how many were new."""
        added = 0
        for match_id, reminders in await self.store.watched():
            live = await self.table.matches.load_id(match_id)
            now = self.table.clock.now()
            minutes = await self.store.lead(match_id)
            owed = await self.table.matches.read(live, partial(
                due, reminders=reminders, now=now, settings=self.settings, minutes=minutes))
            if not owed:
                continue
            queued = await self.mail.queued([d.key for _, d in owed])
            mails = []
            for reminder, item in owed:
                if item.key in queued:
                    continue
                message_id, data = compose(self.settings, to=reminder.address,
                                           subject=item.subject, text=item.text, now=now)
                mails.append(Outgoing(item.key, REMIND, reminder.address, message_id, data,
                                      match_id, reminder.seat, None, item.round))
            added += await self.mail.enqueue(mails, now) if mails else 0
        if added and callable(self.wake):
            self.wake()
        return added

    async def run(self) -> None:
        while True:
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database may be away for a moment: look again soon
                log.exception("reminders: could not look")
            await asyncio.sleep(self.settings.tick)
