"""./Run in words: a terminal shows a hacker's task as the web page does, never a raw dict,
and a runner hears while drawing that a short row means staying put."""

from __future__ import annotations

import random

from hacktable.games.dotrun.tasks.generate import generate
from hacktable.games.dotrun.tasks.in_words import task_lines


def test_a_red_task_reads_as_a_page_of_profiles_and_posts():
    task = generate("red", 0, random.Random(1))
    lines = "\n".join(task_lines(task.kind, task.public))
    assert "{'" not in lines and "': " not in lines  # no Python dict printed
    assert "Red task: break into" in lines and "Posts, newest first:" in lines
    for post in task.public["posts"]:
        assert post["text"] in lines
    assert task.answer not in lines  # the answer is never printed


def test_green_and_blue_tasks_say_how_to_answer():
    green = generate("green", 0, random.Random(2))
    assert "answer S5G" in "\n".join(task_lines(green.kind, green.public))
    blue = generate("blue", 0, random.Random(3))
    said = "\n".join(task_lines(blue.kind, blue.public))
    assert "plays on the web table" in said and blue.answer not in said
