"""CPU's How to play picture: a source code card and what its three numbers mean."""

from __future__ import annotations

from hacktable.games.cpu.cards import BY_KEY, KIND_NAMES
from hacktable.games.drawing import box, svg, text, wrap

EXAMPLE = "iptables"


def card(key: str = EXAMPLE) -> str:
    """One card with its attack, defence and reaction, labelled."""
    kind = BY_KEY[key]
    body = [box(12, 10, 220, 280),
            text(24, 36, KIND_NAMES[kind.kind], 12),
            text(24, 62, kind.name, 18, "bold")]
    for row, words in enumerate(wrap(kind.text, 30)[:5]):
        body.append(text(24, 90 + row * 16, words, 12))
    for column, (label, value) in enumerate((("attack", kind.attack),
                                             ("defence", kind.defence),
                                             ("reaction", kind.reaction))):
        x = 24 + column * 70
        body += [box(x, 200, 60, 60, radius=6), text(x + 30, 238, str(value), 22, "bold",
                                                        "middle"),
                 text(x + 30, 278, label, 11, anchor="middle")]
    return svg(244, 300, f"A CPU card: {kind.name}", body,
               f"{KIND_NAMES[kind.kind]} {kind.name}: attack {kind.attack}, defence "
               f"{kind.defence}, reaction {kind.reaction}. {kind.text}")
