"""What each viewer may see of a ./Run state.

Public (every seat and spectators): the board, pawns, alertness, lockouts, everyone's
plans ("planning with each player's choice visible to the team"), the deck's size, the
face-up discards, how many face-down cards each runner has and how many they drew, the last
turn's resolution. A seat also sees the card it has just drawn and, while hacking, its own
task's public part and its own answer. Nobody sees a placed card's face, not even its owner
("you cannot ... look at any of their faces"), nor the deck's order, nor a task's answer
before resolution. The gamemaster view (for audits) holds the whole state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NotRequired, TypedDict

from hacktable.engine.contract import GM, SPECTATOR, OutcomeJson, Viewer
from hacktable.engine.copying import tree_copy
from hacktable.games.dotrun.board import BoardJson, load
from hacktable.games.dotrun.rules import OVER, STRESS, role, runner_done
from hacktable.games.dotrun.state import (
    Choice,
    CompanionResult,
    CompanionState,
    Discarded,
    DotrunResult,
    DotrunState,
    Ending,
    HackRecord,
    LastHacks,
    Plan,
    Revealed,
    Tally,
)
from hacktable.games.dotrun.tasks import stats as task_stats

# -- the typed views: what `view` (./Run) and `companion.view` return, key for key -------------

class LockoutsView(TypedDict):
    """The lockout tokens: those left in the supply, the terminals locked out, and all."""

    supply: int
    locked: list[str]
    total: int


DiscardView = Discarded
"""A face-up discarded card and whose row it came from."""


class TaskView(TypedDict):
    """A seat's own task while hacking: its kind and public part (never its answer)."""

    kind: str
    public: dict[str, Any]


class DotrunView(TypedDict):
    """One viewer's ./Run view: the public table, plus a seat's `seat` to `last_hack`, or
    the gamemaster's `gm` and the whole `state`. The resolution's steps stay plain JSON
    records, one per event (`text.describe` reads them)."""

    game: str
    players: list[str]
    turn: int
    phase: str
    board: BoardJson
    pawns: list[str | None]
    alertness: int
    alertness_limit: int
    lockouts: LockoutsView
    plans: list[Plan | None]
    deck: int
    discard: list[DiscardView]
    rows: list[int]
    holding: list[bool]
    draws: list[int]
    done: list[bool]
    stress_seconds: int
    planning_seconds: int
    failed_hack_alertness: int
    round_alertness: int
    alarm_stops_runners: bool
    tasks: str
    last_turn: list[dict[str, Any]]
    result: DotrunResult | None
    over: bool
    task_stats: dict[str, dict[str, dict[str, int]]]
    task_rates: dict[str, dict[str, float | None]]
    outcome: OutcomeJson | None
    seat: NotRequired[int]
    name: NotRequired[str]
    hand: NotRequired[str | None]
    task: NotRequired[TaskView | None]
    answer: NotRequired[str | None]
    last_hack: NotRequired[HackRecord | None]
    gm: NotRequired[bool]
    state: NotRequired[DotrunState]


ChoiceView = Choice
"""A companion seat's choice: a terminal to hack, or not hacking."""


class CompanionView(TypedDict):
    """One viewer's view of the ./Run companion (`companion.view`): the public part, plus a
    seat's `seat` to `revealed`, or the gamemaster's `gm` and `state`."""

    game: str
    players: list[str]
    turn: int
    phase: str
    task_seconds: int
    tasks: str
    choices: list[ChoiceView | None]
    hackers: list[int]
    last: LastHacks | None
    stats: dict[str, dict[str, dict[str, int]]]
    rates: dict[str, dict[str, float | None]]
    per_seat: list[Tally]
    result: CompanionResult | None
    over: bool
    outcome: OutcomeJson | None
    seat: NotRequired[int]
    name: NotRequired[str]
    task: NotRequired[TaskView | None]
    answer: NotRequired[str | None]
    revealed: NotRequired[Revealed | None]
    gm: NotRequired[bool]
    state: NotRequired[CompanionState]


@cache
def board_json(name: str) -> BoardJson:
    """The board as JSON, built once per board (views share it: treat it as read-only)."""
    return load(name).to_json()


def outcome_json(names: Sequence[str], result: Ending | None) -> OutcomeJson | None:
    """`Outcome.to_json()` of either game's result: the crew wins or loses together."""
    if result is None:
        return None
    n = len(names)
    return {"ranking": [list(range(n))] if result["won"] else [],
            "scores": {str(s): 1.0 if result["won"] else 0.0 for s in range(n)},
            "winners": list(range(n)) if result["won"] else [],
            "summary": result["summary"]}


def public(state: DotrunState) -> DotrunView:
    options = state["options"]
    n = len(state["names"])
    stress = state["phase"] == STRESS
    return {
        "game": "dotrun",
        "players": list(state["names"]),
        "turn": state["turn"],
        "phase": state["phase"],
        "board": board_json(options["board"]),
        "pawns": list(state["pawns"]),
        "alertness": state["alertness"],
        "alertness_limit": options["alertness_limit"],
        "lockouts": {"supply": state["supply"], "locked": list(state["locked"]),
                     "total": options["lockouts"]},
        "plans": [None if p is None else p.copy() for p in state["plans"]],
        "deck": len(state["deck"]),
        "discard": [item.copy() for item in state["discard"]],
        "rows": [len(row) for row in state["rows"]],
        "holding": [hand is not None for hand in state["hands"]],
        "draws": list(state["draws"]),
        "done": [stress and role(state, s) == "run" and runner_done(state, s)
                 for s in range(n)],
        "stress_seconds": options["stress_seconds"],
        "planning_seconds": options["planning_seconds"],
        "failed_hack_alertness": options["failed_hack_alertness"],
        "round_alertness": options["round_alertness"],
        "alarm_stops_runners": options["alarm_stops_runners"],
        "tasks": options["tasks"],
        "last_turn": tree_copy(state["last_turn"]),
        "result": None if state["result"] is None else state["result"].copy(),
        "over": state["phase"] == OVER,
        "task_stats": tree_copy(state["task_stats"]),
        "task_rates": task_stats.rates(state["task_stats"]),
        "outcome": outcome_json(state["names"], state["result"]),
    }


def seat_view(state: DotrunState, seat: int) -> DotrunView:
    result = public(state)
    result["seat"] = seat
    result["name"] = state["names"][seat]
    result["hand"] = state["hands"][seat]
    task = state["tasks"][seat] if state["phase"] == STRESS else None
    result["task"] = None if task is None else {"kind": task["kind"],
                                               "public": tree_copy(task["public"])}
    result["answer"] = state["answers"][seat] if state["phase"] == STRESS else None
    result["last_hack"] = tree_copy(state["last_hack"][seat])
    return result


def view(state: DotrunState, viewer: Viewer) -> DotrunView:
    if viewer == GM:
        return {**public(state), "gm": True, "state": tree_copy(state)}
    if viewer == SPECTATOR:
        return public(state)
    return seat_view(state, viewer)
