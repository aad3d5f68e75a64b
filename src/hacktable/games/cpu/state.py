"""CPU's state: a plain JSON-shaped dict, plus the small reads and writes every rule uses.

    names, options
    deck        draw pile, card numbers, top last (hidden order)
    trash       face-up discard pile, item heads, top last
    binaries    {str(source card): [library cards]}: the paper clips holding binaries
    hidden      binaries compiled in a backing store that nobody else has seen yet
    chain       daemons that have returned fire in the current chain of reactions
    counters    every cycle counter in play (machines, supply, borrowed)
    first       the seat that played first (turn order goes round from it)
    supply      cycle counters in the box
    machines    per seat: status (running | down | booting | out), cycles (counters held),
                hand (backing store), memory, daemons (heads, in daemonisation order), roms,
                skip (turns to miss), boot_left, idled_last, attackers, rk_miss
    turn        seat, number, round, step (begin | start | main | shutdown | close |
                discard | next), spent, idled, extra (borrowed from the supply), doubled,
                ddos, fired, installed, uninstalled, retake_left
    window      an open defender's choice (nullify | react), or None
    windows     how many windows have opened (names the phase)
    out_order   seats in the order their machines went out
    over, ended_by

A hand, memory or trash holds *items*: a card number, which stands for the whole binary
when it is a key of `binaries` (a binary is named by its source card).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict

from hacktable.engine.contract import EVERYONE, Event
from hacktable.engine.errors import Rejected
from hacktable.games.cpu.cards import DDR4, IN_THE_CLOUD, JAM_IT_IN, LIBRARY, SOURCE, CardType, deck

RUNNING, DOWN, BOOTING, OUT = "running", "down", "booting", "out"
Events = list[Event]

Options = dict[str, Any]
"""The match's rule options (options.py), by name: numbers, yes/no and choices."""


class MachineState(TypedDict):
    """One seat's machine; `hand` is its backing store, `daemons` the heads in memory that
    are daemons, in daemonisation order."""

    status: str
    cycles: int
    hand: list[int]
    memory: list[int]
    daemons: list[int]
    roms: list[int]
    skip: int
    boot_left: int
    idled_last: int
    attackers: list[int]
    rk_miss: bool


class DdosEntry(TypedDict):
    """A DDoS played this turn: `target` matches each cycle spent, less `shield` of them."""

    target: int
    shield: int


class TurnState(TypedDict):
    """The turn under way: `extra` cycles are borrowed from the supply; `fired` and
    `pending` are the active machine's daemons that have run and that wait to."""

    seat: int
    number: int
    round: int
    step: str
    spent: int
    idled: int
    extra: int
    doubled: bool
    ddos: list[DdosEntry]
    fired: list[int]
    pending: list[int]
    missed: bool
    installed: bool
    uninstalled: bool
    retake_left: int


class WindowState(TypedDict):
    """An open defender's choice: `seat` may nullify or react to an attack from
    `against` worth `value`; `reaction` says whether the attack is itself a reaction."""

    kind: Literal["nullify", "react"]
    seat: int
    against: int
    value: int
    reaction: bool


class CpuState(TypedDict):
    """A CPU match, as the module docstring lays it out; `binaries` is keyed by the source
    card's number as a string (JSON keys are strings)."""

    names: list[str]
    options: Options
    deck: list[int]
    trash: list[int]
    binaries: dict[str, list[int]]
    hidden: list[int]
    chain: list[int]
    supply: int
    counters: int
    first: int
    machines: list[MachineState]
    turn: TurnState
    window: WindowState | None
    windows: int
    out_order: list[int]
    over: bool
    ended_by: str | None


State = CpuState


def setup(seats: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> State:
    """Shuffle, deal `hand_size` cards each, choose the first machine and hand out the
    starting cycles.

    Everyone starts with `starting_cycles` ("10 Cycle Counters") at every table size; only
    with `counter_box` are they dealt out of the box's counters, every machine getting the
    same smaller share when the box cannot give everyone that many. `catch_up_cycles` gives
    each machine later in the turn order that many more than the one before it."""
    options = dict(options)
    cards = list(range(len(deck(options))))
    rng.shuffle(cards)
    n = len(seats)
    first = rng.randrange(n) if options["first_player"] == "random" else 0
    bonus = [((seat - first) % n) * options["catch_up_cycles"] for seat in range(n)]
    start = options["starting_cycles"]
    box = options["cycle_counters"]
    if options["counter_box"]:
        start = min(start, (box - sum(bonus)) // n)
        if start < 1:
            start, bonus = min(options["starting_cycles"], box // n), [0] * n
    machines: list[MachineState] = []
    for seat in range(n):
        hand = [cards.pop() for _ in range(min(options["hand_size"], len(cards)))]
        machines.append({"status": RUNNING, "cycles": start + bonus[seat], "hand": hand,
                         "memory": [], "daemons": [], "roms": [], "skip": 0, "boot_left": 0,
                         "idled_last": 0, "attackers": [], "rk_miss": False})
    dealt = sum(m["cycles"] for m in machines)
    supply = box - dealt if options["counter_box"] else box
    state: State = {
        "names": list(seats), "options": options, "deck": cards, "trash": [], "binaries": {},
        "hidden": [], "chain": [], "supply": supply, "counters": supply + dealt, "first": first,
        "machines": machines, "turn": new_turn(first, 1, 1), "window": None, "windows": 0,
        "out_order": [], "over": False, "ended_by": None,
    }
    return state


def new_turn(seat: int, number: int, round_: int) -> TurnState:
    return {"seat": seat, "number": number, "round": round_, "step": "begin", "spent": 0,
            "idled": 0, "extra": 0, "doubled": False, "ddos": [], "fired": [],
            "pending": [], "missed": False, "installed": False, "uninstalled": False,
            "retake_left": 0}


def turn_order(state: State) -> list[int]:
    """Every seat in playing order, starting with the machine that played first."""
    n = len(state["names"])
    return [(state["first"] + k) % n for k in range(n)]


def current_window(state: State) -> WindowState:
    """The open window, where the caller knows that one is open."""
    window = state["window"]
    if window is None:
        raise Rejected("No attack is waiting for an answer.")
    return window


# -- cards and items ------------------------------------------------------------------------

def card(state: State, number: int) -> CardType:
    return deck(state["options"])[number]


def parts(state: State, head: int) -> list[int]:
    """The cards an item is made of: the card itself, or a binary's source and libraries."""
    libraries = state["binaries"].get(str(head))
    return [head] if libraries is None else [head, *libraries]


def is_binary(state: State, head: int) -> bool:
    return str(head) in state["binaries"]


def values(state: State, head: int) -> tuple[int, int, int]:
    """Attack, defence and reaction of an item: a binary sums its cards (seed §6)."""
    table = deck(state["options"])
    attack = defence = reaction = 0
    for number in parts(state, head):
        kind = table[number]
        attack += kind.attack
        defence += kind.defence
        reaction += kind.reaction
    return attack, defence, reaction


def loadable(state: State, head: int) -> bool:
    """Source code, libraries and binaries go into memory; ROMs and special actions do not."""
    return card(state, head).kind in (SOURCE, LIBRARY)


def all_cards(state: State) -> list[int]:
    """Every card number wherever it is, binaries opened up (for the conservation check)."""
    found: list[int] = list(state["deck"])
    heads = list(state["trash"])
    for machine in state["machines"]:
        heads += machine["hand"] + machine["memory"] + machine["roms"]
    for head in heads:
        found += parts(state, head)
    return found


# -- machines ---------------------------------------------------------------------------------

def machine(state: State, seat: int) -> MachineState:
    return state["machines"][seat]


def in_game(state: State) -> list[int]:
    return [seat for seat, m in enumerate(state["machines"]) if m["status"] != OUT]


def attackable(state: State, seat: int) -> bool:
    """A machine may be attacked unless it is shut down or out (booting is vulnerable)."""
    return state["machines"][seat]["status"] in (RUNNING, BOOTING)


def rom_keys(state: State, seat: int) -> list[str]:
    table = deck(state["options"])
    return [table[number].key for number in state["machines"][seat]["roms"]]


def has_rom(state: State, seat: int, key: str) -> bool:
    """An Option ROM works only while its machine is running (not while it boots)."""
    m = state["machines"][seat]
    return m["status"] == RUNNING and key in rom_keys(state, seat)


def memory_slots(state: State, seat: int) -> int:
    options = state["options"]
    return options["ddr4_slots"] if has_rom(state, seat, DDR4) else options["memory_slots"]


def rom_slots(state: State, seat: int) -> int:
    """Jam It In sits in a slot and carries `jam_slots` more: the count includes it."""
    options = state["options"]
    extra = options["jam_slots"] if JAM_IT_IN in rom_keys(state, seat) else 0
    return options["rom_slots"] + extra


def free_cycles(state: State) -> int:
    """Cycles the active machine may still spend this turn."""
    turn = state["turn"]
    return state["machines"][turn["seat"]]["cycles"] + turn["extra"] - turn["spent"]


def cloud_cycles(state: State, seat: int) -> int:
    if not has_rom(state, seat, IN_THE_CLOUD):
        return 0
    return min(state["options"]["cloud_cycles"], state["supply"])


def lose_cycles(state: State, seat: int, count: int) -> int:
    """Take up to `count` counters from a machine; the active machine loses unspent ones
    first. Returns how many were taken."""
    m = state["machines"][seat]
    taken = min(count, m["cycles"])
    m["cycles"] -= taken
    turn = state["turn"]
    if seat == turn["seat"]:
        turn["spent"] = min(turn["spent"], m["cycles"] + turn["extra"])
    return taken


def gain_cycles(state: State, seat: int, count: int) -> None:
    """Counters gained during your own turn arrive spent (unless the option says not);
    beyond `cycle_cap` they go to the supply."""
    cap = state["options"]["cycle_cap"]
    m = state["machines"][seat]
    if cap and m["cycles"] + count > cap:
        over = m["cycles"] + count - cap
        state["supply"] += over
        count -= over
    m["cycles"] += count
    turn = state["turn"]
    if seat == turn["seat"] and not state["options"]["stolen_cycles_usable"]:
        turn["spent"] += count


def spend(state: State, count: int, events: Events) -> None:
    """Spend the active machine's cycles; a DDoS victim matches every cycle (less one per
    daemon it had)."""
    turn = state["turn"]
    turn["spent"] += count
    for entry in list(turn["ddos"]):
        absorbed = min(entry["shield"], count)
        entry["shield"] -= absorbed
        burn = count - absorbed
        if burn <= 0:
            continue
        target = entry["target"]
        taken = lose_cycles(state, target, burn)
        state["supply"] += taken
        events.append(Event("ddos_match", {"by": turn["seat"], "target": target,
                                           "cycles": taken, "absorbed": absorbed}, EVERYONE))
        if machine(state, target)["cycles"] == 0:
            eliminate(state, target, events)
        if state["over"]:
            return


# -- the piles --------------------------------------------------------------------------------

def trash(state: State, head: int) -> None:
    state["trash"].append(head)


def reshuffle(state: State, rng: random.Random, events: Events) -> None:
    """The trash becomes the draw pile, binaries taken apart (seed §4); with
    `reshuffle_disassembles=all` every binary in play is taken apart too."""
    cards: list[int] = []
    binaries = state["binaries"]
    opened = 0
    for head in state["trash"]:
        libraries = binaries.pop(str(head), None)
        cards.append(head)
        if libraries is not None:
            opened += 1
            cards += libraries
    rng.shuffle(cards)
    state["deck"] = cards + state["deck"]
    state["trash"] = []
    if state["options"]["reshuffle_disassembles"] == "all":
        opened += disassemble_everywhere(state, events)
    events.append(Event("reshuffled", {"cards": len(cards), "binaries": opened}, EVERYONE))


def disassemble_everywhere(state: State, events: Events) -> int:
    """Every binary in a backing store or in memory comes apart where it lies; in memory the
    cards take free slots and the rest go into backing store. A daemon stops being one."""
    opened = 0
    for seat, m in enumerate(state["machines"]):
        for head in [h for h in m["hand"] if is_binary(state, h)]:
            libraries = state["binaries"].pop(str(head))
            m["hand"].extend(libraries)
            if head in state["hidden"]:
                state["hidden"].remove(head)
            opened += 1
        for head in [h for h in m["memory"] if is_binary(state, h)]:
            libraries = state["binaries"].pop(str(head))
            room = max(0, memory_slots(state, seat) - len(m["memory"]))
            at = m["memory"].index(head)
            m["memory"][at + 1:at + 1] = libraries[:room]
            m["hand"].extend(libraries[room:])
            if head in m["daemons"]:
                m["daemons"].remove(head)
            opened += 1
            events.append(Event("disassemble", {"seat": seat, "item": head,
                                                "cards": [head, *libraries]}, EVERYONE))
    return opened


def reveal(state: State, head: int) -> None:
    """A binary compiled in secret leaves its backing store: from now on everyone knows it."""
    if head in state["hidden"]:
        state["hidden"].remove(head)


def draw(state: State, rng: random.Random, events: Events) -> int:
    """The top card of the draw pile, reshuffling the trash first if the pile is empty and
    again as soon as it empties ("Once the draw pile is empty shuffle the trash")."""
    if not state["deck"]:
        reshuffle(state, rng, events)
    number = state["deck"].pop()
    if not state["deck"] and state["trash"]:
        reshuffle(state, rng, events)
    return number


def can_draw(state: State) -> bool:
    return bool(state["deck"] or state["trash"])


# -- going out -------------------------------------------------------------------------------

def eliminate(state: State, seat: int, events: Events) -> None:
    """No cycles left: the machine is out; its backing store, memory and ROMs are trashed."""
    m = state["machines"][seat]
    if m["status"] == OUT:
        return
    for head in m["hand"] + m["memory"] + m["roms"]:
        reveal(state, head)
        trash(state, head)
    m.update({"status": OUT, "hand": [], "memory": [], "daemons": [], "roms": [], "skip": 0,
              "boot_left": 0, "rk_miss": False})
    state["out_order"].append(seat)
    turn = state["turn"]
    turn["ddos"] = [d for d in turn["ddos"] if d["target"] != seat]
    events.append(Event("out", {"seat": seat}, EVERYONE))
    if len(in_game(state)) <= 1:
        state["over"] = True
        state["ended_by"] = "last machine running"
        state["window"] = None
        events.append(Event("game_over", {"winner": in_game(state)[0] if in_game(state)
                                          else None, "by": "last machine running"}, EVERYONE))
        return
    if seat == turn["seat"] and turn["step"] != "next":
        state["window"] = None
        turn["pending"] = []
        turn["step"] = "close"
