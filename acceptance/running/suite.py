"""Running cases and grading each one: the pure core behind `at run` and the pytest suite."""

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from enum import Enum

from acceptance.running.cases import Case, expected_candidates, shown
from acceptance.running.cause import Cause, cause_of
from acceptance.running.compare import Mismatch, compare, tolerant_equal
from acceptance.running.outcome import NOT_STARTED, PRINTED_NOTHING, Output, Producer, Status
from acceptance.running.places import places_of


class Outcome(Enum):
    """The grade of one test."""

    PASSED = "passed"
    FAILED = "failed"
    CRASHED = "crashed"
    TIMED_OUT = "timed out"
    NOT_FOUND = "not found"
    NOT_EXECUTABLE = "not executable"
    PRINTED_TOO_MUCH = "printed too much"
    OVER_CPU = "over the CPU limit"
    OVER_MEMORY = "over the memory limit"
    OVER_PROCESSES = "over the process limit"
    OVER_FILE_SIZE = "over the file size limit"
    NOT_RUN = "not run"
    PENDING = "not graded yet"
    NO_EXPECTED = "no expected output"


# How a program that did not end well failed, as the grade of its test (the same words).
OUTCOME_OF_FAILURE = {status: Outcome(status.value) for status in Status if status is not Status.OK}

# The outcomes where the program did not end well (or was not run, or not yet): errors, not wrong
# output.
ERRORS = frozenset({*OUTCOME_OF_FAILURE.values(), Outcome.NOT_RUN, Outcome.PENDING})


# Keeps a test's outputs (the case, its expected bytes, its actual bytes) for a diff tool.
Keeper = Callable[[Case, bytes, bytes], None]


@dataclass(frozen=True)
class Checking:
    """How outputs are checked: byte for byte, or with white space tolerated (the course's
    tolerant mode), where each test's outputs are kept, if anywhere, and whether a failing test's
    difference gets its cause (`acceptance.running.cause`: a wrong output's, not a crash's)."""

    tolerant: bool = False
    keep: Keeper | None = None
    causes: bool = False


@dataclass(frozen=True)
class Result:
    """The outcome of one test, where its output first differs if it does, why it failed, and
    the oracle's line that explains the difference (where its causes were asked for)."""

    case: Case
    outcome: Outcome
    seconds: float = 0.0
    mismatch: Mismatch | None = None
    detail: str = ""
    cause: Cause | None = None

    @property
    def passed(self) -> bool:
        """Whether the test passed."""
        return self.outcome is Outcome.PASSED

    @property
    def passed_exactly(self) -> bool:
        """Whether the test passed byte for byte (a tolerant pass keeps its exact difference)."""
        return self.passed and self.mismatch is None

    @property
    def silent(self) -> bool:
        """Whether its program ran and printed nothing (its detail says so first)."""
        return self.detail.startswith(PRINTED_NOTHING)


@dataclass(frozen=True)
class Summary:
    """The results of a run, in case order, and its wall time."""

    results: tuple[Result, ...]
    seconds: float

    @property
    def passed(self) -> int:
        """How many tests passed."""
        return sum(result.passed for result in self.results)

    @property
    def failed(self) -> int:
        """How many tests did not pass."""
        return len(self.results) - self.passed

    @property
    def passed_exactly(self) -> int:
        """How many tests passed byte for byte, as grading counts them."""
        return sum(result.passed_exactly for result in self.results)


def expected_output(case: Case, reference: Producer | None) -> Output:
    """The bytes a case must produce: its expected file, else the reference output, else why not."""
    if case.expected is not None:
        try:
            return Output(Status.OK, case.expected.read_bytes())
        except OSError as error:
            return Output(
                Status.NOT_FOUND, detail=f"cannot read {shown(case.expected)}: {error.strerror}"
            )
    if reference is None:
        looked = " and ".join(map(shown, expected_candidates(case.script, case.game)))
        return Output(Status.NOT_FOUND, detail=f"looked for {looked}")
    output = reference(case)
    if output.status is not Status.OK:
        return Output(output.status, detail=f"the oracle failed: {output.detail}")
    return output


def difference(case: Case, expected: bytes, actual: bytes) -> Mismatch | None:
    """Where a case's output differs from the expected bytes, named in its game's places."""
    if expected == actual:
        return None
    try:
        script = case.script.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        script = ""
    return compare(expected, actual, places_of(case.game, script))


def outcome_of(actual: Output, mismatch: Mismatch | None) -> Outcome:
    """The outcome of a program's output, given where it differs from the expected bytes."""
    if actual.status is not Status.OK:
        return OUTCOME_OF_FAILURE[actual.status]
    return Outcome.FAILED if mismatch else Outcome.PASSED


def verdict_of(case: Case, expected: Output, actual: Output) -> tuple[Outcome, Mismatch | None]:
    """The outcome of a program's output, and where it differs from the expected bytes."""
    if actual.status in NOT_STARTED:
        return outcome_of(actual, None), None
    mismatch = difference(case, expected.stdout, actual.stdout)
    return outcome_of(actual, mismatch), mismatch


def check(
    case: Case,
    producer: Producer,
    reference: Producer | None = None,
    checking: Checking = Checking(),
) -> Result:
    """Run one case, keep its outputs if asked, and grade its output against the expected bytes
    (a difference only in white space passes when tolerated, its exact difference kept); a
    failing test's difference gets its cause when asked."""
    started = time.perf_counter()
    expected = expected_output(case, reference)
    if expected.status is not Status.OK:
        return Result(
            case, Outcome.NO_EXPECTED, time.perf_counter() - started, None, expected.detail
        )
    actual = producer(case)
    if checking.keep is not None:
        checking.keep(case, expected.stdout, actual.stdout)
    outcome, mismatch = verdict_of(case, expected, actual)
    if checking.tolerant and outcome is Outcome.FAILED:
        if tolerant_equal(expected.stdout, actual.stdout):
            outcome = Outcome.PASSED
    wrong = checking.causes and outcome is Outcome.FAILED and bool(actual.stdout)
    cause = cause_of(case, mismatch) if wrong and mismatch is not None else None
    seconds = time.perf_counter() - started
    return Result(case, outcome, seconds, mismatch, actual.detail, cause)


def run_suite(
    cases: Sequence[Case],
    producer: Producer,
    reference: Producer | None = None,
    jobs: int = 1,
    on_result: Callable[[Result], None] = lambda result: None,
    checking: Checking = Checking(),
) -> Summary:
    """Run cases on `jobs` threads, telling `on_result` of each as it ends; Ctrl-C stops all."""
    started = time.perf_counter()
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = [pool.submit(check, case, producer, reference, checking) for case in cases]
        for future in as_completed(futures):
            on_result(future.result())
    finally:
        pool.shutdown(cancel_futures=True)
    return Summary(tuple(future.result() for future in futures), time.perf_counter() - started)
