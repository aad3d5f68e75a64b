"""./Run's board as data: three rings of spaces, terminals, secure paths and the goal.

The seed gives no geometry ("three rings of spaces ... three layers of secure paths"), so a
board is a file under `boards/` (TOML), checked when it is loaded: every path colour can be
hacked from a terminal on a ring next to its layer, and the goal can be reached from the
outer ring. Spaces are named by ring letter and number, clockwise from the top: `o0`..,
`m0`.., `i0`.., and `goal`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, TypedDict, TypeGuard

RINGS = ("outer", "middle", "inner")
PREFIX = ("o", "m", "i")
GOAL = "goal"
GOAL_RING = 3
COLOURS = ("red", "blue", "green", "orange")
_INDEX = re.compile(r"0|[1-9][0-9]?")
"""A space's number as written: rings have 3 to 24 spaces."""
LETTERS = {"red": "R", "blue": "B", "green": "G", "orange": "O"}
GOAL_LAYER = 3
"""The innermost layer: paths from the inner ring to the goal."""
LAYER_RINGS = {1: (0, 1), 2: (1, 2), GOAL_LAYER: (2,)}
"""The rings whose terminals can hack each layer: a layer lies between two rings (the
goal has no terminals, so the goal layer is hacked from the inner ring alone)."""


PathJson = TypedDict("PathJson", {"id": str, "from": str, "to": str, "colours": list[str],
                                  "layer": int})
"""A path as views carry it (`Path.to_json`); `from` is a keyword, hence the form."""


class BoardJson(TypedDict):
    """A board as views carry it (`Board.to_json`): ring sizes by ring name, terminal
    colours by space."""

    name: str
    title: str
    rings: dict[str, int]
    terminals: dict[str, str]
    paths: list[PathJson]


class BoardError(ValueError):
    """A board file that does not make a playable board; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Path:
    """A secure path from a ring space one ring inwards (or to the goal)."""

    id: str
    start: str
    end: str
    colours: tuple[str, ...]
    layer: int

    def to_json(self) -> PathJson:
        return {"id": self.id, "from": self.start, "to": self.end,
                "colours": list(self.colours), "layer": self.layer}


def ring_of(space: str) -> int:
    """0 outer, 1 middle, 2 inner, 3 the goal."""
    return GOAL_RING if space == GOAL else PREFIX.index(space[0])


def index_of(space: str) -> int:
    return int(space[1:])


@dataclass(frozen=True)
class Board:
    """An immutable board; every rule asks it about geometry, never the file."""

    name: str
    title: str
    sizes: tuple[int, int, int]
    terminals: Mapping[str, str]
    paths: tuple[Path, ...]
    inward: Mapping[str, tuple[Path, ...]] = field(init=False, repr=False)
    by_id: Mapping[str, Path] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        inward: dict[str, list[Path]] = {}
        for path in self.paths:
            inward.setdefault(path.start, []).append(path)
        object.__setattr__(self, "inward", {k: tuple(v) for k, v in inward.items()})
        object.__setattr__(self, "by_id", {path.id: path for path in self.paths})

    # -- geometry -----------------------------------------------------------------------

    def spaces(self, ring: int) -> list[str]:
        return [f"{PREFIX[ring]}{i}" for i in range(self.sizes[ring])]

    def all_spaces(self) -> list[str]:
        return [space for ring in range(3) for space in self.spaces(ring)] + [GOAL]

    def is_space(self, space: object) -> TypeGuard[str]:
        if space == GOAL:
            return True
        if not isinstance(space, str) or len(space) < 2 or space[0] not in PREFIX:
            return False
        digits = space[1:]
        # ASCII digits, no leading zero, at most the two a ring's 3 to 24 spaces need: never
        # int() of a player's 5,000 digits (beyond Python's limit) or of a "²" (isdigit).
        return (_INDEX.fullmatch(digits) is not None
                and int(digits) < self.sizes[PREFIX.index(space[0])])

    def step(self, space: str, clockwise: bool) -> str:
        """One space around the space's ring; the goal is on no ring, so nothing moves it."""
        if space == GOAL:
            return space
        ring = ring_of(space)
        size = self.sizes[ring]
        return f"{PREFIX[ring]}{(index_of(space) + (1 if clockwise else -1)) % size}"

    def distance(self, a: str, b: str) -> int | None:
        """Fewest clockwise/counterclockwise steps from a to b on one ring (None: other ring)."""
        if a == GOAL or b == GOAL or a[0] != b[0]:
            return None
        size = self.sizes[ring_of(a)]
        d = (index_of(b) - index_of(a)) % size
        return min(d, size - d)

    def hackable_from(self, terminal: str) -> list[Path]:
        """Paths a hacker on this terminal may hack: its colour, in a layer next to its ring."""
        colour = self.terminals.get(terminal)
        if colour is None:
            return []
        ring = ring_of(terminal)
        return [p for p in self.paths if colour in p.colours and ring in LAYER_RINGS[p.layer]]

    # -- reachability -------------------------------------------------------------------

    def goal_reachable(self, pawns: Iterable[str], locked: Iterable[str]) -> bool:
        """Could any pawn ever reach the goal, whatever the team does from here?

        Pawns never move outwards and go all the way round a ring at will, so what matters
        is how many pawns stand on each ring. A runner crosses a path when, for each of the
        path's colours, another pawn stands on a ring next to the path's layer that has an
        unlocked terminal of that colour (one hacker per colour: a goal path needs two
        hackers and its runner, three pawns on the inner ring). The search tries every
        order of crossings from the pawns' rings; the goal is reachable if some order gets
        a runner there.
        """
        counts = [0, 0, 0]
        for pawn in pawns:
            if pawn == GOAL:
                return True
            counts[ring_of(pawn)] += 1
        free = set(self.terminals) - set(locked)
        colours_on = [{self.terminals[t] for t in free if ring_of(t) == r} for r in range(3)]
        seen: set[tuple[int, ...]] = set()
        todo = [tuple(counts)]
        while todo:
            state = todo.pop()
            if state in seen:
                continue
            seen.add(state)
            for path in self.paths:
                ring = ring_of(path.start)
                if state[ring] == 0 or not self._hackers(path, state, ring, colours_on):
                    continue
                if path.end == GOAL:
                    return True
                after = list(state)
                after[ring] -= 1
                after[ring + 1] += 1
                todo.append(tuple(after))
        return False

    @staticmethod
    def _hackers(path: Path, state: tuple[int, ...], runner_ring: int,
                 colours_on: list[set[str]]) -> bool:
        """Whether pawns other than the runner can hack every colour of `path` at once."""
        spare = list(state)
        spare[runner_ring] -= 1
        rings = LAYER_RINGS[path.layer]

        def cover(colours: tuple[str, ...], left: list[int]) -> bool:
            if not colours:
                return True
            for ring in rings:
                if left[ring] > 0 and colours[0] in colours_on[ring]:
                    left[ring] -= 1
                    if cover(colours[1:], left):
                        return True
                    left[ring] += 1
            return False

        return cover(tuple(path.colours), spare)

    def to_json(self) -> BoardJson:
        return {
            "name": self.name,
            "title": self.title,
            "rings": {RINGS[r]: self.sizes[r] for r in range(3)},
            "terminals": dict(self.terminals),
            "paths": [path.to_json() for path in self.paths],
        }


# -- loading and checking ----------------------------------------------------------------

def parse(name: str, data: Mapping[str, Any]) -> Board:
    """Build a board from a file's data, or raise `BoardError` saying what is wrong."""
    rings = data.get("rings")
    if not isinstance(rings, Mapping) or set(rings) != set(RINGS):
        raise BoardError(f"Board {name!r}: [rings] must give outer, middle and inner sizes.")
    sizes = []
    for ring in RINGS:
        size = rings[ring]
        if not isinstance(size, int) or isinstance(size, bool) or not 3 <= size <= 24:
            raise BoardError(f"Board {name!r}: the {ring} ring needs 3 to 24 spaces, not "
                             f"{size!r}.")
        sizes.append(size)
    skeleton = Board(name, str(data.get("title", name)), (sizes[0], sizes[1], sizes[2]), {}, ())
    terminals: dict[str, str] = {}
    for space, colour in dict(data.get("terminals", {})).items():
        if not skeleton.is_space(space) or space == GOAL:
            raise BoardError(f"Board {name!r}: terminal on {space!r}, which is no ring space.")
        if colour not in COLOURS:
            raise BoardError(f"Board {name!r}: terminal {space} is {colour!r}; terminals are "
                             f"{', '.join(COLOURS)}.")
        terminals[space] = colour
    paths: list[Path] = []
    for number, item in enumerate(data.get("paths", []), start=1):
        paths.append(_path(name, skeleton, number, item))
    ids = [p.id for p in paths]
    if len(set(ids)) != len(ids):
        raise BoardError(f"Board {name!r}: two paths join the same two spaces.")
    board = Board(name, skeleton.title, skeleton.sizes, terminals, tuple(paths))
    check(board)
    return board


def _path(name: str, board: Board, number: int, item: Any) -> Path:
    if not isinstance(item, Mapping):
        raise BoardError(f"Board {name!r}: path {number} must be a table.")
    start, end, colours = item.get("from"), item.get("to"), item.get("colours")
    if not board.is_space(start):
        raise BoardError(f"Board {name!r}: path {number} names {start!r}, no space.")
    if not board.is_space(end):
        raise BoardError(f"Board {name!r}: path {number} names {end!r}, no space.")
    if start == GOAL or ring_of(end) != ring_of(start) + 1:
        raise BoardError(f"Board {name!r}: path {number} ({start} to {end}) must lead one "
                         "ring inwards (outer to middle, middle to inner, inner to goal).")
    layer = ring_of(end)
    if not isinstance(colours, list) or any(c not in COLOURS for c in colours):
        raise BoardError(f"Board {name!r}: path {number} needs a list of colours from "
                         f"{', '.join(COLOURS)}.")
    wanted = 2 if layer == 3 else 1
    if len(colours) != wanted or len(set(colours)) != wanted:
        raise BoardError(f"Board {name!r}: path {number} ({start} to {end}) needs "
                         f"{'two different colours' if wanted == 2 else 'one colour'}.")
    return Path(f"{start}-{end}", start, end, tuple(colours), layer)


def check(board: Board) -> None:
    """Every path colour hackable from an adjacent terminal; the goal reachable."""
    for path in board.paths:
        for colour in path.colours:
            if not any(c == colour and ring_of(t) in LAYER_RINGS[path.layer]
                       for t, c in board.terminals.items()):
                rings = " or ".join(RINGS[r] for r in LAYER_RINGS[path.layer])
                raise BoardError(f"Board {board.name!r}: path {path.id} is {colour}, but no "
                                 f"{colour} terminal on the {rings} ring can hack it.")
    if not any(p.layer == 3 for p in board.paths):
        raise BoardError(f"Board {board.name!r}: no path leads to the goal.")
    if not board.goal_reachable(board.spaces(0), ()):
        raise BoardError(f"Board {board.name!r}: the goal cannot be reached from the outer "
                         "ring.")


def board_names() -> tuple[str, ...]:
    """The boards shipped with the game, by file name."""
    folder = resources.files("hacktable.games.dotrun") / "boards"
    return tuple(sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir()
                        if entry.name.endswith(".toml")))


@cache
def load(name: str) -> Board:
    """A shipped board by name, parsed and checked once per process."""
    if name not in board_names():
        raise BoardError(f"There is no board called {name!r}; try one of: "
                         f"{', '.join(board_names())}.")
    text = (resources.files("hacktable.games.dotrun") / "boards" / f"{name}.toml").read_text()
    return loads(name, text)


def loads(name: str, text: str) -> Board:
    """A board from TOML text (a designer's own file)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"Board {name!r} is not valid TOML: {error}.") from None
    return parse(name, data)
