"""The statistics the balance figures rest on: Holm's correction, quantile intervals and
the difference of two rates."""

from __future__ import annotations

import random

from hacktable.sim.stats import difference, holm, quantile_ci


def test_holm_matches_the_textbook_example():
    # Holm (1979): sorted p-values multiplied by m, m-1, …, then made monotone
    assert holm([0.01, 0.04, 0.03, 0.005]) == [0.03, 0.06, 0.06, 0.02]


def test_holm_keeps_order_caps_at_one_and_never_lowers_a_p_value():
    pvalues = [0.2, 0.5, 0.001, 0.9, 0.04]
    adjusted = holm(pvalues)
    assert all(a >= p for a, p in zip(adjusted, pvalues, strict=True))
    assert max(adjusted) <= 1.0 and adjusted[2] == 0.005


def test_one_comparison_is_left_alone():
    assert holm([0.03]) == [0.03]


def test_pure_noise_rarely_survives_holm():
    rng = random.Random(5)
    survived = 0
    for _ in range(50):
        pvalues = [rng.random() for _ in range(100)]
        survived += any(p < 0.05 for p in holm(pvalues))
    assert survived <= 8  # family-wise error about 5%


def test_quantile_interval_holds_the_median():
    values = list(range(1, 102))
    point, low, high = quantile_ci(values, 0.5)
    assert point == 51 and low < 51 < high and high - low < 25


def test_difference_of_rates_and_its_p_value():
    lift, error, p = difference(60, 100, 40, 100)
    assert round(lift, 2) == 0.2 and 0.06 < error < 0.08 and p < 0.01
    assert difference(50, 100, 50, 100)[2] == 1.0
    assert difference(1, 0, 1, 5) == (0.0, 0.0, 1.0)
