"""Every move: who may make it when, what it costs, and what it does.

`check` validates a move completely and returns its cost in cycles; it changes nothing.
`perform` then carries it out. `legal` lists every move `check` accepts, for bots and the
fuzzer. A move is made in one of these roles, decided by the state alone:

    down      a shut-down machine's turn: restart or stay down
    daemons   the active machine's daemons are running: choose a daemon's target (`fire`);
              any other first move lets the waiting daemons run their defaults first
    start     the active machine before it has spent a cycle (daemon runs aside): also
              shut down, play RKHunter
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
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.games.cpu import combat, daemons, flow
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
    RKHUNTER,
    ROM,
    SOURCE,
    SPECIAL,
)
from hacktable.games.cpu.state import (
    DOWN,
    OUT,
    RUNNING,
    Events,
    State,
    attackable,
    can_draw,
    card,
    current_window,
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
    reveal,
    rom_keys,
    rom_slots,
    spend,
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
    if seat == turn["seat"] and turn["step"] in flow.WAITING_STEPS:
        return turn["step"]
    return "any_time"


def daemons_first(state: State, seat: int, move: Move) -> bool:
    """Whether this move lets the waiting daemons run their defaults before it is made:
    any move of the active machine at the start of its turn except choosing a daemon's
    target and the cards played at any time."""
    if not isinstance(move, Move) or move.do == "fire" or role(state, seat) != "daemons":
        return False
    if move.do == "play" and move.item in machine(state, seat)["hand"]:
        return card(state, move.item).key not in ANY_TIME
    return True


def after_daemons(state: State) -> State:
    """A copy of the state in which the waiting daemons have run their defaults."""
    trial = tree_copy(state)
    events: Events = []
    daemons.fire_defaults(trial, events)
    flow.settle(trial, events)
    return trial


def may_play_any_time(state: State, seat: int, where: str) -> bool:
    if state["options"]["any_time"] == "always":
        return True
    return where in ("down", "daemons", "start", "main")


# -- checking ---------------------------------------------------------------------------------

def check(state: State, seat: int, move: Move) -> int:
    """The move's cost in cycles, or `Rejected` saying why it cannot be made now."""
    if not isinstance(move, Move):
        raise Rejected("A CPU move is a Move record, e.g. {\"do\": \"download\"}.")
    where = role(state, seat)
    verb = move.do
    if daemons_first(state, seat, move):
        trial = after_daemons(state)
        turn = trial["turn"]
        if (trial["over"] or trial["window"] is not None or turn["seat"] != seat
                or turn["number"] != state["turn"]["number"]):
            raise Rejected("Your daemons run first, and one of them is waiting for an answer: "
                           "choose its target (e.g. fire 1 at 2) before anything else.")
        return check(trial, seat, move)
    if verb == "play":
        return check_play(state, seat, move, where)
    if where == "window":
        kind = current_window(state)["kind"]
        if verb not in (("nullify", "allow") if kind == "nullify" else ("react", "decline")):
            choices = "nullify or allow" if kind == "nullify" else "react or decline"
            raise Rejected(f"You are being attacked: {choices} first.")
        if verb == "nullify":
            need = state["options"]["perl_idled_cycles"]
            m = machine(state, seat)
            if m["idled_last"] < need:
                raise Rejected(f"Nullifying Abysmal Code needs {need} cycles idled in your "
                               "previous turn, and you have not that many left.")
            if state["options"]["idled_cycles"] == "counters" and m["cycles"] <= need:
                raise Rejected(f"Nullifying Abysmal Code costs {need} counters here, and you "
                               "must keep at least one.")
        return 0
    if where == "down":
        if verb not in ("restart", "stay"):
            raise Rejected("Your machine is shut down: restart it or stay down first.")
        return 0
    if verb in ("restart", "stay"):
        raise Rejected("Only a shut-down machine restarts or stays down, at its turn.")
    if verb == "fire":
        if where != "daemons":
            raise Rejected("Daemons run by themselves at the start of your turn; there is "
                           "none waiting now.")
        return check_fire(state, seat, move)
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
    if verb == "shutdown" and where != "start":
        raise Rejected("You can only shut down at the start of your turn, before spending "
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
        if move.needs("n") < 1:
            raise Rejected("Idle at least one cycle.")
        return move.needs("n")
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
    if verb in ("execute", "daemonise"):
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
    if card(state, source).kind == LIBRARY:
        raise Rejected(library_alone(state, seat, source))
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


def library_alone(state: State, seat: int, library: int) -> str:
    """Why a library named first is refused: "Libraries cannot be compiled alone, they must
    be linked into a program when the source is compiled" (CPU, §6); names the loaded
    source code it could go with, so the player knows what to do instead."""
    m = machine(state, seat)
    zone = m["memory"] if state["options"]["compile_in"] == "memory" else m["hand"]
    sources = [card(state, n).name for n in zone if card(state, n).kind == SOURCE
               and not is_binary(state, n) and n not in m["daemons"]]
    head = (f"{card(state, library).name} is a library, and a library is compiled only "
            "together with a source program: choose the program to compile, and tick this "
            "library")
    if sources:
        return f"{head} (loaded now: {', '.join(sources)})."
    return f"{head}; load a source code card first."


def check_fire(state: State, seat: int, move: Move) -> int:
    """A waiting daemon's run: one of the ways `daemons.choices` lists."""
    head = move.item
    in_memory(state, seat, head)
    if head not in state["turn"]["pending"]:
        raise Rejected("That daemon is not waiting to run (it has run, or it is no daemon).")
    options = daemons.choices(state, seat, head)
    if move not in options:
        aims = sorted({o.target for o in options if o.target is not None})
        if move.target is not None and move.target not in aims:
            check_target(state, seat, move.target)
        if move.disassemble is not None:
            reason = (combat.gdb_reason(state, seat, head, move.target, move.disassemble)
                      if card(state, head).key == GDB else "Only gdb can disassemble a binary.")
            raise Rejected(reason or "That disassembly costs more cycles than you have left.")
        raise Rejected("Choose one of the machines it can attack: "
                       + ", ".join(state["names"][t] for t in aims) + "."
                       if aims else "That daemon has nothing to attack.")
    return daemons.cost(state, move)


def runnable(state: State, seat: int, head: int) -> bool:
    """A binary, or with the JIT compiler a single uncompiled source code card."""
    return is_binary(state, head) or (card(state, head).kind == SOURCE
                                      and has_rom(state, seat, JIT))


def check_run(state: State, seat: int, move: Move) -> int:
    """Execute or daemonise: cost and targets."""
    m = machine(state, seat)
    head, verb = move.needs("item"), move.do
    in_memory(state, seat, head)
    options = state["options"]
    if head in m["daemons"]:
        raise Rejected("That binary is already a daemon; it runs by itself at the start "
                       "of your turn.")
    if not runnable(state, seat, head):
        raise Rejected("Source code cannot be executed: compile it into a binary first"
                       " (or install the JIT compiler).")
    cost = len(parts(state, head))
    if verb == "execute" and move.target is None and (
            move.disassemble is None or not options["untargeted_execute"]):
        raise Rejected("Say which machine to attack (without a target, only gdb may be "
                       "executed, to disassemble)." if options["untargeted_execute"]
                       else "Say which machine to attack.")
    if move.target is not None:
        check_target(state, seat, move.target)
        if values(state, head)[0] < 1:
            raise Rejected("That program has no attack value; it can only defend.")
    if move.disassemble is not None:
        if card(state, head).key != GDB:
            raise Rejected("Only gdb can disassemble a binary.")
        reason = combat.gdb_reason(state, seat, head, move.target, move.disassemble)
        if reason is not None:
            raise Rejected(reason)
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
    number = move.needs("item")
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
        if not (key == COMPUTING_TIME and move.target == seat
                and state["options"]["computing_time_self"]):
            check_other(state, seat, move.target)
        elif where not in ("start", "main"):
            raise Rejected("Computing Time goes to your own machine only during your own "
                           "turn, as extra cycles to spend.")
        if key == COMPUTING_TIME and move.target == seat:
            most = m["idled_last"]
            if move.n is None or not 1 <= move.n <= most:
                raise Rejected(f"You can take back from 1 to {most} idled cycles."
                               if most else "You have no idled cycles to take back.")
        elif key == COMPUTING_TIME:
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
        kind = card(state, move.needs("item"))
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
        if (card(state, move.needs("item")).key == JAM_IT_IN
                and len(m["roms"]) - 1 > state["options"]["rom_slots"]):
            raise Rejected("Uninstall a ROM sitting on Jam It In first.")
    elif verb == "retake":
        if turn["retake_left"] <= 0:
            raise Rejected("You have no cycles to retake (only after RKHunter, up to "
                           f"{state['options']['rkhunter_restore']}).")
        target = move.needs("target")
        if target not in m["attackers"] or machine(state, target)["status"] == OUT:
            raise Rejected("You can retake cycles only from a machine that attacked you.")
        most = min(turn["retake_left"], machine(state, target)["cycles"])
        if not 1 <= move.needs("n") <= most:
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
        spend(state, move.needs("n"), events)
        turn["idled"] += move.needs("n")
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
            reveal(state, number)
        events.append(Event("load", {"seat": seat, "cards": list(move.cards)}, EVERYONE))
    elif verb == "free":
        spend(state, 1, events)
        item = move.needs("item")
        m["memory"].remove(item)
        if item in m["daemons"]:
            m["daemons"].remove(item)
        m["hand"].append(item)
        events.append(Event("free", {"seat": seat, "item": move.item}, EVERYONE))
    elif verb == "compile":
        spend(state, 1, events)
        in_memory_ = state["options"]["compile_in"] == "memory"
        zone = m["memory"] if in_memory_ else m["hand"]
        for number in move.cards:
            zone.remove(number)
        state["binaries"][str(move.item)] = list(move.cards)
        if in_memory_:
            events.append(Event("compile", {"seat": seat, "item": move.item,
                                            "cards": list(move.cards)}, EVERYONE))
        else:
            # Backing store is secret: the table learns only that a binary of so many cards
            # was built; the cards are told to their owner alone.
            state["hidden"].append(move.needs("item"))
            events.append(Event("compile", {"seat": seat, "size": len(move.cards) + 1,
                                            "hidden": True}, EVERYONE))
            events.append(Event("compiled", {"seat": seat, "item": move.item,
                                             "cards": list(move.cards)}, (seat,)))
    elif verb in ("execute", "daemonise"):
        combat.run(state, seat, move, cost, events)
    elif verb == "fire":
        daemons.fire(state, seat, move, events)
    elif verb == "restart":
        flow.restart(state, events)
    elif verb == "stay":
        events.append(Event("stay_down", {"seat": seat}, EVERYONE))
        turn["step"] = "close"
    elif verb == "shutdown":
        shut_down(state, seat, events)
    elif verb == "install":
        m["hand"].remove(move.needs("item"))
        m["roms"].append(move.needs("item"))
        turn["installed"] = True
        events.append(Event("install", {"seat": seat, "item": move.item}, EVERYONE))
    elif verb == "uninstall":
        m["roms"].remove(move.needs("item"))
        m["hand"].append(move.needs("item"))
        turn["uninstalled"] = True
        events.append(Event("uninstall", {"seat": seat, "item": move.item}, EVERYONE))
    elif verb == "retake":
        target = move.needs("target")
        taken = lose_cycles(state, target, move.needs("n"))
        m["cycles"] += taken
        turn["retake_left"] -= taken
        events.append(Event("retake", {"seat": seat, "from": move.target, "n": taken},
                            EVERYONE))
        if machine(state, target)["cycles"] == 0:
            eliminate(state, target, events)
    elif verb == "done":
        turn["step"] = "close"
    elif verb == "discard":
        m["hand"].remove(move.needs("item"))
        reveal(state, move.needs("item"))
        trash(state, move.needs("item"))
        events.append(Event("discard", {"seat": seat, "item": move.item}, EVERYONE))
    return events


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
    number = move.needs("item")
    key = card(state, number).key
    m["hand"].remove(number)
    trash(state, number)
    events.append(Event("play", {"seat": seat, "item": number, "card": key,
                                 "target": move.target, "n": move.n}, EVERYONE))
    if key == COMPUTING_TIME and move.target == seat:
        borrowed = min(move.needs("n"), state["supply"])
        state["supply"] -= borrowed
        turn["extra"] += borrowed
        m["idled_last"] -= borrowed
    elif key == COMPUTING_TIME:
        given = lose_cycles(state, seat, move.needs("n"))
        m["idled_last"] -= given
        gain_cycles(state, move.needs("target"), given)
    elif key == DEA:
        machine(state, move.needs("target"))["skip"] += 1
    elif key == MEGANET:
        if turn["step"] == "start":
            turn["step"] = "main"
        spend(state, state["options"]["meganet_cycles"], events)
        turn["doubled"] = True
    elif key == DDOS:
        if turn["step"] == "start":
            turn["step"] = "main"
        spend(state, state["options"]["ddos_cycles"], events)
        victim = move.needs("target")
        target = machine(state, victim)
        if seat not in target["attackers"]:
            target["attackers"].append(seat)
            target["attackers"].sort()
        if target["status"] != OUT:
            target["skip"] += 1
            turn["ddos"].append({"target": victim, "shield": len(target["daemons"])})
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
    own_turn = where in ("start", "main")
    found: list[Move] = []
    for number in m["hand"]:
        key = card(state, number).key
        if key == COMPUTING_TIME:
            most = min(m["idled_last"], m["cycles"] - 1)
            found += [Move("play", number, target=t, n=n) for t in others
                      for n in range(1, most + 1)]
            if own_turn and state["options"]["computing_time_self"]:
                found += [Move("play", number, target=seat, n=n)
                          for n in range(1, m["idled_last"] + 1)]
        elif key == DEA or (key == DDOS and own_turn):
            found += [Move("play", number, target=t) for t in others]
        elif key in (MEGANET, RKHUNTER) and own_turn:
            found.append(Move("play", number))
    if where == "window":
        found += [Move(verb) for verb in ("nullify", "allow", "react", "decline")]
    elif where == "down":
        found += [Move("restart"), Move("stay")]
    elif where == "daemons":
        for head in state["turn"]["pending"]:
            found += daemons.choices(state, seat, head)
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
    elif own_turn:
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
        if head in m["daemons"]:
            continue
        for target in [*targets, None]:
            victims: list[int | None] = [None]
            if card(state, head).key == GDB:
                victims += combat.gdb_victims(state, seat, head, target)
            for victim in victims:
                found.append(Move("daemonise", head, target=target, disassemble=victim))
                found.append(Move("execute", head, target=target, disassemble=victim))
    if where == "start" and m["status"] == RUNNING:
        found.append(Move("shutdown"))
    return found


def legal(state: State, seat: int) -> list[Move]:
    """Every move `check` accepts. At the start of a turn whose daemons wait for a target,
    the other moves are those legal once the daemons have run their defaults."""
    moves = candidates(state, seat)
    trial = None
    try:
        if role(state, seat) == "daemons":
            trial = after_daemons(state)
    except Rejected:
        return []
    result = []
    for move in moves:
        try:
            check(state, seat, move)
        except Rejected:
            continue
        result.append(move)
    if trial is not None and not trial["over"] and trial["window"] is None and (
            trial["turn"]["seat"] == seat
            and trial["turn"]["number"] == state["turn"]["number"]):
        for move in legal(trial, seat):
            if daemons_first(state, seat, move):
                result.append(move)
    return result
