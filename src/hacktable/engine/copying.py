"""Deep copies of game states and views, which are trees of dicts, lists and scalars.

`copy.deepcopy` keeps a memo of every object it meets (to preserve shared references and
cycles), which a JSON-like tree never has; it was the largest single cost of building a
./Run view and of the hidden-information checker. `tree_copy` walks the tree directly and
hands anything else to `copy.deepcopy`, so it is a drop-in for the trees the engines keep.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar, cast

T = TypeVar("T")

_ATOMS = frozenset({str, int, float, bool, type(None)})


def tree_copy(value: T) -> T:
    """A copy of `value` sharing no dict or list with it (scalars are immutable, so shared)."""
    return cast(T, _copy(value))  # a copy has the type of what it copies


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {key: item if type(item) in _ATOMS else _copy(item)
                for key, item in value.items()}
    if kind is list:
        return [item if type(item) in _ATOMS else _copy(item) for item in value]
    if kind is tuple:
        return tuple(_copy(item) for item in value)
    return copy.deepcopy(value)
