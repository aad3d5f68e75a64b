"""The optional parts of the contract, each named, each with defaults on `BaseGame`.

The rules core (`contract.Game`) is all a game must define. What a table, a simulator or a
teacher asks of a game beyond it falls in one of these parts:

- `Words`: how moves and happenings are written and read (notation, descriptions, letters);
- `Hosting`: what a live table asks (when a phase turns, a move's acknowledgement, names);
- `Screen`: how a seat's screen and the How to play page are drawn;
- `Checks`: what the shared tests need (conservation laws, re-deals, hidden moves);
- `Simulation`: bots and how the simulator and OpenSpiel hold the game;
- `Press`: which messages players may send each other;
- `Reveal`: what the end-of-match reveal and the replay say.

`complete(game)` gives any core game every part: a `BaseGame` subclass already has them,
another object gets the defaults for what it leaves out. The registry completes each game
as it registers it, so the server and the simulator hold a `FullGame` and call a part's
member directly, never probing with `getattr`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from hacktable.engine.contract import (
    JSON,
    BaseGame,
    Event,
    Game,
    SpielCoverage,
    Viewer,
)
from hacktable.engine.options import OptionValue
from hacktable.engine.press import PressRule

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
# Each part is generic in the game's state, action and view, with the variance its members
# give it: `_in` where the part only takes the type, `_out` where it only hands it out or
# does not use it. `FullGame`, which takes and hands out all three, is invariant in each.
S_in = TypeVar("S_in", contravariant=True)
A_in = TypeVar("A_in", contravariant=True)
V_in = TypeVar("V_in", contravariant=True)
A_out = TypeVar("A_out", covariant=True)
V_out = TypeVar("V_out", covariant=True)


@runtime_checkable
class Words(Protocol[S_in, A, V_in]):
    """How the game is written: a move in text and in JSON, an event or a view in words."""

    credits: str

    def parse(self, state: S_in, seat: int, text: str) -> A: ...

    def action_to_json(self, action: A) -> JSON: ...

    def action_from_json(self, data: JSON) -> A: ...

    def describe(self, event: Event, state: S_in) -> str: ...

    def render(self, view: V_in, ends_at: str | None = None) -> str: ...

    def letter(self, view: V_in, ends_at: str | None = None) -> str: ...

    def notation_help(self, state: S_in) -> str: ...

    def phase_label(self, state: S_in) -> str: ...

    def action_labels(self, action: A) -> list[str]: ...

    def how_to_play(self) -> str: ...


@runtime_checkable
class Hosting(Protocol[S_in, A_in, V_out]):
    """What a live table asks beyond the rules: when a new deadline starts, how a move is
    acknowledged before it is made, whether players' names will do, who referees."""

    referee_seat: int | None
    pace_option: str | None

    def phase_key(self, state: S_in) -> str: ...

    def preview(self, state: S_in, seat: int, action: A_in) -> list[Event]: ...

    def check_names(self, seats: Sequence[str], options: Mapping[str, OptionValue]) -> None: ...


@runtime_checkable
class Screen(Protocol[S_in, A_out, V_out]):
    """How a seat's screen is drawn: the game's screen folder, whether it lists moves as
    buttons and says the result itself, its pictures and recordings."""

    screen_folder: str
    screen_lists_moves: bool
    screen_shows_outcome: bool

    def picture(self, name: str) -> str | None: ...

    def media(self, state: S_in, viewer: Viewer, media_id: str) -> JSON | None: ...


@runtime_checkable
class Checks(Protocol[S, A, V_out]):
    """What the shared tests (`engine.testing.contract_suite`) ask of a game."""

    views_follow_known: bool
    fuzz_words: Sequence[str]
    playthrough_options: Mapping[str, OptionValue]
    check_option_sets: Sequence[Mapping[str, OptionValue]]

    def check_invariants(self, state: S) -> None: ...

    def redeal(self, state: S, seat: int, rng: random.Random) -> S | None: ...

    def hidden_moves(self, state: S, seat: int, rng: random.Random
                     ) -> list[tuple[int, A]]: ...


@runtime_checkable
class Simulation(Protocol[S, A_out, V_out]):
    """Bots, and how the simulator, the Lab and OpenSpiel hold the game."""

    strongest_bot: str | None
    sampler_gap: str | None
    score_label: str
    spiel: SpielCoverage

    def bots(self) -> dict[str, type]: ...

    def search_sample(self, state: S, seat: int, rng: random.Random) -> S | None: ...


@runtime_checkable
class Press(Protocol[S_in, A_out, V_out]):
    """Which messages players may send each other now (`engine.press`)."""

    def press(self, state: S_in | None, options: Mapping[str, OptionValue]) -> PressRule: ...


@runtime_checkable
class Reveal(Protocol[S_in, A_in, V_out]):
    """What the end-of-match reveal and the replay say, where every secret may be told."""

    def round_mark(self, state: S_in) -> str: ...

    def reveal_move(self, state: S_in, seat: int, action: A_in) -> str | None: ...

    def reveal_event(self, event: Event, state: S_in) -> str: ...

    def reveal_sections(self, start: S_in, end: S_in) -> list[tuple[str, str]]: ...


@runtime_checkable
class FullGame(Game[S, A, V], Words[S, A, V], Hosting[S, A, V], Screen[S, A, V],
               Checks[S, A, V], Simulation[S, A, V], Press[S, A, V], Reveal[S, A, V],
               Protocol[S, A, V]):
    """The rules core with every optional part: what the registry hands out."""


AnyGame = FullGame[Any, Any, Any]
"""A registered game whose state, action and view types the caller does not know (the
server, which serves every game alike)."""

PARTS: dict[str, type] = {
    "Words": Words, "Hosting": Hosting, "Screen": Screen, "Checks": Checks,
    "Simulation": Simulation, "Press": Press, "Reveal": Reveal,
}
"""Each optional part by name (the docs and the contract suite list them)."""


def members(part: type) -> list[str]:
    """The members a part (or the core `Game`) names, in the order it declares them."""
    own = [name for name in vars(part) if not name.startswith("_")]
    return list(dict.fromkeys([*getattr(part, "__annotations__", {}), *own]))


CORE_MEMBERS: tuple[str, ...] = tuple(members(Game))
"""What every game must define: the rules core."""


def complete(game: Game[S, A, V]) -> FullGame[S, A, V]:
    """`game` with every optional part: itself where it subclasses `BaseGame`, else a
    stand-in that answers with the game's own members and the defaults for the rest."""
    missing = [name for name in CORE_MEMBERS if not hasattr(game, name)]
    if missing:
        raise TypeError(f"{type(game).__name__} lacks the rules core's {', '.join(missing)}")
    if isinstance(game, BaseGame):
        return cast(FullGame[S, A, V], game)
    return cast(FullGame[S, A, V], _Completed(game))


def supplies(game: object, member: str) -> bool:
    """Whether the game defines `member` itself rather than taking the default (the email
    gateway offers written moves only to a game with a notation of its own)."""
    own = getattr(type(game), member, None)
    if isinstance(game, _Completed):
        return member in game.own
    return own is not None and own is not getattr(BaseGame, member, None)


class _Completed(BaseGame[Any, Any, Any]):
    """A core game given the defaults for the parts it leaves out: the game's own public
    members shadow the defaults, which reach the game's core through `self`."""

    def __init__(self, game: object) -> None:
        self.own = frozenset(name for name in dir(game) if not name.startswith("_"))
        for name in self.own:
            setattr(self, name, getattr(game, name))
