"""A malformed answer is refused with a sentence; only a well-formed one is final.

The seed's tasks: "typing in the passcode that can be heard in the background" (blue),
"editing the string of DNA" (green), "guessing what password the account-holder might have
chosen" (red). A slip ("343" for a 4-digit passcode) is not an attempt at any of them, so
it must not cost the hacker "the alertness meter up by 2" and a lockout token.
"""

from __future__ import annotations

import random

import pytest

from hacktable.games.dotrun.tasks import RINGS, SOURCE, generate, solve
from hacktable.games.dotrun.tasks.dna import in_words
from hacktable.games.dotrun.tasks.source import to_engine
from hacktable.games.dotrun.tasks.wellformed import form, malformed, recipe_of
from hacktable.games.dotrun.tasks.wellformed import in_words as result_words


def task_of(colour: str, ring: int, seed: int, **options):
    return generate(colour, ring, random.Random(seed), {"blue_passcode": "text", **options})


@pytest.mark.parametrize("ring", RINGS)
@pytest.mark.parametrize("colour", ["red", "blue", "green"])
def test_every_right_answer_is_well_formed(colour, ring):
    """The refusal never blocks the answer that opens the door."""
    for seed in range(12):
        task = task_of(colour, ring, seed)
        answer = solve({"kind": task.kind, "public": task.public})
        assert malformed(task.kind, task.public, answer) is None, (seed, answer)
        assert malformed(task.kind, task.public, task.answer) is None


def test_a_passcode_of_the_wrong_length_is_refused():
    """The play-test's slip: "343" for a 4-digit passcode."""
    task = task_of("blue", 0, 1)
    assert task.public["digits"] == 4
    said = malformed("audio", task.public, "343")
    assert said and "4 digits" in said and "you typed 3" in said
    assert "digits only" in malformed("audio", task.public, "12a4")
    assert malformed("audio", task.public, "1 2, 3-4") is None
    assert malformed("audio", task.public, "１２３４") is None  # a phone's full-width digits
    assert malformed("audio", task.public, "9999") is None  # wrong, but an answer: final


def test_a_password_must_be_a_word_then_the_recipes_number():
    """The helpdesk note states the recipe (dotrun-tasks.md, "Red"): a year is 4 digits,
    a DDMM birthday 4, a shirt number 1 or 2."""
    seen = set()
    for seed in range(40):
        task = task_of("red", 0, seed)
        recipe = recipe_of(task.public)
        seen.add(recipe)
        word = "".join(ch for ch in task.answer if ch.isalpha())
        assert "word followed by a number" in malformed("mugtome", task.public, word)
        assert malformed("mugtome", task.public, task.answer + "!")
        if recipe == "team":
            assert malformed("mugtome", task.public, word + "123")
            assert malformed("mugtome", task.public, word + "7") is None
        else:
            assert "4 digits" in malformed("mugtome", task.public, word + "19")
            assert malformed("mugtome", task.public, word + "1999") is None
        assert malformed("mugtome", task.public, task.answer.lower().replace("", " ")) is None
    assert seen == {"pet", "child", "team", "phrase"}


def test_dna_edits_are_refused_when_they_are_not_edits_the_scanner_takes():
    """"editing the string of DNA": a whole string is not an edit; nor is an edit past
    the end, a change to the letter already there, or more edits than the budget."""
    task = task_of("green", 0, 3)
    public = task.public
    reading, allowed = public["reading"], public["edits_allowed"]
    assert "One letter at a time" in malformed("dna", public, public["authorised"])
    assert "not a list of edits" in malformed("dna", public, "change 3")
    assert "no letter 40" in malformed("dna", public, "D40")
    assert "already is" in malformed("dna", public, f"S1{reading[0]}")
    over = " ".join(["D1"] * (allowed + 1))
    assert f"at most {allowed} edits" in malformed("dna", public, over)
    assert malformed("dna", public, "D1") is None  # wrong, but an edit: final


def test_the_placeholder_code_must_have_its_length():
    task = SOURCE.generate("blue", "outer", random.Random(1), {}, innermost=False)
    assert SOURCE.malformed(task, task["secret"]["answer"]) is None
    from hacktable.games.dotrun.tasking import CODE

    code = CODE.generate("red", "outer", random.Random(2), {})
    assert "has 4 letters and digits" in CODE.malformed(code, "K3P")
    assert CODE.malformed(code, code["public"]["code"]) is None


def test_refusals_read_only_the_public_part():
    """A refusal may not tell more than the screen: the same sentence without the secret."""
    for colour in ("red", "blue", "green"):
        task = to_engine(task_of(colour, 1, 7))
        for typed in ("1", "ACGT", "x9"):
            blind = {**task, "secret": {"answer": "", "hidden": {}}}
            assert SOURCE.malformed(task, typed) == SOURCE.malformed(blind, typed)


def test_dna_edits_in_words_count_as_the_notation_counts():
    """Each position is counted in the DNA as it stands when the edit is made."""
    said = in_words("ACGTACGTACGT", "D3 D5")
    assert said == "delete the 3rd letter (G), then delete the 5th letter (C)"
    assert in_words("ACGTACGTACGT", "D6 D3") == ("delete the 6th letter (C), then delete "
                                                 "the 3rd letter (G)")
    assert in_words("ACGT", "S1G") == "change the 1st letter from A to G"
    assert in_words("ACGT", "I2T") == "insert T as the 2nd letter"
    assert in_words("ACGT", "D9") is None and in_words("ACGT", "") is None


def test_a_green_result_in_words_says_what_each_script_made():
    """"editing the string of DNA to match the DNA of an authorized individual": the
    result says what the hacker's edits made and what the authorised DNA was."""
    said = result_words("dna", {"reading": "ACGTACGTACGT"}, "D3 D5", "D6 D3")
    assert said["given"] == "delete the 3rd letter (G), then delete the 5th letter (C)"
    assert said["made"] == said["target"] == "ACTAGTACGT"
    assert "as it stood after the edit before it" in said["note"]
    assert result_words("dna", {"reading": "ACGT"}, "", "S1G")["given"] == ""
    assert result_words("audio", {"digits": 4}, "1234", "1234") is None


@pytest.mark.parametrize("colour", ["red", "blue"])
def test_the_answer_box_pattern_takes_exactly_what_the_engine_takes(colour):
    """The screen's check mirrors the engine's (the engine stays the authority)."""
    import re

    for seed in range(20):
        task = task_of(colour, seed % 3, seed)
        shape = form(task.kind, task.public)
        for typed in (task.answer, task.answer[:-1], task.answer + "0", task.answer + "!",
                      "x" + task.answer, " ".join(task.answer), "12", "abc"):
            fits = re.fullmatch(shape["pattern"], typed) is not None
            assert fits == (malformed(task.kind, task.public, typed) is None), (typed, shape)
