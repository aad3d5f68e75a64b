"""Rex Furum on the engine contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from hacktable.engine.contract import (
    GM,
    JSON,
    SPECTATOR,
    BaseGame,
    Event,
    Outcome,
    Prompt,
    SpielCoverage,
    Viewer,
)
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.memo import IdentityMemo
from hacktable.engine.options import OptionValue
from hacktable.engine.press import FULL, NONE, TABLE_ONLY, PressRule
from hacktable.games.rexfurum import hidden, reveal, rules, text, views
from hacktable.games.rexfurum.listing import single_orders
from hacktable.games.rexfurum.notation import parse_orders
from hacktable.games.rexfurum.options import OPTIONS
from hacktable.games.rexfurum.orders import (
    Protect,
    Submit,
    SubmitJson,
    submit_from_json,
)
from hacktable.games.rexfurum.state import RexfurumState
from hacktable.games.rexfurum.views import RexfurumView

CLOSED_SOFAR: IdentityMemo[str] = IdentityMemo(512)
"""A seat's closed letters so far, joined, by the last one's report record (a report never
changes once written; each seat needs only its latest)."""
LETTER_BREAK = "\n" + "-" * 60 + "\n\n"


class RexFurum(BaseGame[RexfurumState, Submit, RexfurumView]):
    """Simultaneous secret orders, resolved by a perfect gamemaster."""

    id = "rexfurum"
    name = "Rex Furum"
    min_seats = 4
    max_seats = 10
    options = OPTIONS
    credits = "Rex Furum by Felix Park."
    playthrough_options: ClassVar[dict[str, int]] = {"rounds": 3}
    pace_option = "early_close"
    strongest_bot = "opportunist"
    score_label = "money"
    screen_shows_outcome = True
    spiel = SpielCoverage("listed", (
        "a seat may send up to three orders a round, but the list holds the single orders "
        "(and none): in OpenSpiel each seat sends at most one order a round"))
    fuzz_words = ("embezzle", "out", "pinkslip", "at", "extort", "crash", "backstab", "protect",
                  "self", "coverup", "for", "bribe", "accept", "from", "to", "enter", "empty",
                  "quit", "invest", "alpha", "beta", "gamma", "delta", "4000", "10k", "99999")

    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> RexfurumState:
        return rules.setup(seats, options, rng)

    def check_names(self, seats: Sequence[str], options: Mapping[str, OptionValue]) -> None:
        rules.check_names(seats)  # the one rule of the set-up that reads names

    def prompts(self, state: RexfurumState) -> dict[int, Prompt]:
        return rules.prompts(state)

    def press(self, state: RexfurumState | None, options: Mapping[str, OptionValue]) -> PressRule:
        """The seed's "talking with other players is the main action outside of the game":
        the host picks `press` = full (private, group and table), public (table only) or
        none (gunboat), docs/rules/rexfurum.md, "Press"."""
        return {"full": FULL, "public": TABLE_ONLY, "none": NONE}[
            str(options.get("press", "full"))]

    def apply(self, state: RexfurumState, seat: int, action: Submit,
              rng: random.Random) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat < len(state["names"]):
            raise Rejected(f"There is no seat {seat!r} at this table.")
        return rules.submit(state, seat, action)

    def preview(self, state: RexfurumState, seat: int, action: Submit) -> list[Event]:
        """The acknowledgement the orders would get, without resolving anything (even when
        they would be the last orders of an early-closing round)."""
        if not isinstance(seat, int) or not 0 <= seat < len(state["names"]):
            raise Rejected(f"There is no seat {seat!r} at this table.")
        if state["over"]:
            raise Rejected("The game is over; no more orders can be sent.")
        ack = rules.acknowledge(state, seat, action)[1]
        return [Event("orders_preview", ack.data, ack.audience)]  # read, not yet received

    def timeout(self, state: RexfurumState, rng: random.Random) -> list[Event]:
        return rules.close_round(state)

    def phase_key(self, state: RexfurumState) -> str:
        """A round is a phase: its deadline starts when it begins."""
        return "over" if state["over"] else f"round {state['round']}"

    def phase_label(self, state: RexfurumState) -> str:
        return "the end of the game" if state["over"] else f"round {state['round']}"

    def letter(self, view: RexfurumView, ends_at: str | None = None) -> str:
        """The seed's round-beginning email: the seat's latest report alone."""
        if "seat" not in view or not view["reports"]:
            return self.render(view, ends_at)
        return text.report_text(view["reports"][-1], view["players"], view["seat"],
                                view["rounds"], len(view["companies"]), ends_at,
                                view["round_minutes"])

    def notation_help(self, state: RexfurumState) -> str:
        return text.mail_help(state["options"])

    def view(self, state: RexfurumState, viewer: Viewer) -> RexfurumView:
        if viewer not in (GM, SPECTATOR) and not (
            isinstance(viewer, int) and 0 <= viewer < len(state["names"])
        ):
            raise Rejected(f"There is no seat {viewer!r} at this table.")
        result = views.view(state, viewer)
        result["invest_limit"] = state["options"]["invest_limit"]
        return result

    def outcome(self, state: RexfurumState) -> Outcome | None:
        return rules.outcome(state)

    def legal_actions(self, state: RexfurumState, seat: int) -> list[Submit] | None:
        if state["over"]:
            return []
        view = self.view(state, seat)
        candidates = [Submit(())] + [Submit((order,)) for order in single_orders(view)]
        earlier = (rules.current_orders(state, seat)
                   if state["options"]["resubmission"] == "append" else ())
        legal = []
        for action in candidates:
            try:
                rules.check_submission(state, seat, earlier + action.orders)
            except Rejected:
                continue
            legal.append(action)
        return legal

    def parse(self, state: RexfurumState, seat: int, text_: str) -> Submit:
        return parse_orders(text_, state["names"], seat, state["options"]["companies"])

    def action_to_json(self, action: Submit) -> SubmitJson:
        if not isinstance(action, Submit):
            raise Rejected("A Rex Furum seat sends orders.")
        return action.to_json()

    def action_from_json(self, data: JSON) -> Submit:
        return submit_from_json(data)

    def action_labels(self, action: Submit) -> list[str]:
        return [order.verb for order in action.orders] or ["(no orders)"]

    def describe(self, event: Event, state: RexfurumState) -> str:
        names = state["names"]
        if event.kind == "report":
            if event.data.get("final"):
                return "the final report"
            return f"the letter for round {event.data['round']}"
        if event.kind == "orders_received":
            return text.acknowledgement(event.data, names)
        if event.kind == "orders_preview":
            return text.would_be_read(event.data, names)
        if event.kind == "ledger":
            return f"Ledger: {reveal.ledger_words(event.data, names)}"
        return text.notice_text(dict(event.data, kind=event.kind), names)

    def reveal_move(self, state: RexfurumState, seat: int, action: Submit) -> str | None:
        """Orders as the seed writes them, for the end-of-match reveal."""
        orders = self.action_to_json(action).get("orders")
        return f"sent orders: {text.orders_text(orders, state['names'])}"

    def reveal_sections(self, start: RexfurumState, end: RexfurumState) -> list[tuple[str, str]]:
        return reveal.sections(end)

    def render(self, view: RexfurumView, ends_at: str | None = None) -> str:
        """A view in words: a seat's reports, or the GM's orders and ledger."""
        names = view["players"]
        companies = len(view["companies"])
        if view.get("gm"):
            state = view["state"]
            parts = ["REX FURUM: gamemaster's book", ""]
            for number, round_orders in enumerate(view["history_text"], start=1):
                parts.append(f"Round {number} orders")
                parts += [f"  {names[seat]:<14} {orders}" for seat, orders in
                          enumerate(round_orders)]
                parts.append("")
            parts.append("Ledger")
            parts.append(text.ledger_text(state["ledger"], names))
            return "\n".join(parts)
        if "seat" not in view:
            lines = ["REX FURUM: public record", ""]
            lines += [f"  - {text.notice_text(n, names)}" for n in view["announcements"]]
            return "\n".join(lines) + "\n"
        rounds, seat, minutes = view["rounds"], view["seat"], view["round_minutes"]
        reports = view["reports"]
        key = (tuple(names), seat, rounds, companies, minutes)

        def closed(count: int) -> str:
            """The first `count` letters, joined, so a render costs the open letter, not
            every letter of the match (a report's lines are kept too: `text.report_text`)."""
            record = reports[count - 1]

            def letters() -> str:
                letter = text.report_text(record, names, seat, rounds, companies, None,
                                          minutes)
                return letter if count == 1 else closed(count - 1) + LETTER_BREAK + letter
            return CLOSED_SOFAR(record, (key, count), letters)

        if not reports:
            return "\n"
        current = text.report_text(reports[-1], names, seat, rounds, companies, ends_at,
                                   minutes)
        if len(reports) == 1:
            return "\n" + current
        return "\n" + closed(len(reports) - 1) + LETTER_BREAK + current

    def redeal(self, state: RexfurumState, seat: int, rng: random.Random) -> RexfurumState:
        """Re-deal what `seat` cannot know: other players' companies (each company keeps its
        total, and a player whose companies an outing announced keeps them where the totals
        allow), other players' pending orders, who made the open bribes, and the other
        players' private reports (each gets the public part of this seat's own)."""

        new = tree_copy(state)
        n = len(new["names"])
        others = [p for p in range(n) if p != seat]
        for company in range(new["options"]["companies"]):
            holders = [p for p in others if company in new["jobs"][p]]
            for p in holders:
                new["jobs"][p].remove(company)
            for p in rng.sample(others, len(holders)):
                new["jobs"][p].append(company)
                new["jobs"][p].sort()
        for p in others:
            if new["orders"][p] is not None:
                new["orders"][p] = rng.choice([[], [Protect(p).to_json()]])
            new["crashing"][p] = []
        for bribe in new["bribes"]:
            if bribe["briber"] != seat:
                bribe["briber"] = rng.choice(others)
        new["history"] = [[orders if p == seat else [] for p, orders in enumerate(rnd)]
                          for rnd in new["history"]]
        return hidden.as_told(new, seat, rng)

    def search_sample(self, state: RexfurumState, seat: int,
                      rng: random.Random) -> RexfurumState:
        """The re-dealt state with the other players' orders for this round unsent, sent or
        not: the search's model of them chooses them."""
        new = self.redeal(state, seat, rng)
        for p in range(len(new["names"])):
            if p != seat:
                new["orders"][p] = None
        return new

    def check_invariants(self, state: RexfurumState) -> None:
        """Money is conserved: each player's net worth is the starting money plus every
        ledger line paid to them minus every line they paid."""
        expected = [state["options"]["starting_money"]] * len(state["names"])
        for line in state["ledger"]:
            if line["from"] is not None:
                expected[line["from"]] -= line["amount"]
            if line["to"] is not None:
                expected[line["to"]] += line["amount"]
            assert line["amount"] > 0, f"a ledger line moved nothing: {line}"
        assert expected == state["money"], f"money {state['money']} != ledger {expected}"
        if not state["options"]["negative_money"]:
            assert min(state["money"]) >= 0, "money fell below zero"

    def bots(self) -> dict[str, type]:
        from hacktable.games.rexfurum.bots import BOTS

        return BOTS


GAME = RexFurum()
