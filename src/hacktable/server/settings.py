"""Server settings, from the environment with sensible defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hacktable.server.clock import Clock, OffsetClock, SystemClock

DEFAULT_TICK = 0.25
BODY_LIMITS = ("max_move_bytes", "max_move_items", "max_socket_message", "max_name_bytes",
               "max_create_bytes", "max_mail_bytes", "max_lab_bytes", "max_message_bytes",
               "max_other_bytes", "replay_upload_bytes")
"""The size limits of what a client sends, each set by `HACKTABLE_` and its name in capitals
(`HACKTABLE_MAX_MOVE_BYTES`); docs/security.md has the table."""


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None = None
    """None: an SQLite file under the user's data directory."""
    redis_url: str | None = None
    """Set when several server processes share one PostgreSQL database."""
    redis_prefix: str = "hacktable:"
    """Put before every Redis channel name: processes with another prefix share one Redis
    without hearing each other (two tables, or test runs side by side)."""
    ready_file: Path | None = None
    """A file written once the server has started (its database open, its loops running):
    whoever started the process waits for it instead of guessing a time."""
    exit_with_parent: bool = False
    """Stop when the process that started this one is gone (tests, supervisor scripts)."""
    parent_pid: int | None = None
    """The starter's process id, where it gave it: with `exit_with_parent`, a server whose
    starter died before it finished starting stops too."""
    clock_file: Path | None = None
    """Tests only: a file holding seconds to add to the system clock."""
    tick: float = DEFAULT_TICK
    """How often the deadline loop looks for deadlines that passed, in seconds."""
    snapshot_every: int = 50
    """A snapshot of the state is stored every this many log entries, once the log is
    within that many of `replay_limit` (a shorter log is replayed, never read from one)."""
    replay_limit: int = 2000
    """Logs longer than this load from their latest snapshot instead of replaying it all."""
    deadline_lease: float = 30.0
    """How long a process may hold a claimed deadline before another one takes it over."""
    lookup_misses_per_hour: float = 60
    """Room codes that do not exist one client may ask for an hour, after a first burst
    (0: no limit)."""
    creates_per_hour: float = 60
    """Matches one client may create an hour, after a first burst (0: no limit)."""
    rate_burst: float = 20
    """How many misses (or creates) a client may make at once before the hourly rate
    applies."""
    joins_per_hour: float = 30
    """Seats one client may take in any hour (0: no limit), counted in the store so every
    process counts the same: each seat may ask the mail gateway to write to an address, so
    seats must not be had by the hundred."""
    join_burst: float = 10
    """How many seats a client may take at once (per process) before the hourly rate
    applies."""
    trusted_proxies: tuple[str, ...] = ()
    """Reverse proxies (addresses or networks) whose `X-Forwarded-For` names the client;
    none by default, so a forged header names nobody (`limits.ClientAddress`)."""
    front_page_tables: int = 8
    """Room codes from this browser's cookies the front page reads at most (the newest),
    for its "your tables" list; each one that holds nothing counts as a missed room code."""
    keep_days: float = 30
    """Days a finished (or never started) match is kept after it was created; 0 keeps every
    match for ever. Running and paused matches are never removed."""
    max_sockets_per_match: int = 500
    """Live connections one process serves for one match (players and spectators)."""
    max_sockets_per_client: int = 30
    """Live connections one client address may hold to one match."""
    setup_lane: int = 1
    """Room requests (creating, seating, starting a match, opening a screen's socket)
    worked on at once; the rest wait their turn, so tables opening in a crowd do not hold
    up the moves of tables in play (`server/setup_lane.py`; 0: no lane). One at a time cut the
    load benchmark's push p99 by about a quarter against two, and set matches up about 7%
    slower when nothing else runs (docs/server.md, "Fifth round")."""
    gzip_minimum_bytes: int = 1000
    """Answers (pages, scripts, styles, JSON) this size or larger are sent gzip-compressed to
    a client that accepts it; smaller ones gain less than the header costs."""
    gzip_level: int = 6
    """zlib's level for those answers (1 fastest to 9 smallest; 0: send nothing compressed).
    9 saves about 1% more on a page than 6 for several times the CPU, on the event loop."""
    moves_per_second: float = 5.0
    """Moves one seat may make a second, after a first burst (0: no limit): a seat must not
    fill the log with thousands of entries."""
    move_burst: float = 60.0
    """How many moves a seat may make at once before the rate above applies."""
    press_max_chars: int = 2000
    """The longest message between players, in characters (`server/press.py`)."""
    press_per_minute: float = 10.0
    """Messages one seat may send a minute, after a first burst (0: no limit)."""
    press_burst: float = 20.0
    """How many messages a seat may send at once before the rate above applies."""
    bot_pace: float = 0.0
    """Seconds a bot takes per move at a table, unless the host chooses (`hacktable serve`
    makes it 1.5 so people can follow; 0 acts at once, as the simulator does)."""
    listen_host: str | None = None
    """The address the server listens on, as `hacktable serve --host` was given it (None:
    the address each request came in on): beyond loopback, the host page offers friends
    this machine's network address."""
    public_url: str | None = None
    """The address players reach the table at (behind a proxy or a domain), if known."""
    allowed_origins: tuple[str, ...] = ()
    """Other origins whose pages may write to this table (e.g. a site that embeds it behind
    a proxy with another host name); the table's own origin is always allowed."""
    pause_log: Path | None = None
    """A file the server notes its event loop's late wake-ups and the cycle collector's
    longer passes in, a JSON line each (`server/pauses.py`): where the worst latencies come
    from. Off unless asked."""
    telemetry: bool = False
    """FastAPI's own OpenTelemetry (spans, metrics and logs through the providers a
    deployment configures globally): off unless asked, since every request and socket
    otherwise looks the providers up."""
    bot_workers: int = max(1, (os.cpu_count() or 2) - 1)
    """Worker processes searching bots (the thinker) think in, off the event loop; one
    processor is left for the server itself."""
    thinker_iterations: int = 256
    """The most search iterations a bot may spend on one move at a table, whatever its
    personality asks for (`thinker:100000` gets this many)."""
    thinker_seconds: float = 1.0
    """The most seconds a bot may search for one move at a table."""
    lab_open: bool = False
    """Whether every visitor may watch, read and cancel every Lab run (a private table of
    friends); otherwise a run belongs to the browser that started it."""
    lab_seconds: float = 1800.0
    """The longest a Lab run may play before it is stopped, in seconds."""
    replay_upload_bytes: int = 2_000_000
    """The largest downloaded log a visitor may upload to replay it (`/replay`), in bytes."""
    replay_upload_entries: int = 20_000
    """The most log entries an uploaded log may hold: each is replayed through the game."""
    lab_jobs: int = 1
    """Simulation runs the Lab page (/lab) may have going at once; 0 turns the page off
    (a public table should, since a run keeps processors busy)."""
    lab_queue: int = 20
    """Lab runs that may wait for a free slot, all visitors together; past that a new run
    is refused until the queue moves."""
    lab_runs_per_visitor: int = 1
    """Lab runs one browser may have playing or waiting; starting another ends its own
    oldest, never someone else's."""
    lab_budget: float = 200_000
    """The most a Lab run may cost: its games times the search iterations a move of all its
    seats' bots together (a bot that does not search counts 1). A bigger run is cut to fewer
    games before it starts, and says so: 200 games of five default thinkers (64 each) fit,
    5,000 of five `thinker:1024` are cut to 39. 0: no cap."""

    max_move_bytes: int = 64 * 1024
    """The largest body a move may send (POST /act and /check), in bytes: a written move is
    at most 20,000 characters (60 KB of UTF-8 at worst); no game's JSON move comes near."""
    max_move_items: int = 4096
    """The most values (lists, objects and what is in them) one move's JSON may hold, over
    HTTP or the socket: the largest move of any game holds a few dozen."""
    max_socket_message: int = 32_000
    """The longest message read from a screen's socket, in characters; longer ones are
    answered 413."""
    max_name_bytes: int = 4 * 1024
    """The largest body taking a seat may send (a seat and a name: 24 characters, at most
    12 bytes each written as JSON escapes)."""
    max_create_bytes: int = 32 * 1024
    """The largest body creating a match may send (game, seats, options, bots): the game
    with the most rule options sends about 2 KB with every one of them set."""
    max_mail_bytes: int = 64 * 1024
    """The largest body the email-play routes may send (the host's form names up to 64
    seats with an address of 254 characters and a name each: about 25 KB)."""
    max_lab_bytes: int = 32 * 1024
    """The largest Lab run's form (games, bots, options and at most 60 sweep cells)."""
    max_message_bytes: int = 32 * 1024
    """The largest body a message between seats may send (POST /messages): the text is at
    most `press_max_chars` characters (2,000: 24 KB at worst as JSON escapes) and the seats
    it goes to."""
    max_other_bytes: int = 4 * 1024
    """The largest body any other request may send (host controls, play again, a page's
    form): each carries a few fields or none."""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        values: dict[str, object] = {
            "database_url": env.get("HACKTABLE_DATABASE_URL") or None,
            "redis_url": env.get("HACKTABLE_REDIS_URL") or None,
            "redis_prefix": env.get("HACKTABLE_REDIS_PREFIX") or None,
            "ready_file": Path(env["HACKTABLE_READY_FILE"]) if env.get("HACKTABLE_READY_FILE")
            else None,
            "exit_with_parent": _flag(env, "HACKTABLE_EXIT_WITH_PARENT"),
            "telemetry": _flag(env, "HACKTABLE_TELEMETRY"),
            "pause_log": Path(env["HACKTABLE_PAUSE_LOG"]) if env.get("HACKTABLE_PAUSE_LOG")
            else None,
            "parent_pid": int(env["HACKTABLE_PARENT_PID"]) if env.get("HACKTABLE_PARENT_PID",
                                                                      "").isdigit() else None,
            "clock_file": Path(env["HACKTABLE_CLOCK_FILE"]) if env.get("HACKTABLE_CLOCK_FILE")
            else None,
            "tick": float(env.get("HACKTABLE_TICK") or DEFAULT_TICK),
            "lookup_misses_per_hour": _number(env, "HACKTABLE_LOOKUP_MISSES_PER_HOUR"),
            "creates_per_hour": _number(env, "HACKTABLE_CREATES_PER_HOUR"),
            "rate_burst": _number(env, "HACKTABLE_RATE_BURST"),
            "joins_per_hour": _number(env, "HACKTABLE_JOINS_PER_HOUR"),
            "join_burst": _number(env, "HACKTABLE_JOIN_BURST"),
            "front_page_tables": _whole(env, "HACKTABLE_FRONT_PAGE_TABLES"),
            "lab_queue": _whole(env, "HACKTABLE_LAB_QUEUE"),
            "lab_runs_per_visitor": _whole(env, "HACKTABLE_LAB_RUNS_PER_VISITOR"),
            "lab_budget": _number(env, "HACKTABLE_LAB_BUDGET"),
            "keep_days": _number(env, "HACKTABLE_KEEP_DAYS"),
            "max_sockets_per_match": _whole(env, "HACKTABLE_MAX_SOCKETS_PER_MATCH"),
            "max_sockets_per_client": _whole(env, "HACKTABLE_MAX_SOCKETS_PER_CLIENT"),
            "bot_pace": _number(env, "HACKTABLE_BOT_PACE"),
            "setup_lane": _whole(env, "HACKTABLE_SETUP_LANE"),
            "gzip_minimum_bytes": _whole(env, "HACKTABLE_GZIP_MINIMUM_BYTES"),
            "gzip_level": _whole(env, "HACKTABLE_GZIP_LEVEL"),
            "moves_per_second": _number(env, "HACKTABLE_MOVES_PER_SECOND"),
            **{name: _whole(env, "HACKTABLE_" + name.upper()) for name in BODY_LIMITS},
            "move_burst": _number(env, "HACKTABLE_MOVE_BURST"),
            "press_max_chars": _whole(env, "HACKTABLE_PRESS_MAX_CHARS"),
            "press_per_minute": _number(env, "HACKTABLE_PRESS_PER_MINUTE"),
            "press_burst": _number(env, "HACKTABLE_PRESS_BURST"),
            "replay_upload_entries": _whole(env, "HACKTABLE_REPLAY_UPLOAD_ENTRIES"),
            "lab_jobs": _whole(env, "HACKTABLE_LAB_JOBS"),
            "lab_open": _flag(env, "HACKTABLE_LAB_OPEN"),
            "lab_seconds": _number(env, "HACKTABLE_LAB_SECONDS"),
            "bot_workers": _whole(env, "HACKTABLE_BOT_WORKERS"),
            "thinker_iterations": _whole(env, "HACKTABLE_THINKER_ITERATIONS"),
            "thinker_seconds": _number(env, "HACKTABLE_THINKER_SECONDS"),
            "listen_host": env.get("HACKTABLE_LISTEN_HOST") or None,
            "public_url": env.get("HACKTABLE_PUBLIC_URL") or None,
            "allowed_origins": tuple(o.strip() for o in
                                     env.get("HACKTABLE_ALLOWED_ORIGINS", "").split(",")
                                     if o.strip()),
            "trusted_proxies": tuple(p.strip() for p in
                                     env.get("HACKTABLE_TRUSTED_PROXIES", "").split(",")
                                     if p.strip()),
        }
        values.update({key: value for key, value in overrides.items() if value is not None})
        return cls(**{key: value for key, value in values.items()  # type: ignore[arg-type]
                      if value is not None})  # unset: the default above

    def clock(self) -> Clock:
        return OffsetClock(self.clock_file) if self.clock_file else SystemClock()


def _number(env: os._Environ[str] | dict[str, str], name: str) -> float | None:
    """A number from the environment, or None (the default) where it is not set."""
    value = env.get(name, "").strip()
    return float(value) if value else None


def _whole(env: os._Environ[str] | dict[str, str], name: str) -> int | None:
    number = _number(env, name)
    return None if number is None else int(number)


def _flag(env: os._Environ[str] | dict[str, str], name: str) -> bool | None:
    """A yes/no setting ("1", "true", "yes" or "on"), or None where it is not set."""
    value = env.get(name, "").strip().lower()
    return value in ("1", "true", "yes", "on") if value else None
