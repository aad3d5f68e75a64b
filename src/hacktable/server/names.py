"""Names at one table must not be mistaken for each other: "Аnn" with a Cyrillic А beside
"Ann", or "BiII" beside "Bill", would let one player pose as another in the log, in
orders that name players ("backstab Ann"), and in email.

Two names clash when their *look-alike keys* are equal: the name in Unicode compatibility
form, case-folded, with every letter from another script that looks like a Latin one
replaced by it (the confusables of Unicode's security report, via `confusable_homoglyphs`),
and the few Latin shapes that are hard to tell apart in most fonts (l, I, 1, |; O and 0)
folded together.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_LATIN_LOOKALIKES = str.maketrans({"1": "l", "i": "l", "|": "l", "0": "o"})


@lru_cache(maxsize=4096)
def _as_latin(char: str) -> str:
    """A character from another script that looks like a Latin one, as that Latin one.

    ASCII is Latin already; the confusables table (a quarter of a second to load) is read
    the first time a name holds anything else."""
    if char.isascii():
        return char
    from confusable_homoglyphs import confusables

    found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin", "common"])
    for hit in found or ():
        for glyph in hit["homoglyphs"]:
            if glyph["n"].startswith("LATIN") or glyph["c"].isascii():
                return glyph["c"]
    return char


def lookalike_key(name: str) -> str:
    """What a name looks like, for comparing it with the others at the table."""
    plain = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    latin = "".join(_as_latin(char) for char in plain).casefold()
    return latin.translate(_LATIN_LOOKALIKES)


def clash(names: list[str]) -> tuple[str, str] | None:
    """The first two names that look alike, or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = lookalike_key(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None
