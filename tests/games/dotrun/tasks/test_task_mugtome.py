"""Red: the network's shape, clue subtlety by ring, and accidental guessable passwords."""

from __future__ import annotations

import copy
import random

from hacktable.games.dotrun.tasks import collisions, generate, guessable, public_view, reader, solve
from hacktable.games.dotrun.tasks.reader import about, candidates, recipe_of
from hacktable.games.dotrun.tasks.words import (
    ADULT_FIRST,
    CHILD_NAMES,
    HINT_EXAMPLES,
    PET_NAMES,
    PHRASES,
    TEAMS,
)


def test_word_lists_cannot_be_mistaken_for_each_other():
    lists = [ADULT_FIRST, CHILD_NAMES, PET_NAMES, TEAMS, PHRASES]
    words = [word for group in lists for word in group]
    assert len(words) == len(set(words))
    for example in HINT_EXAMPLES.values():
        assert not any(example.startswith(word) for word in words)


def test_the_network_is_complete_enough_to_serve_as_pages():
    public = generate("red", 1, random.Random(2)).public
    handles = set(public["accounts"])
    assert public["logged_in"] in handles and public["site"] == "Mugtome"
    for handle, account in public["accounts"].items():
        assert account["handle"] == handle
        assert {"name", "job", "city", "bio", "friends"} <= set(account)
        for friend in account["friends"]:
            assert handle in public["accounts"][friend]["friends"]
    dates = [post["date"] for post in public["posts"]]
    assert dates == sorted(dates, reverse=True)
    for post in public["posts"]:
        assert post["author"] in handles
        assert all(comment["author"] in handles for comment in post["comments"])
    assert any(post["photo"] for post in public["posts"])


def _target_posts_with_both_halves(task):
    public = task.public
    word = next(w for w in (*PET_NAMES, *CHILD_NAMES, *TEAMS, *PHRASES)
                if task.answer.startswith(w))
    recipe = recipe_of(public)
    return [said for said in about(public, public["logged_in"])
            if word in said.text and candidates({**public, "posts": [
                post for post in public["posts"] if said.text.startswith(post["text"])]},
                public["logged_in"], recipe)]


def test_outer_ring_clues_are_plain_inner_ones_are_spread_over_friends():
    """Issue: "inner rings make the clues subtler and spread them over several posts and
    friends"."""
    for seed in range(40):
        outer = generate("red", 0, random.Random(seed))
        assert _target_posts_with_both_halves(outer), outer.public["posts"]
        inner = generate("red", 2, random.Random(seed))
        public = inner.public
        word = next(w for w in (*PET_NAMES, *CHILD_NAMES, *TEAMS, *PHRASES)
                    if inner.answer.startswith(w))
        by_target = [post for post in public["posts"] if post["author"] == public["logged_in"]]
        assert not any(word in post["text"] or word in (post["photo"] or "")
                       for post in by_target), word


def test_a_match_never_makes_a_password_guessable_from_another_account():
    """Issue: "Check that no two accounts of one match make the same password guessable by
    accident"."""
    tasks, seen = [], set()
    for turn in range(40):
        task = generate("red", turn % 3, random.Random(1000 + turn), avoid=seen)
        seen |= guessable(task)
        tasks.append(task)
    assert collisions([t.public for t in tasks], [t.answer for t in tasks]) == []


def test_a_planted_collision_is_found():
    first = generate("red", 0, random.Random(7))
    second = copy.deepcopy(dict(generate("red", 0, random.Random(8)).public))
    owner = first.public["logged_in"]
    # A friend in the second network posts the first target's clue post as their own.
    clue = next(post for post in first.public["posts"] if post["author"] == owner
                and candidates({**first.public, "posts": [post]}, owner,
                               recipe_of(first.public)))
    friend = next(h for h in second["accounts"] if h != second["logged_in"])
    second["posts"].append({**clue, "author": friend, "comments": []})
    found = collisions([first.public, second], [first.answer, solve(public_view(
        generate("red", 0, random.Random(8))))])
    assert [(c.password, c.by, c.where) for c in found] == [(first.answer, friend, 1)]


def test_avoid_steers_generation_away_from_earlier_passwords():
    task = generate("red", 0, random.Random(5))
    again = generate("red", 0, random.Random(5), avoid={task.answer.upper()})
    assert again.answer != task.answer
    assert task.answer.lower() not in guessable(again)


def test_friends_facts_are_theirs_not_the_targets():
    """The reader's rule: a post that mentions nobody speaks about its author."""
    for seed in range(30):
        task = generate("red", 2, random.Random(seed))
        table = reader.guessable(task.public)
        target = task.public["logged_in"]
        assert task.answer.lower() in table[target]
        assert all(task.answer.lower() not in found
                   for handle, found in table.items() if handle != target)
