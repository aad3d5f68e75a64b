"""Scare-City in words: events as sentences for the table's log, and a view as text for
the terminal (`hacktable play`) and for replays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hacktable.engine.contract import Event
from hacktable.games.scarecity.cards import DISTRICT_NAMES, DISTRICTS, impact, program

REDRAW = {"no_slot": "no free slot in its district", "too_dear": "it costs $15 or more",
          "duplicate": "a second copy for the same player"}
FUZZ_WORDS = ("claim", "pass", "buy", "restore", "decommission", "done", "cancel")


def _name(card: int) -> str:
    return program(card).name


def _list(words: list[str]) -> str:
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(event: Event, state: Mapping[str, Any]) -> str:
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
        return "Ranking: " + ", ".join(names[s] for s in data["ranking"]) + "."
    if kind == "game_over":
        winners = [names[s] for s in data["winners"]]
        return ("Game over: " + (_list(winners) + " win" + ("s" if len(winners) == 1 else "")
                                 if winners else "nobody wins") + ".")
    if kind == "timeout":
        return "Time is up."
    if kind == "preview":
        move = data.get("action") or {}
        card = move.get("card")
        named = f" {_name(card)}" if isinstance(card, int) and 0 <= card < 60 else ""
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
        if row["protected"]:
            bits.append("protected by " + _list([_name(c) for c in row["protected"]])
                        + f" (+{row['bonus']})")
        bits.append(f"{row['impact']:+} Bitizens")
        parts.append(f"{who}: " + "; ".join(bits) + ".")
    return " ".join(parts)


def render(view: Mapping[str, Any], ends_at: str | None = None) -> str:
    players = view["players"]
    names = [p["name"] for p in players]
    lines = [f"Scare-City, round {view['round']} ({view['phase']})"
             + (f", until {ends_at}" if ends_at else "")]
    if view.get("outcome"):
        lines.append(view["outcome"]["summary"])
    for seat in view["ranking"] or range(len(players)):
        p = players[seat]
        lines.append(f"{p['name']}: ${p['money']}, {p['bitizens']} Bitizens, "
                     f"{p['tokens']} tokens" + (" (out)" if p["out"] else ""))
        for district in DISTRICTS:
            cards = [program(c["id"]).name + (" [DEGRADED]" if c["degraded"] else "")
                     for c in p["city"] if program(c["id"]).district == district]
            lines.append(f"  {DISTRICT_NAMES[district]}: {', '.join(cards) or '-'}")
    lines.append("Shop:")
    for item in view["shop"]:
        kind = program(item["id"])
        claims = ", ".join(names[s] for s in item["claims"])
        lines.append(f"  [{item['id']}] {kind.name} ({DISTRICT_NAMES[kind.district]}) "
                     f"${kind.cost}: +${kind.money} +{kind.bitizens}B / -{kind.red}B"
                     + (f" claimed by {claims}" if claims else ""))
    if view["claim_turn"] is not None:
        lines.append(f"Claiming: {names[view['claim_turn']]}")
    if view["reports"]:
        lines.append(impact_sentence(view["reports"][-1], names))
    if "plan" in view:
        plan = view["plan"]
        lines.append(f"Your plan: restore {plan['restore']}, decommission "
                     f"{plan['decommission']}, buy {plan['buy']}, spend ${plan['spend']}"
                     + (" (done)" if plan["done"] else ""))
    return "\n".join(lines)
