"""Gradescope's `results.json` for one graded submission, as its autograder specification asks:
the score, each test's entry and its visibility."""

import json

from acceptance.marking.points import Points, number_text
from acceptance.marking.submissions import Grade
from acceptance.reports.grade_report import mark_text
from acceptance.running.run_report import full_report, plural

VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")


def test_entry(
    result_index: int, grade: Grade, points: Points, visibility: str
) -> dict[str, object]:
    """One test of a submission as Gradescope shows it: its points, status and, when it failed,
    the report `at run -v` prints."""
    result = grade.results[result_index]
    worth = points.of(result.case.name)
    return {
        "name": result.case.name,
        "number": str(result_index + 1),
        "score": worth if result.passed else 0.0,
        "max_score": worth,
        "status": "passed" if result.passed else "failed",
        "output": "passed" if result.passed else full_report(result),
        "tags": [result.outcome.value],
        "visibility": visibility,
    }


def results_json(grade: Grade, points: Points, visibility: str = "visible", note: str = "") -> str:
    """A submission's grade as Gradescope's `results.json`, a note (how it was graded, how far)
    on the summary's second line; its score is the mark where a scheme gives one, else the
    points earned."""
    earned, possible = points.earned(grade), points.possible(grade)
    marked = f"; mark {mark_text(points.mark(grade))}" if points.parts else ""
    summary = (
        f"{grade.passed} of {plural(len(grade.results), 'test')} passed"
        f" ({grade.failed} wrong output, {plural(grade.errors, 'error')}):"
        f" {number_text(earned)} of {number_text(possible)} points"
        f"{marked}"
    ) + (f"\n{note}" if note else "")
    extra: dict[str, float] = {
        "passed": grade.passed,
        "failed": grade.failed,
        "errors": grade.errors,
    }
    if points.parts:
        extra["mark"] = points.mark(grade)
    results = {
        "score": points.mark(grade) if points.parts else earned,
        "execution_time": round(sum(result.seconds for result in grade.results), 3),
        "output": summary,
        "visibility": visibility,
        "stdout_visibility": "hidden",
        "extra_data": extra,
        "tests": [
            test_entry(index, grade, points, visibility) for index in range(len(grade.results))
        ],
    }
    return json.dumps(results, indent=2, ensure_ascii=False) + "\n"
