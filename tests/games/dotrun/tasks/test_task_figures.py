"""Red: Mugtome varied enough that regular players cannot grep it, and timed honestly.

Issue 15 read 60 tasks and found one sentence pattern in 59 of them. The seed (6, "Hacking
Tasks") has the hacker read "the posts made by one of these accounts and [guess] what
password the account-holder might have chosen" within the 30 seconds of the stress phase
(5.2): the reading is the task, so no phrasing may give it away by repetition, and the
inner ring must fit a fast reader's 30 seconds about half the time (docs/rules/
dotrun-tasks.md, "Red — Mugtome": variety and timing).
"""

from __future__ import annotations

import random
import statistics

import pytest

from hacktable.games.dotrun.tasks import generate
from hacktable.games.dotrun.tasks.figures import pattern, reading_seconds, shares

TASKS = 300


@pytest.fixture(scope="module")
def networks() -> dict[int, list]:
    return {ring: [generate("red", ring, random.Random(seed)) for seed in range(TASKS)]
            for ring in (0, 1, 2)}


@pytest.mark.parametrize("ring", [0, 1, 2])
def test_no_sentence_pattern_is_in_more_than_a_tenth_of_the_tasks(networks, ring):
    found = shares(task.public for task in networks[ring])
    top, share = found.most_common(1)[0]
    assert share <= 0.10, (top, share)
    assert len(found) > 500  # hundreds of phrasings, not a few dozen


def test_a_pattern_masks_names_numbers_and_case_not_phrasing():
    assert pattern("Come on Falcons! Nobody wears number 23 like OKAFOR.") == \
        pattern("come on Comets! Nobody wears number twenty-three like Holm.")
    assert pattern("Nobody wears number 23 like Okafor.") != \
        pattern("Nobody waers number 23 like Okafor.")


def test_the_scripted_reader_fits_the_inner_ring_into_30_seconds_about_half_the_time(
        networks):
    """A reader at 300 words a minute who stops once both halves are read (plus the
    arithmetic and the typing): outer comfortable, inner hard but not impossible."""
    medians = {ring: statistics.median(reading_seconds(t.public, t.answer, ring)
                                       for t in networks[ring]) for ring in (0, 1, 2)}
    fast = [reading_seconds(t.public, t.answer, 2) for t in networks[2]]
    assert medians[0] <= 22
    assert medians[0] < medians[1] <= medians[2] <= 32
    assert 0.3 <= sum(s <= 30 for s in fast) / len(fast) <= 0.8
