"""The answer never leaves the server: absent from every view, page and audio id."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from hacktable.games.dotrun.tasks import RINGS, generate, public_view
from hacktable.games.dotrun.tasks.dna import apply_script, edit_distance, parse_script

seeds = st.integers(min_value=0, max_value=2**64 - 1)
rings = st.sampled_from(RINGS)


def strings(value):
    """Every string in a JSON value, keys included."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    else:
        yield str(value)


def squashed(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


def test_views_never_hold_the_answer_or_the_hidden_part():
    for seed in range(30):
        for colour in ("red", "blue", "green", "orange"):
            view = public_view(generate(colour, seed % 3, random.Random(seed)))
            assert set(view) == {"colour", "kind", "ring", "ring_name", "innermost", "id",
                                 "public"}


@settings(max_examples=300, deadline=None)
@given(seed=seeds, ring=rings)
def test_no_mugtome_page_spells_out_the_password(seed, ring):
    task = generate("red", ring, random.Random(seed))
    view = public_view(task)
    answer = squashed(task.answer)
    assert answer not in json.dumps(view).lower()
    for text in strings(view):
        assert answer not in squashed(text), text


@settings(max_examples=300, deadline=None)
@given(seed=seeds, ring=rings)
def test_the_passcode_is_nowhere_on_screen_nor_in_the_audio_id(seed, ring):
    task = generate("blue", ring, random.Random(seed))
    text = json.dumps(public_view(task))
    assert task.answer not in text
    assert " ".join(task.answer) not in text and ", ".join(task.answer) not in text
    assert task.public["audio"]["id"] == task.id
    assert not re.search(r"\d", task.id)
    assert "digits" not in task.public["audio"] and "text" not in json.dumps(task.public["audio"])


@settings(max_examples=200, deadline=None)
@given(seed=seeds)
def test_the_personnel_record_does_not_point_at_the_authorised_row(seed):
    """Ruling: green shows the authorised DNA by design; on the middle and inner rings only
    the clue says which row it is, and every row is as close to the reading."""
    for ring in (1, 2):
        task = generate("green", ring, random.Random(seed))
        rows = task.public["record"]["people"]
        assert "authorised" not in task.public
        target = apply_script(task.public["reading"], parse_script(task.answer))
        assert [row["dna"] for row in rows].count(target) == 1
        assert len({tuple(sorted(row)) for row in rows}) == 1
        distances = {edit_distance(task.public["reading"], row["dna"]) for row in rows}
        assert distances == {task.public["edits_needed"]}
