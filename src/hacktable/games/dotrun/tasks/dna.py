"""Green: edit the scanner's reading of your DNA until it matches an authorised person's.

The reading is random; the authorised DNA is the reading with exactly `green_edits` edits
(substitutions, insertions, deletions), so the edit distance the hacker must cover is
known. The answer is the edits themselves (an edit script, as the editor records each
change), at most `green_edits + green_spare` of them: the authorised DNA is on screen, so
typing or pasting it must not be the task (docs/rules/dotrun-tasks.md, "Green").

With one record the authorised DNA is shown by itself; with more it sits in a personnel
record among decoys whose DNA is just as close to the reading, so only the clue tells them
apart: the person's name on the outer and middle rings, the only one of a department with
a clearance level on the inner ring.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from hacktable.games.dotrun.tasks.model import INNER, Unsolvable
from hacktable.games.dotrun.tasks.numbers import ordinal
from hacktable.games.dotrun.tasks.words import ADULT_FIRST, DEPARTMENTS, LAST

BASES = "ACGT"
_OP = re.compile(r"([SID])(\d{1,3})([ACGT]?)")
_SEPARATORS = re.compile(r"[\s,;]+")
MAX_OPS = 60
"""No budget is larger (green_edits + green_spare tops out at 40)."""
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


Op = tuple[str, int, str]
"""One edit as the editor records it: ("S", 5, "G") changes letter 5 to G, ("I", 5, "A")
inserts A so that it becomes letter 5, ("D", 5, "") deletes letter 5 (1-based, counted in
the string as it is when the edit is made)."""


def parse_script(text: str) -> list[Op] | None:
    """An edit script ("S5G I2A D9", any case, spaces or commas between), or None."""
    ops: list[Op] = []
    for word in _SEPARATORS.split(text.strip().upper()):
        if not word:
            continue
        match = _OP.fullmatch(word)
        if match is None or (match[1] == "D") != (match[3] == ""):
            return None
        ops.append((match[1], int(match[2]), match[3]))
        if len(ops) > MAX_OPS:
            return None
    return ops


def misplaced(letters: list[str], kind: str, at: int, base: str) -> str | None:
    """Why one edit cannot be made on `letters` as they stand, or None if it can."""
    size = len(letters)
    if kind == "I" and not 1 <= at <= size + 1:
        return f"the DNA has {size} letters then, so a letter goes in at 1 to {size + 1}."
    if kind in "SD" and not 1 <= at <= size:
        return f"the DNA has {size} letters then, so there is no letter {at}."
    if kind == "S" and letters[at - 1] == base:
        return f"letter {at} already is {base}."
    return None


def apply_one(letters: list[str], kind: str, at: int, base: str) -> None:
    """Make one edit in place (`misplaced` says it can be made)."""
    if kind == "I":
        letters.insert(at - 1, base)
    elif kind == "S":
        letters[at - 1] = base
    else:
        del letters[at - 1]


def apply_script(reading: str, ops: list[Op]) -> str | None:
    """The reading after the edits, one after the other; None if an edit points nowhere."""
    letters = list(reading)
    for kind, at, base in ops:
        if misplaced(letters, kind, at, base):
            return None
        apply_one(letters, kind, at, base)
    return "".join(letters)


def in_words(reading: str, text: str) -> str | None:
    """An edit script said the way a person says it, each position counted as the
    notation counts it: in the DNA as it stands when that edit is made ("D3 D5": delete
    the 3rd letter, then the 5th of what is left; `COUNTING` says so once beside it).
    None if `text` is no script for it."""
    ops = parse_script(text or "")
    if not ops:
        return None
    letters, phrases = list(reading), []
    for kind, at, base in ops:
        if misplaced(letters, kind, at, base):
            return None
        if kind == "S":
            phrases.append(f"change the {ordinal(at)} letter from {letters[at - 1]} to {base}")
        elif kind == "I":
            phrases.append(f"insert {base} as the {ordinal(at)} letter")
        else:
            phrases.append(f"delete the {ordinal(at)} letter ({letters[at - 1]})")
        apply_one(letters, kind, at, base)
    return ", then ".join(phrases)


COUNTING = "Each letter is counted in the DNA as it stood after the edit before it."
"""What a script of several edits in words needs said once."""


def script(reading: str, target: str) -> str:
    """The fewest edits from `reading` to `target`, written as the editor writes them."""
    rows, cols = len(reading) + 1, len(target) + 1
    cost = [[0] * cols for _ in range(rows)]
    for i in range(rows):
        cost[i][0] = i
    for j in range(cols):
        cost[0][j] = j
    for i in range(1, rows):
        for j in range(1, cols):
            cost[i][j] = min(cost[i - 1][j] + 1, cost[i][j - 1] + 1,
                             cost[i - 1][j - 1] + (reading[i - 1] != target[j - 1]))
    ops: list[Op] = []
    i, j = len(reading), len(target)
    while i or j:  # walk back from the end, so earlier positions stay valid
        if i and j and cost[i][j] == cost[i - 1][j - 1] + (reading[i - 1] != target[j - 1]):
            if reading[i - 1] != target[j - 1]:
                ops.append(("S", i, target[j - 1]))
            i, j = i - 1, j - 1
        elif i and cost[i][j] == cost[i - 1][j] + 1:
            ops.append(("D", i, ""))
            i -= 1
        else:
            ops.append(("I", i + 1, target[j - 1]))
            j -= 1
    return " ".join(f"{kind}{at}{base}" for kind, at, base in ops)


def check(public: Mapping[str, Any], answer: str, typed: str) -> bool:
    """Solved means: the hacker's edits, no more than the budget, turn the reading into the
    authorised DNA (the one `answer`, the task's own script, leads to). A pasted DNA string
    is not an edit script, so it never opens the door."""
    ops, canonical = parse_script(typed), parse_script(answer)
    if ops is None or canonical is None or len(ops) > int(public.get("edits_allowed",
                                                                     MAX_OPS)):
        return False
    target = apply_script(public["reading"], canonical)
    return target is not None and apply_script(public["reading"], ops) == target


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
    """(public JSON, answer) for one green task; the answer is the fewest edits' script."""
    length, edits = int(knobs["green_length"]), int(knobs["green_edits"])
    count = int(knobs["green_records"])
    allowed = edits + int(knobs["green_spare"])
    reading = "".join(rng.choice(BASES) for _ in range(length))
    target = mutate(reading, edits, rng)
    public: dict[str, Any] = {
        "reading": reading, "edits_needed": edits, "edits_allowed": allowed,
        "instructions": f"The scanner read your DNA. Edit it one letter at a time (change, "
                        f"insert or delete) until it matches the authorised DNA: the "
                        f"scanner takes at most {allowed} edits, then submit.",
        "notation": "Typed as edits: S5G changes letter 5 to G, I5A inserts A as letter 5, "
                    "D5 deletes letter 5 (counted in the string as it is at that edit)."}
    if count == 1:
        public["authorised"] = target
        return public, script(reading, target)
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
    return public, script(reading, target)


def solve(public: Mapping[str, Any]) -> str:
    """The edits to the authorised DNA, found the way a hacker finds them."""
    return script(public["reading"], authorised(public))


def authorised(public: Mapping[str, Any]) -> str:
    """The authorised DNA: shown by itself, or the record's one person the clue fits."""
    if "authorised" in public:
        shown: str = public["authorised"]
        return shown
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
    found: str = fits[0]["dna"]
    return found
