"""Sweeps of rule options: `name=a,b,c` axes and the grid of every combination they make.

Plain functions shared by `hacktable simulate` and the Lab page (which refuses exactly what
the command would, in the same sentence); nothing here prints or knows the command line.
"""

from __future__ import annotations

import itertools

from hacktable.engine.errors import Rejected


def parse_sweeps(sweeps: list[str]) -> list[tuple[str, list[str]]]:
    """`name=a,b,c` into (name, [a, b, c]); each sweep is an axis of the grid."""
    axes: list[tuple[str, list[str]]] = []
    for sweep in sweeps:
        name, sep, values = sweep.partition("=")
        listed = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not name.strip() or not listed:
            raise Rejected(f"Write a sweep as name=a,b,c, not {sweep!r}.")
        if any(name.strip() == axis for axis, _ in axes):
            raise Rejected(f"Option {name.strip()!r} is swept twice.")
        axes.append((name.strip(), listed))
    return axes


def grid(axes: list[tuple[str, list[str]]]) -> list[dict[str, str]]:
    """Every combination of the swept values, the first axis varying slowest."""
    return [dict(zip([name for name, _ in axes], values, strict=True))
            for values in itertools.product(*(values for _, values in axes))]


def shown(value: object) -> str:
    """An option value as it is typed: true/false rather than Python's True/False."""
    return str(value).lower() if isinstance(value, bool) else str(value)
