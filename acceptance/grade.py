"""Grading a class: every submission's program run over a suite, in parallel, each run with a
time limit; a submission that keeps timing out stops costing time after a few timeouts.

A submission is a folder; the command template names its program (`{}` is the folder). Nothing
a submission does (crash, hang, flood its output, be missing) stops the grading of the others.
"""

import shlex
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from acceptance.cases import Case, shown
from acceptance.errors import HarnessError
from acceptance.execution import External, Output, Producer, Status
from acceptance.sandbox import SUBMISSION, Confined, Jail, Sandbox
from acceptance.suite import ERRORS, Outcome, Result, grade

PLACEHOLDER = "{}"
GIVE_UP = 3  # timeouts after which a submission's remaining tests are not run


@dataclass(frozen=True)
class Submission:
    """A student's folder, and the command line of its program (`inside`: as the sandbox sees
    it, the folder at /submission)."""

    name: str
    folder: Path
    argv: tuple[str, ...]
    inside: tuple[str, ...] = ()


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


def submissions(template: str, folders: Sequence[Path]) -> list[Submission]:
    """The submissions of these folders, each once, named by its folder (its path if names
    repeat)."""
    folders = list(dict.fromkeys(folders))
    names = [folder.name or str(folder) for folder in folders]
    unique = len(set(names)) == len(names)
    return [
        Submission(
            name if unique else shown(folder),
            folder,
            program_of(template, folder),
            program_of(template, Path(SUBMISSION)),
        )
        for name, folder in zip(names, folders)
    ]


def expected_bytes(cases: Sequence[Case]) -> dict[Case, bytes]:
    """The expected output of every test, read once; a test without one is an error of the suite."""
    missing = [case.name for case in cases if case.expected is None]
    if missing:
        raise HarnessError(f"tests without an expected file: {', '.join(missing)}")
    try:
        return {case: case.expected.read_bytes() for case in cases if case.expected is not None}
    except OSError as error:
        raise HarnessError(f"cannot read an expected file: {error}") from None


@dataclass
class Grader:
    """Runs one submission's program on one test at a time, in the sandbox unless there is none,
    counting each submission's timeouts."""

    expected: dict[Case, bytes]
    timeout: float
    give_up: int
    timeouts: dict[str, int]
    lock: threading.Lock
    sandbox: Sandbox | None = None
    jails: dict[str, Jail] = field(default_factory=dict)

    def program(self, submission: Submission, limit: int) -> Producer:
        """A submission's program, printing at most `limit` bytes: confined, or run as is."""
        if self.sandbox is None:
            return External(submission.argv, self.timeout, limit)
        jail = self.jails[submission.name]
        return Confined(self.sandbox, jail, submission.inside, self.timeout, limit)

    def __call__(self, submission: Submission, case: Case) -> Result:
        """The result of one test of one submission."""
        started = time.perf_counter()
        with self.lock:
            hopeless = self.timeouts.get(submission.name, 0) >= self.give_up
        if hopeless:
            detail = f"{self.give_up} runs timed out already"
            return Result(case, Outcome.NOT_RUN, detail=detail)
        expected = self.expected[case]
        limit = 4 * len(expected) + (1 << 20)
        actual = self.program(submission, limit)(case)
        if actual.status is Status.TIMED_OUT:
            with self.lock:
                self.timeouts[submission.name] = self.timeouts.get(submission.name, 0) + 1
        outcome, mismatch = grade(case, Output(Status.OK, expected), actual)
        return Result(case, outcome, time.perf_counter() - started, mismatch, actual.detail)


def grade_class(
    pupils: Sequence[Submission],
    cases: Sequence[Case],
    timeout: float,
    jobs: int,
    give_up: int = GIVE_UP,
    on_result: Callable[[Submission, Result], None] = lambda submission, result: None,
    sandbox: Sandbox | None = None,
) -> list[Grade]:
    """Every submission over every test, `jobs` runs at once, each in the sandbox if one is
    given; the grades in submission order."""
    jails = {pupil.name: sandbox.jail(pupil.folder) for pupil in pupils} if sandbox else {}
    grader = Grader(expected_bytes(cases), timeout, give_up, {}, threading.Lock(), sandbox, jails)
    tasks = [(pupil, case) for pupil in pupils for case in cases]
    results: dict[tuple[str, Case], Result] = {}
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = {pool.submit(grader, pupil, case): (pupil, case) for pupil, case in tasks}
        for future in as_completed(futures):
            pupil, case = futures[future]
            results[pupil.name, case] = future.result()
            on_result(pupil, results[pupil.name, case])
    finally:
        pool.shutdown(cancel_futures=True)
    return [Grade(pupil, tuple(results[pupil.name, case] for case in cases)) for pupil in pupils]
