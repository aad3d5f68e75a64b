"""A table's server side: the parts every route, socket, bot and extension works through,
made once per process over a store, a broker and a clock.

Each part has one job and its own module: the matches this process holds (`matches`), the
one path every change to a log takes (`writer`), what this process hears and tells of
moves (`fanout`), the room (`room`, `held_seats`), who is asking (`callers`), seats'
moves and deadlines (`play`), the host's controls (`host_controls`), the bots (`bots`)
and messages between seats (`press`). Callers use the part they need.
"""

from __future__ import annotations

from hacktable.server.bots import SeatBots
from hacktable.server.broker import LocalBroker
from hacktable.server.callers import Callers
from hacktable.server.clock import Clock
from hacktable.server.fanout import FanOut
from hacktable.server.held_seats import HeldSeats
from hacktable.server.host_controls import HostControls
from hacktable.server.live import Live
from hacktable.server.match_writer import MatchWriter
from hacktable.server.matches import Matches
from hacktable.server.play import Play
from hacktable.server.press import PressDesk
from hacktable.server.room import Room
from hacktable.store import Store


class Table:
    """The parts of a table's server side, wired together."""

    def __init__(self, store: Store, broker: LocalBroker, clock: Clock,
                 snapshot_every: int = 50, replay_limit: int = 2000) -> None:
        self.store = store
        self.broker = broker
        self.clock = clock
        self.press = PressDesk(store)
        """Messages between seats (`server/press.py`): never part of the log."""
        self.matches = Matches(store, replay_limit)
        self.fanout = FanOut(broker, self.matches, self.press)
        self.writer = MatchWriter(self.matches, self.fanout, clock, snapshot_every)
        self.bots = SeatBots(self.matches, self.writer)
        self.matches.on_load = self.bots.kick  # after a restart, bots may owe a move
        self.callers = Callers(store)
        self.play = Play(self.matches, self.writer, self.bots)
        self.room = Room(self.matches, self.writer, self.fanout, clock)
        self.room.on_start = self.bots.kick  # a table that started by itself
        self.held_seats = HeldSeats(self.matches, self.fanout, clock, self.room)
        self.host_controls = HostControls(self.room, self.held_seats, self.writer, self.bots)

    def forget(self, match_id: int) -> Live | None:
        """Drop a match from this process, with what the press kept of it (its copy is
        rebuilt from the store if asked for again)."""
        live = self.matches.forget(match_id)
        self.press.forget(match_id)
        return live

    async def close(self) -> None:
        """Stop the bots and the press's relays, for a process that is shutting down."""
        await self.bots.close()
        await self.press.close()
