"""Checking a host's request to play seats by mail, all of it before anything changes, so a
refused request leaves the match as it was and says in one sentence what to fix."""

from __future__ import annotations

import re
from collections.abc import Mapping

from hacktable.engine.errors import Rejected
from hacktable.mail.enable import Wanted, writes_orders
from hacktable.mail.identity import normal_address
from hacktable.mail.settings import MailSettings
from hacktable.server.errors import NotAllowed, WrongMoment
from hacktable.server.live import Live
from hacktable.server.names import lookalike_key, normal_name
from hacktable.store.mail import MailSeat
from hacktable.store.records import BOT, FINISHED, HUMAN, LOBBY, OPEN

MAX_ADDRESS = 254
_ADDRESS = re.compile(r"^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?"
                      r"(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$")


def valid_address(address: str) -> bool:
    """A plain address a mail server takes (local@domain, no display name, no spaces)."""
    return (len(address) <= MAX_ADDRESS and _ADDRESS.match(address) is not None
            and ".." not in address.split("@")[0])


def seat_numbers(given: Mapping[str, str], what: str) -> dict[int, str]:
    """{"0": ...} as the JSON body has it -> {0: ...}; blank values are left out."""
    found: dict[int, str] = {}
    for key, value in given.items():
        if not (key.strip().isascii() and key.strip().isdigit()) or len(key.strip()) > 3:
            raise Rejected(f"{what} are given by seat number (from 0), not {key!r}.")
        if value.strip():
            found[int(key)] = value.strip()
    return found


def _own(address: str, settings: MailSettings) -> bool:
    """The gamemaster's address, or one of its seat addresses: mail to it would loop."""
    local, _, domain = address.rpartition("@")
    mine = settings.local_part.lower()
    return domain == settings.domain.lower() and (local == mine or local.startswith(mine + "+"))


def check(live: Live, settings: MailSettings, players: Mapping[int, str],
          names: Mapping[int, str], existing: list[MailSeat], start: bool) -> list[Wanted]:
    """The seats to enable, in seat order; or `Rejected`/`WrongMoment` with the reason."""
    record, seats = live.record, live.seats
    state = live.match.state if live.match is not None else None
    if not writes_orders(live.game, state):
        raise Rejected(f"{live.game.name} has no written notation, so it cannot be played by "
                       "email; its players use the web table.")
    if record.status in FINISHED:
        raise WrongMoment("This match is over; email play can no longer be turned on.")
    if not players:
        raise Rejected("Give at least one player's email address.")
    wanted: list[Wanted] = []
    mailed = {s.seat: s for s in existing}
    for seat, given in sorted(players.items()):
        if not 0 <= seat < len(seats):
            raise Rejected(f"There is no seat {seat + 1}; this table has seats 1 to "
                           f"{len(seats)}.")
        address = normal_address(given)
        if not valid_address(address):
            raise Rejected(f"{given!r} (seat {seat + 1}) is not an email address; write it "
                           "as name@example.org.")
        if _own(address, settings):
            raise Rejected(f"{address} is the gamemaster's own address; give seat {seat + 1} "
                           "its player's address.")
        held = seats[seat]
        if held.kind == BOT:
            raise Rejected(f"Seat {seat + 1} is played by a bot, so nobody can play it by "
                           "email.")
        if held.kind == HUMAN:
            _host_may_change(record.status, seat, held.name or f"seat {seat + 1}",
                             mailed.get(seat), address)
        name = None
        if held.kind == OPEN:
            name = normal_name(names.get(seat, ""))
            if not name:
                raise Rejected(f"Seat {seat + 1} is open: give the name its player sits "
                               "under (the other players see it), as well as the address.")
        wanted.append(Wanted(seat, address, name))
    _no_shared_addresses(wanted, existing)
    _no_shared_names(wanted, live)
    if start and record.status == LOBBY:
        taking = {w.seat for w in wanted}
        empty = [s.seat + 1 for s in seats if s.kind == OPEN and s.seat not in taking]
        if empty:
            raise WrongMoment(f"Seat {', '.join(map(str, empty))} would still be empty, so "
                              "the match cannot start: give it a player's address, or hand it "
                              "to a bot first.")
    return wanted


def _host_may_change(status: str, seat: int, name: str, mailed: MailSeat | None,
                     address: str) -> None:
    """A seat someone holds is theirs: the host may not give it to another address, or the
    host (or whoever has the host's link) could receive its code and play it.

    The host seats players who are not here yet (an open seat, by name and address) and may
    correct such an address before the match starts (the old address is told). An address
    the seat's own player gave is theirs alone, in the lobby as after the start: anything
    else needs the seat's own player, from their own screen."""
    if mailed is None:
        raise NotAllowed(f"Seat {seat + 1} is {name}'s: only {name} can add email play to it, "
                         "from their own screen (\"Play by email\" beside the game). The host "
                         "cannot change how someone else's seat is played.")
    if mailed.address != address and mailed.set_by != "host":
        raise NotAllowed(f"{name} chose where seat {seat + 1}'s mail goes; only {name} can move "
                         "it to another address, from their own screen.")
    if mailed.address != address and status != LOBBY:
        raise NotAllowed(f"Seat {seat + 1} already plays by email; only {name} can move it to "
                         "another address, from their own screen.")


def player_may_change(live: Live) -> None:
    """Whether a seat's player may turn email play on (or move it) now."""
    state = live.match.state if live.match is not None else None
    if not writes_orders(live.game, state):
        raise Rejected(f"{live.game.name} has no written notation, so it cannot be played by "
                       "email; play it here.")
    if live.record.status in FINISHED:
        raise WrongMoment("This match is over; email play can no longer be turned on.")


def player_check(live: Live, settings: MailSettings, seat: int, given: str,
                 existing: list[MailSeat]) -> Wanted:
    """A player's own request to play their seat by email (or from a new address)."""
    player_may_change(live)
    address = normal_address(given)
    if not valid_address(address):
        raise Rejected(f"{given.strip()!r} is not an email address; write it as "
                       "name@example.org.")
    if _own(address, settings):
        raise Rejected(f"{address} is the gamemaster's own address; give your own.")
    wanted = [Wanted(seat, address)]
    _no_shared_addresses(wanted, existing)
    return wanted[0]


def _no_shared_addresses(wanted: list[Wanted], existing: list[MailSeat]) -> None:
    """One address, one seat: a player's mail must say which seat it is for by its sender."""
    owner = {s.address: s.seat for s in existing if s.seat not in {w.seat for w in wanted}}
    for want in wanted:
        other = owner.get(want.address)
        if other is not None:
            first, second = sorted((other, want.seat))
            raise Rejected(f"Seats {first + 1} and {second + 1} would share the address "
                           f"{want.address}; each seat needs an address of its own.")
        owner[want.address] = want.seat


def _no_shared_names(wanted: list[Wanted], live: Live) -> None:
    """Names nobody could mistake for each other (see `server.names`)."""
    taken = {lookalike_key(s.name) for s in live.seats if s.name}
    for want in wanted:
        if want.name is None:
            continue
        if lookalike_key(want.name) in taken:
            raise Rejected(f"Someone at this table is already called {want.name}, or a name "
                           f"that looks just like it; give seat {want.seat + 1}'s player "
                           "another name.")
        taken.add(lookalike_key(want.name))
