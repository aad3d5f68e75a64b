"""Who is asking: the role a token grants in a match (a seat, the host, or a spectator),
and the refusals for a caller who may not do what they ask.

Tokens are compared against stored hashes in constant time; a token that holds nothing is
refused, not taken for a spectator, so a player whose seat was handed on is told why.
"""

from __future__ import annotations

from hacktable.server.errors import CANCELLED_NOTE, Cancelled, NotAllowed, NoToken
from hacktable.server.live import Caller, Live
from hacktable.server.security import hash_matches, token_hash, token_matches
from hacktable.store import Store
from hacktable.store.records import CANCELLED, HUMAN


class Callers:
    """Tells who presented a token at a match."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def identify(self, live: Live, token: str | None, host_token: str | None = None
                       ) -> Caller:
        """The role a token grants in this match; no token at all makes a spectator."""
        if host_token is not None and token_matches(live.record.host_token, host_token):
            return Caller("host", referee=live.record.referee)
        if token is None:
            return Caller("spectator")
        presented = token_hash(token)  # once, not once per seat
        if hash_matches(live.record.host_token, presented):
            return Caller("host", referee=live.record.referee)
        for attempt in range(2):
            for seat in live.seats:
                if seat.kind == HUMAN and hash_matches(seat.token, presented):
                    return Caller("seat", seat.seat)
            if attempt == 0:  # the seat may have been taken through another process
                live.seats = await self.store.seats(live.record.id)
        if live.record.status == CANCELLED:  # its seats were freed: say why
            raise Cancelled(CANCELLED_NOTE)
        raise NotAllowed("That link or token does not hold a seat at this table; "
                         "open your personal link again or join an open seat.")


def require_host(caller: Caller) -> None:
    """Refuse anyone but the host."""
    if caller.role != "host":
        raise NotAllowed("Only the host can do that; open the host link.")


def require_seat(caller: Caller) -> int:
    """The caller's seat; refuse anyone who holds none."""
    if caller.role != "seat" or caller.seat is None:
        if caller.role == "host":
            raise NotAllowed("The host console does not play; open your seat's link.")
        raise NoToken("Sit at a seat first (or open your personal link) to play.")
    return caller.seat
