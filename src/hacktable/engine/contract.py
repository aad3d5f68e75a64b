"""The engine contract (docs/architecture.md): what every game provides and what it returns.

A game is a stateless object whose methods are pure functions over a JSON-shaped state:
no I/O, no clock, no global random. Everything that changes a match is an entry in its
log, and the randomness an entry may use is handed in, derived from (seed, seq).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import (
    Any,
    ClassVar,
    Generic,
    Literal,
    NotRequired,
    Protocol,
    TypedDict,
    TypeVar,
    cast,
    runtime_checkable,
)

from hacktable.engine.errors import Rejected
from hacktable.engine.options import OptionSchema, OptionValue
from hacktable.engine.press import PressRule, table_rule

JSON = Any
State = Any
Action = Any
Seat = int

HOW_TO_PLAY = "how_to_play.md"
"""The file in a game's package that holds its How to play page."""

GM: Literal["gm"] = "gm"
SPECTATOR: Literal["spectator"] = "spectator"
_set = object.__setattr__
Viewer = int | Literal["gm", "spectator"]
"""Who is looking: a seat number, the gamemaster (sees everything), or a spectator."""

EVERYONE: Literal["all"] = "all"
GM_ONLY: Literal["gm"] = "gm"
Audience = Literal["all", "gm"] | tuple[int | Literal["spectator"], ...]
"""Who an event is for: everyone, the gamemaster only, or the listed seats (the GM too),
where `"spectator"` in the list lets spectators see it as well: a game that tells a seat
the whole of something and everyone else a cut of it addresses the cut to everyone but
that seat, so nobody is told the same thing twice."""


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something that happened, with the audience allowed to learn it."""

    kind: str
    data: Mapping[str, JSON]
    audience: Audience = EVERYONE

    def __init__(self, kind: str, data: Mapping[str, JSON], audience: Audience = EVERYONE):
        # Games make hundreds of events a match; this is twice as fast as the generated one.
        _set(self, "kind", kind)
        _set(self, "data", data)
        _set(self, "audience", audience)

    def visible_to(self, viewer: Viewer) -> bool:
        if viewer == GM or self.audience == EVERYONE:
            return True
        if self.audience == GM_ONLY:
            return False
        return viewer in self.audience

    def to_json(self) -> dict[str, JSON]:
        audience = self.audience if isinstance(self.audience, str) else list(self.audience)
        return {"kind": self.kind, "data": dict(self.data), "audience": audience}


@dataclass(frozen=True, slots=True)
class Prompt:
    """How one seat may act now.

    `simultaneous` phases keep submissions secret until the phase closes; `time_limit`
    is the phase's length in seconds (the runtime sets the wall-clock deadline);
    `submitted` says whether this seat has already handed something in. `waiting` says
    that this seat's clock stands still: it waits on someone else (a runner whose question
    the gamemaster has not answered yet), so the runtime holds the phase's deadline with
    the time left and gives it back, unchanged, once the wait is over.
    """

    kind: str
    text: str
    simultaneous: bool = False
    time_limit: float | None = None
    submitted: bool = False
    data: Mapping[str, JSON] = field(default_factory=dict)
    waiting: bool = False

    def to_json(self) -> dict[str, JSON]:
        shown: dict[str, JSON] = {
            "kind": self.kind,
            "text": self.text,
            "simultaneous": self.simultaneous,
            "time_limit": self.time_limit,
            "submitted": self.submitted,
            "data": dict(self.data),
        }
        if self.waiting:  # only while it waits: most prompts of most games never do
            shown["waiting"] = True
        return shown


class OutcomeJson(TypedDict):
    """`Outcome.to_json()`, as a game's view carries it (each game's `views.py` names it in
    its typed view): seats as strings in `scores`, as JSON keys must be."""

    ranking: list[list[int]]
    scores: dict[str, float]
    winners: list[int]
    summary: str
    names: NotRequired[dict[str, str]]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended: `ranking` groups tied seats, best first. A seat that did
    not play to win (a gamemaster's) is left out of it. `names` are what the game called the
    ranked seats (Rules for Runners' characters), where that is not the seat's own name; the
    standings and the final letter show them."""

    ranking: tuple[tuple[int, ...], ...]
    scores: Mapping[int, float]
    summary: str
    names: Mapping[int, str] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "ranking": [list(group) for group in self.ranking],
            "scores": {str(seat): score for seat, score in self.scores.items()},
            "winners": list(self.winners),
            "summary": self.summary,
        }
        if self.names:
            data["names"] = {str(seat): name for seat, name in self.names.items()}
        return data


@runtime_checkable
class Bot(Protocol):
    """A seat filler that decides from what its seat may see, never from hidden state."""

    personality: str
    wants_legal: bool
    wants_media: bool
    wants_sampler: bool

    def act(
        self, view: JSON, prompt: Prompt, legal: Sequence[Action] | None, rng: random.Random
    ) -> Action | None:
        """Return an action for this prompt, or None to hand in nothing."""
        ...


class BaseBot:
    """What a runner (the table, the simulator, the terminal) may hand a bot besides its
    view and prompt; a bot class says what it wants, the runner reads nothing else.

    - `wants_legal`: compute `legal_actions` for it (a listing costs time; bots that decide
      from the view alone are handed None);
    - `wants_media`: set `media`, a callable from a media id to its spec for this seat (the
      recordings its person would hear);
    - `wants_sampler`: hand it a sampler of states its seat cannot tell apart (the search
      bot; see `bots.ismcts.Sampler`).
    """

    personality: ClassVar[str] = ""
    wants_legal: ClassVar[bool] = False
    wants_media: ClassVar[bool] = False
    wants_sampler: ClassVar[bool] = False

    def act(
        self, view: JSON, prompt: Prompt, legal: Sequence[Action] | None, rng: random.Random
    ) -> Action | None:
        raise NotImplementedError


SpielForm = Literal["faithful", "listed", "none"]


@dataclass(frozen=True, slots=True)
class SpielCoverage:
    """How a game stands as an OpenSpiel game (`sim/spiel/`), which needs every decision
    to be a choice among numbered moves: `faithful` where `legal_actions` lists everything
    a seat may do, `listed` where it lists only part (OpenSpiel plays the listed-moves
    variant), `none` where the list leaves out the game's heart (not registered). `why`
    says so in a sentence, for the docs and the Lab."""

    form: SpielForm
    why: str


S = TypeVar("S")
"""A game's state: JSON-shaped (dicts, lists, numbers, strings), declared by the game."""
A = TypeVar("A")
"""A game's action: what a seat hands in (`Words.action_to_json` writes it down)."""
V = TypeVar("V")
"""A game's view: what one viewer may see of a state, JSON-shaped."""
V_out = TypeVar("V_out", covariant=True)
"""`V` where a protocol only hands views out (the rules core): a game whose view is a
narrower type still serves where a wider one is asked for."""


@runtime_checkable
class Game(Protocol[S, A, V_out]):
    """The rules core every game provides, the size of an OpenSpiel game: who may sit,
    how a match is dealt, who is asked what, what a move does, what a lapse of the clock
    does, what each viewer may see, how it ends, and (where the game can list them) the
    moves a seat may make. Everything else is an optional part (`engine.parts`), each with
    defaults; `BaseGame` supplies them all and a game overrides what it has."""

    id: str
    name: str
    min_seats: int
    max_seats: int
    options: OptionSchema

    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> S:
        """Deal a new match for these players under these options."""
        ...

    def prompts(self, state: S) -> dict[int, Prompt]:
        """Who is asked to act now, and how (empty once the match is over)."""
        ...

    def apply(self, state: S, seat: int, action: A, rng: random.Random) -> list[Event]:
        """Make `seat`'s move in place, or raise `Rejected` (changing nothing) with a
        sentence the player can act on."""
        ...

    def timeout(self, state: S, rng: random.Random) -> list[Event]:
        """The open phase's clock ran out: close it in place with what was handed in."""
        ...

    def view(self, state: S, viewer: Viewer) -> V_out:
        """What `viewer` may see. The result must not change afterwards: a list or dict the
        game later changes in place is copied into the view (the server keeps a socket's
        last screen and sends only what changed since)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[A] | None:
        """Every move `seat` may make now, or None where the game cannot list them."""
        ...


class BaseGame(Generic[S, A, V]):
    """The rules core's shape and every optional part's defaults (`engine.parts`): a game
    subclasses `BaseGame[ItsState, ItsAction, ItsView]` and overrides what it has."""

    id = "base"
    name = "Base"
    min_seats = 1
    max_seats = 1
    options = OptionSchema(())
    credits = ""
    screen_lists_moves = False
    """True where a seat's screen offers `legal_actions` as buttons (a short list)."""
    screen_shows_outcome = False
    """True where the game's own screen says how the match ended (its ranking in its own
    words: money, cycles held, a heist won or lost); the end card above every screen then
    says only that it is over, so the result is not said twice."""
    views_follow_known = True
    """An entry that tells a viewer nothing (no event they may see, not their own move)
    leaves their view, prompt and legal moves as they were, so the server rebuilds a
    viewer's screen only when their own count of the log (`Match.known`) moved. A game
    whose public position can move with an entry only some may know of sets False, and
    every screen is then rebuilt after every entry. Checked for every game by
    `testing.check_screens_follow_known`."""
    referee_seat: int | None = None
    """The seat of a gamemaster who is a person (Rules for Runners' GM): they may rule while
    the host has paused the clock, when the other seats may not act."""
    how_to_play_file = HOW_TO_PLAY
    """The How to play file in the game's package (two games may share a package)."""
    screen_folder = "screen"
    """The folder in the game's package that holds its screen: `screen.html` and its
    partials, `builder.py` (whose `prepare(context)` shapes the view for the template), and
    its CSS and JS (served at /static/games/<id>/<file>). Without one, the web layer's own
    templates and helpers are used, else the generic screen (docs/architecture.md)."""
    pace_option: str | None = None
    """The name of a yes/no rule option that closes a simultaneous phase as soon as every
    seat has sent its move (instead of waiting for the clock): the host form asks it up
    front, as a live table and an email table want opposite answers."""
    strongest_bot: str | None = None
    """The personality of the game's strongest heuristic bot where it is not the first one
    `bots()` lists (by the lab's round robin, docs/lab.md): the search bot's model of the
    other seats and the move it keeps on a tie."""
    sampler_gap: str | None = None
    """Where the game's `redeal` knowingly keeps a hidden part as it is, a sentence naming
    it: a search sample would reveal it, so no search bot (nor OpenSpiel's resampling) is
    offered for the game. None where `redeal` re-deals everything hidden."""
    score_label: str = "score"
    """What the final score counts, in the simulator's tables ("money", "cycles held")."""
    spiel = SpielCoverage("none", "the game has not said how OpenSpiel could hold it")
    """How the game stands as an OpenSpiel game (`SpielCoverage`)."""
    fuzz_words: ClassVar[Sequence[str]] = ()
    """Words of the game's notation, so the shared fuzzer writes text the parser half
    understands instead of noise it rejects at the first letter."""
    playthrough_options: ClassVar[Mapping[str, OptionValue]] = {}
    """Options the playthrough golden files and the hidden-information test play under
    (a shorter match than the defaults, say)."""
    check_option_sets: ClassVar[Sequence[Mapping[str, OptionValue]]] = ()
    """Option combinations the hidden-information checker plays besides the ones it
    derives (`engine.testing.option_sets`): those that make something secret together."""

    # The rules core: a game defines these (`Game` says what each does).
    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> S:
        raise NotImplementedError

    def prompts(self, state: S) -> dict[int, Prompt]:
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: A, rng: random.Random) -> list[Event]:
        raise NotImplementedError

    def timeout(self, state: S, rng: random.Random) -> list[Event]:
        raise NotImplementedError

    def view(self, state: S, viewer: Viewer) -> V:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[A] | None:
        return None

    # The optional parts' defaults (`engine.parts` names each part and its members).

    def check_names(self, seats: Sequence[str], options: Mapping[str, OptionValue]) -> None:
        """Raise `Rejected`, in the game's own words, if these players' names would not do
        (Rex Furum's orders name players). The server asks as each player sits down, with
        placeholder names for the seats still empty. By default a trial set-up answers; a
        game that checks names by one rule of its own names that rule instead, which is
        what a set-up would say without setting a match up for every seat taken (checked
        for every game by `testing.contract_suite`)."""
        self.setup(seats, options, random.Random(0))

    def parse(self, state: S, seat: int, text: str) -> A:
        raise Rejected(f"{self.name} has no written notation; use the game's controls.")

    def action_to_json(self, action: A) -> JSON:
        return action

    def action_from_json(self, data: JSON) -> A:
        # The default is for a game whose actions are JSON already: what was written is it.
        return cast(A, data)

    def describe(self, event: Event, state: S) -> str:
        return f"{event.kind}: {dict(event.data)}"

    def render(self, view: V, ends_at: str | None = None) -> str:
        import json

        return json.dumps(view, indent=2, sort_keys=True)

    def bots(self) -> dict[str, type]:
        return {}

    def preview(self, state: S, seat: int, action: A) -> list[Event]:
        """What the game would acknowledge for this move, without making it.

        Must reveal nothing the move itself would cause (a card drawn, a round resolved):
        only whether it is allowed and how it was understood. The default checks the move
        against `legal_actions` where the game can list them.
        """
        legal = self.legal_actions(state, seat)
        if legal is not None and action not in legal:
            raise Rejected("That move is not allowed now.")
        return [Event("preview", {"action": self.action_to_json(action)}, (seat,))]

    def phase_key(self, state: S) -> str:
        """Names the phase now open; the runtime starts a new deadline whenever it changes.

        The default reads it off the prompts (who is asked what, without `submitted`),
        which changes when a round or a turn passes; games with a clearer notion override it.
        """
        import json

        asked = sorted((seat, prompt.kind, prompt.time_limit, dict(prompt.data))
                       for seat, prompt in self.prompts(state).items())
        return json.dumps(asked, sort_keys=True, default=str)

    def phase_label(self, state: S) -> str:
        """The open phase as players name it ("round 3"), for messages such as "too late
        for round 3". The default is the phase key."""
        return self.phase_key(state)

    def letter(self, view: V, ends_at: str | None = None) -> str:
        """What a seat is told when a phase opens (Rex Furum's round-beginning email),
        from that seat's view. The default is the whole view in words."""
        return self.render(view, ends_at)

    def notation_help(self, state: S) -> str:
        """A few lines for players who write their moves (by email): the notation, and what
        a second submission in the same phase does. Empty where the game has no notation."""
        return ""

    def media(self, state: S, viewer: Viewer, media_id: str) -> JSON | None:
        """The spec of a recording or picture a view refers to by an opaque id, for this
        viewer only: `{"renderer": name, "spec": {...}}`, rendered outside the engine (see
        `hacktable.media`). None where this viewer has no such thing (the default)."""
        return None

    def round_mark(self, state: S) -> str:
        """The round an entry made in this state belongs to, as players name it ("round 3"):
        the reveal and the replay group the log under these marks. The default is
        `phase_label`; a game whose phases are finer than its rounds (a turn, a window)
        names the round instead."""
        return self.phase_label(state)

    def reveal_move(self, state: S, seat: int, action: A) -> str | None:
        """A seat's move in words for the end-of-match reveal, from the state before it
        (everything is revealed then: a ./Run answer beside its task). None: the reveal
        says only that the seat moved and lists what the move caused."""
        return None

    def reveal_event(self, event: Event, state: S) -> str:
        """An event in words for the end-of-match reveal, where every secret may be said
        (a ./Run task's right answer beside the one given). By default `describe`."""
        return self.describe(event, state)

    def reveal_sections(self, start: S, end: S) -> list[tuple[str, str]]:
        """What the reveal shows after the log, as (title, plain text) pairs, from the state
        at the start (the deal) and at the end: by default the gamemaster's view of the end
        in words, where every hidden thing stands."""
        return [("Everything at the end", self.render(self.view(end, GM)))]

    def how_to_play(self) -> str:
        """The game's How to play page, in Markdown: the file `how_to_play.md` in the game's
        own package (a picture is written `![what it shows](picture:NAME)`, see `picture`);
        empty where the game has none."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            return resources.files(package).joinpath(self.how_to_play_file).read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, TypeError, ValueError):
            return ""

    def picture(self, name: str) -> str | None:
        """The SVG of a picture the How to play page shows (`picture:NAME`), drawn from the
        game's own data (its board, a card), or None where it has no such picture."""
        return None

    def action_labels(self, action: A) -> list[str]:
        """Names of the moves inside an action, for the simulator's frequency table."""
        return [type(action).__name__]

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if a conservation law of the game is broken (for tests)."""

    def redeal(self, state: S, seat: int, rng: random.Random) -> S | None:
        """A state that `seat` cannot tell apart from `state`, with hidden parts re-dealt,
        their number too where the seat may not know it (more hidden guards, more secret
        rolls, a longer secret plan).

        Used by the hidden-information checker and, through `search_sample`, by the search
        bot; None where the game has nothing hidden.
        """
        return None

    def search_sample(self, state: S, seat: int, rng: random.Random) -> S | None:
        """A state for a search bot to play forward from, as `seat` may imagine it: the
        default is `redeal`. A game whose search needs more (other seats' pending moves left
        for the search's model of them to choose) overrides it, starting from `redeal`."""
        return self.redeal(state, seat, rng)

    def hidden_moves(self, state: S, seat: int, rng: random.Random
                     ) -> list[tuple[int, A]]:
        """Moves other seats could make now that `seat` must not be able to notice at all,
        not even count (a gamemaster adding a hidden guard, or rolling in secret), as
        (seat, action) pairs. The checker makes them and asserts that `seat` sees nothing
        new: no event, no change to its view, prompt or legal moves. Secret submissions in
        a simultaneous phase are checked without being listed here. None by default."""
        return []

    def press(self, state: S | None, options: Mapping[str, OptionValue]) -> PressRule:
        """Which messages the players may send each other now (`engine/press.py`): the
        game's rule, from the state (None before the match starts) and the options. The
        default is the whole-table channel, off where the host set the `press` option to
        `none`. Messages never enter the log or the state: this only says what is allowed."""
        return table_rule(options)
