"""The matches this process holds: loaded from the store when first asked for, brought up
to date with it before every read or move, and forgotten when idle.

Another process may move a match at any time, so nothing here trusts its copy: `sync`
reads the stored record and replays the entries this copy lacks (a long log starts from
its latest snapshot), and a copy that went astray is rebuilt.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from hacktable.engine.match import Match
from hacktable.games import get_game
from hacktable.server import wire
from hacktable.server.errors import NotFound
from hacktable.server.live import Live
from hacktable.server.security import normal_room_code
from hacktable.store import Store
from hacktable.store.records import CANCELLED, LOBBY, JsonText

T = TypeVar("T")
SNAPSHOT_FORMAT = 2


def snapshot_of(match: Match) -> JsonText:
    """What a snapshot stores: the state, and how far each viewer's own numbering of the
    log had got (so a match restored from it numbers on without a gap or a jump). Encoded
    at once, as JSON text: the state moves on with the next move, and encoding it costs a
    fraction of copying it for the writer to encode later."""
    return JsonText(wire.dumps_strict({"snapshot": SNAPSHOT_FORMAT, "state": match.state,
                                       "known": match.known_counts()}))


def _is_snapshot(stored: Any) -> bool:
    """Snapshots from before viewers had numberings of their own are not used: the match
    is replayed from its seed instead."""
    return isinstance(stored, dict) and stored.get("snapshot") == SNAPSHOT_FORMAT


def new_match(live: Live) -> Match:
    """The match at its start, from the seats' names, the options and the seed."""
    names = [seat.name or "" for seat in live.seats]
    return Match(live.game, names, live.record.options, live.record.seed)


class Matches:
    """The matches this process holds, by id and by room code."""

    def __init__(self, store: Store, replay_limit: int = 2000) -> None:
        self.store = store
        self.replay_limit = replay_limit
        """Logs longer than this load from their latest snapshot rather than from the seed
        (replaying keeps every event a seat saw; a snapshot is quicker but forgets them)."""
        self.on_load: Callable[[Live], None] = lambda live: None
        """Called with a match when this process first loads it (its bots may owe a move
        after a restart)."""
        self._held: dict[int, Live] = {}
        self._codes: dict[str, int] = {}
        self._loading = asyncio.Lock()

    async def load(self, code: str) -> Live:
        """The match with this room code, loaded if this process does not hold it yet."""
        key = normal_room_code(code)
        match_id = self._codes.get(key)
        if match_id is None:
            record = await self.store.match_by_code(key)
            if record is None:
                raise NotFound(f"No table has the room code {code!r}; check the code "
                               "with the host.")
            match_id = record.id
        return await self.load_id(match_id)

    async def load_id(self, match_id: int) -> Live:
        """The match with this id, loaded if this process does not hold it yet."""
        live = self._held.get(match_id)
        if live is not None:
            live.used_at = asyncio.get_running_loop().time()
            return live
        async with self._loading:
            live = self._held.get(match_id)
            if live is None:
                record = await self.store.match(match_id)
                live = Live(record, await self.store.seats(match_id), get_game(record.game))
                await self.sync(live)
                live.used_at = asyncio.get_running_loop().time()
                self._held[match_id] = live
                self._codes[record.code] = match_id
                self.on_load(live)
        return live

    def get(self, match_id: int) -> Live | None:
        """The match if this process holds it, else None (nothing is loaded)."""
        return self._held.get(match_id)

    def held(self) -> dict[int, Live]:
        """Every match this process holds, by id."""
        return self._held

    def forget(self, match_id: int) -> Live | None:
        """Drop a match from this process (its copy is rebuilt from the store if asked)."""
        live = self._held.pop(match_id, None)
        if live is not None:
            self._codes.pop(live.record.code, None)
        return live

    async def sync(self, live: Live) -> None:
        """Bring the match up to date with the store (another process may have moved it)."""
        record = await self.store.match(live.record.id)
        if record.seq < live.seq:  # cannot happen unless our copy went astray: rebuild
            live.match = None
        live.record = record
        if record.status in (LOBBY, CANCELLED):  # no log: nothing to replay
            return
        if live.match is None:
            live.seats = await self.store.seats(record.id)
            live.match = await self._rebuild(live)
        while live.seq < record.seq:
            for entry in await self.store.entries(record.id, after=live.seq):
                live.match.apply_entry(entry)
            if live.seq > record.seq:  # written since we read the record: read it again,
                record = await self.store.match(record.id)  # so clock and copy agree
                live.record = record

    async def _rebuild(self, live: Live) -> Match:
        """Replay the log; a long one starts from its latest snapshot instead."""
        if live.record.seq > self.replay_limit:
            snapshot = await self.store.latest_snapshot(live.record.id)
            if snapshot is not None and _is_snapshot(snapshot[1]):
                seq, stored = snapshot
                names = [seat.name or "" for seat in live.seats]
                before = [e for e in await self.store.entries(live.record.id) if e.seq <= seq]
                return Match.restore(live.game, names, live.record.options, live.record.seed,
                                     stored["state"], before, stored["known"])
        return new_match(live)

    async def read(self, live: Live, reader: Callable[[Live], T]) -> T:
        """Run `reader` on the match as committed, brought up to date from the store and
        under its lock (a gateway that is not told of every move reads this way)."""
        async with live.lock:
            await self.sync(live)
            return reader(live)
