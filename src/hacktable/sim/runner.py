"""Playing one whole match with a bot in every seat, through the same `Match` API people use.

The loop stands in for the runtime: it asks each seat's bot for an action from that seat's
view only, and when nobody is left to ask it declares the phase's deadline passed
(`close_phase`). Everything is derived from the seed, so a seed always plays the same match.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hacktable.bots.registry import equip, make_bot
from hacktable.engine.contract import Prompt
from hacktable.engine.errors import Rejected
from hacktable.engine.match import Match
from hacktable.engine.parts import AnyGame
from hacktable.engine.rng import derive_seed
from hacktable.engine.seats import seat_names

DEFAULT_STEP_LIMIT = 100_000
MAX_ERROR_REASONS = 5


def bot_rng(seed: int | str, seat: int) -> random.Random:
    """The bot's own stream, apart from the match's, so bots never shift the game's dice."""
    return random.Random(derive_seed(seed, seat, salt="bot"))


@dataclass(slots=True)
class Played:
    """A finished (or abandoned) simulation: the match plus what the runner counted."""

    match: Match
    personalities: tuple[str, ...]
    finished: bool
    steps: int = 0
    phases: int = 0
    """Phases that closed: by the deadline (`close_phase`) or by themselves."""
    actions: list[Any] = field(default_factory=list)
    """The accepted actions, in log order: one per `action` entry of the log."""
    bot_errors: dict[str, int] = field(default_factory=dict)
    error_reasons: list[str] = field(default_factory=list)


def play(
    game: AnyGame,
    personalities: Sequence[str],
    options: Mapping[str, Any] | None = None,
    seed: int | str = 0,
) -> Match:
    """Play one match with `personalities[i]` in seat i and return it, finished."""
    return play_match(game, personalities, options, seed).match


def play_match(
    game: AnyGame,
    personalities: Sequence[str],
    options: Mapping[str, Any] | None = None,
    seed: int | str = 0,
    step_limit: int = DEFAULT_STEP_LIMIT,
    seats: Sequence[str] | None = None,
) -> Played:
    """Like `play`, but also returns the bot errors and whether the match reached an outcome.

    A bot whose action is rejected is counted, not fatal: that seat hands in nothing and the
    phase goes on, as it would for a person at the table.
    """
    bots = [make_bot(game, name) for name in personalities]
    match = Match(game, seats or seat_names(len(bots)), options, seed)
    rngs = [bot_rng(seed, seat) for seat in range(len(bots))]
    wants_legal = [bot.wants_legal for bot in bots]
    played = Played(match, tuple(personalities), finished=False)
    declined: dict[int, Prompt] = {}  # seats that passed on exactly this prompt
    handed_in: set[int] = set()  # seats that acted in the phase now open
    steps = 0
    while steps < step_limit:
        prompts = match.prompts()
        if handed_in and any(seat not in prompts or not prompts[seat].submitted
                             for seat in handed_in):
            # A seat that acted is asked again or no longer listed: the phase closed by
            # itself (a turn passed, or everyone handed in and the game closed early).
            played.phases += 1
            handed_in.clear()
            declined.clear()
        if match.outcome() is not None:
            played.finished = True
            break
        waiting = [seat for seat, prompt in prompts.items() if not prompt.submitted
                   and (seat not in declined or declined[seat] != prompt)]
        if not waiting:
            steps += 1
            match.close_phase()
            played.phases += 1
            handed_in.clear()
            declined.clear()
            continue
        for seat in waiting:
            steps += 1
            prompt = prompts[seat]
            legal = match.legal_actions(seat) if wants_legal[seat] else None
            equip(bots[seat], game, match.state, seat, len(bots))  # media, a sampler
            action = bots[seat].act(match.view(seat), prompt, legal, rngs[seat])
            if action is None:
                declined[seat] = prompt
                continue
            try:
                match.submit(seat, action)
            except Rejected as error:
                declined[seat] = prompt
                _count_error(played, personalities[seat], error.reason)
                continue
            played.actions.append(action)
            handed_in.add(seat)
            declined.pop(seat, None)
            if not prompt.simultaneous:
                break  # a turn-based move changes what everyone else may do: ask afresh
    played.steps = steps
    return played


def _count_error(played: Played, personality: str, reason: str) -> None:
    played.bot_errors[personality] = played.bot_errors.get(personality, 0) + 1
    if len(played.error_reasons) < MAX_ERROR_REASONS:
        played.error_reasons.append(f"{personality}: {reason}")
