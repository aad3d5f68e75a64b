"""Reading a Mugtome network as a person would: the automatic solver for red tasks.

It uses only the public network and general knowledge (which words are pets' or children's
names, how English writes numbers and dates). A person's rule for whose fact a sentence
states, and the one this reader follows:

- a post that mentions nobody (no "@handle") speaks about its author, and so do the
  comments under it (friends answer the author);
- a post or comment that mentions "@handle" speaks about that person.

The same reading gives, for every account, the passwords its facts make guessable; that is
how a match checks that no account makes another account's password guessable by accident.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from hacktable.games.dotrun.tasks.model import Unsolvable
from hacktable.games.dotrun.tasks.mugtome import RECIPE_HINTS, RECIPES
from hacktable.games.dotrun.tasks.numbers import parse_number
from hacktable.games.dotrun.tasks.words import CHILD_NAMES, MONTHS, PET_NAMES, PHRASES, TEAMS

WORDS = {"pet": PET_NAMES, "child": CHILD_NAMES, "team": TEAMS, "phrase": PHRASES}
_NUM = r"(\d+|[A-Za-z]+(?:-[a-z]+)?)"
_MONTH = "(" + "|".join(MONTHS) + ")"
_SUITS = (" (?:looks good on you|suits you|never looked better|is a good look on you"
          "|is a great age|has never looked so good)")
_WORD_RES = {kind: re.compile(r"\b(" + "|".join(words) + r")\b") for kind, words in WORDS.items()}


@dataclass(frozen=True)
class Said:
    """One piece of text about someone: when it was posted and whether they posted it."""

    day: date
    text: str
    own: bool


def about(network: Mapping[str, Any], handle: str) -> list[Said]:
    """Everything the network says about one account, by the rule above."""
    said: list[Said] = []
    mention = re.compile("@" + re.escape(handle) + r"(?!\w|\.\w)")
    for post in network["posts"]:
        day = date.fromisoformat(post["date"])
        text = post["text"] + (" " + post["photo"] if post.get("photo") else "")
        mine = post["author"] == handle and "@" not in text
        if mine or mention.search(text):
            said.append(Said(day, text, mine))
        for comment in post["comments"]:
            if mention.search(comment["text"]) or (mine and "@" not in comment["text"]):
                said.append(Said(day, comment["text"], False))
    return said


def numbers(recipe: str, said: Iterable[Said], handle: str) -> set[str]:
    """The numbers the pieces said about `handle` give for one recipe's password."""
    found: set[str] = set()
    for piece in said:
        text, day = piece.text, piece.day
        if recipe == "pet":
            found.update(re.findall(r"since (\d{4})\b", text))
            found.update(re.findall(r"came home in (\d{4})\b", text))
            for word in re.findall(_NUM + r" years (?:ago today we brought|(?:with|of) "
                                   r"(?:this|our) little rascal as of today)", text):
                if (n := parse_number(word)) is not None:
                    found.add(str(day.year - n))
        elif recipe == "child":
            for d, month in re.findall(r"[Bb]orn on (\d{1,2}) " + _MONTH, text):
                found.add(f"{int(d):02d}{MONTHS.index(month) + 1:02d}")
            if piece.own and "candles" in text:
                found.add(f"{day.day:02d}{day.month:02d}")
        elif recipe == "team":
            for word in re.findall(r"number " + _NUM, text) + re.findall(_NUM + r" on the back",
                                                                          text):
                if (n := parse_number(word)) is not None:
                    found.add(str(n))
        else:
            found.update(re.findall(r"[Bb]orn in (\d{4})\b", text))
            ages = re.findall(r"(?:^|\. )" + _NUM + r" today!", text) if piece.own else []
            ages += re.findall(r"Happy birthday @" + re.escape(handle) + ", " + _NUM + _SUITS,
                               text)
            for word in ages:
                if (n := parse_number(word)) is not None:
                    found.add(str(day.year - n))
    return found


def candidates(network: Mapping[str, Any], handle: str, recipe: str) -> set[str]:
    """Passwords the account's facts make guessable under one recipe."""
    said = about(network, handle)
    words = {w for piece in said for w in _WORD_RES[recipe].findall(piece.text)}
    found = numbers(recipe, said, handle)
    return {word + number for word in words for number in found}


def recipe_of(network: Mapping[str, Any]) -> str:
    """Which recipe the helpdesk note describes."""
    found = [recipe for recipe, words in RECIPE_HINTS.items() if words in network["hint"]]
    if len(found) != 1:
        raise Unsolvable("The helpdesk note names no password recipe.")
    return found[0]


def solve(network: Mapping[str, Any]) -> str:
    """The logged-in employee's password, read off the network."""
    found = candidates(network, network["logged_in"], recipe_of(network))
    if len(found) != 1:
        raise Unsolvable(f"Mugtome gives {len(found)} candidate passwords: {sorted(found)}.")
    return found.pop()


def guessable(network: Mapping[str, Any]) -> dict[str, set[str]]:
    """For every account: the passwords (lower case) its facts make guessable, any recipe."""
    return {handle: {c.lower() for recipe in RECIPES for c in candidates(network, handle, recipe)}
            for handle in network["accounts"]}


@dataclass(frozen=True)
class Collision:
    """Account `by` (in network `where`) makes the password of `owner` guessable."""

    password: str
    owner: str
    by: str
    where: int


def collisions(networks: Iterable[Mapping[str, Any]], answers: Iterable[str]) -> list[Collision]:
    """Every way one match's accounts make a target's password guessable by accident.

    `networks` are the match's red networks and `answers` their targets' passwords in the
    same order. A target's password must be guessable from its own account only.
    """
    nets = list(networks)
    tables = [guessable(net) for net in nets]
    found = []
    for owner_at, (net, answer) in enumerate(zip(nets, answers, strict=True)):
        owner = net["logged_in"]
        for where, table in enumerate(tables):
            for handle, passwords in table.items():
                same = where == owner_at and handle == owner
                if not same and answer.lower() in passwords:
                    found.append(Collision(answer, f"{owner_at}:{owner}", handle, where))
    return found
