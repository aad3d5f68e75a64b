"""The board as SVG, from a view: pure string building, for the web screen to embed.

Accessible: colours always come with a letter (R, B, G, O) on terminals and paths, pawns
carry their player's initial and number, locked terminals a cross, open paths are drawn
solid and closed ones dashed; every element has a <title> a screen reader can announce.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape

from hacktable.games.dotrun.board import GOAL, LETTERS, RINGS, PathJson, index_of, ring_of
from hacktable.games.dotrun.views import DotrunView

SIZE = 480
CENTRE = SIZE / 2
RADII = (210.0, 145.0, 80.0)
FILL = {"red": "#c0392b", "blue": "#2062b8", "green": "#1e8449", "orange": "#d35400"}
BACKGROUND = "#fbfbf7"
"""The board's paper (dotrun.css gives the same to the <svg>)."""
NAME_INK = "#222222"
"""Space names: 15:1 against the paper (WCAG AA asks 4.5:1; issue 36 found #ddd, 1.4:1),
with a halo of paper so a path under a name does not blur it."""
NAME_SIZE = 15
"""Large enough to read on a 360 px phone, where the 480-unit board is about 300 px wide
(15 units is about 9.5 px there; the old 7 was 4.4 px)."""
PAWN = ("#111111", "#6c3483", "#7b5d00", "#0b6e69", "#922b5a", "#34495e")


def position(space: str, sizes: Mapping[str, int]) -> tuple[float, float]:
    """Where a space sits: clockwise from the top of its ring."""
    if space == GOAL:
        return CENTRE, CENTRE
    ring = ring_of(space)
    angle = 2 * math.pi * index_of(space) / sizes[RINGS[ring]]
    return (CENTRE + RADII[ring] * math.sin(angle), CENTRE - RADII[ring] * math.cos(angle))


def _f(value: float) -> str:
    return f"{value:.1f}"


def draw(view: DotrunView) -> str:
    """An SVG document for a ./Run view (any viewer's: it uses public parts only)."""
    board = view["board"]
    sizes = board["rings"]
    locked = set(view["lockouts"]["locked"])
    opened = set()
    for item in view.get("last_turn", []):
        if item["kind"] == "paths_open":
            opened = set(item["paths"])
    hacked = {p["path"] for p in view["plans"] if p and p["do"] == "hack"}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE + 40}" '
             f'role="img" aria-labelledby="dotrun-title" class="dotrun-board">',
             f'<title id="dotrun-title">{escape(board["title"])}: turn {view["turn"]}, '
             f'alertness {view["alertness"]} of {view["alertness_limit"]}</title>']
    for ring, radius in enumerate(RADII):
        parts.append(f'<circle cx="{_f(CENTRE)}" cy="{_f(CENTRE)}" r="{_f(radius)}" '
                     f'fill="none" stroke="#999" stroke-width="1"><title>{RINGS[ring]} ring'
                     '</title></circle>')
    for path in board["paths"]:
        parts.append(_path(path, sizes, path["id"] in opened, path["id"] in hacked))
    for ring in range(3):
        for i in range(sizes[RINGS[ring]]):
            space = f"{'omi'[ring]}{i}"
            parts.append(_space(space, sizes, board["terminals"].get(space), space in locked))
    parts.append(f'<circle cx="{_f(CENTRE)}" cy="{_f(CENTRE)}" r="22" fill="#f4d03f" '
                 'stroke="#333" stroke-width="2"><title>the goal</title></circle>')
    parts.append(f'<text x="{_f(CENTRE)}" y="{_f(CENTRE + 4)}" text-anchor="middle" '
                 'font-size="11" font-family="sans-serif">GOAL</text>')
    parts += _pawns(view, sizes)
    parts += _track(view)
    parts.append("</svg>")
    return "\n".join(parts)


def _path(path: PathJson, sizes: Mapping[str, int], is_open: bool,
          hacked: bool) -> str:
    (x1, y1), (x2, y2) = position(path["from"], sizes), position(path["to"], sizes)
    colours = path["colours"]
    letters = "+".join(LETTERS[c] for c in colours)
    state = "open" if is_open else "being hacked" if hacked else "closed"
    dash = "" if is_open else ' stroke-dasharray="6 4"'
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    line = (f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
            f'stroke="{FILL[colours[0]]}" stroke-width="{5 if is_open else 3}"{dash}/>')
    if len(colours) == 2:
        line += (f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
                 f'stroke="{FILL[colours[1]]}" stroke-width="1.5"/>')
    return (f'<g class="path {state}" data-path="{path["id"]}"><title>path {path["id"]}: '
            f'{" and ".join(colours)}, {state}</title>{line}'
            f'<rect x="{_f(mx - 11)}" y="{_f(my - 8)}" width="22" height="14" rx="3" '
            f'fill="#fff" stroke="#333" stroke-width="0.5"/>'
            f'<text x="{_f(mx)}" y="{_f(my + 3)}" text-anchor="middle" font-size="9" '
            f'font-family="sans-serif">{letters}</text></g>')


def _space(space: str, sizes: Mapping[str, int], colour: str | None, locked: bool) -> str:
    x, y = position(space, sizes)
    if colour is None:
        return (f'<g class="space" data-space="{space}"><title>{space}</title>'
                f'<circle cx="{_f(x)}" cy="{_f(y)}" r="9" fill="#fff" stroke="#555"/>'
                f'{_name(space, x, y + 10)}</g>')
    label = f"{space}: {colour} terminal" + (", locked out" if locked else "")
    cross = ""
    if locked:
        cross = (f'<path d="M{_f(x - 12)} {_f(y - 12)}L{_f(x + 12)} {_f(y + 12)}'
                 f'M{_f(x + 12)} {_f(y - 12)}L{_f(x - 12)} {_f(y + 12)}" stroke="#000" '
                 'stroke-width="3"/>')
    return (f'<g class="space terminal{" locked" if locked else ""}" data-space="{space}">'
            f'<title>{label}</title>'
            f'<rect x="{_f(x - 12)}" y="{_f(y - 12)}" width="24" height="24" rx="4" '
            f'fill="{FILL[colour]}" stroke="#222"/>'
            f'<text x="{_f(x)}" y="{_f(y + 4)}" text-anchor="middle" font-size="12" '
            f'font-weight="bold" fill="#fff" font-family="sans-serif">{LETTERS[colour]}'
            f'</text>{cross}{_name(space, x, y + 13)}</g>')


def _name(space: str, x: float, y: float) -> str:
    """The space's name under it, as plans and the log write it ("Hack o7-m5")."""
    return (f'<text class="space-name" x="{_f(x)}" y="{_f(y + NAME_SIZE * 0.8)}" '
            f'text-anchor="middle" font-size="{NAME_SIZE}" font-weight="bold" '
            f'fill="{NAME_INK}" stroke="{BACKGROUND}" stroke-width="3" paint-order="stroke" '
            f'font-family="sans-serif">{escape(space)}</text>')


def _pawns(view: DotrunView, sizes: Mapping[str, int]) -> list[str]:
    parts = []
    stacked: dict[str, int] = {}
    for seat, space in enumerate(view["pawns"]):
        if space is None:
            continue
        x, y = position(space, sizes)
        offset = stacked.get(space, 0)
        stacked[space] = offset + 1
        x += 10 + 9 * offset
        y -= 14
        name = view["players"][seat]
        parts.append(f'<g class="pawn" data-seat="{seat}"><title>{escape(name)} on {space}'
                     f'</title><circle cx="{_f(x)}" cy="{_f(y)}" r="8" '
                     f'fill="{PAWN[seat % len(PAWN)]}" stroke="#fff" stroke-width="1.5"/>'
                     f'<text x="{_f(x)}" y="{_f(y + 3)}" text-anchor="middle" font-size="9" '
                     f'fill="#fff" font-family="sans-serif">{escape(name[:1])}{seat + 1}'
                     '</text></g>')
    return parts


def _track(view: DotrunView) -> list[str]:
    """The alertness track along the bottom, and the lockout supply."""
    limit, level = view["alertness_limit"], view["alertness"]
    width = (SIZE - 40) / (limit + 1)
    parts = [f'<g class="alertness"><title>alertness {level} of {limit}</title>']
    for step in range(limit + 1):
        x = 20 + step * width
        filled = step <= level
        fill = "#c0392b" if step == limit else "#555" if filled else "#fff"
        parts.append(f'<rect x="{_f(x)}" y="{SIZE + 8}" width="{_f(width - 2)}" height="18" '
                     f'fill="{fill}" stroke="#333"/><text x="{_f(x + width / 2 - 1)}" '
                     f'y="{SIZE + 21}" text-anchor="middle" font-size="10" '
                     f'fill="{"#fff" if filled or step == limit else "#000"}" '
                     f'font-family="sans-serif">{step}</text>')
    parts.append("</g>")
    supply = view["lockouts"]["supply"]
    parts.append(f'<text x="{SIZE - 20}" y="16" text-anchor="end" font-size="11" '
                 f'font-family="sans-serif">lockouts left: {supply}</text>')
    return parts
