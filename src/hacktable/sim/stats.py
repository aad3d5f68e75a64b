"""Confidence intervals for the simulator's rates: every rate a designer reads comes with one,
so a 3-point difference over 200 games is not mistaken for a finding."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for `successes` out of `trials`.

    Chosen over the normal approximation because it stays inside [0, 1] and behaves at rates
    near 0 or 1, which balance questions often ask about ("does seat 1 ever win?").
    Fractional successes (ties credited 1/k) are accepted. No trials: (0, 1).
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = min(max(successes / trials, 0.0), 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))
