"""Reports of a graded class: a CSV of grades, a CSV matrix of every test's outcome, a static
HTML page with each failing test's first difference, and a summary table for the terminal."""

import csv
import html
import io
from collections.abc import Sequence

from acceptance.compare import Mismatch, Side, visible
from acceptance.grade import Grade
from acceptance.report import headline

GRADE_COLUMNS = ("submission", "passed", "failed", "errors", "score")
REASONS = "reasons"  # the last column: why the errors were errors (Grade.reasons)
STYLE = """
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; vertical-align: top; text-align: left; }
td.number { text-align: right; }
tr.perfect td.score { background: #dfd; }
pre { margin: 0.2em 0 0.6em 1em; font-size: 90%; }
ul { margin: 0; padding-left: 1.2em; }
"""


def score_text(grade: Grade) -> str:
    """A score with one decimal."""
    return f"{grade.score:.1f}"


def csv_text(rows: Sequence[Sequence[object]]) -> str:
    """Rows as CSV text (LF line ends)."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def grades_csv(grades: Sequence[Grade]) -> str:
    """One row per submission: submission, passed, failed, errors, score, reasons."""
    rows = [
        (grade.submission.name, grade.passed, grade.failed, grade.errors, score_text(grade))
        + (grade.reasons,)
        for grade in grades
    ]
    return csv_text([(*GRADE_COLUMNS, REASONS), *rows])


def matrix_csv(grades: Sequence[Grade]) -> str:
    """One row per submission, one column per test: each test's outcome."""
    tests = [result.case.name for result in grades[0].results] if grades else []
    rows = [
        (grade.submission.name, *(result.outcome.value for result in grade.results))
        for grade in grades
    ]
    return csv_text([("submission", *tests), *rows])


def summary_table(grades: Sequence[Grade]) -> str:
    """The grades as an aligned text table, each row ending with why its errors were errors."""
    rows = [(*GRADE_COLUMNS, REASONS)] + [
        (grade.submission.name, str(grade.passed), str(grade.failed), str(grade.errors))
        + (score_text(grade), grade.reasons)
        for grade in grades
    ]
    width = max(len(row[0]) for row in rows)
    return "\n".join(
        f"{row[0]:<{width}}" + "".join(f"{cell:>8}" for cell in row[1:-1]) + f"  {row[-1]}".rstrip()
        for row in rows
    )


def first_lines(mismatch: Mismatch) -> list[str]:
    """The first differing lines of a block diff, expected then actual, invisibles marked."""
    changed = [line for line in mismatch.diff if line.side is not Side.BOTH]
    first = {side: next((line for line in changed if line.side is side), None) for side in Side}
    return [
        f"{side.value} {line.number:>5} {visible(line.text)}"
        for side in (Side.EXPECTED, Side.ACTUAL)
        if (line := first[side]) is not None
    ]


def failures_html(grade: Grade) -> str:
    """The failing tests of a submission, each with its first difference."""
    items = []
    for result in grade.results:
        if result.passed:
            continue
        lines = first_lines(result.mismatch) if result.mismatch else []
        shown = f"<pre>{html.escape(chr(10).join(lines))}</pre>" if lines else ""
        items.append(f"<li>{html.escape(headline(result))}{shown}</li>")
    return f"<ul>{''.join(items)}</ul>" if items else "all passed"


def grade_row(grade: Grade) -> str:
    """One submission's row of the HTML report."""
    numbers = (grade.passed, grade.failed, grade.errors, score_text(grade))
    cells = "".join(f'<td class="number">{number}</td>' for number in numbers[:3])
    kind = ' class="perfect"' if grade.passed == len(grade.results) else ""
    return (
        f"<tr{kind}><td>{html.escape(grade.submission.name)}</td>{cells}"
        f'<td class="number score">{numbers[3]}</td><td>{failures_html(grade)}</td></tr>'
    )


def grades_html(grades: Sequence[Grade], title: str) -> str:
    """A static HTML page: one row per submission with its counts and failing tests."""
    header = "".join(f"<th>{name}</th>" for name in (*GRADE_COLUMNS, "failing tests"))
    rows = "\n".join(grade_row(grade) for grade in grades)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}</style></head>\n<body><h1>{html.escape(title)}</h1>\n"
        f"<table><thead><tr>{header}</tr></thead><tbody>\n{rows}\n</tbody></table>\n"
        "</body></html>\n"
    )
