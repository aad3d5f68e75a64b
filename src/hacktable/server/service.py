"""The table: matches as the server keeps them, and every way a match can move.

Every move follows one path (`write`): bring the match up to date from the store, let
the engine apply the move, then commit the new log entries with the match's clock, at the
sequence number the match had. A conflict means another process moved first: reload and
try again. Only a committed move is acknowledged, published and shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple, TypeVar

from hacktable.bots.registry import UnknownPersonality, make_bot
from hacktable.engine.contract import Game
from hacktable.engine.errors import OptionError, Rejected, UnknownGame
from hacktable.engine.match import HOST, SEAT, Entry, Match, check_depth
from hacktable.engine.seats import seat_names
from hacktable.games import get_game
from hacktable.server import bots as seat_bots
from hacktable.server import clockwork, housekeeping, wire
from hacktable.server.bodies import check_move_size
from hacktable.server.broker import LocalBroker
from hacktable.server.clock import Clock, iso
from hacktable.server.errors import (
    Busy,
    Cancelled,
    NotAllowed,
    NotFound,
    NoToken,
    TableError,
    TooFast,
    WrongMoment,
)
from hacktable.server.limits import TokenBuckets
from hacktable.server.live import Caller, Live
from hacktable.server.names import clash, normal_name
from hacktable.server.press import NEWS as PRESS_NEWS
from hacktable.server.press import PressDesk
from hacktable.server.security import (
    hash_matches,
    new_room_code,
    new_token,
    normal_room_code,
    token_hash,
    token_matches,
)
from hacktable.server.thinking import ThinkingPool
from hacktable.store import Conflict, MatchRecord, SeatRecord, Store
from hacktable.store.records import (
    BOT,
    CANCELLED,
    FINISHED,
    HELD,
    HUMAN,
    LOBBY,
    OPEN,
    PAUSED,
    RUNNING,
    JsonText,
)

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRIES = 20
RECENT_EVENTS = 60
NAME_LIMIT = 24
SNAPSHOT_FORMAT = 2
DEFAULT_THINKER_ITERATIONS = 256
"""The most search iterations a bot may spend on one move at a served table."""
DEFAULT_THINKER_SECONDS = 1.0
"""The most seconds a bot may search for one move at a served table."""


def _snapshot(match: Match) -> JsonText:
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


CANCELLED_NOTE = "The host cancelled this table before it started."
"""What everyone is told of a cancelled table (its pages, its sockets, its mail)."""


def _not_started(live: Live) -> WrongMoment:
    """Why a match with no log takes no move: not started yet, or cancelled."""
    if live.record.status == CANCELLED:
        return WrongMoment(CANCELLED_NOTE)
    return WrongMoment("The match has not started yet; wait for the host.")


class Acted(NamedTuple):
    """A move made: the entries it wrote, and the mover's own numbers for them."""

    entries: list[Entry]
    accepted: list[int]


class Table:
    """Lobby, seats, moves, host controls and deadlines, over a store and a broker."""

    def __init__(self, store: Store, broker: LocalBroker, clock: Clock,
                 snapshot_every: int = 50, replay_limit: int = 2000) -> None:
        self.store = store
        self.replay_limit = replay_limit
        """Logs longer than this load from their latest snapshot rather than from the seed
        (replaying keeps every event a seat saw; a snapshot is quicker but forgets them)."""
        self.broker = broker
        self.clock = clock
        self.snapshot_every = snapshot_every
        self._live: dict[int, Live] = {}
        self._codes: dict[str, int] = {}
        self._loading = asyncio.Lock()
        self.closing = False
        self.heard = 0
        """How many changes this process has heard of (its own and other processes'): the
        deadline loop asks the store again only when this moved or a deadline is due."""
        self.bot_pace = 0.0
        """Seconds per bot move for matches created without saying (the server's setting)."""
        self.thinking = ThinkingPool(1, DEFAULT_THINKER_ITERATIONS, DEFAULT_THINKER_SECONDS)
        """Where searching bots think (off the event loop); the server sets its size."""
        self.move_rate = TokenBuckets(0, 1)
        """Moves per seat (the server sets the rate; 0 per hour: no limit)."""
        self.move_items = 4096
        """The most values one move's JSON may hold (`Settings.max_move_items`)."""
        self.press = PressDesk(store)
        """Messages between seats (`server/press.py`): never part of the log."""

    # -- creating and joining -----------------------------------------------------------

    async def create(self, game_id: str, seat_count: int | None,
                     options: Mapping[str, Any] | None,
                     bots: Mapping[int, str] | None,
                     bot_pace: float | None = None, referee: bool = False,
                     held: Mapping[int, tuple[str, str]] | None = None
                     ) -> tuple[MatchRecord, str]:
        """A new match in its lobby; returns it and the host's token. `referee`: the host
        referees (sees every secret, takes no seat); `held`: seats kept for the players of
        an earlier match (name, token hash), see `rematch`."""
        try:
            game = get_game(game_id)
        except UnknownGame as error:
            raise NotFound(str(error)) from None
        count = game.min_seats if seat_count is None else seat_count
        if not game.min_seats <= count <= game.max_seats:
            raise Rejected(f"{game.name} is played by {game.min_seats} to {game.max_seats} "
                           f"players, not {count}.")
        try:
            resolved = game.options.resolve(options or {})
        except OptionError as error:
            raise Rejected(str(error)) from None
        chosen = {}
        for seat, personality in (bots or {}).items():
            if not 0 <= seat < count:
                raise Rejected(f"There is no seat {seat + 1} in a match of {count} seats.")
            chosen[seat] = self._personality(game, personality)
        host = new_token()
        seed = new_token()
        for _ in range(RETRIES):
            try:
                record = await self.store.create_match(
                    code=new_room_code(), game=game.id, options=resolved, seed=seed,
                    host_token=token_hash(host), now=self.clock.now(), seats=count,
                    bots=chosen, bot_pace=self.bot_pace if bot_pace is None else bot_pace,
                    referee=referee, held=held)
                return record, host
            except Conflict:
                continue
        raise Busy("Could not find a free room code; try again.")

    @staticmethod
    def _personality(game: Game, personality: str) -> str:
        try:
            make_bot(game, str(personality))
        except UnknownPersonality as error:
            raise Rejected(str(error)) from None
        return str(personality)

    async def join(self, code: str, seat: int, name: str,
                   asking: Caller | None = None) -> tuple[Live, str]:
        """Sit a person at an open seat under a name; returns their secret token.

        `asking` is who the person already is at this table (from the cookies their browser
        sent): one browser holds one seat, and a refereeing host holds none."""
        live = await self.load(code)
        if asking is not None and asking.role == "seat" and asking.seat is not None:
            held = live.seats[asking.seat]
            raise WrongMoment(f"You already sit in seat {asking.seat + 1} at this table"
                              f"{' as ' + held.name if held.name else ''}; one browser holds "
                              "one seat. Open the table to play it.")
        if asking is not None and asking.role == "host" and asking.referee:
            raise NotAllowed("You referee this match and see every secret in it, so you "
                             "cannot take a seat; the players sit from their own devices.")
        name = normal_name(str(name))
        if not name:
            raise Rejected("Type the name the other players will know you by.")
        if not name.isprintable():
            raise Rejected("Use letters, digits, spaces and punctuation in your name; "
                           "control characters cannot be shown to other players.")
        if len(name) > NAME_LIMIT:
            raise Rejected(f"Keep your name to {NAME_LIMIT} characters or fewer.")
        async with live.lock:
            await self.sync(live)
            if live.record.status == CANCELLED:
                raise WrongMoment(CANCELLED_NOTE)
            if live.record.status != LOBBY:
                raise WrongMoment("This match has started; seats can no longer be taken. "
                                  "Watch as a spectator, or ask the host for your link.")
            if not 0 <= seat < len(live.seats):
                raise Rejected(f"There is no seat {seat + 1}; pick one of 1 to "
                               f"{len(live.seats)}.")
            if live.seats[seat].kind == HELD:
                raise WrongMoment(f"Seat {seat + 1} is kept for {live.seats[seat].name}, who "
                                  "had it last time; pick an open seat.")
            if live.seats[seat].kind != OPEN:
                raise WrongMoment(f"Seat {seat + 1} is taken; pick an open seat.")
            taken = [s.name for s in live.seats if s.name and s.seat != seat]
            self._check_names(live, [*taken, name])
            token = new_token()
            if not await self.store.claim_seat(live.record.id, seat, name, token_hash(token),
                                               self.clock.now()):
                raise WrongMoment(f"Someone just took seat {seat + 1}; pick another.")
            live.seats = await self.store.seats(live.record.id)
        await self._announce(live, "room")
        return live, token

    def _check_names(self, live: Live, names: list[str]) -> None:
        """Names must suit the game (Rex Furum's orders name players): a trial set-up with
        placeholder names for the empty seats says so in the game's own words."""
        lowered = [n.lower() for n in names]
        if len(set(lowered)) != len(lowered):
            raise Rejected("Someone at this table already uses that name; pick another.")
        alike = clash(names)
        if alike is not None:
            raise Rejected(f"{alike[1]!r} looks too much like {alike[0]!r}, who sits at this "
                           "table already; pick a name nobody could mistake for theirs.")
        fill = [n for n in seat_names(len(live.seats) + len(names)) if n.lower() not in lowered]
        trial = names + fill[: len(live.seats) - len(names)]
        try:
            live.game.check_names(trial, live.options())
        except Rejected as error:
            raise Rejected(f"{error.reason} Pick another name.") from None

    # -- who is asking ------------------------------------------------------------------

    async def caller(self, live: Live, token: str | None, host_token: str | None = None
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

    @staticmethod
    def require_host(caller: Caller) -> None:
        if caller.role != "host":
            raise NotAllowed("Only the host can do that; open the host link.")

    @staticmethod
    def require_seat(caller: Caller) -> int:
        if caller.role != "seat" or caller.seat is None:
            if caller.role == "host":
                raise NotAllowed("The host console does not play; open your seat's link.")
            raise NoToken("Sit at a seat first (or open your personal link) to play.")
        return caller.seat

    # -- loading and catching up --------------------------------------------------------

    async def load(self, code: str) -> Live:
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
        live = self._live.get(match_id)
        if live is not None:
            live.used_at = asyncio.get_running_loop().time()
            return live
        async with self._loading:
            live = self._live.get(match_id)
            if live is None:
                record = await self.store.match(match_id)
                live = Live(record, await self.store.seats(match_id), get_game(record.game))
                await self.sync(live)
                live.used_at = asyncio.get_running_loop().time()
                self._live[match_id] = live
                self._codes[record.code] = match_id
                self.kick_bots(live)  # after a restart, bots may owe a move
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
        return self._new_match(live)

    def _new_match(self, live: Live) -> Match:
        names = [seat.name or "" for seat in live.seats]
        return Match(live.game, names, live.record.options, live.record.seed)

    async def read(self, live: Live, reader: Callable[[Live], T]) -> T:
        """Run `reader` on the match as committed, brought up to date from the store and
        under its lock (a gateway that is not told of every move reads this way)."""
        async with live.lock:
            await self.sync(live)
            return reader(live)

    # -- moving a match -----------------------------------------------------------------

    async def write(self, live: Live, step: Callable[[Live, float], clockwork.ClockState]
                     ) -> list[Entry]:
        """Apply `step` to the up-to-date match and commit what it logged.

        `step` returns the clock the match should have afterwards; it may raise (Rejected,
        WrongMoment…) and then nothing is stored. Returns the committed entries.
        """
        stale = live.match is None
        attempt = 0
        for _ in range(RETRIES):
            synced = stale
            if stale:  # our copy is known to be behind: catch up before trying
                await self.sync(live)
            stale = True  # a conflict below means another process moved first
            if live.match is None:
                raise _not_started(live)
            before = live.seq
            now = self.clock.now()
            try:
                clock = step(live, now)
            except (Rejected, TableError):
                if synced:
                    raise
                continue  # refused by a copy that may be behind: look again, up to date
            new = live.match.log[before:]
            clock = clockwork.after_move(clock, live.match, now)
            snapshot = None
            if (new and live.seq // self.snapshot_every > before // self.snapshot_every
                    and live.seq + self.snapshot_every > self.replay_limit):  # else unread
                snapshot = (live.seq, _snapshot(live.match))
            try:
                await self.store.append(live.record.id, before, new, status=clock.status,
                                        phase_key=clock.phase_key,
                                        deadline_at=clock.deadline_at,
                                        remaining=clock.remaining, snapshot=snapshot)
            except Conflict:
                live.match = None  # our copy holds an entry that lost: replay from the store
                attempt += 1
                await asyncio.sleep(random.uniform(0, 0.002 * attempt))  # let the winner go
                continue
            except BaseException:
                live.match = None
                raise
            moved = bool(new) or clock != live.clock
            live.record = replace(live.record, seq=live.seq, status=clock.status,
                                  phase_key=clock.phase_key, deadline_at=clock.deadline_at,
                                  remaining=clock.remaining)
            if moved:
                await self._announce(live, "move")
            return list(new)
        raise Busy("The table is very busy right now; send that again.")

    async def act(self, live: Live, caller: Caller, action: Any = None,
                  text: str | None = None, phase: str | None = None) -> Acted:
        """A seat's move, as JSON or in the game's notation; with `phase`, only while that
        phase is still open (a move written for a round must not land in the next one).
        Returns the entries written and the mover's own numbers for them, worked out under
        the same hold of the lock."""
        seat = self.require_seat(caller)
        key = f"{live.record.id}:{seat}"
        if self.move_rate.take(key) > 0:
            raise TooFast("You are sending moves faster than the table takes them; wait a "
                          "moment and send again.")
        if text is None:
            check_move_size(action, self.move_items)  # before the game walks it

        def step(live: Live, now: float) -> clockwork.ClockState:
            self._check_may_act(live, seat, now)
            assert live.match is not None
            if phase is not None and live.match.game.phase_key(live.match.state) != phase:
                raise WrongMoment("That phase has closed; the move was not made.")
            if text is not None:
                live.match.submit_text(seat, text, at=iso(now))
            else:
                live.match.submit_json(seat, action, at=iso(now))
            return live.clock

        async with live.lock:
            entries = await self.write(live, step)
            accepted = live.numbers(caller, entries)
        self.kick_bots(live)
        return Acted(entries, accepted)

    def _check_may_act(self, live: Live, seat: int, now: float | None = None) -> None:
        """Refuse a move the match cannot take now. With `now`, a move that arrives after
        its phase's deadline is refused even if the deadline loop has not closed the phase
        yet: the deadline, not the loop's tick, ends the phase."""
        status = live.record.status
        if status == PAUSED and seat != live.game.referee_seat:
            raise WrongMoment("The host paused the match; wait until the clock runs again.")
        if status in FINISHED:
            raise WrongMoment("This match is over; no more moves can be made.")
        deadline = live.record.deadline_at
        if now is not None and status == RUNNING and deadline is not None and deadline <= now:
            raise WrongMoment("Time is up for this phase; the move was not made.")
        assert live.match is not None
        if seat not in live.prompts():
            raise WrongMoment("It is not your turn; wait until the game asks you.")

    async def check(self, live: Live, caller: Caller, action: Any = None,
                    text: str | None = None) -> list[str]:
        """Read a move without making it: what the game understood, or why it refuses."""
        seat = self.require_seat(caller)
        async with live.lock:
            await self.sync(live)
            if live.match is None:
                raise _not_started(live)
            self._check_may_act(live, seat)
            match = live.match
            if text is None:
                check_move_size(action, self.move_items)
                check_depth(action)
            parsed = (match.game.parse(match.state, seat, text) if text is not None
                      else match.game.action_from_json(action))
            events = match.game.preview(match.state, seat, parsed)
            return [match.game.describe(event, match.state) for event in events
                    if event.visible_to(seat)]

    async def host(self, live: Live, caller: Caller, command: str,
                   seconds: float | None = None, seat: int | None = None,
                   personality: str | None = None) -> None:
        """Host controls: start, pause, resume, extend, shorten, close (the phase, now),
        bot, open (a seat kept for a player who is not coming back), end (before the start:
        cancel the table)."""
        self.require_host(caller)
        if command == "end" and await self._cancel(live):
            return
        if command == "start":
            await self._start(live)
        elif command == "bot":
            await self._hand_to_bot(live, seat, personality)
        elif command == "open":
            await self._open_held(live, seat)
        else:
            async with live.lock:
                await self.write(live, lambda live, now: self._host_step(
                    live, now, command, seconds))
        self.kick_bots(live)

    def _host_step(self, live: Live, now: float, command: str,
                   seconds: float | None) -> clockwork.ClockState:
        clock = live.clock
        assert live.match is not None
        if clock.status in FINISHED:
            raise WrongMoment("This match is over; there is nothing left to control.")
        payload: dict[str, Any] = {"do": command}
        if command == "pause":
            if clock.status == PAUSED:
                raise WrongMoment("The clock is already paused.")
            new = clockwork.pause(clock, now)
        elif command == "resume":
            if clock.status != PAUSED:
                raise WrongMoment("The clock is running; there is nothing to resume.")
            new = clockwork.resume(clock, now)
        elif command == "extend":
            if seconds is None or not 0 < seconds <= 7 * 24 * 3600:
                raise Rejected("Extend by a number of seconds between 1 and a week.")
            if clock.deadline_at is None and clock.remaining is None:
                raise WrongMoment("This phase has no deadline to extend.")
            new = clockwork.extend(clock, seconds)
            payload["seconds"] = seconds
        elif command == "shorten":
            if seconds is None or not 0 < seconds <= 7 * 24 * 3600:
                raise Rejected("Shorten by a number of seconds between 1 and a week.")
            if clock.deadline_at is None and clock.remaining is None:
                raise WrongMoment("This phase has no deadline to shorten.")
            new = clockwork.shorten(clock, seconds, now)
            payload["seconds"] = seconds
        elif command == "close":
            if clock.status == PAUSED:
                raise WrongMoment("The clock is paused; resume it before closing the phase.")
            if not live.match.prompts():
                raise WrongMoment("Nobody is being asked anything; there is no phase to close.")
            live.match.note(HOST, payload, at=iso(now))
            live.match.close_phase(at=iso(now))  # as if its time ran out, now
            return clock
        elif command == "end":
            new = clockwork.end(clock)
        else:
            raise NotFound(f"There is no host control called {command!r}; use start, "
                           "pause, resume, extend, shorten, close, bot, open or end.")
        live.match.note(HOST, payload, at=iso(now))
        return new

    async def _cancel(self, live: Live) -> bool:
        """End a table that never started: cancelled for good, its seats freed, everyone
        watching it told. False if it has started: then `end` ends the match instead."""
        async with live.lock:
            await self.sync(live)
            if live.record.status == CANCELLED:
                raise WrongMoment(CANCELLED_NOTE)
            if live.record.status != LOBBY or not await self.store.cancel_match(live.record.id):
                return False
            live.record = await self.store.match(live.record.id)
            live.seats = await self.store.seats(live.record.id)
        await self._announce(live, "room")
        return True

    async def _start(self, live: Live) -> None:
        async with live.lock:
            await self.sync(live)
            if live.record.status == CANCELLED:
                raise WrongMoment(CANCELLED_NOTE)
            if live.record.status != LOBBY:
                raise WrongMoment("The match has already started.")
            open_seats = [s.seat + 1 for s in live.seats if s.kind == OPEN]
            if open_seats:
                raise WrongMoment(
                    f"Seat {', '.join(map(str, open_seats))} is still empty: wait for a "
                    "player, or hand it to a bot.")
            kept = [s for s in live.seats if s.kind == HELD]
            if kept:
                raise WrongMoment(
                    f"{', '.join(s.name or '?' for s in kept)} has not sat down again yet "
                    f"(seat {', '.join(str(s.seat + 1) for s in kept)}): wait for them, open "
                    "the seat for someone else, or hand it to a bot.")
            taken = [s.name for s in live.seats if s.name]
            names = iter(n for n in seat_names(len(live.seats) * 2)
                         if n.lower() not in {t.lower() for t in taken})
            for seat in live.seats:
                if seat.name is None:
                    await self.store.set_seat(live.record.id, seat.seat, kind=seat.kind,
                                              name=next(names),
                                              personality=seat.personality)
            live.seats = await self.store.seats(live.record.id)
            live.match = self._new_match(live)
            now = self.clock.now()
            live.match.note(HOST, {"do": "start"}, at=iso(now))
            clock = clockwork.after_move(live.clock, live.match, now)
            try:
                await self.store.append(live.record.id, 0, live.match.log, status=clock.status,
                                        phase_key=clock.phase_key,
                                        deadline_at=clock.deadline_at,
                                        remaining=clock.remaining)
            except Conflict:
                live.match = None
                raise WrongMoment("The match has already started.") from None
            live.record = await self.store.match(live.record.id)
        await self._announce(live, "room")

    async def _hand_to_bot(self, live: Live, seat: int | None, personality: str | None) -> None:
        """Replace an absent player (or fill an empty seat) with a bot."""
        if seat is None or not 0 <= seat < len(live.seats):
            raise Rejected(f"Name a seat from 1 to {len(live.seats)}.")
        chosen = self._personality(live.game, personality or "random-legal")
        async with live.lock:
            await self.sync(live)
            if live.record.status == CANCELLED:
                raise WrongMoment(CANCELLED_NOTE)
            if live.record.status in FINISHED:
                raise WrongMoment("This match is over; there is nothing left to control.")
            if live.record.status != LOBBY:  # the log records it first: it is the truth
                await self.write(live, lambda live, now: self._seat_note(
                    live, now, seat, chosen))
            await self.store.set_seat(live.record.id, seat, kind=BOT,
                                      name=live.seats[seat].name, personality=chosen,
                                      token=None)
            live.seats = await self.store.seats(live.record.id)
        await self._announce(live, "room")

    async def _open_held(self, live: Live, seat: int | None) -> None:
        """Open a seat kept for a player of the match before, for anyone to take."""
        if seat is None or not 0 <= seat < len(live.seats):
            raise Rejected(f"Name a seat from 1 to {len(live.seats)}.")
        async with live.lock:
            await self.sync(live)
            if live.record.status != LOBBY or live.seats[seat].kind != HELD:
                raise WrongMoment(f"Seat {seat + 1} is not kept for anyone; only a seat kept "
                                  "for a player of the last match can be opened.")
            await self.store.set_seat(live.record.id, seat, kind=OPEN, name=None,
                                      personality=None, token=None)
            live.seats = await self.store.seats(live.record.id)
        await self._announce(live, "room")

    def held_for(self, live: Live, tokens: list[str]) -> SeatRecord | None:
        """The seat this match keeps for whoever holds one of `tokens` (the seat tokens
        their browser holds, for any table), if any."""
        for seat in live.seats:
            if seat.kind == HELD and any(token_matches(seat.token, t) for t in tokens):
                return seat
        return None

    async def take_held(self, live: Live, tokens: list[str]) -> tuple[int, str]:
        """The player of the match before sits down again in the seat kept for them;
        returns the seat and its new token. Only their own browser (or personal link),
        which holds their old token, can do it."""
        async with live.lock:
            await self.sync(live)
            kept = self.held_for(live, tokens)
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
        await self._announce(live, "room")
        return kept.seat, token

    async def release_held(self, live: Live, tokens: list[str]) -> int:
        """The player of the match before will not play again: their seat opens."""
        async with live.lock:
            await self.sync(live)
            kept = self.held_for(live, tokens)
            if kept is None:
                raise NotAllowed("No seat at this table is kept for you.")
            await self.store.set_seat(live.record.id, kept.seat, kind=OPEN, name=None,
                                      personality=None, token=None)
            live.seats = await self.store.seats(live.record.id)
        await self._announce(live, "room")
        return kept.seat

    @staticmethod
    def _seat_note(live: Live, now: float, seat: int, personality: str
                   ) -> clockwork.ClockState:
        assert live.match is not None
        live.match.note(SEAT, {"do": "bot", "seat": seat, "personality": personality},
                        seat=seat, at=iso(now))
        live.declined.pop(seat, None)
        return live.clock

    async def note_seat(self, live: Live, seat: int, payload: Mapping[str, Any]) -> bool:
        """Log a change to how a seat is played (e.g. email turned on for it), for everyone
        at the table to see. Before the match starts there is no log yet, and nothing is
        written (the room shows its seats); returns whether an entry was written."""
        def step(live: Live, now: float) -> clockwork.ClockState:
            assert live.match is not None
            live.match.note(SEAT, {**payload, "seat": seat}, seat=seat, at=iso(now))
            return live.clock

        async with live.lock:
            await self.sync(live)
            if live.record.status == LOBBY:
                return False
            await self.write(live, step)
        return True

    # -- deadlines ----------------------------------------------------------------------

    async def fire_due(self, lease: float = 30.0) -> int:
        """Close every phase whose deadline passed; returns how many were closed here."""
        fired = 0
        for match_id in await self.store.claim_due(self.clock.now(), lease):
            try:
                live = await self.load_id(match_id)
                async with live.lock:
                    entries = await self.write(live, self._timeout_step)
                fired += bool(entries)
            except TableError:  # busy, or no longer running: the next tick looks again
                continue
            self.kick_bots(live)
        return fired

    @staticmethod
    def _timeout_step(live: Live, now: float) -> clockwork.ClockState:
        """Close the phase only if its deadline really passed (another process may have
        closed it, or the host extended it, since the claim)."""
        clock = live.clock
        assert live.match is not None
        if clock.status != RUNNING or clock.deadline_at is None or clock.deadline_at > now:
            return clock
        if clock.phase_key != live.match.game.phase_key(live.match.state):
            return clock  # the deadline is not this phase's: our copy is behind, look again
        live.match.close_phase(at=iso(now))
        return clock

    # -- playing again ------------------------------------------------------------------

    async def rematch(self, live: Live, caller: Caller) -> tuple[MatchRecord, str]:
        """A new match of the same game, seats, rule options and bots, for a finished one;
        the old match's log names it, so every player's end screen offers to sit again.

        Each person's seat is kept for them (`HELD`, under their old token's hash): the new
        room code is public, and a spectator who reads it must not sit in Ann's seat
        before Ann does. Only Ann's own browser or personal link can take it."""
        self.require_host(caller)
        async with live.lock:
            await self.sync(live)
            if live.record.status == CANCELLED:
                raise WrongMoment(CANCELLED_NOTE + " Host a new table from the lobby.")
            if live.record.status not in FINISHED or live.match is None:
                raise WrongMoment("The match is still going; play again once it is over.")
            opened = next((e.payload["code"] for e in live.match.log
                           if e.kind == HOST and (e.payload or {}).get("do") == "rematch"), None)
            if opened is not None:
                raise WrongMoment(f"A new table to play again is already open: {opened}.")
        bots = {s.seat: s.personality or "random-legal" for s in live.seats if s.kind == BOT}
        held = {s.seat: (s.name, s.token) for s in live.seats
                if s.kind == HUMAN and s.token and s.name}
        record, host = await self.create(live.game.id, len(live.seats), live.record.options,
                                         bots, live.record.bot_pace, live.record.referee, held)

        def step(live: Live, now: float) -> clockwork.ClockState:
            assert live.match is not None
            live.match.note(HOST, {"do": "rematch", "code": record.code}, at=iso(now))
            return live.clock

        async with live.lock:
            await self.write(live, step)
        return record, host

    # -- forgetting (the rules: `housekeeping.py`) ------------------------------------------

    def loaded(self) -> dict[int, Live]:
        """The matches this process holds, by id."""
        return self._live

    def forget(self, match_id: int) -> Live | None:
        """Drop a match from this process (its copy is rebuilt from the store if asked)."""
        live = self._live.pop(match_id, None)
        if live is not None:
            self._codes.pop(live.record.code, None)
        self.press.forget(match_id)
        return live

    async def expire(self, keep_days: float) -> int:
        """`housekeeping.expire` on this table."""
        return await housekeeping.expire(self, keep_days)

    def evict_idle(self, idle_seconds: float) -> int:
        """`housekeeping.evict_idle` on this table."""
        return housekeeping.evict_idle(self, idle_seconds)

    # -- bots ---------------------------------------------------------------------------

    def kick_bots(self, live: Live) -> None:
        """Let the bots in this match act, in the background (see `server/bots.py`)."""
        if not self.closing:
            seat_bots.kick(self, live)

    # -- telling the world --------------------------------------------------------------

    async def _announce(self, live: Live, what: str) -> None:
        await self.broker.publish(live.record.id, live.seq, what)

    async def on_message(self, match_id: int, seq: int, what: str, here: bool = False
                         ) -> None:
        """A match moved (`here`, in this process, whose copy is already up to date; or in
        another): wake its watchers. A message between seats (`what="press"`, `seq` its
        id) wakes only its readers' sockets."""
        if what == PRESS_NEWS:
            await self.press.heard(self._live.get(match_id), seq, here)
            return
        self.heard += 1
        live = self._live.get(match_id)
        if live is None:
            return
        if not here and (what == "room" or seq > live.seq):  # another process moved it
            try:
                async with live.lock:
                    await self.sync(live)
                    if what == "room":
                        live.seats = await self.store.seats(match_id)
            except Exception:
                log.exception("could not catch up with match %s", match_id)
        live.version += 1
        live.last_news = what
        if what == "room":
            live.room_version += 1
        live.lock.when_free(live.bell.ring)  # told under the lock: ring as it is let go

    async def catch_up(self) -> None:
        """Wake the watchers of any match another process moved without us hearing of it
        (a fan-out message lost while Redis was away, or a process killed just after its
        commit)."""
        watched = {match_id: live.seq for match_id, live in self._live.items()
                   if live.watchers}
        if not watched:
            return
        await self.press.catch_up(self._live)  # messages between seats, likewise
        for match_id, seq in (await self.store.seqs(list(watched))).items():
            if seq > watched[match_id]:
                await self.on_message(match_id, seq, "move")

    async def close(self) -> None:
        self.closing = True
        tasks = [live.bots_task for live in self._live.values()
                 if live.bots_task is not None and not live.bots_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.press.close()
        await asyncio.to_thread(self.thinking.close)
