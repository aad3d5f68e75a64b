"""Playthrough golden files, in the spirit of OpenSpiel's: a seeded log plus what every
viewer saw after each step. A change in any rule or view shows up as a diff.

File format (text, one JSON value per line after its label):

    # hacktable playthrough
    match: {"game": ..., "seats": [...], "options": {...}, "seed": ..., "bots": [...]}
    == start
    prompt 0: {...}
    view 0: {...}
    == entry 1
    entry: {...}
    event: {...}
    view 0: {...}

After the start, a viewer's view is written only when it changed; prompts likewise.
Regenerate on purpose with `scripts/regenerate_playthroughs.py`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hacktable.engine.contract import GM, SPECTATOR, Viewer
from hacktable.engine.match import Entry, Match
from hacktable.engine.parts import AnyGame

HEADER = "# hacktable playthrough"


@dataclass(frozen=True)
class Scenario:
    """What a playthrough file records: the match set-up and which bots produced its log
    (`hacktable.sim.runner.play_match` plays them)."""

    game: str
    seats: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    bots: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": list(self.seats), "options": dict(self.options),
                "seed": self.seed, "bots": list(self.bots)}


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _viewer_label(viewer: Viewer) -> str:
    return str(viewer)


def render(match: Match, scenario: Scenario) -> str:
    """Replay `match`'s log from scratch and write what every viewer saw after each step."""
    game = match.game
    fresh = Match(game, scenario.seats, scenario.options, scenario.seed)
    lines = [HEADER, "match: " + _dump(scenario.to_json())]
    seen_views: dict[str, str] = {}
    seen_prompts: dict[str, str] = {}
    audience: list[Viewer] = [*range(len(fresh.seats)), SPECTATOR, GM]

    def snapshot(always: bool) -> None:
        prompts = fresh.prompts()
        for seat in range(len(fresh.seats)):
            prompt = prompts.get(seat)
            text = _dump(prompt.to_json() if prompt else None)
            if always or seen_prompts.get(str(seat)) != text:
                lines.append(f"prompt {seat}: {text}")
                seen_prompts[str(seat)] = text
        for viewer in audience:
            label = _viewer_label(viewer)
            text = _dump(fresh.view(viewer))
            if always or seen_views.get(label) != text:
                lines.append(f"view {label}: {text}")
                seen_views[label] = text
        outcome = fresh.outcome()
        if outcome is not None:
            lines.append("outcome: " + _dump(outcome.to_json()))

    lines.append("== start")
    snapshot(always=True)
    for entry in match.log:
        lines.append(f"== entry {entry.seq}")
        lines.append("entry: " + _dump(entry.to_json()))
        for event in fresh.apply_entry(entry):
            lines.append("event: " + _dump(event.to_json()))
        snapshot(always=False)
    return "\n".join(lines) + "\n"


def read(text: str) -> tuple[Scenario, list[Entry]]:
    """The scenario and the log stored in a playthrough file."""
    lines = text.splitlines()
    if not lines or lines[0] != HEADER:
        raise ValueError("not a hacktable playthrough file")
    header = json.loads(lines[1].removeprefix("match: "))
    scenario = Scenario(header["game"], tuple(header["seats"]), header["options"],
                        header["seed"], tuple(header["bots"]))
    entries = [Entry.from_json(json.loads(line.removeprefix("entry: ")))
               for line in lines if line.startswith("entry: ")]
    return scenario, entries


def replay(game: AnyGame, scenario: Scenario, entries: Sequence[Entry]) -> Match:
    """The match a playthrough recorded, of `game` (the one `scenario.game` names)."""
    return Match.replay(game, scenario.seats, scenario.options, scenario.seed, entries)


def files_for(root: Path, game_id: str) -> list[Path]:
    return sorted((root / game_id).glob("*.txt"))


def first_difference(expected: str, actual: str) -> str:
    """Where two playthroughs part ways, for a readable test failure."""
    for number, (old, new) in enumerate(zip(expected.splitlines(), actual.splitlines(),
                                            strict=False), start=1):
        if old != new:
            return f"line {number}:\n  expected {old[:300]}\n  actual   {new[:300]}"
    return "files differ in length"
