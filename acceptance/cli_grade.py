"""`at grade` and `at report`: a class of submissions over a suite, every finished run kept in the
output folder's grading store, reports written from it and a summary table printed.

The same command again finishes the work: only the runs the store lacks happen (a new or changed
submission, an edited test). Ctrl-C, SIGTERM and SIGHUP end the runs in flight and write the
reports of what finished, marked incomplete; a kill at any moment loses at most the runs in
flight, and every report is written whole or not at all.
"""

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

from acceptance.running.cases import collect, default_scripts, shown
from acceptance.grading.class_report import class_html
from acceptance.running.display import progress_bar
from acceptance.errors import HarnessError
from acceptance.games import GAMES
from acceptance.grading.grade import (
    GIVE_UP,
    Grade,
    Grader,
    Submission,
    Task,
    expected_bytes,
    grade_runs,
    submissions,
)
from acceptance.grading.grade_report import grades_csv, matrix_csv, summary_table
from acceptance.grading.gradescope import VISIBILITIES, results_json
from acceptance.grading.isolation import NOTES, Isolation, confine, lock_private, private_folders
from acceptance.options import add_class_suite, add_jobs, add_timeout, chosen_game, positive
from acceptance.grading.explained import class_causes, suite_coverage
from acceptance.grading.missed import caused, causes_csv
from acceptance.grading.points import Points, load_points
from acceptance.grading.sandbox import add_limits, limits_of
from acceptance.grading.store import (
    STORE,
    Graded,
    Pupil,
    Run,
    Store,
    digest,
    folder_digest,
    test_key,
)
from acceptance.running.coverage import Covered
from acceptance.running.suite import Outcome, Result

REPORTS = ("grades.csv", "matrix.csv", "report.html", "causes.csv")
STOPPING = {signal.SIGTERM: 143, signal.SIGHUP: 129}  # signals that stop a grading: exit status
INTERRUPTED = 130  # Ctrl-C
Found = dict[Run, Result]


class Signalled(Exception):
    """A signal asked the grading to stop; `code` is the exit status it calls for."""

    def __init__(self, code: int) -> None:
        super().__init__(f"signal {code - 128}")
        self.code = code


@contextlib.contextmanager
def stopping_signals() -> Iterator[None]:
    """While grading, SIGTERM and SIGHUP raise Signalled in the main thread, as Ctrl-C raises
    KeyboardInterrupt, so that the runs in flight are ended and what finished is reported."""

    def raise_signalled(number: int, frame: FrameType | None) -> None:
        raise Signalled(STOPPING[signal.Signals(number)])

    previous = {number: signal.signal(number, raise_signalled) for number in STOPPING}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def report_texts(
    grades: list[Grade], points: Points, note: str = "", covered: Covered | None = None
) -> list[str]:
    """The texts of the REPORTS of a graded class (its wrong outputs with their causes); a note
    (how it was run) ends the title; the suite's coverage if known."""
    tests = len(grades[0].results) if grades else 0
    title = f"Grades: {len(grades)} submissions, {tests} tests" + (f"; {note}" if note else "")
    return [
        grades_csv(grades, points),
        matrix_csv(grades, points),
        class_html(grades, title, points, covered),
        causes_csv(grades),
    ]


def write_reports(paths: Sequence[Path], texts: Sequence[str]) -> None:
    """Write each report whole, through a temporary file, so none is ever half written."""
    try:
        for path, text in zip(paths, texts, strict=True):
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(f".{path.name}.{os.getpid()}")
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(path)
    except OSError as error:
        raise HarnessError(f"cannot write the reports: {error}") from None


def open_store(folder: Path, fresh: bool) -> Store:
    """The output folder's grading store, made if there is none. With --fresh the old store and
    reports are removed first; reports with no store beside them are kept unless --fresh."""
    reports = [folder / name for name in REPORTS]
    store = folder / STORE
    if fresh:
        for path in [
            *reports,
            *(store.with_name(store.name + end) for end in ("", "-wal", "-shm")),
        ]:
            path.unlink(missing_ok=True)
    elif not store.exists() and any(path.exists() for path in reports):
        existing = ", ".join(shown(path) for path in reports if path.exists())
        raise HarnessError(
            f"{existing} exist already, with no grading store: --fresh replaces them"
        )
    return Store.open(folder)


def class_note(graded: Graded, found: Mapping[Run, Result]) -> str:
    """How a grading ran, for the title of its reports: its isolation, and how much is missing."""
    notes = [NOTES[Isolation(name)] for name in dict.fromkeys(p.isolation for p in graded.pupils)]
    runs = len(graded.pupils) * len(graded.cases)
    if len(found) < runs:
        notes.append(
            f"incomplete: graded {len(found):,} of {runs:,} runs;"
            " run the same command again to finish"
        )
    return "; ".join(notes)


def grades_of(graded: Graded, found: Mapping[Run, Result]) -> list[Grade]:
    """The class's grades in submission order, the runs not in `found` not graded yet."""
    return [
        Grade(
            pupil.submission,
            tuple(
                found.get((number, test), Result(case, Outcome.PENDING))
                for test, case in enumerate(graded.cases)
            ),
        )
        for number, pupil in enumerate(graded.pupils)
    ]


def write_class_reports(store: Store, graded: Graded, found: Found) -> tuple[str, str]:
    """The reports of a grading written beside its store, and recorded there as written; the
    summary table and the note."""
    grades = class_causes(store, graded, grades_of(graded, found))
    note = class_note(graded, found)
    texts = report_texts(grades, graded.points, note, suite_coverage(store, graded))
    summary = summary_table(grades, graded.points)
    write_reports([store.path.parent / name for name in REPORTS], texts)
    files = {name: digest(text) for name, text in zip(REPORTS, texts, strict=True)}
    grading = reported_digest(graded, note)
    store.put("reported", {"grading": grading, "files": files, "summary": summary, "note": note})
    return summary, note


def reported_digest(graded: Graded, note: str) -> str:
    """What a grading's reports are made of but the runs' results: what it graded, its points
    and its note."""
    return digest(json.dumps(graded.record()), note)


def reported_already(store: Store, graded: Graded) -> tuple[str, str] | None:
    """The summary and note of a complete grading whose reports, as written last, are beside
    the store unchanged (then nothing is to be done); None otherwise."""
    reported = store.get("reported")
    if reported is None:
        return None
    summary, note = reported["summary"], reported["note"]
    if reported["grading"] != reported_digest(graded, note):
        return None
    folder = store.path.parent
    for name, written in reported["files"].items():
        path = folder / name
        if not path.is_file() or digest(path.read_text(encoding="utf-8")) != written:
            return None
    stored = store.keys()
    if not all(key in stored for key in graded.keys().values()):
        return None
    return summary, note


def settings_of(args: argparse.Namespace, isolation: Isolation) -> str:
    """A digest of the settings a run depends on: the program's template, the time limit, the
    sandbox's limits and the isolation."""
    return digest(args.exe, f"{args.timeout:g}", repr(limits_of(args)), isolation.value)


def gradescope_writer(
    path: Path | None, graded: Graded, visibility: str, found: Found
) -> Callable[[str], None]:
    """What rewrites Gradescope's results.json with the runs found so far and a note, as each one
    finishes (nothing without --gradescope)."""

    def write(note: str) -> None:
        if path is None:
            return
        done = tuple(
            caused(found[0, test]) for test in range(len(graded.cases)) if (0, test) in found
        )
        grade = Grade(graded.pupils[0].submission, done)
        write_reports([path], [results_json(grade, graded.points, visibility, note)])

    return write


def grade_command(args: argparse.Namespace) -> int:
    """`at grade`: exit 0 once every submission is graded, whatever the grades; 130 (Ctrl-C),
    143 (SIGTERM) or 129 (SIGHUP) when stopped, with the reports of what finished."""
    game = chosen_game(args)
    cases = collect(args.tests or default_scripts([game] if game else GAMES.values()), game)
    pupils = submissions(args.exe, args.submissions)
    points = load_points(args.points, [case.name for case in cases])
    if args.gradescope is not None and len(pupils) != 1:
        raise HarnessError(f"--gradescope writes one submission's results, not {len(pupils)}'s")
    expected = expected_bytes(cases)
    outputs = [args.out] + ([args.gradescope.parent] if args.gradescope else [])
    private = private_folders(cases, [pupil.folder for pupil in pupils], [*outputs, *args.hide])
    with contextlib.ExitStack() as stack:
        isolation, runner, told = confine(
            stack, limits_of(args), args.jobs, private, not args.no_sandbox
        )
        store = open_store(args.out, args.fresh)
        stack.callback(store.close)
        store.claim_suite(cases, game.name if game else None)
        for line in told + lock_private(isolation, private):
            print(f"at: {line}", file=sys.stderr)
        settings = settings_of(args, isolation)
        graded = Graded(
            tuple(cases),
            tuple(test_key(case, expected[case]) for case in cases),
            tuple(Pupil(p, folder_digest(p.folder), settings, isolation.value) for p in pupils),
            points,
        )
        store.put("graded", graded.record())
        started = time.perf_counter()
        done = None if args.gradescope else reported_already(store, graded)
        if done is None:
            grader = Grader(expected, args.timeout, args.give_up, {}, runner)
            found, code = run_grading(args, store, graded, grader)
            summary, note = write_class_reports(store, graded, found)
        else:
            (summary, note), code = done, 0
        seconds = time.perf_counter() - started
    paths = [args.out / name for name in REPORTS] + ([args.gradescope] if args.gradescope else [])
    print(summary)
    print(
        f"graded {len(pupils)} submissions over {len(cases)} tests in {seconds:.1f}s;"
        f" reports: {', '.join(map(shown, paths))}"
    )
    print(note)
    return code


def run_grading(
    args: argparse.Namespace, store: Store, graded: Graded, grader: Grader
) -> tuple[Found, int]:
    """Run what the store lacks of a grading, committing each run as it finishes; what was found
    and the exit status (0, or that of the interruption)."""
    keys = graded.keys()
    found = store.found(graded)
    write_gradescope = gradescope_writer(args.gradescope, graded, args.visibility, found)
    timeouts = Counter(number for (number, _), r in found.items() if r.outcome is Outcome.TIMED_OUT)
    grader.timeouts.update(
        {graded.pupils[number].name: count for number, count in timeouts.items()}
    )
    number_of = {pupil.name: number for number, pupil in enumerate(graded.pupils)}
    test_of = {case.name: test for test, case in enumerate(graded.cases)}
    sharing: dict[str, list[Run]] = {}  # the runs of identical submissions share a key
    for run, key in keys.items():
        if run not in found:
            sharing.setdefault(key, []).append(run)
    pending: list[Task] = [
        (graded.pupils[number].submission, graded.cases[test])
        for number, test in (runs[0] for runs in sharing.values())
    ]
    bar = progress_bar(len(pending)) if sys.stderr.isatty() and pending else None

    def record(submission: Submission, result: Result, output: bytes) -> None:
        number = number_of[submission.name]
        key = keys[number, test_of[result.case.name]]
        if result.outcome is not Outcome.NOT_RUN:
            store.add(key, graded.pupils[number], result, output)
        for run in sharing[key]:
            found[run] = result
        write_gradescope(f"grading: {len(found)} of {len(keys)} tests so far")
        if bar is not None:
            bar.update()

    code = 0
    try:
        with stopping_signals():
            grade_runs(pending, grader, args.jobs, record)
    except KeyboardInterrupt:
        code = INTERRUPTED
    except Signalled as stop:
        code = stop.code
    finally:
        if bar is not None:
            bar.close()
    if code:
        print(f"at: stopped: graded {len(found):,} of {len(keys):,} runs", file=sys.stderr)
    write_gradescope(class_note(graded, found))
    return found, code


def report_command(args: argparse.Namespace) -> int:
    """`at report`: the reports of a grading written again from its store alone."""
    store = Store.open(args.folder, create=False)
    with contextlib.closing(store):
        graded = store.graded()
        if args.points is not None:
            names = [case.name for case in graded.cases]
            graded = Graded(
                graded.cases, graded.tests, graded.pupils, load_points(args.points, names)
            )
        summary, note = write_class_reports(store, graded, store.found(graded))
    print(summary)
    print(f"reports: {', '.join(shown(args.folder / name) for name in REPORTS)}")
    print(note)
    return 0


def add_points(command: argparse.ArgumentParser) -> None:
    """The --points option: each test's points in the reports."""
    command.add_argument(
        "--points",
        type=Path,
        metavar="FILE",
        help="each test's points: lines `TEST-OR-GLOB POINTS` (tests not named count 1)",
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
        " a folder holding a store is graded on where it stopped (default grading/)",
    )
    grade.add_argument(
        "--fresh",
        action="store_true",
        help="start over: remove the folder's store and reports first",
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
    report.set_defaults(handler=report_command)
