"""The tasks as the ./Run engine's task source (its `tasking` seam)."""

from __future__ import annotations

import json
import random

from hacktable.games.dotrun import tasking
from hacktable.games.dotrun.tasks import SOURCE


def test_the_engine_finds_the_seed_tasks():
    assert isinstance(SOURCE, tasking.TaskSource)
    assert tasking.source("seed") is SOURCE


def test_engine_shaped_tasks_check_and_solve():
    for seed in range(30):
        colour = ("red", "blue", "green", "orange")[seed % 4]
        task = SOURCE.generate(colour, ("outer", "middle", "inner")[seed % 3],
                               random.Random(seed), {})
        task = json.loads(json.dumps(task))
        assert SOURCE.check(task, task["secret"]["answer"])
        assert not SOURCE.check(task, "nope")
        answer = SOURCE.solve(task["kind"], task["public"])
        if task["kind"] == "audio":
            assert answer is None and "audio" in task["secret"]["hidden"]
        else:
            assert answer is not None and SOURCE.check(task, answer)
        assert task["secret"]["answer"] not in json.dumps(task["public"]) or task["kind"] == "dna"


def test_the_goal_layer_is_said_in_basque():
    task = SOURCE.generate("blue", "inner", random.Random(1), {}, innermost=False)
    assert task["public"]["language"] == "en"
    task = SOURCE.generate("blue", "inner", random.Random(1), {}, innermost=True)
    assert task["public"]["language"] == "eu"
