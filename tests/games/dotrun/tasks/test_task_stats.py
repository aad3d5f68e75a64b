"""Per-task success statistics per colour and ring, for tuning the difficulty options."""

from __future__ import annotations

import random

from hacktable.games.dotrun.tasks import advice, generate, rates, record
from hacktable.games.dotrun.tasks.stats import empty, fold


def test_outcomes_fold_into_counts_per_colour_and_ring():
    red = generate("red", 0, random.Random(1))
    blue = generate("blue", 2, random.Random(1))
    stats = record(None, red, True)
    stats = record(stats, red, False)
    before = record(stats, blue, True)
    assert before["red"]["outer"] == {"tries": 2, "solved": 1}
    assert before["blue"]["inner"] == {"tries": 1, "solved": 1}
    assert stats["blue"]["inner"] == {"tries": 0, "solved": 0}  # record leaves its input
    assert rates(before)["red"]["outer"] == 0.5 and rates(before)["green"]["middle"] is None


def test_an_orange_task_counts_for_orange_and_for_its_kind():
    for seed in range(10):
        task = generate("orange", 1, random.Random(seed))
        stats = record(empty(), task, True)
        colour = {"mugtome": "red", "audio": "blue", "dna": "green"}[task.kind]
        assert stats["orange"]["middle"]["tries"] == stats[colour]["middle"]["tries"] == 1


def test_advice_names_the_knob_to_move():
    task = generate("blue", 2, random.Random(1))
    stats = fold([(task, n < 5) for n in range(30)])
    [line] = advice(stats)
    assert "blue on the inner ring: 5 of 30 solved" in line and "blue_noise_db_inner" in line
    assert advice(fold([(task, n < 20) for n in range(30)])) == []
