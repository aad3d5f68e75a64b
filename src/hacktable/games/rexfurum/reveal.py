"""Rex Furum's end-of-match reveal: the hidden money and jobs round by round, every order
in the seed's notation, and the gamemaster's ledger in words (who embezzled whom, who
backstabbed whom, who took whose bribe). Read only once the match is over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hacktable.games.rexfurum.orders import company_name
from hacktable.games.rexfurum.state import RexfurumState
from hacktable.games.rexfurum.text import money, orders_text


def ledger_words(line: Mapping[str, Any], names: Sequence[str]) -> str:
    """One ledger line as a sentence: the rule that moved the money, and who to whom."""
    payer = "the bank" if line["from"] is None else names[line["from"]]
    payee = "nobody" if line["to"] is None else names[line["to"]]
    amount = money(line["amount"])
    rule = line["rule"]
    sentences = {
        "salary": f"{payee} was paid a salary of {amount}.",
        "embezzle": f"{payee} embezzled {amount} from {payer}.",
        "backstab": f"{payee} backstabbed {payer} and took {amount}.",
        "failed backstab": f"{payer} tried to backstab {payee}, failed, and paid them {amount}.",
        "mutual backstab": f"{payer} lost {amount}: two players backstabbed each other.",
        "bribe": f"{payee} took {payer}'s bribe: {amount}.",
        "invest": f"{payer} invested {amount} in {payee}.",
        "extort": f"{payee} CEO-extorted {amount} from {payer}.",
        "slander fee": f"{payer}'s CEO extortion of {payee} failed: {payer} paid them "
                       f"{amount} in slander fees.",
        "crash": f"{payee} crashed a company {payer} worked for and took {amount} from them.",
    }
    return sentences.get(rule, f"{payer} paid {payee} {amount} ({rule}).")


def _jobs(jobs: Sequence[int]) -> str:
    return ", ".join(company_name(c) for c in jobs) or "no company"


def money_and_jobs(state: RexfurumState) -> str:
    """Every player's money and jobs at the start of each round (their reports), and at the
    end: what each of them alone was told, side by side."""
    names = state["names"]
    lines: list[str] = []
    reports = state["reports"]
    count = max((len(r) for r in reports), default=0)
    for index in range(count):
        first = next((r[index] for r in reports if index < len(r)), None)
        if first is None:
            continue
        lines.append("At the end" if first["final"] else f"Start of round {first['round']}")
        for seat, name in enumerate(names):
            if index < len(reports[seat]):
                report = reports[seat][index]
                lines.append(f"  {name}: {money(report['money'])}, works for "
                             f"{_jobs(report['jobs'])}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def orders_by_round(state: RexfurumState) -> str:
    """Every player's orders, round by round, in the seed's notation."""
    names = state["names"]
    lines: list[str] = []
    for number, round_orders in enumerate(state["history"], start=1):
        lines.append(f"Round {number}")
        for seat, orders in enumerate(round_orders):
            lines.append(f"  {names[seat]}: {orders_text(orders, names)}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def ledger_by_round(state: RexfurumState) -> str:
    """The gamemaster's ledger in words, round by round."""
    names = state["names"]
    lines: list[str] = []
    last = None
    for line in state["ledger"]:
        if line["round"] != last:
            if last is not None:
                lines.append("")
            lines.append(f"Round {line['round']}")
            last = line["round"]
        lines.append(f"  {ledger_words(line, names)}")
    return "\n".join(lines).rstrip() + "\n" if lines else "No money moved.\n"


def sections(state: RexfurumState) -> list[tuple[str, str]]:
    return [("Money and jobs, round by round", money_and_jobs(state)),
            ("Everyone's orders, in the notation", orders_by_round(state)),
            ("The gamemaster's ledger, in words", ledger_by_round(state))]
