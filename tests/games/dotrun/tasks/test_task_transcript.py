"""A blue passcode for a hacker who cannot hear it: the rule option `blue_passcode` = "text".

man ./Run, "6 Hacking Tasks": "Blue paths can be hacked by listening to a recording and
typing in the passcode that can be heard in the background", and "to make the innermost
layer more secure, they should require verbal codes to be spoken in Basque". A deaf or
hard-of-hearing hacker cannot listen; the host may pick the text alternative (ruling in
docs/rules/dotrun.md): the recording's transcript, every voice's lines in order, the
passcode said among them with its digits written as words, in Basque on the innermost layer.
"""

from __future__ import annotations

import json
import random

import pytest

from hacktable.games import get_game
from hacktable.games.dotrun.tasks import check, generate, public_view, solve
from hacktable.games.dotrun.tasks.in_words import task_lines
from hacktable.games.dotrun.tasks.passcode import read_transcript
from hacktable.games.dotrun.tasks.source import SOURCE
from hacktable.games.dotrun.tasks.words import BASQUE_DIGITS, ENGLISH_DIGITS

SEEDS = range(40)
TEXT = {"blue_passcode": "text"}


def test_the_option_is_the_seeds_recording_unless_the_host_picks_text():
    option = get_game("dotrun").options.resolve({})
    assert option["blue_passcode"] == "spoken"
    assert get_game("dotrun").options.resolve(TEXT)["blue_passcode"] == "text"
    assert get_game("dotrun_companion").options.resolve(TEXT)["blue_passcode"] == "text"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_spoken_passcode_is_drawn_as_before(seed):
    """The transcript is drawn after the recording: a spoken match replays bit for bit."""
    plain = generate("blue", seed % 3, random.Random(seed))
    said = generate("blue", seed % 3, random.Random(seed), {"blue_passcode": "spoken"})
    assert plain.to_json() == said.to_json() and "audio" in said.public


@pytest.mark.parametrize("seed", SEEDS)
def test_the_transcript_says_the_passcode_in_words_among_the_chatter(seed):
    ring = seed % 3
    task = generate("blue", ring, random.Random(seed), TEXT)
    view = public_view(task)
    public = view["public"]
    assert "audio" not in public and task.hidden == {}  # nothing to play, nothing to fetch
    assert task.answer not in json.dumps(view)  # the digits only as words, never as digits
    lines = public["transcript"]
    passcode = [line for line in lines if line["voice"] == 1]
    assert len(passcode) == 2  # blue_repeats: said twice, as in the recording
    assert len(lines) - len(passcode) == 4 * (ring + 1)  # four lines per decoy voice
    words = BASQUE_DIGITS if ring == 2 else ENGLISH_DIGITS  # innermost: Basque, as said
    spelled = passcode[0]["text"].split(":", 1)[1].strip(" .").split(", ")
    assert "".join(str(words.index(w)) for w in spelled) == task.answer
    assert public["digits"] == len(task.answer) and "line by line" in public["instructions"]
    assert check(task, task.answer) and not check(task, "")


@pytest.mark.parametrize("seed", SEEDS)
def test_bots_read_the_transcript_as_a_person_would(seed):
    task = generate("blue", seed % 3, random.Random(seed), TEXT)
    view = public_view(task)
    assert read_transcript(view["public"]) == task.answer
    assert solve(view) == task.answer  # no ear needed
    assert SOURCE.solve("audio", view["public"]) == task.answer


def test_the_same_seed_makes_the_same_transcript():
    """Seed 7, middle ring: drawn from the entry's randomness only."""
    one = generate("blue", 1, random.Random(7), TEXT)
    two = generate("blue", 1, random.Random(7), TEXT)
    assert one.to_json() == two.to_json()


def test_a_terminal_prints_the_transcript_whole():
    """Seed 3, inner ring: Basque, with the crib; no recording to point to."""
    task = generate("blue", 2, random.Random(3), TEXT)
    lines = task_lines(task.kind, public_view(task)["public"])
    said = [line.strip() for line in lines[1:] if line.strip().startswith("Voice")]
    assert said == [f"Voice {line['voice']}: {line['text']}"
                    for line in task.public["transcript"]]
    assert "0 zero, 1 bat" in "\n".join(lines) and "recording" not in lines[-1]
