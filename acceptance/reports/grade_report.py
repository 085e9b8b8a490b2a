"""Reports of a graded class: a CSV of grades, a CSV matrix of every test's outcome and a summary
table for the terminal, each with points when a points file weights the tests (the page people
read is `class_report`)."""

import csv
import io
from collections.abc import Sequence

from acceptance.marking.points import EVEN, Points, number_text
from acceptance.marking.submissions import Grade
from acceptance.running.compare import Mismatch, Side, visible

GRADE_COLUMNS = ("submission", "passed", "failed", "errors", "score")
REASONS = "reasons"  # the last column: why the errors were errors (Grade.reasons)


POINT_COLUMNS = ("points", "max_points")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TEST_POINTS = "(points per test)"
MARK = "mark"  # the column of a marking scheme's mark
SNAPSHOT_COLUMNS = ("commit", "committed", "late")  # under a deadline: the commit graded


def score_text(grade: Grade, points: Points = EVEN) -> str:
    """A score (percent of the points) with one decimal."""
    return f"{points.percent(grade):.1f}"


def columns(points: Points) -> tuple[str, ...]:
    """The columns of a grade: the points ones only when tests are weighted, the mark's only
    when a scheme gives one (each part's first when it has several)."""
    return (
        GRADE_COLUMNS[:-1]
        + (POINT_COLUMNS if points.weighted else ())
        + GRADE_COLUMNS[-1:]
        + mark_columns(points)
    )


def mark_columns(points: Points) -> tuple[str, ...]:
    """The columns of the mark: none without one, `mark_PART` for each of several parts, then
    `mark`."""
    if not points.parts:
        return ()
    parts = tuple(f"{MARK}_{part.name}" for part in points.parts) if len(points.parts) > 1 else ()
    return (*parts, MARK)


def mark_text(value: float) -> str:
    """A mark as people write it, to two decimals at most: `2`, `1.5`, `5.33`."""
    return number_text(round(value, 2))


def mark_cells(grade: Grade, points: Points) -> tuple[str, ...]:
    """A submission's marks, as `mark_columns` names them."""
    if not points.parts:
        return ()
    parts = [points.part_mark(part, grade) for part in points.parts]
    return (*(map(mark_text, parts) if len(parts) > 1 else ()), mark_text(sum(parts)))


def grade_cells(grade: Grade, points: Points) -> tuple[str, ...]:
    """A submission's row of grades."""
    counts = (str(grade.passed), str(grade.failed), str(grade.errors))
    worth = (number_text(points.earned(grade)), number_text(points.possible(grade)))
    return (
        (grade.submission.name, *counts)
        + (worth if points.weighted else ())
        + (score_text(grade, points),)
        + mark_cells(grade, points)
    )


def inert(cell: object) -> str:
    """A cell a spreadsheet shows as text: one that could start a formula (=, +, -, @, a tab or
    a carriage return first) gets a leading quote, as OWASP recommends against CSV injection."""
    text = str(cell)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(rows: Sequence[Sequence[object]]) -> str:
    """Rows as CSV text (LF line ends), every cell inert. A row with a carriage return in a cell
    has every cell quoted: the writer quotes only what holds its own line end."""
    buffer = io.StringIO()
    minimal = csv.writer(buffer, lineterminator="\n")
    every = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for row in rows:
        cells = [inert(cell) for cell in row]
        (every if any("\r" in cell for cell in cells) else minimal).writerow(cells)
    return buffer.getvalue()


def dated(grades: Sequence[Grade]) -> bool:
    """Whether a deadline chose the commits graded (then the reports say which)."""
    return any(grade.submission.snapshot for grade in grades)


def snapshot_cells(grade: Grade) -> tuple[str, str, str]:
    """The commit graded, its committer time and the late commits (empty for a folder graded
    as it is)."""
    snapshot = grade.submission.snapshot
    return snapshot.cells() if snapshot else ("", "", "")


def grades_csv(grades: Sequence[Grade], points: Points = EVEN) -> str:
    """One row per submission: submission, passed, failed, errors, [points, max_points,] score,
    [the mark's parts, mark,] [commit, committed, late,] reasons."""
    commits = dated(grades)
    rows = [
        (*grade_cells(grade, points), *(snapshot_cells(grade) if commits else ()), grade.reasons)
        for grade in grades
    ]
    return csv_text([(*columns(points), *(SNAPSHOT_COLUMNS if commits else ()), REASONS), *rows])


def matrix_csv(grades: Sequence[Grade], points: Points = EVEN) -> str:
    """One row per submission, one column per test: each test's outcome; with weighted tests, a
    first row of each test's points and a last column of the points earned."""
    tests = [result.case.name for result in grades[0].results] if grades else []
    rows = [
        (grade.submission.name, *(result.outcome.value for result in grade.results))
        + ((number_text(points.earned(grade)),) if points.weighted else ())
        for grade in grades
    ]
    if not points.weighted:
        return csv_text([("submission", *tests), *rows])
    total = number_text(sum(map(points.of, tests)))
    worth = (TEST_POINTS, *(number_text(points.of(test)) for test in tests), total)
    return csv_text([("submission", *tests, "points"), worth, *rows])


def summary_table(grades: Sequence[Grade], points: Points = EVEN) -> str:
    """The grades as an aligned text table, each row ending with why its errors were errors."""
    rows = [columns(points)] + [grade_cells(grade, points) for grade in grades]
    reasons = [REASONS] + [grade.reasons for grade in grades]
    widths = [max(len(row[0]) for row in rows)] + [
        max(8, 2 + max(len(row[column]) for row in rows)) for column in range(1, len(rows[0]))
    ]
    return "\n".join(
        (
            f"{row[0]:<{widths[0]}}"
            + "".join(f"{cell:>{width}}" for cell, width in zip(row[1:], widths[1:], strict=True))
            + f"  {reason}"
        ).rstrip()
        for row, reason in zip(rows, reasons, strict=True)
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
