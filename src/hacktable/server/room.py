"""The room: a table before, around and after its match. Creating one, sitting at it,
starting it, cancelling it, handing a seat to a bot, noting how a seat is played, and
opening a new table to play again.

The room is what everyone at a table sees of it besides the game: every change here is
announced as `"room"`, and a change to a match that has started is logged first (the log
is the truth, and every screen says it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from hacktable.bots.registry import UnknownPersonality, make_bot
from hacktable.engine.errors import OptionError, Rejected, UnknownGame
from hacktable.engine.match import HOST, SEAT
from hacktable.engine.parts import AnyGame
from hacktable.engine.seats import seat_names
from hacktable.games import get_game
from hacktable.server import clockwork
from hacktable.server.callers import require_host
from hacktable.server.clock import Clock, iso
from hacktable.server.errors import CANCELLED_NOTE, Busy, NotAllowed, NotFound, WrongMoment
from hacktable.server.fanout import FanOut
from hacktable.server.live import Caller, Live
from hacktable.server.match_writer import RETRIES, MatchWriter
from hacktable.server.matches import Matches, new_match
from hacktable.server.names import clash, normal_name
from hacktable.server.security import new_room_code, new_token, token_hash
from hacktable.store import Conflict, MatchRecord
from hacktable.store.records import BOT, CANCELLED, FINISHED, HELD, HUMAN, LOBBY, OPEN

NAME_LIMIT = 24
"""The longest name a player may sit under."""


class Hosted(NamedTuple):
    """A table just made: its record, the host's token and, for a host who sat down as
    they made it, their seat and its token."""

    record: MatchRecord
    host_token: str
    seat: int | None
    seat_token: str | None


def personality(game: AnyGame, name: str) -> str:
    """A bot personality the game has, or a refusal naming the ones it has."""
    try:
        make_bot(game, str(name))
    except UnknownPersonality as error:
        raise Rejected(str(error)) from None
    return str(name)


class Room:
    """Tables created, joined, started, cancelled and played again."""

    def __init__(self, matches: Matches, writer: MatchWriter, fanout: FanOut,
                 clock: Clock) -> None:
        self.matches = matches
        self.store = matches.store
        self.writer = writer
        self.fanout = fanout
        self.clock = clock
        self.bot_pace = 0.0
        """Seconds per bot move for matches created without saying (the server's setting)."""
        self.on_start: Callable[[Live], None] = lambda live: None
        """Called with a match that started by itself, its last seat filled (its bots may
        owe the first move)."""

    async def create(self, game_id: str, seat_count: int | None,
                     options: Mapping[str, Any] | None,
                     bots: Mapping[int, str] | None,
                     bot_pace: float | None = None, referee: bool = False,
                     held: Mapping[int, tuple[str, str]] | None = None,
                     start_when_full: bool = False) -> tuple[MatchRecord, str]:
        """A new match in its lobby; returns it and the host's token. `referee`: the host
        referees (sees every secret, takes no seat); `held`: seats kept for the players of
        an earlier match (name, token hash), see `rematch`; `start_when_full`: the match
        starts by itself once no seat is left open (at once if bots fill every seat)."""
        hosted = await self.host(game_id, seat_count, options, bots, bot_pace, referee, held,
                                 start_when_full)
        return hosted.record, hosted.host_token

    async def host(self, game_id: str, seat_count: int | None,
                   options: Mapping[str, Any] | None,
                   bots: Mapping[int, str] | None,
                   bot_pace: float | None = None, referee: bool = False,
                   held: Mapping[int, tuple[str, str]] | None = None,
                   start_when_full: bool = False, name: str | None = None,
                   seat: int | None = None) -> Hosted:
        """`create`, and with a `name` the host sits down as they create it: in `seat`, or
        the first seat no bot has; one request and one write where creating and then
        joining take two of each."""
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
        for number, bot in (bots or {}).items():
            if not 0 <= number < count:
                raise Rejected(f"There is no seat {number + 1} in a match of {count} seats.")
            chosen[number] = personality(game, bot)
        seated: dict[int, tuple[str, str]] = {}
        token = None
        if name is not None:
            seat = _host_seat(count, chosen, held or {}, referee, seat)
            name = _checked_name(name)
            _check_names_of(game, resolved, count, [name])
            token = new_token()
            seated[seat] = (name, token_hash(token))
        host = new_token()
        seed = new_token()
        for _ in range(RETRIES):
            try:
                record = await self.store.create_match(
                    code=new_room_code(), game=game.id, options=resolved, seed=seed,
                    host_token=token_hash(host), now=self.clock.now(), seats=count,
                    bots=chosen, bot_pace=self.bot_pace if bot_pace is None else bot_pace,
                    referee=referee, held=held, start_when_full=start_when_full,
                    seated=seated)
            except Conflict:
                continue
            if start_when_full and len(chosen) + len(seated) == count:  # nobody to wait for
                live = await self.matches.load_id(record.id)
                async with live.lock:
                    await self.matches.sync(live)
                    started = await self.start_if_full(live)
                if started:
                    await self.seats_changed(live, started)
                record = live.record
            return Hosted(record, host, seat if token else None, token)
        raise Busy("Could not find a free room code; try again.")

    async def join(self, code: str, seat: int, name: str,
                   asking: Caller | None = None) -> tuple[Live, str]:
        """Sit a person at an open seat under a name; returns their secret token.

        `asking` is who the person already is at this table (from the cookies their browser
        sent): one browser holds one seat, and a refereeing host holds none."""
        live = await self.matches.load(code)
        if asking is not None and asking.role == "seat" and asking.seat is not None:
            held = live.seats[asking.seat]
            raise WrongMoment(f"You already sit in seat {asking.seat + 1} at this table"
                              f"{' as ' + held.name if held.name else ''}; one browser holds "
                              "one seat. Open the table to play it.")
        if asking is not None and asking.role == "host" and asking.referee:
            raise NotAllowed("You referee this match and see every secret in it, so you "
                             "cannot take a seat; the players sit from their own devices.")
        name = _checked_name(name)
        async with live.lock:
            await self.matches.sync(live)
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
            _check_names(live, [*taken, name])
            token = new_token()
            if not await self.store.claim_seat(live.record.id, seat, name, token_hash(token),
                                               self.clock.now()):
                raise WrongMoment(f"Someone just took seat {seat + 1}; pick another.")
            live.seats = await self.store.seats(live.record.id)
            started = await self.start_if_full(live)
        await self.seats_changed(live, started)
        return live, token

    async def start(self, live: Live) -> None:
        """Start the match: every seat filled (a person, or a bot), the names given to seats
        nobody named, and the first entry logged."""
        async with live.lock:
            await self.matches.sync(live)
            _check_ready(live)
            await self._start_now(live)
        await self.fanout.announce(live, "room")

    async def start_if_full(self, live: Live) -> bool:
        """For a table that starts by itself: start it if no seat is left to fill. Called
        under the match's lock, just after a seat was filled; whether it started (the
        caller then calls `seats_changed`)."""
        if not live.record.start_when_full or live.record.status != LOBBY or any(
                seat.kind in (OPEN, HELD) for seat in live.seats):
            return False
        try:
            await self._start_now(live)
        except WrongMoment:  # another process started it first: the seat is still taken
            await self.matches.sync(live)
            return False
        return True

    async def seats_changed(self, live: Live, started: bool) -> None:
        """Tell everyone watching that a seat was filled (with the lock let go), and wake
        the bots of a match that `start_if_full` started with it."""
        await self.fanout.announce(live, "room")
        if started:
            self.on_start(live)

    async def _start_now(self, live: Live) -> None:
        """Name the seats nobody named, log the start and store it (under the lock, the
        table checked ready)."""
        taken = [s.name for s in live.seats if s.name]
        names = iter(n for n in seat_names(len(live.seats) * 2)
                     if n.lower() not in {t.lower() for t in taken})
        unnamed = [seat for seat in live.seats if seat.name is None]
        for seat in unnamed:
            await self.store.set_seat(live.record.id, seat.seat, kind=seat.kind,
                                      name=next(names), personality=seat.personality)
        if unnamed:
            live.seats = await self.store.seats(live.record.id)
        live.match = new_match(live)
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
        live.record = live.record.moved(live.seq, clock.status, clock.phase_key,
                                        clock.deadline_at, clock.remaining)  # as stored

    async def cancel(self, live: Live) -> bool:
        """End a table that never started: cancelled for good, its seats freed, everyone
        watching it told. False if it has started: then `end` ends the match instead."""
        async with live.lock:
            await self.matches.sync(live)
            if live.record.status == CANCELLED:
                raise WrongMoment(CANCELLED_NOTE)
            if live.record.status != LOBBY or not await self.store.cancel_match(live.record.id):
                return False
            live.record = await self.store.match(live.record.id)
            live.seats = await self.store.seats(live.record.id)
        await self.fanout.announce(live, "room")
        return True

    async def hand_to_bot(self, live: Live, seat: int | None, name: str | None) -> None:
        """Replace an absent player (or fill an empty seat) with a bot."""
        if seat is None or not 0 <= seat < len(live.seats):
            raise Rejected(f"Name a seat from 1 to {len(live.seats)}.")
        chosen = personality(live.game, name or "random-legal")
        async with live.lock:
            await self.matches.sync(live)
            if live.record.status == CANCELLED:
                raise WrongMoment(CANCELLED_NOTE)
            if live.record.status in FINISHED:
                raise WrongMoment("This match is over; there is nothing left to control.")
            if live.record.status != LOBBY:  # the log records it first: it is the truth
                await self.writer.write(live, lambda live, now: _bot_note(
                    live, now, seat, chosen))
            await self.store.set_seat(live.record.id, seat, kind=BOT,
                                      name=live.seats[seat].name, personality=chosen,
                                      token=None)
            live.seats = await self.store.seats(live.record.id)
            await self.start_if_full(live)  # the host's bot control kicks the bots
        await self.fanout.announce(live, "room")

    async def note_seat(self, live: Live, seat: int, payload: Mapping[str, Any]) -> bool:
        """Log a change to how a seat is played (e.g. email turned on for it), for everyone
        at the table to see. Before the match starts there is no log yet, and nothing is
        written (the room shows its seats); returns whether an entry was written."""
        def step(live: Live, now: float) -> clockwork.ClockState:
            assert live.match is not None
            live.match.note(SEAT, {**payload, "seat": seat}, seat=seat, at=iso(now))
            return live.clock

        async with live.lock:
            await self.matches.sync(live)
            if live.record.status == LOBBY:
                return False
            await self.writer.write(live, step)
        return True

    async def rematch(self, live: Live, caller: Caller) -> tuple[MatchRecord, str]:
        """A new match of the same game, seats, rule options and bots, for a finished one;
        the old match's log names it, so every player's end screen offers to sit again.

        Each person's seat is kept for them (`HELD`, under their old token's hash): the new
        room code is public, and a spectator who reads it must not sit in Ann's seat
        before Ann does. Only Ann's own browser or personal link can take it."""
        require_host(caller)
        async with live.lock:
            await self.matches.sync(live)
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
                                         bots, live.record.bot_pace, live.record.referee, held,
                                         live.record.start_when_full)

        def step(live: Live, now: float) -> clockwork.ClockState:
            assert live.match is not None
            live.match.note(HOST, {"do": "rematch", "code": record.code}, at=iso(now))
            return live.clock

        async with live.lock:
            await self.writer.write(live, step)
        return record, host


def _checked_name(name: str) -> str:
    """The name a person asked to sit under, tidied, or a refusal saying what to change."""
    name = normal_name(str(name))
    if not name:
        raise Rejected("Type the name the other players will know you by.")
    if not name.isprintable():
        raise Rejected("Use letters, digits, spaces and punctuation in your name; "
                       "control characters cannot be shown to other players.")
    if len(name) > NAME_LIMIT:
        raise Rejected(f"Keep your name to {NAME_LIMIT} characters or fewer.")
    return name


def _check_names(live: Live, names: list[str]) -> None:
    """Names must suit the game (Rex Furum's orders name players): a trial set-up with
    placeholder names for the empty seats says so in the game's own words."""
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(lowered):
        raise Rejected("Someone at this table already uses that name; pick another.")
    alike = clash(names)
    if alike is not None:
        raise Rejected(f"{alike[1]!r} looks too much like {alike[0]!r}, who sits at this "
                       "table already; pick a name nobody could mistake for theirs.")
    _check_names_of(live.game, live.options(), len(live.seats), names)


def _check_names_of(game: AnyGame, options: Mapping[str, Any], seats: int,
                    names: list[str]) -> None:
    """The game's own check of the names, on a trial set-up with placeholder names for the
    seats nobody has named yet."""
    lowered = [n.lower() for n in names]
    fill = [n for n in seat_names(seats + len(names)) if n.lower() not in lowered]
    trial = names + fill[: seats - len(names)]
    try:
        game.check_names(trial, options)
    except Rejected as error:
        raise Rejected(f"{error.reason} Pick another name.") from None


def _host_seat(count: int, bots: Mapping[int, str], held: Mapping[int, Any], referee: bool,
               seat: int | None) -> int:
    """The seat a host who plays sits in as they create the table: the one they named,
    else the first that no bot has and nobody is kept for."""
    if referee:
        raise NotAllowed("A host who referees sees every secret and takes no seat; leave "
                         "your name out, or untick refereeing to play.")
    free = [number for number in range(count) if number not in bots and number not in held]
    if seat is None:
        if not free:
            raise Rejected("Every seat is a bot's; make one a person's to sit in it.")
        return free[0]
    if not 0 <= seat < count:
        raise Rejected(f"There is no seat {seat + 1}; pick one of 1 to {count}.")
    if seat not in free:
        raise Rejected(f"Seat {seat + 1} is a bot's; pick a seat for a person.")
    return seat


def _check_ready(live: Live) -> None:
    """Refuse to start a match that is not in its lobby, or has a seat nobody fills."""
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


def _bot_note(live: Live, now: float, seat: int, chosen: str) -> clockwork.ClockState:
    """Log that a bot now plays for `seat`; the seat's declined prompts are forgotten."""
    assert live.match is not None
    live.match.note(SEAT, {"do": "bot", "seat": seat, "personality": chosen},
                    seat=seat, at=iso(now))
    live.declined.pop(seat, None)
    return live.clock
