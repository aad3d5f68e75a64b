"""Reading orders written the way the seed writes them.

    bribe 4000 gamma protect stephen pinkslip arthur at beta

Several orders may share one text, in any case, separated by spaces, commas, semicolons,
"and" or new lines. A word that cannot be read is named in the error, with a suggestion.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from hacktable.engine.errors import Rejected
from hacktable.games.rexfurum.orders import (
    COMPANIES,
    AcceptBribe,
    Backstab,
    Bribe,
    CoverUp,
    Crash,
    Embezzle,
    EnterEmpty,
    Extort,
    Invest,
    Order,
    Out,
    PinkSlip,
    Protect,
    Quit,
    Submit,
)

VERBS = ("embezzle", "out", "pinkslip", "extort", "crash", "backstab", "protect", "coverup",
         "bribe", "accept", "enter", "quit", "invest")
SELF_WORDS = ("self", "me", "myself")
_FILLER = {"and", "then", "also"}
_TOKEN = re.compile(r"\$?\d+(?:,\d{3})*(?:\.\d+)?k?(?![\w])|[^\s,;.!?()]+")
_AMOUNT = re.compile(r"^\$?(\d[\d,]*)(?:\.(\d+))?(k)?$")
MAX_AMOUNT = 10**12
"""The largest amount an order may name, far beyond any net worth in play (documented in
docs/rules/rexfurum.md): larger numbers are refused as they are read, never computed with."""


def words(text: str) -> list[str]:
    """A text's words as orders are read: lower case, without punctuation or filler words,
    and with "pink slip" and "cover up" (also written in two words) joined.

    Player names are read the same way, so that a name with a full stop or an "and" in it
    ("J.R.", "Tom and Jerry") is matched against the words a player actually typed.
    """
    return _join_pairs([t for t in _TOKEN.findall(text.lower()) if t not in _FILLER])


class _Reader:
    def __init__(self, text: str, names: Sequence[str], seat: int, companies: int) -> None:
        self.tokens = words(text)
        self.pos = 0
        self.names = [words(name) for name in names]
        self.seat = seat
        self.companies = COMPANIES[:companies]

    def done(self) -> bool:
        return self.pos >= len(self.tokens)

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def fail(self, wanted: str, options: Sequence[str] = ()) -> Rejected:
        word = self.peek()
        if word is None:
            previous = " ".join(self.tokens[max(0, self.pos - 3): self.pos])
            return Rejected(f"The orders end too early after {previous!r}: expected {wanted}.")
        hint = ""
        close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
        if close:
            hint = f" Did you mean {close[0]!r}?"
        before = " ".join(self.tokens[max(0, self.pos - 3): self.pos])
        where = f"after {before!r}" if before else "at the start"
        return Rejected(f"Could not read {word!r} {where}: expected {wanted}.{hint}")

    def word(self, *expected: str) -> str:
        token = self.peek()
        if token not in expected:
            raise self.fail(" or ".join(repr(e) for e in expected), expected)
        self.pos += 1
        return token

    def optional(self, word: str) -> bool:
        if self.peek() == word:
            self.pos += 1
            return True
        return False

    def player(self, self_allowed: bool = False) -> int:
        """A player's name, longest match first; "self" only where no name matches, so that a
        player called "Self Made" can still be named. Where the order may target its sender
        (`self_allowed`: protect), a refusal offers "self" beside the names."""
        best: tuple[int, int] | None = None
        for seat, parts in enumerate(self.names):
            if parts and self.tokens[self.pos: self.pos + len(parts)] == parts and (
                best is None or len(parts) > best[1]
            ):
                best = (seat, len(parts))
        if best is None and self.peek() in SELF_WORDS:
            self.pos += 1
            return self.seat
        if best is None:
            names = [" ".join(parts) for parts in self.names]
            if self_allowed:
                raise self.fail("a player's name (" + ", ".join(names) + ") or self",
                                [*names, *SELF_WORDS])
            raise self.fail("a player's name (" + ", ".join(names) + ")", names)
        self.pos += best[1]
        return best[0]

    def company(self) -> int:
        token = self.peek()
        if token not in self.companies:
            raise self.fail("a company (" + ", ".join(self.companies) + ")", self.companies)
        self.pos += 1
        return self.companies.index(token)

    def amount(self) -> int:
        token = self.peek() or ""
        match = _AMOUNT.match(token)
        if not match:
            raise self.fail("an amount of money such as 4000 or 4k")
        whole, fraction, thousands = match.groups()
        digits = whole.replace(",", "").lstrip("0") or "0"
        if thousands:
            digits += (fraction or "").ljust(3, "0")[:3]
        elif fraction:
            raise self.fail("a whole number of dollars")
        # Counted before int() reads it: Python refuses numbers beyond 4,300 digits.
        if len(digits) > len(str(MAX_AMOUNT)) or int(digits) > MAX_AMOUNT:
            shown = token if len(token) <= 24 else token[:20] + "…"
            raise Rejected(f"Could not read {shown!r}: amounts are at most "
                           f"${MAX_AMOUNT:,}.")
        self.pos += 1
        return int(digits)

    def order(self) -> Order:
        token = self.peek()
        if token is not None and token.rstrip(")").isdigit() and self.pos + 1 < len(
                self.tokens) and self.tokens[self.pos + 1] in VERBS:
            self.pos += 1  # a list number, as in "1. embezzle amy"
        verb = self.peek()
        if verb not in VERBS:
            raise self.fail("an action (" + ", ".join(VERBS) + ")", VERBS)
        self.pos += 1
        if verb == "embezzle":
            self.optional("from")
            return Embezzle(self.player())
        if verb == "out":
            return Out(self.player())
        if verb == "pinkslip":
            target = self.player()
            self.word("at", "from", "in")
            return PinkSlip(target, self.company())
        if verb == "extort":
            target = self.player()
            self.word("at", "from", "in")
            return Extort(target, self.company())
        if verb == "crash":
            return Crash(self.company())
        if verb == "backstab":
            return Backstab(self.player())
        if verb == "protect":
            return Protect(self.player(self_allowed=True))
        if verb == "coverup":
            self.optional("for")
            return CoverUp(self.player())
        if verb == "bribe":
            self.optional("of")
            amount = self.amount()
            self.optional("to")
            return Bribe(amount, self.company())
        if verb == "accept":
            self.optional("bribe")
            self.optional("of")
            amount = self.amount()
            self.word("from")
            briber = self.player()
            self.word("to", "at", "into")
            return AcceptBribe(amount, briber, self.company())
        if verb == "enter":
            self.optional("empty")
            return EnterEmpty(self.company())
        if verb == "quit":
            self.optional("from")
            return Quit(self.company())
        amount = self.amount()  # invest
        self.optional("in")
        self.optional("to")
        return Invest(amount, self.player())


def _join_pairs(tokens: list[str]) -> list[str]:
    joined: list[str] = []
    for token in tokens:
        token = token.rstrip(":").replace("-", "") if token[:1].isalpha() else token
        if not token:
            continue
        if joined and (joined[-1], token) in (("pink", "slip"), ("cover", "up")):
            joined[-1] = joined[-1] + token
        else:
            joined.append(token)
    return joined


def parse_orders(text: str, names: Sequence[str], seat: int, companies: int = 4) -> Submit:
    """Turn a player's text into a submission, or say which word could not be read.

    An empty text is a valid submission of no orders. Budget and legality are checked by
    the rules, not here.
    """
    if len(text) > 10_000:
        raise Rejected("Those orders are too long; a round's orders fit in a few lines.")
    reader = _Reader(text, names, seat, companies)
    orders: list[Order] = []
    while not reader.done():
        order = reader.order()
        # Crash costs two action points, and players write it twice to spend both (playtest
        # 4: "I wasn't sure if I should write 'crash gamma' once or twice"): one crash.
        if not (isinstance(order, Crash) and order in orders):
            orders.append(order)
    return Submit(tuple(orders))
