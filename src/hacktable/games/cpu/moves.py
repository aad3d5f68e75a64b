"""Every move: who may make it when, what it costs, and what it does.

`check` validates a move completely and returns its cost in cycles; it changes nothing.
`perform` then carries it out. `legal` lists every move `check` accepts, for bots and the
fuzzer. A move is made in one of these roles, decided by the state alone:

    start     the active machine before it has spent a cycle: also fire daemons, shut
              down, play RKHunter
    main      the rest of the active machine's turn
    shutdown  after shutting down: install/uninstall an Option ROM, RKHunter's retake
    discard   over the hand limit at the end of the turn
    window    a defender asked to nullify (perl) or react
    any_time  everyone else: Computing Time and Digital Economy Act only
"""

from __future__ import annotations

import random
from itertools import combinations

from hacktable.engine.contract import EVERYONE, Event
from hacktable.engine.errors import Rejected
from hacktable.games.cpu import combat
from hacktable.games.cpu.actions import Move
from hacktable.games.cpu.cards import (
    ANY_TIME,
    COMPUTING_TIME,
    DDOS,
    DEA,
    DUAL_CHANNEL,
    GDB,
    JAM_IT_IN,
    JIT,
    LIBRARY,
    MEGANET,
    PERL,
    RKHUNTER,
    ROM,
    SOURCE,
    SPECIAL,
)
from hacktable.games.cpu.flow import WAITING_STEPS
from hacktable.games.cpu.state import (
    DOWN,
    OUT,
    RUNNING,
    Events,
    State,
    attackable,
    can_draw,
    card,
    draw,
    eliminate,
    free_cycles,
    gain_cycles,
    has_rom,
    in_game,
    is_binary,
    loadable,
    lose_cycles,
    machine,
    memory_slots,
    parts,
    rom_keys,
    rom_slots,
    trash,
    values,
)

MAIN_VERBS = ("idle", "download", "load", "free", "compile", "execute", "daemonise")
SHUTDOWN_VERBS = ("install", "uninstall", "retake", "done")


def role(state: State, seat: int) -> str:
    if state["over"]:
        raise Rejected("The game is over; no more moves can be made.")
    if machine(state, seat)["status"] == OUT:
        raise Rejected("Your machine is out of the game; you can only watch.")
    window = state["window"]
    turn = state["turn"]
    if window is not None:
        return "window" if window["seat"] == seat else "any_time"
    if seat == turn["seat"] and turn["step"] in WAITING_STEPS:
        return turn["step"]
    return "any_time"


def may_play_any_time(state: State, seat: int, where: str) -> bool:
    if state["options"]["any_time"] == "always":
        return True
    return where in ("start", "main")


# -- checking ---------------------------------------------------------------------------------

def check(state: State, seat: int, move: Move) -> int:
    """The move's cost in cycles, or `Rejected` saying why it cannot be made now."""
    if not isinstance(move, Move):
        raise Rejected("A CPU move is a Move record, e.g. {\"do\": \"download\"}.")
    where = role(state, seat)
    verb = move.do
    if verb == "play":
        return check_play(state, seat, move, where)
    if where == "window":
        kind = state["window"]["kind"]
        if verb not in (("nullify", "allow") if kind == "nullify" else ("react", "decline")):
            choices = "nullify or allow" if kind == "nullify" else "react or decline"
            raise Rejected(f"You are being attacked: {choices} first.")
        if verb == "nullify":
            need = state["options"]["perl_idled_cycles"]
            if machine(state, seat)["idled_last"] < need:
                raise Rejected(f"Nullifying Abysmal Code needs {need} cycles idled in your "
                               "previous turn, and you have not that many left.")
        return 0
    if where == "any_time":
        if seat == state["turn"]["seat"] and state["window"] is not None:
            raise Rejected("Wait: the defender is deciding how to answer your attack.")
        raise Rejected("It is not your turn; out of turn you can only play Computing Time "
                       "or Digital Economy Act.")
    if where == "discard":
        if verb != "discard":
            raise Rejected("Your turn is over: discard down to your cycles first.")
        in_hand(state, seat, move.item)
        return 0
    if where == "shutdown":
        return check_shutdown(state, seat, move)
    if verb in ("fire", "shutdown") and where != "start":
        raise Rejected(f"You can only {verb} at the start of your turn, before spending "
                       "cycles.")
    if verb in ("nullify", "allow", "react", "decline"):
        raise Rejected("Nobody is attacking you; there is nothing to answer.")
    if verb in SHUTDOWN_VERBS:
        raise Rejected("Option ROMs are changed only after shutting down your machine.")
    if verb == "discard":
        raise Rejected("You discard only at the end of your turn, down to your cycles.")
    free = free_cycles(state)
    cost = check_main(state, seat, move)
    if cost > free:
        raise Rejected(f"That costs {cost} cycle{'s' * (cost != 1)} and you have {free} "
                       "left this turn.")
    return cost


def check_main(state: State, seat: int, move: Move) -> int:
    m = machine(state, seat)
    verb = move.do
    if verb == "shutdown":
        return 0
    if verb == "idle":
        if move.n < 1:
            raise Rejected("Idle at least one cycle.")
        return move.n
    if verb == "download":
        if not can_draw(state):
            raise Rejected("There is nothing to download: the draw pile and trash are empty.")
        return 1
    if verb == "load":
        cards = move.cards
        if len(set(cards)) != len(cards):
            raise Rejected("Name each card to load once.")
        most = state["options"]["dual_channel_loads"] if has_rom(state, seat, DUAL_CHANNEL) else 1
        if len(cards) > most:
            raise Rejected("You can load one card per cycle (Dual Channel loads more)."
                           if most == 1 else f"Dual Channel loads at most {most} cards at once.")
        for number in cards:
            in_hand(state, seat, number)
            if not loadable(state, number):
                raise Rejected(f"{card(state, number).name} cannot be loaded into memory: "
                               "only source code, libraries and binaries can.")
        room = memory_slots(state, seat) - len(m["memory"])
        if len(cards) > room:
            raise Rejected(f"Your memory has {room} free slot{'s' * (room != 1)}; free a "
                           "slot first.")
        return 1
    if verb == "free":
        in_memory(state, seat, move.item)
        return 1
    if verb == "compile":
        return check_compile(state, seat, move)
    if verb in ("execute", "daemonise", "fire"):
        return check_run(state, seat, move)
    raise Rejected(f"You cannot {verb} now.")


def check_compile(state: State, seat: int, move: Move) -> int:
    m = machine(state, seat)
    zone, where = ((m["memory"], "loaded in memory")
                   if state["options"]["compile_in"] == "memory"
                   else (m["hand"], "in your backing store"))
    source = move.item
    if source not in zone:
        raise Rejected(f"The source code to compile must be {where}.")
    if card(state, source).kind != SOURCE or is_binary(state, source):
        raise Rejected("Compile a single uncompiled source code card (with any libraries).")
    if source in m["daemons"]:
        raise Rejected("A running daemon cannot be compiled; free it first.")
    if len(set(move.cards)) != len(move.cards):
        raise Rejected("Name each library once.")
    for number in move.cards:
        if number not in zone:
            raise Rejected(f"Every library to link must be {where}.")
        if card(state, number).kind != LIBRARY:
            raise Rejected(f"{card(state, number).name} is not a library; a binary has one "
                           "source code card and any number of libraries.")
    return 1


def runnable(state: State, seat: int, head: int) -> bool:
    """A binary, or with the JIT compiler a single uncompiled source code card."""
    return is_binary(state, head) or (card(state, head).kind == SOURCE
                                      and has_rom(state, seat, JIT))


def check_run(state: State, seat: int, move: Move) -> int:
    """Execute, daemonise or (a daemon, at turn start) fire: cost and targets."""
    m = machine(state, seat)
    head, verb = move.item, move.do
    in_memory(state, seat, head)
    options = state["options"]
    if verb == "fire":
        if head not in m["daemons"]:
            raise Rejected("Only daemons run at the start of your turn.")
        if head in state["turn"]["fired"]:
            raise Rejected("That daemon has already run this turn.")
        if move.target is None and move.disassemble is None:
            raise Rejected("Say which machine the daemon attacks.")
        cost = options["daemon_cycles"]
    else:
        if head in m["daemons"]:
            raise Rejected("That binary is already a daemon; it runs by itself at the start "
                           "of your turn.")
        if not runnable(state, seat, head):
            raise Rejected("Source code cannot be executed: compile it into a binary first"
                           " (or install the JIT compiler).")
        cost = len(parts(state, head))
        if verb == "execute" and move.target is None:
            raise Rejected("Say which machine to attack.")
    if move.target is not None:
        check_target(state, seat, move.target)
        if values(state, head)[0] < 1:
            raise Rejected("That program has no attack value; it can only defend.")
    if move.disassemble is not None:
        if card(state, head).key != GDB:
            raise Rejected("Only gdb can disassemble a binary.")
        victim = move.disassemble
        if victim == head or victim not in m["memory"] or not is_binary(state, victim):
            raise Rejected("gdb disassembles another binary in your own memory.")
        room = memory_slots(state, seat) - len(m["memory"])
        need = len(parts(state, victim)) - 1
        if need > room:
            raise Rejected(f"Disassembling that binary needs {need} free memory slots; you "
                           f"have {room}.")
        cost += options["gdb_cycles"]
    return cost


def check_target(state: State, seat: int, target: int) -> None:
    if not 0 <= target < len(state["machines"]) or target == seat:
        raise Rejected("Choose another machine at this table as the target.")
    status = machine(state, target)["status"]
    if status == OUT:
        raise Rejected(f"{state['names'][target]}'s machine is already out.")
    if status == DOWN:
        raise Rejected(f"{state['names'][target]}'s machine is shut down and cannot be "
                       "attacked.")


def check_other(state: State, seat: int, target: int | None) -> int:
    if target is None:
        raise Rejected("Choose the machine this card is played on.")
    if not 0 <= target < len(state["machines"]) or target == seat:
        raise Rejected("Choose another machine at this table.")
    if machine(state, target)["status"] == OUT:
        raise Rejected(f"{state['names'][target]}'s machine is already out.")
    return target


def check_play(state: State, seat: int, move: Move, where: str) -> int:
    number = move.item
    in_hand(state, seat, number)
    kind = card(state, number)
    if kind.kind != SPECIAL:
        raise Rejected(f"{kind.name} is not a special action; load it into memory instead."
                       if kind.kind in (SOURCE, LIBRARY)
                       else f"{kind.name} is installed at shutdown, not played.")
    m = machine(state, seat)
    key = kind.key
    if key in ANY_TIME:
        if not may_play_any_time(state, seat, where):
            raise Rejected(f"{kind.name} may be played only during your own turn at this "
                           "table.")
        check_other(state, seat, move.target)
        if key == COMPUTING_TIME:
            most = min(m["idled_last"], m["cycles"] - 1)
            if move.n is None or not 1 <= move.n <= most:
                raise Rejected("Computing Time donates from 1 to the cycles you idled in "
                               f"your previous turn, keeping one for yourself: {most} now."
                               if most > 0 else "You have no idled cycles to donate.")
        elif move.n is not None:
            raise Rejected("Digital Economy Act takes no count.")
        return 0
    if move.n is not None:
        raise Rejected(f"{kind.name} takes no count.")
    if where not in ("start", "main"):
        raise Rejected(f"{kind.name} is played during your own turn.")
    if key == RKHUNTER:
        if where != "start":
            raise Rejected("RKHunter is played at the start of your turn.")
        if move.target is not None:
            raise Rejected("RKHunter reboots your own machine; it takes no target.")
        return 0
    if key == MEGANET:
        if move.target is not None:
            raise Rejected(f"{kind.name} takes no target.")
        if state["turn"]["doubled"]:
            raise Rejected("Attacks are already doubled this turn.")
        cost = state["options"]["meganet_cycles"]
    else:  # DDoS
        if move.target is None:
            raise Rejected("Choose the machine to DDoS.")
        check_target(state, seat, move.target)
        cost = state["options"]["ddos_cycles"]
    free = free_cycles(state)
    if cost > free:
        raise Rejected(f"{kind.name} costs {cost} cycles and you have {free} left.")
    return cost


def check_shutdown(state: State, seat: int, move: Move) -> int:
    m = machine(state, seat)
    turn = state["turn"]
    verb = move.do
    if verb not in SHUTDOWN_VERBS:
        raise Rejected("Your machine is shut down: install or uninstall an Option ROM, "
                       "or say done.")
    if verb == "install":
        if turn["installed"]:
            raise Rejected("You can install only one Option ROM per shutdown.")
        in_hand(state, seat, move.item)
        kind = card(state, move.item)
        if kind.kind != ROM:
            raise Rejected(f"{kind.name} is not an Option ROM.")
        if kind.key in rom_keys(state, seat):
            raise Rejected(f"{kind.name} is already installed; only one of each.")
        if len(m["roms"]) >= rom_slots(state, seat):
            raise Rejected("Every Option ROM slot is full; uninstall one first.")
    elif verb == "uninstall":
        if turn["uninstalled"]:
            raise Rejected("You can uninstall only one Option ROM per shutdown.")
        if move.item not in m["roms"]:
            raise Rejected("That card is not one of your installed Option ROMs.")
        if (card(state, move.item).key == JAM_IT_IN
                and len(m["roms"]) - 1 > state["options"]["rom_slots"]):
            raise Rejected("Uninstall a ROM sitting on Jam It In first.")
    elif verb == "retake":
        if turn["retake_left"] <= 0:
            raise Rejected("You have no cycles to retake (only after RKHunter, up to "
                           f"{state['options']['rkhunter_restore']}).")
        target = move.target
        if target not in m["attackers"] or machine(state, target)["status"] == OUT:
            raise Rejected("You can retake cycles only from a machine that attacked you.")
        most = min(turn["retake_left"], machine(state, target)["cycles"])
        if not 1 <= move.n <= most:
            raise Rejected(f"Retake between 1 and {most} cycles from "
                           f"{state['names'][target]}.")
    return 0


def in_hand(state: State, seat: int, number: int | None) -> None:
    if number not in machine(state, seat)["hand"]:
        raise Rejected("That card is not in your backing store.")


def in_memory(state: State, seat: int, number: int | None) -> None:
    if number not in machine(state, seat)["memory"]:
        raise Rejected("That is not in your memory.")


# -- doing ------------------------------------------------------------------------------------

def spend(state: State, count: int, events: Events) -> None:
    """Spend cycles; a DDoS victim matches every cycle (less one per daemon it had)."""
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


def perform(state: State, seat: int, move: Move, cost: int, rng: random.Random) -> Events:
    events: Events = []
    turn = state["turn"]
    m = machine(state, seat)
    verb = move.do
    if verb in MAIN_VERBS and turn["step"] == "start":
        turn["step"] = "main"
    if verb == "play":
        play(state, seat, move, events)
    elif verb in ("nullify", "allow", "react", "decline"):
        combat.close_window(state, verb, events)
    elif verb == "idle":
        spend(state, move.n, events)
        turn["idled"] += move.n
        events.append(Event("idle", {"seat": seat, "n": move.n}, EVERYONE))
    elif verb == "download":
        spend(state, 1, events)
        if state["over"]:
            return events
        number = draw(state, rng, events)
        m["hand"].append(number)
        events.append(Event("downloaded", {"seat": seat}, EVERYONE))
        events.append(Event("drew", {"seat": seat, "card": number}, (seat,)))
    elif verb == "load":
        spend(state, 1, events)
        for number in move.cards:
            m["hand"].remove(number)
            m["memory"].append(number)
        events.append(Event("load", {"seat": seat, "cards": list(move.cards)}, EVERYONE))
    elif verb == "free":
        spend(state, 1, events)
        m["memory"].remove(move.item)
        if move.item in m["daemons"]:
            m["daemons"].remove(move.item)
        m["hand"].append(move.item)
        events.append(Event("free", {"seat": seat, "item": move.item}, EVERYONE))
    elif verb == "compile":
        spend(state, 1, events)
        zone = m["memory"] if state["options"]["compile_in"] == "memory" else m["hand"]
        for number in move.cards:
            zone.remove(number)
        state["binaries"][str(move.item)] = list(move.cards)
        events.append(Event("compile", {"seat": seat, "item": move.item,
                                        "cards": list(move.cards)}, EVERYONE))
    elif verb in ("execute", "daemonise", "fire"):
        run(state, seat, move, cost, events)
    elif verb == "shutdown":
        shut_down(state, seat, events)
    elif verb == "install":
        m["hand"].remove(move.item)
        m["roms"].append(move.item)
        turn["installed"] = True
        events.append(Event("install", {"seat": seat, "item": move.item}, EVERYONE))
    elif verb == "uninstall":
        m["roms"].remove(move.item)
        m["hand"].append(move.item)
        turn["uninstalled"] = True
        events.append(Event("uninstall", {"seat": seat, "item": move.item}, EVERYONE))
    elif verb == "retake":
        taken = lose_cycles(state, move.target, move.n)
        m["cycles"] += taken
        turn["retake_left"] -= taken
        events.append(Event("retake", {"seat": seat, "from": move.target, "n": taken},
                            EVERYONE))
        if machine(state, move.target)["cycles"] == 0:
            eliminate(state, move.target, events)
    elif verb == "done":
        turn["step"] = "close"
    elif verb == "discard":
        m["hand"].remove(move.item)
        trash(state, move.item)
        events.append(Event("discard", {"seat": seat, "item": move.item}, EVERYONE))
    return events


def run(state: State, seat: int, move: Move, cost: int, events: Events) -> None:
    """Execute, daemonise or fire: pay, let gdb disassemble, then attack."""
    m = machine(state, seat)
    turn = state["turn"]
    head = move.item
    spend(state, cost, events)
    if state["over"]:
        return
    if move.disassemble is not None:
        victim = move.disassemble
        libraries = state["binaries"].pop(str(victim))
        at = m["memory"].index(victim)
        m["memory"][at + 1:at + 1] = libraries
        if victim in m["daemons"]:
            m["daemons"].remove(victim)
        events.append(Event("disassemble", {"seat": seat, "item": victim,
                                            "cards": [victim, *libraries]}, EVERYONE))
    if move.do == "execute":
        m["memory"].remove(head)
        m["hand"].append(head)
    elif move.do == "daemonise":
        m["daemons"].append(head)
    else:
        turn["fired"].append(head)
    events.append(Event(move.do, {"seat": seat, "item": head, "target": move.target,
                                  "cost": cost}, EVERYONE))
    if move.target is not None and machine(state, move.target)["status"] != OUT:
        value = values(state, head)[0]
        if turn["doubled"]:
            value *= state["options"]["meganet_factor"]
        combat.attack(state, seat, move.target, value, events,
                      perl=card(state, head).key == PERL)


def shut_down(state: State, seat: int, events: Events) -> None:
    """Memory is freed into backing store; the machine is down until its next turn."""
    m = machine(state, seat)
    freed = list(m["memory"])
    m["hand"] += freed
    m["memory"] = []
    m["daemons"] = []
    m["status"] = DOWN
    state["turn"]["step"] = "shutdown"
    events.append(Event("shutdown", {"seat": seat, "freed": freed}, EVERYONE))


def play(state: State, seat: int, move: Move, events: Events) -> None:
    m = machine(state, seat)
    turn = state["turn"]
    number = move.item
    key = card(state, number).key
    m["hand"].remove(number)
    trash(state, number)
    events.append(Event("play", {"seat": seat, "item": number, "card": key,
                                 "target": move.target, "n": move.n}, EVERYONE))
    if key == COMPUTING_TIME:
        given = lose_cycles(state, seat, move.n)
        m["idled_last"] -= given
        gain_cycles(state, move.target, given)
    elif key == DEA:
        machine(state, move.target)["skip"] += 1
    elif key == MEGANET:
        if turn["step"] == "start":
            turn["step"] = "main"
        spend(state, state["options"]["meganet_cycles"], events)
        turn["doubled"] = True
    elif key == DDOS:
        if turn["step"] == "start":
            turn["step"] = "main"
        spend(state, state["options"]["ddos_cycles"], events)
        target = machine(state, move.target)
        if seat not in target["attackers"]:
            target["attackers"].append(seat)
            target["attackers"].sort()
        if target["status"] != OUT:
            target["skip"] += 1
            turn["ddos"].append({"target": move.target, "shield": len(target["daemons"])})
    elif key == RKHUNTER:
        shut_down(state, seat, events)
        m["rk_miss"] = True
        turn["retake_left"] = max(0, state["options"]["rkhunter_restore"] - m["cycles"])


# -- listing ----------------------------------------------------------------------------------

def candidates(state: State, seat: int) -> list[Move]:
    """Moves worth checking for this seat now (a superset of the legal ones)."""
    try:
        where = role(state, seat)
    except Rejected:
        return []
    m = machine(state, seat)
    others = [s for s in in_game(state) if s != seat]
    found: list[Move] = []
    for number in m["hand"]:
        key = card(state, number).key
        if key == COMPUTING_TIME:
            most = min(m["idled_last"], m["cycles"] - 1)
            found += [Move("play", number, target=t, n=n) for t in others
                      for n in range(1, most + 1)]
        elif key == DEA or (key == DDOS and where in ("start", "main")):
            found += [Move("play", number, target=t) for t in others]
        elif key in (MEGANET, RKHUNTER) and where in ("start", "main"):
            found.append(Move("play", number))
    if where == "window":
        found += [Move(verb) for verb in ("nullify", "allow", "react", "decline")]
    elif where == "discard":
        found += [Move("discard", number) for number in m["hand"]]
    elif where == "shutdown":
        found += [Move("install", number) for number in m["hand"]
                  if card(state, number).kind == ROM]
        found += [Move("uninstall", number) for number in m["roms"]]
        left = state["turn"]["retake_left"]
        for target in m["attackers"]:
            if left and machine(state, target)["status"] != OUT:
                most = min(left, machine(state, target)["cycles"])
                found += [Move("retake", target=target, n=n) for n in range(1, most + 1)]
        found.append(Move("done"))
    elif where in ("start", "main"):
        found += main_candidates(state, seat, where, others)
    return found


def main_candidates(state: State, seat: int, where: str, others: list[int]) -> list[Move]:
    m = machine(state, seat)
    found = [Move("idle", n=n) for n in range(1, free_cycles(state) + 1)]
    found.append(Move("download"))
    loads = [number for number in m["hand"] if loadable(state, number)]
    found += [Move("load", cards=(number,)) for number in loads]
    if has_rom(state, seat, DUAL_CHANNEL):
        for size in range(2, state["options"]["dual_channel_loads"] + 1):
            found += [Move("load", cards=group) for group in combinations(loads, size)]
    found += [Move("free", number) for number in m["memory"]]
    zone = m["memory"] if state["options"]["compile_in"] == "memory" else m["hand"]
    sources = [n for n in zone if card(state, n).kind == SOURCE and not is_binary(state, n)]
    libraries = [n for n in zone if card(state, n).kind == LIBRARY]
    for source in sources:
        for size in range(len(libraries) + 1):
            found += [Move("compile", source, cards=group)
                      for group in combinations(libraries, size)]
    targets: list[int | None] = [t for t in others if attackable(state, t)]
    for head in m["memory"]:
        victims: list[int | None] = [None]
        if card(state, head).key == GDB:
            victims += [v for v in m["memory"] if v != head and is_binary(state, v)]
        for victim in victims:
            if head in m["daemons"]:
                if where == "start":
                    found += [Move("fire", head, target=t, disassemble=victim)
                              for t in [*targets, None]]
                continue
            found += [Move("execute", head, target=t, disassemble=victim) for t in targets]
            found += [Move("daemonise", head, target=t, disassemble=victim)
                      for t in [*targets, None]]
    if where == "start" and m["status"] == RUNNING:
        found.append(Move("shutdown"))
    return found


def legal(state: State, seat: int) -> list[Move]:
    result = []
    for move in candidates(state, seat):
        try:
            check(state, seat, move)
        except Rejected:
            continue
        result.append(move)
    return result
