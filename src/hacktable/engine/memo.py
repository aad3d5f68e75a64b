"""Remembering what a record that never changes renders to, by the record's identity.

A long match re-renders its whole history on every push: Rex Furum's hundredth letter
carries ninety-nine closed reports. Those records are written once and never changed, so
their rendering can be kept. Keyed by identity (the record itself is held, so its id cannot
be reused while remembered) plus whatever else the rendering depends on; bounded, oldest
first out. Deterministic: a hit returns exactly what a miss would compute.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class IdentityMemo(Generic[R]):
    """`memo(record, key, render)`: `render()`'s result for this very record and key."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._kept: OrderedDict[int, tuple[Any, Hashable, R]] = OrderedDict()

    def __call__(self, record: Any, key: Hashable, render: Callable[[], R]) -> R:
        kept = self._kept.get(id(record))
        if kept is not None and kept[0] is record and kept[1] == key:
            self._kept.move_to_end(id(record))
            return kept[2]
        result = render()
        self._kept[id(record)] = (record, key, result)
        if len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return result
