"""Seats kept for the players of the match before (playing again): taken back by their own
browser, given up, or opened by the host for someone else.

A table opened to play again has a public room code: a seat is kept (`HELD`) under its old
player's token hash, so that only the browser or personal link that holds that token can
sit in it again.
"""

from __future__ import annotations

from hacktable.engine.errors import Rejected
from hacktable.server.clock import Clock
from hacktable.server.errors import NotAllowed, WrongMoment
from hacktable.server.fanout import FanOut
from hacktable.server.live import Live
from hacktable.server.matches import Matches
from hacktable.server.room import Room
from hacktable.server.security import new_token, token_hash, token_matches
from hacktable.store import SeatRecord
from hacktable.store.records import HELD, LOBBY, OPEN


def held_for(live: Live, tokens: list[str]) -> SeatRecord | None:
    """The seat this match keeps for whoever holds one of `tokens` (the seat tokens their
    browser holds, for any table), if any."""
    for seat in live.seats:
        if seat.kind == HELD and any(token_matches(seat.token, t) for t in tokens):
            return seat
    return None


class HeldSeats:
    """Seats kept for the players of the match before."""

    def __init__(self, matches: Matches, fanout: FanOut, clock: Clock, room: Room) -> None:
        self.matches = matches
        self.clock = clock
        self.store = matches.store
        self.fanout = fanout
        self.room = room
        """A table that starts by itself starts when its last kept seat is taken back."""

    async def take(self, live: Live, tokens: list[str]) -> tuple[int, str]:
        """The player of the match before sits down again in the seat kept for them;
        returns the seat and its new token. Only their own browser (or personal link),
        which holds their old token, can do it."""
        async with live.lock:
            await self.matches.sync(live)
            kept = held_for(live, tokens)
            if kept is None:
                raise NotAllowed("No seat at this table is kept for you; pick an open seat, "
                                 "or open the link from your own device.")
            if live.record.status != LOBBY:
                raise WrongMoment("This match has started; ask the host to hand your seat "
                                  "back, or watch as a spectator.")
            token = new_token()
            if not await self.store.take_held_seat(live.record.id, kept.seat,
                                                   kept.token or "", token_hash(token),
                                                   self.clock.now()):
                raise WrongMoment("That seat is no longer kept for you.")
            live.seats = await self.store.seats(live.record.id)
            started = await self.room.start_if_full(live)
        await self.room.seats_changed(live, started)
        return kept.seat, token

    async def release(self, live: Live, tokens: list[str]) -> int:
        """The player of the match before will not play again: their seat opens."""
        async with live.lock:
            await self.matches.sync(live)
            kept = held_for(live, tokens)
            if kept is None:
                raise NotAllowed("No seat at this table is kept for you.")
            await self._open(live, kept.seat)
        await self.fanout.announce(live, "room")
        return kept.seat

    async def open(self, live: Live, seat: int | None) -> None:
        """The host opens a seat kept for a player of the match before, for anyone to
        take."""
        if seat is None or not 0 <= seat < len(live.seats):
            raise Rejected(f"Name a seat from 1 to {len(live.seats)}.")
        async with live.lock:
            await self.matches.sync(live)
            if live.record.status != LOBBY or live.seats[seat].kind != HELD:
                raise WrongMoment(f"Seat {seat + 1} is not kept for anyone; only a seat kept "
                                  "for a player of the last match can be opened.")
            await self._open(live, seat)
        await self.fanout.announce(live, "room")

    async def _open(self, live: Live, seat: int) -> None:
        await self.store.set_seat(live.record.id, seat, kind=OPEN, name=None,
                                  personality=None, token=None)
        live.seats = await self.store.seats(live.record.id)
