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
from acceptance.grade import GIVE_UP, Submission, grade_class, submissions
from acceptance.grade_report import grades_csv, grades_html, matrix_csv, summary_table
from acceptance.options import add_game, add_jobs, add_timeout, chosen_game, positive
from acceptance.sandbox import Sandbox, add_limits, limits_of, sandbox
from acceptance.suite import Result

UNISOLATED = "the runs were not isolated (--no-sandbox)"
REPORTS = ("grades.csv", "matrix.csv", "report.html")


def report_paths(folder: Path, force: bool) -> list[Path]:
    """The report files in the output folder; existing ones are kept unless --force."""
    paths = [folder / name for name in REPORTS]
    existing = [shown(path) for path in paths if path.exists()]
    if existing and not force:
        raise HarnessError(f"{', '.join(existing)} exist already (--force replaces them)")
    return paths


def write_reports(paths: list[Path], texts: list[str]) -> None:
    """Write each report whole, through a temporary file, so none is ever half written."""
    try:
        paths[0].parent.mkdir(parents=True, exist_ok=True)
        for path, text in zip(paths, texts):
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
    paths = report_paths(args.out, args.force)
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
    title = f"Grades: {len(pupils)} submissions, {len(cases)} tests"
    title += f"; {UNISOLATED}" if args.no_sandbox else ""
    write_reports(paths, [grades_csv(grades), matrix_csv(grades), grades_html(grades, title)])
    print(summary_table(grades))
    print(
        f"graded {len(pupils)} submissions over {len(cases)} tests in {seconds:.1f}s;"
        f" reports: {', '.join(map(shown, paths))}"
    )
    if args.no_sandbox:
        print(UNISOLATED)
    return 0


def add_grade(commands: Any) -> None:
    """The `grade` subcommand and its options."""
    grade = commands.add_parser(
        "grade", help="grade a class: every submission's program over a suite, with reports"
    )
    grade.add_argument(
        "--exe",
        required=True,
        metavar="TEMPLATE",
        help="each submission's program, {} standing for its folder: '{}/space_defender_2'",
    )
    grade.add_argument(
        "submissions", nargs="+", type=Path, metavar="SUBMISSION", help="submission folders"
    )
    grade.add_argument(
        "--tests",
        action="append",
        type=Path,
        metavar="PATH",
        help="a script or folder of the suite, repeatable (default: every game's suite)",
    )
    add_game(grade)
    add_timeout(grade)
    add_jobs(grade, os.cpu_count() or 1, "programs")
    grade.add_argument(
        "--give-up",
        type=positive(int),
        default=GIVE_UP,
        metavar="N",
        help=f"after N timeouts a submission's other tests are not run (default {GIVE_UP})",
    )
    grade.add_argument(
        "--out",
        type=Path,
        default=Path("grading"),
        metavar="FOLDER",
        help=f"where the reports go: {', '.join(REPORTS)} (default grading/)",
    )
    grade.add_argument("--force", action="store_true", help="replace existing reports")
    grade.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run the programs as yourself, unisolated and without limits but time and output",
    )
    add_limits(grade)
    grade.set_defaults(handler=grade_command)
