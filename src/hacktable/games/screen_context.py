"""What every game's screen builder reads from the context the web layer hands it.

The builders live with their games (`games/<id>/screen/`), below the web layer, so the
little they share about the context lives here rather than in `web/`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def closed(context: Mapping[str, Any]) -> bool:
    """Whether the match is over (or the host ended it): then no screen asks anyone for a
    move, whatever turn the game was at when it stopped."""
    return (context.get("match") or {}).get("status") in ("over", "ended")
