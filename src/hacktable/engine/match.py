"""A match: a game, its options, its seats, a seed and an append-only log.

The log is the truth. Replaying it from the seed rebuilds the state bit for bit, because
entry `seq` always draws from the generator derived from (seed, seq).
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from hacktable.engine.contract import (
    GM,
    JSON,
    SPECTATOR,
    Action,
    Event,
    Game,
    Outcome,
    Prompt,
    Viewer,
)
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.options import OptionValue
from hacktable.engine.parts import AnyGame, complete
from hacktable.engine.rng import rng_for

ACTION = "action"
TIMEOUT = "timeout"
HOST = "host"
SEAT = "seat"
RUNTIME_KINDS = (HOST, SEAT)
"""Entries the runtime writes (pause, resume, extend, a seat handed to a bot…): they are
part of the record and tell the table what happened, but never touch the game's state."""
LOG_FORMAT = 1
MAX_DEPTH = 32
"""The deepest a move's JSON may nest: no game needs more than a few levels, and a move
nested hundreds deep would exhaust the stack of whoever copies or walks it."""


def check_depth(payload: JSON, limit: int = MAX_DEPTH) -> None:
    """Refuse a move whose JSON nests deeper than `limit` (walked without recursion)."""
    if not isinstance(payload, dict | list):
        return
    stack = [(payload, 1)]  # containers only: a scalar nests nothing
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            raise Rejected(f"A move nests its parts at most {limit} deep; send the move "
                           "as the game's controls make it.")
        items = value.values() if isinstance(value, dict) else value
        stack.extend((item, depth + 1) for item in items if isinstance(item, dict | list))


@dataclass(frozen=True, slots=True)
class Entry:
    """One log entry. `at` is the wall-clock time the runtime recorded, if any; the engine
    never reads it."""

    seq: int
    kind: str
    seat: int | None
    payload: JSON
    at: str | None = None

    def to_json(self) -> dict[str, JSON]:
        return {"seq": self.seq, "kind": self.kind, "seat": self.seat,
                "payload": self.payload, "at": self.at}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Entry:
        return cls(int(data["seq"]), str(data["kind"]), data.get("seat"),
                   data.get("payload"), data.get("at"))


class LoggedEvent(NamedTuple):
    """An event and the log entry that produced it (a named tuple: built for every event)."""

    seq: int
    event: Event


@dataclass(slots=True)
class _Known:
    """The log entries one viewer may know of, numbered for that viewer alone."""

    base: int = 0
    """Entries they knew of before the first entry whose events this match still holds (a
    match restored from a snapshot no longer holds the events of the entries before it)."""
    scanned: int = 0
    """How many of the match's entries have been looked at for this viewer."""
    seqs: list[int] = field(default_factory=list)
    """The log numbers (`seq`) of the entries they may know of, among those looked at."""


def _viewer_key(viewer: Viewer) -> str:
    return str(viewer)


class Match:
    """Drives one game through its log. Rejected input changes nothing and is not logged.

    Entries are numbered in the log (`seq`), but a viewer is never shown those numbers: a
    seat that saw entries 1 and 5 would know that three things it may not see happened in
    between (three hidden guards, three secret rolls). Each viewer gets their own gapless
    numbering of the entries they may know of (`known`, `number_for`)."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seats: Sequence[str],
        options: Mapping[str, Any] | None = None,
        seed: int | str = 0,
    ) -> None:
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise Rejected(
                f"{game.name} is played by {game.min_seats} to {game.max_seats} players, "
                f"not {len(seats)}."
            )
        self.game: AnyGame = complete(game)
        self.seats: tuple[str, ...] = tuple(seats)
        self.options: dict[str, OptionValue] = game.options.resolve(options)
        self.seed = seed
        self.log: list[Entry] = []
        self._produced: list[tuple[int, list[Event]]] = []  # (seq, events), per entry
        self._events: list[LoggedEvent] = []
        self._flattened = 0
        self._known: dict[str, _Known] = {}
        self.state = game.setup(self.seats, self.options, rng_for(seed, 0))

    # -- moving the match -------------------------------------------------------------

    @property
    def next_seq(self) -> int:
        return len(self.log) + 1

    def submit(self, seat: int, action: Action, at: str | None = None) -> list[Event]:
        """Apply a seat's action; on success it is appended to the log."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise Rejected(f"There is no seat {seat!r} at this table.")
        payload = self.game.action_to_json(action)
        seq = self.next_seq
        events = self.game.apply(self.state, seat, action, rng_for(self.seed, seq))
        self._record(Entry(seq, ACTION, seat, payload, at), events)
        return events

    def submit_json(self, seat: int, payload: JSON, at: str | None = None) -> list[Event]:
        """Apply an action that arrived as JSON (from a browser, a file, a bot process)."""
        check_depth(payload)
        return self.submit(seat, self.game.action_from_json(payload), at)

    def submit_text(self, seat: int, text: str, at: str | None = None) -> list[Event]:
        """Apply an action written in the game's notation."""
        return self.submit(seat, self.game.parse(self.state, seat, text), at)

    def close_phase(self, at: str | None = None) -> list[Event]:
        """The runtime decided the phase's time ran out: let the game close it."""
        seq = self.next_seq
        events = self.game.timeout(self.state, rng_for(self.seed, seq))
        self._record(Entry(seq, TIMEOUT, None, None, at), events)
        return events

    def note(self, kind: str, payload: Mapping[str, JSON], seat: int | None = None,
             at: str | None = None) -> list[Event]:
        """Log a runtime decision (`host` or `seat` entry); the game's state is untouched."""
        if kind not in RUNTIME_KINDS:
            raise ValueError(f"{kind!r} is not a runtime entry kind")
        events = [Event(kind, dict(payload))]
        self._record(Entry(self.next_seq, kind, seat, dict(payload), at), events)
        return events

    def _record(self, entry: Entry, events: Iterable[Event]) -> None:
        self.log.append(entry)
        self._produced.append((entry.seq, list(events)))

    @property
    def events(self) -> list[LoggedEvent]:
        """Every event with the entry that made it, in log order. Built when first read, as
        bots and the simulator never read it and a match makes hundreds of events."""
        if self._flattened < len(self._produced):
            self._events += [LoggedEvent(seq, event)
                             for seq, events in self._produced[self._flattened:]
                             for event in events]
            self._flattened = len(self._produced)
        return self._events

    # -- reading the match ------------------------------------------------------------

    def prompts(self) -> dict[int, Prompt]:
        return self.game.prompts(self.state)

    def view(self, viewer: Viewer) -> JSON:
        return self.game.view(self.state, viewer)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def legal_actions(self, seat: int) -> list[Action] | None:
        return self.game.legal_actions(self.state, seat)

    def events_for(self, viewer: Viewer, last: int | None = None) -> list[LoggedEvent]:
        """The events `viewer` may know, in log order: a seat's view of the past. With
        `last`, only the latest that many, found from the end (a screen shows the recent
        past, and its cost must not grow with the length of the match)."""
        if last is None:
            return [logged for logged in self.events if logged.event.visible_to(viewer)]
        found: list[LoggedEvent] = []
        for logged in reversed(self.events):
            if len(found) >= last:
                break
            if logged.event.visible_to(viewer):
                found.append(logged)
        found.reverse()
        return found

    # -- what each viewer may know of the log -------------------------------------------

    def _knows(self, viewer: Viewer, index: int) -> bool:
        """Whether `viewer` may know that log entry `index` happened: their own move, or an
        entry that told them something."""
        entry = self.log[index]
        if entry.kind == ACTION and entry.seat == viewer:
            return True
        return any(event.visible_to(viewer) for event in self._produced[index][1])

    def _scan(self, viewer: Viewer) -> _Known:
        key = _viewer_key(viewer)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = _Known()
        if viewer == GM:
            return known
        for index in range(known.scanned, len(self.log)):
            if self._knows(viewer, index):
                known.seqs.append(self.log[index].seq)
        known.scanned = len(self.log)
        return known

    def known(self, viewer: Viewer) -> int:
        """How many log entries `viewer` may know of: their own position in the match,
        which grows by one for each entry that reaches them and never for another."""
        if viewer == GM:
            return len(self.log)
        known = self._scan(viewer)
        return known.base + len(known.seqs)

    def number_for(self, viewer: Viewer, seq: int) -> int | None:
        """`viewer`'s own number for log entry `seq` (1, 2, 3… over the entries they may
        know of), or None if they may not know of it (or it is from before a snapshot)."""
        if viewer == GM:
            return seq
        known = self._scan(viewer)
        at = bisect_left(known.seqs, seq)
        if at < len(known.seqs) and known.seqs[at] == seq:
            return known.base + at + 1
        return None

    def known_counts(self) -> dict[str, int]:
        """Every seat's and the spectator's count (stored with a snapshot, so a match
        restored from it goes on numbering where it left off)."""
        return {_viewer_key(viewer): self.known(viewer)
                for viewer in [*range(len(self.seats)), SPECTATOR]}

    def seat_of(self, name: str) -> int:
        wanted = name.strip().lower()
        for seat, seat_name in enumerate(self.seats):
            if seat_name.lower() == wanted:
                return seat
        raise Rejected(f"Nobody called {name!r} sits at this table.")

    # -- replay and (de)serialisation ---------------------------------------------------

    @classmethod
    def replay(
        cls,
        game: Game[Any, Any, Any],
        seats: Sequence[str],
        options: Mapping[str, Any] | None,
        seed: int | str,
        entries: Iterable[Entry],
    ) -> Match:
        """Rebuild a match from its log. Each entry must apply exactly as it did live."""
        match = cls(game, seats, options, seed)
        for entry in entries:
            match.apply_entry(entry)
        return match

    @classmethod
    def restore(
        cls,
        game: Game[Any, Any, Any],
        seats: Sequence[str],
        options: Mapping[str, Any] | None,
        seed: int | str,
        state: JSON,
        entries: Iterable[Entry],
        known: Mapping[str, int] | None = None,
    ) -> Match:
        """A match rebuilt from a snapshot of its state after `entries`, without replaying
        them: fast for long logs. The events those entries made are not known again;
        `known` (from `known_counts` at the snapshot) keeps each viewer's numbering."""
        match = cls(game, seats, options, seed)
        match.state = tree_copy(state)
        for entry in entries:
            if entry.seq != match.next_seq:
                raise ValueError(f"log entry {entry.seq} out of order")
            match._record(entry, ())
        for key, count in (known or {}).items():
            match._known[key] = _Known(base=int(count), scanned=len(match.log))
        return match

    def apply_entry(self, entry: Entry) -> list[Event]:
        if entry.seq != self.next_seq:
            raise ValueError(f"log entry {entry.seq} out of order; expected {self.next_seq}")
        if entry.kind == ACTION:
            if entry.seat is None:
                raise ValueError(f"log entry {entry.seq} is a move with no seat")
            action = self.game.action_from_json(entry.payload)
            events = self.game.apply(self.state, entry.seat, action, rng_for(self.seed, entry.seq))
        elif entry.kind == TIMEOUT:
            events = self.game.timeout(self.state, rng_for(self.seed, entry.seq))
        elif entry.kind in RUNTIME_KINDS:
            events = [Event(entry.kind, dict(entry.payload or {}))]
        else:
            raise ValueError(f"unknown log entry kind {entry.kind!r}")
        self._record(entry, events)
        return events

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": LOG_FORMAT,
            "game": self.game.id,
            "seats": list(self.seats),
            "options": dict(self.options),
            "seed": self.seed,
            "log": [entry.to_json() for entry in self.log],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON], game: Game[Any, Any, Any]) -> Match:
        """A match from its log; `game` is the game it names (`data["game"]`), looked up by
        the caller (the registry lives with the games, above the engine)."""
        if data.get("format") != LOG_FORMAT:
            raise ValueError(f"unsupported match log format {data.get('format')!r}")
        entries = [Entry.from_json(item) for item in data["log"]]
        return cls.replay(game, data["seats"], data["options"], data["seed"], entries)

    @classmethod
    def loads(cls, text: str, games: Callable[[str], Game[Any, Any, Any]]) -> Match:
        """A match from a downloaded log; `games` finds the game by the id it names."""
        data = json.loads(text)
        return cls.from_json(data, games(str(data.get("game"))))

    def snapshot(self) -> JSON:
        """A deep copy of the state in JSON form: a cache for fast loading, never the truth."""
        return tree_copy(self.state)
