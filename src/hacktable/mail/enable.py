"""Turning email play on for a match: seat each player under their name, give the seat a
secret address, and queue a welcome mail that explains how to play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hacktable.engine.contract import State
from hacktable.engine.errors import Rejected
from hacktable.engine.parts import AnyGame, supplies
from hacktable.mail.compose import compose
from hacktable.mail.identity import new_secret, normal_address
from hacktable.mail.settings import MailSettings
from hacktable.server.live import Caller
from hacktable.server.table import Table
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
    name, else the next open one. Re-running keeps each seat's code unless `new_codes` (or
    the seat's address changed: the old address was told the old code)."""
    live = await table.matches.load(code)
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
            live, token = await table.room.join(code, free.seat, name)
            held = live.seats[free.seat]
        done.append(await _register(table, store, settings, live.record.id, live.record.code,
                                    held.seat, held.name or name, address, token, new_codes))
    return done


@dataclass(frozen=True, slots=True)
class Wanted:
    """One seat the host wants played by mail (the host console names seats, not people)."""

    seat: int
    address: str
    name: str | None = None
    """For an open seat: the name its player sits under."""


async def enable_seats(table: Table, store: MailStore, settings: MailSettings, code: str,
                       wanted: Sequence[Wanted], new_codes: bool = False,
                       by: str = "host") -> list[Enabled]:
    """Give each wanted seat an address: a seat held on the web keeps its player (mail is
    a second channel to it), an open seat is taken under the given name. The request is
    checked beforehand (`mail.seating`)."""
    live = await table.matches.load(code)
    done = []
    for want in wanted:
        held = live.seats[want.seat]
        token = None
        if held.kind == OPEN:
            live, token = await table.room.join(code, want.seat, want.name or "")
            held = live.seats[want.seat]
        elif held.kind != HUMAN:
            raise Rejected(f"Seat {want.seat + 1} is played by a bot, so nobody can play it "
                           "by email.")
        done.append(await _register(table, store, settings, live.record.id, live.record.code,
                                    held.seat, held.name or want.name or "", want.address,
                                    token, new_codes, by))
    return done


async def _register(table: Table, store: MailStore, settings: MailSettings, match_id: int,
                    code: str, seat_no: int, name: str, address: str, token: str | None,
                    new_codes: bool, by: str = "host") -> Enabled:
    """Store the seat's address and code and queue its welcome mail (once per code).

    Every change of a seat's channel is logged for the whole table to see (once the match
    has started), and an address that loses the seat is told so: a seat never changes
    hands unseen."""
    old = next((s for s in await store.seats(match_id) if s.seat == seat_no), None)
    keep = old is not None and not new_codes and old.address == address
    secret = old.secret if keep and old is not None else new_secret()
    now = table.clock.now()
    same_address = old is not None and old.address == address
    set_by = (old.set_by or "player") if same_address and old is not None else by
    await store.set_seat(match_id, seat_no, address, secret, now, set_by=set_by)
    seat = MailSeat(match_id, seat_no, address, secret)
    mails = [welcome(table, settings, seat, name, code, token)]
    if old is not None and old.address != address:
        mails.append(moved(table, settings, old, name, code, secret))
    await store.enqueue(mails, now)
    change = ("on" if old is None else "address" if old.address != address
              else "codes" if not keep else None)
    if change is not None:
        await table.room.note_seat(await table.matches.load(code), seat_no,
                              {"do": "mail", "change": change, "by": by})
    return Enabled(seat, name, token)


def moved(table: Table, settings: MailSettings, old: MailSeat, name: str, code: str,
          new_secret: str) -> Outgoing:
    """Tell the address a seat left that it no longer plays it (its code stops counting)."""
    text = (f"Dear {name},\n\nYour seat in match {code} is now played from another email "
            "address, and the seat code you were sent no longer works. If you did not ask "
            "for this, tell the host and the other players at once.\n")
    message_id, data = compose(settings, to=old.address,
                               subject=f"Match {code}: your seat moved to another address",
                               text=text, now=table.clock.now())
    return Outgoing(f"moved:{old.match_id}:{old.seat}:{new_secret}", "moved", old.address,
                    message_id, data, old.match_id, old.seat)


def writes_orders(game: AnyGame, state: State | None = None) -> bool:
    """Whether a game can be played by mail: it reads written moves (`parse`) and explains
    its notation (`notation_help`, empty where there is none). Before a match has a state,
    whether the game supplies both members itself, not the defaults, says so."""
    if not supplies(game, "parse"):
        return False
    if state is not None:
        return bool(game.notation_help(state).strip())
    return supplies(game, "notation_help")


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
    live = await table.matches.load(code)
    await table.host_controls.run(live, Caller("host"), "start")
