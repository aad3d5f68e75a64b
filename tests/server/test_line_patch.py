"""A page's screen patched by lines (`server/line_patch.py`) is the new screen exactly, for
any two texts and for every screen a played match of each game shows a seat."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hacktable.server import line_patch

LINES = st.lists(st.sampled_from(
    ["", "<section>", "</section>", "  <p>Round 3 of 10</p>", "a", "a long line of the screen",
     "\\n", "ünïcödé ✓", "<li>Ann sent her orders.</li>"]), max_size=60)


@given(LINES, LINES)
def test_a_patch_makes_the_new_screen_from_the_old(old_lines, new_lines):
    old, new = "\n".join(old_lines), "\n".join(new_lines)
    assert line_patch.apply(old, line_patch.diff(old, new)) == new


def test_an_unchanged_screen_is_one_run_and_a_new_one_is_its_text():
    page = "\n".join(f"<p>line {n} of the screen</p>" for n in range(50))
    assert line_patch.diff(page, page) == [[0, 50]]
    assert line_patch.diff("", page) == [page]


def test_a_changed_line_is_sent_alone_between_two_runs():
    old = "\n".join(f"<p>line {n} of the screen</p>" for n in range(50))
    new = old.replace("<p>line 20 of the screen</p>", "<p>line 20, changed</p>")
    assert line_patch.diff(old, new) == [[0, 20], "<p>line 20, changed</p>", [21, 50]]


def test_short_runs_are_sent_as_text():
    """Copying `</p>` alone would cost more than the line."""
    assert line_patch.diff("x\n</p>\ny", "a\n</p>\nb") == ["a\n</p>\nb"]
