"""How the match clock moves: deadlines from phases, pause, resume, extend.

Pure functions over (status, deadline, remaining) so that the rules of the clock read in
one place and are tested without a server.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hacktable.engine.match import Match
from hacktable.store.records import ENDED, LOBBY, OVER, PAUSED, RUNNING


@dataclass(frozen=True, slots=True)
class ClockState:
    status: str
    phase_key: str | None
    deadline_at: float | None
    remaining: float | None


def phase_time_limit(match: Match) -> float | None:
    """The phase's length: the longest time limit among the seats being asked."""
    limits = [p.time_limit for p in match.prompts().values() if p.time_limit]
    return max(limits) if limits else None


def after_move(clock: ClockState, match: Match, now: float) -> ClockState:
    """The clock once the match moved: a finished match stops it; a new phase restarts it
    with the phase's full time (still paused if the clock was paused)."""
    if clock.status == ENDED:
        return replace(clock, deadline_at=None, remaining=None)
    if match.outcome() is not None:
        return ClockState(OVER, match.game.phase_key(match.state), None, None)
    key = match.game.phase_key(match.state)
    if key == clock.phase_key and clock.status != LOBBY:
        return clock
    limit = phase_time_limit(match)
    if clock.status == PAUSED:
        return ClockState(PAUSED, key, None, limit)
    return ClockState(RUNNING, key, None if limit is None else now + limit, None)


def pause(clock: ClockState, now: float) -> ClockState:
    left = None if clock.deadline_at is None else max(0.0, clock.deadline_at - now)
    return ClockState(PAUSED, clock.phase_key, None, left)


def resume(clock: ClockState, now: float) -> ClockState:
    deadline = None if clock.remaining is None else now + clock.remaining
    return ClockState(RUNNING, clock.phase_key, deadline, None)


def extend(clock: ClockState, seconds: float) -> ClockState:
    if clock.status == PAUSED and clock.remaining is not None:
        return replace(clock, remaining=clock.remaining + seconds)
    if clock.deadline_at is not None:
        return replace(clock, deadline_at=clock.deadline_at + seconds)
    return clock


def shorten(clock: ClockState, seconds: float, now: float) -> ClockState:
    """Take time off the phase, never past now (the deadline loop then closes it)."""
    if clock.status == PAUSED and clock.remaining is not None:
        return replace(clock, remaining=max(0.0, clock.remaining - seconds))
    if clock.deadline_at is not None:
        return replace(clock, deadline_at=max(now, clock.deadline_at - seconds))
    return clock


def end(clock: ClockState) -> ClockState:
    return ClockState(ENDED, clock.phase_key, None, None)
