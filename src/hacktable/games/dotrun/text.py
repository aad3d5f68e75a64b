"""./Run in words: acknowledgements, one line per event, and a plain view for terminals."""

from __future__ import annotations

from collections.abc import Sequence

from hacktable.engine.contract import Event
from hacktable.games.dotrun.actions import Action, Answer, Hack, Place, Start
from hacktable.games.dotrun.board import LETTERS
from hacktable.games.dotrun.state import Plan
from hacktable.games.dotrun.tasks.in_words import task_lines
from hacktable.games.dotrun.views import DotrunView


def action_text(action: Action) -> str:
    if isinstance(action, Start):
        return f"start on {action.space}"
    if isinstance(action, Hack):
        return f"hack path {action.path}"
    if isinstance(action, Answer):
        return "send your answer"
    if isinstance(action, Place):
        return f"place the card at the {action.side} end of your row"
    return action.do


def plan_text(plan: Plan | None) -> str:
    if plan is None:
        return "(choosing)"
    return f"hack {plan['path']}" if plan["do"] == "hack" else plan["do"]


def describe(event: Event, names: Sequence[str]) -> str:
    """One line per event, for logs and replays."""
    d = event.data
    who = names[d["seat"]] if isinstance(d.get("seat"), int) else ""
    kind = event.kind
    if kind in ("start_chosen", "start_dealt"):
        return f"{who} starts on {d['space']}."
    if kind == "turn_started":
        return f"Turn {d['turn']} begins (alertness {d['alertness']})."
    if kind == "planned":
        return f"{who} will {plan_text(d['plan'])}."
    if kind == "stress_started":
        return f"Stress! {d['seconds']} seconds."
    if kind == "drew_card":
        return f"{who} drew a card (it shows in the hand until it is placed or discarded)."
    if kind == "drew":
        return f"{who} drew a card ({d['deck']} left in the deck)."
    if kind == "placed":
        return f"{who} placed a card face down on the {d['side']} ({d['row']} in the row)."
    if kind == "discarded":
        return f"{who} discarded {d['card']}" + (" (time ran out)." if d.get("timeout") else ".")
    if kind == "stopped":
        return f"{who} stops drawing with {d['row']} card(s)."
    if kind == "answered":
        return f"{who} sent an answer."
    if kind == "stress_ended":
        return "Time!" if d["reason"] == "time" else "Everyone is done."
    if kind == "hack":
        return (f"{who} hacking {d['path']} from the {d['colour']} terminal on {d['terminal']}: "
                f"{'SUCCESS' if d['success'] else 'FAILURE'}.")
    if kind == "hack_report":
        if not d["answer"]:
            return ("You gave up: failure." if d["answer"] == ""
                    else "You sent no answer in time: failure.")
        return f"Your answer {d['answer']!r}: {'success' if d['success'] else 'failure'}."
    if kind == "alertness":
        return f"Alertness {d['from']} -> {d['to']} ({d['reason']})."
    if kind == "lockout":
        return f"The terminal on {d['terminal']} is locked out ({d['supply']} tokens left)."
    if kind == "no_lockout_token":
        return f"No lockout token is left for the terminal on {d['terminal']}."
    if kind == "paths_open":
        return "Open paths: " + (", ".join(d["paths"]) or "none") + "."
    if kind == "revealed":
        return f"{who} reveals: {', '.join(d['cards']) or 'no cards'}."
    if kind == "too_few_cards":
        return f"{who} has only {d['cards']} card(s) and does not move."
    if kind == "card":
        note = "" if d["card"] == d["acts_as"] else f" (as {d['acts_as']})"
        return f"{who}: {d['card']}{note}: {d['from']} -> {d['to']} ({d['result']})."
    if kind == "moved":
        return f"{who} ends on {d['to']}."
    if kind == "deck_shuffled":
        return f"The running deck is shuffled ({d['cards']} cards)."
    if kind == "game_over":
        return str(d["summary"])
    return f"{kind}: {dict(d)}"


def render(view: DotrunView, ends_at: str | None = None) -> str:
    """A seat's (or the public) view as text."""
    names = view["players"]
    lines = [f"./RUN  turn {view['turn']}  phase {view['phase']}  alertness "
             f"{view['alertness']}/{view['alertness_limit']}  lockouts left "
             f"{view['lockouts']['supply']}"]
    if ends_at and not view["over"]:
        lines.append(f"This phase ends at {ends_at}.")
    terminals = view["board"]["terminals"]
    locked = set(view["lockouts"]["locked"])
    for seat, name in enumerate(names):
        space = view["pawns"][seat]
        terminal = None if space is None else terminals.get(space)
        where = "-" if space is None else space
        if terminal:
            where += f" [{LETTERS[terminal]} terminal{' LOCKED' if space in locked else ''}]"
        extra = ""
        plan = view["plans"][seat]
        if view["phase"] == "stress" and plan is not None and plan["do"] == "run":
            extra = f"  row {view['rows'][seat]}/3, drew {view['draws'][seat]}"
        lines.append(f"  {name:<10} {where:<24} {plan_text(plan)}{extra}")
    lines.append(f"Deck {view['deck']}; discards: "
                 + (", ".join(item["card"] for item in view["discard"]) or "none"))
    if view.get("hand"):
        lines.append(f"You drew: {view['hand']} (left, right or discard)")
    task = view.get("task")
    if task:
        lines += task_lines(task["kind"], task["public"])
    if view["last_turn"]:
        lines.append("Last turn: " + " ".join(
            describe(Event(item["kind"], item), names) for item in view["last_turn"]
            if item["kind"] in ("hack", "moved", "game_over", "too_few_cards")))
    if view["result"]:
        lines.append(view["result"]["summary"])
    return "\n".join(lines) + "\n"
