"""A failing test's entry in the class report: its headline and its diff's text, made once for
the results alike (a class's submissions with one fault print the same output), and apart for
results that differ in anything the entry shows: test, outcome, place, error output or cause."""

from dataclasses import replace

import pytest

from acceptance.reports.class_report import Diffs
from acceptance.running.cases import collect
from acceptance.running.cause import Cause, Kind
from acceptance.running.compare import DiffLine, Mismatch, Side
from acceptance.running.suite import Outcome, Result
from tests.classroom import ROOT

DIFF = (DiffLine(Side.EXPECTED, 3, "state: ok\n"), DiffLine(Side.ACTUAL, 3, "state: ko\n"))
CAUSE = Cause(3, "state: ok", "a rule", "6.1", "why", ("model/rule.py:1",), Kind.DIFFERENT)


@pytest.fixture(scope="module")
def failed() -> Result:
    """A test's wrong output."""
    case = collect([ROOT / "at" / "at001.txt"], None)[0]
    return Result(case, Outcome.FAILED, 0.1, Mismatch(3, 7, "->play", DIFF), "", None)


def test_results_alike_share_one_entry_and_one_diff_text(failed: Result) -> None:
    diffs = Diffs()
    again = replace(failed, seconds=0.2)  # a run's time is not shown
    copied = replace(failed, mismatch=replace(failed.mismatch, diff=tuple(DIFF)))
    assert diffs.entry(failed) == diffs.entry(again) == diffs.entry(copied)
    assert len(diffs.texts) == 1
    assert 'data-diff="0"' in diffs.entry(failed) and "at001: failed" in diffs.entry(failed)


@pytest.mark.parametrize(
    "change",
    [
        {"outcome": Outcome.CRASHED},
        {"detail": "\nan error output"},
        {"cause": CAUSE},
        {"mismatch": Mismatch(4, 7, "->play", DIFF)},
        {"mismatch": Mismatch(3, 8, "->play", DIFF)},
        {"mismatch": Mismatch(3, 7, "->fire", DIFF)},
        {"mismatch": Mismatch(3, 7, "->play", DIFF[:1])},
    ],
)
def test_a_result_that_differs_in_what_its_entry_shows_has_its_own(
    failed: Result, change: dict[str, object]
) -> None:
    diffs = Diffs()
    first = diffs.entry(failed)
    other = replace(failed, **change)
    made = diffs.entry(other)
    alone = Diffs()
    afresh = alone.entry(other)  # made on a page of its own: its diff numbered 0
    (text,) = alone.texts
    assert made != first
    assert made == afresh.replace('data-diff="0"', f'data-diff="{diffs.texts[text]}"')


def test_the_kind_of_block_shows_where_the_difference_is_past_the_lines_compared(
    failed: Result,
) -> None:
    past = replace(failed, mismatch=Mismatch(3, 7, "->play", ()))
    typed = replace(failed, mismatch=Mismatch(3, 7, "->play", (), "typed line"))
    diffs = Diffs()
    assert diffs.entry(past) != diffs.entry(typed) and len(diffs.texts) == 2


def test_another_test_with_the_same_diff_has_its_own_headline(failed: Result) -> None:
    diffs = Diffs()
    case = collect([ROOT / "at" / "at002.txt"], None)[0]
    first, other = diffs.entry(failed), diffs.entry(replace(failed, case=case))
    assert first != other and "at002: failed" in other and len(diffs.texts) == 1
