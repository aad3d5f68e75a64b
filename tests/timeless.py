"""Every way hacktable writes a time, set aside, so that two readings taken at different
instants compare equal when nothing but the clock differs between them.

The renderings covered (each is checked against its real renderer, across minute, hour,
day and year boundaries, in `tests/test_timeless.py`):

- ISO-8601 instants: the API's and the log's times, `server_now`, `data-deadline`,
  `data-server-now`, `<time datetime=…>` (`server/clock.py`, `iso`);
- a deadline as a wall-clock time, "2026-12-07 02:58 UTC", or "02:58 UTC" read the same day
  (`web/render.py`, `clock`);
- the countdown's first text, "19:59" or "1:00:00", inside the element that carries
  `data-deadline` (`countdown`, `duration`);
- a held or paused clock's time left: "12 min left" on screens (`minutes_left`), the
  number of seconds in `remaining`, and "20 minutes after the host restarts" in mail
  (`mail/gateway.py`);
- a deadline in a mail, "Monday 07 December 2026, 02:58:00 UTC (UTC)" (`mail/compose.py`,
  `when`), and a mail's `Date:` header.

Each pattern also matches inside JSON (a socket's `html`, where quotes come as `\\"`).
"""

from __future__ import annotations

import re

Q = r'\\?"'
"""A double quote, bare or escaped inside a JSON string."""

DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|"
          "December")

MASKS: list[tuple[re.Pattern[str], str]] = [
    # a mail's deadline, to the second, with the zone's abbreviation and key
    (re.compile(rf"\b(?:{DAYS}) \d\d (?:{MONTHS}) \d{{4}}, \d\d:\d\d:\d\d [^\s(]+ \([^)]+\)"),
     "WHEN"),
    # a mail's Date: header (RFC 2822)
    (re.compile(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul"
                r"|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d (?:[+-]\d{4}|GMT|UTC)"), "DATE"),
    # ISO-8601, to the minute or finer, with or without its zone
    (re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?"),
     "TIME"),
    # a deadline as a wall-clock time, with or without its date
    (re.compile(r"\b(?:\d{4}-\d\d-\d\d )?\d\d?:\d\d(?::\d\d)? UTC\b"), "CLOCK"),
    # the countdown's first text, in whatever element carries the deadline
    (re.compile(rf"(data-deadline={Q}[^\"\\]*{Q}[^>]*>)[^<]*"), r"\1LEFT"),
    # a held or paused clock's time left
    (re.compile(r"\b\d+ min left\b"), "N min left"),
    (re.compile(rf"({Q}remaining{Q}\s*:\s*)-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"), r"\1LEFT"),
    (re.compile(r"\b\d+ minutes after the host restarts\b"),
     "N minutes after the host restarts"),
]


def set_times_aside(text: str) -> str:
    """`text` with every rendering of a time replaced by a word that names its kind."""
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text
