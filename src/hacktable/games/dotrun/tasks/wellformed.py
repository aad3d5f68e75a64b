"""Whether a typed answer is one the terminal can take, before it counts.

An answer is final once sent (one answer per task), so a slip of the thumb must not cost
a hack: "343" for a 4-digit passcode, a DNA string where edits are asked for, a password
without its number. Such an answer is *malformed* and is refused with a sentence saying
what a well-formed one is; it changes nothing and the hacker types again. Only a
well-formed answer is final, right or wrong (docs/rules/dotrun-tasks.md, "What counts as
solved").

Every test here reads only the task's public part, so a refusal can never tell the hacker
more than their screen already does (the digit count, the helpdesk's recipe, the reading
and the scanner's budget are all on it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from hacktable.games.dotrun.tasks import dna
from hacktable.games.dotrun.tasks.words import HINT_EXAMPLES

_PASSCODE_SEPARATORS = re.compile(r"[\s,.\-]+")
_PASSWORD = re.compile(r"([A-Za-z]+)([0-9]+)")
RECIPE_DIGITS = {"pet": (4, 4), "child": (4, 4), "team": (1, 2), "phrase": (4, 4)}
"""Digits of the number each helpdesk recipe ends with: a year, a DDMM birthday, a shirt."""
RECIPE_WORDS = {"pet": "the year the pet came home", "child": "the child's birthday as DDMM",
                "team": "favourite player's shirt number", "phrase": "the year they were born"}
"""Words of `mugtome.RECIPE_HINTS` that tell the recipes apart in a hint."""


def malformed(kind: str, public: Mapping[str, Any], typed: str) -> str | None:
    """A sentence saying what a well-formed answer is, or None when `typed` is one.

    An empty answer is not judged here: the engines treat it as giving up.
    """
    if not isinstance(typed, str):
        return "Type your answer as text."
    text = unicodedata.normalize("NFKC", typed).strip()
    if kind == "audio":
        return _passcode(public, text)
    if kind == "mugtome":
        return _password(public, text)
    if kind == "dna":
        return _edits(public, text)
    return None


def _passcode(public: Mapping[str, Any], text: str) -> str | None:
    digits = _PASSCODE_SEPARATORS.sub("", text)
    count = int(public.get("digits") or 0)
    if not (digits.isascii() and digits.isdigit()):
        return ("A passcode is digits only (0 to 9); spaces or commas between them are "
                "fine. Nothing was sent.")
    if count and len(digits) != count:
        return (f"This passcode has {count} digits and you typed {len(digits)}: type all "
                f"{count}. Nothing was sent.")
    return None


def recipe_of(public: Mapping[str, Any]) -> str | None:
    """The recipe the helpdesk note names ("pet", "child", "team", "phrase"), if any."""
    hint = str(public.get("hint", ""))
    return next((recipe for recipe, words in RECIPE_WORDS.items() if words in hint), None)


def _password(public: Mapping[str, Any], text: str) -> str | None:
    squeezed = re.sub(r"\s+", "", text)
    recipe = recipe_of(public)
    example = HINT_EXAMPLES.get(recipe or "pet")
    match = _PASSWORD.fullmatch(squeezed)
    if match is None:
        return (f"A password here is a word followed by a number, letters then digits and "
                f"nothing else (like {example}). Nothing was sent.")
    low, high = RECIPE_DIGITS.get(recipe or "", (1, 8))
    if not low <= len(match[2]) <= high:
        wanted = f"{low} digits" if low == high else f"{low} or {high} digits"
        return (f"The helpdesk note says the number is {RECIPE_WORDS.get(recipe or '', '')}"
                f": {wanted}, like {example}. Nothing was sent.")
    return None


def _edits(public: Mapping[str, Any], text: str) -> str | None:
    reading = str(public.get("reading", ""))
    notation = ("Edits are typed as S5G (change letter 5 to G), I5A (insert A as letter 5) "
                "or D5 (delete letter 5).")
    ops = dna.parse_script(text)
    if ops is None:
        if re.fullmatch(r"[ACGTacgt\s]+", text):
            return ("One letter at a time: the scanner takes edits, not a whole DNA string. "
                    f"{notation} Nothing was sent.")
        return f"That is not a list of edits. {notation} Nothing was sent."
    allowed = int(public.get("edits_allowed") or dna.MAX_OPS)
    if len(ops) > allowed:
        return (f"The scanner takes at most {allowed} edits and you made {len(ops)}: reset "
                f"to the reading and make fewer. Nothing was sent.")
    letters = list(reading)
    for number, (op, at, base) in enumerate(ops, 1):
        problem = dna.misplaced(letters, op, at, base)
        if problem:
            return f"Edit {number} ({op}{at}{base}): {problem} Nothing was sent."
        dna.apply_one(letters, op, at, base)
    return None


_DIGIT = "[0-9０-９]"
"""A digit as the answer box takes it: ASCII or a phone's full-width one (NFKC makes them
the same)."""


def form(kind: str, public: Mapping[str, Any]) -> dict[str, Any]:
    """How the answer box checks the shape before sending, mirroring `malformed`: an HTML
    `pattern` (anchored by the browser; spaces allowed where the engine ignores them), the
    keyboard to show and the sentence to say when it does not fit. The engine stays the
    authority: a page without scripts, or an old one, is still refused there."""
    if kind == "audio":
        count = int(public.get("digits") or 0)
        return {"pattern": f"[ ,.\\-]*(?:{_DIGIT}[ ,.\\-]*){{{count}}}", "inputmode": "numeric",
                "message": f"Type the {count} digits of the passcode (0 to 9); spaces or "
                           f"commas between them are fine."}
    if kind == "mugtome":
        recipe = recipe_of(public)
        low, high = RECIPE_DIGITS.get(recipe or "", (1, 8))
        digits = f"{low}" if low == high else f"{low},{high}"
        wanted = f"{low} digits" if low == high else f"{low} or {high} digits"
        return {"pattern": f"[A-Za-z ]*[A-Za-z][A-Za-z ]*(?:{_DIGIT} *){{{digits}}}",
                "inputmode": "text",
                "message": f"A password here is a word followed by a number of {wanted}, "
                           f"letters then digits and nothing else (like "
                           f"{HINT_EXAMPLES.get(recipe or 'pet')})."}
    if kind == "dna":
        return {"message": "Make your edits in the box, one letter at a time, then Submit.",
                "allowed": int(public.get("edits_allowed") or public.get("edits_needed")
                               or dna.MAX_OPS)}
    if kind == "code":
        length = sum(ch.isascii() and ch.isalnum() for ch in str(public.get("code", "")))
        return {"pattern": f"[^A-Za-z0-9]*(?:[A-Za-z0-9][^A-Za-z0-9]*){{{length}}}",
                "inputmode": "text",
                "message": f"Type all {length} letters and digits of the code."}
    return {}


def in_words(kind: str, public: Mapping[str, Any], given: str | None,
             solution: str | None) -> dict[str, str] | None:
    """A green result said in words (the edit notation is for the scanner, not for
    reading back): what the hacker's edits did and what the answer's would have, with the
    DNA each gives. None for the other kinds, whose answers read as they are."""
    if kind != "dna":
        return None
    reading = str(public.get("reading", ""))
    said = {"given": dna.in_words(reading, given or "") or "",
            "solution": dna.in_words(reading, solution or "") or ""}
    ops = dna.parse_script(given or "")
    made = dna.apply_script(reading, ops) if ops else None
    target = dna.apply_script(reading, dna.parse_script(solution or "") or [])
    said["made"] = made or ""
    said["target"] = target or ""
    said["note"] = dna.COUNTING if max(len(ops or []), len(
        dna.parse_script(solution or "") or [])) > 1 else ""
    return said
