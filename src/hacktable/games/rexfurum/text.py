"""Rex Furum in words: notices as sentences and the round-beginning report as a letter."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hacktable.engine.memo import IdentityMemo
from hacktable.games.rexfurum.orders import company_name, order_from_json

PUBLIC_KINDS = ("outed", "embezzle_exposed", "mutual_backstab", "crash", "game_over")


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def orders_text(orders: Sequence[Mapping[str, Any]] | None, names: Sequence[str]) -> str:
    if not orders:
        return "no orders"
    return ", ".join(order_from_json(order).notation(names) for order in orders)


def notice_text(notice: Mapping[str, Any], names: Sequence[str], you: int | None = None) -> str:
    """One notice as a sentence. `you` is the reader's seat, for "you" instead of a name."""
    render = _NOTICE_TEXTS.get(notice["kind"])
    return render(_Notice(notice, names, you)) if render else \
        f"{notice['kind']}: {dict(notice)}"


class _Notice:
    """A notice as its sentence reads it: who is who to the reader, and the company."""

    __slots__ = ("amount", "names", "notice", "you")

    def __init__(self, notice: Mapping[str, Any], names: Sequence[str], you: int | None
                 ) -> None:
        self.notice, self.names, self.you = notice, names, you
        self.amount = notice.get("amount", 0)

    def who(self, seat: int) -> str:
        return "you" if seat == self.you else self.names[seat]

    def subject(self, seat: int) -> str:
        """`who`, capitalised to start a sentence."""
        text = self.who(seat)
        return text[:1].upper() + text[1:]

    def co(self, key: str = "company") -> str:
        return company_name(self.notice[key])


_NOTICE_TEXTS: dict[str, Callable[[_Notice], str]] = {
    "quit": lambda n: f"You quit {n.co()}.",
    "entered": lambda n: f"You entered {n.co()}, which was empty, and now work there.",
    "accept_failed": lambda n: (
        f"Your acceptance of a {money(n.amount)} bribe from {n.names[n.notice['briber']]} to "
        f"{n.co()} did nothing: "
        + ("no such bribe was on offer." if n.notice["reason"] == "no_such_bribe"
           else f"you no longer worked for {n.co()}.")),
    "bribe_bounced": lambda n: (
        f"The {money(n.amount)} bribe from {n.who(n.notice['briber'])} to join {n.co()} bounced: "
        "the briber no longer had the money. Nobody was hired."),
    "bribe_accepted": lambda n: (
        f"Your bribe of {money(n.amount)} was accepted: you now work for {n.co()}."),
    "bribe_paid": lambda n: (
        f"You accepted {n.names[n.notice['briber']]}'s bribe to join {n.co()} and received "
        f"{money(n.amount)}."),
    "pinkslipped": lambda n: f"You were fired from {n.co()} by pink slips.",
    "pinkslip_attempt": lambda n: (
        f"{n.names[n.notice['by']]} tried to pink-slip you at {n.co()}, alone, and failed."),
    "crashed_out": lambda n: (
        f"{n.co()} crashed: you were fired and paid {money(n.amount)} to the crasher."),
    "crash_done": lambda n: (
        f"Your crash of {n.co()} fired {n.notice['fired']} employee(s) and earned you "
        f"{money(n.amount)}."),
    "crash": lambda n: f"{n.co()} crashed! Everyone who worked there was fired.",
    "embezzle_exposed": lambda n: (
        f"{n.subject(n.notice['embezzler'])} tried to embezzle from {n.who(n.notice['target'])}, "
        "who was protected."),
    "embezzler_named": lambda n: (
        f"{n.subject(n.notice['embezzler'])} embezzled from you, but protecting yourself "
        "capped what could be taken." if n.notice["target"] == n.you else
        f"{n.subject(n.notice['embezzler'])} tried to embezzle from {n.who(n.notice['target'])}, "
        "whom you protected."),
    "embezzle_done": lambda n: (
        f"You embezzled {money(n.amount)} from {n.names[n.notice['target']]}"
        + (" (capped: they protected themselves)." if n.notice.get("capped") else ".")),
    "embezzled": lambda n: (
        f"{n.names[n.notice['by']]} embezzled {money(n.amount)} from you." if n.notice.get("by")
        is not None else f"Someone embezzled {money(n.amount)} from you."),
    "invest_bounced": lambda n: (
        f"{n.subject(n.notice['investor'])} could not cover an investment of "
        f"{money(n.amount)} in {n.who(n.notice['target'])}; nothing was paid."),
    "invested": lambda n: (
        f"{n.subject(n.notice['investor'])} invested {money(n.amount)} in "
        f"{n.who(n.notice['target'])}."),
    "extort_void": lambda n: (
        f"Your CEO extortion of {n.names[n.notice['target']]} at {n.co()} came to nothing: "
        "someone joined the company this round."),
    "extort_done": lambda n: (
        f"Your CEO extortion of {n.names[n.notice['target']]} at {n.co()} took {money(n.amount)}."),
    "extorted": lambda n: (
        f"You were the sole employee of {n.co()} and were CEO-extorted of {money(n.amount)}."),
    "slander_paid": lambda n: (
        f"{n.names[n.notice['target']]} was not the sole employee of {n.co()}: you paid "
        f"{money(n.amount)} in slander fees."),
    "slander_received": lambda n: (
        f"Someone tried to CEO-extort you at {n.co()} and paid you {money(n.amount)} in "
        "slander fees."),
    "mutual_backstab": lambda n: (
        f"Scandal! {n.subject(n.notice['players'][0])} and "
        f"{n.who(n.notice['players'][1])} backstabbed each other; both attempts failed "
        f"and each lost {money(max(n.notice['amounts']))}."),
    "backstabbed": lambda n: (
        f"{n.names[n.notice['by']]}, whom you protected, backstabbed you and took "
        f"{money(n.amount)}."),
    "backstab_done": lambda n: (
        f"Your backstab of {n.names[n.notice['target']]} took {money(n.amount)}."),
    "backstab_attempt": lambda n: (
        f"{n.names[n.notice['by']]} tried to backstab you and paid you {money(n.amount)}."),
    "backstab_failed": lambda n: (
        f"{n.names[n.notice['target']]} was not protecting you: your backstab failed and you "
        f"paid them {money(n.amount)}."),
    "outer_named": lambda n: (
        f"{n.names[n.notice['outer']]} tried to out {n.names[n.notice['target']]}, "
        "whom you covered for."),
    "outing_failed": lambda n: (
        f"Your outing of {n.names[n.notice['target']]} failed: someone covered for them."),
    "outed": lambda n: (
        f"{n.subject(n.notice['target'])} "
        f"{'have' if n.notice['target'] == n.you else 'has'} been outed: works for "
        + (", ".join(company_name(c) for c in n.notice["companies"]) or "no company")
        + f"; moves in round {n.notice['moves_round']}: "
        + orders_text(n.notice["moves"], n.names) + "."),
    "bribe_offered": lambda n: (
        f"Someone offers a bribe of {money(n.amount)} to be hired into {n.co()}. It can be "
        f"accepted this round only (round {n.notice['round'] + 1}), with: accept bribe "
        f"{n.amount} from <name> to {company_name(n.notice['company']).lower()}."),
    "game_over": lambda n: "The game is over: " + _winners(n.notice, n.names, n.you) + ".",
    # the gamemaster's own notes (said in the reveal, never to a seat)
    "pinkslip": lambda n: (f"{', '.join(n.names[s] for s in n.notice['by'])} pink-slipped "
                           f"{n.names[n.notice['target']]} at {n.co()} together."),
    "protect_failed": lambda n: (
        f"{n.names[n.notice['protector']]}'s protection of {n.names[n.notice['target']]} "
        "failed: a player who is crashing cannot be protected."),
    "coverup_failed": lambda n: (
        f"{n.names[n.notice['coverer']]}'s cover-up for {n.names[n.notice['target']]} "
        "failed: nobody can be protected and covered up for at once."),
}
"""Each kind of notice's sentence."""


def _winners(notice: Mapping[str, Any], names: Sequence[str], you: int | None) -> str:
    top = notice["ranking"][0]
    richest = money(notice["money"][top[0]])
    people = " and ".join("you" if seat == you else names[seat] for seat in top)
    if len(top) > 1:
        return f"{people} share the win with {richest} each"
    return f"{people} {'win' if top[0] == you else 'wins'} with {richest}"


WORKS, WORKS_NOT = "1", "no"
"""A letter's employment row: the seed's "1" under a company you work for; where the seed
prints its spreadsheet's "FALSE", a plain "no" (docs/rules/rexfurum.md, "Employment row")."""


def report_text(report: Mapping[str, Any], names: Sequence[str], seat: int, rounds: int,
                companies: int, ends_at: str | None = None, round_minutes: int = 20) -> str:
    """The seed's round-beginning email: net worth, earnings, salary, name, employment,
    company employee totals, when the round ends, and the announcements received."""
    head, tail = REPORT_PARTS(report, (tuple(names), seat, rounds, companies),
                              lambda: _report_parts(report, names, seat, rounds, companies))
    ends: list[str] = []
    if not report["final"]:
        when = ends_at or f"{round_minutes} minutes after it began"
        ends = [f"  Round {report['round']} ends: {when}", ""]
    return "\n".join(head + ends + tail).rstrip() + "\n"


def _report_parts(report: Mapping[str, Any], names: Sequence[str], seat: int, rounds: int,
                  companies: int) -> tuple[list[str], list[str]]:
    """A letter's lines before and after the line saying when its round ends: the letter of
    a round still open and the same letter once closed differ only there."""
    lines: list[str] = []
    title = ("REX FURUM: final report" if report["final"]
             else f"REX FURUM: round {report['round']} of {rounds}")
    lines += [title, "", f"Dear {names[seat]},", ""]
    earned = report["earned_last"]
    lines.append(f"  Total net worth      {money(report['money'])}")
    lines.append("  Earnings last round  " + ("-" if earned is None else money(earned)))
    if not report["final"]:
        lines.append(f"  Salary               {money(report['salary'])}")
    lines.append(f"  Player               {names[seat]}")
    lines.append("")
    heads = [company_name(c) for c in range(companies)]
    width = max(len(h) for h in heads) + 2
    lines.append("  Employment           " + "".join(h.ljust(width) for h in heads))
    lines.append("                       " + "".join(
        (WORKS if c in report["jobs"] else WORKS_NOT).ljust(width) for c in range(companies)))
    lines.append("  Company employees    " + "".join(
        str(count).ljust(width) for count in report["totals"]))
    lines.append("")
    head, lines = lines, []
    if report.get("orders_last") is not None:
        lines.append("Your orders last round: " + orders_text(report["orders_last"], names))
        lines.append("")
    public = [n for n in report["notices"] if n["kind"] in PUBLIC_KINDS]
    private = [n for n in report["notices"] if n["kind"] not in PUBLIC_KINDS]
    if public:
        lines.append("Announcements")
        lines += [f"  - {notice_text(n, names, seat)}" for n in public]
        lines.append("")
    if private:
        lines.append("For your eyes only")
        lines += [f"  - {notice_text(n, names, seat)}" for n in private]
        lines.append("")
    lines.append("Standings" if len(report["standings"]) > 1 else "Your figures")
    ordered = sorted(report["standings"], key=lambda row: (-row[1], row[0]))
    for place, (who, worth, earned_last) in enumerate(ordered, start=1):
        change = "" if earned_last is None else f"  (last round {money(earned_last)})"
        marker = "  <- you" if who == seat else ""
        lines.append(f"  {place:>2}. {names[who]:<14} {money(worth):>12}{change}{marker}")
    return head, lines


REPORT_PARTS: IdentityMemo[tuple[list[str], list[str]]] = IdentityMemo(2048)
"""A report's letter, less its deadline line, by the report record (written once when its
round begins, never changed): the open letter and the closed one share it."""


def ledger_text(ledger: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
    """The GM's ledger: every dollar moved, and the rule that moved it."""
    lines = [f"{'round':>5}  {'from':<14} {'to':<14} {'amount':>12}  rule"]
    for line in ledger:
        payer = "(bank)" if line["from"] is None else names[line["from"]]
        payee = "(vanished)" if line["to"] is None else names[line["to"]]
        if line["from"] is None and line["rule"] != "salary":
            payer = "(new money)"
        lines.append(f"{line['round']:>5}  {payer:<14} {payee:<14} "
                     f"{money(line['amount']):>12}  {line['rule']}")
    return "\n".join(lines) + "\n"


def would_be_read(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """Orders checked while they are typed: how they would be read, nothing sent yet."""
    text = (f"Would be read as: {orders_text(data['orders'], names)} "
            f"({data['points']} of {data['budget']} action points); not sent yet")
    if data.get("replaced"):
        text += "; sending them would replace your earlier orders for this round"
    elif data.get("appended"):
        text += "; sending them would add to your earlier orders for this round"
    return text + "."


def acknowledgement(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """What a player is told when their orders arrive: the orders as understood, the points
    used, and what became of earlier orders this round."""
    text = (f"Round {data['round']} orders received: {orders_text(data['orders'], names)} "
            f"({data['points']} of {data['budget']} action points)")
    if data.get("replaced"):
        text += "; these replace your earlier orders for this round"
    elif data.get("appended"):
        text += "; added to your earlier orders for this round"
    return text + "."



def mail_help(options: Mapping[str, Any]) -> str:
    """How to write orders by email, and what a second email in the same round does."""
    again = ("A later email in the same round adds its orders to the earlier ones, within "
             "your action points." if options["resubmission"] == "append" else
             "A later email in the same round replaces your earlier orders entirely, so "
             "send all your orders each time.")
    return "\n".join([
        f"Reply with your orders, one or several, in the game's notation "
        f"({options['action_points']} action points a round; crash costs 2, invest 0, "
        "everything else 1):",
        "  embezzle NAME | out NAME | pinkslip NAME at COMPANY | extort NAME at COMPANY",
        "  crash COMPANY | backstab NAME | protect NAME (or self) | coverup for NAME",
        "  bribe AMOUNT COMPANY | accept bribe AMOUNT from NAME to COMPANY",
        "  enter empty COMPANY | quit COMPANY | invest AMOUNT NAME",
        "Example: bribe 4000 gamma protect stephen pinkslip arthur at beta",
        again + " Orders count until the round ends; mail that arrives later changes "
        "nothing.",
    ])
