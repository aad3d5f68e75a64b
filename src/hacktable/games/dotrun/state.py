"""The declared shapes of ./Run's and its companion's match states.

A state is plain JSON at runtime (the log replays it bit for bit and every copy of it is a
JSON-shaped deep copy); these `TypedDict`s only say, key for key, what it holds, so the
rules, the views and the bots are checked against one description. The gamemaster's view
carries the whole state, so `tests/games/test_view_types.py` checks these shapes against
real matches too: every type here is one that checker reads (no `Literal`, no `Mapping`).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from hacktable.games.dotrun.tasks.options import TaskOptions
from hacktable.games.dotrun.tasks.stats import Stats

# -- shared by both games -----------------------------------------------------------------


class TaskSecret(TypedDict):
    """What only the server reads: the answer, and for a seed task what stays hidden (a
    blue task's audio spec, `hidden["audio"]`)."""

    answer: str
    hidden: NotRequired[dict[str, Any]]


class TaskJson(TypedDict):
    """A hacking task as the engine keeps it (`tasking.TaskSource.generate`): a hacker is
    shown `kind` and `public` only. A seed task also names its terminal and its id."""

    kind: str
    public: dict[str, Any]
    secret: TaskSecret
    colour: NotRequired[str]
    ring: NotRequired[int]
    innermost: NotRequired[bool]
    id: NotRequired[str]


class MediaSpec(TypedDict):
    """A recording a view refers to by id (`media`): the renderer that plays it and its
    spec, which holds the spoken digits and so never reaches a view."""

    renderer: str
    spec: dict[str, Any]


class Tally(TypedDict):
    """Hacking attempts and how many succeeded."""

    tries: int
    solved: int


class HaulItem(TypedDict):
    """One prize of the reward: a title, what it is, and for some a sample of it."""

    title: str
    detail: str
    sample: NotRequired[list[dict[str, str]]]
    wallets: NotRequired[list[str]]


class Haul(TypedDict):
    """The reward for reaching the center (`companion_reward.haul`)."""

    headline: str
    items: list[HaulItem]
    value: int


class Ending(TypedDict):
    """What both games' results say: won or lost, in a sentence."""

    won: bool
    summary: str


# -- ./Run --------------------------------------------------------------------------------


class DotrunOptions(TaskOptions):
    """./Run's resolved rule options (`options.OPTIONS`), the task knobs included."""

    board: str
    alertness_limit: int
    failed_hack_alertness: int
    round_alertness: int
    lockouts: int
    card_copies: int
    stress_seconds: int
    planning_seconds: int
    start: str
    alarm_stops_runners: bool
    tasks: str
    press: str
    reveal_press: bool


class Plan(TypedDict):
    """A seat's choice for the turn: `do` is "hack" (with its `path`), "run" or "hold"."""

    do: str
    path: NotRequired[str]


class Discarded(TypedDict):
    """A card discarded face up this turn and whose row it came from."""

    seat: int
    card: str


class HackRecord(TypedDict):
    """A seat's own last hacking attempt, its task and answer revealed to it."""

    turn: int
    path: str
    task: TaskJson
    answer: str | None
    success: bool


class DotrunResult(Ending):
    """How a ./Run match ended; a win carries the reward."""

    reason: str
    turn: int
    reward: NotRequired[Haul]


class DotrunState(TypedDict):
    """A ./Run match (`rules.py` says what each part means)."""

    names: list[str]
    options: DotrunOptions
    turn: int
    phase: str
    pawns: list[str | None]
    alertness: int
    supply: int
    locked: list[str]
    deck: list[str]
    discard: list[Discarded]
    rows: list[list[str]]
    hands: list[str | None]
    draws: list[int]
    stopped: list[bool]
    plans: list[Plan | None]
    tasks: list[TaskJson | None]
    answers: list[str | None]
    last_turn: list[dict[str, Any]]  # the last resolution's events: {"kind", **data}
    last_hack: list[HackRecord | None]
    guessable: list[str]
    task_stats: Stats
    result: DotrunResult | None


# -- the companion ------------------------------------------------------------------------


class CompanionOptions(TaskOptions):
    """The companion's resolved rule options (`companion.OPTIONS`)."""

    task_seconds: int
    tasks: str
    press: str
    reveal_press: bool


class Choice(TypedDict):
    """A companion seat's choice: not hacking, or a terminal's colour and ring and whether
    the path it hacks is a goal path."""

    hack: bool
    colour: NotRequired[str]
    ring: NotRequired[str]
    goal: NotRequired[bool]


class HackResult(TypedDict):
    """One hacker's result of a hacking phase, public."""

    seat: int
    colour: str
    ring: str
    goal: bool
    solved: bool
    answered: bool


class LastHacks(TypedDict):
    """The last hacking phase: each hacker's result and who did not hack."""

    turn: int
    results: list[HackResult]
    runners: list[int]


class Revealed(TypedDict):
    """A seat's own last task, with the right answer and the one it gave."""

    turn: int
    kind: str
    public: dict[str, Any]
    answer: str
    given: str | None
    solved: bool
    colour: str
    ring: str
    goal: bool


class CrewMember(Tally):
    """One seat's tries and successes, under its player's name."""

    name: str


class Heist(TypedDict):
    """The match in numbers (`companion_reward.heist`)."""

    turns: int
    colours: dict[str, Tally]
    crew: list[CrewMember]
    tries: int
    solved: int
    last_turn: int | None


class CompanionResult(Ending):
    """How a companion match ended: who pressed the button, the reward of a win."""

    by: int
    reward: Haul | None
    heist: Heist


class CompanionState(TypedDict):
    """A companion match (`companion.py` says what each part means)."""

    names: list[str]
    options: CompanionOptions
    turn: int
    phase: str
    choices: list[Choice | None]
    tasks: list[TaskJson | None]
    answers: list[str | None]
    last: LastHacks | None
    revealed: list[Revealed | None]
    stats: Stats
    per_seat: list[Tally]
    guessable: list[str]
    result: CompanionResult | None


# -- what the rules guarantee, read with its type -----------------------------------------


def space_of(state: DotrunState, seat: int) -> str:
    """The space of `seat`'s pawn: every pawn is on the board once the start phase is over
    (only then do plans, tasks and rows exist to ask about)."""
    space = state["pawns"][seat]
    if space is None:
        raise ValueError(f"seat {seat} has no pawn on the board yet")
    return space


def task_of(state: DotrunState | CompanionState, seat: int) -> TaskJson:
    """The task of `seat`, a hacker whose hacking phase is on (the only seats asked)."""
    task = state["tasks"][seat]
    if task is None:
        raise ValueError(f"seat {seat} holds no hacking task now")
    return task


def plan_of(state: DotrunState, seat: int) -> Plan:
    """The plan of `seat` once every seat has chosen (the stress phase and its end)."""
    chosen = state["plans"][seat]
    if chosen is None:
        raise ValueError(f"seat {seat} has not chosen what to do this turn")
    return chosen
