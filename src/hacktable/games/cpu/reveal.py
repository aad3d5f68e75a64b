"""CPU's end-of-match reveal: every hand and the draw order, as dealt and as they ended
(the log's own events say each card as it was downloaded). Read only once the match is
over."""

from __future__ import annotations

from hacktable.games.cpu.state import State, card


def _names(state: State, cards: list[int]) -> str:
    return ", ".join(card(state, number).name for number in cards) or "nothing"


def hands(state: State) -> str:
    """Every player's hand, by name."""
    return "\n".join(f"{name}: {_names(state, machine['hand'])}"
                     for name, machine in zip(state["names"], state["machines"],
                                              strict=True)) + "\n"


def draw_order(state: State) -> str:
    """The draw pile, the next card to be downloaded first."""
    pile = list(reversed(state["deck"]))
    if not pile:
        return "The draw pile is empty.\n"
    return ", ".join(f"{place}. {card(state, number).name}"
                     for place, number in enumerate(pile, start=1)) + "\n"


def sections(start: State, end: State) -> list[tuple[str, str]]:
    return [("Hands as dealt", hands(start)),
            ("The draw pile as shuffled, in draw order", draw_order(start)),
            ("Hands at the end", hands(end)),
            ("The draw pile at the end, in draw order", draw_order(end))]
