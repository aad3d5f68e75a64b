"""HTML mail to the text its reader sees: an HTML-only mail is read as orders, so whatever a
mail client would not show (quoted mail, scripts, styles, elements hidden inline) must not
count as orders either; otherwise a mail could carry orders its own sender never saw."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from typing import ClassVar

_HIDING = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)"
                     r"|font-size\s*:\s*0(?:\.0*)?(?:px|pt|em|rem|%)?\s*(?:!important)?\s*"
                     r"(?:;|$)|opacity\s*:\s*0(?:\.0*)?\s*(?:!important)?\s*(?:;|$))", re.I)
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "param", "source", "track", "wbr"})
"""Elements that never have an end tag, so they never open a hidden region."""


def hides(attrs: list[tuple[str, str | None]]) -> bool:
    """Whether an element's own attributes hide it (the `hidden` attribute, or an inline
    style such as display:none)."""
    for name, value in attrs:
        if name == "hidden":
            return True
        if name == "style" and value and _HIDING.search(value):
            return True
    return False


class _TextOfHtml(HTMLParser):
    """HTML to plain lines, leaving out quoted mail and invisible parts."""

    SKIP: ClassVar[set[str]] = {"script", "style", "head", "blockquote", "title", "template"}
    BREAK: ClassVar[set[str]] = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "pre",
                                 "table"}
    QUOTE_MARKS = ("gmail_quote", "moz-cite-prefix", "divrplyfwdmsg", "appendonsend",
                   "yahoo_quoted")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.open: list[tuple[str, bool]] = []
        """The elements open now, each with whether it hides what is inside it."""
        self.names: Counter[str] = Counter()
        self.hidden = 0
        self.stopped = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        marks = " ".join(f"{v}" for k, v in attrs if k in ("class", "id") and v).lower()
        if any(mark in marks for mark in self.QUOTE_MARKS):
            self.stopped = True
        if tag in self.BREAK:
            self.parts.append("\n")
        if tag in VOID:
            return
        hiding = tag in self.SKIP or hides(attrs)
        self.open.append((tag, hiding))
        self.names[tag] += 1
        self.hidden += hiding

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.BREAK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BREAK:
            self.parts.append("\n")
        if not self.names[tag]:
            return  # a stray end tag closes nothing
        while self.open:  # an end tag also closes what was left open inside it
            name, hiding = self.open.pop()
            self.names[name] -= 1
            self.hidden -= hiding
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.hidden and not self.stopped:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    lines = [" ".join(line.split()) for line in "".join(parser.parts).split("\n")]
    return "\n".join(line for line in lines if line)
