"""Scare-City's How to play picture: a Program Card (a city service), its blue side and its
red side."""

from __future__ import annotations

from hacktable.games.drawing import box, svg, text, wrap
from hacktable.games.scarecity.cards import BY_KEY, DISTRICT_NAMES

EXAMPLE = "citizen_app"
"""A city service: controls have no red side, since no Impact Card degrades them."""
BLUE, RED = "#2062b8", "#b03a2e"


def card(key: str = EXAMPLE) -> str:
    """Both sides of one Program Card, as a player picks it up in the shop."""
    program = BY_KEY[key]
    kind = "security control" if program.kind == "control" else "city service"
    body: list[str] = []
    for index, (side, colour) in enumerate((("Blue side: working", BLUE),
                                           ("Red side: degraded", RED))):
        x = 12 + index * 232
        body += [box(x, 10, 220, 250, stroke=colour),
                 text(x + 12, 34, side, 13, "bold", fill=colour),
                 text(x + 12, 60, program.name, 16, "bold"),
                 text(x + 12, 80, f"{DISTRICT_NAMES[program.district]} district · {kind}", 12),
                 text(x + 12, 104, f"Cost ${program.cost}", 13)]
        if index == 0:
            body.append(text(x + 12, 128, f"Each execution: +${program.money}, "
                                          f"+{program.bitizens} Bitizens", 13))
        else:
            body.append(text(x + 12, 128, f"Each execution: −{program.red} Bitizens", 13,
                             fill=colour))
        for row, words in enumerate(wrap(program.lesson, 30)[:6]):
            body.append(text(x + 12, 156 + row * 16, words, 12))
    return svg(476, 270, f"A Program Card: {program.name}, both sides", body,
               f"{program.name}, {DISTRICT_NAMES[program.district]} district, costs "
               f"${program.cost}; working it earns ${program.money} and {program.bitizens} "
               f"Bitizens each execution; degraded it costs {program.red} Bitizens.")
