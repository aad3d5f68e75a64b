"""Green: edit distance and the generated readings."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from hacktable.games.dotrun.tasks import generate
from hacktable.games.dotrun.tasks.dna import edit_distance, mutate

dna = st.text(alphabet="ACGT", max_size=12)


def test_edit_distance_counts_substitutions_insertions_and_deletions():
    assert edit_distance("ACGT", "ACGT") == 0
    assert edit_distance("ACGT", "AGGT") == 1
    assert edit_distance("ACGT", "ACGGT") == 1
    assert edit_distance("ACGT", "AGT") == 1
    assert edit_distance("", "ACG") == 3
    assert edit_distance("GATTACA", "TACGATA") == 4


@given(a=dna, b=dna, c=dna)
def test_edit_distance_is_a_metric(a, b, c):
    assert edit_distance(a, b) == edit_distance(b, a)
    assert edit_distance(a, c) <= edit_distance(a, b) + edit_distance(b, c)
    assert (edit_distance(a, b) == 0) == (a == b)


@given(seed=st.integers(0, 10**9), edits=st.integers(1, 6))
def test_mutation_lands_exactly_that_many_edits_away(seed, edits):
    rng = random.Random(seed)
    reading = "".join(rng.choice("ACGT") for _ in range(12))
    assert edit_distance(reading, mutate(reading, edits, rng)) == edits


def test_outer_ring_shows_the_authorised_dna_inner_ring_hides_it_in_a_record():
    outer = generate("green", 0, random.Random(1)).public
    assert "authorised" in outer and "record" not in outer
    inner = generate("green", 2, random.Random(1)).public
    assert "clearance" in inner["record"]["clue"]
    assert len(inner["record"]["people"]) == 8
    middle = generate("green", 1, random.Random(1)).public
    assert "Authorised today:" in middle["record"]["clue"]
