"""Blind Bids' screen rows, from one viewer's view: the bid buttons and the rounds so far."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def prepare(context: Mapping[str, Any]) -> dict[str, Any]:
    view = context.get("view") or {}
    names = view.get("players") or []
    legal = context.get("legal") or []
    return {"bb": {
        "bids": [{"card": move["bid"], "json": json.dumps(move)} for move in legal],
        "rounds": [{"prize": past["prize"], "bids": past["bids"],
                    "taker": names[past["winner"]] if past["winner"] is not None else "nobody"}
                   for past in view.get("history") or []],
        "hand": view.get("hand"), "prize": view.get("prize"),
        "points": list(zip(names, view.get("points") or [], strict=False)),
    }}
