"""Blue: the spec of a recording in which a passcode is spoken under chatter and noise.

Generation stays pure: the engine stores only this spec (in the task's hidden part), drawn
from the match's randomness. `audio.render` turns a spec into WAV bytes when the web layer
serves it; the hacker's screen gets an opaque id, the number of digits and the language.

Digits are said one by one with a pause between them ("5, 7, 3"), after a lead word
("code" / "kodea") that marks the passcode among the chatter. On the innermost layer (the
paths from the inner ring to the goal) they are said in Basque, as the seed says.

With the rule option `blue_passcode` = "text" (a deaf or hard-of-hearing hacker at the
table) the hacker reads the recording instead of hearing it: its transcript, every voice's
lines in the order they are said, the passcode among them with its digits written as words
in the recording's language. The same digits, decoys, repeats and Basque apply; only the
noise, which has no written form, is gone. Its lines are drawn after everything the
recording draws, so a spoken match replays as before.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hacktable.games.dotrun.tasks.words import (
    BASQUE_DIGITS,
    CODE_LEAD,
    DIGIT_WORDS,
    OFFICE_CHATTER,
)

VARIANTS = ("m1", "m3", "m7", "f2", "f3", "f4")
LANGUAGE_NAMES = {"en": "English", "eu": "Basque"}
WORD_GAP = 10
"""Extra pause between the passcode's words, in tens of milliseconds: each digit stands
apart even in Basque, whose "zazpi" (7) and "zortzi" (8) have short silences inside."""


def spoken_text(digits: str, language: str) -> str:
    """What the passcode voice says: the lead word, then each digit on its own."""
    return f"{CODE_LEAD[language]}: " + ", ".join(digits) + "."


def written_text(digits: str, language: str) -> str:
    """The passcode's line in a transcript: the lead word, then each digit as a word."""
    return f"{CODE_LEAD[language].capitalize()}: " + ", ".join(
        DIGIT_WORDS[language][int(d)] for d in digits) + "."


def transcript(rng: random.Random, spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The recording as lines to read: each decoy voice's chatter (voices numbered from 2,
    the passcode's voice is 1) shuffled together, with the passcode's line said
    `repeats` times among them, never twice in a row."""
    chatter = [{"voice": n + 2, "text": line.capitalize() + "."}
               for n, decoy in enumerate(spec["decoys"])
               for line in decoy["text"].rstrip(".").split(". ")]
    rng.shuffle(chatter)
    said = {"voice": 1, "text": written_text(spec["digits"], spec["language"])}
    repeats = int(spec["repeats"])
    slots = sorted(rng.sample(range(len(chatter) + 1), min(repeats, len(chatter) + 1)))
    lines: list[dict[str, Any]] = []
    for at in range(len(chatter) + 1):
        if at in slots:
            lines.append(dict(said))
        if at < len(chatter):
            lines.append(chatter[at])
    while sum(line["voice"] == 1 for line in lines) < repeats:  # no chatter: said in a row
        lines.append(dict(said))
    return lines


def read_transcript(public: Mapping[str, Any]) -> str | None:
    """The digits a transcript's passcode line spells, read as its hacker reads them (the
    line after the lead word); None if the task is a recording, not a transcript."""
    language = public.get("language", "en")
    words = DIGIT_WORDS.get(language)
    lead = CODE_LEAD.get(language, "").lower()
    for line in public.get("transcript") or ():
        text = str(line.get("text", ""))
        head, _, rest = text.partition(":")
        if head.strip().lower() == lead and words:
            spoken = [w.strip(" .").lower() for w in rest.split(",")]
            if all(w in words for w in spoken):
                return "".join(str(words.index(w)) for w in spoken)
    return None


def build(rng: random.Random, knobs: Mapping[str, Any], innermost: bool,
          token: str) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """(public JSON, answer, hidden spec) for one blue task."""
    count = int(knobs["blue_digits"])
    digits = "".join(rng.choice("0123456789") for _ in range(count))
    language = "eu" if innermost and knobs["blue_basque"] else "en"
    variants = list(VARIANTS)
    rng.shuffle(variants)
    decoys = []
    others = variants[1:]  # never the passcode's voice; past five decoys, voices repeat
    for n in range(int(knobs["blue_decoys"])):
        # Each decoy's lines are said over and over until the recording ends (the mixer
        # loops them), starting before the passcode: chatter fills the whole recording.
        lines = rng.sample(OFFICE_CHATTER, 4)
        decoys.append({"text": ". ".join(lines) + ".", "voice": f"en+{others[n % len(others)]}",
                       "rate": rng.randint(150, 190), "pitch": rng.randint(25, 75),
                       "gain_db": float(knobs["blue_decoy_db"]) - rng.uniform(0, 2),
                       "start": round(rng.uniform(0.0, 0.5), 3)})
    spec = {"digits": digits, "language": language,
            "text": spoken_text(digits, language), "voice": f"{language}+{variants[0]}",
            "rate": rng.randint(130, 150), "pitch": rng.randint(35, 65),
            "word_gap": WORD_GAP,
            "repeats": int(knobs["blue_repeats"]), "start": round(rng.uniform(0.6, 1.6), 3),
            "gap": 1.0, "decoys": decoys, "noise_db": float(knobs["blue_noise_db"]),
            "noise_seed": rng.getrandbits(32)}
    public: dict[str, Any] = {
        "audio": {"id": token, "type": "audio/wav"}, "digits": count, "language": language,
        "language_name": LANGUAGE_NAMES[language],
        "instructions": f"Somewhere in this recording a {count}-digit passcode is spoken in "
                        f"{LANGUAGE_NAMES[language]}, after the word "
                        f"\"{CODE_LEAD[language]}\". Type the digits."}
    if knobs.get("blue_passcode") == "text":
        public = {"transcript": transcript(rng, spec), "digits": count, "language": language,
                  "language_name": LANGUAGE_NAMES[language],
                  "instructions": f"This is what the recording says, line by line. "
                                  f"Somewhere in it a {count}-digit passcode is said in "
                                  f"{LANGUAGE_NAMES[language]}, after the word "
                                  f"\"{CODE_LEAD[language]}\". Type the digits."}
    if language == "eu" and knobs["blue_crib"]:
        public["crib"] = list(BASQUE_DIGITS)
    return public, digits, spec
