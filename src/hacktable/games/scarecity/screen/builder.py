"""Scare-City's screen helper: one viewer's view and legal moves turned into rows the
template prints (cities by district, the shop with its tokens, both sides of every card
with its lesson, the Impact Card and who it hit, the score sheet, the debrief).

Everything comes from the context the server passed for one viewer: its own view
(`views.ScarecityView`: a seat sees its own plan, nobody the decks' order) and, for a seat
being asked, `legal`, its legal moves as action JSON; each becomes a button posting that
exact JSON. Card texts come from the catalogue, not the view.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from hacktable.games.scarecity.actions import MoveJson
from hacktable.games.scarecity.cards import CATALOGUE, DISTRICT_NAMES, DISTRICTS
from hacktable.games.scarecity.text import SKIPPED
from hacktable.games.scarecity.views import (
    HistoryView,
    PlanView,
    PlayerView,
    ReportView,
    ScarecityView,
)
from hacktable.games.screen_context import closed

Json = dict[str, Any]
PROGRAMS = CATALOGUE["programs"]
IMPACTS = CATALOGUE["impacts"]
COLOUR_MARK = {"green": "▲ green", "red": "▼ red", "orange": "◆ orange"}
"""Impact colours also carry a symbol and a word (never colour alone)."""
LINE_DASH = ("", "6 3", "2 3", "8 3 2 3")
MARKS = ("●", "■", "▲", "◆")
KIND_NAMES = {"control": "security control", "service": "city service"}
VERB_LABELS = {"claim": "Claim", "unclaim": "Take token back", "restore": "Restore",
               "decommission": "Decommission", "buy": "Buy"}


def _dump(move: MoveJson) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def card_row(number: int, key: str, context: str, degraded: bool = False) -> Json:
    """A Program Card with both sides and its lesson; `context` keeps ids unique."""
    info = PROGRAMS.get(key) or {"name": key, "district": "", "kind": "", "cost": 0,
                                 "money": 0, "bitizens": 0, "red": 0, "lesson": "",
                                 "source": ""}
    return {"id": number, "key": key, "name": info["name"], "district": info["district"],
            "district_name": DISTRICT_NAMES.get(info["district"], ""),
            "kind": info["kind"], "cost": info["cost"], "money": info["money"],
            "bitizens": info["bitizens"], "red": info["red"], "lesson": info["lesson"],
            "source": info["source"], "degraded": degraded, "dom": f"sc-{context}-{number}",
            "kind_name": KIND_NAMES.get(info["kind"], ""),
            "controls": [], "notes": [], "why": "", "why_rule": ""}


def button(move: MoveJson, label: str, subject: str = "", css: str = "",
           confirm: str = "") -> Json:
    verb = str(move.get("do"))
    ident = f"sc-{verb}" + (f"-{move['card']}" if "card" in move else "")
    return {"verb": verb, "label": label, "subject": subject, "json": _dump(move),
            "css": css, "id": ident, "confirm": confirm}


def _cost_label(verb: str, card: Json, options: Mapping[str, Any]) -> str:
    if verb == "restore" or verb == "buy":
        return f" (${card['cost']})"
    if verb == "decommission":
        return f" (${options.get('decommission_cost', 5)})"
    return ""


def city_rows(player: PlayerView, options: Mapping[str, Any], context: str,
              plan: PlanView | None) -> list[Json]:
    """The four districts, each with its cards and its empty slots."""
    slots = int(options.get("district_slots", 3))
    rows = []
    for district in DISTRICTS:
        cards = []
        for c in player.get("city") or []:
            row = card_row(c["id"], c["key"], context, c.get("degraded", False))
            if row["district"] != district:
                continue
            if c.get("restored"):
                row["notes"].append("restored this round")
            if plan:
                if c["id"] in plan.get("restore", []):
                    row["notes"].append(f"you will restore it (${row['cost']})")
                if c["id"] in plan.get("decommission", []):
                    row["notes"].append("you will decommission it")
            cards.append(row)
        rows.append({"key": district, "name": DISTRICT_NAMES[district], "cards": cards,
                     "empty": max(0, slots - len(cards)), "slots": slots})
    return rows


def race_place(view: ScarecityView, p: PlayerView) -> int | None:
    """Place in the Bitizen race (equal Bitizens share a place); None for a player out."""
    if p["out"]:
        return None
    return 1 + sum(1 for q in view.get("players") or []
                   if not q["out"] and q["bitizens"] > p["bitizens"])


def ordinal(n: int | None) -> str:
    if n is None:
        return ""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


ROUND_PHASES = (
    ("claim", "Claim", "Lowest ranked ($) first, put a token on a shop card you want to "
     "buy, or pass. Claiming is free."),
    ("city", "Restore or decommission", "Pay a red card's cost to flip it back, or $5 to "
     "remove a card: one of each a round."),
    ("city", "Buy", "Pay for the cards you claimed. Phases 2 and 3 happen at once, in "
     "secret; say done when your plan is ready."),
    ("auto", "Execution", "Automatic: each blue card pays its $ and Bitizens, each red "
     "card costs its red Bitizens."),
    ("auto", "Impact Card", "Automatic: the cards it lists degrade or recover, each "
     "player holding a listed protection gets +1 Bitizen, then everyone gets its Bitizen "
     "Impact."),
)
"""The seed's five phases ("Game Rounds"), what each asks of a player, and when it is now."""


def round_panel(view: ScarecityView) -> list[Json]:
    phase = None if view.get("over") else view.get("phase")
    return [{"number": n, "name": name, "text": text, "now": key == phase}
            for n, (key, name, text) in enumerate(ROUND_PHASES, start=1)]


def player_row(view: ScarecityView, p: PlayerView, you: int | None) -> Json:
    options = view.get("options") or {}
    plan = view.get("plan") if p["seat"] == you else None
    ranking = list(view.get("ranking") or [])
    return {
        "seat": p["seat"], "name": p["name"], "you": p["seat"] == you,
        "money": p["money"], "bitizens": p["bitizens"], "out": p["out"],
        "tokens": p["tokens"], "mark": MARKS[p["seat"] % len(MARKS)],
        "claims_at": len(ranking) - ranking.index(p["seat"]) if p["seat"] in ranking else None,
        "race": race_place(view, p),
        "skipped": SKIPPED.get(p.get("skipped") or "", ""),
        "degraded": sum(1 for c in p.get("city") or [] if c.get("degraded")),
        "cards": len(p.get("city") or []),
        "districts": city_rows(p, options, f"city{p['seat']}", plan),
        "claiming": view.get("claim_turn") == p["seat"],
    }


def shop_rows(view: ScarecityView, names: Sequence[str], plan: PlanView | None,
              you: int | None, claiming: bool = False) -> list[Json]:
    """The shop's cards with their tokens. On the cards this seat claimed (and, on its
    claiming turn, every card it could claim) the engine's reason it cannot buy the card
    yet (the view's `unbuyable`, from buying.buy_blocker): no Buy button is a mystery."""
    reasons = {row["card"]: row for row in view.get("unbuyable") or []}
    rows = []
    for item in view.get("shop") or []:
        row = card_row(item["id"], item["key"], "shop")
        row["claims"] = [{"name": names[s], "mark": MARKS[s % len(MARKS)], "you": s == you}
                         for s in item.get("claims") or []]
        if plan and item["id"] in plan.get("buy", []):
            row["notes"].append("you will buy it")
        reason = reasons.get(item["id"])
        if reason and (claiming or you in (item.get("claims") or [])):
            row["why"], row["why_rule"] = reason["why"], reason["rule"]
        rows.append(row)
    return rows


def step_cost(verb: str, card: Json, options: Mapping[str, Any]) -> int:
    return int(options.get("decommission_cost", 5)) if verb == "decommission" else \
        int(card["cost"])


def out_confirm(verb: str, card: Json, left: int) -> str:
    """The dialog for a step that leaves $0 or less (the seed's "they are out")."""
    return (f"{VERB_LABELS.get(verb, verb)} {card['name']}? This leaves you with ${left}: "
            "you would be out of the game, and your cards go to the discard pile.")


def attach(legal: Sequence[MoveJson], cards: Mapping[int, list[Json]],
           options: Mapping[str, Any], money: int = 0) -> list[Json]:
    """Put each card move on the card it names; pass, done and cancel come back. `money`
    is what the seat has left after its plan so far: a move the engine marks `confirm`
    (it would leave $0 or less) asks first, saying so."""
    general = []
    for move in legal:
        verb = move.get("do")
        number = move.get("card")
        if number is not None and number in cards:
            for card in cards[number]:
                label = VERB_LABELS.get(str(verb), str(verb)) + _cost_label(str(verb), card,
                                                                              options)
                css = "primary" if verb in ("claim", "buy", "restore") else \
                    "quiet" if verb == "decommission" else ""
                confirm = (f"Decommission {card['name']} for "
                           f"${options.get('decommission_cost', 5)}? It goes to the "
                           "discard pile." if verb == "decommission" else "")
                if move.get("confirm"):
                    left = money - step_cost(str(verb), card, options)
                    label += f": leaves you ${left}, out of the game"
                    confirm = out_confirm(str(verb), card, left)
                    css = "warning"
                card["controls"].append(button(move, label, card["name"], css, confirm))
        elif verb == "pass":
            general.append(button(move, "Pass: claim nothing more"))
        elif verb == "done":
            general.append(button(move, "Done for this round", css="primary"))
        elif verb == "cancel":
            general.append(button(move, "Start my plan again"))
    return general


def explain(shop: list[Json], me: Mapping[str, Any]) -> None:
    """While claiming, a card with no Claim button and no reason from the engine (a token
    on it says whose it is) is one this seat has no token left for."""
    for card in shop:
        if not (card["controls"] or card["why"] or card["claims"]) and me["tokens"] <= 0:
            card["notes"].append("no token left")


def earned_line(who: str, cards: Sequence[str], bonus: int, you: bool,
                spared: Sequence[str] = ()) -> str:
    """The seed's step 2 in words: a held protection earns +1 Bitizen (the loss of step 3
    still comes: the protection does not cancel it), and, by default, kept the city's
    listed cards from degrading: saying which is the lesson."""
    owner = "Your" if you else f"{who}'s"
    kept = f"spared {'your' if you else 'their'} {', '.join(spared)} and " if spared else ""
    return (f"{owner} {', '.join(cards)} {kept}earned {'you' if you else who} "
            f"+{bonus} Bitizen{'' if bonus == 1 else 's'} against this")


def impact_row(report: ReportView, names: Sequence[str],
               numbered: Mapping[int, str], you: int | None = None,
               spares: bool = True) -> Json:
    """One Impact Card played; `spares` (`impact_reading` = lessons): a held protection
    keeps the city's listed cards blue, which the protections' label says."""
    info = IMPACTS.get(report["key"], {})

    def card_names(numbers: Sequence[int]) -> list[str]:
        return [PROGRAMS.get(numbered.get(n, ""), {}).get("name", f"card {n}") for n in numbers]

    return {
        "round": report["round"], "key": report["key"], "name": info.get("name", "?"),
        "colour": info.get("colour", ""), "mark": COLOUR_MARK.get(info.get("colour", ""), ""),
        "bitizens": info.get("bitizens", 0), "lesson": info.get("lesson", ""),
        "source": info.get("source", ""),
        "degrade": [PROGRAMS[k]["name"] for k in info.get("degrade", [])],
        "restore": [PROGRAMS[k]["name"] for k in info.get("restore", [])],
        "protect": [PROGRAMS[k]["name"] for k in info.get("protect", [])],
        "protect_label": "Protections (spare their city, +1 Bitizen)" if spares
        else "Protections (+1 Bitizen)",
        "players": [{"name": names[r["seat"]], "you": r["seat"] == you,
                     "degraded": card_names(r["degraded"]),
                     "restored": card_names(r["restored"]),
                     "protected": card_names(r["protected"]), "bonus": r["bonus"],
                     "spared": card_names(r.get("spared", [])),
                     "earned": earned_line(names[r["seat"]], card_names(r["protected"]),
                                           r["bonus"], r["seat"] == you,
                                           card_names(r.get("spared", [])))
                     if r["protected"] and r["bonus"] else "",
                     "impact": r["impact"], "total": r["bonus"] + r["impact"]}
                    for r in report["players"]],
    }


def chart(history: Sequence[HistoryView], names: Sequence[str],
          target: int) -> Json | None:
    """Bitizens per round as an SVG line per player (dash pattern and end mark per seat)."""
    if len(history) < 2:
        return None
    width, height, pad = 320, 150, 24
    top = max([target] + [max(line["bitizens"]) for line in history])
    bottom = min([0] + [min(line["bitizens"]) for line in history])
    span = max(1, top - bottom)
    last = max(1, len(history) - 1)

    def point(i: int, value: int) -> tuple[float, float]:
        return (pad + (width - 2 * pad) * i / last,
                height - pad - (height - 2 * pad) * (value - bottom) / span)

    lines = []
    for seat, name in enumerate(names):
        points = [point(i, line["bitizens"][seat]) for i, line in enumerate(history)]
        x, y = points[-1]
        lines.append({"name": name, "dash": LINE_DASH[seat % len(LINE_DASH)],
                      "points": " ".join(f"{px:.1f},{py:.1f}" for px, py in points),
                      "x": round(x, 1), "y": round(y, 1), "mark": MARKS[seat % len(MARKS)],
                      "seat": seat})
    ty = point(0, target)[1]
    return {"width": width, "height": height, "lines": lines, "target_y": round(ty, 1),
            "target": target, "rounds": len(history) - 1, "pad": pad}


def debrief_rows(view: ScarecityView, you: int | None) -> list[Json]:
    rows = []
    for entry in view.get("debrief") or []:
        hits = []
        for hit in entry["hits"]:
            info = IMPACTS.get(hit["impact"], {})
            hits.append({
                "round": hit["round"], "name": info.get("name", "?"),
                "mark": COLOUR_MARK.get(info.get("colour", ""), ""),
                "degraded": [PROGRAMS[k]["name"] for k in hit["degraded"]],
                "bitizens": hit["bitizens"], "bonus": hit.get("bonus", 0),
                "had": [PROGRAMS[k]["name"] for k in hit["protected_by"]],
                "missing": [PROGRAMS[k]["name"] for k in hit["missing"]],
                "lesson": info.get("lesson", ""),
            })
        rows.append({"name": entry["name"], "you": entry["seat"] == you, "hits": hits,
                     "lost": entry["impact_bitizens"],
                     "protections": entry.get("protection_bitizens", 0),
                     "degraded": entry["degraded_cards"]})
    rows.sort(key=lambda r: not r["you"])
    return rows


def _phase(view: ScarecityView, names: Sequence[str], you: int | None) -> Json:
    turn = view.get("claim_turn")
    if view.get("over"):
        text = "The game is over."
    elif view.get("phase") == "claim":
        who = "you" if turn == you else names[turn] if turn is not None else "?"
        text = (f"Phase 1, claiming: it is {'your' if turn == you else who + chr(39) + 's'} "
                "turn to put a token on a shop card (lowest ranked first).")
    else:
        text = ("Phases 2–3, everyone at once: restore or decommission a card, buy the cards "
                "you claimed, then say done. Execution and the Impact Card follow.")
    return {"round": view.get("round"), "phase": view.get("phase"), "text": text,
            "claiming": names[turn] if isinstance(turn, int) else None,
            "yours": turn == you and turn is not None}


def _outcome(context: Mapping[str, Any], view: ScarecityView) -> Json | None:
    outcome = context.get("outcome") or view.get("outcome")
    if not outcome:
        return None
    players = view.get("players") or []
    places, place = [], 1
    seats = {}
    for group in outcome.get("ranking") or []:
        seats.update({s: place for s in group})
        places.append({"place": place, "tied": len(group) > 1, "players": [
            {"name": players[s]["name"], "bitizens": players[s]["bitizens"],
             "money": players[s]["money"], "out": players[s]["out"]} for s in group]})
        place += len(group)
    winners = set((outcome.get("ranking") or [[]])[0]) if "draw" not in str(
        outcome.get("summary", "")).lower() else set()
    you = view.get("seat")
    return {"summary": outcome.get("summary", ""), "places": places,
            "your_place": seats.get(you) if isinstance(you, int) else None,
            "you_won": you in winners, "of": len(view.get("players") or [])}


def _numbered(view: ScarecityView) -> dict[int, str]:
    """Every card this viewer can see by its table number: the cities, the shop, the
    discard pile (an Impact Card's report names cards by number)."""
    numbered: dict[int, str] = {c["id"]: c["key"] for p in view.get("players") or []
                                for c in p.get("city") or []}
    numbered.update({item["id"]: item["key"] for item in view.get("shop") or []})
    numbered.update({item["id"]: item["key"] for item in view.get("discard") or []})
    return numbered


def _cards_by_id(shop: list[Json], me: Json | None) -> dict[int, list[Json]]:
    """The card rows a move may concern: the shop's, and this seat's city's."""
    cards: dict[int, list[Json]] = {}
    for row in shop:
        cards.setdefault(row["id"], []).append(row)
    for district in me["districts"] if me else []:
        for row in district["cards"]:
            cards.setdefault(row["id"], []).append(row)
    return cards


def _plan_row(plan: PlanView | None, me: Json | None) -> Json | None:
    """This seat's secret plan for the round, as its panel shows it."""
    if not (plan and me):
        return None
    return {"spend": plan["spend"], "left": me["money"] - plan["spend"], "done": plan["done"],
            "empty": not (plan["restore"] or plan["decommission"] or plan["buy"])}


def _skipped(me: Json | None, view: ScarecityView) -> str:
    if not (me and me["skipped"]) or view.get("over"):
        return ""
    return (f"Your claiming turn was skipped: {me['skipped']}."
            .replace("they ", "you ").replace("their ", "your "))


def _people(view: ScarecityView, players: list[Json], me: Json | None) -> dict[str, Any]:
    """The mayors: in ranking order, in claiming order, in the race, and the others."""
    order = [players[s] for s in view.get("ranking") or []]
    order += [p for p in players if p not in order]
    return {
        "me": me, "players": order,
        "claim_order": [players[s] for s in reversed(view.get("ranking") or [])],
        "race": sorted(players, key=lambda p: (p["out"], -p["bitizens"], -p["money"],
                                               p["seat"])),
        "alive": len([p for p in players if not p["out"]]),
        "skipped": _skipped(me, view),
        "others": [p for p in order if not p["you"]],
    }


def _moves(context: Mapping[str, Any], view: ScarecityView, shop: list[Json],
           me: Json | None, plan: PlanView | None) -> dict[str, Any]:
    """The moves this viewer is asked for, on the cards they concern."""
    options = view.get("options") or {}
    prompt = context.get("prompt") or None
    legal = context.get("legal") if prompt else None
    money_left = me["money"] - (plan["spend"] if plan else 0) if me else 0
    general = attach(legal or [], _cards_by_id(shop, me), options, money_left)
    if me and (prompt or {}).get("kind") == "claim":
        explain(shop, me)
    return {"general": general, "asked": prompt is not None,
            "prompt_kind": (prompt or {}).get("kind")}


def _record(context: Mapping[str, Any], view: ScarecityView, names: list[str],
            you: int | None) -> dict[str, Any]:
    """What happened: the Impact Cards, the rounds' figures and chart, the outcome."""
    options = view.get("options") or {}
    numbered = _numbered(view)
    reports = view.get("reports") or []
    history = view.get("history") or []
    target = options.get("target_bitizens", 200)
    spares = options.get("impact_reading", "lessons") == "lessons"
    return {
        "impact": impact_row(reports[-1], names, numbered, you, spares) if reports else None,
        "impacts": [impact_row(r, names, numbered, you, spares)
                    for r in reversed(reports[:-1])],
        "history": [{"round": line["round"],
                     "cells": [{"money": line["money"][s], "bitizens": line["bitizens"][s]}
                               for s in range(len(names))]} for line in history],
        "names": names, "chart": chart(history, names, target),
        "outcome": _outcome(context, view), "debrief": debrief_rows(view, you),
    }


def _piles_and_rules(view: ScarecityView, me: Json | None) -> dict[str, Any]:
    """The decks' sizes and the numbers the rules were played with."""
    options = view.get("options") or {}
    return {
        "deck": view.get("deck", 0), "impact_deck": view.get("impact_deck", 0),
        "discard": len(view.get("discard") or []),
        "target": options.get("target_bitizens", 200),
        "decommission_cost": options.get("decommission_cost", 5),
        "tokens_total": max(int(options.get("tokens", 5)), me["tokens"] if me else 0),
    }


def _gm_rows(view: ScarecityView) -> dict[str, Any]:
    """The gamemaster's extra rows: both decks in order."""
    return {"impact_order": [IMPACTS[k]["name"] for k in view.get("impact_order") or []],
            "deck_order": [PROGRAMS[k]["name"] for k in view.get("deck_order") or []]}


def _close(sc: dict[str, Any]) -> None:
    """Stopped mid-round: nobody is asked for anything now."""
    sc["phase"] = {**sc["phase"], "yours": False,
                   "text": "The match stopped here; nobody moves any more."}
    sc["closed"] = True


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    """Template rows for whichever viewer this view belongs to (a seat, GM or spectator)."""
    view = cast(ScarecityView, context.get("view") or {})
    kind = "gm" if view.get("gm") else "seat" if "seat" in view else "spectator"
    you = view.get("seat") if kind == "seat" else None
    names = [p["name"] for p in view.get("players") or []]
    plan = view.get("plan") if kind == "seat" else None
    players = [player_row(view, p, you) for p in view.get("players") or []]
    me = next((p for p in players if p["you"]), None)
    claiming = kind == "seat" and view.get("claim_turn") == you and not view.get("over")
    shop = shop_rows(view, names, plan, you, claiming)
    sc: dict[str, Any] = {"kind": kind, "you": you, "panel": round_panel(view),
                          "ordinal": ordinal, "shop": shop,
                          "phase": _phase(view, names, you), "plan": _plan_row(plan, me)}
    sc.update(_people(view, players, me))
    sc.update(_moves(context, view, shop, me, plan))
    sc.update(_record(context, view, names, you))
    sc.update(_piles_and_rules(view, me))
    if kind == "gm":
        sc.update(_gm_rows(view))
    if closed(context):
        _close(sc)
    sc["announce"] = _announce(sc)
    return {"sc": sc}


def _announce(sc: Mapping[str, Any]) -> str:
    if sc["outcome"]:
        return "The game is over. " + str(sc["outcome"]["summary"])
    if sc.get("closed"):
        return "The host ended this match; no more moves can be made."
    phase = sc["phase"]
    if phase["phase"] == "claim":
        return "Your turn to claim." if phase["yours"] else f"{phase['claiming']} is claiming."
    return "Restore, decommission and buy, then say done."
