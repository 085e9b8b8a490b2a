"""`at grade` and `at report`: their options, parsed into a grading (acceptance.grading.grading
does the work), and what it ended with printed: the summary table, the reports and a note."""

import argparse
import os
from pathlib import Path
from typing import Any

from acceptance.cli.options import (
    add_class_suite,
    add_jobs,
    add_limits,
    add_quiet,
    add_timeout,
    chosen_game,
    limits_of,
    positive,
)
from acceptance.cli.similar import add_similar_to_report, review_of
from acceptance.gradescope.results import VISIBILITIES
from acceptance.grading.grading import REPORTS, Grading, grade, report_again
from acceptance.grading.merge import parse_shard
from acceptance.grading.runs import GIVE_UP
from acceptance.grading.workers import THREADS
from acceptance.marking.deadline import parse_deadline
from acceptance.marking.points import Points
from acceptance.marking.scheme import load_marking
from acceptance.marking.submissions import program_of
from acceptance.progress import Progress
from acceptance.running.cases import collect, graded_paths, require_expected, shown
from acceptance.running.run_report import plural
from acceptance.store.database import STORE

__all__ = ["REPORTS", "add_grade", "add_report"]


def grading_of(args: argparse.Namespace) -> Grading:
    """The grading `at grade`'s options ask for."""
    program_of(args.exe, Path())  # a template naming no program: the first mistake said
    game = chosen_game(args)
    cases = collect(graded_paths(args.tests, game), game, args.expected)
    require_expected(cases)
    return Grading(
        cases=tuple(cases),
        game=game.name if game else None,
        template=args.exe,
        folders=tuple(args.submissions),
        out=args.out,
        points=load_marking(args.points, args.scheme, [case.name for case in cases]),
        timeout=args.timeout,
        give_up=args.give_up,
        jobs=args.jobs,
        threads=args.threads,
        limits=limits_of(args),
        sandbox=not args.no_sandbox,
        fresh=args.fresh,
        force=args.force,
        hide=tuple(args.hide),
        gradescope=args.gradescope,
        visibility=args.visibility,
        deadline=None if args.deadline is None else parse_deadline(args.deadline),
        allow_folders=args.allow_folders,
        shard=None if args.shard is None else parse_shard(args.shard),
        similar=review_of(args),
    )


def grade_command(args: argparse.Namespace) -> int:
    """`at grade`: exit 0 once every submission is graded, whatever the grades; 130 (Ctrl-C),
    143 (SIGTERM) or 129 (SIGHUP) when stopped, with the reports of what finished."""
    grading = grading_of(args)
    with Progress(args.quiet) as progress:
        finished = grade(grading, progress=progress)
    print(finished.summary)
    print(
        f"graded {plural(finished.submissions, 'submission')} over"
        f" {plural(len(grading.cases), 'test')} in"
        f" {finished.seconds:.1f}s; reports: {', '.join(map(shown, grading.reports))}"
    )
    print(finished.note)
    return finished.code


def report_command(args: argparse.Namespace) -> int:
    """`at report`: the reports of a grading written again from its store alone."""

    def points(tests: list[str]) -> Points | None:
        given = args.points is not None or args.scheme is not None
        return load_marking(args.points, args.scheme, tests) if given else None

    with Progress(args.quiet) as progress:
        jobs = os.cpu_count() or 1
        summary, note = report_again(args.folder, points, review_of(args), jobs, progress)
    print(summary)
    print(f"reports: {', '.join(shown(args.folder / name) for name in REPORTS)}")
    print(note)
    return 0


def add_points(command: argparse.ArgumentParser) -> None:
    """The --points and --scheme options: each test's points and the mark in the reports."""
    command.add_argument(
        "--points",
        type=Path,
        metavar="FILE",
        help="each test's points: lines `TEST-OR-GLOB POINTS` (tests not named count 1)",
    )
    command.add_argument(
        "--scheme",
        type=Path,
        metavar="FILE",
        help="a marking scheme (TOML): [points] of tests and the [mark], by tiers of tests passed"
        " or of percent of the points, or by weight, in named parts or one; adds a mark column",
    )


def add_deadline(command: argparse.ArgumentParser) -> None:
    """The --deadline and --allow-folders options."""
    command.add_argument(
        "--deadline",
        metavar="TIME",
        help="grade each submission, a git repository, at its last commit on or before TIME (ISO"
        " 8601 with its offset: '2020-11-25 23:59 -0500'), by committer time, read from git's"
        " objects without touching the working tree; the later commits count as late, a"
        " repository with none before TIME is no submission",
    )
    command.add_argument(
        "--allow-folders",
        action="store_true",
        help="with --deadline, grade a submission that is no git repository as it is (an error"
        " otherwise)",
    )


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
        "--threads",
        type=positive(int),
        default=THREADS,
        metavar="N",
        help=f"run at most N programs at once from one process (default {THREADS}): more jobs"
        " are shared among several processes, each with its own sandbox, since one process's"
        " threads wait on each other",
    )
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
        help=f"the grading store ({STORE}) and the reports: {', '.join(REPORTS)};"
        " a folder holding a store of the same class and suite is graded on where it stopped"
        " (stopped, or a full disk); one of another is refused unless --force (default"
        " grading/)",
    )
    grade.add_argument(
        "--fresh",
        action="store_true",
        help="start over: remove the folder's store and reports first",
    )
    grade.add_argument(
        "--force",
        action="store_true",
        help="grade into a folder that holds the grading of another class or suite: its reports"
        " are replaced (its kept runs serve where a submission and a test are the same)",
    )
    grade.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run the programs as yourself, unisolated and without limits but time and output",
    )
    grade.add_argument(
        "--hide",
        action="append",
        default=[],
        type=Path,
        metavar="FOLDER",
        help="another folder the programs must not see (the suite's, the submissions', the"
        " reports' and the project's are hidden already), repeatable",
    )
    add_limits(grade)
    add_points(grade)
    add_similar_to_report(grade)
    grade.add_argument(
        "--gradescope",
        type=Path,
        metavar="FILE",
        help="also write one submission's grade as Gradescope's results.json to FILE, as each"
        " test finishes",
    )
    grade.add_argument(
        "--visibility",
        choices=VISIBILITIES,
        default="visible",
        help="when students see the Gradescope results (default visible)",
    )
    add_deadline(grade)
    grade.add_argument(
        "--shard",
        metavar="K/N",
        help="grade only the K-th of N parts of the class (K from 1), split by a hash of each"
        " submission's name, the same on every machine; `at merge` joins the parts' --out folders",
    )
    add_quiet(grade)
    grade.set_defaults(handler=grade_command)


def add_report(commands: Any) -> None:
    """The `report` subcommand and its options."""
    report = commands.add_parser(
        "report", help="write a grading's reports again from its store, with other points"
    )
    report.add_argument(
        "folder", type=Path, metavar="FOLDER", help="the --out folder of `at grade`"
    )
    add_points(report)
    add_similar_to_report(report)
    add_quiet(report)
    report.set_defaults(handler=report_command)
