"""Phase 1, claiming: "Starting from the lowest ranked player and going to the highest
ranked, claim any wanted cards in turn by placing one of your player tokens on the card."

Ruled (docs/rules/scarecity.md): with `claim_turns` = one_token each turn places one token
or passes, and turns go round until everyone has passed; a player who passes is done for the
round. Players with nothing they could claim are passed over automatically.
"""

from __future__ import annotations

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.scarecity.actions import Move
from hacktable.games.scarecity.buying import Blocker, buy_blocker, state_buyer
from hacktable.games.scarecity.cards import program
from hacktable.games.scarecity.state import CITY, State


def tokens_left(state: State, seat: int) -> int:
    used = sum(1 for _, owner in state["claims"] if owner == seat)
    return state["options"]["tokens"] - used


def claimers(state: State, card: int) -> list[int]:
    return [owner for number, owner in state["claims"] if number == card]


def claim_problem(state: State, seat: int, card: int) -> str | None:
    """Why `seat` may not claim shop card `card` now, or None."""
    blocker = claim_blocker(state, seat, card)
    return blocker.text if blocker else None


def claim_blocker(state: State, seat: int, card: int) -> Blocker | None:
    """Why `seat` may not claim `card`: a token or the shop says no, or nothing this round
    could make the card buyable (buying.buy_blocker, as ruled by the options below)."""
    name = program(card).name if 0 <= card < 60 else str(card)
    if card not in state["shop"]:
        return Blocker("claim", f"Card {card} is not in the shop; claim one of the cards on "
                       "offer.", True)
    if tokens_left(state, seat) <= 0:
        return Blocker("claim", "All your player tokens are already on cards this round.",
                       True)
    if seat in claimers(state, card):
        return Blocker("claim", f"You already claimed {name}.", True)
    if claimers(state, card) and not state["options"]["shared_claims"]:
        return Blocker("claim", f"{name} is already claimed by "
                       f"{state['names'][claimers(state, card)[0]]}.", True)
    blocker = buy_blocker(state_buyer(state, seat, None), card)
    return blocker if blocker and refuses(state["options"], blocker) else None


def refuses(options: dict, blocker: Blocker) -> bool:
    """Whether a claim that can never be bought is refused: always for a card in your city
    or a full district nobody may decommission from; by `claim_needs_money` for $, and by
    `claim_second_copy` for another copy of a card you claimed."""
    if not blocker.final:
        return False
    if blocker.rule == "money":
        return bool(options["claim_needs_money"])
    if blocker.rule == "claimed_copy":
        return not options["claim_second_copy"]
    return True


def claimable(state: State, seat: int) -> list[int]:
    return [card for card in state["shop"] if claim_problem(state, seat, card) is None]


def skip_reason(state: State, seat: int) -> str:
    """Why a player who has not passed has nothing to claim: `tokens` (all on cards),
    `money` (a card left they could take costs more than they have) or `nothing`."""
    if tokens_left(state, seat) <= 0:
        return "tokens"
    rules = [blocker.rule for card in state["shop"]
             if (blocker := claim_blocker(state, seat, card)) is not None]
    return "money" if "money" in rules else "nothing"


def can_act(state: State, seat: int) -> bool:
    if state["players"][seat]["passed"]:
        return False
    if claimable(state, seat):
        return True
    return bool(state["options"]["move_tokens"]) and tokens_left(state, seat) < \
        state["options"]["tokens"]


def check(state: State, seat: int, move: Move) -> None:
    if state["claim_turn"] != seat:
        whose = state["claim_turn"]
        raise Rejected("It is not your turn to claim; "
                       + (f"{state['names'][whose]} is claiming." if whose is not None
                          else "claiming is over."))
    if move.do == "claim":
        problem = claim_problem(state, seat, move.needs("card"))
        if problem:
            raise Rejected(problem)
    elif move.do == "unclaim":
        if not state["options"]["move_tokens"]:
            raise Rejected("A placed token stays where it is (rule option move_tokens).")
        if seat not in claimers(state, move.needs("card")):
            raise Rejected(f"You have no token on card {move.card}.")
    elif move.do != "pass":
        raise Rejected(f"It is the claiming phase: claim a shop card or pass, not "
                       f"{move.do}.")


def perform(state: State, seat: int, move: Move, events: list[Event]) -> None:
    if move.do == "claim":
        state["claims"].append([move.needs("card"), seat])
        events.append(Event("claim", {"seat": seat, "card": move.card}))
        if state["options"]["claim_turns"] == "one_token":
            advance(state, events)
        elif not can_act(state, seat):
            state["players"][seat]["passed"] = True
            advance(state, events)
    elif move.do == "unclaim":
        state["claims"].remove([move.needs("card"), seat])
        events.append(Event("unclaim", {"seat": seat, "card": move.card}))
    else:
        state["players"][seat]["passed"] = True
        events.append(Event("pass", {"seat": seat}))
        advance(state, events)


def advance(state: State, events: list[Event]) -> None:
    """The next claimer in order after the current one; nobody left opens phases 2–4."""
    order = state["claim_order"]
    start = order.index(state["claim_turn"]) + 1 if state["claim_turn"] in order else 0
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        if can_act(state, seat):
            state["claim_turn"] = seat
            return
        player = state["players"][seat]
        if not player["passed"]:
            player["skipped"] = skip_reason(state, seat)
            events.append(Event("skip", {"seat": seat, "reason": player["skipped"]}))
        player["passed"] = True
    state["claim_turn"] = None
    state["phase"] = CITY
    events.append(Event("phase", {"phase": CITY, "round": state["round"]}))


def open_claims(state: State, events: list[Event]) -> None:
    """Start phase 1: lowest ranked first; every token back in hand."""
    state["claims"] = []
    state["claim_order"] = list(reversed(state["ranking"]))
    for seat in state["claim_order"]:
        state["players"][seat]["passed"] = False
        state["players"][seat]["skipped"] = None
    state["claim_turn"] = None
    events.append(Event("phase", {"phase": "claim", "round": state["round"]}))
    advance(state, events)
