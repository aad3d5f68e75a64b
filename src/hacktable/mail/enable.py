"""Turning email play on for a match: seat each player under their name, give the seat a
secret address, and queue a welcome mail that explains how to play."""

from __future__ import annotations

from dataclasses import dataclass

from hacktable.engine.errors import Rejected
from hacktable.mail.compose import compose
from hacktable.mail.identity import new_secret, normal_address
from hacktable.mail.settings import MailSettings
from hacktable.server.service import Caller, Table
from hacktable.store.mail import MailSeat, MailStore, Outgoing
from hacktable.store.records import HUMAN, LOBBY, OPEN


@dataclass(frozen=True, slots=True)
class Enabled:
    seat: MailSeat
    name: str
    token: str | None
    """The seat's web token when the seat was taken here (for the personal link)."""


def parse_player(text: str) -> tuple[str, str]:
    """"Alice=alice@example.org" -> ("Alice", "alice@example.org")."""
    name, sep, address = text.partition("=")
    name, address = " ".join(name.split()), normal_address(address)
    if not sep or not name or "@" not in address or " " in address:
        raise Rejected(f"Write a player as NAME=ADDRESS (e.g. Alice=alice@example.org), not "
                       f"{text!r}.")
    return name, address


async def enable(table: Table, store: MailStore, settings: MailSettings, code: str,
                 players: list[tuple[str, str]], new_codes: bool = False) -> list[Enabled]:
    """Give each (name, address) a seat played by mail: the seat already held under that
    name, else the next open one. Re-running keeps each seat's code unless `new_codes`."""
    live = await table.load(code)
    done = []
    for name, address in players:
        held = next((s for s in live.seats if s.kind == HUMAN and s.name
                     and s.name.lower() == name.lower()), None)
        token = None
        if held is None:
            if live.record.status != LOBBY:
                raise Rejected(f"Nobody called {name!r} sits at this started match.")
            free = next((s for s in live.seats if s.kind == OPEN), None)
            if free is None:
                raise Rejected(f"No open seat is left for {name}.")
            live, token = await table.join(code, free.seat, name)
            held = live.seats[free.seat]
        existing = {s.seat: s for s in await store.seats(live.record.id)}
        old = existing.get(held.seat)
        secret = old.secret if old is not None and not new_codes else new_secret()
        now = table.clock.now()
        await store.set_seat(live.record.id, held.seat, address, secret, now)
        seat = MailSeat(live.record.id, held.seat, address, secret)
        await store.enqueue([welcome(table, settings, seat, held.name or name, live.record.code,
                                     token)], now)
        done.append(Enabled(seat, held.name or name, token))
    return done


def welcome(table: Table, settings: MailSettings, seat: MailSeat, name: str, code: str,
            token: str | None) -> Outgoing:
    address = settings.seat_address(seat.secret)
    lines = [
        f"Dear {name},",
        "",
        f"You have a seat in match {code}, played by email. The gamemaster will write to you "
        "when each round begins; you answer with your orders.",
        "",
        f"Your seat's address is {address}. Answer the gamemaster's mails (they come with it "
        f"as Reply-To) or write to it, always from {seat.address}. Keep it to yourself: with "
        "it, someone who fakes your address could give orders in your name.",
    ]
    if settings.web_url:
        link = f"{settings.web_url.rstrip('/')}/m/{code}" + (f"?token={token}" if token else "")
        lines += ["", f"You can also watch the table in a browser: {link}"]
    message_id, data = compose(settings, to=seat.address,
                               subject=f"Your seat in match {code} [{seat.secret}]",
                               text="\n".join(lines) + "\n", now=table.clock.now(),
                               reply_to=address)
    return Outgoing(f"welcome:{seat.match_id}:{seat.seat}:{seat.secret}", "welcome",
                    seat.address, message_id, data, seat.match_id, seat.seat)


async def start(table: Table, code: str) -> None:
    """Start the match as its host would (the command runs where the database is)."""
    live = await table.load(code)
    await table.host(live, Caller("host"), "start")
