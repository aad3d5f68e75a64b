"""Every generated task is solvable from what the hacker is shown (issue's test list)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hacktable.games.dotrun.tasks import RINGS, Unsolvable, check, generate, public_view, solve
from hacktable.games.dotrun.tasks.dna import apply_script, edit_distance, parse_script

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
    target = apply_script(task.public["reading"], parse_script(task.answer))
    assert edit_distance(task.public["reading"], target) == edits
    assert len(parse_script(task.answer)) == edits


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


def test_dna_edits_ignore_case_and_spacing():
    task = generate("green", 1, random.Random(4))
    assert check(task, " , ".join(task.answer.lower().split()))
    assert not check(task, task.public["reading"])


def test_green_is_solved_by_editing_not_by_pasting_the_authorised_dna():
    """Seed 6: green is hacked "by editing the string of DNA read from the hacker". Ruling
    (dotrun-tasks.md, "Green"): the answer is the edit script, within the budget; the
    authorised DNA itself, typed or pasted, is not an answer."""
    for seed in range(40):
        task = generate("green", seed % 3, random.Random(seed))
        target = apply_script(task.public["reading"], parse_script(task.answer))
        assert not check(task, target)
        assert not check(task, target.lower())
        # Every letter of the target rewritten by hand is more edits than the budget allows.
        rewrite = " ".join("D1" for _ in task.public["reading"])
        rewrite += " " + " ".join(f"I{n + 1}{base}" for n, base in enumerate(target))
        assert apply_script(task.public["reading"], parse_script(rewrite)) == target
        assert not check(task, rewrite)
        # Slips that are undone cost edits but succeed within the spare ones.
        spare = task.public["edits_allowed"] - task.public["edits_needed"]
        slips = " ".join(["I1A D1"] * (spare // 2))
        assert check(task, f"{slips} {task.answer}")
        if spare % 2 == 0:
            assert not check(task, f"I1A D1 {slips} {task.answer}")


def test_an_edit_that_points_nowhere_or_changes_nothing_is_no_answer():
    task = generate("green", 0, random.Random(3))
    length = len(task.public["reading"])
    first = task.public["reading"][0]
    for bad in (f"D{length + 1}", f"S1{first}", "I0A", "X1A", "S1", "D1A", "S1U"):
        assert not check(task, f"{bad} {task.answer}"), bad



def test_answers_in_other_unicode_forms_are_the_same_answer():
    """Ruling (dotrun-tasks.md, "What counts as solved"): answers are NFKC-normalised, so
    full-width digits from a phone's keyboard open the door like ASCII digits."""
    blue = generate("blue", 0, random.Random(2))
    wide = "".join(chr(ord(d) - ord("0") + 0xFF10) for d in blue.answer)
    assert check(blue, wide)
    red = generate("red", 0, random.Random(2))
    assert check(red, "".join(chr(ord(c) + 0xFEE0) for c in red.answer))
