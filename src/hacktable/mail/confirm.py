"""A player's new address is confirmed before their seat's mail goes there.

Moving a seat's mail to an address hands that address the seat's code. Asked for from the
seat's own screen, the address is first sent a six-digit code, which the player types back
on the same screen; only then is the seat's code mailed there. So a seat cannot make the
gateway write to addresses of its choosing, and a mistyped address never receives a seat's
code. Seats are cheap to take, so the codes are limited by what a sender cannot multiply:
a few a day to one mailbox whoever asks, a few an hour from one client whatever seats it
holds, and a few an hour per seat; each is one short mail that says who asked, from which
table, and how to ignore it. The counts are the outbox's own rows: durable, and the same
for every server process.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from hacktable.engine.errors import Rejected
from hacktable.mail.compose import compose
from hacktable.mail.enable import Enabled, Wanted, enable_seats
from hacktable.mail.settings import MailSettings
from hacktable.server.errors import TableError
from hacktable.server.live import Live
from hacktable.server.table import Table
from hacktable.store.mail import MailStore, Outgoing, PendingAddress, mailbox_of

CONFIRM = "confirm"
TRIES = 5
"""Wrong codes accepted before the request is dropped (a new one must be asked for)."""
DAY = 86400.0


class TooMany(TableError):
    """More confirmation codes than a limit allows: 429, with the sentence."""

    status = 429


def _digest(match_id: int, seat: int, code: str) -> str:
    return hashlib.sha256(f"{match_id}:{seat}:{code}".encode()).hexdigest()


async def ask(table: Table, store: MailStore, settings: MailSettings, live: Live,
              wanted: Wanted, asked_by: str = "unknown", table_url: str = "") -> PendingAddress:
    """Mail a confirmation code to the address the seat's player asked for, from the client
    `asked_by`, at the table `table_url`; `TooMany` past a limit."""
    match_id, seat = live.record.id, wanted.seat
    now = table.clock.now()
    await _within_limits(store, settings, match_id, seat, wanted.address, asked_by, now)
    code = f"{secrets.randbelow(10**6):06d}"
    await store.set_pending(match_id, seat, wanted.address, _digest(match_id, seat, code), now)
    name = live.seats[seat].name or f"seat {seat + 1}"
    where = f"{table_url.rstrip('/')}/m/{live.record.code}" if table_url else (
        f"room {live.record.code}")
    text = (f"Hello,\n\nSomeone playing as {name} at the hacktable table {where} (match "
            f"{live.record.code}), connected from the network address {asked_by}, asked for "
            "that seat's game mail to come to this address. To confirm, type this code on "
            f"the seat's screen:\n\n    {code[:3]} {code[3:]}\n\nIt works for "
            f"{round(settings.confirm_minutes)} minutes. If you did not ask for this, ignore "
            "this mail: nothing will be sent here unless the code is typed back, and this "
            f"address is sent at most {settings.confirmations_per_address} such codes a day, "
            "whoever asks.\n")
    message_id, data = compose(settings, to=wanted.address,
                               subject=f"Match {live.record.code}: your confirmation code",
                               text=text, now=now)
    await store.enqueue([Outgoing(f"confirm:{match_id}:{seat}:{now!r}", CONFIRM,
                                  wanted.address, message_id, data, match_id, seat,
                                  asked_by=asked_by[:64],
                                  mailbox=mailbox_of(wanted.address))], now)
    pending = await store.pending(match_id, seat)
    assert pending is not None
    return pending


async def _within_limits(store: MailStore, settings: MailSettings, match_id: int, seat: int,
                         address: str, asked_by: str, now: float) -> None:
    """Refuse (429) a code past any limit: per mailbox a day, per client and per seat an
    hour. The mailbox's sentence never says who else asked."""
    if settings.confirmations_per_address > 0:
        sent = await store.mails_to(mailbox_of(address), CONFIRM, now - DAY)
        if sent >= settings.confirmations_per_address:
            raise TooMany(f"{address} was sent as many confirmation codes today as it may be; "
                          "type the last code it received, or try again tomorrow.")
    if settings.confirmations_per_visitor > 0:
        asked = await store.mails_asked_by(asked_by[:64], CONFIRM, now - 3600)
        if asked >= settings.confirmations_per_visitor:
            raise TooMany(f"{asked} confirmation codes were asked for from here in the last "
                          "hour, as many as may be; type the last one you received, or try "
                          "again later.")
    sent = await store.mails_since(match_id, seat, CONFIRM, now - 3600)
    if sent >= settings.confirmations_per_hour:
        raise TooMany(f"This seat was sent {sent} confirmation codes in the last hour, as "
                      "many as it may; type the last one you received, or try again later.")


async def confirm(table: Table, store: MailStore, settings: MailSettings, live: Live,
                  seat: int, code: str) -> Enabled:
    """The code typed back: the seat's mail goes to the confirmed address from now on."""
    match_id = live.record.id
    pending = await store.pending(match_id, seat)
    if pending is None:
        raise Rejected("No address is waiting to be confirmed; give your address first.")
    if table.clock.now() - pending.created_at > settings.confirm_minutes * 60:
        await store.drop_pending(match_id, seat)
        raise Rejected("That code is too old; give your address again for a new one.")
    typed = "".join(ch for ch in code if ch.isdigit())
    if not hmac.compare_digest(pending.code, _digest(match_id, seat, typed)):
        await store.count_try(match_id, seat)
        if pending.tries + 1 >= TRIES:
            await store.drop_pending(match_id, seat)
            raise Rejected("That code is wrong, too many times; give your address again for "
                           "a new one.")
        raise Rejected("That code is wrong; type the six digits from the mail.")
    await store.drop_pending(match_id, seat)
    done = await enable_seats(table, store, settings, live.record.code,
                              [Wanted(seat, pending.address)], by="player")
    return done[0]
