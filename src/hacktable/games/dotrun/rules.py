"""./Run's rules over a JSON-shaped state: set-up, the three phases of a turn, timeouts.

State (all plain JSON; declared key for key as `state.DotrunState`):
    names, options   players by seat; the resolved rule options
    turn, phase      the turn (1-based) and "start" | "planning" | "stress" | "over"
    pawns            each seat's space (None until chosen in the start phase)
    alertness        the alertness tracker
    supply, locked   lockout tokens left; terminals locked out, in the order they were
    deck             the undrawn running cards (the top is the end of the list)
    discard          cards discarded face up this turn: {"seat", "card"}
    rows, hands      each runner's face-down row (left to right) and the card just drawn
    draws, stopped   cards each runner drew this turn; runners who said they are done
    plans            each seat's choice this turn: {"do": "hack", "path"}, run, hold or None
    tasks, answers   each hacker's task (with its secret) and answer this stress phase
    last_turn        the public events of the last resolution, for screens to replay
    last_hack        each seat's own last hacking attempt, task and answer revealed
    result           None, or {"won", "reason", "turn", "summary"} once the game is over
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

from hacktable.engine.contract import EVERYONE, Event, Prompt
from hacktable.engine.errors import Rejected
from hacktable.engine.options import OptionValue
from hacktable.games.dotrun import companion_reward, tasking
from hacktable.games.dotrun.actions import (
    Action,
    Answer,
    Discard,
    Draw,
    Hack,
    Hold,
    Place,
    Run,
    Start,
    Stop,
)
from hacktable.games.dotrun.board import GOAL_LAYER, RINGS, Board, load, ring_of
from hacktable.games.dotrun.cards import ROW_LENGTH, deck_of
from hacktable.games.dotrun.resolution import resolve
from hacktable.games.dotrun.state import (
    DotrunOptions,
    DotrunState,
    Plan,
    TaskJson,
    plan_of,
    space_of,
    task_of,
)
from hacktable.games.dotrun.tasks import stats as task_stats

START, PLANNING, STRESS, OVER = "start", "planning", "stress", "over"


def board_of(state: DotrunState) -> Board:
    return load(state["options"]["board"])


# -- set-up -----------------------------------------------------------------------------

def setup(names: Sequence[str], given: Mapping[str, OptionValue],
          rng: random.Random) -> DotrunState:
    # Resolved by the game's schema (`options.OPTIONS`): every option, each of its type.
    options = cast(DotrunOptions, dict(given))
    board = load(options["board"])
    n = len(names)
    if n > board.sizes[0]:
        raise Rejected(f"The {options['board']} board's outer ring has {board.sizes[0]} "
                       f"spaces, too few for {n} players to start on different ones.")
    deck = deck_of(options["card_copies"])
    rng.shuffle(deck)
    state: DotrunState = {
        "names": list(names),
        "options": options,
        "turn": 1,
        "phase": START,
        "pawns": [None] * n,
        "alertness": 0,
        "supply": options["lockouts"],
        "locked": [],
        "deck": deck,
        "discard": [],
        "rows": [[] for _ in range(n)],
        "hands": [None] * n,
        "draws": [0] * n,
        "stopped": [False] * n,
        "plans": [None] * n,
        "tasks": [None] * n,
        "answers": [None] * n,
        "last_turn": [],
        "last_hack": [None] * n,
        "guessable": [],
        "task_stats": task_stats.empty(),
        "result": None,
    }
    if options["start"] == "random":
        deal_starts(state, rng)
        state["phase"] = PLANNING
    return state


def deal_starts(state: DotrunState, rng: random.Random) -> list[Event]:
    """Seats without a start space get a random free one on the outer ring."""
    free = [s for s in board_of(state).spaces(0) if s not in state["pawns"]]
    rng.shuffle(free)
    events = []
    for seat, pawn in enumerate(state["pawns"]):
        if pawn is None:
            state["pawns"][seat] = free.pop()
            events.append(Event("start_dealt", {"seat": seat, "space": state["pawns"][seat]}))
    return events


# -- who may act ------------------------------------------------------------------------

def runner_done(state: DotrunState, seat: int) -> bool:
    """"Each runner may continue drawing until they have three cards in front of them, the
    deck runs out, or they run out of time" (or, by ruling, they say they are done)."""
    if state["hands"][seat] is not None:
        return False
    return (state["stopped"][seat] or len(state["rows"][seat]) >= ROW_LENGTH
            or not state["deck"])


def role(state: DotrunState, seat: int) -> str | None:
    plan = state["plans"][seat]
    return None if plan is None else plan["do"]


def prompts(state: DotrunState) -> dict[int, Prompt]:
    phase = state["phase"]
    if phase == OVER:
        return {}
    options = state["options"]
    turn = state["turn"]
    if phase in (START, PLANNING):
        limit = float(options["planning_seconds"]) or None
        result = {}
        for seat in range(len(state["names"])):
            if phase == START:
                result[seat] = Prompt("start", "Choose your start space on the outer ring.",
                                      False, limit, state["pawns"][seat] is not None,
                                      {"turn": turn})
            else:
                result[seat] = Prompt(
                    "plan", f"Turn {turn}: choose to hack, run or hold.", False, limit,
                    state["plans"][seat] is not None,
                    {"turn": turn, "hackable": hackable_paths(state, seat)})
        return result
    limit = float(options["stress_seconds"])
    result = {}
    running = [s for s in range(len(state["names"]))
               if role(state, s) == "run" and not runner_done(state, s)]
    for seat in range(len(state["names"])):
        kind = role(state, seat)
        if kind == "hack":
            task = task_of(state, seat)
            path = plan_of(state, seat)["path"]
            terminal = space_of(state, seat)
            result[seat] = Prompt(
                "hack", "Solve your hacking task before time runs out.", True, limit,
                state["answers"][seat] is not None,
                {"turn": turn, "path": path, "terminal": terminal,
                 "colour": board_of(state).terminals[terminal],
                 "ring": RINGS[ring_of(terminal)],
                 "task": {"kind": task["kind"], "public": task["public"]}})
        elif kind == "run":
            hand = state["hands"][seat]
            # The table's pace is in the prompt, so a runner waiting for slower runners is
            # asked again whenever one of them draws or finishes.
            data = {"turn": turn, "row": len(state["rows"][seat]), "deck": len(state["deck"]),
                    "draws": list(state["draws"]), "running": running}
            if hand is not None:
                result[seat] = Prompt("place", f"You drew {hand}: place it at the left or "
                                      "right end of your row, or discard it.", False, limit,
                                      False, {**data, "card": hand})
            else:
                row = len(state["rows"][seat])
                short = (f" Your row has {row} of {ROW_LENGTH} cards: with fewer than "
                         f"{ROW_LENGTH} when you stop, you stay where you are."
                         if row < ROW_LENGTH else f" Your row has its {ROW_LENGTH} cards.")
                result[seat] = Prompt("draw", "Draw a running card, or stop drawing." + short,
                                      False, limit, runner_done(state, seat), data)
        else:
            # Holding: nothing to do, but the clock is shown to everyone at the table.
            result[seat] = Prompt("hold", "You hold this turn.", False, limit, True,
                                  {"turn": turn})
    return result


def phase_key(state: DotrunState) -> str:
    """Turn number and phase: each phase's deadline starts when it opens."""
    if state["phase"] == OVER:
        return "over"
    return f"turn {state['turn']} {state['phase']}"


# -- planning ---------------------------------------------------------------------------

def terminal_user(state: DotrunState, terminal: str, besides: int) -> int | None:
    """Another seat already hacking from this terminal this turn, if any."""
    for seat, plan in enumerate(state["plans"]):
        if seat != besides and plan is not None and plan["do"] == "hack" \
                and state["pawns"][seat] == terminal:
            return seat
    return None


def hackable_paths(state: DotrunState, seat: int) -> list[str]:
    """Paths this seat could choose to hack now (empty when it cannot hack)."""
    try:
        terminal = check_can_hack(state, seat)
    except Rejected:
        return []
    return [path.id for path in board_of(state).hackable_from(terminal)]


def check_can_hack(state: DotrunState, seat: int) -> str:
    """"To hack, a player must be on a space with a terminal, and only one player can hack
    each terminal." Returns the terminal."""
    board = board_of(state)
    space = state["pawns"][seat]
    if space is None or space not in board.terminals:
        raise Rejected("To hack you must stand on a terminal; you could run or hold instead.")
    if space in state["locked"]:
        raise Rejected(f"The terminal on {space} is locked out; nobody can hack from it.")
    other = terminal_user(state, space, seat)
    if other is not None:
        raise Rejected(f"{state['names'][other]} is already hacking the terminal on {space}; "
                       "only one player can hack each terminal.")
    return space


def check_plan(state: DotrunState, seat: int, action: Action) -> Plan:
    if isinstance(action, Hack):
        terminal = check_can_hack(state, seat)
        board = board_of(state)
        path = board.by_id.get(action.path)
        if path is None:
            raise Rejected(f"There is no path {action.path!r} on this board.")
        colour = board.terminals[terminal]
        if path not in board.hackable_from(terminal):
            if colour not in path.colours:
                raise Rejected(f"Your terminal is {colour}; path {path.id} is "
                               f"{' and '.join(path.colours)}.")
            raise Rejected(f"Path {path.id} is not in a layer next to the "
                           f"{RINGS[ring_of(terminal)]} ring; hack a path in an adjacent "
                           "layer.")
        return {"do": "hack", "path": path.id}
    if isinstance(action, Run | Hold):
        return {"do": action.do}
    raise Rejected("In the planning phase choose to hack a path, run or hold.")


def plan(state: DotrunState, seat: int, action: Action, rng: random.Random) -> list[Event]:
    """Record a choice, visible to the whole team; a player may change it until the last
    player has chosen, which starts the stress phase."""
    chosen = check_plan(state, seat, action)
    changed = state["plans"][seat] is not None
    state["plans"][seat] = chosen
    events = [Event("planned", {"seat": seat, "plan": chosen, "changed": changed})]
    if all(p is not None for p in state["plans"]):
        events += begin_stress(state, rng)
    return events


def begin_stress(state: DotrunState, rng: random.Random) -> list[Event]:
    """Hand every hacker a task and open the 30 seconds (or resolve at once if everyone
    holds: there is nothing to time)."""
    board = board_of(state)
    source = tasking.source(state["options"]["tasks"])
    n = len(state["names"])
    state["phase"] = STRESS
    state["tasks"] = [None] * n
    state["answers"] = [None] * n
    hackers, runners = [], []
    for seat in range(n):
        chosen = plan_of(state, seat)
        if chosen["do"] == "hack":
            terminal = space_of(state, seat)
            colour = board.terminals[terminal]
            innermost = board.by_id[chosen["path"]].layer == GOAL_LAYER
            task = source.generate(colour, RINGS[ring_of(terminal)], rng, state["options"],
                                   innermost=innermost, avoid=state["guessable"])
            state["tasks"][seat] = task
            state["guessable"] = sorted({*state["guessable"], *source.guessable(task)})
            hackers.append({"seat": seat, "terminal": terminal, "colour": colour,
                            "path": chosen["path"]})
        elif chosen["do"] == "run":
            runners.append(seat)
    events = [Event("stress_started", {"turn": state["turn"], "hackers": hackers,
                                       "runners": runners,
                                       "seconds": state["options"]["stress_seconds"]})]
    if not hackers and not runners:
        events += close_stress(state, rng, "nobody acts")
    return events


# -- stress -----------------------------------------------------------------------------

def answer(state: DotrunState, seat: int, action: Answer, rng: random.Random) -> list[Event]:
    if role(state, seat) != "hack":
        raise Rejected("Only hackers answer tasks; you are not hacking this turn.")
    if state["answers"][seat] is not None:
        raise Rejected("You already sent your answer; it stands until resolution.")
    refused = well_formed(state, state["tasks"][seat], action.answer)
    if refused:
        raise Rejected(refused)
    state["answers"][seat] = action.answer
    return [Event("answered", {"seat": seat}, (seat,)), *maybe_close(state, rng)]


def well_formed(state: DotrunState, task: TaskJson | None, typed: str) -> str | None:
    """Why a typed answer is refused unsent ("343" for a 4-digit passcode), or None. An
    answer is final (one per task), so only a well-formed one may count; an empty one
    gives up on purpose (the screen asks first)."""
    if task is None or not typed.strip():
        return None
    return tasking.source(state["options"]["tasks"]).malformed(task, typed)


def check_runner(state: DotrunState, seat: int) -> None:
    if role(state, seat) != "run":
        raise Rejected("Only runners draw running cards; you are not running this turn.")


def draw(state: DotrunState, seat: int, rng: random.Random) -> list[Event]:
    check_runner(state, seat)
    if state["hands"][seat] is not None:
        raise Rejected("Place or discard the card you drew before drawing another.")
    if len(state["rows"][seat]) >= ROW_LENGTH:
        raise Rejected("You already have three cards in front of you.")
    if state["stopped"][seat]:
        raise Rejected("You stopped drawing this turn.")
    if not state["deck"]:
        raise Rejected("The running deck is empty.")
    card = state["deck"].pop()
    state["hands"][seat] = card
    state["draws"][seat] += 1
    # The card is in the runner's view (their hand) until placed or discarded, never in
    # an event: a log line naming it would let them read back a face-down row later.
    return [Event("drew_card", {"seat": seat}, (seat,)),
            Event("drew", {"seat": seat, "deck": len(state["deck"]),
                           "draws": state["draws"][seat]})]


def place(state: DotrunState, seat: int, action: Place | Discard,
          rng: random.Random) -> list[Event]:
    check_runner(state, seat)
    card = state["hands"][seat]
    if card is None:
        raise Rejected("You hold no card; draw one first.")
    state["hands"][seat] = None
    row = state["rows"][seat]
    if isinstance(action, Discard):
        state["discard"].append({"seat": seat, "card": card})
        events = [Event("discarded", {"seat": seat, "card": card})]
    else:
        if action.side == "left":
            row.insert(0, card)
        else:
            row.append(card)
        events = [Event("placed", {"seat": seat, "side": action.side, "row": len(row)})]
    return events + maybe_close(state, rng)


def stop(state: DotrunState, seat: int, rng: random.Random) -> list[Event]:
    check_runner(state, seat)
    if state["hands"][seat] is not None:
        raise Rejected("Place or discard the card you drew first.")
    if runner_done(state, seat):
        raise Rejected("You are already done drawing this turn.")
    state["stopped"][seat] = True
    return [Event("stopped", {"seat": seat, "row": len(state["rows"][seat])}),
            *maybe_close(state, rng)]


def maybe_close(state: DotrunState, rng: random.Random) -> list[Event]:
    """Ruling: the stress phase ends early once nobody can do anything more (every hacker
    answered, every runner done): waiting out the clock would change nothing."""
    for seat in range(len(state["names"])):
        kind = role(state, seat)
        if kind == "hack" and state["answers"][seat] is None:
            return []
        if kind == "run" and not runner_done(state, seat):
            return []
    return close_stress(state, rng, "everyone done")


def close_stress(state: DotrunState, rng: random.Random, reason: str) -> list[Event]:
    """End the stress phase: a card still in hand is discarded face up (ruling), then the
    turn resolves and, unless the game ended, the next turn's planning opens."""
    events = [Event("stress_ended", {"turn": state["turn"], "reason": reason})]
    for seat, card in enumerate(state["hands"]):
        if card is not None:
            state["hands"][seat] = None
            state["discard"].append({"seat": seat, "card": card})
            events.append(Event("discarded", {"seat": seat, "card": card, "timeout": True}))
    resolved = resolve(state, board_of(state), tasking.source(state["options"]["tasks"]))
    if state["result"] is not None and state["result"]["won"]:
        # Seed 5.3: "click on the 'I reached the center' button on the website to receive
        # your reward"; the all-digital table hands out the same haul as the companion.
        state["result"]["reward"] = companion_reward.haul(state["task_stats"], rng)
    events += resolved
    state["last_turn"] = [{"kind": e.kind, **e.data} for e in resolved
                          if e.audience == EVERYONE]
    if state["result"] is not None:
        state["phase"] = OVER
        return events
    return events + next_turn(state, rng)


def next_turn(state: DotrunState, rng: random.Random) -> list[Event]:
    """"Then shuffle the running deck and move to the next turn.\""""
    n = len(state["names"])
    cards = state["deck"] + [item["card"] for item in state["discard"]]
    cards += [card for row in state["rows"] for card in row]
    cards.sort()  # the shuffle alone decides the order, whatever the cards' history
    rng.shuffle(cards)
    state["deck"] = cards
    state["discard"] = []
    state["rows"] = [[] for _ in range(n)]
    state["hands"] = [None] * n
    state["draws"] = [0] * n
    state["stopped"] = [False] * n
    state["plans"] = [None] * n
    state["tasks"] = [None] * n
    state["answers"] = [None] * n
    state["turn"] += 1
    state["phase"] = PLANNING
    return [Event("deck_shuffled", {"cards": len(cards)}),
            Event("turn_started", {"turn": state["turn"], "alertness": state["alertness"]})]


# -- the start phase --------------------------------------------------------------------

def choose_start(state: DotrunState, seat: int, action: Action, rng: random.Random) -> list[Event]:
    """"Have each player choose a pawn and places it in any space on the outer ring such
    that no two players start on the same space." A choice may change until all are in."""
    if not isinstance(action, Start):
        raise Rejected("First choose your start space on the outer ring (e.g. 'start o4').")
    board = board_of(state)
    if not board.is_space(action.space) or ring_of(action.space) != 0:
        raise Rejected(f"{action.space!r} is not a space on the outer ring "
                       f"(o0 to o{board.sizes[0] - 1}).")
    for other, pawn in enumerate(state["pawns"]):
        if other != seat and pawn == action.space:
            raise Rejected(f"{state['names'][other]} already starts on {action.space}; no two "
                           "players start on the same space.")
    state["pawns"][seat] = action.space
    events = [Event("start_chosen", {"seat": seat, "space": action.space})]
    if all(p is not None for p in state["pawns"]):
        state["phase"] = PLANNING
        events.append(Event("turn_started", {"turn": 1, "alertness": state["alertness"]}))
    return events


# -- dispatch ---------------------------------------------------------------------------

def apply(state: DotrunState, seat: int, action: object, rng: random.Random) -> list[Event]:
    """Check an action completely, then make it."""
    if not isinstance(seat, int) or isinstance(seat, bool) \
            or not 0 <= seat < len(state["names"]):
        raise Rejected(f"There is no seat {seat!r} at this table.")
    if not isinstance(action, Action):
        raise Rejected("That is not an ./Run action.")
    phase = state["phase"]
    if phase == OVER:
        raise Rejected("The game is over.")
    if phase == START:
        return choose_start(state, seat, action, rng)
    if phase == PLANNING:
        return plan(state, seat, action, rng)
    if isinstance(action, Answer):
        return answer(state, seat, action, rng)
    if isinstance(action, Draw):
        return draw(state, seat, rng)
    if isinstance(action, Place | Discard):
        return place(state, seat, action, rng)
    if isinstance(action, Stop):
        return stop(state, seat, rng)
    raise Rejected("Planning is over: hackers answer their task, runners draw cards.")


def timeout(state: DotrunState, rng: random.Random) -> list[Event]:
    """The phase's time ran out. Start: free spaces are dealt. Planning: whoever has not
    chosen holds. Stress: hackers who did not answer fail, runners keep what they placed."""
    phase = state["phase"]
    if phase == OVER:
        raise Rejected("The game is over; there is no phase to close.")
    if phase == START:
        events = deal_starts(state, rng)
        state["phase"] = PLANNING
        return [*events, Event("turn_started", {"turn": 1, "alertness": state["alertness"]})]
    if phase == PLANNING:
        events = []
        for seat, chosen in enumerate(state["plans"]):
            if chosen is None:
                state["plans"][seat] = {"do": "hold"}
                events.append(Event("planned", {"seat": seat, "plan": {"do": "hold"},
                                                "changed": False, "timeout": True}))
        return events + begin_stress(state, rng)
    return close_stress(state, rng, "time")
