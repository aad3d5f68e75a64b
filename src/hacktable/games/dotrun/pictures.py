"""./Run's How to play pictures: the board and the five running cards."""

from __future__ import annotations

from hacktable.games.dotrun import svg as board_svg
from hacktable.games.dotrun.cards import CARDS
from hacktable.games.dotrun.views import DotrunView
from hacktable.games.drawing import box, svg, text, wrap

MEANING = {"clockwise": "one space clockwise", "counterclockwise": "one space "
           "counterclockwise", "cd": "inward, by an open path", "echo": "copies the card "
           "before it", "touch": "stays put"}
SYMBOL = {"clockwise": "↻", "counterclockwise": "↺", "cd": "⇲", "echo": "≡", "touch": "•"}


def board(view: DotrunView) -> str:
    """The board as a spectator sees it before anyone starts: rings, coloured terminals
    (each with its letter), paths and the goal."""
    return board_svg.draw(view)


def cards() -> str:
    """The five running cards, each with what it does to a runner's row."""
    width, gap = 128, 12
    body = []
    for index, card in enumerate(CARDS):
        x = gap + index * (width + gap)
        body.append(box(x, 10, width, 150))
        body.append(text(x + width / 2, 70, SYMBOL[card], 40, anchor="middle"))
        body.append(text(x + width / 2, 110, card, 13, "bold", "middle"))
        for row, words in enumerate(wrap(MEANING[card], 18)):
            body.append(text(x + width / 2, 132 + row * 16, words, 12, anchor="middle"))
    return svg(gap + len(CARDS) * (width + gap), 170, "The five running cards",
               body, "clockwise, counterclockwise, cd, echo and touch, with what each does")
