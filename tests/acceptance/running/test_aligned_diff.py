"""A wrong output's difference as an aligned, unified diff (acceptance/running/aligned.py): one
line left out is the only removed line, one number changed is one removed and one added line with
the number marked, hunks carry three lines of context and the command they belong to, a runaway
output's diff is bounded, and colour is for a terminal only."""

import io
import time
from pathlib import Path

import pytest

from acceptance.running.aligned import (
    CONTEXT,
    HUNKS_SHOWN,
    LINES_SHOWN,
    MARKED,
    aligned,
    colour_wanted,
    unified,
)
from acceptance.running.compare import MAX_BLOCK_LINES, Mismatch, compare
from acceptance.running.places import Places
from acceptance.running.run_report import INDENT, block_report

ROOT = Path(__file__).resolve().parents[3]
AT005 = (ROOT / "expected" / "at005.expected.txt").read_bytes()
ESCAPE = "\x1b["


def diff_of(expected: bytes, actual: bytes, places: Places | None = None) -> list[str]:
    """The unified diff's lines of two outputs, as a report shows them where there is no colour."""
    mismatch = compare(expected, actual) if places is None else compare(expected, actual, places)
    assert mismatch is not None
    return [line.removeprefix(INDENT) for line in block_report(mismatch)]


def changed(lines: list[str]) -> tuple[list[str], list[str]]:
    """The removed and the added lines of a diff, without its two file lines."""
    body = [line for line in lines if not line.startswith(("---", "+++"))]
    return [line for line in body if line[:1] == "-"], [line for line in body if line[:1] == "+"]


def test_a_line_left_out_is_the_only_removed_line_and_none_is_added() -> None:
    lines = diff_of(AT005, AT005.replace(b"  In debug mode.\n", b"", 1))
    assert changed(lines) == (["-  In debug mode."], [])
    assert lines == [
        "--- expected",
        "+++ actual",
        "@@ -21,3 +21,2 @@ ->toggle_debug_mode",
        " ->toggle_debug_mode",
        "   state:weapon setup, debug, ok",
        "-  In debug mode.",
    ]


def test_a_number_changed_is_one_removed_and_one_added_line_with_the_number_marked() -> None:
    removed, added = changed(diff_of(AT005, AT005.replace(b"health:70/70", b"health:80/80", 1)))
    assert len(removed) == len(added) == 1
    assert removed[0].startswith("-    [0,S]->health:⟦70⟧/⟦70⟧, energy:70/70,")
    assert added[0].startswith("+    [0,S]->health:⟦80⟧/⟦80⟧, energy:70/70,")


def test_a_hunk_has_three_lines_of_context_each_side_and_its_command_in_its_header() -> None:
    lines = diff_of(AT005, AT005.replace(b"health:70/70", b"health:80/80", 1))
    assert lines[2] == "@@ -24,7 +24,7 @@ ->setup_next(5)"
    removed_at = next(at for at, line in enumerate(lines) if line.startswith("-    "))
    assert lines[removed_at - CONTEXT : removed_at] == [
        " ->setup_next(5)",
        "   state:in game(0.0), debug, ok",
        "   Starfighter:",
    ]
    assert len(lines) == removed_at + 2 + CONTEXT + 1  # the two lines, context, the legend
    assert lines[-1] == f"marks: {MARKED[0]}…{MARKED[1]} what differs in a changed line"


def test_white_space_between_two_changes_is_marked_with_them() -> None:
    removed, added = changed(diff_of(b"->a\n  x one two z\n", b"->a\n  x three four z\n"))
    assert (removed, added) == (["-  x ⟦one two⟧ z"], ["+  x ⟦three four⟧ z"])


def test_invisibles_stay_marked_and_the_legend_says_every_mark_shown() -> None:
    lines = diff_of(b"->a\n  ok\n", b"->a\n  ok \n")
    assert changed(lines) == (["-  ok"], ["+  ok⟦·⟧"])
    assert lines[-1] == "marks: ⟦…⟧ what differs in a changed line, · trailing space"


def test_lines_too_unlike_to_be_one_line_changed_are_not_marked() -> None:
    removed, added = changed(diff_of(b"->a\n  Enemy:\n", b"->a\n  Projectile:\n"))
    assert (removed, added) == (["-  Enemy:"], ["+  Projectile:"])


def test_a_typed_line_game_heads_its_hunks_with_the_typed_line() -> None:
    places = Places(lambda lines: {1: "input line 1 ('GO')"}, "(before any input)", "output")
    lines = diff_of(b"? \n? GO\nA\nB\n", b"? \n? GO\nA\nC\n", places)
    assert lines[2] == "@@ -2,3 +2,3 @@ input line 1 ('GO')"


def test_the_first_hunks_are_shown_and_the_lines_past_them_counted() -> None:
    expected = b"->a\n" + b"".join(b"  line %d\n" % n for n in range(200))
    actual = expected
    for number in range(0, 200, 10):  # 20 changes, each its own hunk
        actual = actual.replace(b"  line %d\n" % number, b"  LINE %d\n" % number)
    lines = diff_of(expected, actual)
    assert sum(line.startswith("@@") for line in lines) == HUNKS_SHOWN
    more = 2 * (20 - HUNKS_SHOWN)
    assert lines[-1] == f"… {more} lines more differ past these, in the state block of ->a"


def test_a_runaway_output_is_aligned_within_bounds_and_says_how_much_more_differs() -> None:
    expected = b"->a\n" + b"  ok\n" * 3
    actual = b"->a\n" + b"".join(b"  spam %d\n" % n for n in range(10**5))
    started = time.perf_counter()
    lines = diff_of(expected, actual)
    assert time.perf_counter() - started < 5
    removed, added = changed(lines)
    assert len(removed) + len(added) == LINES_SHOWN
    assert lines[-1].startswith("… ") and "lines more differ past these" in lines[-1]
    assert len(lines) < LINES_SHOWN + 2 * CONTEXT + 10


def test_a_runaway_line_is_shown_unpaired_in_bounded_time() -> None:
    started = time.perf_counter()
    lines = diff_of(b"->a\n  ok\n", b"->a\n  ok" + b" spam" * 4_000_000 + b"\n")
    assert time.perf_counter() - started < 5
    removed, added = changed(lines)
    assert removed == ["-  ok"] and len(added) == 1 and MARKED[0] not in added[0]


def test_a_first_difference_past_the_block_diff_says_so() -> None:
    same = b"".join(b"  %d\n" % n for n in range(MAX_BLOCK_LINES + 5))
    mismatch = compare(b"->a\n" + same + b"  end\n", b"->a\n" + same + b"  END\n")
    assert mismatch is not None and not aligned(mismatch.diff).hunks
    assert block_report(mismatch)[-1] == (
        f"{INDENT}(the outputs differ past the first {MAX_BLOCK_LINES} lines of the state block"
        " of ->a)"
    )


def test_colour_marks_the_changed_words_in_reverse_video_and_plain_text_has_no_escapes() -> None:
    mismatch = compare(b"->a\n  health:70/70\n", b"->a\n  health:80/80\n")
    assert isinstance(mismatch, Mismatch)
    found = aligned(mismatch.diff)
    coloured = unified(mismatch, found, colour=True)
    assert "\x1b[31m-  health:\x1b[7m70\x1b[27m/\x1b[7m70\x1b[27m\x1b[0m" in coloured
    assert "\x1b[32m+  health:\x1b[7m80\x1b[27m/\x1b[7m80\x1b[27m\x1b[0m" in coloured
    assert not any("marks:" in line or MARKED[0] in line for line in coloured)
    assert not any(ESCAPE in line for line in unified(mismatch, found))


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("stream", "environment", "wanted"),
    [
        (Terminal(), {}, True),
        (Terminal(), {"NO_COLOR": "1"}, False),
        (Terminal(), {"NO_COLOR": ""}, True),  # no-color.org: set and not empty
        (Terminal(), {"TERM": "dumb"}, False),
        (io.StringIO(), {}, False),
    ],
)
def test_colour_is_for_a_terminal_unless_no_color_says_otherwise(
    monkeypatch: pytest.MonkeyPatch, stream: io.StringIO, environment: dict[str, str], wanted: bool
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert colour_wanted(stream) is wanted


def test_a_row_of_the_board_marks_the_cells_that_differ_in_their_columns() -> None:
    lines = diff_of(b"->a\n    A _  _  <  G  _\n", b"->a\n    A _  _  _  <  G\n")
    assert changed(lines) == (["-    A _  _  ⟦<  G  _⟧"], ["+    A _  _  ⟦_  <  G⟧"])
