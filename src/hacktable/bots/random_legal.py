"""The random-legal bot: the baseline and fuzzer for any game that lists its legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from hacktable.engine.contract import Action, BaseBot, Prompt


class RandomLegalBot(BaseBot):
    """Picks uniformly among the legal actions it is given, so it needs no game knowledge.

    `wants_legal` tells the runner to compute `legal_actions` for it; games whose own bots
    do not need the list are spared that (often costly) enumeration.
    """

    personality: ClassVar[str] = "random-legal"
    wants_legal: ClassVar[bool] = True

    def act(
        self, view: Any, prompt: Prompt, legal: Sequence[Action] | None, rng: random.Random
    ) -> Action | None:
        """One legal action, or None where the game gave no list or nothing is legal."""
        if not legal:
            return None
        return legal[rng.randrange(len(legal))]
