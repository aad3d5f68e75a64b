"""What the bots know about ./Run: how good a space is, where a row of cards leads on
average, and a team plan for the turn. Everything here reads a seat's view only.

A space's worth (`Worth`) is how far in it is, plus whether a pawn there could hack next
turn or cd next turn. A row's worth is the expected worth of where it ends, each cd
succeeding with the chance that its path opens. The team plan is a coordinate ascent over
the seats still choosing: each tries hold, run and every path it may hack, keeping what
raises the team's expected worth, with a failed hack priced in alertness (or the game, when
it would set off the alarm).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import cast

from hacktable.games.dotrun.board import GOAL, LAYER_RINGS, RINGS, Board, load, ring_of
from hacktable.games.dotrun.cards import (
    CD,
    CLOCKWISE,
    COUNTERCLOCKWISE,
    ECHO,
    TOUCH,
    destination,
)
from hacktable.games.dotrun.state import Plan
from hacktable.games.dotrun.views import DotrunView

NOOP = TOUCH
MEANINGS = (CLOCKWISE, COUNTERCLOCKWISE, CD, NOOP)
SEQUENCES = tuple(itertools.product(MEANINGS, repeat=3))
GOAL_WORTH = 1000.0
RING_WORTH = 10.0
ALERTNESS_WORTH = 3.0
LOCKOUT_WORTH = 3.0
RUN_COST = 0.5
READY_WORTH = 4.0
"""A runner takes cards from the shared deck that other runners might need."""


@dataclass(frozen=True)
class Skill:
    """A crew's speed: the chance of solving a task per ring (outer, middle, inner), scaled
    per colour, and how many running cards a runner gets through in the stress phase."""

    rings: tuple[float, float, float]
    colours: Mapping[str, float]
    draws: int

    def chance(self, colour: str, ring: str) -> float:
        base = self.rings[RINGS.index(ring)] if ring in RINGS else self.rings[-1]
        return max(0.0, min(1.0, base * self.colours.get(colour, 1.0)))


COLOUR_EASE = {"red": 1.0, "blue": 1.0, "green": 1.0, "orange": 0.95}
SKILLS = {
    "novice": Skill((0.8, 0.65, 0.5), COLOUR_EASE, 10),
    "crew": Skill((0.95, 0.88, 0.8), COLOUR_EASE, 14),
    "expert": Skill((0.97, 0.93, 0.88), COLOUR_EASE, 18),
}


class Reading:
    """One view, read once: the board, the lockouts, the worth of every space."""

    def __init__(self, view: DotrunView, skill: Skill) -> None:
        self.view = view
        self.skill = skill
        self.board: Board = load(view["board"]["name"])
        self.locked = frozenset(view["lockouts"]["locked"])
        # Read only once planning is open, when every pawn is on the board.
        self.pawns = cast(list[str], list(view["pawns"]))
        self.worth = space_worths(self.board.name, self.locked)

    def chance(self, seat_space: str) -> float:
        colour = self.board.terminals.get(seat_space, "red")
        return self.skill.chance(colour, RINGS[min(ring_of(seat_space), 2)])

    def best_row(self, space: str, opens: Mapping[str, float], draws: int
                 ) -> tuple[float, tuple[str, ...]]:
        """The row of meanings worth most from `space`, weighing how likely it is to be
        drawn in time (rows that echo or start with a touch fill faster)."""
        ring = ring_of(space)
        relevant = tuple(sorted((k, v) for k, v in opens.items() if v > 0
                                and ring_of(self.board.by_id[k].start) in (ring, ring + 1)))
        return best_row(self.board.name, self.locked, space, relevant, draws)


@cache
def space_worths(board_name: str, locked: frozenset[str]) -> dict[str, float]:
    """How good each space is to stand on, given the lockouts (shared: read-only)."""
    board = load(board_name)
    colours_by_layer = {layer: {c for t, c in board.terminals.items()
                                if t not in locked and ring_of(t) in rings}
                        for layer, rings in LAYER_RINGS.items()}
    openable = [p for p in board.paths if set(p.colours) <= colours_by_layer[p.layer]]
    worths = {}
    for space in board.all_spaces():
        if space == GOAL:
            worths[space] = GOAL_WORTH
            continue
        ring = ring_of(space)
        worth = RING_WORTH * ring
        colour = board.terminals.get(space)
        if colour is not None and space not in locked:
            worth += 2.0 + ring
            if ring == 2 and any(colour in p.colours for p in openable if p.layer == 3):
                worth += 4.0
        starts = [p.start for p in openable if p.start[0] == space[0]]
        if starts:
            nearest = min(board.distance(space, s) or 0 for s in starts)
            worth += (3.0 + 2 * ring) / (1 + nearest)
        worths[space] = worth
    return worths


@lru_cache(maxsize=65536)
def best_row(board_name: str, locked: frozenset[str], space: str,
             relevant: tuple[tuple[str, float], ...], draws: int
             ) -> tuple[float, tuple[str, ...]]:
    """The best row from `space` when the `relevant` paths open with the given chances:
    the expected worth of where each of the 64 rows of meanings ends, weighed by how
    likely the row is drawn in time."""
    board = load(board_name)
    worth = space_worths(board_name, locked)
    opens = dict(relevant)
    memo: dict[tuple[str, tuple[str, ...]], float] = {}

    def expected(at: str, meanings: tuple[str, ...]) -> float:
        key = (at, meanings)
        if key in memo:
            return memo[key]
        if not meanings or at == GOAL:
            value = worth[at]
        else:
            head, rest = meanings[0], meanings[1:]
            if head == CLOCKWISE:
                value = expected(board.step(at, True), rest)
            elif head == COUNTERCLOCKWISE:
                value = expected(board.step(at, False), rest)
            elif head == CD:
                value, left = 0.0, 1.0
                for path in board.inward.get(at, ()):
                    p = opens.get(path.id, 0.0) * left
                    if p:
                        value += p * expected(path.end, rest)
                        left -= p
                value += left * expected(at, rest)
            else:
                value = expected(at, rest)
        memo[key] = value
        return value

    stay = worth[space]
    best: tuple[float, tuple[str, ...]] = (stay - 1e-6, (NOOP, NOOP, NOOP))
    for sequence in SEQUENCES:
        fill = fill_chance(sequence, draws)
        score = fill * expected(space, sequence) + (1 - fill) * stay
        if score > best[0] + 1e-9:
            best = (score, sequence)
    return best


def accepted(sequence: Sequence[str], slot: int) -> set[str]:
    """Cards that give `sequence[slot]` there, the cards before having given the rest."""
    meaning = sequence[slot]
    cards = {meaning}
    if (slot == 0 and meaning == NOOP) or (slot > 0 and sequence[slot - 1] == meaning):
        cards.add(ECHO)
    return cards


@cache
def fill_chance(sequence: tuple[str, ...], draws: int) -> float:
    """A rough chance of drawing the row in time: each card type is a fifth of the deck."""
    expected = sum(5 / len(accepted(sequence, slot)) for slot in range(3))
    return min(1.0, draws / expected)


# -- the team plan ------------------------------------------------------------------------

def options_for(reading: Reading, seat: int, taken: set[str]) -> list[Plan]:
    space = reading.pawns[seat]
    choices: list[Plan] = [{"do": "run"}, {"do": "hold"}]
    board = reading.board
    if space in board.terminals and space not in reading.locked and space not in taken:
        choices += [{"do": "hack", "path": p.id} for p in board.hackable_from(space)]
    return choices


def team_value(reading: Reading, plans: Sequence[Plan]) -> float:
    view = reading.view
    fail_alertness = view.get("failed_hack_alertness", 2)
    limit = view["alertness_limit"]
    hacked: dict[str, dict[str, float]] = {}
    value = 0.0
    hackers = [s for s, p in enumerate(plans) if p["do"] == "hack"]
    runners = [s for s, p in enumerate(plans) if p["do"] == "run"]
    failures = 0.0
    for seat in hackers:
        space = reading.pawns[seat]
        colour = reading.board.terminals[space]
        p = reading.chance(space)
        misses = hacked.setdefault(plans[seat]["path"], {})
        misses[colour] = misses.get(colour, 1.0) * (1 - p)
        failures += 1 - p
    opens = {}
    for path_id, misses in hacked.items():
        chance = 1.0
        for colour in reading.board.by_id[path_id].colours:
            chance *= 1 - misses.get(colour, 1.0)
        opens[path_id] = chance
    alarm = view["alertness"] + fail_alertness >= limit
    for seat in hackers:
        p = reading.chance(reading.pawns[seat])
        cost = GOAL_WORTH if alarm else ALERTNESS_WORTH * fail_alertness + LOCKOUT_WORTH
        value += reading.worth[reading.pawns[seat]] - (1 - p) * cost
    crowd = max(1, len(runners))
    draws = max(3, int(reading.skill.draws * min(1.0, 30 / (10 * crowd))))
    best_goal = 0.0
    after = list(reading.pawns)
    for seat in runners:
        worth, row = reading.best_row(reading.pawns[seat], opens, draws)
        after[seat] = destination(reading.board, reading.pawns[seat], row,
                                  {p for p, chance in opens.items() if chance > 0.5})
        if worth >= GOAL_WORTH * 0.05:
            best_goal = max(best_goal, worth)
            worth = reading.worth[reading.pawns[seat]]
        value += worth - RUN_COST
    value += best_goal  # one runner at the goal wins: count the likeliest only once
    for seat, plan in enumerate(plans):
        if plan["do"] == "hold":
            value += reading.worth[reading.pawns[seat]]
    return value + formation(reading, after) - 0.01 * failures


def formation(reading: Reading, pawns: Sequence[str | None]) -> float:
    """Worth of the crew's shape, beyond each pawn's own: the goal needs two inner hackers
    on the colours of one goal path and a third pawn to run, so reward getting there."""
    board = reading.board
    inner = [p for p in pawns if p is not None and ring_of(p) == 2]
    ready = 0.0
    for seat, space in enumerate(pawns):
        if space is None or space == GOAL or ring_of(space) == 2:
            continue
        for path in board.paths:
            if path.start[0] != space[0] or (board.distance(space, path.start) or 0) > 2:
                continue
            if all(any(o != seat and other in board.terminals
                       and board.terminals[other] == colour and other not in reading.locked
                       and ring_of(other) in LAYER_RINGS[path.layer]
                       for o, other in enumerate(pawns) if other is not None)
                   for colour in path.colours):
                ready += READY_WORTH
                break
    best = 0.0
    for path in board.paths:
        if path.layer != 3:
            continue
        covered = {board.terminals.get(p) for p in inner
                   if p not in reading.locked} & set(path.colours)
        score = 6.0 * len(covered)
        if len(covered) == 2 and len(inner) >= 3:
            score += 8.0
        best = max(best, score)
    return best + ready


def team_plan(reading: Reading, fixed: Sequence[Plan | None]) -> list[Plan]:
    """A plan for every seat, keeping the choices already made (ours included, which we
    may still change)."""
    n = len(fixed)
    plans: list[Plan] = [p if p is not None else {"do": "run"} for p in fixed]
    free = [s for s in range(n) if fixed[s] is None]

    def taken_by_others(seat: int) -> set[str]:
        return {reading.pawns[s] for s in range(n)
                if s != seat and plans[s]["do"] == "hack"}

    starts = [list(plans)]
    for goal_pair in goal_attempts(reading, plans, free):
        start = list(plans)
        for seat, plan in goal_pair:
            start[seat] = plan
        starts.append(start)
    best_value, best = float("-inf"), plans
    for start in starts:
        plans = start
        current = team_value(reading, plans)
        for _ in range(2):
            improved = False
            for seat in free:
                for option in options_for(reading, seat, taken_by_others(seat)):
                    if option == plans[seat]:
                        continue
                    trial = list(plans)
                    trial[seat] = option
                    value = team_value(reading, trial)
                    if value > current + 1e-9:
                        plans, current, improved = trial, value, True
            if not improved:
                break
        if current > best_value:
            best_value, best = current, plans
    return best


def goal_attempts(reading: Reading, plans: Sequence[Plan], free: Sequence[int]
                  ) -> list[list[tuple[int, Plan]]]:
    """Pairs of free inner-ring hackers that could open a goal path together: a coordinate
    ascent never finds them, as one colour alone opens nothing."""
    board = reading.board
    attempts = []
    for path in board.paths:
        if path.layer != 3:
            continue
        pair: list[tuple[int, Plan]] = []
        for colour in path.colours:
            for seat in free:
                space = reading.pawns[seat]
                if (board.terminals.get(space) == colour and space not in reading.locked
                        and seat not in [s for s, _ in pair]
                        and ring_of(space) == 2):
                    pair.append((seat, {"do": "hack", "path": path.id}))
                    break
            else:
                colour_done = any(p["do"] == "hack" and p.get("path") == path.id
                                  and board.terminals.get(reading.pawns[s]) == colour
                                  for s, p in enumerate(plans) if s not in free)
                if not colour_done:
                    pair = []
                    break
        if pair:
            attempts.append(pair)
    return attempts


def open_chances(reading: Reading, plans: Sequence[Plan | None]) -> dict[str, float]:
    """The chance each path opens this turn, from the team's hacking choices."""
    hacked: dict[str, dict[str, float]] = {}
    for seat, plan in enumerate(plans):
        if plan is None or plan["do"] != "hack":
            continue
        space = reading.pawns[seat]
        colour = reading.board.terminals[space]
        misses = hacked.setdefault(plan["path"], {})
        misses[colour] = misses.get(colour, 1.0) * (1 - reading.chance(space))
    result = {}
    for path_id, misses in hacked.items():
        chance = 1.0
        for colour in reading.board.by_id[path_id].colours:
            chance *= 1 - misses.get(colour, 1.0)
        result[path_id] = chance
    return result


# -- start spaces -------------------------------------------------------------------------

def start_targets(board: Board) -> list[str]:
    """Outer spaces in the order a crew should take them: a terminal, then the start of a
    path its colour opens, and so on, so that hackers and runners begin in pairs."""
    targets: list[str] = []
    for terminal in board.spaces(0):
        colour = board.terminals.get(terminal)
        if colour is None:
            continue
        for path in board.paths:
            if path.layer == 1 and colour in path.colours and path.start != terminal \
                    and terminal not in targets and path.start not in targets:
                targets += [terminal, path.start]
                break
    targets += [s for s in board.spaces(0) if s not in targets and s in board.inward]
    return targets + [s for s in board.spaces(0) if s not in targets]
