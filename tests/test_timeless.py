"""`set_times_aside` covers every way hacktable writes a time: each rendering, made by its
real renderer at two instants either side of a minute, an hour, a day and a year, reads
the same once times are set aside (and differed before), bare and inside JSON."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from tests.timeless import set_times_aside

from hacktable.mail.compose import compose, paused_for, when
from hacktable.mail.settings import MailSettings
from hacktable.server import wire
from hacktable.server.clock import iso
from hacktable.web.render import clock, templates


def _at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


STRADDLES = {
    "a minute": (_at("2026-12-07T02:57:59.250"), _at("2026-12-07T02:58:00.750")),
    "an hour": (_at("2026-12-07T02:59:59.250"), _at("2026-12-07T03:00:00.750")),
    "a day": (_at("2026-12-07T23:59:59.900"), _at("2026-12-08T00:00:01.100")),
    "a year": (_at("2026-12-31T23:59:59.400"), _at("2027-01-01T00:00:00.600")),
}
ROUND = 20 * 60.0
"""A Rex Furum round: a deadline this long after each instant straddles the same boundary."""


def _clock_part(status: str, deadline: float | None, remaining: float | None, held: bool,
                now: float) -> str:
    """The round clock as every game's screen includes it (`games/_clock.html`): the
    countdown (`countdown`), the deadline (`clock`) and the time left (`minutes_left`),
    each in the element that says what it is. (Alone, "19:59" is no more a time than a
    score is.)"""
    match = {"status": status, "deadline": iso(deadline), "remaining": remaining, "held": held}
    return templates().get_template("games/_clock.html").render(
        match=match, server_now=iso(now))


def renderings(began: float, now: float) -> dict[str, str]:
    """Every rendering of a time for a phase that began at `began`, read at `now`."""
    deadline = began + ROUND
    held = deadline + 0.5 - now  # a phase half a second longer, held at `now`: read later,
    # one table keeps 19 min 59 s ("20 min left"), the other 20 min 0.5 s ("21 min left")
    found = {
        "iso": iso(began) or "",
        "clock": clock(iso(deadline)),
        "clock, read the same day": clock(iso(deadline), iso(now)),
        "running screen": _clock_part("running", deadline, None, False, now),
        "held screen": _clock_part("running", None, held, True, now),
        "paused screen": _clock_part("paused", None, held, False, now),
        "api": wire.dumps({"deadline": iso(deadline), "remaining": held,
                           "server_now": iso(now)}),
        "mail deadline, UTC": when(deadline, ZoneInfo("UTC")) or "",
        "mail deadline, Berlin": when(deadline, ZoneInfo("Europe/Berlin")) or "",
        "mail paused": paused_for(held + 30.0),  # rounded: 20.5 min and 20.475 min
        "mail headers": _date_header(began),
    }
    return {**found, **{f"{key} in JSON": wire.dumps({"html": text})
                        for key, text in found.items()}}


def two_tables(first: float, second: float) -> tuple[dict[str, str], dict[str, str]]:
    """What two tables show, the first dealt at `first`, the second at `second`: each read
    as it is dealt, then both read at `second` (as `tests/security/test_counting.py` does)."""
    one = {f"dealt, {k}": v for k, v in renderings(first, first).items()}
    other = {f"dealt, {k}": v for k, v in renderings(second, second).items()}
    one |= {f"read later, {k}": v for k, v in renderings(first, second).items()}
    other |= {f"read later, {k}": v for k, v in renderings(second, second).items()}
    return one, other


def _date_header(now: float) -> str:
    _, raw = compose(MailSettings(), to="ann@example.org", subject="Round 2", text="Hi.",
                     now=now)
    return next(line for line in raw.decode().splitlines() if line.startswith("Date:"))


@pytest.mark.parametrize("boundary", STRADDLES)
def test_every_rendering_of_a_time_reads_alike_either_side_of(boundary):
    before, after = two_tables(*STRADDLES[boundary])
    assert before.keys() == after.keys()
    changed = {key for key in before if before[key] != after[key]}
    assert {"dealt, iso", "dealt, clock", "dealt, running screen", "dealt, mail headers",
            "dealt, mail deadline, UTC", "dealt, mail deadline, Berlin", "dealt, api in JSON",
            "read later, running screen", "read later, running screen in JSON",
            "read later, api", "read later, held screen", "read later, paused screen",
            "read later, mail paused"} <= changed, sorted(changed)
    for key in before:
        assert set_times_aside(before[key]) == set_times_aside(after[key]), (
            key, before[key], after[key])


def test_what_is_not_a_time_stays():
    """Money, counts, rule options and moves are never taken for a time."""
    text = ("Round 2 of 10: 3 of 5 have sent orders. Bob invests $10,000 (7777). The round "
            "ends 20 minutes after it began. Seat 4 at 12:30 table. 2026 runners, 14:05.")
    assert set_times_aside(text) == text
    assert set_times_aside(wire.dumps({"html": text, "remaining": None})) == wire.dumps(
        {"html": text, "remaining": None})
