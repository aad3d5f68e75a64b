"""CPU in words: event sentences, a text board, and a short written notation.

Notation (numbers are positions as the board shows them, from 1; a machine is a player's
name or seat number):

    idle [n|all]        download            load 2 [5]          free 3
    compile 2 5 6       execute 1 [at bruno] [disassemble 3]     daemonise 1 [at 2]
    fire 1 [at 2]       play 4 [at bruno] [n]                    shutdown
    restart | stay
    install 2           uninstall 1         retake bruno 3      done
    discard 5           nullify | allow     react | decline

Hand positions for load, play, install, discard (and compile when compiling in backing
store); memory positions for free, compile, execute, daemonise, fire, disassemble; ROM
positions for uninstall.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from hacktable.engine.contract import Event
from hacktable.engine.errors import Rejected
from hacktable.games.cpu.actions import VERBS, Move
from hacktable.games.cpu.cards import BY_KEY
from hacktable.games.cpu.state import State, card, free_cycles, machine
from hacktable.games.cpu.views import CpuView, ItemView

FUZZ_WORDS = (*VERBS, "at", "all", "disassemble", "1", "2", "3", "4", "7")


def _n(count: int, word: str) -> str:
    """"1 cycle", "3 cycles": never "cycle(s)"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# -- events -------------------------------------------------------------------------------------

def describe(event: Event, state: State) -> str:
    names = state["names"]
    data = event.data

    def who(key: str = "seat") -> str:
        seat = data.get(key)
        return names[seat] if isinstance(seat, int) else "nobody"

    def name(number: int) -> str:
        return card(state, number).name

    kind = event.kind
    sentences = {
        "turn": lambda: f"Round {data['round']}, turn {data['number']}: {who()}'s turn.",
        "missed_turn": lambda: f"{who()} misses a turn" + (
            " (RKHunter: the machine has just restarted)." if data.get("rkhunter") else "."),
        "boot": lambda: f"{who()} spends {_n(data['paid'], 'cycle')} booting"
                        + (f"; {data['left']} still to load." if data["left"] else
                           "; the machine is running."),
        "cloud": lambda: f"{who()} borrows {_n(data['cycles'], 'cycle')} from the cloud.",
        "turn_end": lambda: f"{who()}'s turn ends ({_n(data['idled'], 'cycle')} idled).",
        "idle": lambda: f"{who()} idles {_n(data['n'], 'cycle')}.",
        "downloaded": lambda: f"{who()} downloads a card.",
        "drew": lambda: f"You downloaded {name(data['card'])}.",
        "load": lambda: f"{who()} loads {', '.join(name(n) for n in data['cards'])}.",
        "free": lambda: f"{who()} frees {name(data['item'])} into backing store.",
        "compile": lambda: (f"{who()} compiles a binary of {_n(data['size'], 'card')} in "
                            "backing store." if data.get("hidden") else
                            f"{who()} compiles {name(data['item'])}"
                            + (f" with {', '.join(name(n) for n in data['cards'])}."
                               if data["cards"] else ".")),
        "compiled": lambda: f"You compiled {name(data['item'])}"
                            + (f" with {', '.join(name(n) for n in data['cards'])}."
                               if data["cards"] else "."),
        "stay_down": lambda: f"{who()}'s machine stays shut down this turn.",
        "timeout": lambda: "Time ran out: what was waiting takes its default.",
        "execute": lambda: f"{who()} executes {name(data['item'])} ({_n(data['cost'], 'cycle')})"
                           + (f" against {who('target')}." if data["target"] is not None
                              else "."),
        "daemonise": lambda: (f"{who()} daemonises {name(data['item'])} "
                              f"({_n(data['cost'], 'cycle')})")
                             + (f" against {who('target')}." if data["target"] is not None
                                else "."),
        "fire": lambda: f"{who()}'s daemon {name(data['item'])} runs"
                        + (f" against {who('target')}." if data["target"] is not None
                           else "."),
        "disassemble": lambda: (f"gdb disassembles {who()}'s {name(data['item'])}."
                                if data.get("by") is not None else
                                f"{who()}'s {name(data['item'])} comes apart."),
        "attack": lambda: f"{who('by')} attacks {who('target')} with {data['value']}"
                          + (" (reaction)." if data["reaction"] else "."),
        "hit": lambda: f"{who('target')} loses {_n(data['taken'], 'cycle')} to {who('by')}"
                       + (f"; {_n(len(data['defeated']), 'daemon')} trashed." if data["defeated"]
                          else "."),
        "nullified": lambda: f"{who()} nullifies the Abysmal Code with idled cycles.",
        "reacted": lambda: f"{who()}'s daemons return fire at {who('target')} with "
                           f"{data['value']}.",
        "declined": lambda: f"{who()} does not react.",
        "ddos_match": lambda: f"{who('target')} matches {who('by')}'s move and loses "
                              f"{_n(data['cycles'], 'cycle')}.",
        "play": lambda: f"{who()} plays {name(data['item'])}"
                        + (f" on {who('target')}" if data.get("target") is not None else "")
                        + (f" ({data['n']})." if data.get("n") is not None else "."),
        "shutdown": lambda: f"{who()} shuts down; memory is freed into backing store.",
        "install": lambda: f"{who()} installs {name(data['item'])}.",
        "uninstall": lambda: f"{who()} uninstalls {name(data['item'])}.",
        "retake": lambda: f"{who()} retakes {_n(data['n'], 'cycle')} from {who('from')}.",
        "discard": lambda: f"{who()} discards {name(data['item'])}.",
        "reshuffled": lambda: f"The trash is shuffled into a new draw pile ({data['cards']} "
                              "cards).",
        "out": lambda: f"{who()}'s machine is out of cycles and out of the game.",
        "game_over": lambda: ("Game over: " + (f"{who('winner')}'s machine is the last one "
                                               "running." if data["winner"] is not None
                                               else "the round limit is reached.")),
    }
    sentence = sentences.get(kind)
    return sentence() if sentence else f"{kind}: {dict(data)}"


# -- the board ----------------------------------------------------------------------------------

def item_text(item: ItemView) -> str:
    label = "+".join(BY_KEY[str(key)].name for _, key in item["cards"])
    if item["kind"] in ("source", "library") or item["binary"]:
        label += f" ({item['attack']}/{item['defence']}/{item['reaction']})"
    if item["binary"]:
        label = "[bin] " + label
    if item.get("daemon"):
        label += " daemon"
    return label


def render(view: CpuView, ends_at: str | None = None) -> str:
    names = view["players"]
    turn = view["turn"]
    lines = [f"CPU: round {view['round']}/{view['round_limit']}, turn {turn['number']}"]
    if view["over"]:
        lines.append(view["outcome"]["summary"] if view["outcome"] else "Game over.")
    else:
        doubled = ", attacks doubled" if turn["doubled"] else ""
        lines.append(f"{names[turn['seat']]} to play ({turn['step']}), {_n(turn['free'], 'cycle')} "
                     f"free{doubled}" + (f"; time runs out at {ends_at}" if ends_at else ""))
    window = view["window"]
    if window:
        verb = "nullify the Abysmal Code" if window["kind"] == "nullify" else "react"
        lines.append(f"{names[window['seat']]} may {verb} ({window['value']} against "
                     f"{names[window['against']]}).")
    top = view["trash"][-1]["name"] if view["trash"] else "empty"
    lines.append(f"Draw pile {view['draw_pile']} · trash {len(view['trash'])} (top: {top}) · "
                 f"supply {view['supply']}")
    for m in view["machines"]:
        roms = ", ".join(rom["name"] for rom in m["roms"]) or "no ROMs"
        extra = f", misses {_n(m['skip'], 'turn')}" if m["skip"] else ""
        lines.append(f"#{m['seat'] + 1} {m['name']}: {m['status']}, {_n(m['cycles'], 'cycle')}, "
                     f"{m['hand']} in backing store, {roms}{extra}")
        for position, item in enumerate(m["memory"], start=1):
            lines.append(f"    m{position} {item_text(item)}")
    if "hand" in view:
        lines.append("Your backing store:")
        lines += [f"    h{position} {item_text(item)}"
                  for position, item in enumerate(view["hand"], start=1)]
    return "\n".join(lines) + "\n"


# -- notation -----------------------------------------------------------------------------------

class _Reader:
    def __init__(self, state: State, seat: int, text: str) -> None:
        self.state = state
        self.seat = seat
        self.words = text.lower().replace(",", " ").split()
        self.pos = 0

    def fail(self, wanted: str, options: Sequence[str] = ()) -> Rejected:
        if self.pos >= len(self.words):
            return Rejected(f"The move ends too early: expected {wanted}.")
        word = self.words[self.pos]
        close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        return Rejected(f"Could not read {word!r}: expected {wanted}.{hint}")

    def peek(self) -> str | None:
        return self.words[self.pos] if self.pos < len(self.words) else None

    def take(self, word: str) -> bool:
        if self.peek() == word:
            self.pos += 1
            return True
        return False

    def number(self, wanted: str) -> int:
        word = self.peek()
        if word is None or not word.isdigit() or len(word) > 6:
            raise self.fail(wanted)
        self.pos += 1
        return int(word)

    def position(self, zone: list[int], wanted: str, letter: str = "") -> int:
        """A position in a zone, written as its number or as the screen shows it: h2 for
        the second card in backing store, m1 for memory slot 1, r1 for an Option ROM."""
        word = self.peek()
        if (letter and word is not None and word[:1] == letter and word[1:].isdigit()):
            self.words[self.pos] = word[1:]
        elif word is not None and word[:1] in ZONE_LETTERS and word[1:].isdigit():
            raise self.fail(f"{wanted} ({letter}1, {letter}2…)" if letter else wanted)
        number = self.number(wanted)
        if not 1 <= number <= len(zone):
            self.pos -= 1
            raise self.fail(f"{wanted} between 1 and {len(zone)}" if zone
                            else f"{wanted}, but there is none")
        return zone[number - 1]

    def machine(self) -> int:
        names = [name.lower() for name in self.state["names"]]
        word = self.peek()
        if word is not None and word.isdigit() and 1 <= int(word) <= len(names):
            self.pos += 1
            return int(word) - 1
        if word in names:
            self.pos += 1
            return names.index(word)
        raise self.fail("a player's name or seat number", names)

    def end(self) -> None:
        if self.peek() is not None:
            raise self.fail("the end of the move")


ZONE_LETTERS = ("h", "m", "r")
"""How the screen labels positions: h (backing store), m (memory), r (Option ROMs)."""


def parse(state: State, seat: int, text: str) -> Move:
    """One move written in the notation above; the error names the word it could not read."""
    if not isinstance(seat, int) or not 0 <= seat < len(state["names"]):
        raise Rejected(f"There is no seat {seat!r} at this table.")
    reader = _Reader(state, seat, text)
    m = machine(state, seat)
    hand, memory, roms = m["hand"], m["memory"], m["roms"]
    verb = reader.peek()
    if verb not in VERBS:
        raise reader.fail("a move such as download, load, compile or execute", tuple(VERBS))
    reader.pos += 1
    if verb == "idle":
        if reader.take("all"):
            count = max(1, free_cycles(state))
        else:
            count = reader.number("a number of cycles") if reader.peek() else 1
        move = Move("idle", n=count)
    elif verb in ("download", "shutdown", "done", "nullify", "allow", "react", "decline",
                  "restart", "stay"):
        move = Move(verb)
    elif verb == "load":
        cards = [reader.position(hand, "a backing store position", "h")]
        while reader.peek() is not None:
            cards.append(reader.position(hand, "a backing store position", "h"))
        move = Move("load", cards=tuple(cards))
    elif verb == "compile":
        zone = memory if state["options"]["compile_in"] == "memory" else hand
        letter = "m" if zone is memory else "h"
        source = reader.position(zone, "the source code's position", letter)
        libraries = []
        while reader.peek() is not None:
            libraries.append(reader.position(zone, "a library's position", letter))
        move = Move("compile", source, cards=tuple(libraries))
    elif verb in ("free", "execute", "daemonise", "fire"):
        item = reader.position(memory, "a memory position", "m")
        target = reader.machine() if reader.take("at") else None
        victim = (reader.position(memory, "the memory position of the binary to disassemble", "m")
                  if reader.take("disassemble") else None)
        if verb == "free" and (target is not None or victim is not None):
            raise Rejected("Free takes only a memory position.")
        move = (Move("free", item) if verb == "free"
                else Move(verb, item, target=target, disassemble=victim))
    elif verb == "play":
        item = reader.position(hand, "a backing store position", "h")
        target = reader.machine() if reader.take("at") else None
        cycles = reader.number("a number of cycles") if reader.peek() else None
        move = Move("play", item, target=target, n=cycles)
    elif verb in ("install", "discard"):
        move = Move(verb, reader.position(hand, "a backing store position", "h"))
    elif verb == "uninstall":
        move = Move(verb, reader.position(roms, "an Option ROM position", "r"))
    else:  # retake
        source = reader.machine()
        move = Move("retake", target=source, n=reader.number("a number of cycles"))
    reader.end()
    return move
