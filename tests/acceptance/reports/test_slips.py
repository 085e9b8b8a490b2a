"""Failures grouped by cause: the same slip at another line, id or company is one cause; another
slip, or the same one on another kind of line, is another; an error's cause is its kind, reason
and last line of error output; each cause is put in words."""

from dataclasses import replace
from pathlib import Path

from acceptance.marking.submissions import Grade, Submission
from acceptance.reports.class_report import slip_text
from acceptance.reports.slips import SlipGroup, slip_of, slips
from acceptance.running.cases import Case
from acceptance.running.cause import Cause, Kind
from acceptance.running.compare import MAX_BLOCK_LINES, compare
from acceptance.running.suite import Outcome, Result

CASE = Case("t", Path("t.txt"), None)


def failed(
    expected: str, actual: str, outcome: Outcome = Outcome.FAILED, detail: str = ""
) -> Result:
    """The result of a test whose output differs."""
    return Result(
        CASE, outcome, mismatch=compare(expected.encode(), actual.encode()), detail=detail
    )


def group(result: Result) -> SlipGroup:
    """A cause of one failing test."""
    return SlipGroup(slip_of(result), result, (("s", "t"),))


def test_the_same_slip_at_another_line_or_number_is_one_cause() -> None:
    first = failed("a\n  A Grunt(id:1) spawns\n", "a\n  A Grunt(id:1) spawned\n")
    second = failed("b\nc\n  A Grunt(id:7) spawns\n", "b\nc\n  A Grunt(id:7) spawned\n")
    assert slip_of(first) == slip_of(second)
    assert slip_text(group(first)) == "“spawns” printed as “spawned” after “A Grunt(id:1)”"


def test_another_slip_or_the_same_on_another_word_is_another_cause() -> None:
    spawned = failed("A Grunt spawns\n", "A Grunt spawned\n")
    assert slip_of(spawned) != slip_of(failed("A Grunt spawns\n", "A Grunt spawnz\n"))
    assert slip_of(spawned) != slip_of(failed("A Grunt moves\n", "A Grunt moved\n"))


def test_another_line_left_out_or_added_is_another_cause() -> None:
    assert slip_of(failed("a\nb\n", "a\n")) != slip_of(failed("a\nc\n", "a\n"))
    assert slip_of(failed("a\n", "a\nb\n")) != slip_of(failed("a\n", "a\nc\n"))


def test_lines_left_out_or_added_and_characters_put_in_are_said_in_words() -> None:
    assert slip_text(group(failed("a\nb\n", "a\n"))) == "the output ends early"
    assert slip_text(group(failed("a\n", "a\nb\n"))) == "a line too many"
    assert slip_text(group(failed("state: ok\n", "state: ok \n"))) == (
        "white space only (a trailing space): a space added after “state: ok”"
    )
    assert slip_text(group(failed("x  y\n", "x y\n"))) == (
        "white space only (spacing): a space left out after “x”"
    )
    assert slip_text(group(failed("a\n", "b\n"))) == "“a” printed as “b” at the start of a line"


def test_a_difference_past_the_lines_a_block_diff_shows_is_a_cause_with_no_line() -> None:
    """A block's diff shows its first MAX_BLOCK_LINES lines: where the outputs first differ
    past them (a runaway output), no line of either side is shown, and the cause has none."""
    shown = "->play\n" + "".join(f"  line {n}\n" for n in range(MAX_BLOCK_LINES))
    added = failed(shown, shown + "  one more\n")
    changed = failed(shown + "  end\n", shown + "  End\n")
    assert added.mismatch is not None and added.mismatch.line == MAX_BLOCK_LINES + 2
    assert slip_of(added) == slip_of(changed)
    assert slip_of(added).key == ("missing", "")
    shown_past = f"a difference past the first {MAX_BLOCK_LINES} lines of its block"
    assert slip_text(group(added)) == slip_text(group(changed)) == shown_past


def test_an_errors_cause_is_its_reason_and_last_line_of_error_output() -> None:
    crash = failed("a\nb\n", "a\n", Outcome.CRASHED, "exit status 1\nTraceback\nKeyError: 'x'")
    other = failed("c\nd\n", "", Outcome.CRASHED, "exit status 1\nTraceback\nKeyError: 'x'")
    assert slip_of(crash) == slip_of(other) != slip_of(failed("a\nb\n", "a\n"))
    assert slip_text(group(crash)) == "exit status 1 — KeyError: 'x'"


def test_an_errors_one_line_reason_is_said_once() -> None:
    killed = failed("a\n", "", Outcome.CRASHED, "killed by signal 9")
    assert slip_text(group(killed)) == "killed by signal 9"


def test_slips_count_tests_and_submissions_the_most_frequent_first() -> None:
    spacey = failed("ok\n", "ok \n")
    crash = Result(CASE, Outcome.CRASHED, detail="exit status 2")
    grades = [
        Grade(Submission(name, Path(name), ("p",)), results)
        for name, results in (
            ("a", (spacey, crash)),
            ("b", (spacey,)),
            ("c", (Result(CASE, Outcome.PASSED),)),
        )
    ]
    found = slips(grades)
    assert [(len(group.where), group.submissions) for group in found] == [
        (2, ("a", "b")),
        (1, ("a",)),
    ]


def told(result: Result, rule: str, kind: Kind = Kind.MISSING) -> Result:
    """A wrong output's result with the oracle's rule behind its first difference."""
    assert result.mismatch is not None
    line = result.mismatch.line
    return replace(result, cause=Cause(line, "", rule, "spec 6.2", "", (), kind))


def test_a_line_left_out_in_the_middle_never_says_the_output_ends_early() -> None:
    middle = failed("->play\n  a\n  b\n  c\n", "->play\n  a\n  c\n")
    assert slip_text(group(middle)) == "a line left out in the middle, the first “b”"
    two = failed("->play\n  a\n  b\n  c\n  d\n", "->play\n  a\n  d\n")
    assert slip_text(group(two)) == "2 lines left out in the middle, the first “b”"
    assert slip_text(group(told(middle, "scene"))) == (
        "scene (spec 6.2): a line left out in the middle, the first “b”"
    )
    assert "ends early" not in slip_text(group(told(middle, "scene")))


def test_one_slip_of_a_rule_is_one_cause_whatever_text_it_leaves_out() -> None:
    slips = [
        told(failed(f"->play\n  a\n  {text}\n  c\n", "->play\n  a\n  c\n"), "scene")
        for text in ("b", "x y", "z")
    ]
    assert len({slip_of(slip) for slip in slips}) == 1
    ends = told(failed("->play\n  a\n  b\n", "->play\n  a\n"), "scene")
    other = told(failed("->play\n  a\n  b\n  c\n", "->play\n  a\n  c\n"), "score")
    assert len({slip_of(slips[0]), slip_of(ends), slip_of(other)}) == 3


def test_white_space_is_named_first_with_the_rule_as_context() -> None:
    spacey = told(failed("score: 1\n", "score: 1 \n"), "score.total", Kind.DIFFERENT)
    assert slip_text(group(spacey)) == (
        "white space only (a trailing space): a space added after “score: 1”, in a line of"
        " score.total (spec 6.2)"
    )
    blank = failed("a\nb\n", "a\n\nb\n")
    assert slip_text(group(blank)) == "white space only (a blank line): a line too many"
    tab = failed("a b\n", "a\tb\n")
    assert slip_text(group(tab)).startswith("white space only (a tab): ")
    unended = failed("a\nb\n", "a\nb")
    assert slip_text(group(unended)).startswith("white space only (a final newline): ")
    crlf = failed("a\nb\n", "a\r\nb\n")
    assert slip_text(group(crlf)).startswith("white space only (a carriage return): ")
