"""Grading a class: submissions' programs run over a suite, in parallel, each run with a time
limit; a submission that keeps timing out stops costing time after a few timeouts.

A submission is a folder; the command template names its program (`{}` is the folder). Nothing
a submission does (crash, hang, flood its output, be missing) stops the grading of the others.
"""

import hashlib
import queue
import shlex
import threading
import time

from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from acceptance.running.cases import Case, shown
from acceptance.running.compare import Mismatch, diff_json
from acceptance.running.report import plural
from acceptance.errors import HarnessError
from acceptance.running.execution import (
    NOT_STARTED,
    External,
    Guard,
    Producer,
    Setting,
    Status,
    graders_now,
    program_problem,
)
from acceptance.grading.sandbox import Confined, Jail, Runner
from acceptance.running.suite import ERRORS, Outcome, Result, difference, outcome_of

PLACEHOLDER = "{}"
NO_SUBMISSION = "no submission"  # a repository with no commit before the deadline
GIVE_UP = 3  # timeouts after which a submission's remaining tests are not run


@dataclass(frozen=True)
class Snapshot:
    """What of a git repository was graded under a deadline: its last commit on or before it
    (empty: none, no submission), that commit's committer time (ISO 8601), and how many commits
    came after the deadline."""

    commit: str
    committed: str
    late: int

    def cells(self) -> tuple[str, str, str]:
        """The commit, its time and the late commits as the reports show them."""
        return (self.commit or NO_SUBMISSION, self.committed, str(self.late))


@dataclass(frozen=True)
class Submission:
    """A student's folder, the command line of its program, and the template that gives it for
    the folder wherever a confined run sees it; under a deadline, the snapshot of its repository
    that the folder holds."""

    name: str
    folder: Path
    argv: tuple[str, ...]
    template: str = PLACEHOLDER
    snapshot: Snapshot | None = None


@dataclass(frozen=True)
class Grade:
    """A submission's results over the suite, in suite order."""

    submission: Submission
    results: tuple[Result, ...]

    @property
    def passed(self) -> int:
        """Tests whose output was exactly the expected one."""
        return sum(result.passed for result in self.results)

    @property
    def errors(self) -> int:
        """Tests where the program crashed, timed out, was missing or was not run."""
        return sum(result.outcome in ERRORS for result in self.results)

    @property
    def failed(self) -> int:
        """Tests where the program ended well but printed something else."""
        return len(self.results) - self.passed - self.errors

    @property
    def reasons(self) -> str:
        """Why its errors were errors, counted in suite order: `2 timed out, 1 crashed`."""
        counts = Counter(result.outcome for result in self.results if result.outcome in ERRORS)
        return ", ".join(f"{count} {outcome.value}" for outcome, count in counts.items())

    @property
    def score(self) -> float:
        """The share of tests passed, in percent."""
        return 100 * self.passed / len(self.results) if self.results else 0.0


def program_of(template: str, folder: Path) -> tuple[str, ...]:
    """A submission's command line: the template split like a shell command, `{}` standing for
    its folder in any argument."""
    try:
        words = shlex.split(template)
    except ValueError as error:
        raise HarnessError(f"cannot parse --exe {template!r}: {error}") from None
    if not any(PLACEHOLDER in word for word in words):
        raise HarnessError(f"--exe {template!r} must name the program with {{}} for the folder")
    return tuple(word.replace(PLACEHOLDER, str(folder)) for word in words)


def folder_names(folders: Sequence[Path]) -> dict[Path, str]:
    """Submission folders, each once, with their names: the folder's (its path if names
    repeat)."""
    folders = list(dict.fromkeys(folders))
    names = [folder.name or str(folder) for folder in folders]
    unique = len(set(names)) == len(names)
    return {
        folder: name if unique else shown(folder)
        for name, folder in zip(names, folders, strict=True)
    }


def submissions(template: str, folders: Sequence[Path]) -> list[Submission]:
    """The submissions of these folders, each once, named by its folder (its path if names
    repeat)."""
    return [
        Submission(name, folder, program_of(template, folder), template)
        for folder, name in folder_names(folders).items()
    ]


def unmatched_pattern(folders: Sequence[Path]) -> None:
    """A one-line error for a class pattern that matched no folder: the shell passes `nosuch/*`
    on as it is, which would be graded as a submission named `*`."""
    for folder in folders:
        if any(mark in str(folder) for mark in "*?[") and not folder.exists():
            raise HarnessError(f"the pattern {str(folder)!r} matched no submission folder")


def program_problems(template: str, pupil: Submission) -> str | None:
    """Why a submission's program, the first word of the template with `{}`, cannot be run
    (not there, or not executable where it is the command itself), or None."""
    words = shlex.split(template)
    at = next(index for index, word in enumerate(words) if PLACEHOLDER in word)
    if at == 0:
        return program_problem(pupil.argv[0])
    return None if Path(pupil.argv[at]).exists() else "no such file"


def some_program(template: str, pupils: Sequence[Submission]) -> None:
    """A one-line error, before grading, when no submission has a program to run: a mistake of
    --exe (or of the folders given), not a class of zeros."""
    problems = [program_problems(template, pupil) for pupil in pupils]
    if pupils and all(problems):
        raise HarnessError(
            f"no submission has the program --exe {template!r} names ({problems[0]}, in"
            f" {pupils[0].folder}): nothing graded"
        )


def expected_bytes(cases: Sequence[Case]) -> dict[Case, bytes]:
    """The expected output of every test, read once; a test without one is an error of the suite."""
    missing = [case.name for case in cases if case.expected is None]
    if missing:
        raise HarnessError(f"tests without an expected file: {', '.join(missing)}")
    try:
        return {case: case.expected.read_bytes() for case in cases if case.expected is not None}
    except OSError as error:
        raise HarnessError(f"cannot read an expected file: {error}") from None


@dataclass(frozen=True)
class Judged:
    """An output of a test judged: where it first differs from the expected bytes (None: it is
    them), and that block diff as JSON text (the store's form)."""

    mismatch: Mismatch | None = None
    diff: str | None = None


@dataclass
class Grader:
    """Runs one submission's program on one test at a time, confined by the runner unless there
    is none, counting each submission's timeouts; the guard ends every run when grading stops."""

    expected: dict[Case, bytes]
    timeout: float
    give_up: int
    timeouts: dict[str, int]
    runner: Runner | None = None
    guard: Guard = field(default_factory=Guard)
    lock: threading.Lock = field(default_factory=threading.Lock)
    jails: dict[str, tuple[Jail, tuple[str, ...]]] = field(default_factory=dict)
    judged: dict[tuple[str, bytes], Judged] = field(default_factory=dict)  # by test and digest
    setting: Setting = field(default_factory=graders_now)  # an unconfined run's

    def jail(self, submission: Submission, runner: Runner) -> tuple[Jail, tuple[str, ...]]:
        """The folder a submission's program is given, made at its first run, and the program's
        command line where the program sees that folder."""
        with self.lock:
            if submission.name not in self.jails:
                jail = runner.jail(submission.folder)
                argv = program_of(submission.template, Path(jail.mount))
                self.jails[submission.name] = jail, argv
            return self.jails[submission.name]

    def program(self, submission: Submission, limit: int) -> Producer:
        """A submission's program, printing at most `limit` bytes: confined, or run as is."""
        if self.runner is None:
            return External(submission.argv, self.timeout, limit, self.guard, self.setting)
        jail, argv = self.jail(submission, self.runner)
        return Confined(self.runner, jail, argv, self.timeout, limit, self.guard)

    def judge(self, case: Case, output: bytes) -> Judged:
        """An output of a test judged once, however many runs print it (a class's wrong outputs
        repeat: the same slip, the same starter code), by its SHA-256: its diff is the costliest
        of the grader's own work on a run."""
        key = case.name, hashlib.sha256(output).digest()
        judged = self.judged.get(key)
        if judged is None:
            mismatch = difference(case, self.expected[case], output)
            judged = Judged(mismatch, None if mismatch is None else diff_json(mismatch))
            self.judged[key] = judged
        return judged

    def __call__(self, submission: Submission, case: Case) -> tuple[Result, bytes, str | None]:
        """The result of one test of one submission, what its program printed, and its block
        diff's JSON text if it printed something else."""
        started = time.perf_counter()
        with self.lock:
            hopeless = self.timeouts.get(submission.name, 0) >= self.give_up
        if hopeless:
            detail = f"{plural(self.give_up, 'run')} timed out already"
            return Result(case, Outcome.NOT_RUN, detail=detail), b"", None
        expected = self.expected[case]
        limit = 4 * len(expected) + (1 << 20)
        actual = self.program(submission, limit)(case)
        if actual.status is Status.TIMED_OUT:
            with self.lock:
                self.timeouts[submission.name] = self.timeouts.get(submission.name, 0) + 1
        judged = Judged() if actual.status in NOT_STARTED else self.judge(case, actual.stdout)
        outcome = outcome_of(actual, judged.mismatch)
        seconds = time.perf_counter() - started
        result = Result(case, outcome, seconds, judged.mismatch, actual.detail)
        return result, actual.stdout, judged.diff


Task = tuple[Submission, Case]
Done = TypeVar("Done")  # what a worker makes of a finished run


class Turns:
    """A class's runs as the workers take them: each worker keeps to one submission until its
    runs are all taken (they then follow one another, in one kept sandbox), then takes the next
    submission no worker has taken, and once there is none, helps the one with the most runs
    left (a class of one submission is still run `-j` at once)."""

    def __init__(self, tasks: Sequence[Task]) -> None:
        self.left: dict[str, deque[Task]] = {}
        for task in tasks:
            self.left.setdefault(task[0].name, deque()).append(task)
        self.free = deque(self.left)  # the submissions no worker has taken yet
        self.lock = threading.Lock()

    def take(self, mine: str | None) -> Task | None:
        """The next run for a worker whose last run was of submission `mine`; None when every
        run is taken."""
        with self.lock:
            if mine not in self.left:
                if self.free:
                    mine = self.free.popleft()
                else:
                    mine = max(self.left, key=lambda name: len(self.left[name]), default=None)
                    if mine is None:
                        return None
            runs = self.left[mine]
            task = runs.popleft()
            if not runs:
                del self.left[mine]
            return task


def grade_runs(
    tasks: Sequence[Task],
    work: Callable[[Submission, Case], Done],
    guard: Guard,
    jobs: int,
    on_result: Callable[[Submission, Done], None],
) -> None:
    """Every task done by `work` (a run and what the worker makes of it, a grader's result
    made ready for the store, say), `jobs` at once, `on_result` told of each as it ends, one at
    a time, by the worker that ran it before that worker takes another: no more than `jobs`
    runs are ever untold, and the grading's main thread is not woken per run. Anything that
    stops the waiting (Ctrl-C, a signal's exception) or that a worker raises stops the guard,
    ending the runs in flight, whose results are lost, and goes on up. Each worker thread takes
    its next task itself (`Turns`)."""
    turns = Turns(tasks)
    telling = threading.Lock()  # on_result is told of one run at a time
    ended: queue.SimpleQueue[BaseException | None] = queue.SimpleQueue()
    stopping = threading.Event()

    def worker() -> None:
        mine = None
        try:
            while not stopping.is_set() and (task := turns.take(mine)) is not None:
                mine = task[0].name
                done = work(*task)
                with telling:
                    if stopping.is_set():
                        break
                    on_result(task[0], done)
        except BaseException as error:  # the grading's to raise, in its own thread
            ended.put(error)
            return
        ended.put(None)

    workers = [threading.Thread(target=worker) for _ in range(max(1, min(jobs, len(tasks))))]
    for thread in workers:
        thread.start()
    try:
        for _ in workers:
            error = ended.get()
            if error is not None:
                raise error
    except BaseException:
        guard.stop()
        raise
    finally:
        stopping.set()
        for thread in workers:
            thread.join()
