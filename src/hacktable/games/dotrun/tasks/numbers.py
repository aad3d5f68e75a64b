"""Numbers written as words, both ways, and dates as Mugtome prints them.

Subtle clues spell numbers out ("twenty-three on the back"), so the generator writes them
and the solver reads them with the same small grammar an English reader uses.
"""

from __future__ import annotations

from datetime import date

from hacktable.games.dotrun.tasks.words import MONTHS

_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def in_words(number: int) -> str:
    """0..99 in English words: 23 -> "twenty-three"."""
    if not 0 <= number < 100:
        raise ValueError(number)
    if number < 20:
        return _UNITS[number]
    tens, units = divmod(number, 10)
    return _TENS[tens] + ("-" + _UNITS[units] if units else "")


def parse_number(text: str) -> int | None:
    """Digits or English words up to 99 ("23", "Twenty-three"); None if it is neither."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    head, _, tail = text.partition("-")
    if head in _UNITS and not tail:
        return _UNITS.index(head)
    if head in _TENS[2:]:
        if not tail:
            return _TENS.index(head) * 10
        if tail in _UNITS[1:10]:
            return _TENS.index(head) * 10 + _UNITS.index(tail)
    return None


def ordinal(number: int) -> str:
    """7 -> "7th", 22 -> "22nd"."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


def day_month(day: date) -> str:
    """14 March."""
    return f"{day.day} {MONTHS[day.month - 1]}"


def ddmm(day: date) -> str:
    return f"{day.day:02d}{day.month:02d}"
