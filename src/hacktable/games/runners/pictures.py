"""Rules for Runners' How to play picture: the built-in floor, with a door and tokens."""

from __future__ import annotations

from hacktable.games.drawing import svg, text
from hacktable.games.runners.maps import CORRIDOR, SYMBOLS

CELL = 30
FILL = {"#": "#555555", ".": "#f4f1ea", ",": "#3b3b4f", "+": "#a0522d", "'": "#deb887",
        "T": "#2e86c1", "S": "#e9e1cf"}
TOKENS = {(1, 1): "M", (2, 2): "D", (6, 5): "G"}
"""Mica and Damien at the start, and a guard in the hallway (as the GM's map shows it)."""


def floor() -> str:
    """The built-in map: walls, floor, dark squares, a closed and two open doors,
    terminals, the start squares, with column and row numbers on the edges."""
    rows = list(CORRIDOR)
    width, height = len(rows[0]), len(rows)
    body: list[str] = []
    for x in range(width):
        body.append(text(CELL * (x + 1) + CELL / 2, 18, str(x), 11, anchor="middle"))
    for y, row in enumerate(rows):
        body.append(text(CELL / 2, CELL * (y + 1) + 20, str(y), 11, anchor="middle"))
        for x, symbol in enumerate(row):
            body.append(f'<rect x="{CELL * (x + 1)}" y="{CELL * y + 24}" width="{CELL}" '
                        f'height="{CELL}" fill="{FILL.get(symbol, "#ffffff")}" '
                        f'stroke="#222222" stroke-width="1"><title>({x}, {y}) '
                        f'{SYMBOLS.get(symbol, "floor")}</title></rect>')
            token = TOKENS.get((x, y))
            if token:
                body.append(f'<circle cx="{CELL * (x + 1) + CELL / 2}" '
                            f'cy="{CELL * y + 24 + CELL / 2}" r="11" fill="#ffffff" '
                            'stroke="#111111" stroke-width="2"/>')
                body.append(text(CELL * (x + 1) + CELL / 2, CELL * y + 24 + CELL / 2 + 5,
                                 token, 13, "bold", "middle", "#111111"))
    return svg(CELL * (width + 1), CELL * height + 30, "The built-in floor map", body,
               "A lobby with the start squares on the left, a dark server room behind a "
               "closed door, a hallway below; walls grey, dark squares dark blue, doors "
               "brown, terminals blue; tokens M (Mica), D (Damien) and G (a guard).")
