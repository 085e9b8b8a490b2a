"""A class report makes what it shows of a block diff once per diff (`PerDiff`): the runs that
printed the same wrong output share one diff, and the report's texts for them (the diff's
aligned hunks, its JSON text, its cause's key) are made at its first run only, and are those
made for each."""

from pathlib import Path

from acceptance.reports.slips import difference_key, slip_of
from acceptance.running.aligned import aligned
from acceptance.running.cases import Case
from acceptance.running.compare import DiffLine, PerDiff, Side, compare, lines_json
from acceptance.running.run_report import details
from acceptance.running.suite import Outcome, Result


def diff(text: str) -> tuple[DiffLine, ...]:
    """A block diff of one line changed."""
    return (DiffLine(Side.EXPECTED, 1, "a\n"), DiffLine(Side.ACTUAL, 1, text))


def test_what_is_made_of_a_diff_is_made_once_per_diff() -> None:
    made: list[tuple[DiffLine, ...]] = []

    def make(lines: tuple[DiffLine, ...]) -> str:
        made.append(lines)
        return lines_json(lines)

    texts = PerDiff(make)
    shared, other = diff("b\n"), diff("c \n")
    assert texts(shared) == lines_json(shared)
    assert texts(shared) == lines_json(shared)
    assert texts(other) == lines_json(other)
    assert made == [shared, other]


def test_an_equal_diff_of_its_own_is_made_for_itself() -> None:
    hunks = PerDiff(aligned)
    first, again = diff("b \n"), diff("b \n")
    assert first == again and first is not again
    assert hunks(first) == hunks(again) == aligned(first)
    assert len(hunks.made) == 2


def test_a_runs_details_and_cause_are_the_same_made_once_or_each_time() -> None:
    case = Case("t", Path("t.txt"), None)
    mismatch = compare(b"->x\n  a\n", b"->x\n  a \n")
    assert mismatch is not None
    results = [
        Result(case, Outcome.FAILED, 0.1, mismatch),
        Result(case, Outcome.FAILED, 0.2, mismatch),
    ]
    hunks, keyed = PerDiff(aligned), PerDiff(difference_key)
    for result in results:
        assert details(result, hunks=hunks) == details(result)
        assert slip_of(result, keyed) == slip_of(result)
    assert len(hunks.made) == len(keyed.made) == 1
