"""./Run's end-of-match reveal: every hacking task beside the answer given and the right
one. Read only once the match is over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hacktable.games.dotrun.tasks.in_words import task_lines


def task_in_brief(task: Mapping[str, Any]) -> str:
    """What the task asked, in one line."""
    public = task.get("public") or {}
    if task.get("kind") == "code":
        return f"type the access code {public.get('code')}"
    lines = task_lines(str(task.get("kind")), public)
    return lines[0].rstrip(".") if lines else str(task.get("kind"))


def hack_report(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """A hacker's task, their answer and the right one."""
    task = data.get("task") or {}
    seat = data.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "A hacker"
    right = (task.get("secret") or {}).get("answer")
    given = data.get("answer")
    answered = "sent no answer" if given is None else f"answered {given!r}"
    verdict = "success" if data.get("success") else "failure"
    return (f"{who}'s task on turn {data.get('turn')} ({data.get('path')}): "
            f"{task_in_brief(task)}. They {answered}; the right answer: {right!r} ({verdict}).")
