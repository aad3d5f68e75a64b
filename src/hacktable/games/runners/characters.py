"""Characters: four stats and an inventory, checked against the point-buy rule, with the
derived HP and Speed. They are plain JSON so that a player can export theirs at the end
of a mission and import it at the start of the next."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, final

from hacktable.engine.errors import Rejected


class Condition(TypedDict):
    """A condition the GM put on a combatant, and what it does, in words."""

    name: str
    effect: str


class KeptRoll(TypedDict):
    """A check kept for later (`kept.store`), one per stat."""

    stat: str
    total: int
    note: str
    blind: bool
    round: int


@final  # so that `"sneak" in body` tells a runner from an NPC
class Character(TypedDict):
    """A runner in play (`characters.make`): the sheet plus the mission's HP, sneaking
    (the DC to find them, or None) and position. `hits` and `seen_hits` appear once an
    attack lands (`combat.strike`), `ran` once they move."""

    name: str
    stats: dict[str, int]
    inventory: list[str]
    notes: str
    outside: bool
    hp: int
    max_hp: int
    dead: bool
    sneak: int | None
    spotted: bool
    conditions: list[Condition]
    pos: list[int] | None
    kept: list[KeptRoll]
    ran: NotRequired[int]
    hits: NotRequired[int]
    seen_hits: NotRequired[int]


STATS = ("str", "dex", "int", "cha")
STAT_NAMES = {"str": "Strength", "dex": "Dexterity", "int": "Intelligence",
              "cha": "Charisma"}
NAME_LIMIT = 24
ITEM_LIMIT = 12
TEXT_LIMIT = 200
SHEET_LIMIT = 4000

PREGENS = (
    {"name": "Mica", "stats": {"str": 2, "dex": 5, "int": 4, "cha": 1}},
    {"name": "Damien", "stats": {"str": 4, "dex": 2, "int": 3, "cha": 3}},
    {"name": "Luke", "stats": {"str": 4, "dex": 1, "int": 2, "cha": 5}},
)
"""The seed's three example characters, with Mica's DEX from the stat list (5), not from
the two examples that say 4 (see docs/rules/runners.md)."""


def stat_key(value: Any) -> str:
    """A stat named by key or full name ("dex", "Dexterity"), or a sentence saying which."""
    text = str(value).strip().lower()[:12] if isinstance(value, str) else ""
    for key, name in STAT_NAMES.items():
        if text in (key, name.lower()):
            return key
    raise Rejected(f"{value!r} is not a stat: name one of STR, DEX, INT or CHA.")


def _text(value: Any, limit: int, what: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Rejected(f"The {what} must be text.")
    return " ".join(value.split())[:limit]


def sheet_of(data: Any) -> Any:
    """A sheet as sent: an object, or the JSON text a player pasted from their last
    mission (read here, so a typing slip gets a sentence, not a parse error)."""
    if not isinstance(data, str):
        return data
    if len(data) > SHEET_LIMIT:
        raise Rejected(f"A character sheet is at most {SHEET_LIMIT} characters.")
    try:
        return json.loads(data)
    except RecursionError:
        raise Rejected("That is not a character sheet: it nests too deep.") from None
    except json.JSONDecodeError as error:
        raise Rejected("That is not the character you took away: paste the whole text, "
                       "from the first { to the last } (it goes wrong at line "
                       f"{error.lineno}, column {error.colno}).") from None


def items_of(value: Any) -> list[str]:
    """The inventory: a list of items, or plain text with one item per line."""
    if value is None:
        return []
    if isinstance(value, str):
        value = value.splitlines()
    if not isinstance(value, list):
        raise Rejected("Write the inventory one item per line.")
    items = [item for item in (_text(v, NAME_LIMIT * 2, "item") for v in value) if item]
    if len(items) > ITEM_LIMIT:
        raise Rejected(f"Carry at most {ITEM_LIMIT} items (you listed {len(items)}).")
    return items


def build(data: Any, options: Mapping[str, Any]) -> Character:
    """A fresh character from a player's sheet (a form or an imported JSON), or a Rejected
    that says which rule the sheet breaks."""
    data = sheet_of(data)
    if not isinstance(data, Mapping):
        raise Rejected("A character is a name and four stats, e.g. {\"name\": \"Mica\", "
                       "\"stats\": {\"str\": 2, \"dex\": 5, \"int\": 4, \"cha\": 1}}.")
    name = _text(data.get("name"), NAME_LIMIT, "character's name")
    if not name:
        raise Rejected("Give your character a name.")
    raw = data.get("stats")
    if not isinstance(raw, Mapping) or set(raw) != set(STATS):
        raise Rejected("A character has exactly four stats: str, dex, int and cha.")
    low, high, points = options["stat_min"], options["stat_max"], options["stat_points"]
    stats: dict[str, int] = {}
    for key in STATS:
        value = raw[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise Rejected(f"{STAT_NAMES[key]} must be a whole number.")
        if not low <= value <= high:
            raise Rejected(f"{STAT_NAMES[key]} {value} is out of bounds: each stat is "
                           f"{low} to {high} (nice try, min-maxers).")
        stats[key] = value
    total = sum(stats.values())
    if total != points:
        raise Rejected(f"Your stats add up to {total}; they must add up to exactly {points} "
                       f"(nice try, min-maxers)." if total > points else
                       f"Your stats add up to {total}; spend all {points} points.")
    items = items_of(data.get("inventory"))
    outside = data.get("outside", False)
    if not isinstance(outside, bool):
        raise Rejected("Say true or false for whether the character starts outside the "
                       "mission area.")
    return make(name, stats, options, items,
                _text(data.get("notes"), TEXT_LIMIT, "notes"), outside)


def make(name: str, stats: Mapping[str, int], options: Mapping[str, Any],
         inventory: list[str] | None = None, notes: str = "",
         outside: bool = False) -> Character:
    """A character in play: the sheet plus the mission's HP, sneaking and position."""
    hp = stats["str"] + options["hp_bonus"]
    return {"name": name, "stats": dict(stats), "inventory": list(inventory or []),
            "notes": notes, "outside": outside, "hp": hp, "max_hp": hp, "dead": False,
            "sneak": None, "spotted": False, "conditions": [], "pos": None, "kept": []}


def pregen(index: int, options: Mapping[str, Any]) -> Character:
    """Seat `index`'s ready-made character: the seed's three, then balanced ones."""
    if index < len(PREGENS):
        sheet: dict[str, Any] = dict(PREGENS[index])
    else:
        share, extra = divmod(options["stat_points"], len(STATS))
        sheet = {"name": f"Runner {index + 1}",
                 "stats": {k: share + (1 if i < extra else 0) for i, k in enumerate(STATS)}}
    try:
        return build(sheet, options)
    except Rejected:  # options no sheet can meet (stat_max 1 and 12 points): the closest
        fallback = balanced(f"Runner {index + 1}", options)
        return make(fallback["name"], fallback["stats"], options)


def balanced(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A legal sheet under any options: points spread as evenly as the bounds allow."""
    low, high = options["stat_min"], options["stat_max"]
    stats = dict.fromkeys(STATS, low)
    left = options["stat_points"] - low * len(STATS)
    while left > 0 and any(v < high for v in stats.values()):
        for key in STATS:
            if left > 0 and stats[key] < high:
                stats[key] += 1
                left -= 1
    return {"name": name, "stats": stats}


def speed(dex: int, options: Mapping[str, Any]) -> float:
    """Squares a second: (DEX / 2) + 3, rounded as the `speed_rounding` option says."""
    exact = dex / options["speed_divisor"]
    rounding = options["speed_rounding"]
    part = math.floor(exact) if rounding == "down" else math.ceil(exact) if rounding == "up" \
        else exact
    value = part + options["speed_bonus"]
    return int(value) if float(value).is_integer() else float(value)


def export(character: Mapping[str, Any]) -> dict[str, Any]:
    """What outlives the mission: the sheet, not the wounds or the position."""
    return {"name": character["name"], "stats": dict(character["stats"]),
            "inventory": list(character["inventory"]), "notes": character["notes"]}
