"""A player's new address is confirmed before their seat's mail goes there.

Moving a seat's mail to an address hands that address the seat's code. Asked for from the
seat's own screen, the address is first sent a six-digit code, which the player types back
on the same screen; only then is the seat's code mailed there. So a seat cannot make the
gateway write to addresses of its choosing (a few codes an hour per seat, each one short
mail that says how to ignore it), and a mistyped address never receives a seat's code.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from hacktable.engine.errors import Rejected
from hacktable.mail.compose import compose
from hacktable.mail.enable import Enabled, Wanted, enable_seats
from hacktable.mail.settings import MailSettings
from hacktable.server.errors import WrongMoment
from hacktable.server.service import Live, Table
from hacktable.store.mail import MailStore, Outgoing, PendingAddress

CONFIRM = "confirm"
TRIES = 5
"""Wrong codes accepted before the request is dropped (a new one must be asked for)."""


def _digest(match_id: int, seat: int, code: str) -> str:
    return hashlib.sha256(f"{match_id}:{seat}:{code}".encode()).hexdigest()


async def ask(table: Table, store: MailStore, settings: MailSettings, live: Live,
              wanted: Wanted) -> PendingAddress:
    """Mail a confirmation code to the address the seat's player asked for."""
    match_id, seat = live.record.id, wanted.seat
    now = table.clock.now()
    sent = await store.mails_since(match_id, seat, CONFIRM, now - 3600)
    if sent >= settings.confirmations_per_hour:
        raise WrongMoment(f"This seat was sent {sent} confirmation codes in the last hour, as "
                          "many as it may; type the last one you received, or try again "
                          "later.")
    code = f"{secrets.randbelow(10**6):06d}"
    await store.set_pending(match_id, seat, wanted.address, _digest(match_id, seat, code), now)
    name = live.seats[seat].name or f"seat {seat + 1}"
    text = (f"Hello,\n\nSomeone playing {name}'s seat in match {live.record.code} asked for the "
            "seat's mail to come to this address. To confirm, type this code on the seat's "
            f"screen:\n\n    {code[:3]} {code[3:]}\n\nIt works for "
            f"{round(settings.confirm_minutes)} minutes. If you did not ask for this, ignore "
            "this mail: nothing will be sent here.\n")
    message_id, data = compose(settings, to=wanted.address,
                               subject=f"Match {live.record.code}: your confirmation code",
                               text=text, now=now)
    await store.enqueue([Outgoing(f"confirm:{match_id}:{seat}:{now!r}", CONFIRM,
                                  wanted.address, message_id, data, match_id, seat)], now)
    pending = await store.pending(match_id, seat)
    assert pending is not None
    return pending


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
