"""What each viewer may see of a CPU state.

Public (rulings in docs/rules/cpu.md): every machine's status, cycles, memory (loaded
cards, binaries and daemons lie face up on the table), Option ROMs, hand *size*, and the
face-up trash; the draw pile's size. A seat also sees its own backing store. Nobody sees
another backing store or the draw order, except the gamemaster, who sees everything.
Card texts are not repeated in views: `hacktable.games.cpu.cards.CATALOGUE` has them by key.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from hacktable.engine.contract import GM, SPECTATOR, OutcomeJson, Viewer
from hacktable.games.cpu.cards import deck
from hacktable.games.cpu.flow import outcome
from hacktable.games.cpu.state import (
    State,
    card,
    free_cycles,
    is_binary,
    machine,
    memory_slots,
    parts,
    rom_slots,
    values,
)

# -- the typed view: what `view` returns, key for key (the screen builder reads these) --------

class CardView(TypedDict):
    """An Option ROM: one card face up."""

    id: int
    key: str
    name: str
    kind: str


class ItemView(CardView):
    """A card or binary in memory, in a hand or in the trash; `cards` are [number, key]."""

    binary: bool
    cards: list[list[int | str]]
    attack: int
    defence: int
    reaction: int
    daemon: NotRequired[bool]
    """Only on an item in memory."""


class MachineView(TypedDict):
    seat: int
    name: str
    status: str
    cycles: int
    hand: int
    memory: list[ItemView]
    daemons: list[int]
    roms: list[CardView]
    memory_slots: int
    rom_slots: int
    skip: int
    boot_left: int
    idled_last: int
    attackers: list[int]
    rebooting: bool


class DdosView(TypedDict):
    target: int
    shield: int


class TurnView(TypedDict):
    number: int
    seat: int
    step: str
    free: int
    spent: int
    idled: int
    cloud: int
    doubled: bool
    ddos: list[DdosView]
    fired: list[int]
    pending: list[int]
    missed: bool
    retake_left: int


class WindowView(TypedDict):
    """A reaction or nullify window: `seat` answers an attack from `against`."""

    kind: str
    seat: int
    against: int
    value: int
    reaction: bool


class CpuView(TypedDict):
    """One viewer's view: the public table, plus a seat's `seat` and `hand`, or the
    gamemaster's `gm`, `hands` and `draw_order` ([number, key], top first)."""

    game: str
    players: list[str]
    first: int
    round: int
    round_limit: int
    turn: TurnView
    window: WindowView | None
    machines: list[MachineView]
    draw_pile: int
    trash: list[ItemView]
    supply: int
    out_order: list[int]
    over: bool
    outcome: OutcomeJson | None
    options: dict[str, Any]
    seat: NotRequired[int]
    hand: NotRequired[list[ItemView]]
    gm: NotRequired[bool]
    hands: NotRequired[list[list[ItemView]]]
    draw_order: NotRequired[list[list[int | str]]]


def card_json(state: State, number: int) -> CardView:
    kind = card(state, number)
    return {"id": number, "key": kind.key, "name": kind.name, "kind": kind.kind}


def item_json(state: State, head: int, daemon: bool | None = None) -> ItemView:
    """A card or binary: its parts as [number, key] pairs, and its summed attack, defence
    and reaction."""
    attack, defence, reaction = values(state, head)
    table = deck(state["options"])
    kind = table[head]
    item: ItemView = {"id": head, "key": kind.key, "name": kind.name, "kind": kind.kind,
            "binary": is_binary(state, head),
            "cards": [[n, table[n].key] for n in parts(state, head)],
            "attack": attack, "defence": defence, "reaction": reaction}
    if daemon is not None:
        item["daemon"] = daemon
    return item


def machine_json(state: State, seat: int) -> MachineView:
    m = machine(state, seat)
    daemons = m["daemons"]
    return {
        "seat": seat, "name": state["names"][seat], "status": m["status"],
        "cycles": m["cycles"], "hand": len(m["hand"]),
        "memory": [item_json(state, head, head in daemons) for head in m["memory"]],
        "daemons": list(daemons),
        "roms": [card_json(state, n) for n in m["roms"]],
        "memory_slots": memory_slots(state, seat), "rom_slots": rom_slots(state, seat),
        "skip": m["skip"], "boot_left": m["boot_left"], "idled_last": m["idled_last"],
        "attackers": list(m["attackers"]), "rebooting": m["rk_miss"],
    }


def public_view(state: State) -> CpuView:
    turn = state["turn"]
    result = outcome(state)
    window = state["window"]
    return {
        "game": "cpu",
        "players": list(state["names"]),
        "first": state["first"],
        "round": turn["round"], "round_limit": state["options"]["round_limit"],
        "turn": {
            "number": turn["number"], "seat": turn["seat"], "step": turn["step"],
            "free": free_cycles(state), "spent": turn["spent"], "idled": turn["idled"],
            "cloud": turn["extra"], "doubled": turn["doubled"],
            "ddos": [DdosView(**entry) for entry in turn["ddos"]], "fired": list(turn["fired"]),
            "pending": list(turn["pending"]), "missed": turn["missed"],
            "retake_left": turn["retake_left"],
        },
        "window": None if window is None else WindowView(**window),
        "machines": [machine_json(state, seat) for seat in range(len(state["names"]))],
        "draw_pile": len(state["deck"]),
        "trash": [item_json(state, head) for head in state["trash"]],
        "supply": state["supply"],
        "out_order": list(state["out_order"]),
        "over": state["over"],
        # `Outcome.to_json` writes exactly the keys `OutcomeJson` declares.
        "outcome": cast(OutcomeJson, result.to_json()) if result else None,
        "options": dict(state["options"]),
    }


def view(state: State, viewer: Viewer) -> CpuView:
    result = public_view(state)
    if viewer == SPECTATOR:
        return result
    if viewer == GM:
        result["gm"] = True
        result["hands"] = [[item_json(state, head) for head in m["hand"]]
                           for m in state["machines"]]
        table = deck(state["options"])
        result["draw_order"] = [[n, table[n].key] for n in reversed(state["deck"])]
        return result
    result["seat"] = viewer
    result["hand"] = [item_json(state, head) for head in machine(state, viewer)["hand"]]
    return result
