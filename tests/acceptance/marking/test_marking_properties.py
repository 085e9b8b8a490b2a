"""Properties of the marks: a grade's counts from its runs, points from a points file, the mark
from a scheme's tiers and weights, each checked over many random grades against a count made here
by hand, so that a wrong comparison or sum in `acceptance.marking` shows whatever the class."""

import shutil
import tempfile
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acceptance.errors import HarnessError
from acceptance.marking.deadline import chosen, parse_deadline
from acceptance.marking.points import parse_points
from acceptance.marking.scheme import parse_scheme
from acceptance.marking.submissions import Grade, Submission
from acceptance.running.cases import Case
from acceptance.running.suite import Outcome, Result
from tests.acceptance.marking.test_deadline import DEADLINE, commit, repository
from tests.classroom import EXACT

QUICK = settings(max_examples=40, deadline=None)
TESTS = [f"at{number:03d}" for number in range(1, 9)]
# The outcomes of a program that did not end well, or was not run: errors, not wrong output.
ERROR_OUTCOMES = set(Outcome) - {Outcome.PASSED, Outcome.FAILED, Outcome.NO_EXPECTED}

outcomes = st.lists(st.sampled_from(list(Outcome)), min_size=len(TESTS), max_size=len(TESTS))
weights = st.lists(st.integers(min_value=0, max_value=6), min_size=len(TESTS), max_size=len(TESTS))


def grade_of(outcomes: list[Outcome]) -> Grade:
    """A grade of the tests with these outcomes, in suite order."""
    results = tuple(
        Result(Case(name, Path(name), None), outcome)
        for name, outcome in zip(TESTS, outcomes, strict=True)
    )
    return Grade(Submission("s", Path("s"), ()), results)


def points_text(points: list[int]) -> str:
    """A points file giving each test its points, one line each."""
    return "".join(f"{name} {worth}\n" for name, worth in zip(TESTS, points, strict=True))


@QUICK
@given(outcomes)
def test_passed_failed_and_errors_count_each_test_once(outcomes: list[Outcome]) -> None:
    """Every test is passed, failed or an error, each counted by its outcome."""
    grade = grade_of(outcomes)
    assert grade.passed == outcomes.count(Outcome.PASSED)
    assert grade.errors == sum(outcome in ERROR_OUTCOMES for outcome in outcomes)
    assert grade.passed + grade.failed + grade.errors == len(TESTS)
    assert grade.score == 100 * grade.passed / len(TESTS)


@QUICK
@given(outcomes, weights)
def test_points_earned_are_those_of_the_tests_passed(
    outcomes: list[Outcome], points: list[int]
) -> None:
    """The points earned are the sum of the passed tests' points, out of every test's."""
    marking = parse_points(points_text(points), TESTS, "p")
    grade = grade_of(outcomes)
    earned = sum(
        worth for worth, got in zip(points, outcomes, strict=True) if got is Outcome.PASSED
    )
    assert (marking.earned(grade), marking.possible(grade)) == (earned, sum(points))
    assert marking.percent(grade) == (100 * earned / sum(points) if sum(points) else 0.0)
    assert 0 <= marking.percent(grade) <= 100


def tiers_text(thresholds: list[int], marks: list[int], by: str) -> str:
    """A scheme's `[mark]` of these tiers (thresholds highest first)."""
    tiers = ", ".join(f"[{low}, {mark}]" for low, mark in zip(thresholds, marks, strict=True))
    return f'[mark]\nby = "{by}"\ntiers = [{tiers}]\n'


tier_lists = st.lists(
    st.tuples(st.integers(min_value=0, max_value=len(TESTS)), st.integers(0, 9)),
    min_size=1,
    max_size=4,
    unique_by=lambda tier: tier[0],
).map(lambda tiers: sorted(tiers, reverse=True))


@QUICK
@given(outcomes, tier_lists)
def test_a_grade_gets_the_mark_of_the_highest_threshold_it_reaches(
    outcomes: list[Outcome], tiers: list[tuple[int, int]]
) -> None:
    """A grade's mark is its one tier's: the highest threshold at or under its tests passed."""
    text = tiers_text([low for low, _ in tiers], [mark for _, mark in tiers], "passed")
    marking = parse_scheme(text, TESTS, "s")
    passed = outcomes.count(Outcome.PASSED)
    reached = [mark for low, mark in tiers if low <= passed]
    assert marking.mark(grade_of(outcomes)) == (reached[0] if reached else 0)


@QUICK
@given(outcomes, weights, tier_lists)
def test_a_tier_by_percent_is_reached_by_the_percent_of_the_points(
    outcomes: list[Outcome], points: list[int], tiers: list[tuple[int, int]]
) -> None:
    """By percent, the tier is the highest threshold at or under the percent of points earned."""
    lows = [low * 100 // len(TESTS) for low, _ in tiers]
    scheme = tiers_text(lows, [mark for _, mark in tiers], "percent")
    given_points = "[points]\n" + points_text(points).replace(" ", " = ")
    marking = parse_scheme(given_points + scheme, TESTS, "s")
    percent = marking.percent(grade_of(outcomes))
    reached = [mark for low, (_, mark) in zip(lows, tiers, strict=True) if low <= percent]
    assert marking.mark(grade_of(outcomes)) == (reached[0] if reached else 0)


@QUICK
@given(st.lists(st.integers(min_value=0, max_value=len(TESTS)), min_size=2, max_size=4))
def test_thresholds_that_do_not_go_down_are_refused(lows: list[int]) -> None:
    """A scheme is read only if its thresholds go strictly down, highest first."""
    text = tiers_text(lows, [1] * len(lows), "passed")
    if all(high > low for high, low in pairwise(lows)):
        assert len(parse_scheme(text, TESTS, "s").parts[0].tiers) == len(lows)
    else:
        try:
            parse_scheme(text, TESTS, "s")
        except HarnessError as error:
            assert "thresholds must go down" in str(error)
        else:
            raise AssertionError(f"thresholds {lows} were read")


WEIGHTED = (
    '[mark.first]\ntests = ["at00[1-4]"]\nby = "passed"\ntiers = [[4, 3], [2, 1]]\n'
    '[mark.second]\ntests = ["at00[5-8]"]\nweight = 2.5\n'
)


@QUICK
@given(outcomes, weights, st.integers(min_value=0, max_value=len(TESTS) - 1))
def test_passing_one_more_test_never_lowers_a_grade(
    outcomes: list[Outcome], points: list[int], better: int
) -> None:
    """A grade with one more test passed has as many passed, points, percent and mark or more."""
    marking = parse_scheme(
        "[points]\n" + points_text(points).replace(" ", " = ") + WEIGHTED, TESTS, "s"
    )
    before = grade_of(outcomes)
    after = grade_of([*outcomes[:better], Outcome.PASSED, *outcomes[better + 1 :]])
    for measure in (
        lambda grade: grade.passed,
        lambda grade: grade.score,
        marking.earned,
        marking.percent,
        marking.mark,
    ):
        assert measure(after) >= measure(before)
    assert marking.possible(after) == marking.possible(before)


offsets = st.lists(
    st.sampled_from([-86400, -3600, -61, -1, 0, 1, 59, 7200]), min_size=1, max_size=4, unique=True
)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@settings(max_examples=12, deadline=None)
@given(offsets)
def test_the_commit_graded_is_the_last_at_or_before_the_deadline(times: list[int]) -> None:
    """Of commits made in any order of time, the graded is the latest at or before the deadline."""
    deadline = parse_deadline(DEADLINE)
    moment = int(deadline.timestamp())
    with tempfile.TemporaryDirectory() as place:
        folder = repository(Path(place) / "pupil")
        made = [
            (commit(folder, f"{EXACT}# {number}\n", f"@{moment + offset} +0000"), offset)
            for number, offset in enumerate(times)
        ]
        snapshot = chosen(folder, deadline)
    in_time = [(offset, made_commit) for made_commit, offset in made if offset <= 0]
    assert snapshot.commit == (max(in_time)[1] if in_time else "")
    assert snapshot.late == sum(offset > 0 for offset in times)
