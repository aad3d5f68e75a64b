"""Scare-City in words: events as sentences for the table's log, and a view as text for
the terminal (`hacktable play`) and for replays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hacktable.engine.contract import Event
from hacktable.games.scarecity.cards import (
    BY_KEY,
    DISTRICT_NAMES,
    DISTRICTS,
    IMPACT_BY_KEY,
    IMPACTS,
    impact,
    program,
)
from hacktable.games.scarecity.debrief import DebriefView
from hacktable.games.scarecity.state import State
from hacktable.games.scarecity.views import ScarecityView

REDRAW = {"no_slot": "no free slot in its district", "too_dear": "it costs $15 or more",
          "duplicate": "a second copy for the same player"}
SKIPPED = {"tokens": "all their tokens are already on cards",
           "money": "they cannot afford any card left in the shop",
           "nothing": "no card left in the shop is one they may claim"}
"""Why a claiming turn was passed over (claims.skip_reason), as the log says it."""
FUZZ_WORDS = ("claim", "pass", "buy", "restore", "decommission", "done", "cancel")


def _name(card: int) -> str:
    return program(card).name


def _list(words: list[str]) -> str:
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(event: Event, state: State) -> str:
    data = event.data
    names = state["names"]
    who = names[data["seat"]] if isinstance(data.get("seat"), int) else ""
    kind = event.kind
    if kind == "dealer":
        return f"{who} deals (first name first in the alphabet)."
    if kind == "dealt":
        return f"{who} is dealt {_name(data['card'])}."
    if kind == "redraw":
        return (f"{_name(data['card'])} is discarded and another drawn for {who} "
                f"({REDRAW.get(data['reason'], data['reason'])}).")
    if kind == "reshuffle":
        return f"The {data['deck']} discard pile is shuffled into a new deck."
    if kind == "round":
        return f"Round {data['round']} begins."
    if kind == "phase":
        return ("Claiming: lowest ranked first." if data["phase"] == "claim"
                else "Restore, decommission and buy, all at once.")
    if kind == "claim":
        return f"{who} claims {_name(data['card'])}."
    if kind == "unclaim":
        return f"{who} takes their token back from {_name(data['card'])}."
    if kind == "pass":
        return f"{who} claims nothing more this round."
    if kind == "skip":
        return (f"{who}'s claiming turn is skipped: "
                f"{SKIPPED.get(data['reason'], data['reason'])}.")
    if kind == "plan":
        move = data["move"]
        card = f" {_name(move['card'])}" if "card" in move else ""
        return f"Your plan: {move['do']}{card} (plan spends ${data['spend']})."
    if kind == "decommission":
        return f"{who} decommissions {_name(data['card'])} for ${data['cost']}."
    if kind == "restore":
        return f"{who} restores {_name(data['card'])} for ${data['cost']}."
    if kind == "buy":
        return f"{who} buys {_name(data['card'])} for ${data['cost']}."
    if kind == "sold_out":
        return f"{_name(data['card'])} was bought first by a lower ranked player; {who} cannot."
    if kind == "shop":
        return f"{_name(data['card'])} comes into the shop."
    if kind == "execute":
        return f"{who} executes their city: +${data['money']}, {data['bitizens']:+} Bitizens."
    if kind == "impact":
        return impact_sentence(data, names)
    if kind == "out":
        return f"{who} has ${data['money']} and is out of the game."
    if kind == "ranking":
        return ("Ranking by $, then Bitizens: " + ", ".join(names[s] for s in data["ranking"])
                + " (the claiming order: lowest ranked claims first).")
    if kind == "game_over":
        winners = [names[s] for s in data["winners"]]
        return ("Game over: " + (_list(winners) + " win" + ("s" if len(winners) == 1 else "")
                                 if winners else "nobody wins") + ".")
    if kind == "timeout":
        return "Time is up."
    if kind == "preview":
        move = data.get("action") or {}
        number = move.get("card")
        named = f" {_name(number)}" if isinstance(number, int) and 0 <= number < 60 else ""
        return f"Understood: {move.get('do', '?')}{named}."
    return f"{kind}: {dict(data)}"


def impact_sentence(report: Mapping[str, Any], names: list[str]) -> str:
    card = impact(report["card"])
    parts = [f"Impact Card: {card.name} ({card.colour}, {card.bitizens:+} Bitizens)."]
    for row in report["players"]:
        who = names[row["seat"]]
        bits = []
        if row["degraded"]:
            bits.append("degraded " + _list([_name(c) for c in row["degraded"]]))
        if row["restored"]:
            bits.append("restored " + _list([_name(c) for c in row["restored"]]))
        if row.get("spared"):
            bits.append("spared " + _list([_name(c) for c in row["spared"]]))
        if row["protected"]:
            bits.append("protected by " + _list([_name(c) for c in row["protected"]])
                        + f" (+{row['bonus']} Bitizen)")
        bits.append(f"Bitizen Impact {row['impact']:+}")
        parts.append(f"{who}: " + "; ".join(bits)
                     + f"; {row['impact'] + row['bonus']:+} Bitizens in all.")
    return " ".join(parts)


def risk_line(key: str) -> str:
    """A card's risks and protections, as the flipped card on the screen shows them."""
    kind = BY_KEY[key]
    hits = [i.name for i in IMPACTS if key in i.degrade]
    guards = [i.name for i in IMPACTS if key in i.protect]
    if kind.kind == "control":
        return ("security control, never degraded; protects against "
                + (_list(guards) if guards else "nothing listed"))
    return (f"city service, degraded by {len(hits)} of {len(IMPACTS)} Impact Cards"
            + (f" ({_list(hits)})" if hits else ""))


def card_line(number: int) -> str:
    kind = program(number)
    red = f" / red -{kind.red}B" if kind.kind == "service" else ""
    return (f"{kind.name} ({DISTRICT_NAMES[kind.district]}) ${kind.cost}: "
            f"+${kind.money} +{kind.bitizens}B{red}")


def debrief_lines(entries: list[DebriefView]) -> list[str]:
    lines = ["Debrief: the threats that hit each city"]
    for entry in entries:
        lines.append(f"{entry['name']}: {len(entry['hits'])} threats, "
                     f"{entry['degraded_cards']} cards degraded, "
                     f"{entry['impact_bitizens']:+} Bitizens from Impact Cards "
                     f"({entry['protection_bitizens']:+} of them from protections)")
        for hit in entry["hits"]:
            card = IMPACT_BY_KEY[hit["impact"]]
            words = [f"  Round {hit['round']}: {card.name}"]
            if hit["degraded"]:
                words.append("degraded " + _list([BY_KEY[k].name for k in hit["degraded"]]))
            words.append(f"{hit['bitizens']:+} Bitizens")
            if hit["protected_by"]:
                words.append("protected by "
                             + _list([BY_KEY[k].name for k in hit["protected_by"]]))
            if hit["missing"]:
                words.append("would have protected: "
                             + _list([BY_KEY[k].name for k in hit["missing"]]))
            lines.append("; ".join(words) + ".")
            lines.append(f"    Lesson: {card.lesson}")
    return lines


def render(view: ScarecityView, ends_at: str | None = None) -> str:
    """The table in words: the same risks, lessons and debrief the screen shows."""
    players = view["players"]
    names = [p["name"] for p in players]
    lines = [f"Scare-City, round {view['round']} ({view['phase']})"
             + (f", until {ends_at}" if ends_at else "")]
    outcome = view.get("outcome")
    if outcome:
        lines.append(outcome["summary"])
    lines.append("Claiming order (by $, then Bitizens; lowest claims first):")
    for seat in view["ranking"] or range(len(players)):
        p = players[seat]
        lines.append(f"{p['name']}: ${p['money']}, {p['bitizens']} Bitizens, "
                     f"{p['tokens']} tokens" + (" (out)" if p["out"] else ""))
        for district in DISTRICTS:
            cards = [program(c["id"]).name + (" [DEGRADED]" if c["degraded"] else "")
                     for c in p["city"] if program(c["id"]).district == district]
            lines.append(f"  {DISTRICT_NAMES[district]}: {', '.join(cards) or '-'}")
    lines.append("Shop:")
    viewer = view.get("seat")
    reasons = {row["card"]: row["why"] for row in view.get("unbuyable") or []}
    for item in view["shop"]:
        claims = ", ".join(names[s] for s in item["claims"])
        lines.append(f"  [{item['id']}] {card_line(item['id'])}"
                     + (f" claimed by {claims}" if claims else ""))
        lines.append(f"      {risk_line(item['key'])}")
        lines.append(f"      Lesson: {program(item['id']).lesson}")
        if item["id"] in reasons and (viewer in item["claims"] or view["claim_turn"] == viewer):
            lines.append(f"      You cannot buy it now: {reasons[item['id']]}")
    claimer = view["claim_turn"]
    if claimer is not None:
        lines.append(f"Claiming: {names[claimer]}")
    skipped = players[viewer].get("skipped") if isinstance(viewer, int) else None
    if skipped:
        lines.append("Your claiming turn was skipped: "
                     + SKIPPED[skipped].replace("they ", "you ")
                     .replace("their ", "your ") + ".")
    if view["reports"]:
        report = view["reports"][-1]
        card = impact(report["card"])
        lines.append(impact_sentence(report, names))
        lines.append(f"  Lesson: {card.lesson}")
        lines.append(f"  Source: {card.source}")
    if "plan" in view:
        plan = view["plan"]
        lines.append(f"Your plan: restore {plan['restore']}, decommission "
                     f"{plan['decommission']}, buy {plan['buy']}, spend ${plan['spend']}"
                     + (" (done)" if plan["done"] else ""))
    debrief = view.get("debrief")
    if debrief:
        lines += debrief_lines(debrief)
    return "\n".join(lines)
