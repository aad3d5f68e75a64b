"""Red: a small Mugtome network whose logged-in employee leaks their password.

The network is a pure function of the rng and the ring's knobs. The target's password is
a word and a number ("Biscuit2019"); a helpdesk note (the hint) says which recipe the
target uses, and the target's posts, photos and friends' words hold both halves:

- subtlety 0: one plain post of the target's holds both halves;
- subtlety 1: the halves are in separate posts, the number to be worked out from a post's
  date ("6 years ago today we brought our dog home");
- subtlety 2: the word appears only in friends' posts and comments, numbers are spelled out.

Friends post facts of their own (their pets, children, teams, sayings), which are the
distractors. Everything a fact says about the target is placed where `reader.associated`
looks for the target's facts, and nothing about anybody else is; the reader is the rule
a person follows, and the solvability tests hold the generator to it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from hacktable.games.dotrun.tasks.numbers import day_month, ddmm, in_words, ordinal
from hacktable.games.dotrun.tasks.words import (
    ADULT_FIRST,
    CHILD_NAMES,
    CITIES,
    DEPARTMENTS,
    FILLERS,
    HINT_EXAMPLES,
    LAST,
    PET_NAMES,
    PHRASES,
    SPECIES,
    TEAMS,
)

RECIPES = ("pet", "child", "team", "phrase")
RECIPE_HINTS = {
    "pet": "their pet's name followed by the year the pet came home",
    "child": "their child's name followed by the child's birthday as DDMM",
    "team": "their football team followed by their favourite player's shirt number",
    "phrase": "their favourite saying followed by the year they were born",
}
BIOS = ("Coffee first.", "Opinions my own.", "Professional overthinker.", "Here for the memes.",
        "Weekend hiker, weekday sleeper.", "Trying my best.", "Tea > coffee.",
        "Ask me about my houseplants.")
REPLIES = ("Ha! Love this.", "So jealous.", "Miss you!", "Same here.", "Amazing!",
           "This made my day.", "Classic.", "Wow.")


@dataclass
class Person:
    first: str
    last: str
    handle: str
    facts: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Post:
    author: str
    day: date
    text: str
    photo: str | None = None
    comments: list[tuple[str, str]] = field(default_factory=list)


class _Draw:
    """Draws names without repeats, so no two people in a network share a fact's word."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pools = {key: list(words) for key, words in (
            ("first", ADULT_FIRST), ("last", LAST), ("child", CHILD_NAMES), ("pet", PET_NAMES),
            ("team", TEAMS), ("phrase", PHRASES))}
        for pool in self.pools.values():
            rng.shuffle(pool)

    def take(self, pool: str) -> str:
        return self.pools[pool].pop()


def password(recipe: str, fact: dict[str, Any]) -> str:
    """The password a fact makes: word then number, as the hint describes."""
    word = fact["word"]
    if recipe == "child":
        return word + ddmm(fact["day"])
    return f"{word}{fact['number']}"


def _fact(recipe: str, draw: _Draw, today: date) -> dict[str, Any]:
    """A fact of one recipe: the word, the number, and what its sentences need."""
    rng = draw.rng
    day = today - timedelta(days=rng.randrange(1, 330))
    if recipe == "pet":
        years = rng.randint(1, 12)
        return {"word": draw.take("pet"), "species": rng.choice(SPECIES), "day": day,
                "years": years, "number": day.year - years}
    if recipe == "child":
        return {"word": draw.take("child"), "son": rng.choice(("son", "daughter")), "day": day,
                "age": rng.randint(2, 14)}
    if recipe == "team":
        return {"word": draw.take("team"), "player": draw.take("last").upper(),
                "number": rng.randint(1, 99)}
    age = rng.randint(23, 64)
    return {"word": draw.take("phrase"), "day": day, "age": age, "number": day.year - age}


def _plain(recipe: str, fact: dict[str, Any], author: str, rng: random.Random,
           today: date) -> list[Post]:
    """Subtlety 0: one post of the author's own states both halves."""
    day = today - timedelta(days=rng.randrange(1, 330))
    w = fact["word"]
    if recipe == "pet":
        text, photo = rng.choice((
            (f"{w} has been part of the family since {fact['number']}! Best {fact['species']} "
             "ever.", f"Photo: {w} the {fact['species']} asleep on the sofa"),
            (f"My {fact['species']} {w} came home in {fact['number']} and has ruled the house "
             "ever since.", None)))
    elif recipe == "child":
        text = (f"Happy {ordinal(fact['age'])} birthday to my {w}! Born on "
                f"{day_month(fact['day'])}, best day ever.")
        photo = f"Photo: {w} blowing out the candles" if rng.random() < 0.5 else None
        day = fact["day"]
    elif recipe == "team":
        text = f"Come on {w}! Nobody wears number {fact['number']} like {fact['player']}."
        photo = None
    else:
        text = f"{w}! As I always say. Born in {fact['number']} and still going strong."
        photo = None
    return [Post(author, day, text, photo)]


def _spread(recipe: str, fact: dict[str, Any], target: Person, friend: str,
            rng: random.Random, today: date) -> list[Post]:
    """Subtlety 1: the target's own posts, the halves apart, numbers from dates."""
    w, me = fact["word"], target.handle
    other = today - timedelta(days=rng.randrange(1, 330))
    if recipe == "pet":
        sp = fact["species"]
        return [Post(me, other, f"{w} thinks the sofa belongs to them now.",
                     f"Photo: a {sp} curled up on a cushion", [(friend, rng.choice(REPLIES))]),
                Post(me, fact["day"], f"{fact['years']} years ago today we brought our {sp} "
                     "home from the shelter.")]
    if recipe == "child":
        son = fact["son"]
        return [Post(me, other, f"{w} lost a first tooth today! My {son} is growing up too "
                     "fast."),
                Post(me, fact["day"], f"{fact['age']} candles on the cake today for my {son}.",
                     "Photo: a chocolate cake with candles", [(friend, rng.choice(REPLIES))])]
    if recipe == "team":
        return [Post(me, other, f"Matchday! {w} all the way.", "Photo: a packed stadium"),
                Post(me, today - timedelta(days=rng.randrange(1, 330)),
                     f"Got my new shirt: {fact['player']}, number {in_words(fact['number'])} "
                     "on the back.")]
    return [Post(me, other, f"Long week, but we got there. {w}!"),
            Post(me, today - timedelta(days=rng.randrange(1, 330)),
                 f"Quiz night tomorrow, and we will win. {w}!"),
            Post(me, fact["day"], f"{fact['age']} today! Thanks for all the wishes.")]


def _subtle(recipe: str, fact: dict[str, Any], target: Person, friends: list[str],
            rng: random.Random, today: date) -> list[Post]:
    """Subtlety 2: the word only in friends' words, numbers spelled out."""
    w, me = fact["word"], target.handle
    a, b = rng.sample(friends, 2) if len(friends) > 1 else (friends[0], friends[0])
    other = today - timedelta(days=rng.randrange(1, 330))
    if recipe == "pet":
        sp = fact["species"]
        return [Post(me, other, "Somebody got spoiled today.",
                     f"Photo: a {sp} wearing a tiny party hat",
                     [(a, f"Give {w} a treat from me!")]),
                Post(me, fact["day"], f"{in_words(fact['years']).capitalize()} years with this "
                     f"little rascal as of today. Adopting a {sp} was the best thing we did.")]
    if recipe == "child":
        return [Post(a, other, f"Babysat @{me}'s little {w} today. What a character!"),
                Post(me, fact["day"], "What a day.", f"Photo: a cake with "
                     f"{in_words(fact['age'])} candles and a paper crown",
                     [(b, "Happy birthday to the little one!")])]
    if recipe == "team":
        return [Post(me, other, "What a match!", "Photo: a striped scarf on a stadium seat",
                     [(a, f"Saw you on the big screen in your {w} scarf!")]),
                Post(me, today - timedelta(days=rng.randrange(1, 330)), "Finally framed it.",
                     f"Photo: a football shirt on the wall with {in_words(fact['number'])} "
                     "on the back")]
    return [Post(me, other, "Party at ours on Saturday, everyone welcome.", None,
                 [(a, f"Can't wait to hear you shout {w}! at midnight.")]),
            Post(b, fact["day"], f"Happy birthday @{me}, {in_words(fact['age'])} looks good "
                 "on you!")]


def _person(draw: _Draw) -> Person:
    first, last = draw.take("first"), draw.take("last")
    return Person(first, last, f"{first}.{last}".lower())


def build(rng: random.Random, knobs: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """One network and its target's password: (public JSON, answer)."""
    draw = _Draw(rng)
    today = date(rng.randint(2024, 2026), 1, 1) + timedelta(days=rng.randrange(365))
    target = _person(draw)
    friends = [_person(draw) for _ in range(int(knobs["red_friends"]))]
    handles = [f.handle for f in friends]
    subtlety = int(knobs["red_subtlety"])
    recipe = rng.choice(RECIPES)
    fact = _fact(recipe, draw, today)
    if subtlety == 0:
        posts = _plain(recipe, fact, target.handle, rng, today)
    elif subtlety == 1:
        posts = _spread(recipe, fact, target, rng.choice(handles), rng, today)
    else:
        posts = _subtle(recipe, fact, target, handles, rng, today)
    if subtlety:
        # The target has a fact of another kind too, which the hint rules out.
        others = [r for r in RECIPES if r != recipe]
        extra = rng.choice(others)
        posts += _plain(extra, _fact(extra, draw, today), target.handle, rng, today)
    # Friends' facts: distractors, at least one of the password's kind once clues spread.
    kinds = [recipe] if subtlety else []
    kinds += [rng.choice(RECIPES) for _ in friends[len(kinds):] if rng.random() < 0.6]
    for friend, kind in zip(friends, kinds, strict=False):
        posts += _plain(kind, _fact(kind, draw, today), friend.handle, rng, today)
    fillers = list(FILLERS)
    rng.shuffle(fillers)
    people = [target.handle, *handles]
    # Every friend posts at least one everyday thing; then anyone may.
    authors = handles + [rng.choice(people) for _ in range(int(knobs["red_filler"]))]
    for n, author in enumerate(authors):
        text, photo = fillers[n % len(fillers)]
        others = [p for p in people if p != author]
        replies = [(rng.choice(others), rng.choice(REPLIES))] if rng.random() < 0.4 else []
        posts.append(Post(author, today - timedelta(days=rng.randrange(1, 330)), text, photo,
                          replies))
    return _network(rng, today, target, friends, posts, recipe), password(recipe, fact)


def _network(rng: random.Random, today: date, target: Person, friends: list[Person],
             posts: list[Post], recipe: str) -> dict[str, Any]:
    """The JSON the web layer renders as Mugtome pages: profiles, feed, friends."""
    everyone = [target, *friends]
    circles = {target.handle: [f.handle for f in friends]}
    circles.update({f.handle: [target.handle] for f in friends})
    for n, one in enumerate(friends):
        for other in friends[n + 1:]:
            if rng.random() < 0.4:
                circles[one.handle].append(other.handle)
                circles[other.handle].append(one.handle)
    accounts = {}
    for person in everyone:
        circle = circles[person.handle]
        if person is target:
            job = f"{rng.choice(DEPARTMENTS)} at Mugtome"
        else:
            job = rng.choice(("Freelance designer", "Nurse", "Teacher", "Chef", "Accountant",
                              "Student", "Bus driver", "Architect"))
        accounts[person.handle] = {"handle": person.handle, "name": f"{person.first} {person.last}",
                                   "job": job, "city": rng.choice(CITIES),
                                   "bio": rng.choice(BIOS), "friends": circle}
    posts.sort(key=lambda post: post.day, reverse=True)
    feed = [{"id": f"post-{n + 1}", "author": post.author, "date": post.day.isoformat(),
             "text": post.text, "photo": post.photo,
             "comments": [{"author": who, "text": text} for who, text in post.comments]}
            for n, post in enumerate(posts)]
    hint = (f"Helpdesk note left on screen: {target.first} {target.last} always resets their "
            f"password to {RECIPE_HINTS[recipe]} (like {HINT_EXAMPLES[recipe]}).")
    return {"site": "Mugtome", "today": today.isoformat(), "logged_in": target.handle,
            "hint": hint, "accounts": accounts, "posts": feed}
