"""Rule options: each game declares its knobs with a type, a range and the seed's default."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from hacktable.engine.errors import OptionError, Rejected

OptionValue = int | bool | str


@dataclass(frozen=True, slots=True)
class Option:
    """One rule knob. `default` comes from the seed; `help` says what it changes."""

    name: str
    default: OptionValue
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "choice"

    def describe_range(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return " | ".join(self.choices or ())
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"{low}..{high}"

    def validate(self, value: Any) -> OptionValue:
        """Return the value in its proper type, or raise `OptionError` saying why not.

        Strings are accepted for every kind, so that command-line and form input work.
        """
        if self.kind == "bool":
            return self._as_bool(value)
        if self.kind == "int":
            number = self._as_int(value)
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"Option {self.name} must be at least {self.minimum}.")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"Option {self.name} must be at most {self.maximum}.")
            return number
        text = str(value).strip().lower()
        if text not in (self.choices or ()):
            raise OptionError(
                f"Option {self.name} must be one of: {', '.join(self.choices or ())}."
            )
        return text

    def _as_bool(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise OptionError(f"Option {self.name} must be true or false, not {value!r}.")

    def _as_int(self, value: Any) -> int:
        if isinstance(value, bool):
            raise OptionError(f"Option {self.name} must be a whole number, not {value!r}.")
        if isinstance(value, int):
            return value
        try:
            return int(str(value).replace("_", "").replace(",", "").strip())
        except ValueError:
            raise OptionError(
                f"Option {self.name} must be a whole number, not {value!r}."
            ) from None


class OptionSchema:
    """The ordered set of a game's options."""

    def __init__(self, options: Iterable[Option]) -> None:
        self._options = {option.name: option for option in options}

    def __iter__(self) -> Iterator[Option]:
        return iter(self._options.values())

    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def defaults(self) -> dict[str, OptionValue]:
        return {name: option.default for name, option in self._options.items()}

    def resolve(self, given: Mapping[str, Any] | None = None) -> dict[str, OptionValue]:
        """Every option with its value: the given ones validated, the rest at default."""
        given = dict(given or {})
        unknown = sorted(set(given) - set(self._options))
        if unknown:
            known = ", ".join(self._options) or "none"
            raise OptionError(f"Unknown option {unknown[0]!r}; this game's options are: {known}.")
        resolved: dict[str, OptionValue] = {}
        for name, option in self._options.items():
            resolved[name] = option.validate(given[name]) if name in given else option.default
        return resolved


def parse_options(pairs: list[str]) -> dict[str, str]:
    """`name=value` pairs into a dict; the game's option schema checks the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise Rejected(f"Write options as name=value, not {pair!r}.")
        options[name.strip()] = value.strip()
    return options
