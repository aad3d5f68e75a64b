"""Green: edit the scanner's reading of your DNA until it matches an authorised person's.

The reading is random; the authorised DNA is the reading with exactly `green_edits` edits
(substitutions, insertions, deletions), so the edit distance the hacker must cover is
known. With one record the authorised DNA is shown by itself; with more it sits in a
personnel record among decoys whose DNA is just as close to the reading, so only the
clue tells them apart: the person's name on the outer and middle rings, the only one of
a department with a clearance level on the inner ring.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from hacktable.games.dotrun.tasks.model import INNER, Unsolvable
from hacktable.games.dotrun.tasks.words import ADULT_FIRST, DEPARTMENTS, LAST

BASES = "ACGT"
_BY_NAME = re.compile(r"Authorised today: (.+)\.$")
_BY_ROLE = re.compile(r"the only person in (.+) with clearance (\d+)\.$")


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: the fewest substitutions, insertions and deletions."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def mutate(sequence: str, edits: int, rng: random.Random) -> str:
    """`sequence` at edit distance exactly `edits` (drawn again until it is)."""
    while True:
        letters = list(sequence)
        for _ in range(edits):
            move = rng.choice(("sub", "ins", "del") if len(letters) > 2 else ("sub", "ins"))
            if move == "sub":
                at = rng.randrange(len(letters))
                letters[at] = rng.choice([b for b in BASES if b != letters[at]])
            elif move == "ins":
                letters.insert(rng.randrange(len(letters) + 1), rng.choice(BASES))
            else:
                del letters[rng.randrange(len(letters))]
        result = "".join(letters)
        if edit_distance(sequence, result) == edits:
            return result


def _people(rng: random.Random, count: int, ring: int) -> tuple[list[dict[str, Any]], str]:
    """Personnel rows (the first is the authorised one, shuffled later) and the clue."""
    firsts, lasts = rng.sample(ADULT_FIRST, count), rng.sample(LAST, count)
    department, level = rng.choice(DEPARTMENTS), rng.randint(1, 5)
    rows = [{"name": f"{firsts[0]} {lasts[0]}", "department": department, "clearance": level}]
    others = [d for d in DEPARTMENTS if d != department]
    for n in range(1, count):
        # Decoys share the department or the level (never both), so both halves matter.
        if n % 2:
            row = (department, rng.choice([c for c in range(1, 6) if c != level]))
        else:
            row = (rng.choice(others), level if n % 4 == 2 else rng.randint(1, 5))
        rows.append({"name": f"{firsts[n]} {lasts[n]}", "department": row[0],
                     "clearance": row[1]})
    if ring == INNER:
        clue = f"Door policy: authorised is the only person in {department} with clearance {level}."
    else:
        clue = f"Door policy: Authorised today: {rows[0]['name']}."
    return rows, clue


def build(rng: random.Random, knobs: Mapping[str, Any], ring: int) -> tuple[dict[str, Any], str]:
    """(public JSON, answer) for one green task."""
    length, edits = int(knobs["green_length"]), int(knobs["green_edits"])
    count = int(knobs["green_records"])
    reading = "".join(rng.choice(BASES) for _ in range(length))
    target = mutate(reading, edits, rng)
    public: dict[str, Any] = {
        "reading": reading, "edits_needed": edits,
        "instructions": "The scanner read your DNA. Edit it (change, insert or delete "
                        "letters) until it matches the authorised DNA, then submit."}
    if count == 1:
        public["authorised"] = target
        return public, target
    rows, clue = _people(rng, count, ring)
    dnas = {target}
    rows[0]["dna"] = target
    for row in rows[1:]:
        while (dna := mutate(reading, edits, rng)) in dnas:
            pass
        dnas.add(dna)
        row["dna"] = dna
    rng.shuffle(rows)
    public["record"] = {"title": "Mugtome personnel record", "clue": clue, "people": rows}
    return public, target


def solve(public: Mapping[str, Any]) -> str:
    """The authorised DNA, found the way a hacker finds it."""
    if "authorised" in public:
        return public["authorised"]
    record = public["record"]
    clue = record["clue"]
    if match := _BY_NAME.search(clue):
        fits = [p for p in record["people"] if p["name"] == match[1]]
    elif match := _BY_ROLE.search(clue):
        fits = [p for p in record["people"]
                if p["department"] == match[1] and p["clearance"] == int(match[2])]
    else:
        fits = []
    if len(fits) != 1:
        raise Unsolvable(f"The personnel record fits {len(fits)} people.")
    return fits[0]["dna"]
