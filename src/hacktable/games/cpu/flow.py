"""The turn's automatic steps: missed turns, booting, In The Cloud, the end of a turn, the
hand limit, the next machine, and the end of the game.

`settle` runs after every move and timeout: it walks the automatic steps until the game
waits for somebody (a turn, a discard, a shutdown, a defender's window) or is over.
"""

from __future__ import annotations

from hacktable.engine.contract import EVERYONE, Event, Outcome
from hacktable.games.cpu import daemons
from hacktable.games.cpu.state import (
    BOOTING,
    DOWN,
    OUT,
    RUNNING,
    Events,
    State,
    cloud_cycles,
    free_cycles,
    in_game,
    machine,
    new_turn,
)

WAITING_STEPS = ("down", "daemons", "start", "main", "shutdown", "discard")


def settle(state: State, events: Events) -> None:
    while not state["over"] and state["window"] is None:
        turn = state["turn"]
        step = turn["step"]
        m = machine(state, turn["seat"])
        if step == "begin":
            begin(state, events)
        elif m["status"] == OUT and step not in ("close", "next"):
            turn["step"] = "close"
        elif step == "daemons":
            if not daemons.run_pending(state, events):
                return
        elif step in ("start", "main"):
            if free_cycles(state) <= 0:
                turn["step"] = "close"
            else:
                return
        elif step in ("shutdown", "down"):
            return
        elif step == "close":
            close(state, events)
        elif step == "discard":
            if len(m["hand"]) <= m["cycles"]:
                turn["step"] = "next"
            else:
                return
        else:  # next
            advance(state, events)


def begin(state: State, events: Events) -> None:
    """A machine's turn begins: a missed turn, a shut-down machine's choice, a boot, or a
    running turn whose daemons run first (seed §8)."""
    turn = state["turn"]
    seat = turn["seat"]
    m = machine(state, seat)
    options = state["options"]
    if m["skip"]:
        m["skip"] -= 1
        events.append(Event("missed_turn", {"seat": seat}, EVERYONE))
        if options["daemons_on_missed_turn"] and m["status"] == RUNNING and m["daemons"]:
            turn["missed"] = True
            turn["pending"] = list(m["daemons"])
            turn["step"] = "daemons"
        else:
            turn["step"] = "next"
        return
    events.append(Event("turn", {"seat": seat, "number": turn["number"],
                                 "round": turn["round"]}, EVERYONE))
    if m["status"] == DOWN:
        if options["restart"] == "choice":
            turn["step"] = "down"
            return
        restart(state, events)
        return
    if m["status"] == BOOTING:
        boot(state, events)
        return
    borrow_cloud(state, seat, events)
    if turn["round"] == 1 and options["first_turn_cycles"]:
        turn["spent"] += max(0, free_cycles(state) - first_round_limit(state, seat))
    turn["pending"] = list(m["daemons"])
    turn["step"] = "daemons"


def first_round_limit(state: State, seat: int) -> int:
    """Compensation `first_turn_cycles`: in the first round the first machine spends at most
    that many cycles, and each later machine a little more, evenly, up to the full
    `starting_cycles` for the last one (seat fairness: docs/rules/cpu.md)."""
    options = state["options"]
    n = len(state["names"])
    position = (seat - state["first"]) % n
    low, full = options["first_turn_cycles"], options["starting_cycles"]
    return low + max(0, full - low) * position // max(1, n - 1)


def borrow_cloud(state: State, seat: int, events: Events) -> None:
    """In The Cloud: extra cycles for this turn, borrowed from the supply."""
    extra = cloud_cycles(state, seat)
    if extra:
        state["supply"] -= extra
        state["turn"]["extra"] += extra
        events.append(Event("cloud", {"seat": seat, "cycles": extra}, EVERYONE))


def restart(state: State, events: Events) -> None:
    """A shut-down machine starts booting: the BIOS and each Option ROM cost cycles."""
    seat = state["turn"]["seat"]
    m = machine(state, seat)
    options = state["options"]
    m["status"] = BOOTING
    m["boot_left"] = options["bios_cycles"] + options["rom_boot_cycles"] * len(m["roms"])
    boot(state, events)


def boot(state: State, events: Events) -> None:
    """Pay what booting still needs; a machine that cannot pay it all ends its turn and goes
    on booting next turn (seed §11)."""
    turn = state["turn"]
    seat = turn["seat"]
    m = machine(state, seat)
    paid = min(m["cycles"], m["boot_left"])
    m["boot_left"] -= paid
    turn["spent"] += paid
    events.append(Event("boot", {"seat": seat, "paid": paid, "left": m["boot_left"]},
                        EVERYONE))
    if m["boot_left"]:
        turn["step"] = "close"
        return
    m["status"] = RUNNING
    if m["rk_miss"]:
        m["rk_miss"] = False
        events.append(Event("missed_turn", {"seat": seat, "rkhunter": True}, EVERYONE))
        turn["step"] = "close"
        return
    if state["options"]["cloud_on_boot_turn"]:
        borrow_cloud(state, seat, events)
    turn["step"] = "main"


def close(state: State, events: Events) -> None:
    """The end of a turn: borrowed cycles go back, idled cycles are remembered, and the
    hand limit is checked."""
    turn = state["turn"]
    m = machine(state, turn["seat"])
    state["supply"] += turn["extra"]
    turn["extra"] = 0
    turn["ddos"] = []
    turn["doubled"] = False
    if m["status"] == OUT:
        turn["step"] = "next"
        return
    if not turn["missed"]:
        m["idled_last"] = turn["idled"]
    events.append(Event("turn_end", {"seat": turn["seat"], "idled": turn["idled"]}, EVERYONE))
    turn["step"] = "discard" if len(m["hand"]) > m["cycles"] else "next"


def advance(state: State, events: Events) -> None:
    """Hand the turn to the next machine still in the game, in turn order from the first
    player; past the round limit the game ends."""
    turn = state["turn"]
    n = len(state["names"])
    alive = set(in_game(state))
    position = (turn["seat"] - state["first"]) % n
    later = [p for p in range(position + 1, n) if (state["first"] + p) % n in alive]
    following = ((state["first"] + later[0]) % n if later
                 else next((state["first"] + p) % n for p in range(n)
                           if (state["first"] + p) % n in alive))
    round_ = turn["round"] + (0 if later else 1)
    if round_ > state["options"]["round_limit"]:
        state["over"] = True
        state["ended_by"] = "round limit"
        events.append(Event("game_over", {"winner": None, "by": "round limit"}, EVERYONE))
        return
    state["turn"] = new_turn(following, turn["number"] + 1, round_)


def outcome(state: State) -> Outcome | None:
    """The last machine running wins; the others rank by how long they lasted. At the round
    limit, machines still in the game rank by cycles held (ties share a place)."""
    if not state["over"]:
        return None
    machines = state["machines"]
    alive = [seat for seat, m in enumerate(machines) if m["status"] != OUT]
    groups: list[tuple[int, ...]] = []
    for cycles in sorted({machines[s]["cycles"] for s in alive}, reverse=True):
        groups.append(tuple(s for s in alive if machines[s]["cycles"] == cycles))
    groups += [(seat,) for seat in reversed(state["out_order"])]
    scores = {seat: float(m["cycles"]) for seat, m in enumerate(machines)}
    names = state["names"]
    if state["ended_by"] == "round limit":
        leaders = " and ".join(names[s] for s in groups[0]) if groups else "nobody"
        summary = (f"Round limit reached; {leaders} held the most cycles "
                   f"({machines[groups[0][0]]['cycles'] if groups else 0}).")
    else:
        summary = (f"{names[groups[0][0]]}'s machine is the last one running."
                   if groups else "No machine is left running.")
    return Outcome(tuple(groups), scores, summary)
