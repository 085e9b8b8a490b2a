"""`at grade`: a class of submissions over a suite, reports written, a summary table printed."""

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import Any

from acceptance.cases import collect, default_scripts, shown
from acceptance.display import progress_bar
from acceptance.errors import HarnessError
from acceptance.games import GAMES
from acceptance.class_report import class_html
from acceptance.grade import GIVE_UP, Grade, Submission, grade_class, submissions
from acceptance.grade_report import grades_csv, matrix_csv, summary_table
from acceptance.gradescope import VISIBILITIES, results_json
from acceptance.merge import RECORD, record_json
from acceptance.options import add_class_suite, add_jobs, add_timeout, chosen_game, positive
from acceptance.points import Points, load_points
from acceptance.sandbox import Sandbox, add_limits, limits_of, sandbox
from acceptance.suite import Result

UNISOLATED = "the runs were not isolated (--no-sandbox)"
REPORTS = ("grades.csv", "matrix.csv", "report.html", RECORD)


def report_texts(grades: list[Grade], points: Points, note: str = "") -> list[str]:
    """The texts of the REPORTS of a graded class; a note (how it was run) ends the title."""
    tests = len(grades[0].results) if grades else 0
    title = f"Grades: {len(grades)} submissions, {tests} tests" + (f"; {note}" if note else "")
    return [
        grades_csv(grades, points),
        matrix_csv(grades, points),
        class_html(grades, title, points),
        record_json(grades, points, note),
    ]


def report_paths(folder: Path, force: bool) -> list[Path]:
    """The report files in the output folder; existing ones are kept unless --force."""
    paths = [folder / name for name in REPORTS]
    existing = [shown(path) for path in paths if path.exists()]
    if existing and not force:
        raise HarnessError(f"{', '.join(existing)} exist already (--force replaces them)")
    return paths


def gradescope_path(args: argparse.Namespace, pupils: list[Submission]) -> Path | None:
    """Where --gradescope writes its results.json: one submission's, kept unless --force."""
    path: Path | None = args.gradescope
    if path is None:
        return None
    if len(pupils) != 1:
        raise HarnessError(f"--gradescope writes one submission's results, not {len(pupils)}'s")
    if path.exists() and not args.force:
        raise HarnessError(f"{shown(path)} exists already (--force replaces it)")
    return path


def write_reports(paths: list[Path], texts: list[str]) -> None:
    """Write each report whole, through a temporary file, so none is ever half written."""
    try:
        for path, text in zip(paths, texts):
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(f".{path.name}.{os.getpid()}")
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(path)
    except OSError as error:
        raise HarnessError(f"cannot write the reports: {error}") from None


def grade_command(args: argparse.Namespace) -> int:
    """`at grade`: exit 0 once every submission is graded, whatever the grades."""
    game = chosen_game(args)
    cases = collect(args.tests or default_scripts([game] if game else GAMES.values()), game)
    pupils = submissions(args.exe, args.submissions)
    points = load_points(args.points, [case.name for case in cases])
    paths = report_paths(args.out, args.force)
    gradescope = gradescope_path(args, pupils)
    bar = progress_bar(len(pupils) * len(cases)) if sys.stderr.isatty() else None

    def tick(pupil: Submission, result: Result) -> None:
        if bar is not None:
            bar.update()

    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        confined: Sandbox | None = None
        if not args.no_sandbox:
            confined = stack.enter_context(sandbox(limits_of(args), args.jobs))
        try:
            grades = grade_class(
                pupils, cases, args.timeout, args.jobs, args.give_up, tick, confined
            )
        finally:
            if bar is not None:
                bar.close()
    seconds = time.perf_counter() - started
    texts = report_texts(grades, points, UNISOLATED if args.no_sandbox else "")
    if gradescope is not None:
        paths, texts = paths + [gradescope], texts + [
            results_json(grades[0], points, args.visibility)
        ]
    write_reports(paths, texts)
    print(summary_table(grades, points))
    print(
        f"graded {len(pupils)} submissions over {len(cases)} tests in {seconds:.1f}s;"
        f" reports: {', '.join(map(shown, paths))}"
    )
    if args.no_sandbox:
        print(UNISOLATED)
    return 0


def add_report_folder(command: argparse.ArgumentParser) -> None:
    """--out, the folder the class's reports go to, and --force to replace them."""
    command.add_argument(
        "--out",
        type=Path,
        default=Path("grading"),
        metavar="FOLDER",
        help=f"where the reports go: {', '.join(REPORTS)} (default grading/)",
    )
    command.add_argument("--force", action="store_true", help="replace existing reports")


def add_grade(commands: Any) -> None:
    """The `grade` subcommand and its options."""
    grade = commands.add_parser(
        "grade", help="grade a class: every submission's program over a suite, with reports"
    )
    add_class_suite(grade, "each submission's program", "the suite")
    grade.add_argument(
        "submissions", nargs="+", type=Path, metavar="SUBMISSION", help="submission folders"
    )
    add_timeout(grade)
    add_jobs(grade, os.cpu_count() or 1, "programs")
    grade.add_argument(
        "--give-up",
        type=positive(int),
        default=GIVE_UP,
        metavar="N",
        help=f"after N timeouts a submission's other tests are not run (default {GIVE_UP})",
    )
    add_report_folder(grade)
    grade.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run the programs as yourself, unisolated and without limits but time and output",
    )
    add_limits(grade)
    grade.add_argument(
        "--points",
        type=Path,
        metavar="FILE",
        help="each test's points: lines `TEST-OR-GLOB POINTS` (tests not named count 1)",
    )
    grade.add_argument(
        "--gradescope",
        type=Path,
        metavar="FILE",
        help="also write one submission's grade as Gradescope's results.json to FILE",
    )
    grade.add_argument(
        "--visibility",
        choices=VISIBILITIES,
        default="visible",
        help="when students see the Gradescope results (default visible)",
    )
    grade.set_defaults(handler=grade_command)
