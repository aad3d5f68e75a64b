"""The reward for reaching the center: "click on the 'I reached the center' button on the
website to receive your reward".

The seed does not say what the original site handed out, only what the heist is for: the
crew breaks into Mugtome, "a massive social media corporation that has questionable
practices when it comes to users' personal information". So the haul is that information,
plus one prize from each network the crew cracked during the match (red passwords, blue
voice passcodes, green DNA records, orange's forgotten backups), and a summary of the heist
from the match's own statistics. Drawn from the action's rng only, so it replays.
"""

from __future__ import annotations

import random

from hacktable.games.dotrun.state import CompanionState, Haul, HaulItem, Heist, Tally
from hacktable.games.dotrun.tasks.stats import Stats
from hacktable.games.dotrun.tasks.words import ADULT_FIRST, DEPARTMENTS, LAST, PET_NAMES

HEX = "0123456789abcdef"
NETWORK_PRIZES = {
    "red": ("The staff password vault", "{n} Mugtome staff passwords, every one a pet's name "
            "and a year"),
    "blue": ("The executives' voice passcodes", "{n} recordings of executives saying their "
             "door codes, Basque ones included"),
    "green": ("The DNA scanner records", "{n} authorised DNA profiles, editable at will"),
    "orange": ("The integration backup tapes", "{n} tapes from the failed network "
               "integration, never wiped"),
}


def heist(state: CompanionState) -> Heist:
    """The match in numbers: turns played, hacks tried and solved per colour, and each
    seat's successes (from the public results only)."""
    stats = state["stats"]
    colours: dict[str, Tally] = {colour: {"tries": sum(c["tries"] for c in rings.values()),
                        "solved": sum(c["solved"] for c in rings.values())}
               for colour, rings in stats.items()}
    last = state["last"]
    return {"turns": state["turn"] - 1, "colours": colours,
            "crew": [{"name": name, **record}
                     for name, record in zip(state["names"], state["per_seat"], strict=True)],
            "tries": sum(c["tries"] for c in state["per_seat"]),
            "solved": sum(c["solved"] for c in state["per_seat"]),
            "last_turn": None if last is None else last["turn"]}


def _key(rng: random.Random, length: int = 32) -> str:
    return "".join(rng.choice(HEX) for _ in range(length))


def haul(stats: Stats, rng: random.Random) -> Haul:
    """The loot: Mugtome's user database dump, a vault of crypto keys, and one prize per
    network the crew opened at least once (by the match's task statistics)."""
    users = rng.randrange(180, 990) * 1_000_000 + rng.randrange(1_000_000)
    sample = []
    for _ in range(3):
        first, last = rng.choice(ADULT_FIRST), rng.choice(LAST)
        sample.append({"user": f"@{first.lower()}.{last.lower()}",
                       "email": f"{first.lower()}{rng.randrange(10, 99)}@mugmail.example",
                       "password": f"{rng.choice(PET_NAMES)}{rng.randrange(1990, 2024)}",
                       "department": rng.choice(DEPARTMENTS)})
    keys = rng.randrange(3, 9)
    coins = rng.randrange(1_200, 9_800)
    items: list[HaulItem] = [
        {"title": "Mugtome's user database",
         "detail": f"mugtome_users.sql.gz: {users:,} accounts, every private message and "
                   "every deleted post Mugtome swore it had deleted",
         "sample": sample},
        {"title": "The crypto vault",
         "detail": f"{keys} cold-wallet keys holding {coins:,} coins of the corporate "
                   "treasury",
         "wallets": [f"0x{_key(rng, 8)}…{_key(rng, 4)}" for _ in range(min(keys, 3))]},
    ]
    for colour, (title, detail) in NETWORK_PRIZES.items():
        solved = sum(c["solved"] for c in stats[colour].values())
        if solved:
            items.append({"title": title, "detail": detail.format(n=rng.randrange(40, 400))})
    value = users // 1000 * 3 + coins * 41_000
    return {"headline": f"{users:,} Mugtome accounts", "items": items, "value": value}
