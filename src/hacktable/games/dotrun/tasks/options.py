"""Difficulty knobs for the hacking tasks, one value per ring where the ring matters.

They are ordinary rule options (`hacktable.engine.options.Option`), so the ./Run engine can
append `TASK_OPTIONS` to its own schema and hand its resolved options straight to
`generate`; keys that are not task options are ignored there. Defaults aim at "an attentive
person solves it in 30 seconds on the outer ring" and get harder inwards; the per-ring
success statistics (stats.py) say which way to move them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from hacktable.engine.options import Option, OptionValue
from hacktable.games.dotrun.tasks.model import RING_NAMES


def _per_ring(name: str, defaults: tuple[int, int, int], help: str, low: int,
              high: int) -> tuple[Option, ...]:
    return tuple(Option(f"{name}_{ring}", default, f"{help} ({ring} ring).", low, high)
                 for ring, default in zip(RING_NAMES, defaults, strict=True))


TASK_OPTIONS: tuple[Option, ...] = (
    *_per_ring("red_subtlety", (0, 1, 2), "Mugtome clues: 0 = both halves of the password "
               "in one plain post, 1 = spread over posts with dates to work out, 2 = names "
               "only in friends' words and numbers in words", 0, 2),
    *_per_ring("red_friends", (3, 2, 2), "Friends on the target's Mugtome page, each with "
               "posts of their own", 1, 12),
    *_per_ring("red_filler", (1, 0, 0), "Everyday posts that hold no clue, besides one per "
               "friend", 0, 20),
    *_per_ring("blue_digits", (4, 5, 6), "Digits in the spoken passcode", 3, 12),
    *_per_ring("blue_noise_db", (-24, -16, -10), "Noise level against the passcode voice, "
               "in dB (higher is louder, so harder)", -60, 6),
    *_per_ring("blue_decoys", (1, 2, 3), "Chattering voices under the passcode", 0, 6),
    *_per_ring("blue_decoy_db", (-10, 0, 2), "Level of each chattering voice against the "
               "passcode voice, in dB (from about -3 with two or more voices the passcode "
               "is under the chatter)", -40, 6),
    Option("blue_repeats", 2, "Times the passcode is said in one recording.", 1, 4),
    Option("blue_basque", True, "Passcodes on the innermost layer (inner ring to the goal) are "
           "spoken in Basque, as the seed says."),
    Option("blue_passcode", "spoken", "How a blue passcode reaches its hacker: spoken in a "
           "recording, as the seed says, or shown as the recording's transcript (every "
           "voice's lines, the digits written as words) for a table with a deaf or "
           "hard-of-hearing hacker.", choices=("spoken", "text")),
    Option("blue_crib", True, "Basque tasks show the Basque words for 0-9 on screen."),
    *_per_ring("green_length", (12, 16, 20), "Letters in the scanned DNA", 6, 60),
    *_per_ring("green_edits", (2, 4, 6), "Edits between the hacker's DNA and the authorised "
               "one (substitutions, insertions, deletions)", 1, 20),
    *_per_ring("green_spare", (3, 2, 1), "Edits the scanner allows beyond those needed "
               "(slips the hacker may undo)", 0, 20),
    *_per_ring("green_records", (1, 5, 8), "People in the personnel record (1: the "
               "authorised DNA is shown by itself)", 1, 20),
)
OPTIONS_BY_NAME = {option.name: option for option in TASK_OPTIONS}


class TaskOptions(TypedDict):
    """`TASK_OPTIONS` resolved, as a game that appends them to its schema holds them (a
    match state's `options`): one key per knob, named as above."""

    red_subtlety_outer: int
    red_subtlety_middle: int
    red_subtlety_inner: int
    red_friends_outer: int
    red_friends_middle: int
    red_friends_inner: int
    red_filler_outer: int
    red_filler_middle: int
    red_filler_inner: int
    blue_digits_outer: int
    blue_digits_middle: int
    blue_digits_inner: int
    blue_noise_db_outer: int
    blue_noise_db_middle: int
    blue_noise_db_inner: int
    blue_decoys_outer: int
    blue_decoys_middle: int
    blue_decoys_inner: int
    blue_decoy_db_outer: int
    blue_decoy_db_middle: int
    blue_decoy_db_inner: int
    blue_repeats: int
    blue_basque: bool
    blue_passcode: str
    blue_crib: bool
    green_length_outer: int
    green_length_middle: int
    green_length_inner: int
    green_edits_outer: int
    green_edits_middle: int
    green_edits_inner: int
    green_spare_outer: int
    green_spare_middle: int
    green_spare_inner: int
    green_records_outer: int
    green_records_middle: int
    green_records_inner: int


def settings(difficulty: Mapping[str, Any] | None, ring: int) -> dict[str, OptionValue]:
    """The knobs for one ring, without their ring suffix: {"blue_digits": 5, ...}.

    Values are validated like any rule option (an `OptionError` says what is wrong);
    keys that are not task options are ignored.
    """
    given = difficulty or {}
    suffix = "_" + RING_NAMES[ring]
    result: dict[str, OptionValue] = {}
    for name, option in OPTIONS_BY_NAME.items():
        value = option.validate(given[name]) if name in given else option.default
        if name.endswith(tuple("_" + r for r in RING_NAMES)):
            if name.endswith(suffix):
                result[name.removesuffix(suffix)] = value
        else:
            result[name] = value
    return result
