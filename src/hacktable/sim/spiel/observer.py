"""What a seat may know of an OpenSpiel state: its own view, never the hidden state.

OpenSpiel asks an observer for two things. The *observation* is the seat's view now. The
*information state* adds the seat's memory: a digest of its view at the deal, every event
it was told since and every action it chose (`Table.recall`), so two moments that look
alike but followed different pasts stay apart. The tensor is the PettingZoo environment's
feature-hashed view (`hacktable.sim.zoo.encode_view`), the recall hashed in as one more
leaf.

OpenSpiel's other observation kinds map onto hacktable's viewers: private information of
no player is the spectators' view, of all players the gamemaster's.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from hacktable.engine.contract import GM, SPECTATOR, Viewer
from hacktable.sim.encoding import OBS_SIZE, encode_view
from hacktable.sim.spiel.table import Table, view_json


class ViewObserver:
    """OpenSpiel's Python observer interface (`tensor`, `dict`, `set_from`, `string_from`)."""

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType | None,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"hacktable observers take no parameters, not {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.recall = kind.perfect_recall
        self.private = kind.private_info
        self.tensor = np.zeros(OBS_SIZE, np.float32)
        self.dict = {"view": self.tensor}

    def viewer(self, player: int) -> Viewer:
        if self.private == pyspiel.PrivateInfoType.NONE:
            return SPECTATOR
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return GM
        return player

    def seen(self, table: Table, player: int) -> dict[str, Any]:
        """What the observer shows of `table` to `player`, as JSON."""
        if table.state is None:
            return {"seat": player, "dealt": False}
        viewer = self.viewer(player)
        shown: dict[str, Any] = {"seat": player, "view": table.view(viewer)}
        if viewer == player:
            prompt = table.prompt(player)
            shown["prompt"] = None if prompt is None else prompt.to_json()
            if self.recall:
                shown["recall"] = table.recall[player]
        return shown

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = encode_view(self.seen(state.table, player), OBS_SIZE)

    def string_from(self, state: Any, player: int) -> str:
        return view_json(self.seen(state.table, player))
