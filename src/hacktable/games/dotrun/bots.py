"""./Run bots: one crew member who plans, hacks or runs as the turn needs.

Each decides from its seat's view alone. Bots cannot talk, but planning choices are
visible to the team, so every bot computes the same team plan from the same view and takes
its own part, keeping whatever people at the table already chose.

- Hacking: a bot solves its task with the task source's `solve` (from the task's public
  part, as a person would) with the chance its `Skill` gives for that colour and ring;
  otherwise it gives up with an empty answer, which fails. A blue task is a recording:
  the bot asks for its seat's media (`wants_media`: the runner hands it `media`, the same
  spec the media route renders for that seat's person) and hears the spoken digits with
  the same chance; it never sees another seat's task.
- Running: placed cards cannot be looked at, not even by their owner, and the server
  builds a fresh bot for every move, so a bot cannot remember its row. It therefore picks
  its row at the start of the stress phase from what will not change during it (pawns,
  plans, lockouts), and fills it left to right, keeping a card only if it is the next one
  its row needs: the row's length then tells it exactly what it holds. It draws at the
  table's pace (never ahead of a runner still drawing) and at most `Skill.draws` cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from hacktable.engine.contract import BaseBot, Prompt
from hacktable.games.dotrun import tasking
from hacktable.games.dotrun.actions import (
    Action,
    Answer,
    Discard,
    Draw,
    Hack,
    Hold,
    Place,
    Run,
    Start,
    Stop,
)
from hacktable.games.dotrun.board import load
from hacktable.games.dotrun.strategy import (
    NOOP,
    SKILLS,
    Reading,
    Skill,
    accepted,
    open_chances,
    start_targets,
    team_plan,
)
from hacktable.games.dotrun.views import DotrunView

View = DotrunView
TEAM_SKILL = SKILLS["crew"]
"""The skill every bot assumes of the team when planning: bots cannot talk, so a mixed
table (a novice, an expert) must compute one plan alike, or each would take its part of a
different plan. A bot's own skill still decides how well it hacks and how fast it draws."""


class CrewBot(BaseBot):
    """A heuristic crew member; `skill` sets its hacking chances and drawing speed."""

    personality = "crew"
    wants_media: ClassVar[bool] = True
    media: Callable[[str], Mapping[str, Any] | None] | None = None
    """Set by the runner before `act`: this seat's media by id (its own recording only)."""

    def __init__(self, skill: Skill | None = None,
                 source: tasking.TaskSource | None = None) -> None:
        self.skill = skill or SKILLS[self.personality]
        self.source = source

    def act(self, view: View, prompt: Prompt, legal: Sequence[Action] | None,
            rng: random.Random) -> Action | None:
        kind = prompt.kind
        if kind == "start":
            return self.start(view)
        if kind == "plan":
            return self.plan(view)
        if kind == "hack":
            return self.hack(view, prompt, rng)
        if kind in ("draw", "place"):
            return self.run(view)
        return None

    # -- the phases --------------------------------------------------------------------

    def start(self, view: View) -> Action:
        board = load(view["board"]["name"])
        taken = {p for s, p in enumerate(view["pawns"]) if s != view["seat"]}
        return Start(next(s for s in start_targets(board) if s not in taken))

    def plan(self, view: View) -> Action:
        seat = view["seat"]
        reading = Reading(view, TEAM_SKILL)
        fixed = [None if s == seat else p for s, p in enumerate(view["plans"])]
        mine = team_plan(reading, fixed)[seat]
        if mine["do"] == "hack":
            return Hack(mine["path"])
        return Run() if mine["do"] == "run" else Hold()

    def hack(self, view: View, prompt: Prompt, rng: random.Random) -> Action:
        task = view["task"] or prompt.data["task"]
        source = self.source or tasking.source(view.get("tasks", "seed"))
        answer = source.solve(task["kind"], task["public"])
        if answer is None and task["kind"] == "audio":
            answer = self.listen(task["public"])
        colour, ring = prompt.data["colour"], prompt.data["ring"]
        if answer is None or rng.random() >= self.skill.chance(colour, ring):
            return Answer("")
        return Answer(answer)

    def listen(self, public: Mapping[str, Any]) -> str | None:
        """The digits a blue recording speaks, heard through this seat's media (None when
        the runner gives the bot no ears, e.g. a table that cannot render audio)."""
        audio = public.get("audio") or {}
        found = self.media(str(audio.get("id", ""))) if self.media is not None else None
        spec = (found or {}).get("spec") or {}
        digits = spec.get("digits")
        return str(digits) if digits else None

    def run(self, view: View) -> Action | None:
        seat = view["seat"]
        row = self.row(view)
        placed = view["rows"][seat]
        card = view["hand"]
        if card is not None:
            if placed < 3 and card in accepted(row, placed):
                return Place("right")
            return Discard()
        if placed >= 3:
            return None
        if view["draws"][seat] >= self.skill.draws or row == (NOOP, NOOP, NOOP):
            return Stop()
        others = [view["draws"][s] for s in range(len(view["players"]))
                  if s != seat and (plan := view["plans"][s]) is not None and plan["do"] == "run"
                  and not view["done"][s]]
        if others and view["draws"][seat] > min(others):
            return None  # wait for the table: everyone draws at about the same speed
        return Draw()

    def row(self, view: View) -> tuple[str, ...]:
        """The row this bot is building this turn, from what the stress phase leaves as is."""
        reading = Reading(view, TEAM_SKILL)
        opens = open_chances(reading, view["plans"])
        return reading.best_row(reading.pawns[view["seat"]], opens, self.skill.draws)[1]


class NoviceBot(CrewBot):
    """Slow hands: solves fewer tasks, draws fewer cards."""

    personality = "novice"


class ExpertBot(CrewBot):
    """Fast hands: solves most tasks, draws more cards."""

    personality = "expert"


BOTS: dict[str, type] = {bot.personality: bot for bot in (CrewBot, NoviceBot, ExpertBot)}
