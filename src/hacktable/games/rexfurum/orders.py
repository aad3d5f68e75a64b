"""Rex Furum's thirteen actions as small typed records, with their action-point costs.

Players and companies are stored by number (seat index, company index); names appear only
when an order is written out in the seed's notation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, cast

from hacktable.engine.errors import Rejected
from hacktable.games.rexfurum.state import OrderJson, SubmitJson

COMPANIES = ("alpha", "beta", "gamma", "delta")
COMPANY_TITLES = {
    "alpha": "Alpha Ohrun Heavy Industries",
    "beta": "Betapoulos A.E.",
    "gamma": "the Gamma-Merck-Xiang Group",
    "delta": "Delta Telavara Armaments",
}


def company_name(index: int) -> str:
    return COMPANIES[index].capitalize()


@dataclass(frozen=True, slots=True)
class Order:
    """One order inside a round's submission."""

    verb: ClassVar[str] = ""
    cost: ClassVar[int] = 1

    def __post_init__(self) -> None:
        """Orders built in code reach the match log as JSON and must replay from it, so every
        field is refused here unless `order_from_json` would read it back: a whole number."""
        for name in FIELD_NAMES.get(type(self)) or [f.name for f in fields(self)]:
            value = getattr(self, name)
            if value.__class__ is not int:
                raise Rejected(f"The {self.verb} action needs a whole number for {name!r}.")

    def to_json(self) -> OrderJson:
        data: dict[str, Any] = {"do": self.verb}
        for name in FIELD_NAMES[type(self)]:
            data[name] = getattr(self, name)
        return cast(OrderJson, data)  # the verb's own fields, each a whole number

    def notation(self, names: Sequence[str]) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Embezzle(Order):
    """Take 10k per company you work for from the target, unless they are protected."""

    verb: ClassVar[str] = "embezzle"
    target: int

    def notation(self, names: Sequence[str]) -> str:
        return f"embezzle {names[self.target]}"


@dataclass(frozen=True, slots=True)
class Out(Order):
    """Broadcast the target's companies and moves, anonymously."""

    verb: ClassVar[str] = "out"
    target: int

    def notation(self, names: Sequence[str]) -> str:
        return f"out {names[self.target]}"


@dataclass(frozen=True, slots=True)
class PinkSlip(Order):
    """Fire the target from a company; needs two players in the same round."""

    verb: ClassVar[str] = "pinkslip"
    target: int
    company: int

    def notation(self, names: Sequence[str]) -> str:
        return f"pinkslip {names[self.target]} at {COMPANIES[self.company]}"


@dataclass(frozen=True, slots=True)
class Extort(Order):
    """CEO extortion of the sole employee of a company."""

    verb: ClassVar[str] = "extort"
    target: int
    company: int

    def notation(self, names: Sequence[str]) -> str:
        return f"extort {names[self.target]} at {COMPANIES[self.company]}"


@dataclass(frozen=True, slots=True)
class Crash(Order):
    """Two consecutive rounds of this crash a company: everyone in it is fired and pays."""

    verb: ClassVar[str] = "crash"
    cost: ClassVar[int] = 2
    company: int

    def notation(self, names: Sequence[str]) -> str:
        return f"crash {COMPANIES[self.company]}"


@dataclass(frozen=True, slots=True)
class Backstab(Order):
    """Rob a player who protects you this round; pay them if they do not."""

    verb: ClassVar[str] = "backstab"
    target: int

    def notation(self, names: Sequence[str]) -> str:
        return f"backstab {names[self.target]}"


@dataclass(frozen=True, slots=True)
class Protect(Order):
    """Shield a player (or yourself, up to a cap) from embezzlement this round."""

    verb: ClassVar[str] = "protect"
    target: int

    def notation(self, names: Sequence[str]) -> str:
        return f"protect {names[self.target]}"


@dataclass(frozen=True, slots=True)
class CoverUp(Order):
    """Make outings of another player fail this round."""

    verb: ClassVar[str] = "coverup"
    target: int

    def notation(self, names: Sequence[str]) -> str:
        return f"coverup for {names[self.target]}"


@dataclass(frozen=True, slots=True)
class Bribe(Order):
    """Offer money to whoever in a company lets you in (acceptable next round)."""

    verb: ClassVar[str] = "bribe"
    amount: int
    company: int

    def notation(self, names: Sequence[str]) -> str:
        return f"bribe {self.amount} {COMPANIES[self.company]}"


@dataclass(frozen=True, slots=True)
class AcceptBribe(Order):
    """Take a bribe offered to your company, which hires the briber."""

    verb: ClassVar[str] = "accept"
    amount: int
    briber: int
    company: int

    def notation(self, names: Sequence[str]) -> str:
        return (f"accept bribe {self.amount} from {names[self.briber]} "
                f"to {COMPANIES[self.company]}")


@dataclass(frozen=True, slots=True)
class EnterEmpty(Order):
    """Join a company that has no employees."""

    verb: ClassVar[str] = "enter"
    company: int

    def notation(self, names: Sequence[str]) -> str:
        return f"enter empty {COMPANIES[self.company]}"


@dataclass(frozen=True, slots=True)
class Quit(Order):
    """Leave a company you work for."""

    verb: ClassVar[str] = "quit"
    company: int

    def notation(self, names: Sequence[str]) -> str:
        return f"quit {COMPANIES[self.company]}"


@dataclass(frozen=True, slots=True)
class Invest(Order):
    """Give a player money; costs no action point."""

    verb: ClassVar[str] = "invest"
    cost: ClassVar[int] = 0
    amount: int
    target: int

    def notation(self, names: Sequence[str]) -> str:
        return f"invest {self.amount} {names[self.target]}"


ORDER_TYPES: dict[str, type[Order]] = {
    cls.verb: cls
    for cls in (Embezzle, Out, PinkSlip, Extort, Crash, Backstab, Protect, CoverUp,
                Bribe, AcceptBribe, EnterEmpty, Quit, Invest)
}

FIELD_NAMES: dict[type[Order], tuple[str, ...]] = {
    cls: tuple(field.name for field in fields(cls)) for cls in ORDER_TYPES.values()
}


@dataclass(frozen=True, slots=True)
class Submit:
    """A player's orders for the round: the action a Rex Furum seat sends."""

    orders: tuple[Order, ...]

    def __post_init__(self) -> None:
        """Only orders may be submitted; a list is taken as the tuple it stands for."""
        if not isinstance(self.orders, tuple | list) or not all(
            isinstance(order, Order) for order in self.orders
        ):
            raise Rejected("A submission is a list of Rex Furum orders.")
        object.__setattr__(self, "orders", tuple(self.orders))

    @property
    def points(self) -> int:
        return sum(order.cost for order in self.orders)

    def to_json(self) -> SubmitJson:
        return {"orders": [order.to_json() for order in self.orders]}

    def notation(self, names: Sequence[str]) -> str:
        return " ".join(order.notation(names) for order in self.orders) or "(no orders)"


def order_from_json(data: Any) -> Order:
    """Rebuild one order from its JSON form, refusing anything malformed."""
    if not isinstance(data, Mapping):
        raise Rejected("Each order must be an object such as {\"do\": \"protect\", \"target\": 2}.")
    verb = data.get("do")
    cls = ORDER_TYPES.get(verb) if isinstance(verb, str) else None
    if cls is None:
        raise Rejected(f"Unknown action {verb!r}; the actions are: {', '.join(ORDER_TYPES)}.")
    names = FIELD_NAMES[cls]
    extra = set(data) - set(names) - {"do"}
    if extra:
        raise Rejected(f"The {verb} action has no field {sorted(extra)[0]!r}.")
    values = {}
    for name in names:
        value = data.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise Rejected(f"The {verb} action needs a whole number for {name!r}.")
        values[name] = value
    return cls(**values)


def submit_from_json(data: Any) -> Submit:
    if not isinstance(data, Mapping) or not isinstance(data.get("orders"), list):
        raise Rejected("Send your orders as {\"orders\": [...]}.")
    if set(data) - {"orders"}:
        raise Rejected("A submission has only one field, \"orders\".")
    if len(data["orders"]) > 64:
        raise Rejected("That is far more orders than a round allows.")
    return Submit(tuple(order_from_json(item) for item in data["orders"]))


_FROM_STATE: dict[tuple[tuple[str, Any], ...], Order] = {}


def order_from_state(data: Mapping[str, Any]) -> Order:
    """An order read back from the state, which only holds orders already checked on the way
    in; orders are immutable and recur every round, so each distinct one is parsed once."""
    key = tuple(data.items())
    try:
        return _FROM_STATE[key]
    except KeyError:
        order = _FROM_STATE[key] = order_from_json(data)
        if len(_FROM_STATE) > 4096:
            _FROM_STATE.clear()
        return order
    except TypeError:  # an unhashable value: let the full check say what is wrong
        return order_from_json(data)
