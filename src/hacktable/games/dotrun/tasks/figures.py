"""Figures about red tasks that the tests hold the generator to.

- Sentence patterns: what a regular player would search a Mugtome feed for. No pattern
  may appear in more than a tenth of the tasks of a ring (issue 15), or players learn it.
- A scripted reader's time: how long an attentive person needs to read a network, at a
  stated skimming speed, plus the arithmetic and the typing, so the inner ring is tuned
  to be hard within the stress phase's 30 seconds, not impossible.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from hacktable.games.dotrun.tasks import words
from hacktable.games.dotrun.tasks.numbers import _TENS, _UNITS

_SLOTS = {w.lower() for group in words.LEXICONS for w in group for w in w.split()}
_SLOTS |= {w for w in _UNITS + _TENS if w}
MIN_WORDS = 3
"""Shorter sentences ("Wow.", "So jealous.") are not patterns anyone could search for."""
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_TOKEN = re.compile(r"@[\w.]+|[^\W\d_]+(?:[-'][^\W\d_]+)*|\d+")


def texts(network: Mapping[str, Any]) -> Iterable[str]:
    """Everything people wrote: posts, photo captions, comments."""
    for post in network["posts"]:
        yield post["text"]
        if post.get("photo"):
            yield post["photo"]
        for comment in post["comments"]:
            yield comment["text"]


def pattern(sentence: str) -> str:
    """A sentence with case, punctuation, handles, numbers and every word from the
    generator's word lists (names, pets, teams, places, foods...) masked: what stays is
    the phrasing a player could search for."""
    out = []
    for token in _TOKEN.findall(sentence.lower()):
        if token.startswith("@"):
            out.append("@")
        elif token.isdigit() or all(part in _SLOTS for part in token.split("-")):
            out.append("#")
        else:
            out.append(token)
    return " ".join(out)


def patterns(network: Mapping[str, Any]) -> set[str]:
    found = set()
    for text in texts(network):
        for sentence in _SENTENCE.split(text):
            if len((p := pattern(sentence)).split()) >= MIN_WORDS:
                found.add(p)
    return found


def shares(networks: Iterable[Mapping[str, Any]]) -> Counter[str]:
    """For every pattern, the share of networks it appears in."""
    counts: Counter[str] = Counter()
    total = 0
    for network in networks:
        total += 1
        counts.update(patterns(network))
    return Counter({p: n / total for p, n in counts.items()})


READING_WPM = 300
"""Skimming speed of the scripted reader, words per minute: brisk reading of short posts
(careful reading is about 240, skimming 400 and more)."""
ARITHMETIC_S = 5.0
"""Seconds to work a number out (a year from "6 years ago today", a birth year from an
age), needed once the clues are spread (subtlety 1 and 2)."""
TYPING_S = 3.0
"""Seconds to type the password and send it."""


def words_on_page(network: Mapping[str, Any]) -> int:
    """Every word the hacker's screen shows: the helpdesk note, the profile, the feed."""
    me = network["accounts"][network["logged_in"]]
    shown = [network["hint"], me["name"], me["job"], me["city"], me["bio"], *texts(network)]
    return sum(len(text.split()) for text in shown)


def _post_words(post: Mapping[str, Any]) -> int:
    shown = [post["text"], post.get("photo") or "", *(c["text"] for c in post["comments"])]
    return sum(len(text.split()) for text in shown)


def reading_seconds(network: Mapping[str, Any], answer: str, subtlety: int) -> float:
    """The scripted reader's time for one network: it reads the helpdesk note and the
    target's profile, then the feed from the top at `READING_WPM`, every word of every
    post, and stops once it has read both halves of the password (the word, and the
    number or what it is worked out from); then it works the number out if the clues are
    spread and types the answer. It never rereads and never guesses early: a fast,
    attentive reader, the best case a table should expect."""
    from hacktable.games.dotrun.tasks import reader  # reader imports the word lists

    me = network["accounts"][network["logged_in"]]
    words = sum(len(text.split()) for text in (network["hint"], me["name"], me["job"],
                                               me["city"], me["bio"]))
    recipe = reader.recipe_of(network)
    word_half = answer.rstrip("0123456789").lower()
    number_half = answer[len(word_half):]
    have_word = have_number = False
    for post in network["posts"]:
        words += _post_words(post)
        alone = {**network, "posts": [post]}
        said = reader.about(alone, network["logged_in"])
        have_word = have_word or any(word_half in piece.text.lower() for piece in said)
        have_number = have_number or number_half in reader.numbers(
            recipe, said, network["logged_in"])
        if have_word and have_number:
            break
    return words * 60 / READING_WPM + (ARITHMETIC_S if subtlety else 0.0) + TYPING_S
