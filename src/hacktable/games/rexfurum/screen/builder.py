"""Rex Furum's screen helper: the viewer's view turned into rows the template prints.

Everything here is read from the one view the server passed (`views.RexfurumView`: a seat's,
a spectator's or the gamemaster's), so the screen can show no more than that view holds.
Verbs, their fields and costs come from the game's own order types, so the order form
follows the rules as coded.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, cast

from hacktable.engine.memo import IdentityMemo
from hacktable.games.rexfurum.orders import COMPANIES, COMPANY_TITLES, FIELD_NAMES, ORDER_TYPES
from hacktable.games.rexfurum.rules import SELF_TARGET_FORBIDDEN
from hacktable.games.rexfurum.text import PUBLIC_KINDS, notice_text, orders_text
from hacktable.games.rexfurum.views import ReportView, RexfurumView

LABELS = {
    "embezzle": "Embezzle",
    "out": "Out a player",
    "pinkslip": "Pink slip",
    "extort": "CEO extortion",
    "crash": "Crash a company",
    "backstab": "Backstab",
    "protect": "Protect",
    "coverup": "Cover up for",
    "bribe": "Bribe (to be hired)",
    "accept": "Accept a bribe",
    "enter": "Enter an empty company",
    "quit": "Quit a company",
    "invest": "Invest",
}


SHOWN_LETTERS = 10
"""Letters drawn on a seat's screen, newest first; older ones are in its plain-text copy
(a hundred-round match would otherwise push every letter on every move)."""
SHOWN_ANNOUNCEMENTS = 40
"""Public notices listed on a screen, newest first (the letters hold them all)."""
CLOSED_LETTERS: IdentityMemo[dict[str, Any]] = IdentityMemo()
"""A closed round's report never changes: its letter's rows are made once."""
_SAMPLE = {"target": 0, "briber": 1, "company": 0, "amount": 987_654_321}
_SAMPLE_NAMES = ("\x00target", "\x00briber")


def notation_format(verb: str) -> str:
    """How the game writes one order, with {target}, {briber}, {company} and {amount} holes,
    taken from the order's own `notation` so the form previews exactly what the game reads."""
    cls = ORDER_TYPES[verb]
    order = cls(**{name: _SAMPLE[name] for name in FIELD_NAMES[cls]})
    text = order.notation(_SAMPLE_NAMES)
    text = text.replace(_SAMPLE_NAMES[0], "{target}").replace(_SAMPLE_NAMES[1], "{briber}")
    if "company" in FIELD_NAMES[cls]:
        text = text.replace(COMPANIES[0], "{company}")
    return text.replace(str(_SAMPLE["amount"]), "{amount}")


def verbs() -> list[dict[str, Any]]:
    """The thirteen actions as the order form offers them, in the seed's order."""
    rows = []
    for verb, cls in ORDER_TYPES.items():
        fields = FIELD_NAMES[cls]
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        rows.append({
            "do": verb,
            "label": LABELS.get(verb, verb.capitalize()),
            "cost": cls.cost,
            "format": notation_format(verb),
            "fields": list(fields),
            "self_ok": "target" in fields and cls not in SELF_TARGET_FORBIDDEN,
            "help": doc,
        })
    return rows


def _points(cost: int) -> str:
    return "1 point" if cost == 1 else f"{cost} points"


def _keep_key(view: RexfurumView) -> str:
    """Changes when the round or this seat's sent orders change, so a push after "Send"
    replaces the form while a push for anything else leaves half-typed orders alone."""
    digest = hashlib.sha1(json.dumps(view.get("orders"), sort_keys=True).encode(),
                          usedforsecurity=False).hexdigest()[:8]
    return f"r{view.get('round')}-{digest}"


def _standings(rows: Sequence[Sequence[Any]] | None, names: Sequence[str],
               you: int | None) -> list[dict[str, Any]]:
    """Richest first; equal money shares a place (the engine's ranking rule)."""
    ordered = sorted(rows or [], key=lambda row: (-row[1], row[0]))
    result: list[dict[str, Any]] = []
    for index, (seat, worth, earned) in enumerate(ordered):
        place = result[-1]["place"] if result and result[-1]["money"] == worth else index + 1
        result.append({"place": place, "seat": seat, "name": names[seat], "money": worth,
                       "earned": earned, "you": seat == you})
    return result


def _letter(report: ReportView, names: Sequence[str], companies: Sequence[str],
            you: int | None) -> dict[str, Any]:
    notices = report.get("notices") or []
    totals: Sequence[int | None] = report.get("totals") or [None] * len(companies)
    return {
        "round": report["round"],
        "final": report.get("final", False),
        "money": report.get("money"),
        "earned_last": report.get("earned_last"),
        "salary": report.get("salary"),
        "jobs": [{"name": name, "works": index in report.get("jobs", []),
                  "total": totals[index]}
                 for index, name in enumerate(companies)],
        "orders_last": (None if report.get("orders_last") is None
                        else orders_text(report["orders_last"], names)),
        "public": [notice_text(n, names, you) for n in notices if n["kind"] in PUBLIC_KINDS],
        "private": [notice_text(n, names, you) for n in notices
                    if n["kind"] not in PUBLIC_KINDS],
        "standings": _standings(report.get("standings"), names, you),
    }


def _announcements(notices: Sequence[Mapping[str, Any]], names: Sequence[str],
                   you: int | None) -> list[dict[str, Any]]:
    """The latest public notices, newest first, each with the round it happened in."""
    return [{"round": n.get("round"), "text": notice_text(n, names, you)}
            for n in list(notices)[::-1][:SHOWN_ANNOUNCEMENTS]]


def _recent_public(reports: Sequence[ReportView], count: int) -> list[Mapping[str, Any]]:
    """The last `count` public notices of a seat's letters, oldest first, read from the
    newest letter back (a long match must not cost more per screen)."""
    found: list[Mapping[str, Any]] = []
    for report in reversed(reports):
        for notice in reversed(report.get("notices", [])):
            if notice["kind"] in PUBLIC_KINDS:
                found.append(notice)
                if len(found) == count:
                    return found[::-1]
    return found[::-1]


def _outcome(context: Mapping[str, Any], view: RexfurumView,
             names: Sequence[str]) -> dict[str, Any] | None:
    outcome: Mapping[str, Any] | None = context.get("outcome") or view.get("outcome")
    if not outcome:
        return None
    scores = outcome.get("scores") or {}
    places = []
    place = 1
    for group in outcome.get("ranking") or []:
        places.append({"place": place,
                       "players": [{"name": names[s], "money": scores.get(str(s),
                                                                          scores.get(s))}
                                   for s in group]})
        place += len(group)
    return {"summary": outcome.get("summary", ""), "places": places,
            "winners": [names[s] for s in outcome.get("winners") or []]}


def _gm(view: RexfurumView, names: Sequence[str],
        companies: Sequence[str]) -> dict[str, Any]:
    """The gamemaster's book: every player's hidden figures, all orders, the ledger."""
    state: Mapping[str, Any] = view.get("state") or {}
    current = view.get("orders_text") or [None] * len(names)
    players = []
    for seat, name in enumerate(names):
        players.append({
            "name": name,
            "money": (state.get("money") or [None] * len(names))[seat],
            "jobs": [companies[c] for c in (state.get("jobs") or [[]] * len(names))[seat]],
            "crashing": [companies[c] for c in
                         (state.get("crashing") or [[]] * len(names))[seat]],
            "orders": current[seat],
        })
    history = [{"round": number, "rows": [{"name": names[seat], "orders": text}
                                          for seat, text in enumerate(rows)]}
               for number, rows in enumerate(view.get("history_text") or [], start=1)]
    ledger = []
    for line in reversed(state.get("ledger") or []):
        payer = line.get("from")
        payee = line.get("to")
        ledger.append({
            "round": line.get("round"),
            "from": (names[payer] if payer is not None
                     else "(bank)" if line.get("rule") == "salary" else "(new money)"),
            "to": names[payee] if payee is not None else "(vanished)",
            "amount": line.get("amount"),
            "rule": line.get("rule"),
        })
    return {"book": players, "history": list(reversed(history)), "ledger": ledger}


def _kind(view: RexfurumView) -> str:
    return "gm" if view.get("gm") else "seat" if "seat" in view else "spectator"


def _table_rows(context: Mapping[str, Any], view: RexfurumView, names: list[str],
                companies: list[str], kind: str) -> dict[str, Any]:
    """What every viewer's screen shows: the players, the companies, the outcome."""
    totals = list(view.get("totals") or [0] * len(companies))
    you = view.get("seat") if kind == "seat" else None
    jobs = set(view.get("jobs") or [])
    return {
        "kind": kind,
        "you": you,
        "players": [{"index": i, "name": n, "you": i == you} for i, n in enumerate(names)],
        "companies": [{"index": i, "name": name, "key": name.lower(),
                       "title": COMPANY_TITLES.get(name.lower(), name),
                       "total": totals[i] if i < len(totals) else 0,
                       "yours": i in jobs} for i, name in enumerate(companies)],
        "outcome": _outcome(context, view, names),
    }


def _offers(view: RexfurumView, latest: Mapping[str, Any],
            companies: list[str]) -> list[dict[str, Any]]:
    """The bribes this seat was offered in the last report (none once the game is over)."""
    if view.get("over"):
        return []
    return [{"amount": n["amount"], "company": companies[n["company"]],
             "key": companies[n["company"]].lower()}
            for n in latest.get("notices", []) if n["kind"] == "bribe_offered"]


def _letters(reports: list[ReportView], names: list[str], companies: list[str],
             you: int | None) -> list[Any]:
    """The latest reports as letters, newest first; closed ones are rendered once."""
    latest = reports[-1] if reports else None
    return [_letter(r, names, companies, you) if r is latest else CLOSED_LETTERS(
        r, (tuple(names), tuple(companies), you),
        partial(_letter, r, names, companies, you))
        for r in reversed(reports[-SHOWN_LETTERS:])]


def _seat_rows(context: Mapping[str, Any], view: RexfurumView, names: list[str],
               companies: list[str], round_text: str) -> dict[str, Any]:
    """A player's own panels: orders, letters, standings, offers, what to announce."""
    you = view.get("seat")
    jobs = set(view.get("jobs") or [])
    reports = list(view.get("reports") or [])
    orders = view.get("orders")
    points_left = view.get("action_points", 0) - view.get("points_used", 0)
    latest: Mapping[str, Any] = reports[-1] if reports else {}
    announcements = _recent_public(reports, SHOWN_ANNOUNCEMENTS)
    prompt = context.get("prompt") or {}
    sent = prompt.get("submitted") or orders is not None
    return {
        "verbs": verbs(),
        "points_left": points_left,
        "orders": [{"json": json.dumps(o, sort_keys=True),
                    "text": orders_text([o], names),
                    "cost": ORDER_TYPES[o["do"]].cost} for o in orders or []],
        "orders_sent": orders is not None,
        "keep": _keep_key(view),
        "letters": _letters(reports, names, companies, you),
        "older_letters": max(0, len(reports) - SHOWN_LETTERS),
        "standings": _standings(view.get("standings"), names, you),
        "announcements": _announcements(announcements, names, you),
        "offers": _offers(view, latest, companies),
        "jobs": [companies[c] for c in sorted(jobs) if c < len(companies)],
        "append": (context.get("match") or {}).get("options", {}).get(
            "resubmission") == "append",
        "announce": (f"{round_text}. " + (
            "Your orders are in." if sent else f"{_points(points_left)} to spend.")),
    }


def _gm_rows(view: RexfurumView, names: list[str], companies: list[str],
             round_text: str) -> dict[str, Any]:
    """The gamemaster's panels: the book, the ledger, every player's money."""
    rows = _gm(view, names, companies)
    state: Mapping[str, Any] = view.get("state") or {}
    rows["standings"] = _standings([[s, m, None] for s, m in
                                    enumerate(state.get("money") or [])], names, None)
    rows["announcements"] = _announcements(state.get("announcements") or [], names, None)
    sent = sum(1 for text in view.get("orders_text") or [] if text is not None)
    rows["announce"] = f"{round_text}. {sent} of {len(names)} players have sent orders."
    return rows


def _spectator_rows(view: RexfurumView, names: list[str],
                    round_text: str) -> dict[str, Any]:
    """What anyone watching sees: the public standings and announcements."""
    return {"standings": _standings(view.get("standings"), names, None),
            "announcements": _announcements(view.get("announcements") or [], names, None),
            "announce": f"{round_text}."}


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    """Template rows for whichever viewer this view belongs to (seat, GM or spectator)."""
    view = cast(RexfurumView, context.get("view") or {})
    names = list(view.get("players") or [])
    companies = list(view.get("companies") or [])
    kind = _kind(view)
    rf = _table_rows(context, view, names, companies, kind)
    round_text = f"Round {view.get('round')} of {view.get('rounds')}"
    if kind == "seat":
        rf.update(_seat_rows(context, view, names, companies, round_text))
    elif kind == "gm":
        rf.update(_gm_rows(view, names, companies, round_text))
    else:
        rf.update(_spectator_rows(view, names, round_text))
    if view.get("over"):
        rf["announce"] = "The game is over. " + ((rf["outcome"] or {}).get("summary") or "")
    return {"rf": rf}
