"""How Mugtome's people write: each account has a style, and every post is written in it.

A feed where everyone writes the generator's sentences word for word can be grepped by a
regular player ("wears number", "best day ever"). People differ: some write plainly, some
in text-speak, some make typos, some pad every post with an opener or a sign-off, some
write to friends in the city's other language. The style changes only the words a reader
does not need: names, numbers, dates, handles and the phrases that carry a fact
(`PROTECTED`, the ones `reader` looks for) are left exactly as they were, so a person and
the solver read the same facts out of a styled post.
"""

from __future__ import annotations

import random
import re

from hacktable.games.dotrun.tasks.numbers import _TENS, _UNITS
from hacktable.games.dotrun.tasks.words import (
    CLOSERS,
    LEXICONS,
    OPENERS,
    SLANG,
)

STYLES = ("plain", "typos", "slang", "chatty", "terse")
WEIGHTS = (2, 3, 2, 2, 1)
PROTECTED = frozenset((
    "since", "came", "home", "in", "years", "ago", "today", "we", "brought", "with", "this",
    "little", "rascal", "as", "of", "born", "on", "candles", "number", "the", "back", "looks",
    "good", "you", "happy", "birthday", "babysat", "give", "a", "treat", "from", "me", "saw",
    "your", "scarf", "shout", "at", "midnight", "our", "suits", "never", "looked", "better",
    "is", "look", "great", "age", "has", "so"))
"""Words the reader's rules need (reader.py): a style never touches them."""
_SLOT_WORDS = frozenset(w for group in LEXICONS for phrase in group for w in phrase.split()) \
    | {w for w in _UNITS + _TENS if w}
"""Words a fact is made of: names, places, numbers in words."""
_WORD = re.compile(r"[A-Za-z]+")


def style_of(rng: random.Random) -> str:
    """A person's writing style, drawn once per account."""
    return rng.choices(STYLES, WEIGHTS)[0]


def _free(word: str) -> bool:
    lower = word.lower()
    return (lower not in PROTECTED and lower not in _SLOT_WORDS and word not in _SLOT_WORDS
            and len(word) >= 4 and word.islower())


def _typo(word: str, rng: random.Random) -> str:
    """Two neighbouring letters swapped, a letter doubled or one dropped."""
    at = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:at] + word[at + 1] + word[at] + word[at + 2:]
    if kind == 1:
        return word[:at] + word[at] + word[at:]
    return word[:at] + word[at + 1:]


def restyle(text: str, style: str, rng: random.Random) -> str:
    """`text` as a person of `style` writes it (facts untouched)."""
    if style == "plain" or not text:
        return text
    if style == "typos":
        words = [m for m in _WORD.finditer(text) if _free(m[0])]
        for match in sorted(rng.sample(words, min(len(words), rng.randint(1, 2))),
                            key=lambda m: m.start(), reverse=True):
            text = text[:match.start()] + _typo(match[0], rng) + text[match.end():]
        return text
    if style == "slang":
        def swap(match: re.Match[str]) -> str:
            word = match[0]
            return SLANG.get(word.lower(), word) if word.lower() not in PROTECTED else word
        return _WORD.sub(swap, text)
    if style == "chatty":
        opener = rng.choice(OPENERS) if rng.random() < 0.6 else ""
        closer = rng.choice(CLOSERS) if not opener or rng.random() < 0.4 else ""
        return (f"{opener} " if opener else "") + text + (f" {closer}" if closer else "")
    # terse: the last sentence of several goes, unless it carries a fact
    sentences = re.split(r"(?<=[.!?])\s+", text)
    if len(sentences) > 1 and not re.search(r"\d|@", sentences[-1]) and not any(
            w in _SLOT_WORDS for w in _WORD.findall(sentences[-1])):
        return " ".join(sentences[:-1])
    return text
