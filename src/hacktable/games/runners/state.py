"""The match state and the small helpers every rule module shares.

Seat 0 is the gamemaster (a person at the table, or a bot); seats 1.. are runners.
Combatants are named by reference: "s2" is the runner in seat 2, "n1" the first NPC.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, NotRequired, TypedDict, cast, final

from hacktable.engine.contract import SPECTATOR
from hacktable.engine.errors import Rejected
from hacktable.games.runners import maps
from hacktable.games.runners.characters import Character, Condition, pregen

# -- the shape of a state, key for key (plain JSON at runtime: the log replays it and the
# engine deep-copies it as JSON; these TypedDicts only name its keys for the type checker)


class RunnersOptions(TypedDict):
    """The resolved rule options (`options.OPTIONS` says what each one does). A choice is
    a `str` (its choices in a comment): views carry the options, and the view checker
    in the tests reads plain types."""

    stat_points: int
    stat_min: int
    stat_max: int
    hp_bonus: int
    speed_divisor: int
    speed_bonus: int
    speed_rounding: str  # exact | down | up
    pregens: bool
    check_dice: int
    passive_base: int
    check_seconds: int
    careful_seconds: int
    careful_bonus: int
    hasty_seconds: int
    hasty_penalty: int
    disadvantage: str  # twice_lower | minus_five
    roll_visibility: str
    runners_see_results: bool
    initiative_dice: int
    late_initiative_dice: int
    ties: str  # table | server
    turn_seconds: int
    game_seconds: int
    npc_turn_seconds: int
    round_limit: int
    move_seconds: int
    sneak_seconds: int
    sneak_move_seconds: int
    attack_stat: str
    unlock_stat: str
    hack_stat: str
    search_stat: str
    attack_damage: int
    diagonals: bool
    map: str  # corridor | none
    reveal_press: bool


@final
class Npc(TypedDict):
    """A non-player combatant the GM added (`gm_moves.add_npc`); `hidden` ones leave no
    trace in a runner's view. `seen_hits` counts the hits the runners could have seen."""

    id: str
    name: str
    init: int
    hidden: bool
    hp: int
    max_hp: int
    stats: dict[str, int]
    dead: bool
    pos: list[int] | None
    conditions: list[Condition]
    hits: int
    notes: str
    seen_hits: NotRequired[int]


Combatant = Character | Npc
"""Anyone in the order: a runner ("s2") or an NPC ("n1")."""


class OrderEntry(TypedDict):
    """One place in the initiative order, highest `init` first."""

    ref: str
    init: int
    dice: list[int]


class Turn(TypedDict):
    """Whose turn it is: the order's `index`, the round, and the game seconds the runner
    has left (None on an NPC's turn)."""

    ref: str
    index: int
    round: int
    seconds: int | None


class Roll(TypedDict):
    """A roll as the state keeps it (`checks.roll`); an initiative roll has no `passive`,
    `fail` or `disadvantage`, a kept roll answered from the sheet says `kept`."""

    id: int
    kind: str
    seat: int | None
    npc: str | None
    stat: str
    dice: list[int]
    dropped: list[int]
    modifier: int
    total: int | None
    dc: int | None
    passed: bool | None
    visibility: str
    note: str
    round: int
    passive: NotRequired[bool]
    fail: NotRequired[bool]
    disadvantage: NotRequired[bool]
    kept: NotRequired[bool]


class Called(TypedDict):
    """A check the GM called for (`calls.rule`): its secret DC, and how it is shown."""

    stat: str
    dc: int | None
    visibility: str
    sight: bool
    reveal: str | None
    note: str
    charge: bool | None
    keep: bool


Request = dict[str, Any]
"""What a runner asked the GM, waiting for a ruling: a `kind` (check, custom, free,
ready) and the fields that kind has (`runner_moves` writes each), as JSON."""

Readied = dict[str, Any]
"""A readied action waiting for its trigger: its `text`, `trigger` and `seconds`."""


class HackHeld(TypedDict):
    """A hacking task a runner holds (`hacking.hand_out`): the task as JSON, and their
    answer and whether it solved it (None until they answer)."""

    task: dict[str, Any]
    answer: str | None
    solved: bool | None


class Undo(TypedDict):
    """The GM's last ruling, to take back within the same turn: the state before it."""

    turns: int
    do: str
    told: bool
    state: dict[str, Any]


class RunnersState(TypedDict):
    """A whole mission (`setup` deals it). Runners are keyed by their seat as a string
    (JSON keys), as are requests, calls, readied actions and tasks."""

    options: RunnersOptions
    names: list[str]
    phase: Literal["prep", "ties", "mission", "over"]
    characters: dict[str, Character]
    npcs: list[Npc]
    order: list[OrderEntry]
    ties: list[list[str]]
    turn: Turn | None
    turns: int
    stretch: int
    requests: dict[str, Request]
    called: dict[str, Called]
    readied: dict[str, Readied]
    rolls: list[Roll]
    map: list[str] | None
    undo: Undo | None
    result: Literal["success", "failure", "time"] | None
    tasks: dict[str, HackHeld]


State = RunnersState

Move = dict[str, Any]
"""What a seat hands in (the game's action): `{"do": verb, ...}` as JSON, its other keys
those of the verb. The values come from players, so each handler (`gm_moves`,
`runner_moves`) checks the ones its verb reads instead of trusting a declared type."""
GM_SEAT = 0
GM_ONLY: tuple[int, ...] = (GM_SEAT,)
"""The audience of an event only the gamemaster may know: the GM's seat (and the host's
"gm" viewer, which sees every event)."""

PREP: Final = "prep"
TIES: Final = "ties"
MISSION: Final = "mission"
OVER: Final = "over"


def private(seat: int) -> tuple[int, ...]:
    """An event for one runner and the GM."""
    return (GM_SEAT, seat) if seat != GM_SEAT else GM_ONLY


def all_but_gm(state: State) -> tuple[int | Literal["spectator"], ...]:
    """Every runner and the spectators, not the GM: the audience of a cut of something the
    GM is told whole in an event of their own (so the GM reads it once)."""
    return (*range(1, len(state["names"])), SPECTATOR)


def setup(seats: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> State:
    # The options were resolved against `OPTIONS`, so every key is there with its type.
    resolved = cast(RunnersOptions, dict(options))
    chars: dict[str, Character] = {}
    for seat in range(1, len(seats)):
        character = (pregen(seat - 1, options) if options["pregens"]
                     else pregen(len(seats) + seat, options))
        if not options["pregens"]:
            character["name"] = seats[seat][:24]
        chars[str(seat)] = character
    return {
        "options": resolved,
        "names": list(seats),
        "phase": PREP,
        "characters": chars,
        "npcs": [],
        "order": [],
        "ties": [],
        "turn": None,
        "turns": 0,
        "stretch": 0,
        "requests": {},
        "called": {},
        "readied": {},
        "rolls": [],
        "map": maps.initial(options),
        "undo": None,
        "result": None,
        "tasks": {},
    }


def seat_of(ref: str) -> int | None:
    return int(ref[1:]) if ref.startswith("s") else None


def runner(state: State, seat: Any) -> Character:
    if (not isinstance(seat, int) or isinstance(seat, bool)
            or str(seat) not in state["characters"]):
        raise Rejected(f"There is no runner in seat {seat!r}.")
    return state["characters"][str(seat)]


def npc(state: State, ref: Any) -> Npc:
    for candidate in state["npcs"]:
        if candidate["id"] == ref:
            return candidate
    raise Rejected(f"There is no NPC {ref!r}; the NPCs are "
                   f"{', '.join(n['id'] for n in state['npcs']) or 'none yet'}.")


def combatant(state: State, ref: Any) -> Combatant:
    if isinstance(ref, str) and ref.startswith("s") and ref[1:].isdigit():
        return runner(state, int(ref[1:]))
    return npc(state, ref)


def name_of(state: State, ref: str) -> str:
    return combatant(state, ref)["name"]


def hidden(state: State, ref: str) -> bool:
    """Whether the runners may not know this combatant exists."""
    return not ref.startswith("s") and npc(state, ref)["hidden"]


def current(state: State) -> str | None:
    turn = state["turn"]
    return None if turn is None else turn["ref"]


def replace(state: State, new: Mapping[str, Any]) -> None:
    """Make the match's own state dict (its caller holds it) into `new`, in place: the
    engine keeps that dict, so a move tried on a copy is kept by copying back."""
    whole = cast(dict[str, Any], state)  # a TypedDict is a plain dict at runtime
    whole.clear()
    whole.update(new)


def turn_now(state: State) -> Turn:
    """The turn now running. Its callers run during the mission, when there always is one:
    the phase says so, which the type of `turn` (None before the mission) cannot."""
    return cast(Turn, state["turn"])


def seconds_left(state: State) -> int:
    """The game seconds left to the runner whose turn it is (only an NPC's turn has None,
    and its callers run on a runner's turn)."""
    return cast(int, turn_now(state)["seconds"])


def round_now(state: State) -> int:
    """The round a record belongs to: the turn's, or 0 before the mission."""
    turn = state["turn"]
    return turn["round"] if turn else 0


def on_turn(state: State, seat: int) -> bool:
    return state["phase"] == MISSION and current(state) == f"s{seat}"


def alive_runners(state: State) -> list[int]:
    return [int(s) for s, c in state["characters"].items() if not c["dead"]]


def dice(rng: random.Random, count: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


def whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Rejected(f"{what} must be a whole number from {low} to {high}.")
    return value
