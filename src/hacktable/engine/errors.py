"""Errors that cross the engine boundary.

Every illegal input ends in `Rejected`, whose `reason` is a sentence addressed to the
player: it says what was wrong and, where possible, what to do instead.
"""


class Rejected(Exception):
    """An input the rules do not allow. The match is left exactly as it was."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NeedsConfirmation(Rejected):
    """A legal move with a grave consequence the player must accept first; `confirmed` is
    the same move carrying its confirmation, for a client that asked and was told yes."""

    def __init__(self, reason: str, confirmed: object) -> None:
        super().__init__(reason)
        self.confirmed = confirmed


class OptionError(Rejected):
    """A rule option that the game does not declare, or a value outside its range."""


class UnknownGame(Rejected):
    """A game id that is not in the registry."""
