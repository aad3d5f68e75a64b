"""Every generated task is solvable from what the hacker is shown (issue's test list)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hacktable.games.dotrun.tasks import RINGS, Unsolvable, check, generate, public_view, solve
from hacktable.games.dotrun.tasks.dna import edit_distance

seeds = st.integers(min_value=0, max_value=2**64 - 1)
rings = st.sampled_from(RINGS)


@settings(max_examples=400, deadline=None)
@given(seed=seeds, ring=rings)
def test_every_mugtome_password_can_be_reasoned_out(seed, ring):
    task = generate("red", ring, random.Random(seed))
    assert solve(public_view(task)) == task.answer


@settings(max_examples=300, deadline=None)
@given(seed=seeds, ring=rings, friends=st.integers(1, 12), filler=st.integers(0, 20),
       subtlety=st.integers(0, 2))
def test_mugtome_stays_solvable_at_any_setting(seed, ring, friends, filler, subtlety):
    names = ("outer", "middle", "inner")
    options = {f"red_friends_{names[ring]}": friends, f"red_filler_{names[ring]}": filler,
               f"red_subtlety_{names[ring]}": subtlety}
    task = generate("red", ring, random.Random(seed), options)
    assert solve(public_view(task)) == task.answer


@settings(max_examples=300, deadline=None)
@given(seed=seeds, ring=rings, records=st.integers(1, 20), edits=st.integers(1, 8))
def test_every_dna_task_can_be_edited_into_the_authorised_one(seed, ring, records, edits):
    names = ("outer", "middle", "inner")
    options = {f"green_records_{names[ring]}": records, f"green_edits_{names[ring]}": edits}
    task = generate("green", ring, random.Random(seed), options)
    public = public_view(task)
    assert solve(public) == task.answer
    assert edit_distance(task.public["reading"], task.answer) == edits


def test_orange_tasks_are_solved_like_their_kind():
    for seed in range(60):
        task = generate("orange", seed % 3, random.Random(seed))
        if task.kind == "audio":
            with pytest.raises(Unsolvable, match="ear"):
                solve(public_view(task))
            heard = solve(public_view(task), ear=lambda view, said=task.answer: said)
            assert heard == task.answer
        else:
            assert check(task, solve(public_view(task)))


def test_passwords_ignore_case_and_spaces_but_nothing_else():
    task = generate("red", 0, random.Random(4))
    assert check(task, task.answer.upper())
    assert check(task, " " + task.answer.lower() + " ")
    assert not check(task, task.answer + "!")
    assert not check(task, task.answer[:-1])


def test_passcodes_take_digits_with_separators():
    task = generate("blue", 0, random.Random(4))
    assert check(task, " ".join(task.answer))
    assert check(task, "-".join(task.answer))
    assert not check(task, task.answer[::-1] if task.answer[::-1] != task.answer else "x")
    assert not check(task, task.answer + "0")
    assert not check(task, "five")


def test_dna_ignores_case_and_spaces():
    task = generate("green", 1, random.Random(4))
    spaced = " ".join(task.answer[i:i + 4] for i in range(0, len(task.answer), 4))
    assert check(task, spaced.lower())
    assert not check(task, task.public["reading"])
