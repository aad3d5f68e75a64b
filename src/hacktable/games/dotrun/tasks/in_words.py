"""A hacking task as a terminal shows it: the same things the web page shows, in words,
from the hacker's own public part of the task (never its answer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def task_lines(kind: str, public: Mapping[str, Any]) -> list[str]:
    """Lines to print for a task of `kind` ("mugtome", "dna" or a recording)."""
    if kind == "mugtome":
        return _network(public)
    if kind == "dna":
        return _dna(public)
    return _recording(public)


def _network(public: Mapping[str, Any]) -> list[str]:
    accounts = public.get("accounts") or {}
    lines = [f"Red task: break into {public.get('logged_in')}'s account on "
             f"{public.get('site', 'the network')} (today is {public.get('today')}).",
             f"  {public.get('hint', '')}", "  Profiles:"]
    for account in accounts.values():
        lines.append(f"    @{account['handle']}: {account['name']}, {account['job']}, "
                     f"{account['city']}. \"{account['bio']}\" Friends: "
                     + ", ".join(f"@{f}" for f in account.get("friends") or []))
    lines.append("  Posts, newest first:")
    for post in public.get("posts") or []:
        lines.append(f"    {post['date']} @{post['author']}: {post['text']}")
        if post.get("photo"):
            lines.append(f"      [{post['photo']}]")
        for comment in post.get("comments") or []:
            lines.append(f"      @{comment['author']} replies: {comment['text']}")
    lines.append("  Answer with the password: answer PASSWORD")
    return lines


def _dna(public: Mapping[str, Any]) -> list[str]:
    return ["Green task: " + str(public.get("instructions", "")),
            f"  Scanner reading: {public.get('reading')}",
            f"  Authorised DNA:  {public.get('authorised')}",
            f"  {public.get('notation', '')}",
            "  Answer with your edits: answer S5G I3A D7"]


def _recording(public: Mapping[str, Any]) -> list[str]:
    if public.get("transcript"):  # blue_passcode=text: a terminal can show it whole
        lines = [f"Blue task: {public.get('instructions', '')}"]
        lines += [f"  Voice {line['voice']}: {line['text']}" for line in public["transcript"]]
        if public.get("crib"):
            lines.append("  " + ", ".join(f"{n} {word}" for n, word in enumerate(public["crib"])))
        return [*lines, "  Answer with the digits: answer 1234"]
    audio = public.get("audio") or {}
    return [f"Blue task: {public.get('instructions', '')}",
            f"  The recording plays on the web table (recording {audio.get('id')}); a "
            "terminal has no speaker.",
            "  Answer with the digits: answer 1234"]
