"""The grid map: a small text format the GM writes, and movement that walls and closed
doors stop.

One character per square:

    #  wall            .  floor         ,  dark floor (checks needing sight are harder)
    +  closed door     '  open door     T  terminal        S  a runner's starting square

Rows may differ in length; anything past a row's end is outside the building (a wall).
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Mapping
from typing import Any

from hacktable.engine.errors import Rejected

SYMBOLS = {"#": "wall", ".": "floor", ",": "dark", "+": "door", "'": "open",
           "T": "terminal", "S": "start"}
MAX_SIDE = 40
BLOCKING = {"#", "+"}

CORRIDOR = (
    "##############",
    "#SS.....#,,,T#",
    "#SS.....+,,,,#",
    "#.......#,,,,#",
    "###'######'###",
    "#...........T#",
    "##############",
)
"""The built-in floor: a lobby, a dark server room behind a closed door, a hallway below."""


def parse(text: Any) -> list[str]:
    """The map's rows, or a sentence saying which character or size is wrong."""
    if not isinstance(text, str):
        raise Rejected("A map is text, one line per row of squares.")
    rows = [line.rstrip() for line in text.strip("\n").splitlines()]
    while rows and not rows[-1]:
        rows.pop()
    if not rows or not any(rows):
        raise Rejected("The map is empty: write one line per row, e.g. #..+..#.")
    if len(rows) > MAX_SIDE or max(len(r) for r in rows) > MAX_SIDE:
        raise Rejected(f"A map is at most {MAX_SIDE} squares on a side.")
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char not in SYMBOLS and char != " ":
                raise Rejected(f"Row {y + 1}, column {x + 1}: {char!r} is not a map square; "
                               f"use # . , + ' T S (a space is outside).")
    return [row.replace(" ", "#") for row in rows]


def initial(options: Mapping[str, Any]) -> list[str] | None:
    return list(CORRIDOR) if options["map"] == "corridor" else None


def square(rows: list[str], x: int, y: int) -> str:
    if 0 <= y < len(rows) and 0 <= x < len(rows[y]):
        return rows[y][x]
    return "#"


SQUARE_TEXT = re.compile(r"\s*\(?\s*(\d{1,2})\s*[, ]\s*(\d{1,2})\s*\)?\s*")


def looks_like_square(value: str) -> bool:
    """Whether a few words are a square written as "x y", "x, y" or "(x, y)"."""
    return SQUARE_TEXT.fullmatch(value) is not None


def coordinates(value: Any) -> tuple[int, int]:
    """A square given as [x, y] (what a click on the map sends) or written as "x y",
    "x, y" or "(x, y)", or a sentence saying how to name one."""
    if isinstance(value, str) and (found := SQUARE_TEXT.fullmatch(value)):
        return int(found.group(1)), int(found.group(2))
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise Rejected("Name a square by its column and row, counted from 0 (e.g. 3, 5), or "
                       "pick it on the map.")
    return value[0], value[1]


def point(value: Any, rows: list[str]) -> tuple[int, int]:
    """An open square of the map, or a sentence saying why it is not one."""
    x, y = coordinates(value)
    if square(rows, x, y) in BLOCKING:
        raise Rejected(f"Square ({x}, {y}) is a wall or a closed door; pick an open square.")
    return x, y


def is_dark(rows: list[str] | None, pos: Any) -> bool:
    return bool(rows and pos and square(rows, pos[0], pos[1]) == ",")


def starts(rows: list[str]) -> list[list[int]]:
    """Starting squares in reading order; floor squares when the map marks none."""
    marked = [[x, y] for y, row in enumerate(rows) for x, c in enumerate(row) if c == "S"]
    return marked or [[x, y] for y, row in enumerate(rows) for x, c in enumerate(row)
                      if c not in BLOCKING]


def steps(rows: list[str], start: tuple[int, int], goal: tuple[int, int],
          diagonals: bool) -> int | None:
    """The fewest squares from start to goal around walls and closed doors (a diagonal
    step may not cut a wall's corner), or None when there is no way."""
    if start == goal:
        return 0
    moves = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonals:
        moves += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        (x, y), d = queue.popleft()
        for dx, dy in moves:
            nx, ny = x + dx, y + dy
            if (nx, ny) in seen or square(rows, nx, ny) in BLOCKING:
                continue
            if dx and dy and (square(rows, x + dx, y) in BLOCKING
                              or square(rows, x, y + dy) in BLOCKING):
                continue
            if (nx, ny) == goal:
                return d + 1
            seen.add((nx, ny))
            queue.append(((nx, ny), d + 1))
    return None


def reachable(rows: list[str], start: tuple[int, int], limit: int,
              diagonals: bool) -> list[list[int]]:
    """Every square within `limit` steps, for bots and the screen's move choices."""
    found = []
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c in BLOCKING or (x, y) == start:
                continue
            if abs(x - start[0]) > limit or abs(y - start[1]) > limit:
                continue
            d = steps(rows, start, (x, y), diagonals)
            if d is not None and d <= limit:
                found.append([x, y])
    return found


def move_cost(distance: int, speed: float, per_move: int) -> int:
    """Game seconds to cover `distance` squares: one Move action per Speed squares."""
    return math.ceil(distance / speed) * per_move if distance else 0


def set_door(rows: list[str], x: int, y: int, open_: bool) -> list[str]:
    if square(rows, x, y) not in ("+", "'"):
        raise Rejected(f"Square ({x}, {y}) is not a door.")
    row = rows[y]
    rows = list(rows)
    rows[y] = row[:x] + ("'" if open_ else "+") + row[x + 1:]
    return rows
