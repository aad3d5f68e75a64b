"""The shape of a Rex Furum state, key for key (`rules` describes what each key means).

A state is plain JSON at runtime (the match log replays it, the engine deep-copies it as
JSON): these TypedDicts only name its keys for the type checker, they build nothing.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class RexfurumOptions(TypedDict):
    """The resolved rule options (`options.OPTIONS` says what each one does). A choice is
    a `str` (its choices in a comment): views carry the options, and the view checker
    in the tests reads plain types."""

    rounds: int
    round_minutes: int
    action_points: int
    companies: int
    starting_money: int
    salary: int
    embezzle_per_company: int
    self_protect_cap: int
    extort_reward: int
    slander_fee: int
    crash_fee: int
    backstab_per_company: int
    backstab_fine: int
    invest_limit: int
    pinkslip_quorum: int
    negative_money: bool
    early_close: bool
    resubmission: str  # replace | append
    starting_companies: str  # balanced | independent
    backstab_count: str  # sum | shared
    outing_reveals: str  # resolved_round | previous_round
    public_money: bool
    crasher_joins: bool
    press: str  # full | public | none
    reveal_press: bool


class OrderJson(TypedDict):
    """One order as the log and the state hold it (`Order.to_json`): its verb and the
    whole-number fields that verb has."""

    do: str
    target: NotRequired[int]
    company: NotRequired[int]
    amount: NotRequired[int]
    briber: NotRequired[int]


class SubmitJson(TypedDict):
    """A seat's orders for the round as the log holds them (`Submit.to_json`)."""

    orders: list[OrderJson]


Notice = dict[str, Any]
"""An event told to a seat, as its report keeps it: the event's data plus its `kind`. Its
other keys depend on the kind (`text.notice_text` reads each), so they stay untyped."""


class BribeOffer(TypedDict):
    """A bribe offered last round, acceptable this round."""

    briber: int
    amount: int
    company: int


LedgerLine = TypedDict("LedgerLine", {
    "round": int,
    "from": int | None,
    "to": int | None,
    "amount": int,
    "rule": str,
})
"""One movement of money and the rule that moved it; None on either side is the bank
(which pays salaries and swallows fines)."""


class Report(TypedDict):
    """A seat's report for one round, as the state keeps it and its view shows it.
    `standings` rows are [seat, money, earned last round or None]; `notices` are the
    round's events this seat may read."""

    round: int
    final: bool
    money: int
    earned_last: int | None
    salary: int
    jobs: list[int]
    totals: list[int]
    standings: list[list[int | None]]
    orders_last: list[OrderJson] | None
    notices: list[Notice]


class RexfurumState(TypedDict):
    """A whole Rex Furum match (`rules.setup` deals it), every list by seat."""

    names: list[str]
    options: RexfurumOptions
    round: int
    over: bool
    money: list[int]
    jobs: list[list[int]]
    orders: list[list[OrderJson] | None]
    history: list[list[list[OrderJson]]]
    crashing: list[list[int]]
    bribes: list[BribeOffer]
    round_base: list[int]
    reports: list[list[Report]]
    ledger: list[LedgerLine]
    announcements: list[Notice]
