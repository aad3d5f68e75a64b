"""Names at one table must not be mistaken for each other: "Аnn" with a Cyrillic А beside
"Ann", or "BiII" beside "Bill", would let one player pose as another in the log, in
orders that name players ("backstab Ann"), and in email.

Two names clash when their *look-alike keys* are equal: the name in Unicode compatibility
form, case-folded, with every letter from another script that looks like a Latin one
replaced by it (the confusables of Unicode's security report, via `confusable_homoglyphs`),
the few Latin shapes that are hard to tell apart in most fonts (l, I, 1, |; O and 0)
folded together, and accents dropped ("Ánn", "Zoë": a mark is easily missed, and "Ánn"
typed as "A" plus a combining accent looks the same as the letter "Á").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_LATIN_LOOKALIKES = str.maketrans({"1": "l", "i": "l", "|": "l", "0": "o"})
_DIACRITICS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff"
                         "\ufe20-\ufe2f]")
"""The combining accents of Latin, Greek and Cyrillic letters (Unicode's combining
diacritical mark blocks): an accent, typed on its own or as part of the letter, is easy to
miss in a log or a plain-text mail, so "Ánn" is taken for "Ann". Marks that are letters'
own parts in other scripts (Devanagari vowel signs, say) are kept."""


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
                return str(glyph["c"])
    return char


def normal_name(name: str) -> str:
    """A name as it is kept and shown: spaces collapsed, in Unicode's composed form (NFC),
    so "A" plus a combining accent is stored as the one letter "Á" it shows."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


def lookalike_key(name: str) -> str:
    """What a name looks like, for comparing it with the others at the table."""
    plain = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    bare = unicodedata.normalize("NFC", _DIACRITICS.sub("", unicodedata.normalize("NFD", plain)))
    latin = "".join(_as_latin(char) for char in bare).casefold()
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
