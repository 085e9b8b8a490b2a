"""A grading of a class, whatever starts it (`at grade`, Gradescope's bundle through it, `at
report`, `at merge`, a test): its settings as one value, its steps (confine, open the store, run
what the store lacks, write the reports) and what it ends with, which the command line prints.

Every finished run is kept in the output folder's grading store, so the same grading again
finishes the work: only the runs the store lacks happen (a new or changed submission, an edited
test). Ctrl-C, SIGTERM and SIGHUP end the runs in flight and write the reports of what finished,
marked incomplete; a kill at any moment loses at most the runs in flight, and every report is
written whole or not at all.
"""

import contextlib
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from acceptance.confine.limits import DEFAULT_LIMITS, Limits
from acceptance.errors import HarnessError
from acceptance.gradescope.results import results_json
from acceptance.grading.explained import (
    Explainers,
    causes_to_find,
    class_causes,
    coverage_kept,
    oracle_key,
    suite_coverage,
)
from acceptance.grading.isolation import NOTES, Isolation, confine, lock_private, private_folders
from acceptance.grading.merge import in_shard
from acceptance.grading.runs import GIVE_UP, SubmissionRunner, grade_runs
from acceptance.grading.stopping import INTERRUPTED, Signalled, stopping_signals
from acceptance.grading.workers import (
    THREADS,
    Spread,
    Workers,
    grade_in_processes,
    parts,
    processes_for,
)
from acceptance.integrity.review import Review, review_section
from acceptance.marking.deadline import at_deadline, snapshots_in
from acceptance.marking.points import EVEN, Points
from acceptance.marking.submissions import (
    Grade,
    Submission,
    Task,
    expected_bytes,
    some_program,
    submissions,
    unmatched_pattern,
)
from acceptance.progress import SILENT, Progress
from acceptance.reports.class_report import class_html
from acceptance.reports.grade_report import grades_csv, matrix_csv, summary_table
from acceptance.reports.missed import caused, causes_csv
from acceptance.running.cases import Case, shown
from acceptance.running.coverage import Covered
from acceptance.running.outcome import DEFAULT_TIMEOUT
from acceptance.running.run_report import plural
from acceptance.running.suite import Outcome, Result
from acceptance.store.database import (
    STORE,
    GradingPlan,
    Ready,
    RunIndex,
    Store,
    StoredSubmission,
    ready,
)
from acceptance.store.digests import digest, folder_digest, test_key

REPORTS = ("grades.csv", "matrix.csv", "report.html", "causes.csv")
Found = dict[RunIndex, Result]
Notify = Callable[[str], None]  # where a grading says what the grader should know, line by line


def notifier(progress: Progress) -> Notify:
    """What says a line to the grader on stderr, as `at` says things, above the progress line."""
    return lambda line: progress.write(f"at: {line}", sys.stderr)


@dataclass(frozen=True)
class Grading:
    """A grading of a class: the suite, the program template, the submissions' folders, the
    output folder, the points, and how each run goes (time, give-up, jobs, sandbox and limits,
    folders to hide; past `threads` jobs, the runs go in several processes); with `force`, into
    an output folder holding another grading; with `gradescope`, one submission's results.json
    written as it goes; with a `deadline`, each repository graded at its last commit before it
    (and a folder that is none graded as it is only if `allow_folders`); with a `shard` (K, N),
    only the submissions in the K-th of N parts of the class; with `similar`, report.html ends
    with the integrity review."""

    cases: tuple[Case, ...]
    game: str | None
    template: str
    folders: tuple[Path, ...]
    out: Path
    points: Points = EVEN
    timeout: float = DEFAULT_TIMEOUT
    give_up: int = GIVE_UP
    jobs: int = 1
    threads: int = THREADS
    limits: Limits = DEFAULT_LIMITS
    sandbox: bool = True
    fresh: bool = False
    force: bool = False
    hide: tuple[Path, ...] = ()
    gradescope: Path | None = None
    visibility: str = "visible"
    deadline: datetime | None = None
    allow_folders: bool = False
    shard: tuple[int, int] | None = None
    similar: Review | None = None

    @property
    def reports(self) -> list[Path]:
        """Every report it writes: the class's, and Gradescope's results.json if asked."""
        return [self.out / name for name in REPORTS] + (
            [self.gradescope] if self.gradescope else []
        )


@dataclass(frozen=True)
class Finished:
    """What a grading ended with: the summary table, the note on how it ran, its exit status
    (0, or that of the interruption), its submissions, and its seconds."""

    summary: str
    note: str
    code: int
    submissions: int
    seconds: float


def report_texts(
    grades: list[Grade],
    points: Points,
    note: str = "",
    covered: Covered | None = None,
    integrity: str = "",
) -> list[str]:
    """The texts of the REPORTS of a graded class (its wrong outputs with their causes); a note
    (how it was run) ends report.html's title; report.html shows the suite's coverage if known,
    and ends with the integrity review's section when asked."""
    return [
        grades_csv(grades, points),
        matrix_csv(grades, points),
        class_html(grades, points, note, covered, integrity),
        causes_csv(grades),
    ]


def write_reports(paths: Sequence[Path], texts: Sequence[str], store: Store) -> None:
    """Write each report whole, through a temporary file, so none is ever half written; one that
    cannot be written (a full disk, a read-only folder) is the one-line error saying what the
    store beside it keeps."""
    for path, text in zip(paths, texts, strict=True):
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(path)
        except OSError as error:
            with contextlib.suppress(OSError):  # a read-only file system refuses even this
                temporary.unlink(missing_ok=True)
            raise store.cannot_write(path, str(error.strerror)) from None


def open_store(folder: Path, fresh: bool) -> Store:
    """The output folder's grading store, made if there is none. With `fresh` the old store and
    reports are removed first; reports with no store beside them are kept unless `fresh`."""
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


def class_note(graded: GradingPlan, found: Mapping[RunIndex, Result]) -> str:
    """How a grading ran, for the title of its reports: its isolation, and how much is missing."""
    notes = [
        NOTES[Isolation(name)] for name in dict.fromkeys(p.isolation for p in graded.submissions)
    ]
    runs = len(graded.submissions) * len(graded.cases)
    if len(found) < runs:
        notes.append(
            f"incomplete: graded {len(found):,} of {runs:,} run{'s' * (runs != 1)};"
            " run the same command again to finish"
        )
    return "; ".join(notes)


def grades_of(graded: GradingPlan, found: Mapping[RunIndex, Result]) -> list[Grade]:
    """The class's grades in submission order, the runs not in `found` not graded yet."""
    return [
        Grade(
            pupil.submission,
            tuple(
                found.get((number, test), Result(case, Outcome.PENDING))
                for test, case in enumerate(graded.cases)
            ),
        )
        for number, pupil in enumerate(graded.submissions)
    ]


def write_class_reports(
    store: Store,
    graded: GradingPlan,
    found: Found,
    review: Review | None = None,
    jobs: int = 1,
    explainers: Explainers | None = None,
    progress: Progress = SILENT,
) -> tuple[str, str]:
    """The reports of a grading written beside its store, and recorded there as written, with
    the integrity review if asked (its submissions read by `jobs` processes), the causes and
    the suite's coverage (found by the `explainers` if they were started), each step shown on
    the progress line; the summary table and the note."""
    progress.begin("finding the causes")
    grades = class_causes(store, graded, grades_of(graded, found), explainers)
    note = class_note(graded, found)
    integrity = review_section(review, store, graded, jobs, progress)
    progress.begin("writing the reports")
    covered = suite_coverage(store, graded, explainers)
    texts = report_texts(grades, graded.points, note, covered, integrity)
    summary = summary_table(grades, graded.points)
    write_reports([store.path.parent / name for name in REPORTS], texts, store)
    files = {name: digest(text) for name, text in zip(REPORTS, texts, strict=True)}
    grading = reported_digest(graded, note, review)
    store.put("reported", {"grading": grading, "files": files, "summary": summary, "note": note})
    return summary, note


def reported_digest(graded: GradingPlan, note: str, review: Review | None = None) -> str:
    """What a grading's reports are made of but the runs' results: what it graded, its points,
    its note, the oracle (`oracle_key`: whose rules the suite's coverage and the causes name), and
    the integrity review's settings and base if asked."""
    reviewed = [review.record()] if review else []
    return digest(json.dumps(graded.record()), note, oracle_key(), *reviewed)


def reported_already(
    store: Store, graded: GradingPlan, review: Review | None = None
) -> tuple[str, str] | None:
    """The summary and note of a complete grading whose reports, as written last (with this
    integrity review, or none), are beside the store unchanged (then nothing is to be done);
    None otherwise."""
    reported = store.get("reported")
    if reported is None:
        return None
    summary, note = reported["summary"], reported["note"]
    if reported["grading"] != reported_digest(graded, note, review):
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


def settings_of(grading: Grading, isolation: Isolation) -> str:
    """A digest of the settings a run depends on: the program's template, the time limit, the
    sandbox's limits and the isolation."""
    return digest(grading.template, f"{grading.timeout:g}", repr(grading.limits), isolation.value)


def gradescope_writer(
    path: Path | None, graded: GradingPlan, visibility: str, found: Found, store: Store
) -> Callable[[str], None]:
    """What rewrites Gradescope's results.json with the runs found so far and a note, as each one
    finishes (nothing without a path)."""

    def write(note: str) -> None:
        if path is None:
            return
        done = tuple(
            caused(found[0, test]) for test in range(len(graded.cases)) if (0, test) in found
        )
        grade = Grade(graded.submissions[0].submission, done)
        write_reports([path], [results_json(grade, graded.points, visibility, note)], store)

    return write


@contextlib.contextmanager
def snapshot_class(
    grading: Grading, deadline: datetime, pupils: Sequence[Submission], store: Store
) -> Iterator[list[Submission]]:
    """The class as the deadline saw it, its snapshots in the store's folder while graded; a
    snapshot that cannot be written (a full disk) is the one-line error saying what the store
    keeps."""
    with snapshots_in(grading.out) as snapshots:
        try:
            class_then = at_deadline(pupils, deadline, grading.allow_folders, snapshots)
        except OSError as error:
            where = Path(error.filename) if error.filename else snapshots
            raise store.cannot_write(where, str(error.strerror)) from None
        yield class_then


def grade(grading: Grading, notify: Notify | None = None, progress: Progress = SILENT) -> Finished:
    """Grade a class: the runs its store lacks run, each kept as it ends, then its reports
    written, with the integrity review if asked, unless stopped (nothing run and nothing written
    when the reports beside a complete store are already those of this grading); each step
    shown on the progress line, and what the grader should know told (by default on stderr,
    above the progress line)."""
    notify = notify or notifier(progress)
    progress.begin("getting ready")
    unmatched_pattern(grading.folders)
    pupils = submissions(grading.template, grading.folders)
    if grading.deadline is None and grading.gradescope is None:
        some_program(grading.template, pupils)
    named = [pupil.folder for pupil in pupils]  # every part's: private to each part's runs too
    if grading.shard is not None:
        every = len(pupils)
        pupils = [pupil for pupil in pupils if in_shard(pupil.name, grading.shard)]
        notify(
            f"shard {grading.shard[0]}/{grading.shard[1]}:"
            f" {len(pupils)} of {plural(every, 'submission')}"
        )
        if grading.similar is not None:
            notify("--similar compares this shard alone: `at merge --similar` compares the class")
    if grading.gradescope is not None and len(pupils) != 1:
        raise HarnessError(f"--gradescope writes one submission's results, not {len(pupils)}'s")
    expected = expected_bytes(grading.cases)
    outputs = [grading.out] + ([grading.gradescope.parent] if grading.gradescope else [])
    private = private_folders(grading.cases, named, [*outputs, *grading.hide])
    with contextlib.ExitStack() as stack:
        explainers = Explainers(grading.cases, grading.jobs)  # before any thread: forked
        stack.callback(explainers.close)
        processes = processes_for(grading.jobs, grading.threads, len(pupils))
        # Started now, the workers start up while this process gets the grading ready.
        workers = stack.enter_context(Workers(processes)) if processes > 1 else None
        # With worker processes, each makes its own sandbox: this one only finds the isolation.
        here = grading.jobs if processes == 1 else 1
        wanted = None if grading.sandbox else Isolation.NONE
        isolation, runner, told = confine(stack, grading.limits, here, private, wanted)
        spread = Spread(processes, isolation, tuple(private)) if processes > 1 else None
        store = open_store(grading.out, grading.fresh)
        stack.callback(store.close)
        store.claim(grading.cases, grading.game, [p.folder for p in pupils], grading.force)
        if grading.deadline is not None:  # once the store is held: the snapshots are its own
            pupils = stack.enter_context(snapshot_class(grading, grading.deadline, pupils, store))
            some_program(
                grading.template, [p for p in pupils if not p.snapshot or p.snapshot.commit]
            )
        for line in told + lock_private(isolation, private):
            notify(line)
        settings = settings_of(grading, isolation)
        graded = GradingPlan(
            grading.cases,
            tuple(test_key(case, expected[case]) for case in grading.cases),
            tuple(
                StoredSubmission(p, folder_digest(p.folder), settings, isolation.value)
                for p in pupils
            ),
            grading.points,
        )
        store.put("graded", graded.record())
        started = time.perf_counter()
        done = None if grading.gradescope else reported_already(store, graded, grading.similar)
        if done is None:
            if coverage_kept(store, graded):
                explainers.drop_coverage()
            grader = SubmissionRunner(expected, grading.timeout, grading.give_up, {}, runner)
            found, code = run_grading(
                grading, store, graded, grader, notify, explainers, spread, workers, progress
            )
            review = None if code else grading.similar  # stopped: what finished, at once
            summary, note = write_class_reports(
                store, graded, found, review, grading.jobs, explainers, progress
            )
        else:
            (summary, note), code = done, 0
        seconds = time.perf_counter() - started
    return Finished(summary, note, code, len(pupils), seconds)


class RunsShown:
    """A grading's runs on the progress line: those done, and per submission, how many of the
    class are done and how far the last run's submission is."""

    def __init__(self, progress: Progress, graded: GradingPlan, found: Found) -> None:
        self.progress = progress
        self.graded = graded
        self.tests = len(graded.cases)
        self.runs = Counter(number for number, _ in found)  # each submission's runs found
        self.finished = sum(count == self.tests for count in self.runs.values())

    def done(self, runs: Sequence[RunIndex]) -> None:
        """A run finished, for each submission of `runs` (which share it)."""
        for number, _ in runs:
            self.runs[number] += 1
            self.finished += self.runs[number] == self.tests
        number = runs[0][0]
        pupils, name = len(self.graded.submissions), self.graded.submissions[number].name
        done = f"{self.finished}/{pupils} submissions done"
        self.progress.advance(note=f"{done}, {name} {self.runs[number]}/{self.tests}")


def run_grading(
    grading: Grading,
    store: Store,
    graded: GradingPlan,
    grader: SubmissionRunner,
    notify: Notify,
    explainers: Explainers | None = None,
    spread: Spread | None = None,
    workers: Workers | None = None,
    progress: Progress = SILENT,
) -> tuple[Found, int]:
    """Run what the store lacks of a grading, each run made ready for the store by its worker
    (a thread here, or a process of the `spread` if given, of the `workers` if started) and
    committed as it finishes, its wrong output handed to the `explainers` if given, counted on
    the progress line; what was found and the exit status (0, or that of the interruption)."""
    keys = graded.keys()
    found = store.found(graded)
    find_cause = causes_to_find(store, graded, explainers) if explainers else None
    for (_, test), result in found.items():
        if find_cause is not None:
            find_cause(test, result, None)
    write_gradescope = gradescope_writer(
        grading.gradescope, graded, grading.visibility, found, store
    )
    timeouts = Counter(number for (number, _), r in found.items() if r.outcome is Outcome.TIMED_OUT)
    grader.timeouts.update(
        {graded.submissions[number].name: count for number, count in timeouts.items()}
    )
    number_of = {pupil.name: number for number, pupil in enumerate(graded.submissions)}
    test_of = {case.name: test for test, case in enumerate(graded.cases)}
    sharing: dict[str, list[RunIndex]] = {}  # the runs of identical submissions share a key
    for run, key in keys.items():
        if run not in found:
            sharing.setdefault(key, []).append(run)
    pending: list[Task] = [
        (graded.submissions[number].submission, graded.cases[test])
        for number, test in (runs[0] for runs in sharing.values())
    ]
    shown = RunsShown(progress, graded, found)
    progress.begin("grading", "run", len(pending))

    def work(submission: Submission, case: Case) -> Ready:
        """A run, made ready for the store in the worker that ran it."""
        return ready(*grader(submission, case))

    def record(submission: Submission, done: Ready) -> None:
        """A finished run committed, and found for every submission that shares it."""
        result = done.result
        number, test = number_of[submission.name], test_of[result.case.name]
        key = keys[number, test]
        if result.outcome is not Outcome.NOT_RUN:
            store.add(key, graded.submissions[number], done)
        if find_cause is not None:
            find_cause(test, result, done.diff)
        for run in sharing[key]:
            found[run] = result
        write_gradescope(f"grading: {len(found)} of {plural(len(keys), 'test')} so far")
        shown.done(sharing[key])

    code = 0
    try:
        with stopping_signals():
            if spread is None:
                grade_runs(pending, work, grader.guard, grading.jobs, record)
            else:
                grading_parts = parts(pending, spread, grading.jobs, grader, grading.limits)
                grade_in_processes(grading_parts, record, store.together, workers)
    except KeyboardInterrupt:
        code = INTERRUPTED
    except Signalled as stop:
        code = stop.code
    if code:
        notify(f"stopped: graded {len(found):,} of {len(keys):,} run{'s' * (len(keys) != 1)}")
    write_gradescope(class_note(graded, found))
    return found, code


def report_again(
    folder: Path,
    points: Callable[[list[str]], Points | None],
    review: Review | None = None,
    jobs: int = 1,
    progress: Progress = SILENT,
) -> tuple[str, str]:
    """The reports of a grading written again from its store alone, with other points if
    `points` gives them for the suite's tests, and with the integrity review if asked (the
    submissions' folders still holding the code graded), each step shown on the progress line;
    the summary and the note."""
    store = Store.open(folder, create=False)
    with contextlib.closing(store):
        graded = store.plan()
        other = points([case.name for case in graded.cases])
        if other is not None:
            graded = GradingPlan(graded.cases, graded.tests, graded.submissions, other)
        found = store.found(graded)
        return write_class_reports(store, graded, found, review, jobs, progress=progress)
