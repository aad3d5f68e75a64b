"""Who waits on whom: a runner's question the GM has not answered yet holds that runner's
clock (the GM's time is not the runner's), and a turn whose game seconds are spent stays
open until what was asked in it is settled.

- A request waits on the GM while it has no price: a check (or a common action) waiting
  for its DC, a custom or readied action waiting for its price, a free action asked for
  off-turn.
- A priced request waits on the runner (accept or decline); so does a check the GM called
  that costs the runner seconds ("charged": it must be rolled on this turn).
"""

from __future__ import annotations

from hacktable.games.runners.state import MISSION, State, name_of, on_turn


def waits_on_gm(state: State, seat: int) -> bool:
    """Whether this runner asked the GM something the GM has not answered."""
    request = state["requests"].get(str(seat))
    if not request:
        return False
    return request.get("price") is None


def seats_waiting(state: State) -> list[int]:
    """Every runner waiting for the GM's answer, in seat order."""
    return sorted(int(s) for s in state["requests"] if waits_on_gm(state, int(s)))


def holds_clock(state: State, seat: int) -> bool:
    """Whether this runner's turn clock stands still: it is their turn and they wait on
    the GM (Rules for Runners, Turns: the 30 real seconds are the runner's, not the GM's)."""
    return state["phase"] == MISSION and on_turn(state, seat) and waits_on_gm(state, seat)


def keeps_turn_open(state: State, seat: int) -> bool:
    """Whether a turn with no game seconds left must wait before it ends: something asked
    in it is not settled (a ruling, a price to accept, a charged check to roll)."""
    called = state["called"].get(str(seat))
    return str(seat) in state["requests"] or bool(called and called.get("charge"))


def gm_prompt_text(state: State, npc_turn: bool) -> str:
    """What the GM is asked now: the runners waiting on them first."""
    waiting = seats_waiting(state)
    if waiting:
        names = ", ".join(name_of(state, f"s{s}") for s in waiting)
        return (f"{names} {'waits' if len(waiting) == 1 else 'wait'} for your answer: "
                "name a DC (check SEAT STAT DC, or dc SEAT DC for an action), a price "
                "(price SEAT SECONDS) or refuse (refuse SEAT REASON).")
    if npc_turn:
        return ("Play this NPC's turn, then end it (end turn), or let every NPC hold until "
                "the next runner (hold).")
    return "Rule: name DCs, price actions, fire readied actions."
