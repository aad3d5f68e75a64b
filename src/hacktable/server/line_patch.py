"""A page's screen sent as what changed: the new HTML as runs of the old one's lines and the
lines that are new.

A seat's screen changes in a few places at once (the status line, a clock, the latest
event) and keeps most of its lines. Rather than a line diff (the standard library's matcher
takes over 100 ms on a long screen), the new screen is walked once: each line continues the
run copied from the old screen where it can, else starts a new run at a place the old
screen has that line, else is sent as it is. Both sides keep the last screen sent, so the
patch refers to nothing the reader was not already sent: it is a function of the reader's
own two screens only.

A patch is a list: `[start, stop]` copies the old screen's lines `start` to `stop - 1`; a
string is lines of new text (joined with newlines). The new screen is the pieces joined with
newlines.
"""

from __future__ import annotations

from bisect import bisect_left

Patch = list[list[int] | str]

MIN_RUN_BYTES = 24
"""A run copied from the old screen shorter than this is sent as text instead: `[12, 13],`
costs as much as a short line."""

CANDIDATES = 8
"""How many places of a line in the old screen are tried when a run breaks (a line such as
`</section>` occurs many times; the nearest ones after the last run are tried first)."""


def diff(old: str, new: str) -> Patch:
    """The patch that makes `new` from `old`."""
    old_lines, new_lines = old.split("\n"), new.split("\n")
    places: dict[str, list[int]] = {}
    for index, line in enumerate(old_lines):
        places.setdefault(line, []).append(index)
    patch: Patch = []
    text: list[str] = []
    resume = 0  # where the last run ended in the old screen
    at = 0
    while at < len(new_lines):
        start, length = _longest_run(old_lines, new_lines, at, places, resume)
        if length and sum(len(line) + 1 for line in new_lines[at:at + length]) >= MIN_RUN_BYTES:
            if text:
                patch.append("\n".join(text))
                text = []
            patch.append([start, start + length])
            resume = start + length
            at += length
        else:
            text.append(new_lines[at])
            at += 1
    if text:
        patch.append("\n".join(text))
    return patch


def _longest_run(old_lines: list[str], new_lines: list[str], at: int,
                 places: dict[str, list[int]], resume: int) -> tuple[int, int]:
    """The longest run of the old screen's lines matching the new screen's from `at`, among
    the first few places the line has at or after `resume` (then before it)."""
    found = places.get(new_lines[at])
    if not found:
        return 0, 0
    first = bisect_left(found, resume)
    tried = found[first:first + CANDIDATES] + found[max(0, first - CANDIDATES):first]
    best_start, best_length = 0, 0
    for start in tried:
        length = 0
        while (at + length < len(new_lines) and start + length < len(old_lines)
               and old_lines[start + length] == new_lines[at + length]):
            length += 1
        if length > best_length:
            best_start, best_length = start, length
    return best_start, best_length


def apply(old: str, patch: Patch) -> str:
    """The new screen from the old one and a patch (what the page's script does)."""
    old_lines = old.split("\n")
    pieces: list[str] = []
    for part in patch:
        if isinstance(part, str):
            pieces.append(part)
        else:
            pieces.extend(old_lines[part[0]:part[1]])
    return "\n".join(pieces)
