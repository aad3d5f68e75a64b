"""Drawing helpers the games share for their How to play pictures: pure SVG string
building, each picture with a <title> and <desc> so a screen reader says what it shows."""

from __future__ import annotations

from html import escape


def svg(width: int, height: int, title: str, body: list[str], desc: str = "") -> str:
    """An SVG document of the given size, labelled for assistive technology."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" class="picture">'
            f"<title>{escape(title)}</title>"
            + (f"<desc>{escape(desc)}</desc>" if desc else "")
            + "".join(body) + "</svg>")


def text(x: float, y: float, words: str, size: int = 14, weight: str = "normal",
         anchor: str = "start", fill: str = "currentColor") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}" font-family="sans-serif">'
            f"{escape(words)}</text>")


def box(x: float, y: float, width: float, height: float, fill: str = "none",
        stroke: str = "currentColor", radius: int = 8, dash: str = "") -> str:
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'rx="{radius}" fill="{fill}" stroke="{stroke}" stroke-width="2"'
            + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")


def wrap(words: str, width: int) -> list[str]:
    """Words in lines of at most `width` characters (for text inside a card)."""
    lines: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines
