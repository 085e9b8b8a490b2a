"""The same grades by three paths: for random classes, grades.csv, report.html (its submissions'
cells, its verdicts and its histogram) and each submission's results.json give the counts,
points, scores and marks counted here from the outcomes, so that a report that drops or
miscounts a column disagrees with the others."""

import csv
import html
import io
import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from acceptance.gradescope.results import results_json
from acceptance.marking.points import Points
from acceptance.marking.scheme import parse_scheme
from acceptance.marking.submissions import Grade, Submission
from acceptance.reports.class_report import class_html
from acceptance.reports.grade_report import grades_csv
from acceptance.running.cases import Case
from acceptance.running.compare import compare
from acceptance.running.suite import Outcome, Result

TESTS = ["at001", "at002", "at003", "at004"]
ERRORS = (Outcome.CRASHED, Outcome.TIMED_OUT, Outcome.NOT_RUN)
SCHEME = (
    "[points]\nat001 = 2\nat004 = 0.5\n"
    '[mark.early]\ntests = ["at00[12]"]\nby = "percent"\ntiers = [[90, 4], [60, 3], [25, 1]]\n'
    '[mark.late]\ntests = ["at00[34]"]\nweight = 2\n'
)
EXPECTED = b"> fire\nHit!\n"

outcomes = st.sampled_from([Outcome.PASSED, Outcome.FAILED, *ERRORS])
classes = st.lists(
    st.lists(outcomes, min_size=len(TESTS), max_size=len(TESTS)), min_size=1, max_size=5
)
CELL = re.compile(r'data-label="(\w+)"(?: data-value="([^"]*)")?>([^<]*)</td>')


def result(name: str, outcome: Outcome) -> Result:
    """A test's result as the grader makes it: a wrong output's difference, an error's reason."""
    mismatch = compare(EXPECTED, b"> fire\nMissed.\n") if outcome is Outcome.FAILED else None
    detail = "Traceback\nValueError: bad move" if outcome in ERRORS else ""
    return Result(Case(name, Path(name), None), outcome, 0.25, mismatch, detail)


def class_of(outcomes: list[list[Outcome]]) -> list[Grade]:
    """A class of submissions s0, s1, ... with these outcomes over the tests."""
    return [
        Grade(
            Submission(f"s{number}", Path(f"s{number}"), ()),
            tuple(result(name, got) for name, got in zip(TESTS, row, strict=True)),
        )
        for number, row in enumerate(outcomes)
    ]


def by_hand(row: list[Outcome], marking: Points) -> dict[str, float]:
    """A submission's numbers counted from its outcomes and the scheme's points."""
    worth = [marking.of(name) for name in TESTS]
    won = [points if got is Outcome.PASSED else 0 for points, got in zip(worth, row, strict=True)]
    early = 100 * sum(won[:2]) / sum(worth[:2])
    tier = next((mark for low, mark in ((90, 4), (60, 3), (25, 1)) if early >= low), 0)
    late = 2 * sum(won[2:]) / sum(worth[2:])
    percent = 100 * sum(won) / sum(worth)
    return {
        "passed": row.count(Outcome.PASSED),
        "failed": row.count(Outcome.FAILED),
        "errors": sum(got in ERRORS for got in row),
        "points": sum(won),
        "max_points": sum(worth),
        "score": round(percent, 1),
        "mark": round(tier + late, 2),
    }


def from_csv(text: str) -> dict[str, dict[str, float]]:
    """grades.csv's numbers, by submission."""
    rows = csv.DictReader(io.StringIO(text))
    return {
        row["submission"]: {k: float(v) for k, v in row.items() if k in NUMBERS} for row in rows
    }


NUMBERS = ("passed", "failed", "errors", "points", "max_points", "score", "mark")


def from_page(page: str) -> dict[str, dict[str, float]]:
    """report.html's submission table's numbers, by submission."""
    table = page.split('<section id="submissions">', 1)[1].split("</section>", 1)[0]
    found = {}
    for name, row in re.findall(r'<tr[^>]* data-name="([^"]*)">(.*?)</tr>', table):
        cells = {label: (value, text) for label, value, text in CELL.findall(row)}
        earned, possible = html.unescape(cells["points"][1]).split(" / ")
        found[name] = {
            **{count: float(cells[count][1]) for count in ("passed", "failed", "errors")},
            "points": float(earned),
            "max_points": float(possible),
            "score": float(cells["score"][1]),
            "mark": float(cells["mark"][1]),
        }
    return found


def from_results(grade: Grade, marking: Points) -> dict[str, float]:
    """A submission's numbers as its results.json gives them."""
    data = json.loads(results_json(grade, marking))
    extra = data["extra_data"]
    tests = data["tests"]
    earned = sum(test["score"] for test in tests)
    possible = sum(test["max_score"] for test in tests)
    assert sum(test["status"] == "passed" for test in tests) == extra["passed"]
    return {
        "passed": extra["passed"],
        "failed": extra["failed"],
        "errors": extra["errors"],
        "points": earned,
        "max_points": possible,
        "score": round(100 * earned / possible, 1),
        "mark": round(data["score"], 2),
    }


@settings(max_examples=30, deadline=None)
@given(classes)
def test_grades_csv_report_html_and_results_json_give_the_same_grades(
    outcomes: list[list[Outcome]],
) -> None:
    """Each submission's counts, points, score and mark agree across the three reports."""
    marking = parse_scheme(SCHEME, TESTS, "s")
    grades = class_of(outcomes)
    wanted = {f"s{number}": by_hand(row, marking) for number, row in enumerate(outcomes)}
    assert from_csv(grades_csv(grades, marking)) == wanted
    assert from_page(class_html(grades, marking)) == wanted
    assert {grade.submission.name: from_results(grade, marking) for grade in grades} == wanted


def verdict_runs(page: str) -> dict[str, tuple[int, int]]:
    """report.html's verdicts table: the runs of each verdict, and the submissions with one."""
    table = page.split('<table id="verdicts">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(
        r'<td>([^<]*)</td><td class="number" data-label="runs">(\d+)</td>'
        r'<td class="number" data-label="submissions">(\d+)</td>',
        table,
    )
    return {verdict: (int(runs), int(pupils)) for verdict, runs, pupils in rows}


@settings(max_examples=30, deadline=None)
@given(classes)
def test_the_pages_verdicts_and_histogram_count_every_run_and_submission_once(
    outcomes: list[list[Outcome]],
) -> None:
    """The verdicts count runs and submissions by outcome, the histogram each submission once."""
    marking = parse_scheme(SCHEME, TESTS, "s")
    page = class_html(class_of(outcomes), marking)
    every = [got for row in outcomes for got in row]
    assert verdict_runs(page) == {
        got.value: (every.count(got), sum(got in row for row in outcomes)) for got in set(every)
    }
    bars = re.findall(r'<span class="count">(\d+)</span>', page)
    assert sum(map(int, bars)) == len(outcomes)
    full = sum(by_hand(row, marking)["score"] == 100 for row in outcomes)
    assert int(bars[-1]) == full
