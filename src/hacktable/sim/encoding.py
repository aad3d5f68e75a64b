"""One fixed-size encoding of any game's view and moves, shared by the PettingZoo and
OpenSpiel adapters (each installed apart, so this module needs neither).

- **Action**: an index; 0 is "hand in nothing", i >= 1 the (i-1)-th move the game lists,
  up to `MAX_ACTIONS - 1` of them.
- **Observation**: the seat's own view, flattened to its leaves (`path -> value`, list
  positions included) and feature-hashed with CRC-32 into `OBS_SIZE` buckets: a number adds
  its value (clipped to +-1e6) to the bucket of its path; a string or a true/false adds 1
  to the bucket of `path=value`. Hashing keeps one size for views of any shape;
  collisions are the price.
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import numpy as np

OBS_SIZE = 512
MAX_ACTIONS = 256
CLIP = 1e6


def encode_view(view: Any, size: int = OBS_SIZE) -> np.ndarray:
    """A JSON view as a fixed-size float vector (see the module docstring)."""
    vector = np.zeros(size, dtype=np.float32)
    stack: list[tuple[str, Any]] = [("", view)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{path}/{key}", item) for key, item in value.items())
        elif isinstance(value, list | tuple):
            stack.extend((f"{path}/{index}", item) for index, item in enumerate(value))
        elif isinstance(value, bool | str):
            vector[zlib.crc32(f"{path}={value}".encode()) % size] += 1.0
        elif isinstance(value, int | float) and math.isfinite(value):
            vector[zlib.crc32(path.encode()) % size] += max(-CLIP, min(CLIP, float(value)))
    return vector
