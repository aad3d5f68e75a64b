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

from hacktable.games.dotrun.tasks import voice
from hacktable.games.dotrun.tasks.numbers import day_month, ddmm, in_words, ordinal
from hacktable.games.dotrun.tasks.words import (
    ADULT_FIRST,
    CHILD_NAMES,
    CITIES,
    CITY_LANGUAGES,
    DEPARTMENTS,
    FILLERS,
    HINT_EXAMPLES,
    LAST,
    LOCAL_FILLERS,
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
           "This made my day.", "Classic.", "Wow.", "Stop it, I am crying.", "Need this in my "
           "life.", "Told you so.", "Iconic.", "Invite me next time!", "Living the dream.",
           "You never change.", "Who took this?", "Absolute scenes.", "Can confirm.",
           "Where is this?", "Proud of you.", "Legend.", "Not again!", "Best news all week.",
           "Call me later?", "Ha, typical.", "Been there!", "Adding this to my list.",
           "Save me a slice.", "Jealous of your weekend.", "Why was I not invited?",
           "Looks amazing from here.", "Same time next year?", "This is so you.",
           "Still laughing at this.", "Brave choice.", "Good luck with that!")


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
    word: str = fact["word"]
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
    """Subtlety 0: one post of the author's own states both halves, in one of several
    phrasings (each keeps the words `reader` looks for)."""
    day = today - timedelta(days=rng.randrange(1, 330))
    w = fact["word"]
    photo = None
    if recipe == "pet":
        sp, y = fact["species"], fact["number"]
        text = rng.choice((
            f"{w} has been part of the family since {y}! Best {sp} ever.",
            f"My {sp} {w} came home in {y} and has ruled the house ever since.",
            f"Nobody warned me a {sp} would take over the sofa. We have had {w} since {y}.",
            f"{w} came home in {y} as a tiny {sp} and is now the boss of us all.",
            f"Throwback to when {w} came home in {y}. Still the silliest {sp} alive.",
            f"Breakfast for {w} first, like every day since {y}.",
            f"Vet says {w} is the healthiest {sp} she has seen. Ours since {y}, spoiled rotten.",
            f"Adopted {w} in the rain and {w} came home in {y} soaked and furious.",
            f"Still finding {sp} hair everywhere. Thanks, {w}, my shadow since {y}.",
            f"Every walk takes twice as long with {w}, who came home in {y} and never hurried.",
        ))
        if rng.random() < 0.35:
            photo = rng.choice((f"Photo: {w} the {sp} asleep on the sofa",
                                f"Photo: {w} the {sp} staring at the fridge",
                                f"Photo: {w} the {sp} in a cardboard box",
                                f"Photo: {w} the {sp} on a windowsill in the sun",
                                f"Photo: {w} the {sp} wrapped in a towel after a bath",
                                f"Photo: {w} the {sp} next to a chewed shoe"))
    elif recipe == "child":
        son, dm, age = fact["son"], day_month(fact["day"]), fact["age"]
        text = rng.choice((
            f"Happy {ordinal(age)} birthday to my {w}! Born on {dm}, best day ever.",
            f"{w} turns {age} today. My {son} was born on {dm} and nobody has slept since.",
            f"Cake, balloons, chaos: {w} is {age}! Born on {dm}.",
            f"{age} years ago my little {w} was born on {dm}. Where did the time go?",
            f"Party hats on for {w}, {age} already. Born on {dm}, just before midnight.",
            f"My {son} {w} was born on {dm}. The best present I ever got.",
            f"School photos are in and {w} ({age}, born on {dm}) pulled a face in every one.",
            f"Planning a dinosaur party for {w}, who was born on {dm} and turns {age}.",
            f"Found the hospital bracelet: {w}, born on {dm}. Cue tears.",
            f"{w} wants {age} candles and a volcano cake. Born on {dm}, demanding ever since.",
        ))
        if rng.random() < 0.4:
            photo = rng.choice((f"Photo: {w} blowing out the candles",
                                f"Photo: {w} in a paper crown next to the candles",
                                f"Photo: {w} with icing all over their face",
                                f"Photo: {w} tearing open a present",
                                f"Photo: {w} and six balloons in the garden",
                                f"Photo: {w} asleep on a pile of wrapping paper"))
        day = fact["day"]
    elif recipe == "team":
        n, player = fact["number"], fact["player"]
        text = rng.choice((
            f"Come on {w}! Nobody wears number {n} like {player}.",
            f"Season ticket renewed. {w} forever, and {player} in number {n} is the reason.",
            f"Big game tonight for {w}. Wearing my {player} shirt, number {n}.",
            f"{player} scored again! Best number {n} the {w} have ever had.",
            f"New {w} shirt arrived, {player} with {n} on the back.",
            f"Painted my face for {w} today. All hail {player}, number {n}.",
            f"Away day with the {w} lads. {player} in number {n} is carrying us.",
            f"If {player} leaves {w} I am cancelling my subscription. Number {n} for life.",
            f"Kit man at {w} owes me a signed number {n}, promised by {player} himself.",
            f"Raining sideways but {w} won, and {player} wore number {n} like a cape.",
        ))
    else:
        y = fact["number"]
        text = rng.choice((
            f"{w}! As I always say. Born in {y} and still going strong." if rng.random() < 0.5
            else f"{w}! Born in {y} and still going strong.",
            f"Born in {y}, raised on one word: {w}!",
            f"My motto since I was born in {y}? {w}!",
            f"Some people have a catchphrase. {rng.choice(('Mine is', 'Mine has always been'))} "
            f"{w}! Born in {y}, never changed it.",
            f"Old school, born in {y}. Still shouting {w} at every chance.",
            f"Tea in hand, {w} on my lips, born in {y} and proud of it.",
            f"Grandma said it, Mum said it, and I have said it since I was born in {y}: {w}!",
            f"Got a mug printed. It just says {w}! Born in {y}, allowed to be cheesy.",
            f"Monday again? {w}! Born in {y}, survived worse.",
            f"The team now says {w} before every meeting. Born in {y} and finally a trendsetter.",
            f"Kids laugh when I say {w}! They were not born in {y} like me.",
            f"Framed a print for the hallway: {w}! Fits someone born in {y}.",
        ))
    return [Post(author, day, text, photo)]


def _spread(recipe: str, fact: dict[str, Any], target: Person, friend: str,
            rng: random.Random, today: date) -> list[Post]:
    """Subtlety 1: the target's own posts, the halves apart, numbers from dates."""
    w, me, pick = fact["word"], target.handle, rng.choice
    other = today - timedelta(days=rng.randrange(1, 330))
    if recipe == "pet":
        sp, y = fact["species"], fact["years"]
        return [Post(me, other, pick((f"{w} thinks the sofa belongs to them now.",
                                      f"{w} stole my seat again and I let it happen.",
                                      f"Guess who knocked my coffee over. Yes, {w}.",
                                      f"{w} has discovered the radiator. We may never meet "
                                      "again.")),
                     pick((f"Photo: a {sp} curled up on a cushion",
                           f"Photo: a {sp} asleep in a laundry basket",
                           f"Photo: a {sp} looking guilty next to a mug")),
                     [(friend, pick(REPLIES))]),
                Post(me, fact["day"], pick((
                    f"{y} years ago today we brought our {sp} home from the shelter.",
                    f"{y} years ago today we brought home the noisiest {sp} in town.",
                    f"Can you believe it? {y} years ago today we brought this {sp} home.",
                    f"{y} years ago today we brought a tiny {sp} home. Tiny no more.")))]
    if recipe == "child":
        son, age = fact["son"], fact["age"]
        return [Post(me, other, pick((f"{w} lost a first tooth today! My {son} is growing "
                                      "up too fast.",
                                      f"{w} learned to ride a bike this afternoon. Knees "
                                      "survived, mostly.",
                                      f"Parents evening for {w}: apparently my {son} never "
                                      "stops talking. No idea where that comes from."))),
                Post(me, fact["day"], pick((f"{age} candles on the cake today for my {son}.",
                                            f"Lit {age} candles for my {son} today.",
                                            f"{age} candles and one very happy {son} today.",
                                            f"Blew out {age} candles in one go, my {son} did.")),
                     pick(("Photo: a chocolate cake with candles",
                           "Photo: a lopsided sponge cake covered in candles",
                           "Photo: birthday candles on a cake shaped like a train",
                           "Photo: candles, balloons and a very tired dog",
                           "Photo: a cupcake tower with candles")),
                     [(friend, pick(REPLIES))])]
    if recipe == "team":
        words_n, player = in_words(fact["number"]), fact["player"]
        return [Post(me, other, pick((f"Matchday! {w} all the way.",
                                      f"Derby weekend, so it is {w} or nothing.",
                                      f"Three points for {w}! Voice completely gone.")),
                     pick(("Photo: a packed stadium", "Photo: floodlights over a full stand",
                           "Photo: a crowd of scarves held up high",
                           "Photo: a blurry goal celebration from row Z",
                           "Photo: a ticket stub and a flag"))),
                Post(me, today - timedelta(days=rng.randrange(1, 330)), pick((
                    f"Got my new shirt: {player}, number {words_n} on the back.",
                    f"New shirt day, {player} and number {words_n}, obviously.",
                    f"Ordered the {player} shirt, number {words_n}, of course.",
                    f"Birthday present sorted: {player}, number {words_n}.")))]
    return [Post(me, other, pick((f"Long week, but we got there. {w}!",
                                  f"Finished the whole project a day early. {w}!",
                                  f"Car passed its inspection first time. {w}!",
                                  f"Got the flat! {w}!",
                                  f"The kitchen is finally painted. {w}!"))),
            Post(me, today - timedelta(days=rng.randrange(1, 330)),
                 pick((f"Quiz night tomorrow, and we will win. {w}!",
                       f"New job starts on Monday. {w}!",
                       f"Marathon training, week one, done. {w}!",
                       f"Driving test in the morning. {w}!",
                       f"First day of the new course. {w}!"))),
            Post(me, fact["day"], f"{fact['age']} today! " + pick((
                "Thanks for all the wishes.", "Cake for breakfast is allowed.",
                "Feeling ancient and fabulous.", "Not a single grey hair. Fine, a few.")))]


def _subtle(recipe: str, fact: dict[str, Any], target: Person, friends: list[str],
            rng: random.Random, today: date) -> list[Post]:
    """Subtlety 2: the word only in friends' words, numbers spelled out."""
    w, me, pick = fact["word"], target.handle, rng.choice
    a, b = rng.sample(friends, 2) if len(friends) > 1 else (friends[0], friends[0])
    other = today - timedelta(days=rng.randrange(1, 330))
    if recipe == "pet":
        sp, years = fact["species"], in_words(fact["years"]).capitalize()
        return [Post(me, other, pick(("Somebody got spoiled today.",
                                      "Someone is very pleased with themselves.",
                                      "Guess who found the treat drawer.")),
                     pick((f"Photo: a {sp} wearing a tiny party hat",
                           f"Photo: a {sp} next to a torn-open parcel",
                           f"Photo: a {sp} with a ribbon round its neck",
                           f"Photo: a {sp} surrounded by wrapping paper")),
                     [(a, pick((f"Give {w} a treat from me!", f"Say hi to {w} from me!",
                                f"{w} deserves it. Give them a cuddle from me!",
                                f"Lucky {w}! Spoil them rotten.",
                                f"Tell {w} I miss our walks.")))]),
                Post(me, fact["day"], pick((
                    f"{years} years with this little rascal as of today.",
                    f"{years} years of this little rascal as of today.",
                    f"{years} years with our little rascal as of today.",
                    f"{years} years of our little rascal as of today.")) + " " + pick((
                        f"Adopting a {sp} was the best thing we did.",
                        "Best decision we ever made.", "Worth every chewed slipper.")))]
    if recipe == "child":
        candles = in_words(fact["age"])
        return [Post(a, other, pick((f"Babysat @{me}'s little {w} today. What a character!",
                                     f"Took @{me}'s little {w} to the park today.",
                                     f"@{me}'s little {w} beat me at cards again.",
                                     f"Story time with @{me}'s little {w}: I fell asleep "
                                     "first."))),
                Post(me, fact["day"], pick(("What a day.", "Exhausted but happy.",
                                            "The house is finally quiet.")),
                     pick((f"Photo: a cake with {candles} candles and a paper crown",
                           f"Photo: {candles} candles on a rainbow cake",
                           f"Photo: a pile of presents and a cake with {candles} candles",
                           f"Photo: {candles} candles and a very sticky table",
                           f"Photo: a dinosaur cake with {candles} candles")),
                     [(b, pick(("Happy birthday to the little one!",
                                "Hope the birthday party was fun!",
                                "Give the birthday kid a hug from us!",
                                "So sorry we missed the party!")))])]
    if recipe == "team":
        number = in_words(fact["number"])
        return [Post(me, other, pick(("What a match!", "Still shaking after that one.",
                                      "Best afternoon of the season.")),
                     pick(("Photo: a striped scarf on a stadium seat",
                           "Photo: a muddy pitch at half time",
                           "Photo: a programme and a pie in the stands",
                           "Photo: an empty stand after the final whistle",
                           "Photo: rain on a scoreboard")),
                     [(a, pick((f"Saw you on the big screen in your {w} scarf!",
                                f"Saw you in the {w} end, great scarf!",
                                f"Your {w} scarf was on the telly, I saw you!",
                                f"Spotted you and your {w} scarf behind the goal!")))]),
                Post(me, today - timedelta(days=rng.randrange(1, 330)),
                     pick(("Finally framed it.", "Pride of place in the hallway.",
                           "Signed and everything.")),
                     pick((f"Photo: a football shirt on the wall with {number} on the back",
                           f"Photo: a framed shirt with {number} on the back",
                           f"Photo: a signed shirt with {number} on the back",
                           f"Photo: a shirt in a frame above the sofa with {number} on the "
                           "back",
                           f"Photo: a shirt drying on the line with {number} on the back")))]
    return [Post(me, other, pick(("Party at ours on Saturday, everyone welcome.",
                                  "Housewarming this weekend, bring snacks.",
                                  "Barbecue at ours on Sunday if the weather holds.",
                                  "Games night at mine on Friday, who is in?")), None,
                 [(a, pick((f"Can't wait to hear you shout {w}! at midnight.",
                            f"Will you be shouting {w}! again?",
                            f"Only if you promise to shout {w}! at midnight.",
                            f"Bring the {w}! energy, we need it.")))]),
            Post(b, fact["day"], f"Happy birthday @{me}, {in_words(fact['age'])} " + pick((
                "looks good on you!", "suits you!", "never looked better!",
                "is a good look on you!", "is a great age!", "has never looked so good!")))]


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
    cities = {handle: rng.choice(CITIES) for handle in people}
    # Every friend posts at least one everyday thing; then anyone may.
    authors = handles + [rng.choice(people) for _ in range(int(knobs["red_filler"]))]
    for n, author in enumerate(authors):
        text, photo = fillers[n % len(fillers)]
        language = CITY_LANGUAGES.get(cities[author])
        if language and rng.random() < 0.3:  # people write in their city's language too
            text, photo = rng.choice(LOCAL_FILLERS[language]), None
        others = [p for p in people if p != author]
        replies = [(rng.choice(others), rng.choice(REPLIES))] if rng.random() < 0.25 else []
        posts.append(Post(author, today - timedelta(days=rng.randrange(1, 330)), text, photo,
                          replies))
    styles = {handle: voice.style_of(rng) for handle in people}
    for post in posts:
        post.text = voice.restyle(post.text, styles[post.author], rng)
        post.comments = [(who, voice.restyle(said, styles[who], rng))
                         for who, said in post.comments]
    network = _network(rng, today, target, friends, posts, recipe, cities)
    return network, password(recipe, fact)


def _network(rng: random.Random, today: date, target: Person, friends: list[Person],
             posts: list[Post], recipe: str, cities: dict[str, str]) -> dict[str, Any]:
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
                                   "job": job, "city": cities[person.handle],
                                   "bio": rng.choice(BIOS), "friends": circle}
    posts.sort(key=lambda post: post.day, reverse=True)
    feed = [{"id": f"post-{n + 1}", "author": post.author, "date": post.day.isoformat(),
             "text": post.text, "photo": post.photo,
             "comments": [{"author": who, "text": text} for who, text in post.comments]}
            for n, post in enumerate(posts)]
    hint = (f"Helpdesk note: {target.first} {target.last} always sets their password to "
            f"{RECIPE_HINTS[recipe]} (like {HINT_EXAMPLES[recipe]}).")
    return {"site": "Mugtome", "today": today.isoformat(), "logged_in": target.handle,
            "hint": hint, "accounts": accounts, "posts": feed}
