"""How the match clock moves: deadlines from phases, pause, resume, extend, and the hold.

Pure functions over (status, deadline, remaining) so that the rules of the clock read in
one place and are tested without a server.

A running phase is in one of three shapes:

- counting down: `deadline_at` is set, `remaining` is None;
- untimed: both are None;
- held: `deadline_at` is None and `remaining` holds the time left. A phase is held while
  a seat asked in it is `waiting` (its prompt says its clock stands still: it waits on
  someone else, as a runner waits on the gamemaster's ruling); when the wait ends, the
  deadline is set again from the time left, and the phase goes on where it stood. Pause,
  resume, extend and shorten work on a held phase as on a counting one.
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

    @property
    def held(self) -> bool:
        """A running phase whose clock stands still while a seat waits on someone."""
        return self.status == RUNNING and self.deadline_at is None and self.remaining is not None


def phase_time_limit(match: Match) -> float | None:
    """The phase's length: the longest time limit among the seats being asked."""
    limits = [p.time_limit for p in match.prompts().values() if p.time_limit]
    return max(limits) if limits else None


def phase_waiting(match: Match) -> bool:
    """Whether a seat asked in the phase waits on someone else (its clock stands still)."""
    return any(p.waiting for p in match.prompts().values())


def after_move(clock: ClockState, match: Match, now: float) -> ClockState:
    """The clock once the match moved: a finished match stops it; a new phase restarts it
    with the phase's full time (still paused if the clock was paused); within a phase, a
    seat that starts waiting holds the deadline and one that stops waiting gives it back."""
    if clock.status == ENDED:
        return replace(clock, deadline_at=None, remaining=None)
    if match.outcome() is not None:
        return ClockState(OVER, match.game.phase_key(match.state), None, None)
    key = match.game.phase_key(match.state)
    if key == clock.phase_key and clock.status != LOBBY:
        return _hold_or_go(clock, phase_waiting(match), now)
    limit = phase_time_limit(match)
    if clock.status == PAUSED:
        return ClockState(PAUSED, key, None, limit)
    fresh = ClockState(RUNNING, key, None if limit is None else now + limit, None)
    return _hold_or_go(fresh, phase_waiting(match), now)


def _hold_or_go(clock: ClockState, waiting: bool, now: float) -> ClockState:
    if clock.status != RUNNING:
        return clock  # a paused clock stays as the host left it; resume looks again
    if waiting and clock.deadline_at is not None:
        return replace(clock, deadline_at=None, remaining=max(0.0, clock.deadline_at - now))
    if not waiting and clock.held:
        assert clock.remaining is not None
        return replace(clock, deadline_at=now + clock.remaining, remaining=None)
    return clock


def pause(clock: ClockState, now: float) -> ClockState:
    """Stop the clock, keeping the time left (a held phase keeps what it held)."""
    if clock.deadline_at is None:
        return ClockState(PAUSED, clock.phase_key, None, clock.remaining)
    return ClockState(PAUSED, clock.phase_key, None, max(0.0, clock.deadline_at - now))


def resume(clock: ClockState, now: float) -> ClockState:
    """Run the clock again from the time left (`after_move` holds it again at once if a
    seat is still waiting)."""
    deadline = None if clock.remaining is None else now + clock.remaining
    return ClockState(RUNNING, clock.phase_key, deadline, None)


def extend(clock: ClockState, seconds: float) -> ClockState:
    if clock.deadline_at is not None:
        return replace(clock, deadline_at=clock.deadline_at + seconds)
    if clock.remaining is not None:  # paused or held
        return replace(clock, remaining=clock.remaining + seconds)
    return clock


def shorten(clock: ClockState, seconds: float, now: float) -> ClockState:
    """Take time off the phase, never past now (the deadline loop then closes it)."""
    if clock.deadline_at is not None:
        return replace(clock, deadline_at=max(now, clock.deadline_at - seconds))
    if clock.remaining is not None:  # paused or held
        return replace(clock, remaining=max(0.0, clock.remaining - seconds))
    return clock


def end(clock: ClockState) -> ClockState:
    return ClockState(ENDED, clock.phase_key, None, None)
