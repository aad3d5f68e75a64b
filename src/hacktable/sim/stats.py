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


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def difference(wins1: float, n1: int, wins0: float, n0: int
               ) -> tuple[float, float, float]:
    """Rate 1 minus rate 0, its standard error and the two-sided p-value of "no difference"
    (pooled z test). No trials on either side: (0, 0, 1)."""
    if n1 <= 0 or n0 <= 0:
        return 0.0, 0.0, 1.0
    p1, p0 = wins1 / n1, wins0 / n0
    error = math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
    pooled = (wins1 + wins0) / (n1 + n0)
    null = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0))
    return p1 - p0, error, normal_p((p1 - p0) / null) if null > 0 else 1.0


def holm(pvalues: list[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the input's order.

    With many comparisons (every card at every table size) some look strong by chance; a
    finding counts only if its adjusted p-value is below the level. Holm controls the
    family-wise error rate without assuming the comparisons are independent."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def quantile_ci(values: list[float], q: float, z: float = Z95
                ) -> tuple[float, float, float]:
    """The q-quantile of `values` and a distribution-free 95% interval for it (order
    statistics around rank n·q, binomial spread). Needs at least one value."""
    data = sorted(values)
    n = len(data)
    centre = n * q
    spread = z * math.sqrt(n * q * (1 - q))
    low = max(0, math.floor(centre - spread))
    high = min(n - 1, math.ceil(centre + spread))
    point = data[min(n - 1, max(0, math.ceil(centre) - 1))]
    return point, data[low], data[high]
