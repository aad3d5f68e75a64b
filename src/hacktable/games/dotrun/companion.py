"""./Run companion: the hacking website of the seed, for groups playing on the physical board.

The seed's website: "everyone entered the same game ID" (here: the room code), "all hackers
should go to the website and select the color and ring of their terminal", "all the
hacking timers" run "30 seconds" in sync, "each hacker should have 'success' or 'failure'
in large letters on their screen", and "click on the 'I reached the center' button on the
website to receive your reward". The board, pawns, cards and alertness stay on the table.

The state machine, in plain sight:

    choose --(every seat chose)--> hack --(the deadline, always in full)--> choose (turn+1)
    choose --"I reached the center"--> over (won, with the reward)
    choose --"The alarm went off"----> over (lost)

State (JSON; declared key for key as `state.CompanionState`):
    names, options, turn, phase   "choose" | "hack" | "over"
    choices     per seat: None (not chosen yet), {"hack": False}, or
                {"hack": True, "colour", "ring", "goal"}; public
    tasks       per seat, hack phase only: the task with its secret (never in a view)
    answers     per seat, hack phase only: the typed answer (only its own seat sees it)
    last        the last hack phase's public results, or None
    revealed    per seat: its own last task with its answer, for its own eyes
    stats       tries and successes per colour and ring (`tasks.stats` shape); public
    per_seat    each seat's tries and successes; public
    guessable   passwords earlier red tasks made guessable (`avoid=`); never in a view
    result      None, or {"won", "by", "summary", "reward"}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, cast

from hacktable.engine.contract import (
    GM,
    SPECTATOR,
    BaseGame,
    Event,
    Outcome,
    Prompt,
    SpielCoverage,
    Viewer,
)
from hacktable.engine.copying import tree_copy
from hacktable.engine.errors import Rejected
from hacktable.engine.options import Option, OptionSchema, OptionValue
from hacktable.engine.press import channel_option, reveal_option
from hacktable.games.dotrun import companion_reward, tasking
from hacktable.games.dotrun.companion_moves import (
    COLOURS,
    RINGS,
    AnswerMove,
    ChooseMove,
    CompanionAction,
    PlainMove,
    choose,
)
from hacktable.games.dotrun.state import (
    Choice,
    CompanionOptions,
    CompanionResult,
    CompanionState,
    HackResult,
    MediaSpec,
    task_of,
)
from hacktable.games.dotrun.tasks import stats as task_stats
from hacktable.games.dotrun.tasks.options import TASK_OPTIONS
from hacktable.games.dotrun.tasks.source import record
from hacktable.games.dotrun.views import CompanionView, outcome_json

CHOOSE, HACK, OVER = "choose", "hack", "over"
VERBS = ("choose", "skip", "answer", "center", "alarm")
MAX_ANSWER = 200

OPTIONS = OptionSchema((
    Option("task_seconds", 30, "Length of the hacking phase in seconds (the seed's 30).",
           5, 600),
    Option("tasks", "seed", "Hacking tasks: the seed's tasks for each colour and ring, or a "
           "code to type (for learning the game).", choices=("seed", "code")),
    *TASK_OPTIONS,  # difficulty per ring, tuned from the per-task success statistics
    channel_option(),
    reveal_option(),
))

Action = CompanionAction
"""A companion move (`companion_moves` lists its shapes)."""


# -- actions ----------------------------------------------------------------------------------

def check_action(data: object) -> Action:
    """A well-formed action as plain JSON, or `Rejected` saying what is wrong with it."""
    if not isinstance(data, Mapping) or data.get("do") not in VERBS:
        raise Rejected("Choose a terminal, skip this turn, answer your task, or press "
                       "\"I reached the center\" or \"The alarm went off\".")
    verb = data["do"]
    if verb == "choose":
        colour, ring, goal = data.get("colour"), data.get("ring"), data.get("goal", False)
        if colour not in COLOURS:
            raise Rejected("Pick your terminal's colour: red, blue, green or orange.")
        if ring not in RINGS:
            raise Rejected("Pick your terminal's ring: outer, middle or inner.")
        if not isinstance(goal, bool):
            raise Rejected("Say whether the path you hack leads to the goal (yes or no).")
        if goal and ring != "inner":
            raise Rejected("Only paths from the inner ring lead to the goal; pick the inner "
                           "ring or a path that is not a goal path.")
        if set(data) - {"do", "colour", "ring", "goal"}:
            raise Rejected("A terminal is a colour, a ring and whether its path is a goal "
                           "path; nothing else.")
        return choose(colour, ring, goal)
    if verb == "answer":
        answer = data.get("answer")
        if not isinstance(answer, str) or set(data) != {"do", "answer"}:
            raise Rejected("Type your answer as text.")
        if len(answer) > MAX_ANSWER:
            raise Rejected(f"That answer is too long; no task needs more than {MAX_ANSWER} "
                           "characters.")
        return {"do": "answer", "answer": answer}
    if set(data) != {"do"}:
        raise Rejected(f"\"{verb}\" takes nothing else.")
    return {"do": verb}


def parse_text(text: str) -> Action:
    """Written moves: "red outer", "blue inner goal", "skip", "answer X1Y2", "center",
    "alarm"."""
    words = text.strip().split()
    if not words:
        raise Rejected("Write a move, e.g. \"red outer\", \"skip\" or \"answer 1234\".")
    head = words[0].lower()
    if head == "answer":
        return check_action({"do": "answer", "answer": " ".join(words[1:])})
    if head in ("skip", "center", "alarm") and len(words) == 1:
        return check_action({"do": head})
    lowered = [w.lower() for w in words]
    if head in COLOURS and 2 <= len(words) <= 3:
        goal = len(words) == 3
        if goal and lowered[2] != "goal":
            raise Rejected("Write a terminal as colour and ring, with \"goal\" for a goal "
                           "path: \"green inner goal\".")
        return check_action(choose(head, lowered[1], goal))
    raise Rejected("Write \"red outer\", \"blue inner goal\", \"skip\", \"answer 1234\", "
                   "\"center\" or \"alarm\".")


# -- the rules --------------------------------------------------------------------------------

def hackers(state: CompanionState) -> list[int]:
    return [s for s, c in enumerate(state["choices"]) if c is not None and c["hack"]]


def chosen(state: CompanionState, seat: int) -> Choice:
    """The choice of `seat` once every seat has chosen (the hacking phase and its end)."""
    choice = state["choices"][seat]
    if choice is None:
        raise ValueError(f"seat {seat} has not chosen a terminal this turn")
    return choice


def setup(names: Sequence[str], options: Mapping[str, OptionValue]) -> CompanionState:
    n = len(names)
    # Resolved by the game's schema (`OPTIONS`): every option, each of its type.
    resolved = cast(CompanionOptions, dict(options))
    return {"names": list(names), "options": resolved, "turn": 1, "phase": CHOOSE,
            "choices": [None] * n, "tasks": [None] * n, "answers": [None] * n,
            "last": None, "revealed": [None] * n, "stats": task_stats.empty(),
            "per_seat": [{"tries": 0, "solved": 0} for _ in names],
            "guessable": [], "result": None}


def take_choice(state: CompanionState, seat: int, action: ChooseMove | PlainMove,
                rng: random.Random) -> list[Event]:
    """"Select the color and ring of their terminal"; a choice may change until all are in.
    When the last seat chooses, the hacking timers start for everyone at once."""
    choice: Choice = ({"hack": False} if action["do"] != "choose" else
              {"hack": True, "colour": action["colour"], "ring": action["ring"],
               "goal": action["goal"]})
    changed = state["choices"][seat] is not None
    state["choices"][seat] = choice
    events = [Event("chosen", {"seat": seat, "choice": dict(choice), "changed": changed})]
    if all(c is not None for c in state["choices"]):
        events += begin_hack(state, rng)
    return events


def begin_hack(state: CompanionState, rng: random.Random) -> list[Event]:
    """Deal every hacker a task. With nobody hacking the 30 seconds still run: "If no one
    is hacking, set a 30-second timer for the runners"."""
    source = tasking.source(state["options"]["tasks"])
    n = len(state["names"])
    state["phase"] = HACK
    state["tasks"], state["answers"] = [None] * n, [None] * n
    listed = []
    for seat in hackers(state):
        choice = chosen(state, seat)
        task = source.generate(choice["colour"], choice["ring"], rng, state["options"],
                               innermost=choice["goal"], avoid=state["guessable"])
        state["tasks"][seat] = task
        state["guessable"] = sorted({*state["guessable"], *source.guessable(task)})
        listed.append({"seat": seat, "colour": choice["colour"], "ring": choice["ring"],
                       "goal": choice["goal"]})
    return [Event("hack_started", {"turn": state["turn"], "hackers": listed,
                                   "seconds": state["options"]["task_seconds"]})]


def take_answer(state: CompanionState, seat: int, action: AnswerMove) -> list[Event]:
    """One answer per task: "attempt to complete the task", not guess until it opens."""
    task = state["tasks"][seat]
    if task is None:
        raise Rejected("You are not hacking this turn; wait for the timer with the runners.")
    if state["answers"][seat] is not None:
        raise Rejected("You already sent your answer; it stands until the timer ends.")
    typed = action["answer"]
    if typed.strip():  # an empty answer gives up; anything else must be one the task takes
        refused = tasking.source(state["options"]["tasks"]).malformed(task, typed)
        if refused:
            raise Rejected(refused)
    state["answers"][seat] = typed
    # The answer ends this hacker's task only: the timer is also the runners' ("they can
    # also act as the timer for the runners"), so the 30 seconds run in full for the table.
    return [Event("answered", {"seat": seat}, (seat,))]


def close_hack(state: CompanionState, reason: str) -> list[Event]:
    """"When the timer goes off": every hacker's SUCCESS or FAILURE (no answer is a
    failure), public so the table can place lockout tokens; then the next turn's choosing."""
    source = tasking.source(state["options"]["tasks"])
    turn = state["turn"]
    events = [Event("hack_ended", {"turn": turn, "reason": reason})]
    results: list[HackResult] = []
    for seat in hackers(state):
        task, given = task_of(state, seat), state["answers"][seat]
        choice = chosen(state, seat)
        solved = source.check(task, given) if given else False
        state["stats"] = record(state["stats"], task, choice["colour"], choice["ring"], solved)
        state["per_seat"][seat]["tries"] += 1
        state["per_seat"][seat]["solved"] += int(solved)
        results.append({"seat": seat, "colour": choice["colour"], "ring": choice["ring"],
                        "goal": choice["goal"], "solved": solved, "answered": given is not None})
        state["revealed"][seat] = {"turn": turn, "kind": task["kind"],
                                   "public": tree_copy(task["public"]),
                                   "answer": task["secret"]["answer"], "given": given,
                                   "solved": solved, "colour": choice["colour"],
                                   "ring": choice["ring"], "goal": choice["goal"]}
        events.append(Event("hacked", {k: v for k, v in results[-1].items()}))
        events.append(Event("task_revealed", {"seat": seat, "answer": task["secret"]["answer"],
                                              "given": given, "solved": solved}, (seat,)))
    for seat in range(len(state["names"])):
        if seat not in hackers(state):
            state["revealed"][seat] = None
    n = len(state["names"])
    state["last"] = {"turn": turn, "results": results,
                     "runners": [s for s in range(n) if not chosen(state, s)["hack"]]}
    state["tasks"], state["answers"], state["choices"] = [None] * n, [None] * n, [None] * n
    state["turn"] += 1
    state["phase"] = CHOOSE
    return [*events, Event("turn_started", {"turn": state["turn"]})]


def end(state: CompanionState, seat: int, won: bool, rng: random.Random) -> list[Event]:
    """"If a player made it to the center, the players win ... click on the 'I reached
    the center' button on the website to receive your reward"; the alarm is the loss."""
    name = state["names"][seat]
    if won:
        reward = companion_reward.haul(state["stats"], rng)
        summary = (f"{name} reached the center: the crew broke into Mugtome in "
                   f"{state['turn'] - 1} turns and walked out with {reward['headline']}.")
    else:
        reward = None
        summary = (f"{name} reported the alarm: Mugtome's security caught the crew after "
                   f"{state['turn'] - 1} turns.")
    result: CompanionResult = {"won": won, "by": seat, "summary": summary, "reward": reward,
                               "heist": companion_reward.heist(state)}
    state["result"] = result
    state["phase"] = OVER
    state["choices"] = [None] * len(state["names"])
    return [Event("center" if won else "alarm", {"seat": seat}),
            Event("heist_over", {"won": won, "summary": summary})]


def apply(state: CompanionState, seat: int, action: object,
          rng: random.Random) -> list[Event]:
    """Check an action completely (whatever JSON was handed in), then make it."""
    if not isinstance(seat, int) or isinstance(seat, bool) \
            or not 0 <= seat < len(state["names"]):
        raise Rejected(f"There is no seat {seat!r} at this table.")
    move = check_action(action)
    phase, verb = state["phase"], move["do"]
    if phase == OVER:
        raise Rejected("The heist is over.")
    if phase == CHOOSE:
        if move["do"] == "center":
            return end(state, seat, True, rng)
        if move["do"] == "alarm":
            return end(state, seat, False, rng)
        if move["do"] == "answer":
            raise Rejected("The timer has not started: choose your terminal first.")
        return take_choice(state, seat, move, rng)
    if move["do"] == "answer":
        return take_answer(state, seat, move)
    if verb in ("center", "alarm"):
        raise Rejected("Wait for the timer: the board is resolved after the hacking.")
    raise Rejected("The timer is running: choices are fixed until it ends.")


def prompts(state: CompanionState) -> dict[int, Prompt]:
    phase, turn = state["phase"], state["turn"]
    if phase == OVER:
        return {}
    result = {}
    if phase == CHOOSE:
        for seat, choice in enumerate(state["choices"]):
            result[seat] = Prompt("choose", f"Turn {turn}: pick the colour and ring of your "
                                  "terminal, or say you are not hacking.", False, None,
                                  choice is not None, {"turn": turn})
        return result
    limit = float(state["options"]["task_seconds"])
    for seat, task in enumerate(state["tasks"]):
        if task is None:
            result[seat] = Prompt("wait", "Not hacking: the timer is the runners' 30 seconds.",
                                  False, limit, True, {"turn": turn})
        else:
            choice = chosen(state, seat)
            result[seat] = Prompt("hack", "Solve your hacking task before time runs out.",
                                  True, limit, state["answers"][seat] is not None,
                                  {"turn": turn, "colour": choice["colour"],
                                   "ring": choice["ring"], "goal": choice["goal"],
                                   "task": {"kind": task["kind"],
                                            "public": tree_copy(task["public"])}})
    return result


# -- views ------------------------------------------------------------------------------------

def public(state: CompanionState) -> CompanionView:
    """What the whole table sees: choices, who is hacking, the last results, the
    statistics, the end. Answers, tasks and whether a hacker has answered are not in it."""
    return {
        "game": "dotrun_companion",
        "players": list(state["names"]),
        "turn": state["turn"],
        "phase": state["phase"],
        "task_seconds": state["options"]["task_seconds"],
        "tasks": state["options"]["tasks"],
        "choices": tree_copy(state["choices"]),
        "hackers": hackers(state) if state["phase"] == HACK else [],
        "last": tree_copy(state["last"]),
        "stats": tree_copy(state["stats"]),
        "rates": task_stats.rates(state["stats"]),
        "per_seat": tree_copy(state["per_seat"]),
        "result": tree_copy(state["result"]),
        "over": state["phase"] == OVER,
        "outcome": outcome_json(state["names"], state["result"]),
    }


def view(state: CompanionState, viewer: Viewer) -> CompanionView:
    if viewer == GM:
        return {**public(state), "gm": True, "state": tree_copy(state)}
    if viewer == SPECTATOR:
        return public(state)
    if not isinstance(viewer, int) or isinstance(viewer, bool) \
            or not 0 <= viewer < len(state["names"]):
        raise Rejected(f"There is no seat {viewer!r} at this table.")
    task = state["tasks"][viewer] if state["phase"] == HACK else None
    return {**public(state), "seat": viewer, "name": state["names"][viewer],
            "task": None if task is None else {"kind": task["kind"],
                                              "public": tree_copy(task["public"])},
            "answer": state["answers"][viewer] if state["phase"] == HACK else None,
            "revealed": tree_copy(state["revealed"][viewer])}


def outcome(state: CompanionState) -> Outcome | None:
    result = state["result"]
    if result is None:
        return None
    seats = tuple(range(len(state["names"])))
    won = result["won"]
    return Outcome((seats,) if won else (), {s: 1.0 if won else 0.0 for s in seats},
                   result["summary"])


# -- words ------------------------------------------------------------------------------------

def choice_text(choice: Mapping[str, object] | None) -> str:
    if choice is None:
        return "still choosing"
    if not choice["hack"]:
        return "not hacking"
    goal = ", goal path" if choice["goal"] else ""
    return f"{choice['colour']} terminal on the {choice['ring']} ring{goal}"


def render(view_: CompanionView, ends_at: str | None = None) -> str:
    names = view_["players"]
    lines = [f"./Run companion, turn {view_['turn']} ({view_['phase']})."]
    if view_["result"]:
        lines.append(view_["result"]["summary"])
    for seat, choice in enumerate(view_["choices"]):
        lines.append(f"  {names[seat]}: {choice_text(choice)}")
    if view_["phase"] == HACK and ends_at:
        lines.append(f"The hacking timer ends at {ends_at}.")
    task = view_.get("task")
    if task:
        lines.append(f"Your task ({task['kind']}): {task['public']}")
        if view_.get("answer") is not None:
            lines.append(f"Your answer: {view_['answer']!r} (sent).")
    last = view_["last"]
    if last:
        lines.append(f"Turn {last['turn']}:")
        for r in last["results"]:
            lines.append(f"  {names[r['seat']]} ({r['colour']} {r['ring']}): "
                         f"{'SUCCESS' if r['solved'] else 'FAILURE'}")
    return "\n".join(lines)


def describe(event: Event, names: Sequence[str]) -> str:
    data = event.data
    who = names[data["seat"]] if "seat" in data else ""
    if event.kind == "chosen":
        return f"{who}: {choice_text(data['choice'])}."
    if event.kind == "hack_started":
        return f"Turn {data['turn']}: the {data['seconds']}-second timer started."
    if event.kind == "answered":
        return f"{who} sent an answer."
    if event.kind == "hack_ended":
        return f"Turn {data['turn']}: the timer ended ({data['reason']})."
    if event.kind == "hacked":
        return (f"{who} ({data['colour']} {data['ring']}): "
                f"{'SUCCESS' if data['solved'] else 'FAILURE'}.")
    if event.kind == "task_revealed":
        return f"{who}'s task: the answer was {data['answer']}."
    if event.kind == "turn_started":
        return f"Turn {data['turn']}: choose your terminals."
    if event.kind == "center":
        return f"{who} reached the center!"
    if event.kind == "alarm":
        return f"{who}: the alarm went off."
    if event.kind == "heist_over":
        return str(data["summary"])
    return f"{event.kind}: {dict(data)}"


# -- the game ---------------------------------------------------------------------------------

class DotRunCompanion(BaseGame[CompanionState, CompanionAction, CompanionView]):
    """The seed's hacking website as a game: choose, 30 seconds of hacking, results."""

    id = "dotrun_companion"
    how_to_play_file = "companion_how_to_play.md"
    name = "./Run companion"
    min_seats = 1
    max_seats = 8
    options = OPTIONS
    credits = ("./Run by Squid Tamar-Mattis, Jacques Manjarrez, Sam Schwartz and "
               "Michael Sitver; the companion to play with the physical board.")
    playthrough_options: ClassVar[dict[str, str]] = {"tasks": "code"}
    spiel = SpielCoverage("none", "the same typed hacker answers as ./Run")
    screen_folder = "screen_companion"  # the package's `screen` is the board game's
    screen_shows_outcome = True
    fuzz_words = ("red", "blue", "green", "orange", "outer", "middle", "inner", "goal",
                  "skip", "answer", "center", "alarm")

    def setup(self, seats: Sequence[str], options: Mapping[str, OptionValue],
              rng: random.Random) -> CompanionState:
        return setup(seats, options)

    def prompts(self, state: CompanionState) -> dict[int, Prompt]:
        return prompts(state)

    def apply(self, state: CompanionState, seat: int, action: Action,
              rng: random.Random) -> list[Event]:
        return apply(state, seat, action, rng)

    def timeout(self, state: CompanionState, rng: random.Random) -> list[Event]:
        """Only the hacking phase is timed: unanswered tasks fail."""
        if state["phase"] != HACK:
            raise Rejected("Only the hacking timer runs out; choosing has no time limit.")
        return close_hack(state, "time")

    def phase_key(self, state: CompanionState) -> str:
        return "over" if state["phase"] == OVER else f"turn {state['turn']} {state['phase']}"

    def phase_label(self, state: CompanionState) -> str:
        return f"turn {state['turn']}"

    def view(self, state: CompanionState, viewer: Viewer) -> CompanionView:
        return view(state, viewer)

    def outcome(self, state: CompanionState) -> Outcome | None:
        return outcome(state)

    def legal_actions(self, state: CompanionState, seat: int) -> list[Action] | None:
        if state["phase"] == OVER or not 0 <= seat < len(state["names"]):
            return []
        if state["phase"] == CHOOSE:
            terminals = [choose(c, r) for c in COLOURS for r in RINGS]
            goals = [choose(c, "inner", True) for c in COLOURS]
            return [*terminals, *goals, {"do": "skip"}, {"do": "center"}, {"do": "alarm"}]
        if state["tasks"][seat] is None or state["answers"][seat] is not None:
            return []
        # The answer cannot be listed without giving it away: an empty one gives up.
        return [{"do": "answer", "answer": ""}]

    def preview(self, state: CompanionState, seat: int, action: Action) -> list[Event]:
        """Checked on a copy; says only how the move was understood, never whether an
        answer is right."""
        apply(tree_copy(state), seat, action, random.Random(0))
        return [Event("preview", {"action": check_action(action)}, (seat,))]

    def parse(self, state: CompanionState, seat: int, text: str) -> Action:
        return parse_text(text)

    def action_to_json(self, action: Action) -> Action:
        return check_action(action)

    def action_from_json(self, data: object) -> Action:
        return check_action(data)

    def action_labels(self, action: Action) -> list[str]:
        return [action["do"]]

    def describe(self, event: Event, state: CompanionState) -> str:
        return describe(event, state["names"])

    def render(self, view: CompanionView, ends_at: str | None = None) -> str:
        return render(view, ends_at)

    def notation_help(self, state: CompanionState) -> str:
        return ("Moves: \"red outer\", \"blue inner goal\" (a goal path), \"skip\" (not "
                "hacking), \"answer <text>\" (once), \"center\", \"alarm\".")

    def media(self, state: CompanionState, viewer: Viewer,
              media_id: str) -> MediaSpec | None:
        """A blue task's recording, for its hacker (and the gamemaster) while the timer
        runs: the spec holds the spoken digits, so it goes to the renderer, never a view."""
        if state["phase"] != HACK:
            return None
        n = len(state["names"])
        seats = range(n) if viewer == GM else (
            [viewer] if isinstance(viewer, int) and not isinstance(viewer, bool)
            and 0 <= viewer < n else [])
        for seat in seats:
            task = state["tasks"][seat]
            if task is None:
                continue
            audio = task["public"].get("audio")
            if isinstance(audio, dict) and audio.get("id") == media_id:
                return {"renderer": "speech-under-noise",
                        "spec": tree_copy(task["secret"]["hidden"]["audio"])}
        return None

    def redeal(self, state: CompanionState, seat: int,
               rng: random.Random) -> CompanionState | None:
        """Other hackers' tasks are dealt afresh (same terminal); their answers are
        secret too, so they are shuffled between sent and not sent."""
        new = tree_copy(state)
        if new["phase"] != HACK:
            return new
        source = tasking.source(new["options"]["tasks"])
        for other in hackers(new):
            if other == seat:
                continue
            choice = chosen(new, other)
            new["tasks"][other] = source.generate(choice["colour"], choice["ring"], rng,
                                                  new["options"], innermost=choice["goal"])
            new["answers"][other] = rng.choice([None, "", "X"])
        return new

    def check_invariants(self, state: CompanionState) -> None:
        """Tasks exist exactly for hackers while the timer runs, answers only for them,
        nothing hidden lingers outside it, and no cell has more successes than tries."""
        n = len(state["names"])
        assert state["phase"] in (CHOOSE, HACK, OVER)
        assert all(len(column) == n for column in (state["choices"], state["tasks"],
                                                    state["answers"], state["revealed"]))
        if state["phase"] == HACK:
            assert all(c is not None for c in state["choices"]), "a seat hacks unchosen"
            for s in range(n):
                assert (state["tasks"][s] is not None) == chosen(state, s)["hack"]
                assert state["tasks"][s] is not None or state["answers"][s] is None
        else:
            assert state["tasks"] == [None] * n and state["answers"] == [None] * n
        assert (state["phase"] == OVER) == (state["result"] is not None)
        for rings in state["stats"].values():
            for cell in rings.values():
                assert 0 <= cell["solved"] <= cell["tries"], f"stats broken: {cell}"

    def bots(self) -> dict[str, type]:
        from hacktable.games.dotrun.companion_bots import BOTS

        return BOTS


GAME = DotRunCompanion()
