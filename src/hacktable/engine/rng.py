"""Randomness derived from (seed, seq), so any log entry replays alone.

No generator state is ever stored: entry `seq` of a match always gets the same stream.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any


def derive_seed(seed: int | str, seq: int, salt: str = "") -> int:
    """A 64-bit integer that depends only on the match seed, the entry number and a salt."""
    digest = hashlib.blake2b(f"{seed}\x1f{seq}\x1f{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class LazyRandom:
    """Stands in for a `random.Random` and seeds it only when first used.

    Most entries (a player's secret orders, say) draw nothing, so deferring the seeding
    keeps replay cheap.
    """

    __slots__ = ("_derivation", "_rng")

    def __init__(self, seed: int | str, seq: int, salt: str = "") -> None:
        self._derivation = (seed, seq, salt)
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(derive_seed(*self._derivation))
        return getattr(rng, name)


def rng_for(seed: int | str, seq: int, salt: str = "") -> random.Random:
    """The generator for log entry `seq` (entry 0 is the set-up)."""
    return LazyRandom(seed, seq, salt)  # type: ignore[return-value]
