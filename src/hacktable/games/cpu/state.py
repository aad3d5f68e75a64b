"""CPU's state: a plain JSON-shaped dict, plus the small reads and writes every rule uses.

    names, options
    deck        draw pile, card numbers, top last (hidden order)
    trash       face-up discard pile, item heads, top last
    binaries    {str(source card): [library cards]}: the paper clips holding binaries
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
from typing import Any

from hacktable.engine.contract import EVERYONE, Event
from hacktable.games.cpu.cards import DDR4, IN_THE_CLOUD, JAM_IT_IN, LIBRARY, SOURCE, CardType, deck

RUNNING, DOWN, BOOTING, OUT = "running", "down", "booting", "out"
State = dict[str, Any]
Events = list[Event]


def setup(seats: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> State:
    """Shuffle, deal `hand_size` cards each and hand out the starting cycles.

    When the supply cannot give every machine `starting_cycles`, every machine gets the same
    smaller share (the rest stays in the supply)."""
    options = dict(options)
    cards = list(range(len(deck(options))))
    rng.shuffle(cards)
    n = len(seats)
    start = min(options["starting_cycles"], options["cycle_counters"] // n)
    machines = []
    for _ in range(n):
        hand = [cards.pop() for _ in range(min(options["hand_size"], len(cards)))]
        machines.append({"status": RUNNING, "cycles": start, "hand": hand, "memory": [],
                         "daemons": [], "roms": [], "skip": 0, "boot_left": 0,
                         "idled_last": 0, "attackers": [], "rk_miss": False})
    state: State = {
        "names": list(seats), "options": options, "deck": cards, "trash": [], "binaries": {},
        "supply": options["cycle_counters"] - start * n, "machines": machines,
        "turn": new_turn(0, 1, 1), "window": None, "windows": 0, "out_order": [],
        "over": False, "ended_by": None,
    }
    return state


def new_turn(seat: int, number: int, round_: int) -> dict[str, Any]:
    return {"seat": seat, "number": number, "round": round_, "step": "begin", "spent": 0,
            "idled": 0, "extra": 0, "doubled": False, "ddos": [], "fired": [],
            "installed": False, "uninstalled": False, "retake_left": 0}


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

def machine(state: State, seat: int) -> dict[str, Any]:
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
    """Counters gained during your own turn arrive spent (unless the option says not)."""
    state["machines"][seat]["cycles"] += count
    turn = state["turn"]
    if seat == turn["seat"] and not state["options"]["stolen_cycles_usable"]:
        turn["spent"] += count


# -- the piles --------------------------------------------------------------------------------

def trash(state: State, head: int) -> None:
    state["trash"].append(head)


def reshuffle(state: State, rng: random.Random, events: Events) -> None:
    """The trash becomes the draw pile, binaries taken apart (seed §4)."""
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
    events.append(Event("reshuffled", {"cards": len(cards), "binaries": opened}, EVERYONE))


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
        trash(state, head)
    m.update(status=OUT, hand=[], memory=[], daemons=[], roms=[], skip=0, boot_left=0,
             rk_miss=False)
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
    elif seat == turn["seat"] and turn["step"] not in ("next",):
        state["window"] = None
        turn["step"] = "close"
